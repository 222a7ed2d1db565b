"""Shards and who owns them (docs/dev/service.md, "Shards and ownership").

A guild belongs to shard `(guild_id >> 22) % SHARD_COUNT`, Discord's formula. The process that
holds a shard owns its guilds' games: it keeps them in memory, posts their outbox, and runs their
deadlines and reminders. On PostgreSQL a process holds its shards by session advisory locks, all
on one connection kept for its life; a second process for the same shards waits on those locks as
a standby and takes over the moment that connection drops (kill -9 included). The same connection
LISTENs for the writes other processes made to this process's games. On SQLite one process serves
a file: a lock file beside it refuses a second.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import BigInteger, ColumnElement, literal_column, true
from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

SHARD_BITS = 22  # a guild id's low bits that are not its creation time
LOCKS = 0x7454  # the first key of the bot's advisory locks: (LOCKS, shard id)
LAYOUT = 0x7455  # a shared lock on (LAYOUT, shard count): processes of other counts refuse to start
CHANNEL = "tabletop_writes"  # NOTIFY of a write made by a process that does not own the game


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard of a guild (a DM, with no guild, is shard 0's, as Discord sends it)."""
    return 0 if guild_id is None else (guild_id >> SHARD_BITS) % count


class ShardError(Exception):
    """This process cannot run as configured: the message says why, for the operator."""


@dataclass(frozen=True)
class Shards:
    """The shards in all and those this process runs."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    @property
    def all(self) -> bool:
        return len(self.ids) == self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.all or shard_of(guild_id, self.count) in self.ids

    def clause(self, guild_column: Any) -> ColumnElement[bool]:
        """SQL: the row's guild is one of this process's shards (true when it runs them all)."""
        if self.all:
            return true()
        # Written into the SQL: PostgreSQL has `bigint >> integer` only, and a bound number is a bigint.
        shard = guild_column.op(">>", return_type=BigInteger)(literal_column(str(SHARD_BITS))) \
            % literal_column(str(self.count))
        return shard.in_(self.ids)  # type: ignore[no-any-return]

    def label(self) -> str:
        return f"shard{'s' if len(self.ids) > 1 else ''} {', '.join(map(str, self.ids))} of {self.count}"


Written = Callable[[int, int | None, int], None]  # (game id, guild id, version) written elsewhere


class Ownership:
    """What a process holds while it runs: nothing on a database that needs nothing."""

    async def acquire(self) -> None:
        """Return once this process owns its shards (a standby waits here)."""

    def listen(self, written: Written, lost: Callable[[], None]) -> None:
        """Call `written` for each write another process made; `lost` if ownership ends."""

    async def notify(self, game_id: int, guild_id: int | None, version: int) -> None:
        """Tell the owner of the game that this process wrote it."""

    async def close(self) -> None:
        """Give the shards up (a standby takes them)."""


class FileLock(Ownership):
    """SQLite: one process per database file, by an exclusive lock on `<file>.lock`."""

    def __init__(self, database: str) -> None:
        self.path = Path(f"{database}.lock")
        self._fd: int | None = None

    async def acquire(self) -> None:
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise ShardError(
                f"Another bot process is already running on {self.path.with_suffix('')}. On SQLite the bot "
                "runs as one process: stop the other one, or use PostgreSQL to run shards and a "
                "standby (README, \"Shards\").") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    async def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file gives the lock up
            self._fd = None


class AdvisoryLocks(Ownership):
    """PostgreSQL: a session advisory lock per shard on one connection of this process's own."""

    def __init__(self, url: str, shards: Shards, *, on_standby: Callable[[str], None] | None = None) -> None:
        self.url = url
        self.shards = shards
        self.on_standby = on_standby or (lambda text: log.warning("%s", text))
        self._conn: Any = None  # psycopg.AsyncConnection
        self._listener: asyncio.Task[None] | None = None
        self._notifier: Any = None  # a second connection, for NOTIFY (the first one waits on notifies)
        self._notify_lock = asyncio.Lock()
        self._waiting = False  # in pg_advisory_lock, as a standby

    def _dsn(self) -> str:
        url = make_url(self.url).set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(self._dsn(), autocommit=True)

    async def acquire(self) -> None:
        conn = self._conn = await self._connect()
        with contextlib.suppress(Exception):  # PostgreSQL 14+: a waiting standby's death is noticed
            await conn.execute("SET client_connection_check_interval = '1s'")
        await conn.execute("SELECT pg_advisory_lock_shared(%s, %s)", (LAYOUT, self.shards.count))
        cur = await conn.execute(
            "SELECT DISTINCT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = %s AND objsubid = 2 "
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objid <> %s",
            (LAYOUT, self.shards.count))
        others = sorted(int(r[0]) for r in await cur.fetchall())
        if others:
            await self.close()
            raise ShardError(f"Other bot processes on this database run with SHARD_COUNT={others[0]}, this one "
                             f"with SHARD_COUNT={self.shards.count}: every process of a bot must use the same "
                             "SHARD_COUNT. Stop them all to change it.")
        waited = False
        for shard in self.shards.ids:  # in order: two standbys never wait on each other
            cur = await conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (LOCKS, shard))
            row = await cur.fetchone()
            if row is not None and row[0]:
                continue
            if not waited:
                self.on_standby(f"standby: shard {shard} of {self.shards.count} is held by another process; "
                                f"waiting to take over {self.shards.label()}")
                waited = True
            self._waiting = True
            try:
                await conn.execute("SELECT pg_advisory_lock(%s, %s)", (LOCKS, shard))
            finally:
                self._waiting = False
        await conn.execute(f"LISTEN {CHANNEL}")

    def listen(self, written: Written, lost: Callable[[], None]) -> None:
        self._listener = asyncio.create_task(self._listen(written, lost), name="shard-listener")

    async def _listen(self, written: Written, lost: Callable[[], None]) -> None:
        try:
            async for note in self._conn.notifies():
                try:
                    game, guild, version = (int(x) if x != "-" else None for x in note.payload.split())
                except ValueError:
                    continue
                if game is not None and version is not None and self.shards.owns(guild):
                    written(game, guild, version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the shard ownership connection failed")
        lost()

    async def notify(self, game_id: int, guild_id: int | None, version: int) -> None:
        import psycopg

        payload = f"{game_id} {guild_id if guild_id is not None else '-'} {version}"
        async with self._notify_lock:
            try:
                if self._notifier is None or self._notifier.closed:
                    self._notifier = await self._connect()
                await self._notifier.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            except psycopg.Error as exc:  # the owner's next tick drains the outbox all the same
                log.warning("could not tell the owner of game %s of a write: %s", game_id, exc)
                self._notifier = None

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None
        if self._waiting and self._conn is not None:  # a standby stopped while it waits
            with contextlib.suppress(Exception):
                await self._conn.cancel_safe()
        for conn in (self._notifier, self._conn):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
        self._conn = self._notifier = None


def ownership(url: str, shards: Shards, *, on_standby: Callable[[str], None] | None = None) -> Ownership:
    """How this database holds shards: advisory locks (PostgreSQL), a lock file (a SQLite file)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        return AdvisoryLocks(url, shards, on_standby=on_standby)
    if parsed.database in (None, "", ":memory:"):
        return Ownership()
    if not shards.all:
        raise ShardError(f"SHARD_IDS={','.join(map(str, shards.ids))} needs PostgreSQL: on SQLite the bot runs "
                         "as one process, with every shard.")
    return FileLock(parsed.database)
