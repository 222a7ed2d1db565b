"""The storage half of the service: rows in and records out, and the one write path.

Every write goes through `Store._write`: load the row, plan the change (checks + pure game
calls), `UPDATE games ... WHERE id = :id AND version = :v`, append the log, commit, all in one
transaction, run as one unit of work (`bot.db.Database`). A write that matched no row lost a race
with another process: reload and replan.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from functools import partial
from typing import Any, cast
from weakref import WeakValueDictionary

from sqlalchemy import Table, bindparam, delete, insert, select, true, union_all, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import Database, Unsure
from bot.models import ActionRow, GameRow, MessageRow, OutboxRow, PlayerRow, RatingRow, ResultRow, ServerRow
from bot.service.cache import GameCache
from bot.service.driver import compiled, write
from bot.service.errors import Conflict, NoSuchGame, ServiceError, UnknownGame
from bot.service.records import Applied, GameRecord, LogEntry, MessageRecord, PlayerRecord
from bot.shards import Ownership, Shards
from games.base import Action, Event, Game, say

GAMES = cast(Table, GameRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)
PLAYERS = cast(Table, PlayerRow.__table__)
MESSAGES = cast(Table, MessageRow.__table__)
OUTBOX = cast(Table, OutboxRow.__table__)
RESULTS = cast(Table, ResultRow.__table__)
RATINGS = cast(Table, RatingRow.__table__)
SERVERS = cast(Table, ServerRow.__table__)

# Statements built once: building one per move cost as much as running it (a write's own are
# compiled once per shape, see STATEMENTS).
LOAD_GAME = select(GAMES).where(GAMES.c.id == bindparam("w_id"))
UNDELIVERED = (select(OUTBOX).where(OUTBOX.c.game_id == bindparam("o_game"),
                                    OUTBOX.c.version <= bindparam("o_version"),
                                    (OUTBOX.c.posted_at.is_(None)) | (OUTBOX.c.dm_at.is_(None)))
               .order_by(OUTBOX.c.version, OUTBOX.c.id))
MARK_OUTBOX = update(OUTBOX).where(OUTBOX.c.id.in_(bindparam("o_ids", expanding=True)))
BEGIN_POST = (update(OUTBOX).where(OUTBOX.c.id.in_(bindparam("o_ids", expanding=True)),
                                   OUTBOX.c.post.is_(None), OUTBOX.c.posted_at.is_(None))
              .values(post=bindparam("post")))
MESSAGES_OF = select(MESSAGES).where(MESSAGES.c.game_id == bindparam("m_game")).order_by(MESSAGES.c.id)
MESSAGES_OF_KIND = MESSAGES_OF.where(MESSAGES.c.kind == bindparam("m_kind"))

# Columns only the bot reads: a write of nothing else leaves the game's state version (what a
# panel is built at) as it was, and bumps only the row's write version.
BOOKKEEPING = frozenset({"reminded", "remind_at", "table_message_id", "thread_id"})
MAX_ID = 2**31 - 1  # games.id is a 32-bit integer on PostgreSQL
LAST_ENTRIES = 1024  # games whose last log entry is remembered (see Store.last_entry)


def no_such_game(game_id: object) -> NoSuchGame:
    """The refusal for a bad id, a missing game or another server's game: all alike."""
    return NoSuchGame(say("There is no game #{number} in this server.", number=str(game_id)))


def valid_id(value: object) -> bool:
    """A number that can name a stored row (never a bool, a string or out of range)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_ID


@dataclass
class LogLine:
    """One entry of the move log: a seat's action (or drop) and its public events."""

    seat: str
    kind: str  # "action" | "drop"
    action: Action | None
    by: str  # "player" | "timeout" | "admin"
    events: list[Event] = field(default_factory=list)
    barrier: bool = True


