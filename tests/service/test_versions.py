"""The game's state version (what a panel is built at) and the row's write version are apart:
bookkeeping writes move only the second. DMs marked open are written only when that changes.
Revision 0007 starts every stored row's state version at its write version."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData, Table, insert, select

from bot.db import Database, make_engine, upgrade
from bot.service import GameService, StaleAction
from bot.service.store import GAMES, PLAYERS
from tests.service.helpers import ALICE, BOB, CHANNEL, GUILD, Db, started
from tests.service.toygame import GAME


async def test_bookkeeping_writes_leave_the_state_version(db: Db) -> None:
    service = GameService(db.engine, games={GAME.key: GAME})
    game = await started(service)
    seat = game.to_act[0]
    after = await service.mark_reminded(game.id, seat)
    after = await service.set_table_message(game.id, CHANNEL, 5555)
    after = await service.set_thread(game.id, 6666)
    assert after.version == game.version + 3  # every write of the row
    assert after.state_version == game.state_version  # none a player can see
    # A panel built before them still plays: its version is the game's.
    moved = await service.act(game.id, ALICE, {"type": "bid", "value": 2},
                              expected_version=game.state_version)
    assert moved.record.state_version == game.state_version + 1
    assert moved.record.version == after.version + 1
    # A move does make it stale: the same click again is refused as out of date.
    with pytest.raises(StaleAction):
        await service.act(game.id, ALICE, {"type": "bid", "value": 2}, expected_version=game.state_version)
    stored = await service.get(game.id)
    assert (stored.version, stored.state_version) == (moved.record.version, moved.record.state_version)


async def test_every_write_a_player_sees_moves_the_state_version(db: Db) -> None:
    service = GameService(db.engine, games={GAME.key: GAME})
    table = await service.open_table(GUILD, CHANNEL, ALICE, "race", {"target": 20}, {})
    joined = await service.join(table.id, BOB)
    started_ = (await service.start(table.id, ALICE, seed=3)).record
    moved = (await service.act(table.id, ALICE, {"type": "bid", "value": 2})).record
    dropped = (await service.drop_player(table.id, "s2", "admin", is_admin=True)).record
    versions = [r.state_version for r in (table, joined, started_, moved, dropped)]
    assert versions == [0, 1, 2, 3, 4]
    assert [r.version for r in (table, joined, started_, moved, dropped)] == versions


async def _writes(service: GameService, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Units of work run by the service from now on: True for a write."""
    seen: list[bool] = []
    run = Database.run

    async def spied(self: Database, work: Any, *, read: bool = False) -> Any:
        seen.append(not read)
        return await run(self, work, read=read)

    monkeypatch.setattr(Database, "run", spied)
    return seen


async def test_dm_marked_open_is_written_only_when_it_changes(db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    service = GameService(db.engine, games={GAME.key: GAME})
    seen = await _writes(service, monkeypatch)
    assert (await service.set_dm_closed(ALICE, False)).dm_closed is False  # never seen: open already
    assert seen == [False]  # one read, no write
    seen.clear()
    assert (await service.set_dm_closed(ALICE, True)).dm_closed is True
    assert True in seen
    seen.clear()
    assert (await service.set_dm_closed(ALICE, True)).dm_closed is True
    assert seen == [False]
    assert (await service.set_dm_closed(ALICE, False)).dm_closed is False
    assert (await service.get_player(ALICE)).dm_closed is False
    rows = await service._db.run(lambda conn: conn.execute(select(PLAYERS.c.user_id)).all(), read=True)
    assert [r[0] for r in rows] == [ALICE]


async def test_revision_0007_starts_the_state_version_at_the_write_version(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.sqlite3'}"
    engine = make_engine(url)
    try:
        await upgrade(engine, revision="0006_waiting")
        now = datetime(2026, 1, 1, tzinfo=UTC)
        old = {c.name for c in GAMES.c} - {"state_version"}
        row = {"guild_id": GUILD, "channel_id": CHANNEL, "thread_id": None, "key": "race", "options": {},
               "settings": {}, "creator_id": ALICE, "seats": ["s1"], "users": {"s1": str(ALICE)}, "status": "open",
               "seed": None, "state": None, "version": 7, "last_seq": 0, "reminded": [], "created_at": now,
               "updated_at": now}
        assert set(row) <= old
        async with engine.begin() as conn:  # the table as 0006 left it
            await conn.run_sync(lambda c: c.execute(insert(Table("games", MetaData(), autoload_with=c)).values(**row)))
        await upgrade(engine)
        async with engine.connect() as conn:
            found = (await conn.execute(select(GAMES.c.version, GAMES.c.state_version))).all()
        assert [tuple(r) for r in found] == [(7, 7)]
    finally:
        await engine.dispose()
