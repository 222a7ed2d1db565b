"""The unit of work (bot.db.Database), the write planned on the caller's copy of a game, and the
remembered last log entry, on SQLite and PostgreSQL."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no types
import psycopg
import pytest
from sqlalchemy import String, cast, event, func, insert, select, text
from sqlalchemy.engine import Connection

from bench.stored import templates
from bot.db import DB_THREADS, Database, Unsure, canonical_json
from bot.service import Conflict, GameService, Illegal
from bot.service import store as service_store
from bot.service.driver import Compiled
from bot.service.store import ACTIONS, GAMES, PLAYERS
from games.mali import GAME as MALI
from games.simulate import choose, playout_rng
from tests.service.conftest import pg_dsn
from tests.service.helpers import ALICE, BOB, CHANNEL, GUILD, Clock, Db, check_consistent, started
from tests.service.toygame import GAME


def _player(conn: Connection, user_id: int) -> None:
    conn.execute(insert(PLAYERS).values(user_id=user_id, notify=False, dm_closed=False, mention=True,
                                        utc_offset=0))


async def _players(database: Database) -> int:
    return await database.run(lambda conn: conn.execute(select(func.count()).select_from(PLAYERS)).scalar_one(),
                              read=True)


async def test_work_is_committed_when_it_returns_and_rolled_back_when_it_raises(db: Db) -> None:
    database = Database(db.engine)
    await database.run(lambda conn: _player(conn, 1))
    assert await _players(database) == 1

    def fails(conn: Connection) -> None:
        _player(conn, 2)
        raise RuntimeError("refused halfway")

    with pytest.raises(RuntimeError, match="halfway"):
        await database.run(fails)
    assert await _players(database) == 1
    # the same rows through the async engine the migrations use: one database, two engines
    async with db.engine.connect() as conn:
        assert (await conn.execute(select(func.count()).select_from(PLAYERS))).scalar_one() == 1


async def test_sqlite_threads_keep_their_connection_until_the_engine_is_disposed(db: Db) -> None:
    if db.backend != "sqlite":
        pytest.skip("PostgreSQL's units of work take a pooled connection each")
    database = Database(db.engine)
    checkouts: list[object] = []
    event.listen(database._twin, "checkout", lambda *args: checkouts.append(args[0]))
    for n in range(40):
        await database.run(partial(_player, user_id=n + 1))
        assert await _players(database) == n + 1
    assert 1 <= len(checkouts) <= DB_THREADS  # one per worker thread, not one per unit of work
    kept = [conn for conn, _ in database._all_kept]
    assert kept and not any(conn.closed for conn in kept)
    await db.engine.dispose()
    assert all(conn.closed for conn in kept) and not database._all_kept


async def test_json_is_written_canonically_by_the_unit_of_work(db: Db) -> None:
    database = Database(db.engine)
    now = datetime(2030, 1, 1, tzinfo=UTC)
    game_id = await database.run(lambda conn: conn.execute(insert(GAMES).values(
        guild_id=1, channel_id=1, key="race", options={"b": 1, "a": 2}, settings={}, creator_id=1,
        seats=[], users={}, status="open", version=0, last_seq=0, reminded=[], created_at=now,
        updated_at=now).returning(GAMES.c.id)).scalar_one())
    query = select(cast(GAMES.c.options, String)).where(GAMES.c.id == game_id)
    stored = await database.run(lambda conn: conn.execute(query).scalar_one(), read=True)
    if db.backend == "sqlite":  # stored as written: sorted keys, no spaces
        assert stored == '{"a":2,"b":1}'
    assert json.loads(stored) == {"a": 2, "b": 1}


async def test_a_connection_the_server_dropped_is_replaced_without_an_error(db: Db) -> None:
    if db.backend != "postgresql":
        pytest.skip("SQLite has no server to restart")
    service = GameService(db.engine, games={GAME.key: GAME})
    game = await started(service)
    pid = await service._db.run(lambda conn: conn.execute(text("SELECT pg_backend_pid()")).scalar_one(), read=True)
    admin = await asyncpg.connect(pg_dsn(), timeout=2)
    try:  # what a restart of the database does to the bot's pooled connection
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await admin.close()
    record = await service.get(game.id)  # no error for the player
    assert record.version == game.version
    applied = await service.act(game.id, ALICE, {"type": "bid", "value": 2})
    assert applied.record.version == game.version + 1
    assert len(await service.log(game.id)) == 1  # written once


async def test_a_move_planned_on_a_stale_copy_is_planned_again_on_the_stored_game(db: Db) -> None:
    one = GameService(db.engine, games={GAME.key: GAME})
    two = GameService(db.engine, games={GAME.key: GAME})  # as if another process
    game = await started(one)
    seen = await one.get(game.id)
    await two.act(game.id, ALICE, {"type": "bid", "value": 1})  # `seen` is now a version behind
    applied = await one.act_many(game.id, BOB, [{"type": "bid", "value": 3}], known=seen)
    assert applied.record.version == game.version + 2
    record = await check_consistent(one, game.id)
    assert sorted(e.seat for e in await one.log(game.id)) == ["s1", "s2"]
    assert record.state.phase == "move"


async def test_a_refusal_judged_on_a_stale_copy_is_judged_again(db: Db) -> None:
    one = GameService(db.engine, games={GAME.key: GAME})
    two = GameService(db.engine, games={GAME.key: GAME})
    game = await started(one)
    await one.act(game.id, ALICE, {"type": "bid", "value": 1})
    await one.act(game.id, BOB, {"type": "bid", "value": 1})
    stale = await one.get(game.id)  # the move phase: one seat steps, then the other
    [first] = stale.to_act
    [second] = [s for s in stale.seats if s != first]
    await two.act(game.id, stale.user_of(first), {"type": "step", "n": 1})
    # on `stale` it is not `second`'s turn; on the stored game it is
    applied = await one.act_many(game.id, stale.user_of(second), [{"type": "step", "n": 1}], known=stale)
    assert applied.record.version == stale.version + 2
    with pytest.raises(Illegal, match="Bid"):  # legal on the stale copy; the round is over now
        await one.act_many(game.id, stale.user_of(first), [{"type": "step", "n": 1}], known=stale)
    record = await check_consistent(one, game.id)
    assert record.version == applied.record.version and record.state.phase == "bid"


async def test_can_undo_from_the_written_entry_agrees_with_the_log(db: Db, clock: Clock) -> None:
    service = GameService(db.engine, clock=clock, games={"mali": MALI})
    other = GameService(db.engine, clock=clock, games={"mali": MALI})  # as if another process
    record = await service.open_table(GUILD, CHANNEL, ALICE, "mali", {"variant": "extended"}, {})
    await service.join(record.id, BOB)
    record = (await service.start(record.id, ALICE, seed=3)).record
    rng = playout_rng(3)
    answers: list[bool] = []
    for n in range(40):
        mover = other if n % 5 == 4 else service
        seat, action = choose(MALI, record.state, rng)
        record = (await mover.act(record.id, record.user_of(seat), action)).record
        if record.status != "running":
            break
        assert (service.last_entry(record.id, record.version) is None) == (mover is other)
        for seat in record.seats:
            remembered = await service.can_undo(record.id, seat, record.version)
            assert remembered == await service.can_undo(record.id, seat)  # read from the log
            answers.append(remembered)
        undoer = [s for s in record.seats if await service.can_undo(record.id, s, record.version)]
        if mover is service and undoer:
            record = (await service.undo(record.id, record.user_of(undoer[0]))).record
            assert service.last_entry(record.id, record.version) is None  # an undo: the log is read
            assert await service.can_undo(record.id, undoer[0], record.version) == \
                await service.can_undo(record.id, undoer[0])
    assert True in answers and False in answers


async def test_a_move_on_a_known_game_is_one_statement_on_postgresql(db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    if db.backend != "postgresql":
        pytest.skip("SQLite has no statement that writes several tables")
    service = GameService(db.engine, games={GAME.key: GAME}, cached_games=8)
    game = await started(service)
    sent: list[str] = []  # what psycopg sends: SQLAlchemy's statements and the driver's own
    commits: list[object] = []
    execute, commit = psycopg.Cursor.execute, psycopg.Connection.commit

    def spied_execute(cursor: psycopg.Cursor[Any], query: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(str(query))
        return execute(cursor, query, *args, **kwargs)

    def spied_commit(conn: psycopg.Connection[Any]) -> None:
        commits.append(conn)
        commit(conn)

    monkeypatch.setattr(psycopg.Cursor, "execute", spied_execute)
    monkeypatch.setattr(psycopg.Connection, "commit", spied_commit)
    applied = await service.act_many(game.id, ALICE, [{"type": "bid", "value": 2}], known=game)
    monkeypatch.undo()
    assert len(sent) == 1 and sent[0].lstrip().startswith("WITH written AS") and not commits
    assert applied.record.version == game.version + 1
    [entry] = await service.log(game.id)
    assert (entry.seat, entry.action) == ("s1", {"type": "bid", "value": 2})
    told = (await service.undelivered(game.id, applied.record.version))[-1]  # after the start's
    assert (told.version, told.first_seq, told.last_seq) == (applied.record.version, 1, 1)
    await check_consistent(service, game.id)


async def test_a_write_whose_connection_died_is_made_once(db: Db) -> None:
    if db.backend != "postgresql":
        pytest.skip("SQLite has no server to restart")
    service = GameService(db.engine, games={GAME.key: GAME}, cached_games=8)
    game = await started(service)
    twin = service._db._twin
    held = [twin.connect() for _ in range(DB_THREADS)]  # every pooled connection, and more
    pids = [conn.execute(text("SELECT pg_backend_pid()")).scalar_one() for conn in held]
    for conn in held:
        conn.close()
    admin = await asyncpg.connect(pg_dsn(), timeout=2)
    try:  # the database restarts: the move is sent on a connection that is already dead
        for pid in pids:
            await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await admin.close()
    applied = await service.act_many(game.id, ALICE, [{"type": "bid", "value": 2}], known=game)
    assert applied.record.version == game.version + 1
    assert len(await service.log(game.id)) == 1  # written once
    await check_consistent(service, game.id)


async def test_a_write_made_just_before_its_connection_died_is_not_made_again(
        db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    if db.backend != "postgresql":
        pytest.skip("SQLite has no statement that commits itself")
    service = GameService(db.engine, games={GAME.key: GAME}, cached_games=8)
    game = await started(service)
    made = service_store._write_row

    def made_then_died(conn: Connection, cur: dict[str, Any], values: dict[str, Any], *args: Any) -> bool:
        assert made(conn, cur, values, *args)
        raise Unsure("the answer was lost")

    monkeypatch.setattr(service_store, "_write_row", made_then_died)
    applied = await service.act_many(game.id, ALICE, [{"type": "bid", "value": 2}], known=game)
    monkeypatch.undo()
    assert applied.record.version == game.version + 1
    assert len(await service.log(game.id)) == 1  # not played twice
    assert (await service.get(game.id)).version == game.version + 1
    await check_consistent(service, game.id)


def test_canonical_json_is_json_with_sorted_keys_whatever_the_value() -> None:
    def plain(value: object) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    shapes = templates(per_game=2)
    values: list[object] = [s["state"] for s in shapes] + [s["log"] for s in shapes] + [
        {"b": 1, "a": [2**70, -(2**63)], "ż": "Wola — Śródmieście"}, {"z": 0.1, "m": None, "k": 2.5},
        {10: "int keys", 9: True}, [], {}, "text", 12]
    for value in values:
        assert canonical_json(value) == plain(value)
    tiny = {"b": 1e-7, "a": 1e22}  # the same numbers, the exponent written without its padding
    assert json.loads(canonical_json(tiny)) == tiny and canonical_json(tiny).startswith('{"a":1e')


def _stored(conn: Connection, game_id: int) -> dict[str, list[Any]]:
    """The game's rows as the database holds them, but the ids and channel: SQLite's text and
    numbers; PostgreSQL's rows as JSON (every column's value and type)."""
    def rows(table: str, key: str, order: str) -> list[Any]:
        if conn.dialect.name == "sqlite":
            found = conn.exec_driver_sql(f"SELECT * FROM {table} WHERE {key} = ? ORDER BY {order}", (game_id,))
            skip = {"games": (0, 2), "actions": (0,), "outbox": (0, 1)}[table]
            return [tuple(v for i, v in enumerate(row) if i not in skip) for row in found.all()]
        found = conn.execute(text(f"SELECT to_jsonb(t) - 'id' - 'channel_id' - 'game_id' FROM {table} t "
                                  f"WHERE {key} = :g ORDER BY {order}"), {"g": game_id})
        return [row[0] for row in found.all()]

    return {"games": rows("games", "id", "id"), "actions": rows("actions", "game_id", "seq"),
            "outbox": rows("outbox", "game_id", "id")}


async def test_a_move_stores_what_sqlalchemy_would(db: Db, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The write's statements sent by the driver (bot/service/driver.py) write every column as
    SQLAlchemy's execution of them does: two games played alike, one through each, hold the same
    rows (on SQLite, text for text)."""
    service = GameService(db.engine, clock=clock, games={"mali": MALI}, cached_games=8)
    name = "_write_row"
    raw = getattr(service_store, name)

    def by_sqlalchemy(conn: Connection, cur: dict[str, Any], values: dict[str, Any],
                      lines: list[dict[str, Any]], notice: dict[str, Any] | None,
                      change: service_store.Change) -> bool:
        shape, params = service_store.write_values(cur, values, lines, notice, change)
        first, *rest = service_store.STATEMENTS[conn.dialect.name](shape)
        if conn.execute(first, params).first() is None:
            conn.rollback()
            return False
        for statement in rest:
            conn.execute(statement, params)
        return True

    ids: list[int] = []
    for _ in range(2):
        table = await service.open_table(GUILD, CHANNEL + len(ids), ALICE, "mali", {"variant": "extended"},
                                         {"turn_hours": 24})
        await service.join(table.id, BOB)
        ids.append((await service.start(table.id, ALICE, seed=11)).record.id)
    rng = playout_rng(5)
    multi = 0
    for _ in range(400):
        record = await service.get(ids[0])
        if record.status != "running":
            break
        seat, action = choose(MALI, record.state, rng)
        actions = [action]
        after, _events = MALI.apply(record.state, seat, action)
        if MALI.outcome(after) is None and list(MALI.to_act(after)) == [seat]:
            actions.append(choose(MALI, after, rng)[1])  # two lines in one write
        multi += len(actions) > 1
        clock.now = clock.now.replace(microsecond=rng.randrange(10**6))
        for game_id, write in zip(ids, (raw, by_sqlalchemy), strict=True):
            monkeypatch.setattr(service_store, name, write)
            await service.act_many(game_id, record.user_of(seat), actions, known=await service.get(game_id))
        one, other = [await service._db.run(partial(_stored, game_id=g), read=True) for g in ids]
        assert one == other
    assert (await service.get(ids[0])).status == "finished" and multi > 0
    assert (await service.get(ids[1])).status == "finished"