@dataclass
class Change:
    """What a plan wants written, and what the caller gets back."""

    values: dict[str, Any]
    log: list[LogLine] = field(default_factory=list)
    state: Any = None
    events: list[Event] = field(default_factory=list)
    before: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    public_before: dict[str, Any] | None = None
    public_after: dict[str, Any] | None = None
    finished: bool = False
    notice: dict[str, Any] | None = None  # the outbox payload: what to tell, and whom
    undo_seq: int | None = None  # the first log entry this write takes back (and all after it)
    drop_outbox: list[int] = field(default_factory=list)  # unposted outbox rows it cancels


@dataclass(frozen=True)
class OutboxEntry:
    id: int
    game_id: int
    version: int
    first_seq: int | None
    last_seq: int | None
    payload: dict[str, Any]
    created_at: datetime
    dm_at: datetime | None
    posted_at: datetime | None
    post: str | None = None  # the nonce of the post begun for it (see Outbox.begin_post)


class Outbox:
    """The delivery queue that every write fills in its own transaction (bot/presenter.py posts it)."""

    _db: Database
    _serial: asyncio.Lock | None
    shards: Shards

    def _writing(self) -> contextlib.AbstractAsyncContextManager[Any]:
        """Held around a write transaction (on SQLite; nothing on PostgreSQL)."""
        return self._serial if self._serial is not None else contextlib.nullcontext()

    async def undelivered(self, game_id: int, up_to_version: int) -> list[OutboxEntry]:
        """Rows not yet posted or DMed, up to a version, oldest first."""
        params = {"o_game": game_id, "o_version": up_to_version}
        rows = await self._db.run(lambda conn: conn.execute(UNDELIVERED, params).all(), read=True)
        return [OutboxEntry(**r._mapping) for r in rows]

    async def mark_delivered(self, ids: list[int], *, dm: bool = False, posted: bool = False,
                             dm_only: list[int] | None = None) -> None:
        """Note rows as told, in one commit: `ids` as DMed and/or posted, `dm_only` as DMed."""
        now = datetime.now(UTC)
        values: dict[str, Any] = {}
        if dm:
            values["dm_at"] = now
        if posted:
            values["posted_at"] = now
        dm_only = [i for i in dm_only or [] if i not in ids]
        if not (ids and values) and not dm_only:
            return

        def work(conn: Connection) -> None:
            if ids and values:
                conn.execute(MARK_OUTBOX, {"o_ids": ids, **values})
            if dm_only:
                conn.execute(MARK_OUTBOX, {"o_ids": dm_only, "dm_at": now})

        async with self._writing():
            await self._db.run(work)

    async def begin_post(self, ids: list[int], told: str) -> bool:
        """Before a post is sent: note that it tells these rows, by its nonce `told`, so that a
        delivery made again (after a kill, by the process taking over) repeats exactly this post
        before any later rows. False (nothing noted) when one of them is gone or begun already
        (an undo cancelled it): the delivery that write makes tells it."""
        def work(conn: Connection) -> bool:
            done = conn.execute(BEGIN_POST, {"o_ids": ids, "post": told})
            if done.rowcount == len(ids):
                return True
            conn.rollback()
            return False

        async with self._writing():
            return await self._db.run(work)

    async def games_to_post(self, limit: int = 100) -> list[int]:
        """Games with something still to post or DM (after a restart or a failed post), of this
        process's shards."""
        query = select(OUTBOX.c.game_id).where(OUTBOX.c.posted_at.is_(None))
        if not self.shards.all:
            query = query.join(GAMES, GAMES.c.id == OUTBOX.c.game_id).where(self.shards.clause(GAMES.c.guild_id))
        query = query.group_by(OUTBOX.c.game_id).order_by(OUTBOX.c.game_id).limit(limit)
        return await self._db.run(lambda conn: [r[0] for r in conn.execute(query).all()], read=True)


Plan = Callable[[Connection, dict[str, Any], datetime], Change | None]


