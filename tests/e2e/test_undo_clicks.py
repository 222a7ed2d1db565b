"""A double-clicked Undo takes back one move, in every game (issue 21, bad input)."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from games.registry import GAMES
from tests.e2e.harness import message_of, said, settle, sqlite, start_bot, two_player_game, user_of
from tests.fakediscord import FakeDiscord
from tests.service.undo_paths import two_undoable


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_double_clicked_undo_takes_back_one_move(fake_discord: FakeDiscord, tmp_path: Path,
                                                         key: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": key, "players": 2})
    table = message_of(opened)
    found = re.search(r"table #(\d+)", table.text)
    assert found is not None, said(opened)
    gid = int(found[1])
    await sim.click(sim.bob, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    record = await bot.service.get(gid)
    path = two_undoable(record.game, record.state)
    for seat, action in path.prefix:
        await bot.service.act(gid, record.user_of(seat), action)
    user = record.user_of(path.seat)
    first = (await bot.service.act(gid, user, path.first)).record
    second = (await bot.service.act(gid, user, path.second)).record
    await settle()
    player = user_of(sim, path.seat, second)
    panel = await sim.slash(player, sim.channel, "game play", options={"game": gid})
    undo_id = f"tr:u:{gid}:{second.state_version}"
    assert panel.message is not None and any(c.custom_id == undo_id for c in panel.message.components)
    message = panel.message
    clicks = await asyncio.gather(sim.click(player, message, undo_id), sim.click(player, message, undo_id))
    await settle()
    after = await bot.service.get(gid)
    assert after.snapshot == first.snapshot and after.state_version == second.state_version + 1
    log = await bot.service.log(gid, limit=None)
    assert [e.undone for e in log[-2:]] == [False, True]
    answers = [c.message.text if c.message is not None else "" for c in clicks]  # an edit or a reply
    assert any("Taken back" in a for a in answers), answers
    assert any("out of date" in a for a in answers), answers
    assert all("went wrong" not in a for a in answers), answers
    assert "Taken back" in message.text and message.history  # the private panel itself was edited


async def test_after_replace_the_new_holder_cannot_undo_the_old_holders_move(fake_discord: FakeDiscord,
                                                                            tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    record = await bot.service.get(gid)
    path = two_undoable(record.game, record.state)
    for seat, action in path.prefix:
        await bot.service.act(gid, record.user_of(seat), action)
    await bot.service.act(gid, record.user_of(path.seat), path.first)
    moved = (await bot.service.act(gid, record.user_of(path.seat), path.second)).record
    await settle()
    old = user_of(sim, path.seat, moved)
    handed = await sim.slash(sim.alice, sim.channel, "game replace",
                             options={"player": old, "new_player": sim.carol, "game": gid})
    await settle()
    assert "went wrong" not in said(handed)
    panel = await sim.slash(sim.carol, sim.channel, "game play", options={"game": gid})
    assert panel.ephemeral and panel.message is not None and panel.message.components, said(panel)
    assert not any((c.custom_id or "").startswith(f"tr:u:{gid}:") for c in panel.message.components)
    refused = await sim.slash(sim.carol, sim.channel, "game undo", options={"game": gid})
    await settle()
    assert refused.ephemeral and "held it before you" in said(refused), said(refused)
    after = await bot.service.get(gid)
    assert after.snapshot == moved.snapshot and not any(e.undone for e in await bot.service.log(gid, limit=None))
