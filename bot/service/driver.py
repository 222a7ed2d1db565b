"""Statements run on the driver's own connection (sqlite3, psycopg): how a write's statements,
made once, are sent.

SQLAlchemy's execution of a built statement (its compiled-cache lookup, parameter processing and
result object) cost about as much as the database's own work for a move's write. Here each
statement is compiled once per dialect and shape, and its values go through each parameter's own
bind processing: the same JSON, time and boolean encodings SQLAlchemy writes. What differs between
the databases is the statements (`bot/service/store.py` makes them) and the driver's parameter
style, both data; the code that sends them is one. Errors are raised as SQLAlchemy's."""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast
from weakref import WeakKeyDictionary

from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.types import TypeEngine

from bot.db import Unsure

Processor = Callable[[Any], Any] | None
KEPT = 256  # statements kept per dialect: the shapes of writes seen
T = TypeVar("T")

_made: WeakKeyDictionary[Dialect, dict[Any, Any]] = WeakKeyDictionary()


def _once(dialect: Dialect, key: Any, make: Callable[[], T]) -> T:
    """`make()`, made once per dialect and key (at most KEPT kept per dialect)."""
    kept = _made.setdefault(dialect, {})
    found: T | None = kept.get(key)
    if found is None:
        found = make()
        if len(kept) < KEPT:
            kept[key] = found
    return found


def _processor(type_: TypeEngine[Any], dialect: Dialect) -> Processor:
    """How SQLAlchemy turns a Python value of this column type into the driver's."""
    return cast(Processor, type_.dialect_impl(dialect).bind_processor(dialect))


class Compiled:
    """A statement's SQL for one dialect, each parameter's bind processor, and the order of its
    parameters when the driver takes them by position (sqlite3's "?"; psycopg takes names)."""

    __slots__ = ("order", "processors", "sql")

    def __init__(self, statement: ClauseElement, dialect: Dialect) -> None:
        done = cast(SQLCompiler, statement.compile(dialect=dialect))
        self.sql = str(done)
        self.processors = {name: _processor(bind.type, dialect) for name, bind in done.binds.items()}
        self.order = tuple(done.positiontup) if done.positiontup else None

    def params(self, values: Mapping[str, Any]) -> Sequence[Any] | dict[str, Any]:
        def bound(name: str) -> Any:
            process = self.processors.get(name)
            return values[name] if process is None else process(values[name])

        if self.order is not None:
            return tuple(bound(name) for name in self.order)
        return {name: bound(name) for name in self.processors}


def compiled(dialect: Dialect, key: Any, build: Callable[[], Sequence[ClauseElement]]) -> list[Compiled]:
    """`build()`'s statements compiled for this dialect, made once per `key`."""
    return _once(dialect, key, lambda: [Compiled(s, dialect) for s in build()])


def write(conn: Connection, statements: Sequence[Compiled], values: Mapping[str, Any], *,
          alone: bool = False) -> bool:
    """Send the statements in turn, in the unit of work's transaction; the first returns a row
    when it wrote (the game's row at its version); when it returns none, the rest are not sent
    and False. `alone`: with no transaction open, one statement is sent in autocommit (one round
    trip: no BEGIN or COMMIT); if the connection then dies under it, `Unsure` (it may have been
    made). Errors come as SQLAlchemy's (`IntegrityError`...)."""
    alone = alone and len(statements) == 1 and not conn.in_transaction()
    if not alone and not conn.in_transaction():
        conn.begin()  # its commit or rollback (bot.db.Database) ends what is sent here
    driver = conn.connection.driver_connection
    dbapi = conn.dialect.loaded_dbapi
    statement = statements[0]
    try:
        if alone:
            driver.autocommit = True  # type: ignore[union-attr]
        try:
            for n, statement in enumerate(statements):
                cursor = driver.cursor()  # type: ignore[union-attr]
                try:
                    cursor.execute(statement.sql, statement.params(values))
                    if n == 0 and cursor.fetchone() is None:
                        return False
                finally:
                    cursor.close()
        finally:
            if alone:
                with contextlib.suppress(Exception):  # a dead connection is thrown away
                    driver.autocommit = False  # type: ignore[union-attr]
    except dbapi.Error as exc:
        gone = conn.dialect.is_disconnect(exc, driver, None)
        if gone:
            conn.invalidate(exc)
        if gone and alone:
            raise Unsure("the database connection died under a write") from exc
        raise DBAPIError.instance(statement.sql, None, exc, dbapi.Error, connection_invalidated=gone,
                                  dialect=conn.dialect) from exc
    return True