class Store(Outbox):
    """Units of work, the clock, the games mapping, per-game locks and the one write path."""

    def __init__(self, engine: AsyncEngine, *,
                 clock: Callable[[], datetime] | None = None,
                 games: Mapping[str, Game] | None = None, max_tries: int = 5,
                 cached_games: int = 0) -> None:
        self._db = Database(engine)
        self._clock = clock or (lambda: datetime.now(UTC))
        self._games = games
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._last_entries: OrderedDict[int, tuple[int, LogEntry]] = OrderedDict()
        # Whole records of the games last read or written (bot/service/cache.py); 0: none, every
        # read goes to the database (tests and tools that read beside a running bot).
        self.cache = GameCache(cached_games)
        # The shards this process owns (bot/shards.py): it keeps only their games, and tells their
        # owner of a write to another's game (`ownership.notify`).
        self.shards = Shards()
        self.ownership = Ownership()
        # SQLite takes one writer at a time: queueing writes here spares them its busy-wait
        # (sleeps of up to 100 ms) when many moves arrive at once. PostgreSQL writes in parallel.
        self._serial: asyncio.Lock | None = asyncio.Lock() if self._db.dialect == "sqlite" else None
        self.max_tries = max_tries
        # "writes": committed writes; "retries": writes that lost a race and were replanned;
        # "conflicts": calls that gave up after max_tries.
        self.stats: Counter[str] = Counter()

    @property
    def games(self) -> Mapping[str, Game]:
        if self._games is None:
            from games.registry import GAMES as registry
            self._games = registry
        return self._games

    def now(self) -> datetime:
        value = self._clock()
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)

    def _game(self, key: str) -> Game:
        try:
            return self.games[key]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "-"
            raise UnknownGame(say("There is no game called {name}. Games: {games}.", name=repr(key),
                                  games=known)) from None

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    @staticmethod
    def _load(conn: Connection, game_id: int, guild_id: int | None = None) -> dict[str, Any]:
        """The game's row; NoSuchGame for a bad id, a missing game or another server's game."""
        missing = no_such_game(game_id)
        if not valid_id(game_id):
            raise missing
        row = conn.execute(LOAD_GAME, {"w_id": game_id}).first()
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise missing
        return dict(row._mapping)

    def _record(self, data: dict[str, Any], state: Any = None) -> GameRecord:
        """A record of a row; a light one when the row was selected without its state."""
        game = self._game(data["key"])
        snapshot = data.get("state")
        if state is None and snapshot is not None:
            state = game.load(snapshot)
        running = data["status"] == "running"
        if state is not None:
            to_act = list(game.to_act(state)) if running else []
        else:
            to_act = list(data.get("waiting") or []) if running else []
        fields = {k: v for k, v in data.items() if k not in ("state", "waiting")}
        record = GameRecord(**fields, snapshot=snapshot, game=game, state=state, to_act=to_act)
        return self.cache.put(record) if "state" in data and self.shards.owns(record.guild_id) else record

    @staticmethod
    def _derived(game: Game, status: str, state: Any) -> dict[str, Any]:
        """The columns kept beside the state: who owes an action, and the public outcome."""
        if state is None:
            return {"waiting": [], "result": None}
        outcome = game.outcome(state)
        waiting = list(game.to_act(state)) if status == "running" and outcome is None else []
        return {"waiting": waiting, "result": dict(outcome) if outcome is not None else None}

    async def _write(self, game_id: int, plan: Plan, guild_id: int | None = None,
                     known: GameRecord | None = None) -> tuple[dict[str, Any], Change | None]:
        """Plan and write a change of one game. `known`: the game as the caller just read it, to
        plan on instead of reading it again; a write it makes stale fails the version check and is
        planned again on the stored row, and so is a refusal it led to."""
        if not valid_id(game_id):
            raise no_such_game(game_id)
        given = self._row_of(known) if known is not None and known.id == game_id else None
        sent: list[Sent] = []  # the writes tried, the last one first to look for after an Unsure
        pending: list[Sent] = []  # tries whose connection died: each may have been made
        async with self._lock(game_id):
            for _ in range(self.max_tries):
                async with self._writing():
                    try:
                        done = await self._db.run(partial(self._attempt, game_id=game_id, plan=plan,
                                                          guild_id=guild_id, given=given,
                                                          pending=pending, sent=sent))
                    except ServiceError:
                        if given is None:
                            raise
                        given = None
                        continue
                    except Unsure:
                        if not sent:
                            continue  # this try wrote nothing (it found its move made): try again
                        if sent[-1].seq is None:
                            raise  # a write without a log line: nothing tells it apart, so never retried
                        pending.append(sent[-1])
                        given = None
                        continue
                if done is not None:
                    if done[1] is not None:
                        self.stats["writes"] += 1
                        self._note_last_entry(done[0], done[1])
                        if not self.shards.owns(done[0]["guild_id"]):
                            await self.ownership.notify(game_id, done[0]["guild_id"], done[0]["version"])
                    return done
                given = None
                self.stats["retries"] += 1
        self.stats["conflicts"] += 1
        raise Conflict(say("Too many moves arrived at once and this one kept losing the race. "
                           "Nothing was changed: please try again."))

    def _attempt(self, conn: Connection, game_id: int, plan: Plan, guild_id: int | None,
                 given: dict[str, Any] | None, pending: list[Sent] | None = None,
                 sent: list[Sent] | None = None) -> tuple[dict[str, Any], Change | None] | None:
        """One try of a write, in one transaction: None when another writer got there first.
        `pending`: earlier tries whose connection died; once the game is past the version one
        was planned on, that try was made (its own log row is there) or never will be."""
        if sent is not None:
            sent.clear()
        if given is not None and guild_id is not None and given["guild_id"] != guild_id:
            raise no_such_game(game_id)
        if given is not None:
            cur = given
        else:
            cur = self._load(conn, game_id, guild_id)
            self.cache.forget(game_id, unless_version=cur["version"])
        for lost in pending or []:
            if cur["version"] > lost.version and lost.made(conn):
                return lost.done
        now = self.now()
        change = plan(conn, cur, now)
        if change is None:
            return cur, None
        values = {**change.values, "version": cur["version"] + 1, "updated_at": now,
                  "last_seq": cur["last_seq"] + len(change.log)}
        if change.log or not change.values.keys() <= BOOKKEEPING:
            values["state_version"] = cur["state_version"] + 1
        if "state" in values or "status" in values:  # keep waiting and result true
            state = change.state
            if state is None and values.get("state", cur["state"]) is not None:
                state = self._game(cur["key"]).load(values.get("state", cur["state"]))
            values.update(self._derived(self._game(cur["key"]),
                                        values.get("status", cur["status"]), state))
        if "deadline_at" in values:
            values["remind_at"] = remind_time(values.get("turn_started_at", cur["turn_started_at"]),
                                              values["deadline_at"])
        done = {**cur, **values}, change
        if sent is not None:
            sent.append(Sent.of(cur, done, now))
        if not self._commit(conn, cur, values, change, now):
            self.cache.forget(game_id)
            return None
        return done

    @staticmethod
    def _commit(conn: Connection, cur: dict[str, Any], values: dict[str, Any],
                change: Change, now: datetime) -> bool:
        """Write the row, the log and the outbox (`Database.run` commits); False (rolled back) if
        another writer got there first."""
        game_id = cur["id"]
        users = values.get("users", cur["users"]) or {}
        first = cur["last_seq"] + 1
        lines = [{"game_id": game_id, "seq": first + i, "seat": line.seat, "kind": line.kind,
                  "action": line.action, "by": line.by, "created_at": now,
                  "user_id": _user_id(users.get(line.seat)), "events": line.events,
                  "barrier": line.barrier, "undone": False, "command": first}
                 for i, line in enumerate(change.log)]
        notice = None if change.notice is None else {
            "game_id": game_id, "version": values["version"], "first_seq": first if lines else None,
            "last_seq": values["last_seq"] if lines else None, "payload": change.notice, "created_at": now}
        return _write_row(conn, cur, values, lines, notice, change)

    @staticmethod
    def _row_of(record: GameRecord) -> dict[str, Any] | None:
        """The stored row a full record was made of (None for a light one or one without state)."""
        if record.snapshot is None:
            return None
        row = {f.name: getattr(record, f.name) for f in fields(record) if f.name in GAMES.c}
        return {**row, "state": record.snapshot, "waiting": list(record.to_act)}

    def _note_last_entry(self, data: dict[str, Any], change: Change) -> None:
        """Remember the log's last entry at the written version (for `can_undo`), kept for the
        last LAST_ENTRIES games written."""
        game_id, version = data["id"], data["version"]
        before = self._last_entries.pop(game_id, None)
        if change.log:
            line = change.log[-1]
            entry = LogEntry(game_id=game_id, seq=data["last_seq"], seat=line.seat, kind=line.kind,
                             action=line.action, by=line.by, created_at=data["updated_at"],
                             user_id=_user_id((data["users"] or {}).get(line.seat)),
                             events=line.events, barrier=line.barrier,
                             command=data["last_seq"] - len(change.log) + 1)
        elif before is not None and before[0] == version - 1 and change.undo_seq is None:
            entry = before[1]  # the log did not change
        else:
            return
        self._last_entries[game_id] = (version, entry)
        while len(self._last_entries) > LAST_ENTRIES:
            self._last_entries.popitem(last=False)

    def last_entry(self, game_id: int, version: int) -> LogEntry | None:
        """The log's last entry at `version` of the game, when this process wrote that version."""
        known = self._last_entries.get(game_id)
        return known[1] if known is not None and known[0] == version else None

    def _applied(self, data: dict[str, Any], change: Change) -> Applied:
        record = self._record(data, change.state)
        return Applied(record=record, events=change.events, before_to_act=change.before,
                       after_to_act=change.after, public_before=change.public_before,
                       public_after=change.public_after, finished=change.finished)

    async def get(self, game_id: int, guild_id: int | None = None) -> GameRecord:
        """The game; with `guild_id`, only a game of that server (else NoSuchGame)."""
        if not valid_id(game_id):
            raise no_such_game(game_id)
        kept = self.cache.get(game_id)
        if kept is not None:
            if guild_id is not None and kept.guild_id != guild_id:
                raise no_such_game(game_id)
            return kept
        row = await self._db.run(lambda conn: self._load(conn, game_id, guild_id), read=True)
        return self._record(row)

    async def _select(self, *where: Any, order: Any = None, limit: int | None = None,
                      light: bool = False) -> list[GameRecord]:
        """Records of the matching games; `light` ones leave the state unread (see GameRecord)."""
        columns = [c for c in GAMES.c if c.name != "state"] if light else [GAMES]
        query = select(*columns).where(*where).order_by(order if order is not None else GAMES.c.id)
        if limit is not None:
            query = query.limit(limit)
        return await self._records(query)

    async def _records(self, query: Any, params: dict[str, Any] | None = None) -> list[GameRecord]:
        # Built in the unit of work's thread: loading many states is CPU work, kept off the loop.
        return await self._db.run(
            lambda conn: [self._record(dict(r._mapping)) for r in conn.execute(query, params or {})], read=True)

    async def backfill(self, batch: int = 200) -> int:
        """Fill `waiting` and `result` of rows stored before those columns existed, from their
        states, a batch at a time off the event loop; how many rows were filled."""
        done = 0
        while True:
            query = (select(GAMES.c.id, GAMES.c.key, GAMES.c.status, GAMES.c.state)
                     .where(GAMES.c.waiting.is_(None)).order_by(GAMES.c.id).limit(batch))

            def derive(conn: Connection, query: Any = query) -> list[dict[str, Any]]:
                out = []
                for gid, key, status, snapshot in conn.execute(query):
                    game = self.games.get(key)
                    state = game.load(snapshot) if game is not None and snapshot is not None else None
                    values = self._derived(game, status, state) if game is not None \
                        else {"waiting": [], "result": None}
                    out.append({"id": gid, **values})
                return out

            filled = await self._db.run(derive, read=True)  # read and derived in the worker thread
            if not filled:
                return done

            def fill(conn: Connection, filled: list[dict[str, Any]] = filled) -> None:
                for values in filled:
                    conn.execute(update(GAMES).where(GAMES.c.id == values.pop("id")).values(**values))

            async with self._writing():
                await self._db.run(fill)
            done += len(filled)

    # -- messages and players ------------------------------------------------------------
    async def add_message(self, game_id: int, kind: str, channel_id: int, message_id: int,
                          version: int, *, token: str | None = None, token_at: datetime | None = None) -> None:
        """Remember a posted message ("board", "prompt", ...) to edit or disable later (`token`: an
        interaction's answer, edited through that token)."""
        def work(conn: Connection) -> None:
            self._load(conn, game_id)
            conn.execute(insert(MESSAGES).values(game_id=game_id, kind=kind, channel_id=channel_id,
                                                 message_id=message_id, version=version, token=token,
                                                 token_at=token_at))

        async with self._writing():
            await self._db.run(work)

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRecord]:
        query, params = (MESSAGES_OF, {"m_game": game_id}) if kind is None else \
            (MESSAGES_OF_KIND, {"m_game": game_id, "m_kind": kind})
        rows = await self._db.run(lambda conn: conn.execute(query, params).all(), read=True)
        return [MessageRecord(**r._mapping) for r in rows]

    async def forget_messages(self, game_id: int, message_ids: list[int]) -> None:
        statement = delete(MESSAGES).where(MESSAGES.c.game_id == game_id,
                                           MESSAGES.c.message_id.in_(message_ids))
        async with self._writing():
            await self._db.run(lambda conn: conn.execute(statement))

    async def get_player(self, user_id: int) -> PlayerRecord:
        query = select(PLAYERS).where(PLAYERS.c.user_id == user_id)
        row = await self._db.run(lambda conn: conn.execute(query).first(), read=True)
        return PlayerRecord(**row._mapping) if row else PlayerRecord(user_id=user_id)

    async def set_notify(self, user_id: int, on: bool) -> PlayerRecord:
        return await self._set_player(user_id, notify=bool(on))

    async def set_preferences(self, user_id: int, mode: str, quiet: tuple[int, int] | None = None,
                              utc_offset: int | None = None) -> PlayerRecord:
        """off: never mentioned nor DMed; mention: mentioned when a turn begins; dm: mentioned and
        DMed. A quiet window (from, to) in the player's hours holds back DMs; (h, h) clears it."""
        values: dict[str, Any] = {"notify": mode == "dm", "mention": mode != "off"}
        if quiet is not None:
            values.update(quiet_from=quiet[0], quiet_to=quiet[1])
        if utc_offset is not None:
            values["utc_offset"] = utc_offset
        return await self._set_player(user_id, **values)

    async def set_language(self, user_id: int, language: str | None) -> PlayerRecord:
        """The language the user reads the bot in; None: their Discord client's."""
        return await self._set_player(user_id, language=language)

    async def set_discord_language(self, user_id: int, language: str) -> None:
        """The language of the user's Discord app, as last seen in an interaction (their DMs' when
        they chose none). The caller writes it only when it changed (bot/languages.py)."""
        async with self._writing():
            await self._db.run(lambda conn: self._upsert_player(conn, user_id, discord_language=language))

    async def server_language(self, guild_id: int) -> str | None:
        """The language a server's admins chose for its tables; None: the guild's preferred locale."""
        query = select(SERVERS.c.language).where(SERVERS.c.guild_id == guild_id)
        found = await self._db.run(lambda conn: conn.execute(query).scalar(), read=True)
        return str(found) if found else None

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        def work(conn: Connection) -> None:
            make = postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert
            stmt = make(SERVERS).values(guild_id=guild_id, language=language)
            conn.execute(stmt.on_conflict_do_update(index_elements=[SERVERS.c.guild_id],
                                                    set_={"language": language}))

        async with self._writing():
            await self._db.run(work)

    async def players(self, user_ids: list[int]) -> dict[int, PlayerRecord]:
        """Preferences of several users at once (the defaults for those never seen)."""
        if not user_ids:
            return {}
        query = select(PLAYERS).where(PLAYERS.c.user_id.in_(user_ids))
        rows = await self._db.run(lambda conn: conn.execute(query).all(), read=True)
        found = {int(r.user_id): PlayerRecord(**r._mapping) for r in rows}
        return {u: found.get(u, PlayerRecord(user_id=u)) for u in user_ids}

    async def set_dm_closed(self, user_id: int, closed: bool) -> PlayerRecord:
        """Note whether the user's DMs are closed: told after every DM, written only when it changed."""
        known = await self.get_player(user_id)
        if known.dm_closed == bool(closed):
            return known
        return await self._set_player(user_id, dm_closed=bool(closed))

    async def _set_player(self, user_id: int, **values: Any) -> PlayerRecord:
        async with self._writing():
            await self._db.run(lambda conn: self._upsert_player(conn, user_id, **values))
        return await self.get_player(user_id)

    @staticmethod
    def _upsert_player(conn: Connection, user_id: int, **values: Any) -> None:
        make = postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert
        stmt = make(PLAYERS).values(
            **{"user_id": user_id, "notify": False, "dm_closed": False, "last_reminder_at": None,
               "mention": True, "utc_offset": 0,
               **values})
        conn.execute(stmt.on_conflict_do_update(index_elements=[PLAYERS.c.user_id],
                                                         set_=values))


