"""`python -m bot` on Discord (the simulator) stopped by SIGTERM, as `docker stop` does: it closes
the gateway and the database and exits 0, instead of dying by the signal."""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
CUT_OFF = 1006  # what the server sees when a connection ends without a close frame


async def start(sim: FakeDiscord, url: str) -> tuple[asyncio.subprocess.Process, list[str]]:
    """The bot as its own process against the simulator, once logged in; its log lines so far,
    and (kept reading) every later one."""
    env = {**os.environ, "DISCORD_TOKEN": sim.token, "DATABASE_URL": url, "DISCORD_API_BASE": sim.api_base,
           "DISCORD_GATEWAY_URL": sim.gateway_url, "TICK_SECONDS": "3600", "LOG_LEVEL": "INFO",
           "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=ROOT, env=env,
                                                stderr=asyncio.subprocess.PIPE)
    assert proc.stderr is not None
    lines: list[str] = []
    async with asyncio.timeout(60):
        while not any("Logged in as" in line for line in lines):
            line = (await proc.stderr.readline()).decode()
            if not line:
                raise AssertionError("the bot exited before it was ready:\n" + "".join(lines))
            lines.append(line)
    return proc, lines


async def read_rest(proc: asyncio.subprocess.Process, lines: list[str]) -> None:
    assert proc.stderr is not None
    while line := (await proc.stderr.readline()).decode():
        lines.append(line)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_closes_the_bot_cleanly(fake_discord: FakeDiscord, tmp_path: Path,
                                               signum: signal.Signals) -> None:
    sim = fake_discord
    db = tmp_path / "bot.sqlite3"
    proc, lines = await start(sim, f"sqlite+aiosqlite:///{db}")
    reader = asyncio.create_task(read_rest(proc, lines))
    try:
        opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2})
        assert opened.message is not None and "table #" in opened.message.text
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
