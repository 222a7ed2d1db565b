"""Whole games of 7 Days of Westerplatte through the Discord simulator: a solo game (one player, two
officers) that the team wins and a 4-player game that it loses.

Images are attached, nothing private reaches a channel, refusals say why, and every request the bot
sends is checked against Discord's OpenAPI spec (the simulator fixture fails the test on a violation).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot import gate
from cogs.westerplatte.ui import WesterplatteUI
from games.base import canonical
from games.westerplatte.board import EVENTS
from tests.e2e.harness import message_of, settle, sqlite, start_bot, turn_messages, view_of
from tests.e2e.westerplatte_driver import WesterplattePlayers
from tests.fakediscord import FakeDiscord, Message

# (players, difficulty, seed, how `python -m games.simulate` ends that seed, on which day)
CASES = [(1, "medium", 7, "survived", 7), (4, "medium", 7, "walls_destroyed", 5)]


def public_messages(sim: FakeDiscord) -> list[Message]:
    return [m for ch in sim.channels.values() if ch.guild_id for m in sim.channel_messages(ch)]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "difficulty", "seed", "reason", "day"), CASES,
                         ids=[f"{p}p-{d}-{r}" for p, d, _, r, _ in CASES])
async def test_a_whole_game(fake_discord: FakeDiscord, tmp_path: Path, players: int, difficulty: str,
                            seed: int, reason: str, day: int) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=seed)
    users = [sim.alice, sim.bob, sim.carol, sim.dave][:players]
    opened = await sim.slash(users[0], sim.channel, "game new",
                             options={"game": "westerplatte", "players": players,
                                      "options": f"difficulty={difficulty}"})
    found = re.search(r"table #(\d+)", message_of(opened).text)
    assert found is not None
    gid = int(found[1])
    for user in users[1:]:
        await sim.click(user, message_of(opened), label="Join")
    await sim.click(users[0], message_of(opened), label="Start")
    await settle()
    record = await bot.service.get(gid)
    assert record.status == "running" and record.options["difficulty"] == difficulty
    first = turn_messages(sim, sim.channel, gid)[0]
    assert "Hold the wall until the end of day 7" in first.content and "/westerplatte help" in first.content
    assert f"<@{users[0].id}>" in first.content and "Red officer" in first.content

    # Out of turn and another player's button: refused, privately, saying why.
    if players > 1:
        early = await sim.slash(users[1], sim.channel, "westerplatte end", options={})
        await settle()
        assert early.ephemeral and "not your turn" in message_of(early).content.lower()
        assert f"<@{users[0].id}>" in message_of(early).content
        other = await sim.click(users[1], first, custom_id=f"tr:p:{gid}")
        assert other.ephemeral and "Nothing to do for you right now" in message_of(other).content
    else:
        stranger = await sim.click(sim.dave, first, custom_id=f"tr:p:{gid}")
        assert stranger.ephemeral and "not playing" in message_of(stranger).content
    assert (await bot.service.get(gid)).version == record.version

    driver = WesterplattePlayers(sim, bot, gid, seed)
    record = await driver.play()

    assert record.status == "finished"
    outcome: dict[str, Any] = dict(gate.outcome(record) or {})
    assert outcome.get("reason") == reason and outcome.get("day") == day
    posts = sim.channel_messages(sim.channel)
    last = posts[-1].content
    ending = WesterplatteUI().outcome_text(view_of(record), record.mention)
    assert ending in last and len(last) <= 2000  # whole, even after a long day's lines
    assert "Walls: outposts A" in ending and f"<@{users[-1].id}>" in ending
    if reason == "survived":
        assert set(outcome["winners"]) == set(record.seats)
        assert "the team won!" in last and "Score: 7 days held" in ending
    else:
        assert outcome["winners"] == []
        assert f"the team lost on day {day}." in last and "Two guardhouses are empty" in last
    boards = [m for m in posts if any(a.filename.endswith("-board.png") for a in m.attachments)]
    assert len(boards) >= 3
    assert all(a.image().size[0] == 1600 for m in boards[-2:] for a in m.attachments
               if a.filename.endswith("-board.png"))
    assert any(a.filename.endswith("-summary.png") for a in posts[-1].attachments)
    if players == 1:  # the solo player's turn passes to their other officer: the board comes with the reply
        assert any(a.filename.endswith("-board.png") for m in driver.replies for a in m.attachments)
    # Both ways of playing were used: slash commands and the panel's components.
    assert driver.used["/westerplatte move"] and driver.used["/westerplatte end"]
    assert {"move", "end_turn", "attack", "supply"} <= driver.commanded  # each kind once by command, at least
    assert sum(n for k, n in driver.used.items() if k.startswith("panel")) > 0

    # Nothing hidden leaks: the events still in the deck or boxed never show, in public or privately.
    seen = {e["name"] for e in view_of(record)["events"]["seen"]}
    hidden = {EVENTS[e]["name"] for e in record.state["event_deck"]} - seen
    everything = [*public_messages(sim)] + [m for u in users for m in sim.dm_messages(u) + sim.ephemeral_messages(u)]
    for message in everything:
        assert not any(name in message.text for name in hidden), message.text
    # Each player's private package names their own officers.
    for user in users:
        seat = record.seat_of(user.id)
        mine = [o["name"] for o in view_of(record)["officers"] if o["seat"] == seat]
        dm = "\n".join(m.text for m in sim.dm_messages(user))
        assert all(f"the **{name}**" in dm for name in mine)
    # The log rebuilds the final state exactly.
    assert canonical(record.game.dump(await bot.service.rebuild(gid))) == canonical(record.snapshot)
