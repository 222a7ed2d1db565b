"""Database fixtures: every service test runs on a fresh SQLite file and on PostgreSQL.

PostgreSQL: SERVICE_TEST_PG_URL (default postgresql+asyncpg://postgres@127.0.0.1:5432/test);
each test gets its own schema (search_path), migrated, and dropped afterwards. When the server
does not answer within 2 s, the PostgreSQL half is skipped (said plainly in the skip reason).
"""
from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no types (no py.typed)
import pytest
from sqlalchemy.engine import make_url

from bot.db import make_engine, upgrade
from bot.service import GameService
from tests.service.helpers import Clock, Db
from tests.service.toygame import GAME

PG_URL = os.environ.get("SERVICE_TEST_PG_URL",
                        "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
_pg_refusal: dict[str, str | None] = {}


def pg_dsn(url: str = PG_URL) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def pg_refusal() -> str | None:
    """None when PostgreSQL answers, else the skip reason (asked once per test run)."""
    if PG_URL not in _pg_refusal:
        parsed = make_url(PG_URL)
        where = f"{parsed.host}:{parsed.port or 5432}"
        try:
            conn = await asyncpg.connect(pg_dsn(), timeout=2)
            await conn.close()
            _pg_refusal[PG_URL] = None
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            _pg_refusal[PG_URL] = (f"PostgreSQL at {where} did not answer: skipped "
                                   f"({type(exc).__name__}: {exc})")
    return _pg_refusal[PG_URL]


async def _sqlite(tmp_path: Path) -> AsyncIterator[Db]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'svc.sqlite3'}"
    engine = make_engine(url)
    await upgrade(engine)
    yield Db("sqlite", url, None, engine)
    await engine.dispose()


async def _postgresql() -> AsyncIterator[Db]:
    reason = await pg_refusal()
    if reason:
        pytest.skip(reason)
    schema = f"svc_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(pg_dsn(), timeout=2)
    try:
        await admin.execute(f'CREATE SCHEMA "{schema}"')
        engine = make_engine(PG_URL, schema=schema)
        try:
            await upgrade(engine)
            yield Db("postgresql", PG_URL, schema, engine)
        finally:
            await engine.dispose()
    finally:
        await admin.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Db]:
    source = _sqlite(tmp_path) if request.param == "sqlite" else _postgresql()
    async for value in source:
        yield value


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(db: Db, clock: Clock) -> GameService:
    return GameService(db.engine, clock=clock, games={GAME.key: GAME})
