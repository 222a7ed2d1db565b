"""Shards and ownership (bot/shards.py): Discord's formula, a process's share of the games, the
lock file on SQLite, and on PostgreSQL the advisory locks, the standby and the owner told of a
non-owner's write."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.config import ConfigError, Settings
from bot.db import make_engine, upgrade
from bot.service import GameRecord, GameService
from bot.shards import AdvisoryLocks, FileLock, Ownership, ShardError, Shards, ownership, shard_of
from tests.e2e.harness import database
from tests.service.helpers import ALICE, BOB, CHANNEL, Clock, Db
from tests.service.toygame import GAME

SHARD_0, SHARD_1 = 4 << 22 | 7, 5 << 22 | 7  # guild ids of shards 0 and 1 of 2


def test_a_guild_is_in_the_shard_discord_says() -> None:
    guild = 81384788765712384  # a real server's id: (id >> 22) % count, as Discord's docs put it
    assert [shard_of(guild, n) for n in (1, 2, 3, 4)] == [0, (guild >> 22) % 2, (guild >> 22) % 3, (guild >> 22) % 4]
    assert shard_of(None, 4) == 0  # a DM: shard 0
    assert (shard_of(SHARD_0, 2), shard_of(SHARD_1, 2)) == (0, 1)
    assert Shards(2, (1,)).owns(SHARD_1) and not Shards(2, (1,)).owns(SHARD_0) and Shards().owns(SHARD_0)
    assert Settings(shard_count=4, shard_ids=(3, 1)).shards == (1, 3) and Settings().shards == (0,)


async def started(service: GameService, guild: int, settings: dict[str, Any] | None = None) -> GameRecord:
    record = await service.open_table(guild, CHANNEL, ALICE, GAME.key, {"target": 20}, settings or {})
    await service.join(record.id, BOB)
    return (await service.start(record.id, ALICE, seed=7)).record


async def test_a_process_keeps_posts_and_ticks_only_its_shards_games(db: Db, clock: Clock) -> None:
    mine = GameService(db.engine, clock=clock, games={GAME.key: GAME}, cached_games=16)
    mine.shards = Shards(2, (1,))
    settings = {"turn_hours": 1, "on_timeout": "default"}
    theirs, ours = await started(mine, SHARD_0, settings), await started(mine, SHARD_1, settings)
    assert {r.id for r in mine.cache.records()} == {ours.id}  # another shard's game is never kept
    assert await mine.games_to_post() == [ours.id]
    clock.advance(minutes=50)
    assert [(g.id, s) for g, s in await mine.due_reminders()] == [(ours.id, "s1"), (ours.id, "s2")]
    clock.advance(minutes=20)
    assert [g.id for g in await mine.due()] == [ours.id]
    everyone = GameService(db.engine, clock=clock, games={GAME.key: GAME})
    assert {g.id for g in await everyone.due()} == {theirs.id, ours.id}
    assert set(await everyone.games_to_post()) == {theirs.id, ours.id}


async def test_on_sqlite_a_second_process_is_refused_plainly(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    first, second = ownership(url, Shards()), ownership(url, Shards())
    assert isinstance(first, FileLock)
    await first.acquire()
    with pytest.raises(ShardError, match=r"Another bot process is already running on .*bot\.sqlite3"):
        await second.acquire()
    await first.close()
    await second.acquire()  # the first one gone, the next one starts
    await second.close()
    with pytest.raises(ShardError, match="SHARD_IDS=1 needs PostgreSQL"):
        ownership(url, Shards(2, (1,)))
    assert type(ownership("sqlite+aiosqlite:///:memory:", Shards())) is Ownership


@pytest.fixture
async def pg_url(tmp_path: Path) -> AsyncIterator[str]:
    """A database of its own: advisory locks are the database's, shared by all its schemas."""
    async for url in database("postgresql", tmp_path):
        yield url


async def test_a_standby_waits_and_takes_over_when_the_owner_connection_drops(pg_url: str) -> None:
    said: list[str] = []
    owner = AdvisoryLocks(pg_url, Shards(2, (0, 1)))
    standby = AdvisoryLocks(pg_url, Shards(2, (0, 1)), on_standby=said.append)
    other = AdvisoryLocks(pg_url, Shards(3, (0,)))
    lost = asyncio.Event()
    try:
        await owner.acquire()
        owner.listen(lambda *_: None, lost.set)
        waiting = asyncio.create_task(standby.acquire())
        await asyncio.sleep(0.5)
        assert not waiting.done()
        assert said == ["standby: shard 0 of 2 is held by another process; waiting to take over shards 0, 1 of 2"]
        with pytest.raises(ShardError, match="SHARD_COUNT=2, this one with SHARD_COUNT=3"):
            await other.acquire()
        async with await psycopg.AsyncConnection.connect(owner._dsn(), autocommit=True) as admin:
            # the owner's connection dies as with kill -9 of its process
            await admin.execute("SELECT pg_terminate_backend(%s)", (owner._conn.info.backend_pid,))
        await asyncio.wait_for(waiting, 5)  # the standby owns both shards now
        await asyncio.wait_for(lost.wait(), 5)  # and the old owner knows it lost them
    finally:
        for locks in (owner, standby, other):
            await locks.close()


async def test_a_non_owners_write_is_told_to_the_owner_at_once(pg_url: str, clock: Clock) -> None:
    engine = make_engine(pg_url)
    await upgrade(engine)
    owner_locks, other_locks = AdvisoryLocks(pg_url, Shards(2, (0,))), AdvisoryLocks(pg_url, Shards(2, (1,)))
    told: asyncio.Queue[tuple[int, int | None, int]] = asyncio.Queue()
    try:
        await owner_locks.acquire()
        await other_locks.acquire()
        owner_locks.listen(lambda *note: told.put_nowait(note), lambda: None)
        owner = GameService(engine, clock=clock, games={GAME.key: GAME}, cached_games=16)
        owner.shards, owner.ownership = owner_locks.shards, owner_locks
        other = GameService(engine, clock=clock, games={GAME.key: GAME}, cached_games=16)
        other.shards, other.ownership = other_locks.shards, other_locks
        game = await started(owner, SHARD_0)
        assert told.empty() and owner.cache.get(game.id) is not None
        seen = await other.get(game.id)
        assert other.cache.get(game.id) is None  # read from the database, never kept
        applied = await other.act(game.id, ALICE, {"type": "bid", "value": 3}, known=seen)
        note = await asyncio.wait_for(told.get(), 5)
        assert note == (game.id, SHARD_0, applied.record.version)
        await other.act(applied.record.id, BOB, {"type": "bid", "value": 2})
        assert (await asyncio.wait_for(told.get(), 5))[2] == applied.record.version + 1
    finally:
        await owner_locks.close()
        await other_locks.close()
        await engine.dispose()


@pytest.mark.parametrize(("env", "named"), [
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number from 1 to 4096"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS must be shard numbers separated by commas"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}, "SHARD_IDS must be"),
    ({"SHARD_IDS": "one"}, "SHARD_IDS must be"),
])
def test_bad_shard_settings_are_one_line_each(monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                                              named: str) -> None:
    for name in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(None)
    assert str(caught.value).startswith(f"Bad setting: {named}") and "\n" not in str(caught.value)
