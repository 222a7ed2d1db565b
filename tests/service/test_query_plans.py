"""The `game` autocomplete's query and the scheduler tick's queries are each served by an index,
never a walk through every stored game (SQLite's plan, without ANALYZE, as the bot runs it)."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy import event, insert
from sqlalchemy.engine import Engine
from sqlalchemy.ext.asyncio import AsyncEngine

from bench.stored import NOW
from bot.db import make_engine, upgrade
from bot.service import GameService
from bot.service.store import GAMES, OUTBOX
from games import registry

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