async def test_a_failed_write_on_sqlite_leaves_nothing(db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver's statements run in the unit of work's transaction: a failure after the game's
    UPDATE rolls that UPDATE back too, and the write can be made again."""
    if db.backend != "sqlite":
        pytest.skip("SQLite sends a statement per table; PostgreSQL's one statement is all or nothing")
    service = GameService(db.engine, games={GAME.key: GAME}, cached_games=8)
    game = await started(service)
    params = Compiled.params

    def broken(self: Compiled, values: Any) -> Any:
        if self.sql.startswith("INSERT INTO actions"):
            raise RuntimeError("the disk is full")
        return params(self, values)

    monkeypatch.setattr(Compiled, "params", broken)
    with pytest.raises(RuntimeError):
        await service.act_many(game.id, ALICE, [{"type": "bid", "value": 2}], known=game)
    monkeypatch.undo()
    assert (await GameService(db.engine, games={GAME.key: GAME}).get(game.id)).version == game.version
    applied = await service.act_many(game.id, ALICE, [{"type": "bid", "value": 2}])
    assert applied.record.version == game.version + 1
    assert len(await service.log(game.id)) == 1
    await check_consistent(service, game.id)


def test_a_bot_on_sqlite_loads_no_postgresql_driver() -> None:
    """psycopg is imported only where a PostgreSQL write runs: on SQLite it would be 8 MB for nothing."""
    code = ("import sys, bot.app, bot.service, cogs.lobby, cogs.mali\n"
            "sys.exit(sorted(m for m in sys.modules if m.split('.')[0] in ('psycopg', 'asyncpg')) or 0)")
    subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2], check=True)


async def test_a_log_line_already_taken_refuses_the_write_and_changes_nothing(db: Db) -> None:
    """The log's key catches a writer that the version check did not (its seq is taken): the
    driver's statements report it as SQLAlchemy's would, the write is rolled back and tried
    again, and after the last try the player is told; the game is as it was."""
    service = GameService(db.engine, games={GAME.key: GAME}, cached_games=8)
    game = await started(service)
    taken = {"game_id": game.id, "seq": game.last_seq + 1, "seat": "s2", "kind": "action",
             "action": {"type": "bid", "value": 1}, "by": "player", "created_at": datetime(2030, 1, 1, tzinfo=UTC),
             "user_id": None, "events": [], "barrier": True, "undone": False}
    await service._db.run(lambda conn: conn.execute(insert(ACTIONS).values(**taken)))
    with pytest.raises(Conflict):
        await service.act_many(game.id, ALICE, [{"type": "bid", "value": 2}], known=game)
    assert service.stats["retries"] == service.max_tries and service.stats["conflicts"] == 1
    stored = await GameService(db.engine, games={GAME.key: GAME}).get(game.id)
    assert (stored.version, stored.last_seq, stored.snapshot) == (game.version, game.last_seq, game.snapshot)
