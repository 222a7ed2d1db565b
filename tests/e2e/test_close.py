"""Closing the bot while an interaction is being handled: the handler gets a moment to finish,
then is cancelled, and its database connection is given back before the engine closes, so that
every connection is closed (SQLite removes its -wal file once the last one is)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from bot import app
from cogs import common
from tests.e2e.harness import sqlite, start_bot, stop_bot
from tests.fakediscord import FakeDiscord


@pytest.mark.parametrize("finishes", [True, False])
async def test_close_waits_for_the_answers_in_hand_then_closes_every_connection(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, finishes: bool
) -> None:
    sim = fake_discord
    monkeypatch.setattr(app, "CLOSE_GRACE", 1.0)
    monkeypatch.setattr(common, "KEEP_ALIVE_AFTER", 0.5)  # acknowledged before the close's grace ends
    bot = await start_bot(sim, sqlite(tmp_path))
    wal = tmp_path / "bot.sqlite3-wal"
    holding, done = asyncio.Event(), asyncio.Event()
    engine = bot._engine
    assert engine is not None

    async def open_table(*args: Any, **kwargs: Any) -> Any:  # a slow write, its connection checked out
        async with engine.connect() as conn:
            await conn.execute(text("SELECT count(*) FROM games"))
            holding.set()
            await asyncio.sleep(0.3 if finishes else 3600)
        done.set()
        raise AssertionError("not reached by the test: the table is not opened")

    bot.service.open_table = open_table  # type: ignore[method-assign]
    asking = asyncio.create_task(sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali"}))
    await asyncio.wait_for(holding.wait(), 10)
    assert wal.exists() and len(bot.pending) == 1
    await stop_bot(sim, bot)
    assert done.is_set() == finishes  # it finished within the grace, or it was cancelled after it
    assert len(bot.pending) == 0
    assert not wal.exists()  # every connection of the engine is closed, the held one too
    await asyncio.wait_for(asyncio.shield(asyncio.gather(asking, return_exceptions=True)), 10)
