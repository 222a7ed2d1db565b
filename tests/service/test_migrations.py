"""The hand-written migration and the models describe the same schema."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, inspect
from sqlalchemy.engine import Connection

from bot.db import make_engine, upgrade
from bot.models import Base
from tests.service.helpers import Db

ROOT = Path(__file__).resolve().parents[2]


def describe(connection: Connection) -> dict[str, Any]:
    """Tables -> columns (nullable, Python type), primary key, foreign keys and index names."""
    reflected = MetaData()
    reflected.reflect(connection)
    inspector = inspect(connection)
    out: dict[str, Any] = {}
    for table in reflected.sorted_tables:
        if table.name == "alembic_version":
            continue
        out[table.name] = {
            "columns": {c.name: (c.nullable, c.type.python_type) for c in table.columns},
            "pk": [c.name for c in table.primary_key.columns],
            "fks": sorted((fk.parent.name, ".".join(fk.target_fullname.split(".")[-2:]))
                          for fk in table.foreign_keys),
            "indexes": sorted(i["name"] for i in inspector.get_indexes(table.name)),
        }
    return out


def expected() -> dict[str, Any]:
    return {
        table.name: {
            "columns": {c.name: (c.nullable, c.type.python_type) for c in table.columns},
            "pk": [c.name for c in table.primary_key.columns],
            "fks": sorted((fk.parent.name, fk.target_fullname) for fk in table.foreign_keys),
            "indexes": sorted(str(i.name) for i in table.indexes),
        }
        for table in Base.metadata.sorted_tables
    }


async def test_migrations_match_models(db: Db) -> None:
    async with db.engine.connect() as connection:
        assert await connection.run_sync(describe) == expected()
    await upgrade(db.url, schema=db.schema)  # again, by URL: already at head, a no-op
    async with db.engine.connect() as connection:
        assert await connection.run_sync(describe) == expected()


async def test_upgrade_by_url_creates_the_sqlite_folder(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "bot.sqlite3"
    await upgrade(f"sqlite:///{path}")
    tables = {r[0] for r in sqlite3.connect(path).execute("select name from sqlite_master")}
    assert {"games", "actions", "players", "messages", "alembic_version"} <= tables
    engine = make_engine(f"sqlite:///{path}")
    async with engine.connect() as connection:
        mode = (await connection.exec_driver_sql("PRAGMA journal_mode")).scalar()
        keys = (await connection.exec_driver_sql("PRAGMA foreign_keys")).scalar()
    await engine.dispose()
    assert (mode, keys) == ("wal", 1)


def test_alembic_command_line_upgrade_head(tmp_path: Path) -> None:
    path = tmp_path / "cli" / "bot.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{path}"}
    done = subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    version = sqlite3.connect(path).execute("select version_num from alembic_version").fetchall()
    assert version == [("0018_discord_language",)]
