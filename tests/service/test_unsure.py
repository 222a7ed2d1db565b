"""A write whose connection dies, at each point of the write, is applied exactly once (PostgreSQL:
SQLite's file never drops its connection). The connection is closed under psycopg at the point,
and the write's statement or COMMIT reaches the server or not, now or later."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import psycopg
import pytest

from bot.service import GameService
from tests.service.conftest import pg_dsn
from tests.service.helpers import ALICE, BOB, Db, check_consistent, started
from tests.service.toygame import GAME

ALICE_BID = {"type": "bid", "value": 2}
BOB_BID = {"type": "bid", "value": 3}


class Killer:
    """Kills the connection once for each step of `plan` ("point:reach", comma-separated): at
    its point, "statement" (the write's statement) or "commit", where the write then reaches the
    server: "never" (lost on the way), "now" (made, its answer lost), "later" (made on the server
    after the write's next statement was sent: a statement the server still held), "last" (made
    on the server right after the next kill). `then`: run right after the last kill, before the
    write is tried again (another player's move)."""

    def __init__(self, db: Db, plan: str, then: Callable[[], None] | None = None) -> None:
        self.db, self.then = db, then
        self.plan = [tuple(step.split(":")) for step in plan.split(",")]
        self.armed = False
        self.kills = 0
        self.held: tuple[str, Any, Any] | None = None  # a statement still on its way to the server

    def side(self, sql: Any, params: Any) -> None:
        """Run a held statement on a connection of its own (the server finishing it)."""
        armed, self.armed = self.armed, False  # the server's own work: never killed
        try:
            with psycopg.connect(pg_dsn(), autocommit=True, options=f"-c search_path={self.db.schema}") as conn:
                conn.execute(sql, params)
        finally:
            self.armed = armed

    def at(self, point: str) -> str | None:
        """How the write reaches the server when it is killed at this point now (None: not now)."""
        if not self.armed or self.plan[self.kills][0] != point:
            return None
        return self.plan[self.kills][1]

    def kill(self, conn: psycopg.Connection[Any], hold: tuple[str, Any, Any] | None = None) -> None:
        self.kills += 1
        self.armed = self.kills < len(self.plan)
        conn.close()
        held, self.held = self.held, hold
        if held is not None and held[0] == "last":  # held since an earlier kill
            self.side(*held[1:])
        if self.then is not None and not self.armed:
            self.then()
        raise psycopg.OperationalError("server closed the connection unexpectedly")

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        execute, commit = psycopg.Cursor.execute, psycopg.Connection.commit

        def killing_execute(cursor: psycopg.Cursor[Any], query: Any, params: Any = None, **kw: Any) -> Any:
            write = str(query).lstrip().startswith("WITH written")
            if write and self.held is not None and self.held[0] == "later":
                held, self.held = self.held, None
                self.side(*held[1:])  # the lost statement commits now, after the check
            reach = self.at("statement") if write else None
            if reach == "now":
                execute(cursor, query, params, **kw)
            if reach is not None:
                self.kill(cursor.connection, (reach, query, params) if reach in ("later", "last") else None)
            return execute(cursor, query, params, **kw)

        def killing_commit(conn: psycopg.Connection[Any]) -> None:
            reach = self.at("commit")
            if reach == "now":
                commit(conn)
            if reach is not None:
                self.kill(conn)
            commit(conn)

        monkeypatch.setattr(psycopg.Cursor, "execute", killing_execute)
        monkeypatch.setattr(psycopg.Connection, "commit", killing_commit)


PLANS = ["statement:never", "statement:now", "statement:later", "statement:later,statement:never",
         "statement:never,commit:now", "statement:last,commit:never", "commit:never", "commit:now",
         "commit:never,commit:now"]


@pytest.mark.parametrize("moved", [False, True], ids=["alone", "another-moved"])
@pytest.mark.parametrize("plan", PLANS)
async def test_a_move_whose_connection_dies_is_applied_once(db: Db, monkeypatch: pytest.MonkeyPatch,
                                                            plan: str, moved: bool) -> None:
    if db.backend != "postgresql":
        pytest.skip("SQLite's file never drops its connection")
    if moved and plan.split(":")[-1] in ("never", "later"):
        pytest.skip("another move meanwhile: only after a write that was made")
    point = plan.split(":")[0]
    # "statement": a move planned on the game the command had, its one statement in autocommit;
    # "commit": a move planned on the stored row, in a transaction committed after it.
    service = GameService(db.engine, games={GAME.key: GAME}, cached_games=8 if point == "statement" else 0)
    other = GameService(db.engine, games={GAME.key: GAME})  # another process on the database
    game = await started(service)
    loop = asyncio.get_running_loop()

    def bob_moves() -> None:  # from the write's thread, while the write waits
        asyncio.run_coroutine_threadsafe(other.act(game.id, BOB, BOB_BID), loop).result()

    killer = Killer(db, plan, bob_moves if moved else None)
    killer.install(monkeypatch)
    killer.armed = True
    applied = await service.act(game.id, ALICE, ALICE_BID, known=game if point == "statement" else None)
    monkeypatch.undo()
    assert killer.kills == len(killer.plan) and killer.held is None
    assert applied.record.version == game.version + 1
    log = [(e.seat, e.action) for e in await other.log(game.id)]
    assert sorted(log) == sorted([("s1", ALICE_BID)] + ([("s2", BOB_BID)] if moved else []))
    record = await check_consistent(other, game.id)
    assert record.version == game.version + 1 + moved