# A write's statements, per database: the only difference between them. PostgreSQL writes the
# row, the log lines, the undo mark, the dropped posts and the outbox row in one statement, all
# hung on the version-checked UPDATE's RETURNING (a stale version writes nothing); a write with
# a log line and nothing read before it runs alone, in autocommit: one round trip instead of five
# (BEGIN, three statements, COMMIT). SQLite sends one statement per table in the unit's
# transaction (it answers in-process: round trips cost nothing), stopped after the UPDATE when it
# matched no row.
LOG_COLUMNS = ("game_id", "seq", "seat", "kind", "action", "by", "created_at", "user_id", "events",
               "barrier", "undone", "command")
NOTICE_COLUMNS = ("game_id", "version", "first_seq", "last_seq", "payload", "created_at")
Shape = tuple[tuple[str, ...], int, bool, bool, int]  # columns set, log lines, notice, undo, drops


def _binds(table: Table, columns: tuple[str, ...], prefix: str) -> dict[str, Any]:
    return {c: bindparam(f"{prefix}{c}", type_=table.c[c].type) for c in columns}


def _parts(shape: Shape) -> tuple[Any, list[Any], Any, Any, Any]:
    """The row's UPDATE, the log lines, the notice, the undo mark and the dropped posts."""
    keys, lines, notice, undo, drops = shape
    row = (update(GAMES).where(GAMES.c.id == bindparam("w_id"), GAMES.c.version == bindparam("w_version"))
           .values(_binds(GAMES, keys, "g_")).returning(GAMES.c.id))
    log = [_binds(ACTIONS, LOG_COLUMNS, f"l{i}_") for i in range(lines)]
    told = _binds(OUTBOX, NOTICE_COLUMNS, "o_") if notice else None
    # an undo takes back the log's last entries that count: from u_seq on (later ones are undone already)
    undone = (update(ACTIONS).where(ACTIONS.c.game_id == bindparam("w_id"), ACTIONS.c.seq >= bindparam("u_seq"))
              .values(undone=true())) if undo else None
    dropped = (delete(OUTBOX).where(OUTBOX.c.id.in_([bindparam(f"d{i}") for i in range(drops)]),
                                    OUTBOX.c.posted_at.is_(None), OUTBOX.c.post.is_(None))) if drops else None
    return row, log, told, undone, dropped


