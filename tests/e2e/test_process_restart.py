"""The bot as its own process: killed mid-game, started again on the same database and simulator,
and a button posted before the kill still works."""
from __future__ import annotations

import asyncio
import re
import signal
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine

from bot import gate
from bot.db import make_engine
from bot.service import GameService
from tests.e2e.harness import answer_of, bot_process, read_rest
from tests.fakediscord import FakeDiscord

FIRST_POST = 60  # seconds at most for a new process's first post


async def launch(sim: FakeDiscord, url: str) -> asyncio.subprocess.Process:
    """`python -m bot` against the simulator; returns once it logged in and is ready."""
    proc, lines = await bot_process(sim, url)
    asyncio.get_running_loop().create_task(read_rest(proc, lines))
    return proc


async def game_state(engine: AsyncEngine, gid: int) -> tuple[int, list[str], str]:
    service = GameService(engine)
    record = await service.get(gid)
    view = gate.public(record)
    assert view is not None
    return record.state_version, list(record.to_act), view["phase"]


async def test_killed_bot_process_comes_back_and_old_buttons_work(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    proc = await launch(sim, url)
    engine = make_engine(url)
    try:
        # a busy machine makes the keep-alive defer first: the answer is then a follow-up
        table = answer_of(await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2}))
        found = re.search(r"table #(\d+)", table.text)
        assert found is not None, table.text
        gid = int(found[1])
        await sim.click(sim.bob, table, label="Join")
        await sim.click(sim.alice, table, label="Start")
        # a new process's first post waits for its render worker to start and draw the DMs' images
        # first: on a loaded machine, well beyond the 5 s of an answer (a deadline: it returns as
        # soon as the post is there)
        await sim.wait_for(lambda: any(c.custom_id == f"tr:p:{gid}" for m in sim.channel_messages(sim.channel)
                                       for c in m.components), timeout=FIRST_POST)
        posted = [m for m in sim.channel_messages(sim.channel)
                  if any(c.custom_id == f"tr:p:{gid}" for c in m.components)]
        await sim.slash(sim.alice, sim.channel, "mali card", options={"value": 3})
        version, to_act, phase = await game_state(engine, gid)
        assert to_act == ["s2"] and phase == "cards"  # bob took the second seat

        proc.send_signal(signal.SIGKILL)  # no goodbye: the process just dies mid-game
        await proc.wait()
        proc = await launch(sim, url)

        clicked = await sim.click(sim.bob, posted[-1], custom_id=f"tr:p:{gid}")
        # the panel waits for its crop of the board: the new process's first image (see FIRST_POST);
        # the keep-alive has acknowledged the click meanwhile, and the panel comes as a follow-up
        await sim.wait_for(lambda: clicked.messages, timeout=FIRST_POST)
        panel = answer_of(clicked)
        assert panel.ephemeral and panel.components, (clicked, panel.text)
        choice = next(c for c in panel.components
                      if c.custom_id and c.custom_id.startswith(f"tr:s:{gid}:{version}:"))
        await sim.select(sim.bob, panel, choice.custom_id, [choice.option_values[0]])
        await sim.wait_for(lambda: len(sim.channel_messages(sim.channel)) > len(posted) + 2, timeout=FIRST_POST)
        new_version, to_act, phase = await game_state(engine, gid)
        assert new_version > version and phase == "movement" and to_act
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                proc.kill()
        await engine.dispose()
