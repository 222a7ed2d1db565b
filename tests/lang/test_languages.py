"""Who reads which language (issue #25): a reader's own choice, else their Discord client's, else
English; a table's language from `/game new language:`, else the server's (its admins' choice, else the
guild's preferred locale)."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.languages import SETTING, chosen_or_locale, player_language, reader_language, table_language
from bot.service import GameService
from bot.service.records import GameRecord
from tests.e2e.harness import database, message_of, said, settle, sqlite, start_bot, stop_bot
from tests.fakediscord import FakeDiscord, Message, User


@pytest.mark.parametrize(
    ("choice", "locale", "language"),
    [
        (None, "pl", "pl"),
        (None, "it", "it"),
        (None, "en-US", "en"),
        (None, "de", "en"),
        (None, None, "en"),
        ("it", "pl", "it"),
        ("en", "pl", "en"),
        ("pl", "fr", "pl"),
        ("xx", "it", "it"),
        ("pseudo", "pl", "pseudo"),
    ],
)
def test_a_choice_wins_over_the_locale(choice: str | None, locale: str | None, language: str) -> None:
    assert chosen_or_locale(choice, locale) == language


@pytest.mark.parametrize(
    ("settings", "language"),
    [
        ({SETTING: "pl"}, "pl"),
        ({SETTING: "it"}, "it"),
        ({}, "en"),
        ({SETTING: "klingon"}, "en"),
        ({SETTING: "pseudo"}, "pseudo"),
    ],
)
def test_a_table_language(settings: dict[str, Any], language: str) -> None:
    assert table_language(cast(GameRecord, SimpleNamespace(settings=settings))) == language


async def test_reader_language_reads_the_stored_choice_once() -> None:
    stored: dict[int, str | None] = {7: "it"}
    seen: dict[int, str] = {}  # the players' rows' discord_language
    asked: list[int] = []
    written: list[tuple[int, str]] = []

    async def get_player(user_id: int) -> Any:
        asked.append(user_id)
        return SimpleNamespace(user_id=user_id, language=stored.get(user_id), discord_language=seen.get(user_id))

    async def set_discord_language(user_id: int, language: str) -> None:
        written.append((user_id, language))
        seen[user_id] = language

    service = cast(GameService, SimpleNamespace(get_player=get_player, set_discord_language=set_discord_language))

    def interaction(user_id: int, locale: str) -> Any:
        return SimpleNamespace(extras={}, client=SimpleNamespace(service=service), user=SimpleNamespace(id=user_id),
                               locale=discord.Locale(locale))

    chose = interaction(7, "pl")
    assert await reader_language(chose) == "it"
    assert await reader_language(chose) == "it" and asked == [7]  # kept on the interaction
    assert await reader_language(interaction(8, "pl")) == "pl"
    assert await reader_language(interaction(9, "en-GB")) == "en"
    assert written == [(7, "pl"), (8, "pl"), (9, "en")]  # each one's Discord language, kept once seen
    assert await reader_language(interaction(8, "pl")) == "pl" and len(written) == 3  # unchanged: no write
    assert await reader_language(interaction(9, "de")) == "en" and len(written) == 3  # another locale reads English
    # A DM: the player's own choice, else their Discord language last seen, else the table's, else English.
    assert [await player_language(service, u) for u in (7, 8, 9, 10)] == ["it", "pl", "en", "en"]
    assert [await player_language(service, u, "it") for u in (7, 8, 9, 10)] == ["it", "pl", "en", "it"]
    await reader_language(interaction(8, "it"))  # bob's app now speaks Italian
    assert written[-1] == (8, "it") and await player_language(service, 8, "pl") == "it"


async def test_a_failure_to_keep_the_locale_never_stops_the_interaction(caplog: pytest.LogCaptureFixture) -> None:
    async def get_player(user_id: int) -> Any:
        return SimpleNamespace(user_id=user_id, language=None, discord_language=None)

    async def set_discord_language(user_id: int, language: str) -> None:
        raise RuntimeError("database gone")

    service = SimpleNamespace(get_player=get_player, set_discord_language=set_discord_language)
    asked = SimpleNamespace(extras={}, client=SimpleNamespace(service=service), user=SimpleNamespace(id=5),
                            locale=discord.Locale("pl"))
    with caplog.at_level(logging.ERROR, logger="bot.languages"):
        assert await reader_language(cast(Any, asked)) == "pl"
    assert "could not keep the Discord language pl of 5" in caplog.text


async def test_game_language_sets_what_a_reader_reads(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    sim.alice.locale = "pl"
    help_pl = await sim.slash(sim.alice, sim.channel, "game help")
    embed = message_of(help_pl).embeds[0]
    assert embed["title"] == "Tabletop Resistance: gry planszowe na twoich kanałach, kilka ruchów dziennie"
    assert "`/gra nowa`: otwórz stół" in str(embed["fields"]) and "`/gra dołącz · opuść · rozpocznij`" in str(
        embed["fields"]
    )
    chose = await sim.slash(sim.alice, sim.channel, "game language", options={"language": "it"})
    assert chose.ephemeral and said(chose).startswith("Ti parlerò in Italiano.")
    assert (await bot.service.get_player(sim.alice.id)).language == "it"
    help_it = await sim.slash(sim.alice, sim.channel, "game help")
    fields = message_of(help_it).embeds[0]["fields"]
    assert fields[0]["name"] == "Comandi"
    assert "**7 giorni di Westerplatte**: `/westerplatte aiuto`" in fields[-1]["value"]
    follow = await sim.slash(sim.alice, sim.channel, "game language", options={"language": "discord"})
    assert said(follow).startswith("Będę mówić do ciebie w języku twojej aplikacji Discord (Polski).")
    assert (await bot.service.get_player(sim.alice.id)).language is None
    english = await sim.slash(sim.bob, sim.channel, "game help")  # bob's client is in English
    assert message_of(english).embeds[0]["fields"][0]["name"] == "Commands"


async def test_a_table_speaks_the_server_language_unless_opened_with_another(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    assert sim.guild is not None
    sim.guild.preferred_locale = "it"  # the guild's preferred locale: the default
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2})
    table = message_of(opened)
    assert "ha aperto un tavolo per **Mali Powstańcy. Warszawa 1944**" in table.text
    assert table.embeds[0]["title"].endswith("tavolo n. 1")
    assert [c.label for c in table.buttons] == ["Unisciti", "Lascia", "Inizia"]
    menu = table.selects[0]
    assert menu.placeholder == "Giocatori computer (il creatore)…"
    assert menu.options[0]["label"] == "Aggiungi un giocatore computer (facile)"
    gid = int(re.findall(r"\d+", table.embeds[0]["title"])[-1])
    assert table_language(await bot.service.get(gid)) == "it"
    await sim.click(sim.bob, table, label="Unisciti")  # the buttons work in any language
    assert len((await bot.service.get(gid)).seats) == 2

    refused = await sim.slash(sim.alice, sim.channel, "game server-language", options={"language": "pl"})
    assert refused.ephemeral and "Manage Server" in said(refused)
    assert await bot.service.server_language(sim.guild.id) is None
    admin = sim.add_user("ewa")
    sim.add_member(sim.guild, admin, permissions=discord.Permissions(manage_guild=True))
    done = await sim.slash(admin, sim.channel, "game server-language", options={"language": "pl"})
    assert "New tables in this server will play in Polski" in said(done)
    assert await bot.service.server_language(sim.guild.id) == "pl"
    polish = message_of(await sim.slash(sim.carol, sim.channel, "game new", options={"game": "maquis"}))
    assert polish.embeds[0]["title"].startswith("Maquis · stół nr") and "otwiera stół" in polish.text
    english = message_of(
        await sim.slash(sim.carol, sim.channel, "game new", options={"game": "maquis", "language": "en"})
    )
    assert "opened a table for **Maquis**" in english.text
    await sim.slash(admin, sim.channel, "game server-language", options={"language": "discord"})
    assert await bot.service.server_language(sim.guild.id) is None


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async for url in database(request.param, tmp_path):
        yield url


def table_number(table: Message) -> int:
    return int(re.findall(r"\d+", table.embeds[0]["title"])[-1])


def seat_of(record: GameRecord, user: User) -> str:
    seat = record.seat_of(str(user.id))
    assert seat is not None
    return seat


def last_dm(sim: FakeDiscord, user: User) -> str:
    return sim.dm_messages(user)[-1].text


async def test_a_dm_reads_the_discord_language_last_seen(fake_discord: FakeDiscord, db_url: str) -> None:
    """At an English table, Bob (a Polish Discord app, no `/game language`) gets his DMs in Polish
    once he has clicked anything; Carol (a Polish app, `/game language` Italian) in Italian; both
    still after the bot restarts, with no interaction of theirs since."""
    sim = fake_discord
    bot = await start_bot(sim, db_url, seed=1)
    sim.bob.locale = sim.carol.locale = "pl"
    await sim.slash(sim.carol, sim.channel, "game language", options={"language": "it"})
    table = message_of(await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 3}))
    gid = table_number(table)
    await sim.click(sim.bob, table, label="Join")  # bob's first interaction ever
    await sim.click(sim.carol, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    assert f"· gra nr {gid} się zaczęła." in last_dm(sim, sim.bob)
    assert f"· la partita n. {gid} è cominciata." in last_dm(sim, sim.carol)
    assert f"· game #{gid} has started." in last_dm(sim, sim.alice)
    kept = {u.name: await bot.service.get_player(u.id) for u in (sim.alice, sim.bob, sim.carol)}
    assert {n: (p.language, p.discord_language) for n, p in kept.items()} == {
        "alice": (None, "en"), "bob": (None, "pl"), "carol": ("it", "pl")}
    for user in (sim.bob, sim.carol):
        await sim.slash(user, sim.channel, "game notify", options={"mode": "dm"})

    await stop_bot(sim, bot)
    bot = await start_bot(sim, db_url, seed=1)
    record = await bot.service.get(gid)
    for user in (sim.bob, sim.carol):
        await bot.presenter.remind(record, seat_of(record, user))
    assert last_dm(sim, sim.bob).startswith(f"⏰ <@{sim.bob.id}>, gra nr {gid} (")
    assert last_dm(sim, sim.carol).startswith(f"⏰ <@{sim.carol.id}>, la partita n. {gid} (")


async def test_a_player_never_seen_reads_the_table_and_other_locales_english(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """At a Polish table: Bob's German Discord app reads English in his DMs, as in his private
    replies; Ewa, handed a seat before she ever used the bot, gets that DM in the table's Polish,
    then, once seen, in her app's Italian, and in English when her app turns French."""
    sim = fake_discord
    assert sim.guild is not None
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    sim.bob.locale = "de"
    table = message_of(await sim.slash(sim.alice, sim.channel, "game new",
                                       options={"game": "mali", "players": 2, "language": "pl"}))
    gid = table_number(table)
    await sim.click(sim.bob, table, label="Dołącz")
    await sim.click(sim.alice, table, label="Rozpocznij")
    await settle()
    assert f"· game #{gid} has started." in last_dm(sim, sim.bob)
    assert (await bot.service.get_player(sim.bob.id)).discord_language == "en"

    ewa = sim.add_user("ewa", locale="it")
    sim.add_member(sim.guild, ewa)
    await sim.slash(sim.alice, sim.channel, "game replace", options={"player": sim.bob, "new_player": ewa})
    await settle()
    assert f"· gra nr {gid} jest teraz twoja" in last_dm(sim, ewa)  # never seen: the table's language
    record = await bot.service.get(gid)
    seat = seat_of(record, ewa)
    await sim.slash(ewa, sim.channel, "game help")
    await bot.presenter.send_private(record, seat, "🙂", told="x-it")
    assert last_dm(sim, ewa).startswith(f"**Mali Powstańcy. Warszawa 1944** · partita n. {gid}\n")
    ewa.locale = "fr"
    await sim.slash(ewa, sim.channel, "game help")
    await bot.presenter.send_private(record, seat, "🙂", told="x-de")
    assert last_dm(sim, ewa).startswith(f"**Mali Powstańcy. Warszawa 1944** · game #{gid}\n")