def _one_statement(shape: Shape) -> list[Any]:
    """PostgreSQL: everything hung on the UPDATE's RETURNING, in one statement."""
    row, log, told, undone, dropped = _parts(shape)
    written = row.cte("written")
    made = select(written.c.id).exists()
    more = []
    if log:
        rows = [select(*[v.label(c) for c, v in line.items()]).select_from(written) for line in log]
        more.append(insert(ACTIONS).from_select(LOG_COLUMNS, rows[0] if len(rows) == 1 else union_all(*rows))
                    .cte("logged"))
    if undone is not None:
        more.append(undone.where(made).cte("undid"))
    if dropped is not None:
        more.append(dropped.where(made).cte("dropped"))
    if told is not None:
        more.append(insert(OUTBOX).from_select(NOTICE_COLUMNS, select(*[v.label(c) for c, v in told.items()])
                                               .select_from(written)).cte("told"))
    return [select(written.c.id).add_cte(*more)]


def _per_table(shape: Shape) -> list[Any]:
    """SQLite: the UPDATE first, then one statement per table."""
    row, log, told, undone, dropped = _parts(shape)
    return [row, *([insert(ACTIONS).values(log)] if log else []),
            *(s for s in (undone, dropped) if s is not None),
            *([insert(OUTBOX).values(told)] if told is not None else [])]


