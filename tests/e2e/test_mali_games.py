"""Whole games of Mali Powstańcy through the Discord simulator: 2 and 4 players, basic and extended.

One whole game through Discord per variant and ending: the basic game lost to the fourth German
unit (two players) and won (four players), the extended game won (two players, in a thread). The
engine's tests play every player count in both variants to the end (tests/conformance/,
tests/games/mali/test_service.py::test_random_play_finishes), and a three-player game with a
computer seat goes through Discord in tests/e2e/test_computer_seats.py.

Images are attached, secrets reach only their owners, and every request the bot sends is checked
against Discord's OpenAPI spec (the simulator fixture fails the test on a violation).
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import renderers.mali as mali
from bot import gate
from bot.service.records import GameRecord
from games.base import canonical
from tests.e2e.harness import settle, sqlite, start_bot
from tests.e2e.mali_driver import MaliPlayers
from tests.fakediscord import FakeDiscord, Message

# (players, variant, in a thread, seed, how `python -m games.simulate` ends that seed)
CASES = [(2, "basic", False, 2, "fourth_token"), (4, "basic", False, 1611, "victory"),
         (2, "extended", True, 6, "victory")]
OBJECTIVE_ID = re.compile(r"\bS\d\d\b")


def posts_text(sim: FakeDiscord, record: GameRecord) -> str:
    return sim.channel_messages(sim.channels[record.where])[-1].content


def public_messages(sim: FakeDiscord) -> list[Message]:
    return [m for ch in sim.channels.values() if ch.guild_id for m in sim.channel_messages(ch)]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant", "thread", "seed", "reason"), CASES,
                         ids=[f"{p}p-{v}{'-thread' if t else ''}" for p, v, t, _, _ in CASES])
async def test_a_whole_game(fake_discord: FakeDiscord, tmp_path: Path, players: int, variant: str,
                            thread: bool, seed: int, reason: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=seed)
    users = [sim.alice, sim.bob, sim.carol, sim.dave][:players]
    for user in users:  # everyone asks for turn DMs: each must come at most once a turn
        await sim.slash(user, sim.channel, "game notify", options={"mode": "dm"})
    opened = await sim.slash(users[0], sim.channel, "game new",
                             options={"game": "mali", "players": players, "variant": variant, "thread": thread})
    assert opened.message is not None
    found = re.search(r"table #(\d+)", opened.message.text)
    assert found is not None
    gid = int(found[1])
    for user in users[1:]:
        await sim.click(user, opened.message, label="Join")
    await sim.click(users[0], opened.message, label="Start")
    await settle()

    driver = MaliPlayers(sim, bot, gid, seed)
    record = await driver.play()

    assert record.status == "finished"
    outcome = gate.outcome(record)
    assert outcome is not None and outcome["reason"] == reason
    if reason == "victory":
        assert outcome["winners"] and max(outcome["scores"].values()) > 0
        assert "wins" in posts_text(sim, record) and "scouts home" in posts_text(sim, record)
    else:  # nothing is counted after a loss: no scores in the post
        assert outcome["winners"] == [] and "everybody loses" in posts_text(sim, record)
        assert "scouts home" not in posts_text(sim, record) and "**" not in posts_text(sim, record).split(
            "**Game over.**")[-1]
    assert "start marker" not in posts_text(sim, record)  # the game is over: no start marker passes
    if thread:
        assert record.thread_id and record.where == record.thread_id
    where = sim.channels[record.where]
    posts = sim.channel_messages(where)
    boards = [m for m in posts if any(a.filename.endswith("-board.png") for a in m.attachments)]
    assert len(boards) >= 3 and all(a.image().size == mali.SIZE for m in boards[-2:] for a in m.attachments
                                    if a.filename.endswith("-board.png"))
    assert any(a.filename.endswith("-summary.png") for a in posts[-1].attachments)
    assert "Game over" in posts[-1].content
    # Each block-path choice was labelled as its announcement names the path, ends in the same order.
    public = "\n".join(m.content for m in posts)
    for label in driver.block_labels:
        assert label.startswith("Block the path ") and f"The path {label.removeprefix('Block the path ')} is blocked" \
            in public, label
    if reason == "fourth_token":
        assert driver.block_labels  # this game had block choices to check
    # Both ways of playing were used: slash commands and the panel's components.
    assert driver.used["/mali move"] and driver.used["/mali card"] and driver.used["/mali end"]
    assert driver.used["panel button"] + driver.used["panel select"] > 0

    # Secrets: no objective ever shows in public; each player's DMs and private replies carry only their own.
    game, state = record.game, record.state
    kept = {seat: {o["id"] for o in game.view(state, seat)["me"]["objectives"]} for seat in record.seats}
    for message in public_messages(sim):
        assert not OBJECTIVE_ID.search(message.text), message.text
        # No internal words in public: node ids, 'round 0', raw outcome reasons.
        assert not re.search(r"\b[a-z]+_[a-z_]+\b|round 0\b|small tokens", message.text), message.text
    for user in users:
        seat = record.seat_of(user.id)
        private = "\n".join(m.text for m in sim.dm_messages(user) + sim.ephemeral_messages(user))
        for other, ids in kept.items():
            if other != seat:
                assert not any(i in private for i in ids), (seat, other, ids)
    if variant == "extended":
        for user in users:
            assert any(i in "\n".join(m.text for m in sim.dm_messages(user)) for i in kept[record.seat_of(user.id)])
    # The log rebuilds the final state exactly.
    assert canonical(game.dump(await bot.service.rebuild(gid))) == canonical(record.snapshot)

    # A player is pinged only when their turn newly begins, by someone else's move (or the start),
    # and gets at most one turn DM for each such ping.
    replay = game.setup(list(record.seats), dict(record.options), seed)
    begins = Counter(game.to_act(replay))
    for entry in await bot.service.log(gid, limit=None):
        before = set(game.to_act(replay))
        if entry.kind == "drop":
            replay, _ = game.drop(replay, entry.seat)
        else:
            replay, _ = game.apply(replay, entry.seat, entry.action or {})
        begins.update(s for s in set(game.to_act(replay)) - before if s != entry.seat)
    for user in users:
        seat = record.seat_of(user.id)
        assert seat is not None
        pings = sum(1 for m in posts if user.id in m.pinged)
        turn_dms = sum(1 for m in sim.dm_messages(user) if m.text.startswith("Your turn in"))
        assert 0 < pings <= begins[seat], (seat, pings, begins[seat])
        assert turn_dms <= pings
