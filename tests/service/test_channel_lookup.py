"""Finding the game in a channel reads that channel's and that thread's games through their own
indexes, never a scan of the server's games (SQLite chose the guild's index for the OR before:
1.17x slower at 2% of 10,000 stored games in one server, 2.0x at 10%)."""
from __future__ import annotations

from pathlib import Path

from sqlalchemy import insert
from sqlalchemy.dialects import sqlite

from bench.stored import NOW
from bot.db import make_engine, upgrade
from bot.service.service import IN_CHANNEL
from bot.service.store import GAMES

GUILD = 1  # a tenth of the stored games


async def test_the_channel_lookup_uses_the_channel_and_thread_indexes(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'plan.sqlite3'}")
    try:
        await upgrade(engine)
        rows = [{"guild_id": 1 + n % 10, "channel_id": 100 + n % 300, "thread_id": None if n % 3 else 5000 + n,
                 "key": "race", "options": {}, "settings": {}, "creator_id": 1, "seats": ["s1"],
                 "users": {"s1": "1"}, "status": ("running", "open", "finished")[n // 300 % 3], "seed": None,
                 "state": None, "version": 1, "last_seq": 0, "reminded": [], "created_at": NOW, "updated_at": NOW}
                for n in range(3000)]
        def sql(channel: int) -> str:
            return str(IN_CHANNEL.params(c_guild=GUILD, c_channel=channel)
                       .compile(dialect=sqlite.dialect(), compile_kwargs={"literal_binds": True}))
        async with engine.begin() as conn:  # no ANALYZE: the bot never runs one
            await conn.execute(insert(GAMES), rows)
            plan = [r[-1] for r in await conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql(150)}")]
            in_channel = [r.id for r in await conn.exec_driver_sql(sql(150))]
            in_thread = [r.id for r in await conn.exec_driver_sql(sql(5000))]
    finally:
        await engine.dispose()
    text = "\n".join(plan)
    assert "ix_games_channel_status (channel_id=? AND status=?)" in text, text
    assert "ix_games_thread_status (thread_id=? AND status=?)" in text, text
    assert "(guild_id=?)" not in text and "SCAN" not in text, text  # no walk through the server's games
    def active(n: int) -> bool:
        return rows[n]["guild_id"] == GUILD and rows[n]["status"] != "finished"

    assert in_channel == [n + 1 for n in range(len(rows)) if active(n) and rows[n]["channel_id"] == 150] != []
    assert in_thread == [1]  # ids from 1
