"""Whole games of Heart of Africa through the Discord simulator: 2 players (open auction) and 5 players
(sealed auction), to the VP target.

Boards are attached, every secret (special victory tokens, sealed bids, conflict commitments) reaches
only its owner, hidden choices are revealed together, and every request the bot sends is checked
against Discord's OpenAPI spec (the simulator fixture fails the test on a violation).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import gate
from games.africa.board import SV
from games.base import canonical
from renderers.africa.geometry import HEIGHT, WIDTH
from tests.e2e.africa_driver import AfricaPlayers
from tests.e2e.harness import message_of, seat_of, settle, sqlite, start_bot
from tests.fakediscord import FakeDiscord, Message

# (players, sealed auction, seed): seeds whose random games (`python -m games.simulate`) reach the
# target with conflicts between companies, retreat tokens and special victory tokens committed.
CASES = [(2, False, 30), (5, True, 3)]
SECRET_LINES = ("Your special victory token", "You draw ", "Your sealed bid", "You add ")
REVEALING = ("Revealed:", "reveals", "retreats and takes", " scores ", "revealed ")


def public_messages(sim: FakeDiscord) -> list[Message]:
    return [m for ch in sim.channels.values() if ch.guild_id for m in sim.channel_messages(ch)]


def private_lines(messages: list[Message]) -> list[str]:
    return [line for m in messages for line in m.text.splitlines()]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "sealed", "seed"), CASES,
                         ids=[f"{p}p-{'sealed' if s else 'open'}" for p, s, _ in CASES])
async def test_a_whole_game(fake_discord: FakeDiscord, tmp_path: Path, players: int, sealed: bool,
                            seed: int) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=seed)
    users = [sim.alice, sim.bob, sim.carol, sim.dave]
    while len(users) < players:
        assert sim.guild is not None
        users.append(sim.add_member(sim.guild, sim.add_user(f"player{len(users) + 1}")).user)
    users = users[:players]
    options = {"game": "africa", "players": players} | ({"options": "sealed_auction=true"} if sealed else {})
    opened = await sim.slash(users[0], sim.channel, "game new", options=options)
    table = message_of(opened)
    gid = int(re.search(r"table #(\d+)", table.text)[1])  # type: ignore[index]
    for user in users[1:]:
        await sim.click(user, table, label="Join")
    await sim.click(users[0], table, label="Start")
    await settle()

    driver = AfricaPlayers(sim, bot, gid, seed, panel_share=0.3)
    record = await driver.play()

    # The game reached the target, and the table was told who won and how everyone scored.
    assert record.status == "finished"
    outcome = gate.outcome(record)
    assert outcome is not None and outcome["reason"] == "target"
    winner = outcome["winners"][0]
    assert outcome["scores"][winner] >= 42
    posts = sim.channel_messages(sim.channel)
    last = posts[-1].content
    assert "Game over" in last and "wins" in last and f"<@{record.user_of(winner)}>" in last
    assert all(f"**{vp} VP**" in last for vp in outcome["scores"].values())
    # Boards attached: the start, every turn, the end; the summary at the end.
    boards = [m for m in posts if any(a.filename.endswith("-board.png") for a in m.attachments)]
    assert len(boards) >= 10
    assert all(a.image().size == (WIDTH, HEIGHT) for m in boards[-2:] for a in m.attachments
               if a.filename.endswith("-board.png"))
    assert any(a.filename.endswith("-summary.png") for a in posts[-1].attachments)
    # Both ways of playing were used: commands and the panel, grouped panels too.
    assert driver.used["/africa bid"] and driver.used["/africa move"] and driver.used["/africa score"]
    assert driver.used["/africa commit"] + driver.used["/africa retreat-token"]
    assert driver.used["panel button"] + driver.used["panel select"] > 20 and driver.used["panel group"]

    public = "\n".join(m.text for m in public_messages(sim))
    lines = public.splitlines()
    # Conflicts between companies: both commit in secret; the channel says only that a side committed,
    # and shows both commitments together.
    assert "has committed." in public and "Revealed:" in public
    for line in lines:
        assert "🔒" not in line and not line.startswith(SECRET_LINES), line
        assert not re.search(r"commit\w* (with )?\d", line), line
    if sealed:
        assert "has bid." in public
        reveals = [line for line in lines if line.startswith("Sealed bids:")]
        assert reveals and all(line.count(",") >= players - 2 for line in reveals)
        for line in lines:
            assert line.startswith("Sealed bids:") or not re.search(r"\bbids? \d", line), line
    # Special victory tokens: a face shows in the channel only when it is used, committed or taken.
    for line in lines:
        for token in SV.values():
            if token["name"] in line:
                assert any(word in line for word in REVEALING), line
    # Secrets reach their owners only: each user's private lines name only their own tokens.
    owner_lines: dict[str, set[str]] = {}
    for user in users:
        seat = seat_of(record, user)
        mine = private_lines(sim.dm_messages(user) + sim.ephemeral_messages(user))
        secret = [line for line in mine if line.lstrip("🔒 ").startswith(SECRET_LINES)]
        owner_lines[seat] = set(secret)
        held = {SV[t]["name"] for t in driver.held[seat]}
        for line in secret:
            if "special victory token" in line or line.lstrip("🔒 ").startswith("You draw"):
                assert any(name in line for name in held), (seat, line)
        told = "\n".join(secret)  # by DM, or in the reply to the move that dealt the tokens
        assert any(name in told for name in held), (seat, "never told its special victory token")
    for seat, told_lines in owner_lines.items():
        for other, theirs in owner_lines.items():
            if other != seat:
                assert not {s for s in told_lines if "special victory token" in s} & theirs, (seat, other)
    # The log rebuilds the final state exactly.
    assert canonical(record.game.dump(await bot.service.rebuild(gid))) == canonical(record.snapshot)