STATEMENTS: dict[str, Callable[[Shape], list[Any]]] = {"postgresql": _one_statement, "sqlite": _per_table}


def write_values(cur: dict[str, Any], values: dict[str, Any], lines: list[dict[str, Any]],
                 notice: dict[str, Any] | None, change: Change) -> tuple[Shape, dict[str, Any]]:
    """A write's shape (which statements) and the values of their parameters."""
    shape: Shape = (tuple(sorted(values)), len(lines), notice is not None, change.undo_seq is not None,
                    len(change.drop_outbox))
    params: dict[str, Any] = {"w_id": cur["id"], "w_version": cur["version"], "u_seq": change.undo_seq}
    params.update({f"g_{k}": v for k, v in values.items()})
    for i, line in enumerate(lines):
        params.update({f"l{i}_{c}": line[c] for c in LOG_COLUMNS})
    if notice is not None:
        params.update({f"o_{c}": notice[c] for c in NOTICE_COLUMNS})
    params.update({f"d{i}": d for i, d in enumerate(change.drop_outbox)})
    return shape, params


def _write_row(conn: Connection, cur: dict[str, Any], values: dict[str, Any], lines: list[dict[str, Any]],
               notice: dict[str, Any] | None, change: Change) -> bool:
    """`Store._commit`: the one write of a game's row, its log, undo mark, dropped posts and
    outbox row, on the driver's connection (bot/service/driver.py); False (nothing written)
    when another writer got there first."""
    shape, params = write_values(cur, values, lines, notice, change)
    statements = compiled(conn.dialect, shape, partial(STATEMENTS[conn.dialect.name], shape))
    try:
        if write(conn, statements, params, alone=bool(lines)):  # alone: an Unsure write is told by its log line
            return True
    except IntegrityError:  # the log's primary key caught a concurrent writer
        pass
    conn.rollback()
    return False


