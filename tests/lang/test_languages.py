"""Who reads which language (issue #25): a reader's own choice, else their Discord client's, else
English; a table's language from `/game new language:`, else the server's (its admins' choice, else the
guild's preferred locale)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.languages import SETTING, chosen_or_locale, player_language, reader_language, table_language
from bot.service import GameService
from bot.service.records import GameRecord
from tests.e2e.harness import message_of, said, sqlite, start_bot
from tests.fakediscord import FakeDiscord


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
    asked: list[int] = []

    async def get_player(user_id: int) -> Any:
        asked.append(user_id)
        return SimpleNamespace(language=stored.get(user_id))

    def interaction(user_id: int, locale: str) -> Any:
        return SimpleNamespace(
            extras={},
            client=SimpleNamespace(service=SimpleNamespace(get_player=get_player)),
            user=SimpleNamespace(id=user_id),
            locale=discord.Locale(locale),
        )

    chose = interaction(7, "pl")
    assert await reader_language(chose) == "it"
    assert await reader_language(chose) == "it" and asked == [7]  # kept on the interaction
    assert await reader_language(interaction(8, "pl")) == "pl"
    assert await reader_language(interaction(9, "en-GB")) == "en"
    service = cast(GameService, SimpleNamespace(get_player=get_player))
    assert (await player_language(service, 7), await player_language(service, 8)) == ("it", "en")
    # a DM about a table: the player's own choice, else the language of the table it is about
    assert (await player_language(service, 7, "pl"), await player_language(service, 8, "pl")) == ("it", "pl")


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
