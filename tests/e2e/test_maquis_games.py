"""Whole games of Maquis through the Discord simulator: a solo game won, a solo game lost, and a
3-player team game played to its end with the Day's leader rotating.

Images are attached, nothing private reaches a channel, refusals say why, the waiting line says whose
Day it is, and every request the bot sends is checked against Discord's OpenAPI spec (the simulator
fixture fails the test on a violation).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import gate
from cogs.maquis.ui import MaquisUI
from games.base import canonical
from tests.e2e.harness import message_of, settle, sqlite, start_bot, turn_messages, view_of
from tests.e2e.maquis_driver import MaquisPlayers
from tests.fakediscord import FakeDiscord, Message

# (players, options, seed, how `python -m games.simulate` ends that seed)
INFILTRATION = "missions=chosen mission_left=infiltration mission_right=officers_mansion"
CASES = [(1, "difficulty=normal", 4, "victory"), (1, "difficulty=normal", 6, "no_partisans"),
         (3, "difficulty=normal", 4, "victory"),
         (2, INFILTRATION, 32, "draw")]  # the mole peeks from Day 5: the team sees the card in private


def public_messages(sim: FakeDiscord) -> list[Message]:
    return [m for ch in sim.channels.values() if ch.guild_id for m in sim.channel_messages(ch)]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options", "seed", "reason"), CASES,
                         ids=[f"{p}p-{r}" for p, _, _, r in CASES])
async def test_a_whole_game(fake_discord: FakeDiscord, tmp_path: Path, players: int, options: str,
                            seed: int, reason: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=seed)
    users = [sim.alice, sim.bob, sim.carol, sim.dave][:players]
    opened = await sim.slash(users[0], sim.channel, "game new",
                             options={"game": "maquis", "players": players,
                                      "options": options})
    found = re.search(r"table #(\d+)", message_of(opened).text)
    assert found is not None
    gid = int(found[1])
    for user in users[1:]:
        await sim.click(user, message_of(opened), label="Join")
    await sim.click(users[0], message_of(opened), label="Start")
    await settle()
    record = await bot.service.get(gid)
    assert record.status == "running"
    first = turn_messages(sim, sim.channel, gid)[0]
    assert "/maquis help" in first.content and "Missions:" in first.content
    assert any(a.filename.endswith("-board.png") for a in first.attachments)
    leader = record.to_act[0]
    assert leader == record.seats[0]
    if players > 1:
        assert f"It is <@{users[0].id}>'s Day" in first.content and "The others watch" in first.content
        # Out of turn (another member, not today's leader) and another seat's button: refused, privately.
        early = await sim.slash(users[1], sim.channel, "maquis end", options={})
        await settle()
        assert early.ephemeral and "not your Day" in message_of(early).content
        assert f"<@{users[0].id}>" in message_of(early).content
        other = await sim.click(users[1], first, custom_id=f"tr:p:{gid}")
        assert other.ephemeral and "Nothing to do for you right now" in message_of(other).content
    else:
        stranger = await sim.click(sim.dave, first, custom_id=f"tr:p:{gid}")
        assert stranger.ephemeral and "not playing" in message_of(stranger).content
        watcher = await sim.slash(sim.dave, sim.channel, "maquis place", options={"location": "grocer"})
        await settle()
        assert watcher.ephemeral and "not playing" in message_of(watcher).content
    assert (await bot.service.get(gid)).version == record.version

    driver = MaquisPlayers(sim, bot, gid, seed)
    record = await driver.play()

    assert record.status == "finished"
    outcome = gate.outcome(record)
    assert outcome is not None and outcome["reason"] == reason
    posts = sim.channel_messages(sim.channel)
    last = posts[-1].content
    ending = MaquisUI().outcome_text(view_of(record), record.mention)
    assert ending in last and len(last) <= 2000
    assert "Score:" in ending and f"<@{users[-1].id}>" in ending
    if reason == "victory":
        assert set(outcome["winners"]) == set(record.seats) and "Victory" in last
    elif reason == "draw":
        assert outcome["winners"] == [] and "Draw" in last
    else:
        assert outcome["winners"] == [] and "Defeat" in last
    boards = [m for m in posts if any(a.filename.endswith("-board.png") for a in m.attachments)]
    assert len(boards) >= 3
    assert any(a.filename.endswith("-summary.png") for a in posts[-1].attachments)
    # Both ways of playing were used: slash commands and the panel's components.
    assert driver.used["/maquis place"] and driver.used["/maquis activate"]
    assert sum(n for k, n in driver.used.items() if k.startswith("panel")) > 0
    assert driver.used["panel group menu"] > 0  # a partisan picked first, then its action
    if players > 1:
        # The Day's leader rotated in seat order, and each Day's post said whose Day it was.
        seats = record.seats
        for k, (_day, seat) in enumerate(driver.leaders):
            assert seat == seats[k % len(seats)], driver.leaders
        assert len({s for _, s in driver.leaders}) == players
        for seat in {s for _, s in driver.leaders}:
            assert any(f"It is {record.mention(seat)}'s Day" in m.content for m in posts)
    # Mentions notify only the Day's leader, when their Day begins (solo: only the opening post).
    pinged = [m for m in posts if m.pinged]
    if players > 1:
        for m in pinged:
            assert len(m.pinged) == 1 and (f"It is <@{m.pinged[0]}>'s Day" in m.content
                                           or f"<@{m.pinged[0]}> leads the rest of Day" in m.content), m.content
        assert {u for m in pinged for u in m.pinged} == {u.id for u in users}
        assert len(pinged) >= len(driver.leaders) - 1
    else:
        assert [m.pinged for m in pinged] == [[users[0].id]]
    # Nothing private reaches a channel: the mole's report and the panels stay in DMs/ephemerals.
    for message in public_messages(sim):
        assert "reports the next patrol card" not in message.text and "🔒" not in message.text
    if "infiltration" in options:
        assert "The mole looks at the top patrol card" in "\n".join(m.text for m in posts)
        for user in users:  # every member is told the card privately, by DM
            dm = "\n".join(m.text for m in sim.dm_messages(user))
            assert "The mole reports the next patrol card:" in dm, dm[-500:]
    # The log rebuilds the final state exactly.
    assert canonical(record.game.dump(await bot.service.rebuild(gid))) == canonical(record.snapshot)