@dataclass(frozen=True)
class Sent:
    """A write as tried: the version it was planned on, its first log line, and what it returns."""

    game_id: int
    version: int
    seq: int | None  # its first log line's seq (None: a write without a log line)
    line: tuple[str, str, str, datetime] | None  # that line's seat, kind, by and time
    done: tuple[dict[str, Any], Change]

    @classmethod
    def of(cls, cur: dict[str, Any], done: tuple[dict[str, Any], Change], now: datetime) -> Sent:
        log = done[1].log
        if not log:
            return cls(cur["id"], cur["version"], None, None, done)
        return cls(cur["id"], cur["version"], cur["last_seq"] + 1,
                   (log[0].seat, log[0].kind, log[0].by, now), done)

    def made(self, conn: Connection) -> bool:
        """Whether this write's own log row is stored: (game, seq), by this seat, at this time."""
        row = conn.execute(select(ACTIONS.c.seat, ACTIONS.c.kind, ACTIONS.c.by, ACTIONS.c.created_at)
                           .where(ACTIONS.c.game_id == self.game_id, ACTIONS.c.seq == self.seq)).first()
        return row is not None and tuple(row) == self.line


REMIND_AT = 0.75  # reminders are due after this share of a turn's window


def remind_time(start: datetime | None, deadline: datetime | None) -> datetime | None:
    """When a reminder of the window (start, deadline) falls due."""
    if start is None or deadline is None:
        return None
    return start + (deadline - start) * REMIND_AT


def _user_id(user: str | None) -> int | None:
    return int(user) if user is not None and user.isdigit() and int(user) < 2**63 else None

