"""The lobby and the /game commands as players meet them: the table's buttons, the options of
`/game new` as they are typed, `/game help` within Discord's limits, confirmations before the
irreversible, players named, and co-operative draws counted as draws."""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import gate
from tests.e2e.harness import database, message_of, said, settle, sqlite, start_bot, two_player_game
from tests.e2e.maquis_driver import MaquisPlayers
from tests.fakediscord import FakeDiscord, Message


def table_number(message: Message) -> int:
    found = re.search(r"table #(\d+)", message.text)
    assert found is not None, message.text
    return int(found[1])


def button(message: Message, label: str) -> Any:
    return next(b for b in message.buttons if b.label == label)


async def test_the_table_disables_join_when_full_and_greys_out_once_started(fake_discord: FakeDiscord,
                                                                             tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2})
    table = message_of(opened)
    gid = table_number(table)
    assert not button(table, "Join").disabled
    await sim.click(sim.bob, table, label="Join")
    await settle()
    table = sim.messages[table.id]
    assert button(table, "Join").disabled and not button(table, "Leave").disabled  # 2 of 2 seated
    assert not button(table, "Start").disabled
    await sim.click(sim.bob, table, label="Leave")
    await settle()
    assert not button(sim.messages[table.id], "Join").disabled  # a seat is free again
    await sim.click(sim.bob, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    assert (await bot.service.get(gid)).status == "running"
    table = sim.messages[table.id]
    assert all(b.disabled and b.raw.get("style") == 2 for b in table.buttons), table.buttons


async def test_the_table_lists_only_the_options_the_game_uses(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "maquis"})
    options = message_of(opened).embeds[0]["fields"][0]["value"]
    assert "missions" in options and "mission left" not in options and "None" not in options
    chosen = await sim.slash(sim.alice, sim.channel, "game new", options={
        "game": "maquis", "options": "missions=chosen mission_left=sabotage mission_right=officers_mansion"})
    options = message_of(chosen).embeds[0]["fields"][0]["value"]
    assert "**mission left**: Sabotage" in options and "**mission right**: Officer's Mansion" in options
    extended = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "variant": "extended"})
    options = message_of(extended).embeds[0]["fields"][0]["value"]
    assert "Extended" in options and "jump" not in options
    # An option where it means nothing is refused, and says why.
    refused = await sim.slash(sim.alice, sim.channel, "game new", options={
        "game": "mali", "variant": "extended", "options": "jump_costs_one_point=true"})
    assert refused.ephemeral and "jump_costs_one_point applies only with variant=basic" in refused.content
    # The variant option sets a game's difficulty when it has no variant.
    hard = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "westerplatte", "variant": "hard"})
    assert "**difficulty**: Hard" in message_of(hard).embeds[0]["fields"][0]["value"]


async def options(sim: FakeDiscord, game: str, typed: str, variant: str | None = None) -> list[dict[str, Any]]:
    given = {"game": game, "options": typed} | ({"variant": variant} if variant else {})
    return await sim.autocomplete(sim.alice, sim.channel, "game new", given, focused="options")


