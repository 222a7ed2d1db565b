"""Engines, sessions and migrations for SQLite (aiosqlite) and PostgreSQL (asyncpg)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.engine.url import URL
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
DEFAULT_URL = "sqlite+aiosqlite:///data/bot.sqlite3"
SQLITE_BUSY_MS = 15_000


def database_url() -> str:
    """DATABASE_URL from the environment, else the default SQLite file."""
    return os.environ.get("DATABASE_URL") or DEFAULT_URL


def normalise_url(url: str | URL) -> URL:
    """Pick the async driver when a URL names none (postgresql://, sqlite://)."""
    parsed = make_url(url)
    if parsed.drivername in ("sqlite", "sqlite+pysqlite"):
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    elif parsed.drivername in ("postgresql", "postgres", "postgresql+psycopg2"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
    return parsed


def ensure_sqlite_folder(url: str | URL) -> None:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL: every commit is on disk before a move is answered (NORMAL would be faster, but a power
    # cut could lose the last moves). README, "Settings", says what this trades.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def canonical_json(value: Any) -> str:
    """How JSON columns are written: sorted keys, so a stored snapshot is the canonical dump."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def make_engine(url: str | URL | None = None, *, schema: str | None = None,
                **kwargs: Any) -> AsyncEngine:
    """An async engine; `schema` (PostgreSQL only) becomes the connections' search_path."""
    parsed = normalise_url(url or database_url())
    kwargs.setdefault("json_serializer", canonical_json)
    # Every session ends its own transaction (commit or rollback on close), so the pool's extra
    # rollback on check-in would only cost a round trip (a thread hop on SQLite) per session.
    kwargs.setdefault("pool_reset_on_return", None)
    if parsed.get_backend_name() == "sqlite":
        ensure_sqlite_folder(parsed)
        connect_args = {"timeout": SQLITE_BUSY_MS / 1000, **kwargs.pop("connect_args", {})}
        engine = create_async_engine(parsed, connect_args=connect_args, **kwargs)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    connect_args = dict(kwargs.pop("connect_args", {}))
    if schema:
        settings = dict(connect_args.get("server_settings", {}))
        settings["search_path"] = schema
        connect_args["server_settings"] = settings
    kwargs.setdefault("pool_pre_ping", True)
    return create_async_engine(parsed, connect_args=connect_args, **kwargs)


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[Any]:
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config() -> Config:
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def _upgrade_sync(connection: Connection, revision: str) -> None:
    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, revision)


async def upgrade(url_or_engine: str | URL | AsyncEngine | None = None, schema: str | None = None,
                  revision: str = "head") -> None:
    """Run the Alembic migrations to `revision` (head by default)."""
    if isinstance(url_or_engine, AsyncEngine):
        engine, owned = url_or_engine, False
    else:
        engine, owned = make_engine(url_or_engine, schema=schema), True
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_upgrade_sync, revision)
    finally:
        if owned:
            await engine.dispose()
