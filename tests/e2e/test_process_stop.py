"""`python -m bot` on Discord (the simulator) stopped by SIGTERM, as `docker stop` does: it closes
the gateway and the database and exits 0, instead of dying by the signal."""
from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from tests.e2e.harness import answer_of, bot_process, read_rest
from tests.fakediscord import FakeDiscord

CUT_OFF = 1006  # what the server sees when a connection ends without a close frame


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_closes_the_bot_cleanly(fake_discord: FakeDiscord, tmp_path: Path,
                                               signum: signal.Signals) -> None:
    sim = fake_discord
    db = tmp_path / "bot.sqlite3"
    proc, lines = await bot_process(sim, f"sqlite+aiosqlite:///{db}")
    reader = asyncio.create_task(read_rest(proc, lines))
    try:
        opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2})
        assert "table #" in answer_of(opened).text  # answered at once, or after the keep-alive's defer
        assert Path(f"{db}-wal").exists()  # the bot has the database open, in WAL mode
        assert sim.gateway.close_codes == []

        proc.send_signal(signum)
        returncode = await asyncio.wait_for(proc.wait(), 60)
        await reader
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    log = "".join(lines)
    assert returncode == 0, log
    assert "Traceback" not in log and "ERROR" not in log, log
    # the bot closed its websocket with a close frame (discord.py's code), rather than being cut off
    assert len(sim.gateway.close_codes) == 1 and sim.gateway.close_codes[0] not in (None, CUT_OFF), log
    # SQLite removes the write-ahead log once its last connection is closed: the database was closed
    assert not Path(f"{db}-wal").exists(), log
    assert "stopped" in lines[-1], log
