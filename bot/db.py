"""Engines, units of work and migrations for SQLite and PostgreSQL (psycopg; see `Database`)."""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.engine.url import URL
from sqlalchemy.exc import DBAPIError, DisconnectionError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.config import DEFAULT_DATABASE_URL

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SQLITE_BUSY_MS = 15_000


def database_url() -> str:
    """DATABASE_URL from the environment, else the default SQLite file."""
    return os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL


def normalise_url(url: str | URL) -> URL:
    """The async engine's driver: aiosqlite for SQLite; psycopg (3) for PostgreSQL, whatever
    driver the URL names (the bot's units of work use psycopg too: one driver, one set of
    connection settings)."""
    parsed = make_url(url)
    if parsed.drivername in ("sqlite", "sqlite+pysqlite"):
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    elif parsed.get_backend_name() == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
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
    """How JSON columns are written: sorted keys, so a stored snapshot is the canonical dump.

    orjson writes the text of `json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)`
    ten times faster (a float in exponent form may be spelled otherwise: 1e-7, not 1e-07); what
    it refuses (an integer past 64 bits, a key that is not a string) goes to `json`."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    except TypeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# Every engine's: canonical JSON in, orjson out; and no rollback by the pool on check-in, since
# every unit of work (and the migrations' connection) ends its own transaction (commit, or rollback as it closes): the
# pool's would only cost a round trip (a thread hop on SQLite) each time.
ENGINE_SETTINGS: dict[str, Any] = {"json_serializer": canonical_json, "json_deserializer": orjson.loads,
                                   "pool_reset_on_return": None}


def make_engine(url: str | URL | None = None, *, schema: str | None = None,
                **kwargs: Any) -> AsyncEngine:
    """An async engine; `schema` (PostgreSQL only) becomes the connections' search_path."""
    parsed = normalise_url(url or database_url())
    kwargs = {**ENGINE_SETTINGS, **kwargs}
    if parsed.get_backend_name() == "sqlite":
        ensure_sqlite_folder(parsed)
        connect_args = {"timeout": SQLITE_BUSY_MS / 1000, **kwargs.pop("connect_args", {})}
        engine = create_async_engine(parsed, connect_args=connect_args, **kwargs)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    connect_args = {**_pg_connect_args(schema), **kwargs.pop("connect_args", {})}
    engine = create_async_engine(parsed, connect_args=connect_args, **kwargs)
    event.listen(engine.sync_engine, "checkout", _drop_closed)
    _schemas[engine.sync_engine] = schema
    return engine


