"""Notifications that respect people: a ping only when a turn newly begins, never for one's own
move, one DM per turn for those who asked (saying what is asked), none in quiet hours, none at all
for those who turned them off; turn posts say since when the game waits and until when."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import gate
from tests.e2e.harness import Clock, settle, sqlite, start_bot, turn_messages, two_player_game
from tests.fakediscord import FakeDiscord, User

SEED = 1  # two players, basic: alice (Red) starts


async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> Any:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


async def test_pings_only_when_a_turn_begins(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    start = turn_messages(sim, sim.channel, gid)[-1]
    assert sorted(start.pinged) == sorted([sim.alice.id, sim.bob.id])  # both must choose a card
    posts = len(sim.channel_messages(sim.channel))
    await slash(sim, sim.alice, "mali card", value=4)
    chose = sim.channel_messages(sim.channel)[posts:]
    assert all(m.pinged == [] for m in chose)  # Bob was already waiting; Alice just acted
    await slash(sim, sim.bob, "mali card", value=2)  # the reveal: Bob (card 2) moves first
    reveal = turn_messages(sim, sim.channel, gid)[-1]
    assert "Movement cards" in reveal.text and reveal.pinged == []  # Bob acted: no ping for him
    await slash(sim, sim.bob, "mali end")
    alice_turn = turn_messages(sim, sim.channel, gid)[-1]
    assert alice_turn.pinged == [sim.alice.id]
    assert "waiting since" in alice_turn.text and "no deadline" in alice_turn.text


async def test_modes_and_quiet_hours(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    clock = Clock()
    bot = await start_bot(sim, sqlite(tmp_path), clock, seed=SEED)
    off = await slash(sim, sim.alice, "game notify", mode="off")
    assert off.ephemeral and "won't be mentioned" in off.message.content
    hour = clock.now.hour
    quiet = await slash(sim, sim.bob, "game notify", mode="dm", quiet_from=hour, quiet_to=(hour + 2) % 24)
    assert "No DMs between" in quiet.message.content
    gid = await two_player_game(sim, bot)
    start = turn_messages(sim, sim.channel, gid)[-1]
    assert start.pinged == [sim.bob.id]  # alice turned pings off
    dms = len(sim.dm_messages(sim.bob))
    await slash(sim, sim.bob, "mali card", value=5)
    await slash(sim, sim.alice, "mali card", value=2)  # alice moves first, then bob's turn begins
    await slash(sim, sim.alice, "mali end")
    assert turn_messages(sim, sim.channel, gid)[-1].pinged == [sim.bob.id]
    assert len(sim.dm_messages(sim.bob)) == dms  # his quiet hours: no DM
    awake = await slash(sim, sim.bob, "game notify", mode="dm", quiet_from=0, quiet_to=0)
    assert "No DMs" not in awake.message.content
    await slash(sim, sim.bob, "mali end")
    for _ in range(12):  # to the next round's card choice, which Bob's own decision begins
        record = await bot.service.get(gid)
        if str(sim.bob.id) in record.waiting_users and (gate.public(record) or {}).get("phase") == "cards":
            break
        seat = record.to_act[0]
        await bot.service.act(gid, record.user_of(seat), record.game.default_action(record.state, seat))
        await bot.presenter.deliver(gid)
    assert len(sim.dm_messages(sim.bob)) == dms  # his own action began the round: no DM
    await slash(sim, sim.bob, "mali card", value=1)
    await slash(sim, sim.alice, "mali card", value=3)  # the reveal after Alice's choice: Bob moves
    new = sim.dm_messages(sim.bob)[dms:]
    assert len(new) == 1 and "Your turn with card 1" in new[0].content, [m.content for m in new]
    assert f"/{turn_messages(sim, sim.channel, gid)[-1].id}" in new[0].content


async def test_opening_and_starting_a_table_pings_nobody_twice(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    messages = sim.channel_messages(sim.channel)
    pings = [u for m in messages for u in m.pinged]
    assert sorted(pings) == sorted([sim.alice.id, sim.bob.id])  # once each: on the first board
    assert turn_messages(sim, sim.channel, gid)[-1].pinged