async def test_the_options_autocomplete_says_what_each_value_does(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    offered = await options(sim, "africa", "")
    names = {c["value"]: c["name"] for c in offered}
    assert names["sealed_auction=false"] == "sealed_auction=false — Open auction"
    assert names["sealed_auction=true"] == "sealed_auction=true — Sealed auction"
    assert names["target_vp=60"] == "target_vp=60 — 60 VP"
    assert [c["value"] for c in await options(sim, "africa", "seal")] == ["sealed_auction=false",
                                                                         "sealed_auction=true"]
    # After the first option, the rest of the list: what is typed stays, the typed option is not offered again.
    after = await options(sim, "africa", "sealed_auction=true, ")
    assert [c["value"] for c in after] == ["sealed_auction=true, target_vp=42", "sealed_auction=true, target_vp=60",
                                           "sealed_auction=true, target_vp=80"]
    assert after[0]["name"] == "sealed_auction=true, target_vp=42 — 42 VP"
    assert [c["value"] for c in await options(sim, "africa", "sealed_auction=true target_vp=8")] == [
        "sealed_auction=true, target_vp=80"]
    # Only options that apply: the jump rule is the basic variant's; chosen missions' cards need missions=chosen.
    assert any("jump_costs_one_point" in c["value"] for c in await options(sim, "mali", ""))
    assert not any("jump_costs_one_point" in c["value"] for c in await options(sim, "mali", "", variant="extended"))
    maquis = await options(sim, "maquis", "")
    assert maquis and not any("mission_left" in c["value"] for c in maquis)
    assert not any(c["value"].startswith("difficulty") for c in maquis)  # the variant option sets it
    cards = await options(sim, "maquis", "missions=chosen, mission_left=")
    assert cards and all(c["value"].startswith("missions=chosen, mission_left=") for c in cards)
    assert "missions=chosen, mission_left=sabotage" in {c["value"] for c in cards}
    # Never cut mid-word: every name is whole or ends in "…" after a whole word.
    for game in ("mali", "africa", "westerplatte", "maquis"):
        for typed in ("", "missions=chosen, mission_left=sabotage, "):
            for c in await options(sim, game, typed):
                assert len(c["name"]) <= 100 and len(c["value"]) <= 100
                if c["name"].endswith("…"):
                    assert c["name"][-2] != " "
    variants = await sim.autocomplete(sim.alice, sim.channel, "game new", {"game": "maquis", "variant": ""},
                                      focused="variant")
    assert variants and all(" — " in c["name"] for c in variants)


async def test_game_help_lists_every_command_whole(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    from bot.translator import slash
    from cogs.lobby import HELP_COMMANDS

    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    result = await sim.slash(sim.carol, sim.channel, "game help")
    fields = message_of(result).embeds[0]["fields"]
    commands = "\n".join(f["value"] for f in fields if "ommands" in f["name"])
    for paths, what in HELP_COMMANDS:
        assert f"`{slash('en', *paths)}`: {what}" in commands, paths
    assert "`/game join · leave · start`: the table's buttons, as commands" in commands
    assert all(len(f["value"]) <= 1024 for f in fields)


async def test_resign_asks_first_and_says_what_follows(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    asked = await sim.slash(sim.bob, sim.channel, "game resign")
    await settle()
    question = message_of(asked)
    assert asked.ephemeral and f"Resign from game #{gid}" in question.content
    assert "counts as lost for you" in question.content and "can't be undone" in question.content
    assert [b.label for b in question.buttons] == ["Yes, resign", "Cancel"]
    assert (await bot.service.get(gid)).status == "running"  # nothing happened yet
    await sim.click(sim.bob, question, label="Cancel")
    await settle()
    assert "Cancelled: nothing was changed" in sim.messages[question.id].content
    assert sim.messages[question.id].buttons == [] and (await bot.service.get(gid)).status == "running"
    # Someone else's confirmation (a forged button): refused, nothing changes.
    forged = sim.create_bot_message(sim.channel, "forged", components=[{"type": 1, "components": [
        {"type": 2, "style": 4, "label": "Yes", "custom_id": f"tr:c:resign:{gid}:{sim.bob.id}"}]}])
    other = await sim.click(sim.alice, forged, label="Yes")
    await settle()
    assert other.ephemeral and "someone else's" in said(other) and (await bot.service.get(gid)).status == "running"
    again = message_of(await sim.slash(sim.bob, sim.channel, "game resign"))
    stale = message_of(await sim.slash(sim.bob, sim.channel, "game resign"))
    await sim.click(sim.bob, again, label="Yes, resign")
    await settle()
    assert "You left game" in sim.messages[again.id].content
    assert (await bot.service.get(gid)).status == "finished"  # two players: the game ends
    await sim.click(sim.bob, stale, label="Yes, resign")
    await settle()
    assert "nothing to resign" in sim.messages[stale.id].content


async def test_a_solo_resign_says_it_loses_the_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=4)
    table = message_of(await sim.slash(sim.alice, sim.channel, "game new", options={"game": "maquis", "players": 1}))
    gid = table_number(table)
    await sim.click(sim.alice, table, label="Start")
    await settle()
    question = message_of(await sim.slash(sim.alice, sim.channel, "game resign"))
    assert "only player: the game ends now, and it counts as lost" in question.content
    await sim.click(sim.alice, question, label="Yes, resign")
    await settle()
    record = await bot.service.get(gid)
    assert record.status == "finished"
    history = await sim.slash(sim.carol, sim.channel, "game history")
    assert f"<@{sim.alice.id}>" in said(history) and "Member" not in said(history)


async def test_abandon_asks_first_and_names_without_pinging(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    question = message_of(await sim.slash(sim.alice, sim.channel, "game abandon"))
    assert question.ephemeral and "ends now for all 2 players, without a result" in question.content
    stale = message_of(await sim.slash(sim.alice, sim.channel, "game abandon"))
    await sim.click(sim.alice, question, label="Yes, abandon it")
    await settle()
    assert (await bot.service.get(gid)).status == "abandoned"
    post = sim.channel_messages(sim.channel)[-1]
    assert f"abandoned by <@{sim.alice.id}>" in post.content and post.pinged == []
    await sim.click(sim.alice, stale, label="Yes, abandon it")
    await settle()
    assert "ended already" in sim.messages[stale.id].content


async def test_replace_pings_the_new_seat_holder_and_lists_name_players(fake_discord: FakeDiscord,
                                                                         tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    replaced = await sim.slash(sim.alice, sim.channel, "game replace",
                               options={"player": sim.bob, "new_player": sim.carol})
    await settle()
    assert replaced.ephemeral and f"<@{sim.carol.id}> now plays <@{sim.bob.id}>'s seat" in said(replaced)
    post = next(m for m in reversed(sim.channel_messages(sim.channel)) if "takes over" in m.content)
    assert f"<@{sim.carol.id}> takes over <@{sim.bob.id}>'s seat" in post.content
    assert sim.carol.id in post.pinged and sim.bob.id not in post.pinged
    record = await bot.service.get(gid)
    assert record.seat_of(sim.carol.id) is not None
    for command in ("game status", "game list"):
        text = said(await sim.slash(sim.dave, sim.channel, command))
        await settle()
        waiting = {f"<@{record.user_of(s)}>" for s in record.to_act}
        assert waiting and all(w in text for w in waiting), text
        assert not re.search(r"\bMember \d|\bseat \d|\bs\d\b", text), text


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async for url in database(request.param, tmp_path):
        yield url


@pytest.mark.slow
async def test_a_cooperative_draw_is_a_draw(fake_discord: FakeDiscord, db_url: str) -> None:
    """Maquis, two players, seed 32 with these missions: the Days end with one mission done, a Draw
    (tests/e2e/test_maquis_games.py plays the same game)."""
    sim = fake_discord
    bot = await start_bot(sim, db_url, seed=32)
    table = message_of(await sim.slash(sim.alice, sim.channel, "game new", options={
        "game": "maquis", "players": 2,
        "options": "missions=chosen mission_left=infiltration mission_right=officers_mansion"}))
    gid = table_number(table)
    await sim.click(sim.bob, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    record = await MaquisPlayers(sim, bot, gid, 32).play()
    outcome = gate.outcome(record)
    assert record.status == "finished" and outcome is not None and outcome["reason"] == "draw"
    status = said(await sim.slash(sim.carol, sim.channel, "game status"))
    listing = said(await sim.slash(sim.carol, sim.channel, "game list"))
    history = said(await sim.slash(sim.carol, sim.channel, "game history"))
    for text in (status, listing, history):
        assert "a draw" in text and "the team lost" not in text, text
    assert f"<@{sim.alice.id}>, <@{sim.bob.id}> · a draw" in history
    stats = said(await sim.slash(sim.carol, sim.channel, "game stats", options={"player": sim.bob}))
    assert "Maquis: 1 played · 0 won · 1 drawn" in stats and "rating" not in stats
    board = said(await sim.slash(sim.carol, sim.channel, "game leaderboard", options={"game": "maquis"}))
    assert "no rating" in board and f"<@{sim.alice.id}> · 0 won, 1 drawn of 1" in board
