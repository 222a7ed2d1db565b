"""A move's write run on the driver's own connection (sqlite3, psycopg).

SQLAlchemy's execution of a built statement (its compiled-cache lookup, parameter processing and
result object) cost about as much as the database's own work for a move's write. Here each
statement is SQL made once (per table and set of columns), and its values go through each
column's own bind processing: the same JSON, time and boolean encodings SQLAlchemy writes. The
statements run in the unit of work's transaction (`bot.db.Database` commits it); PostgreSQL's
one statement may run alone, in autocommit. Errors are raised as SQLAlchemy's."""
from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast
from weakref import WeakKeyDictionary

from sqlalchemy import Table
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.types import TypeEngine

from bot.db import Unsure

Processor = Callable[[Any], Any] | None
Prepared = tuple[str, tuple[str, ...], tuple[Processor, ...]]
KEPT = 256  # statements kept per dialect: the tables times the sets of columns written
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


def _prepare(dialect: Dialect, kind: str, table: Table, names: tuple[str, ...]) -> Prepared:
    """`UPDATE table SET names[:-2] WHERE names[-2] = ? AND names[-1] = ?` ("update"), or
    `INSERT INTO table (names) VALUES (...)` ("insert"): its SQL, the parameters' order and each
    one's bind processor."""
    def make() -> Prepared:
        quote = dialect.identifier_preparer.quote
        if kind == "update":
            sets, where = names[:-2], names[-2:]
            sql = (f"UPDATE {quote(table.name)} SET " + ", ".join(f"{quote(n)} = ?" for n in sets)
                   + " WHERE " + " AND ".join(f"{quote(n)} = ?" for n in where))
        else:
            sql = (f"INSERT INTO {quote(table.name)} (" + ", ".join(quote(n) for n in names)
                   + ") VALUES (" + ", ".join("?" for _ in names) + ")")
        return sql, names, tuple(_processor(table.c[n].type, dialect) for n in names)

    return _once(dialect, (kind, table.name, names), make)


def _bound(prepared: Prepared, values: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(v if p is None else p(v) for v, p in zip(values, prepared[2], strict=True))


def _driver(conn: Connection) -> sqlite3.Connection:
    """The sqlite3 connection, inside the unit of work's transaction (begun here if nothing was
    read yet: its commit or rollback then ends what these statements did)."""
    if not conn.in_transaction():
        conn.begin()
    driver = conn.connection.driver_connection
    assert isinstance(driver, sqlite3.Connection)
    return driver


@contextlib.contextmanager
def _as_sqlalchemy(conn: Connection, sql: str) -> Iterator[None]:
    """sqlite3's errors raised as SQLAlchemy's (`IntegrityError`, `OperationalError`...), as
    its own statements would raise them."""
    try:
        yield
    except sqlite3.Error as exc:
        raise DBAPIError.instance(sql, None, exc, sqlite3.Error, dialect=conn.dialect) from exc


def update_row(conn: Connection, table: Table, values: Mapping[str, Any], where: Mapping[str, Any]) -> int:
    """Set `values` in the rows matching both `where` columns (a column may be in both: its
    old value is matched, its new one set); how many rows were updated."""
    prepared = _prepare(conn.dialect, "update", table, (*values, *where))
    with _as_sqlalchemy(conn, prepared[0]):
        cursor = _driver(conn).execute(prepared[0], _bound(prepared, [*values.values(), *where.values()]))
    return cursor.rowcount


def insert_rows(conn: Connection, table: Table, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert rows that all give the same columns."""
    if not rows:
        return
    names = tuple(rows[0])
    prepared = _prepare(conn.dialect, "insert", table, names)
    driver = _driver(conn)
    with _as_sqlalchemy(conn, prepared[0]):
        if len(rows) == 1:
            driver.execute(prepared[0], _bound(prepared, [rows[0][n] for n in names]))
        else:
            driver.executemany(prepared[0], [_bound(prepared, [row[n] for n in names]) for row in rows])


# --- PostgreSQL: one statement, named parameters ----------------------------------------------

Compiled = tuple[str, dict[str, Processor]]


def compiled(dialect: Dialect, key: Any, build: Callable[[], ClauseElement]) -> Compiled:
    """`build()`'s SQL for this dialect and each parameter's bind processor, made once per `key`."""
    def make() -> Compiled:
        done = cast(SQLCompiler, build().compile(dialect=dialect))
        return str(done), {name: _processor(bind.type, dialect) for name, bind in done.binds.items()}

    return _once(dialect, key, make)


def first_value(conn: Connection, statement: Compiled, params: Mapping[str, Any]) -> Any:
    """Run the statement on psycopg's connection and return its first row's first value. With
    no transaction open, it runs alone, in autocommit (one round trip, no BEGIN or COMMIT); if
    the connection then dies under it, `Unsure` (it may have been made). Errors come as SQLAlchemy's (`DBAPIError`)."""
    import psycopg  # here: a bot on SQLite never loads it (8 MB)

    sql, processors = statement
    values = {k: v if (process := processors.get(k)) is None else process(v) for k, v in params.items()}
    alone = not conn.in_transaction()
    driver = conn.connection.driver_connection
    assert isinstance(driver, psycopg.Connection)
    try:
        if alone:
            driver.autocommit = True
        try:
            with driver.cursor() as cursor:
                cursor.execute(sql, values)
                row = cursor.fetchone()
        finally:
            if alone and not (driver.closed or driver.broken):
                driver.autocommit = False
    except psycopg.Error as exc:
        gone = driver.closed or driver.broken  # as SQLAlchemy's psycopg dialect tells
        if gone:
            conn.invalidate(exc)
        if gone and alone:
            raise Unsure("the database connection died under a write") from exc
        raise DBAPIError.instance(sql, values, exc, psycopg.Error, connection_invalidated=gone,
                                  dialect=conn.dialect) from exc
    assert row is not None
    return row[0]
