"""The `game` autocomplete's query and the scheduler tick's queries are each served by an index,
never a walk through every stored game (SQLite's plan, without ANALYZE, as the bot runs it)."""
from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, insert
from sqlalchemy.engine import Engine
from sqlalchemy.ext.asyncio import AsyncEngine

from bench.stored import NOW
from bot.db import make_engine, upgrade
from bot.service import GameService
from bot.service.store import GAMES, OUTBOX
from games import registry
from tests.service.helpers import Db

GUILD = 1  # a tenth of the stored games


def stored(n: int) -> dict[str, Any]:
    running = n % 3 == 0
    deadline = NOW + (n % 50 - 5) * (NOW - NOW.replace(hour=11)) if running else None
    return {"guild_id": 1 + n % 10, "channel_id": 100 + n % 300, "thread_id": None,
            "key": ("mali", "africa", "maquis")[n % 3], "options": {}, "settings": {}, "creator_id": 1,
            "seats": ["s1", "s2"], "users": {"s1": "1", "s2": "2"},
            "status": "running" if running else ("open", "finished", "abandoned")[n % 3],
            "seed": None, "state": None, "version": 1, "last_seq": 0, "reminded": [], "waiting": ["s1"],
            "deadline_at": deadline, "remind_at": deadline, "created_at": NOW, "updated_at": NOW}


async def plans(engine: AsyncEngine, call: Callable[[], Awaitable[Any]]) -> list[str]:
    """SQLite's plan of every SELECT that `call` runs."""
    seen: list[tuple[str, Any]] = []

    def note(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    event.listen(Engine, "before_cursor_execute", note)  # the service runs on a twin engine
    try:
        await call()
    finally:
        event.remove(Engine, "before_cursor_execute", note)
    out = []
    async with engine.connect() as conn:
        for statement, parameters in seen:
            rows = await conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", tuple(parameters))
            out.append("\n".join(r[-1] for r in rows))
    return out


async def test_the_autocomplete_and_the_tick_are_served_by_indexes(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'plan.sqlite3'}")
    try:
        await upgrade(engine)
        async with engine.begin() as conn:  # no ANALYZE: the bot never runs one
            await conn.execute(insert(GAMES), [stored(n) for n in range(3000)])
            await conn.execute(insert(OUTBOX), [
                {"game_id": 1 + n, "version": 1, "payload": {}, "created_at": NOW,
                 "posted_at": None if n % 100 == 0 else NOW} for n in range(3000)])
        service = GameService(engine, clock=lambda: NOW, games=registry.GAMES)
        offered = await plans(engine, lambda: service.offered(GUILD, 150, "mal"))
        empty = await plans(engine, lambda: service.offered(GUILD, 150))
        due = await plans(engine, service.due)
        reminders = await plans(engine, service.due_reminders)
        posting = await plans(engine, service.games_to_post)
        found = await service.offered(GUILD, 150, "mal")
    finally:
        await engine.dispose()
    assert len(offered) == len(empty) == len(due) == len(posting) == 1, (offered, empty, due, posting)
    for plan in (*offered, *empty):
        assert "ix_games_guild_status (guild_id=? AND status=?)" in plan and "SCAN" not in plan, plan
    assert "ix_games_due (status=? AND deadline_at<?)" in due[0] and "SCAN" not in due[0], due
    assert "ix_games_remind (status=? AND remind_at<?)" in reminders[0] and "SCAN" not in reminders[0], reminders
    assert "TEMP B-TREE" not in reminders[0] + due[0], (reminders, due)  # in the index's order, no sort
    assert len(reminders) == 2 and "SCAN" not in reminders[1], reminders  # the players' last reminders, by key
    assert "ix_outbox_unposted (posted_at=?)" in posting[0] and "SCAN" not in posting[0], posting
    assert found and len(found) <= 25 and all(r.key == "mali" and r.guild_id == GUILD for r in found)


def generic(statement: str, parameters: dict[str, Any]) -> tuple[str, str]:
    """A psycopg statement as PREPARE text and the EXECUTE arguments (its literal values)."""
    names: list[str] = []

    def number(found: re.Match[str]) -> str:
        if found[1] not in names:
            names.append(found[1])
        return f"${names.index(found[1]) + 1}"

    text = re.sub(r"%\((\w+)\)s", number, statement)
    def literal(value: Any) -> str:  # quoted, and % doubled for the driver's own placeholders
        return "NULL" if value is None else "'{}'".format(str(value).replace("'", "''").replace("%", "%%"))

    values = ", ".join(literal(parameters[n]) for n in names)
    return text, values


async def test_postgresql_generic_plans_of_the_tick_use_their_indexes(db: Db) -> None:
    """After five runs psycopg prepares a statement and PostgreSQL may keep a generic plan, made
    without the values (and, before autovacuum's ANALYZE, without statistics): ordered by
    deadline, the reminders' plan walked every running game by deadline."""
    if db.backend != "postgresql":
        pytest.skip("PostgreSQL's generic plans")
    async with db.engine.begin() as conn:  # states of a real size: the planner counts pages
        for start in range(0, 10_000, 2000):
            await conn.execute(insert(GAMES), [{**stored(n), "state": {"pad": "x" * 1500}}
                                               for n in range(start, start + 2000)])
    service = GameService(db.engine, clock=lambda: NOW, games=registry.GAMES)
    seen: list[tuple[str, Any]] = []

    def note(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    event.listen(Engine, "before_cursor_execute", note)
    try:
        await service.due(NOW - timedelta(days=30))
        await service.due_reminders(NOW - timedelta(days=30))
        await service.offered(GUILD, 150, "mal")
    finally:
        event.remove(Engine, "before_cursor_execute", note)
    assert len(seen) == 3, seen
    async with db.engine.connect() as conn:
        await conn.exec_driver_sql("SET plan_cache_mode = force_generic_plan")
        plans = []
        for n, (statement, parameters) in enumerate(seen):
            text, values = generic(statement, parameters)
            await conn.exec_driver_sql(f"PREPARE probe{n} AS {text}")
            rows = await conn.exec_driver_sql(f"EXPLAIN EXECUTE probe{n}({values})")
            plans.append("\n".join(r[0] for r in rows))
    due, reminders, offered = plans
    assert "ix_games_due" in due and "Filter" not in due and "Seq Scan" not in due, due
    assert "ix_games_remind" in reminders and "Filter" not in reminders and "Seq Scan" not in reminders, reminders
    assert "ix_games_guild" in offered and "Seq Scan" not in offered, offered