def _drop_closed(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """On pool checkout, swap a connection known closed (the server restarted) for a new one, at
    no cost: `pool_pre_ping` would cost round trips on every checkout. A connection that died
    unnoticed fails one unit of work, which `Database.run` tries again."""
    inner = getattr(dbapi_connection, "_connection", dbapi_connection)  # psycopg's, in an adapter
    if getattr(inner, "closed", False) or getattr(inner, "broken", False):
        raise DisconnectionError("the server closed this connection")


def _pg_connect_args(schema: str | None) -> dict[str, Any]:
    """psycopg's connection arguments: `schema` becomes the search_path."""
    return {"options": f"-c search_path={schema}"} if schema else {}


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


T = TypeVar("T")


class Unsure(Exception):
    """The connection died while a write committed (its COMMIT, or a statement sent alone in
    autocommit): it may have been made or not. Never run again blindly: that could play a move
    twice (`Store._write` looks for the write's own log row)."""


DB_THREADS = 4  # units of work at once (SQLite: one writer among them, see Store._writing)
_threads: ThreadPoolExecutor | None = None
_schemas: WeakKeyDictionary[Engine, str | None] = WeakKeyDictionary()  # make_engine's `schema`


def _db_threads() -> ThreadPoolExecutor:
    global _threads
    if _threads is None:
        _threads = ThreadPoolExecutor(DB_THREADS, thread_name_prefix="db")
    return _threads


class Database:
    """Runs a unit of work, a function of a synchronous Connection, as one transaction in a worker
    thread: committed when it returns, rolled back when it raises.

    The work runs on a synchronous twin of the async engine (pysqlite; psycopg for PostgreSQL),
    so a transaction of several statements costs one hand-off between the event loop and a
    thread. SQLAlchemy's async adapters cost a hand-off (aiosqlite: three or four) or a greenlet
    round per statement, each a wake-up of the loop: a move's write cost twice the raw driver's.
    On SQLite each worker thread keeps its connection from one unit of work to the next."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.dialect = engine.dialect.name
        self._twin = _sync_twin(engine)
        # Reads of one statement need no transaction: on PostgreSQL that spares BEGIN and COMMIT.
        self._reader = self._twin if self.dialect == "sqlite" else \
            self._twin.execution_options(isolation_level="AUTOCOMMIT")
        # SQLite: each worker thread keeps its connection between units of work (a file: it
        # never drops), sparing a pool checkout and return each; closed with the engine.
        self._kept = threading.local()
        # Each kept connection with the lock its thread holds while it works on it: closing the
        # engine waits for a statement under way (closing an SQLite connection another thread is
        # using crashes the process).
        self._all_kept: list[tuple[Connection, threading.RLock]] = []
        self._kept_lock = threading.Lock()
        if self.dialect == "sqlite":
            event.listen(self._twin, "engine_disposed", lambda _engine: self._close_kept())

    async def run(self, work: Callable[[Connection], T], *, read: bool = False) -> T:
        """`work(connection)` in one transaction (`read`: a single read, in autocommit); tried
        once more when its connection turned out dead before the commit (a database restart),
        which cannot have written anything."""
        loop = asyncio.get_running_loop()
        engine = self._reader if read else self._twin
        for attempt in (1, 2):
            committing = [False]
            try:
                if self.dialect == "sqlite":
                    return await loop.run_in_executor(_db_threads(), self._in_kept, work, committing)
                return await loop.run_in_executor(_db_threads(), self._in_thread, engine, work, committing)
            except DBAPIError as exc:
                if attempt == 2 or committing[0] or not exc.connection_invalidated:
                    raise
        raise AssertionError("unreachable")

    @staticmethod
    def _done(conn: Connection, work: Callable[[Connection], T], committing: list[bool]) -> T:
        result = work(conn)
        committing[0] = True
        try:
            conn.commit()
        except DBAPIError as exc:
            if exc.connection_invalidated:
                raise Unsure("the database connection died under a commit") from exc
            raise
        return result

    def _in_thread(self, engine: Engine, work: Callable[[Connection], T], committing: list[bool]) -> T:
        with engine.connect() as conn:  # closing rolls back what did not commit
            return self._done(conn, work, committing)

    def _in_kept(self, work: Callable[[Connection], T], committing: list[bool]) -> T:
        """`_in_thread` on the thread's kept connection (SQLite)."""
        conn: Connection | None = getattr(self._kept, "conn", None)
        busy: threading.RLock | None = getattr(self._kept, "busy", None)
        if conn is None or busy is None or conn.closed or conn.invalidated:
            conn, busy = self._twin.connect(), threading.RLock()
            self._kept.conn, self._kept.busy = conn, busy
            with self._kept_lock:
                self._all_kept = [(c, b) for c, b in self._all_kept if not (c.closed or c.invalidated)] \
                    + [(conn, busy)]
        with busy:
            if conn.closed:  # closed with the engine just now: this unit of work opens another
                return self._in_kept(work, committing)
            try:
                return self._done(conn, work, committing)
            except BaseException:
                try:
                    conn.rollback()
                except SQLAlchemyError:  # unusable: the thread's next unit of work opens another
                    with contextlib.suppress(SQLAlchemyError):
                        conn.invalidate()
                raise

    def _close_kept(self) -> None:
        with self._kept_lock:
            kept, self._all_kept = self._all_kept, []
        for conn, busy in kept:  # detached: closed for good, not returned to the pool (already disposed)
            with busy, contextlib.suppress(Exception):  # once the statement under way is done
                conn.detach()
                conn.close()


def _sync_twin(engine: AsyncEngine) -> Engine:
    """A synchronous engine on the async engine's database, with the same settings, disposed with
    it."""
    if engine.dialect.name == "sqlite":
        twin = create_engine(engine.url.set(drivername="sqlite+pysqlite"), **ENGINE_SETTINGS,
                             connect_args={"timeout": SQLITE_BUSY_MS / 1000, "check_same_thread": False})
        event.listen(twin, "connect", _sqlite_pragmas)
    else:
        twin = create_engine(engine.url.set(drivername="postgresql+psycopg"), **ENGINE_SETTINGS,
                             connect_args=_pg_connect_args(_schemas.get(engine.sync_engine)),
                             pool_size=DB_THREADS, max_overflow=DB_THREADS)
        event.listen(twin, "checkout", _drop_closed)
    event.listen(engine.sync_engine, "engine_disposed", lambda _engine: twin.dispose())
    return twin
