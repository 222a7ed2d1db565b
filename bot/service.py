"""GameService: the one place where games are opened, played and stored (docs/dev/service.md).

The rules of the service live here; rows, records and the one write path in bot/service_store.py.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from games.base import Action, Event, Game, IllegalAction, resolve_options

from bot.models import GameRow
from bot.service_errors import (
    AlreadyJoined,
    Conflict,
    Illegal,
    NoSuchGame,
    NotAllowed,
    NotInGame,
    NotYourTurn,
    ServiceError,
    StaleAction,
    TableFull,
    UnknownGame,
    WrongStatus,
    mention,
    mentions,
)
from bot.service_records import (
    Applied,
    GameRecord,
    LogEntry,
    MessageRecord,
    PlayerRecord,
    normalise_settings,
)
from bot.service_store import ACTIONS, GAMES, MESSAGES, PLAYERS, LogLine, Store, Change

__all__ = [
    "AlreadyJoined", "Applied", "Conflict", "GameRecord", "GameService", "Illegal", "LogEntry",
    "MessageRecord", "NoSuchGame", "NotAllowed", "NotInGame", "NotYourTurn", "PlayerRecord",
    "ServiceError", "StaleAction", "TableFull", "UnknownGame", "WrongStatus",
]

ACTIVE = ("open", "running")
REMIND_AT = 0.75
REMINDER_GAP = timedelta(hours=4)
SEED_BITS = 62


def _status_refusal(status: str, wanted: str) -> WrongStatus:
    why = {
        "open": "this table has not started yet (the creator starts it once enough players joined)",
        "running": "this game is already running",
        "finished": "this game is over",
        "abandoned": "this game was abandoned",
    }.get(status, f"this game is {status}")
    return WrongStatus(f"You can't {wanted}: {why}.")


class GameService(Store):
    """Tables, moves, time-outs and queries; see docs/dev/service.md."""

    def _deadline(self, settings: dict[str, Any], now: datetime) -> datetime | None:
        hours = settings.get("turn_hours", 0)
        return now + timedelta(hours=hours) if hours else None

    def _turn_clock(self, cur: dict[str, Any], before: list[str], after: list[str],
                    now: datetime) -> dict[str, Any]:
        """A new window when a seat newly owes an action; seats that acted leave `reminded`."""
        if not after:
            return {"turn_started_at": None, "deadline_at": None, "reminded": []}
        if cur["turn_started_at"] is None or set(after) - set(before):
            return {"turn_started_at": now, "deadline_at": self._deadline(cur["settings"], now),
                    "reminded": []}
        return {"reminded": [s for s in cur["reminded"] if s in after]}

    def _move(self, cur: dict[str, Any], game: Game, before_state: Any, after_state: Any,
              events: list[Event], log: list[LogLine], now: datetime,
              before: list[str] | None = None) -> Change:
        before = list(game.to_act(before_state)) if before is None else before
        finished = game.outcome(after_state) is not None
        after = [] if finished else list(game.to_act(after_state))
        values = {"state": game.dump(after_state), **self._turn_clock(cur, before, after, now)}
        if finished:
            values["status"] = "finished"
        return Change(values=values, log=log, state=after_state, events=events, before=before,
                      after=after, public_before=game.view(before_state, None),
                      public_after=game.view(after_state, None), finished=finished)

    def _running(self, cur: dict[str, Any], wanted: str = "play") -> tuple[Game, Any]:
        if cur["status"] != "running":
            raise _status_refusal(cur["status"], wanted)
        game = self._game(cur["key"])
        return game, game.load(cur["state"])

    # -- tables -----------------------------------------------------------------------------

    def new_seed(self) -> int:
        """A fresh game seed; tests replace this method to replay a known game."""
        return random.SystemRandom().getrandbits(SEED_BITS)

    async def open_table(self, guild_id: int, channel_id: int, creator_id: int, key: str,
                         options: dict[str, Any] | None = None,
                         settings: dict[str, Any] | None = None) -> GameRecord:
        game = self._game(key)
        try:
            resolved = resolve_options(game, dict(options or {}))
        except IllegalAction as exc:
            raise Illegal(str(exc)) from exc
        now = self.now()
        row = GameRow(guild_id=guild_id, channel_id=channel_id, thread_id=None, key=key,
                      options=resolved, settings=normalise_settings(settings, game),
                      creator_id=creator_id, seats=[str(creator_id)], status="open", seed=None,
                      state=None, version=0, reminded=[], created_at=now, updated_at=now)
        async with self._sessions() as session:
            session.add(row)
            await session.commit()
            self.stats["writes"] += 1
            return self._record(await self._load(session, row.id))

    async def join(self, game_id: int, user_id: int | str) -> GameRecord:
        seat = str(user_id)

        async def plan(_s: AsyncSession, cur: dict[str, Any], _now: datetime) -> Change:
            if cur["status"] != "open":
                raise _status_refusal(cur["status"], "join")
            if seat in cur["seats"]:
                raise AlreadyJoined("You are already at this table. Wait for the creator "
                                    f"({mention(cur['creator_id'])}) to start it.")
            cap = cur["settings"].get("max_players") or self._game(cur["key"]).max_players
            if len(cur["seats"]) >= cap:
                raise TableFull(f"This table is full ({cap} players). Open a new table to play.")
            return Change({"seats": [*cur["seats"], seat]})

        data, _ = await self._write(game_id, plan)
        return self._record(data)

    async def leave(self, game_id: int, user_id: int | str) -> GameRecord:
        seat = str(user_id)

        async def plan(_s: AsyncSession, cur: dict[str, Any], _now: datetime) -> Change:
            if cur["status"] != "open":
                raise WrongStatus("You can only leave a table that has not started. This game "
                                  "is running: its creator or an admin can drop you from it.")
            if seat not in cur["seats"]:
                raise NotInGame("You are not at this table, so there is nothing to leave.")
            seats = [s for s in cur["seats"] if s != seat]
            values: dict[str, Any] = {"seats": seats}
            if not seats:
                values["status"] = "abandoned"
            elif seat == str(cur["creator_id"]):
                values["creator_id"] = int(seats[0])
            return Change(values)

        data, _ = await self._write(game_id, plan)
        return self._record(data)

    async def start(self, game_id: int, user_id: int | str, *, seed: int | None = None) -> Applied:
        async def plan(_s: AsyncSession, cur: dict[str, Any], now: datetime) -> Change:
            if cur["status"] != "open":
                raise _status_refusal(cur["status"], "start it")
            if str(cur["creator_id"]) != str(user_id):
                raise NotAllowed("Only the table's creator "
                                 f"({mention(cur['creator_id'])}) can start the game.")
            game = self._game(cur["key"])
            count = len(cur["seats"])
            if not game.min_players <= count <= game.max_players:
                raise NotAllowed(f"{game.title} needs {game.min_players} to {game.max_players} "
                                 f"players; the table has {count}. Wait for more to join.")
            chosen = self.new_seed() if seed is None else seed
            try:
                state = game.setup(list(cur["seats"]), dict(cur["options"]), chosen)
            except IllegalAction as exc:
                raise Illegal(str(exc)) from exc
            change = self._move(cur, game, state, state, [], [], now, before=[])
            change.values.update(status="running", seed=chosen)
            change.public_before = None
            return change

        data, change = await self._write(game_id, plan)
        assert change is not None
        return self._applied(data, change)

    # -- moves ------------------------------------------------------------------------------
    async def act(self, game_id: int, user_id: int | str, action: Action, *,
                  expected_version: int | None = None, by: str = "player") -> Applied:
        seat = str(user_id)

        async def plan(session: AsyncSession, cur: dict[str, Any], now: datetime) -> Change:
            game, state = self._running(cur)
            if seat not in cur["seats"]:
                raise NotInGame("You are not playing in this game, so you can't move in it.")
            before = list(game.to_act(state))
            stale = expected_version is not None and expected_version != cur["version"]
            if seat not in before:
                if stale:
                    raise self._stale(before)
                raise NotYourTurn(f"It's not your turn: the game is waiting on {mentions(before)}.")
            if stale and await self._repeats_last(session, cur["id"], seat, action):
                raise self._stale(before)
            try:
                after_state, events = game.apply(state, seat, action)
            except IllegalAction as exc:
                if stale:
                    raise self._stale(before) from exc
                raise Illegal(str(exc)) from exc
            return self._move(cur, game, state, after_state, events,
                              [(seat, "action", action, by)], now, before)

        data, change = await self._write(game_id, plan)
        assert change is not None
        return self._applied(data, change)

    def _stale(self, waiting: list[str]) -> StaleAction:
        return StaleAction("That button is out of date: the game has moved on since it was shown. "
                           f"Use the latest message; the game is waiting on {mentions(waiting)}.")

    async def _repeats_last(self, session: AsyncSession, game_id: int, seat: str,
                            action: Action) -> bool:
        """A stale click that repeats the last logged move is a double click, not a new move."""
        last = (await session.execute(
            select(ACTIONS.c.seat, ACTIONS.c.kind, ACTIONS.c.action)
            .where(ACTIONS.c.game_id == game_id).order_by(ACTIONS.c.seq.desc()).limit(1))).first()
        return last is not None and (last.seat, last.kind, last.action) == (seat, "action", action)

    async def timeout(self, game_id: int) -> Applied | None:
        """Apply the table's on_timeout choice to every seat that owes an action past the deadline.

        One default action (or drop) per overdue seat per call; None when nothing is due."""
        async def plan(_s: AsyncSession, cur: dict[str, Any], now: datetime) -> Change | None:
            deadline = cur["deadline_at"]
            if cur["status"] != "running" or deadline is None or now < deadline:
                return None
            game, state = self._running(cur)
            overdue = list(game.to_act(state))
            mode = cur["settings"].get("on_timeout", "wait")
            if mode == "wait" or not overdue:
                hours = cur["settings"].get("turn_hours", 0)
                view = game.view(state, None)
                # The turn clock keeps running (a kick needs a whole window); only the deadline moves.
                return Change(
                    {"deadline_at": self._deadline(cur["settings"], now), "reminded": []},
                    state=state, before=overdue, after=overdue, public_before=view,
                    public_after=view,
                    events=[{"type": "timeout", "mode": "wait", "seats": overdue,
                             "text": f"Time is up for {mentions(overdue)}: the table waits "
                                     f"another {hours} h."}])
            new, events, log = state, [], []
            for seat in overdue:
                if game.outcome(new) is not None or seat not in game.to_act(new):
                    continue
                try:
                    if mode == "default":
                        action = game.default_action(new, seat)
                        text = (f"{mention(seat)} ran out of time: "
                                f"{game.describe(new, seat, action)} was played for them.")
                        new, more = game.apply(new, seat, action)
                        log.append((seat, "action", action, "timeout"))
                    else:
                        text = f"{mention(seat)} ran out of time and leaves the game."
                        new, more = game.drop(new, seat)
                        log.append((seat, "drop", None, "timeout"))
                except IllegalAction as exc:
                    raise Illegal(f"Time-out for {mention(seat)} failed: {exc}") from exc
                events += [{"type": "timeout", "mode": mode, "seat": seat, "text": text}, *more]
            return self._move(cur, game, state, new, events, log, now, overdue)

        data, change = await self._write(game_id, plan)
        return None if change is None else self._applied(data, change)

    async def drop_player(self, game_id: int, seat: str, by: str = "admin", *,
                          user_id: int | str | None = None, is_admin: bool = False) -> Applied:
        """Remove a seat from a running game (`game.drop`), logged as kind "drop".

        With `user_id`, checks the caller: the creator, an admin, or the seat itself (resigning).
        Without it the caller has checked permissions already."""
        seat = str(seat)

        async def plan(_s: AsyncSession, cur: dict[str, Any], now: datetime) -> Change:
            game, state = self._running(cur, "drop a player")
            if seat not in cur["seats"]:
                raise NotInGame(f"{mention(seat)} is not playing in this game.")
            if user_id is not None and not (is_admin or str(user_id) in (str(cur["creator_id"]),
                                                                         seat)):
                raise NotAllowed("Only the game's creator "
                                 f"({mention(cur['creator_id'])}) or an admin can drop a player.")
            try:
                after_state, events = game.drop(state, seat)
            except IllegalAction as exc:
                raise Illegal(str(exc)) from exc
            return self._move(cur, game, state, after_state, events, [(seat, "drop", None, by)],
                              now)

        data, change = await self._write(game_id, plan)
        assert change is not None
        return self._applied(data, change)

    async def abandon(self, game_id: int, user_id: int | str, is_admin: bool = False) -> GameRecord:
        """End an open or running game without a result: its creator or an admin."""
        async def plan(_s: AsyncSession, cur: dict[str, Any], _now: datetime) -> Change:
            if cur["status"] not in ACTIVE:
                raise _status_refusal(cur["status"], "abandon it")
            if not (is_admin or str(user_id) == str(cur["creator_id"])):
                raise NotAllowed("Only the game's creator "
                                 f"({mention(cur['creator_id'])}) or an admin can abandon it.")
            return Change({"status": "abandoned", "deadline_at": None, "reminded": []})

        data, _ = await self._write(game_id, plan)
        return self._record(data)

    # -- reading ----------------------------------------------------------------------------
    async def in_channel(self, guild_id: int, channel_id: int) -> list[GameRecord]:
        """Open and running games in this channel or played in this thread."""
        return await self._select(
            GAMES.c.guild_id == guild_id, GAMES.c.status.in_(ACTIVE),
            or_(GAMES.c.channel_id == channel_id, GAMES.c.thread_id == channel_id))

    async def in_guild(self, guild_id: int, *, active_only: bool = True) -> list[GameRecord]:
        """Open and running games of a guild (every game with active_only=False)."""
        where = [GAMES.c.guild_id == guild_id]
        if active_only:
            where.append(GAMES.c.status.in_(ACTIVE))
        return await self._select(*where)

    async def log(self, game_id: int, limit: int | None = 20) -> list[LogEntry]:
        """The last `limit` log entries (all with None), oldest first."""
        query = select(ACTIONS).where(ACTIONS.c.game_id == game_id).order_by(ACTIONS.c.seq.desc())
        if limit is not None:
            query = query.limit(limit)
        async with self._sessions() as session:
            await self._load(session, game_id)
            rows = (await session.execute(query)).all()
        return [LogEntry(**r._mapping) for r in reversed(rows)]

    async def rebuild(self, game_id: int) -> Any:
        """Replay the game from its seed and log; must equal the snapshot (game.dump equal)."""
        record = await self.get(game_id)
        if record.seed is None:
            raise _status_refusal(record.status, "rebuild it")
        game = record.game
        state = game.setup(list(record.seats), dict(record.options), record.seed)
        for entry in await self.log(game_id, limit=None):
            if entry.kind == "drop":
                state, _ = game.drop(state, entry.seat)
            else:
                state, _ = game.apply(state, entry.seat, entry.action or {})
        return state

    # -- deadlines --------------------------------------------------------------------------
    async def due(self, now: datetime | None = None) -> list[GameRecord]:
        """Running games whose deadline passed, the most overdue first."""
        now = now or self.now()
        return await self._select(GAMES.c.status == "running", GAMES.c.deadline_at <= now,
                                  order=GAMES.c.deadline_at)

    async def due_reminders(self, now: datetime | None = None) -> list[tuple[GameRecord, str]]:
        """(game, seat) pairs to remind: past 75% of the window, not yet reminded for this
        deadline, and that player not reminded in the last 4 hours (one pair per player)."""
        now = now or self.now()
        games = await self._select(GAMES.c.status == "running", GAMES.c.deadline_at.is_not(None),
                                   GAMES.c.turn_started_at <= now, order=GAMES.c.deadline_at)
        ids = {int(s) for g in games for s in g.to_act if s.isdigit()}
        last: dict[str, datetime | None] = {}
        if ids:
            async with self._sessions() as session:
                rows = await session.execute(select(PLAYERS.c.user_id, PLAYERS.c.last_reminder_at)
                                             .where(PLAYERS.c.user_id.in_(ids)))
                last = {str(uid): at for uid, at in rows.all()}
        due: list[tuple[GameRecord, str]] = []
        for record in games:
            start, end = record.turn_started_at, record.deadline_at
            assert start is not None and end is not None
            if now < start + (end - start) * REMIND_AT:
                continue
            for seat in record.to_act:
                at = last.get(seat)
                if seat in record.reminded or (at is not None and now - at < REMINDER_GAP):
                    continue
                due.append((record, seat))
                last[seat] = now
        return due

    async def mark_reminded(self, game_id: int, seat: str) -> GameRecord:
        """Note a reminder sent: in the game (for this deadline) and on the player (4 h gap)."""
        seat = str(seat)

        async def plan(session: AsyncSession, cur: dict[str, Any], now: datetime) -> Change:
            if seat.isdigit():
                await self._upsert_player(session, int(seat), last_reminder_at=now)
            reminded = cur["reminded"] if seat in cur["reminded"] else [*cur["reminded"], seat]
            return Change({"reminded": reminded})

        data, _ = await self._write(game_id, plan)
        return self._record(data)

    # -- where the game lives -----------------------------------------------------------------
    async def set_table_message(self, game_id: int, channel_id: int,
                                message_id: int) -> GameRecord:
        async def plan(session: AsyncSession, cur: dict[str, Any], _now: datetime) -> Change:
            await session.execute(delete(MESSAGES).where(MESSAGES.c.game_id == game_id,
                                                         MESSAGES.c.kind == "table"))
            await session.execute(insert(MESSAGES).values(
                game_id=game_id, kind="table", channel_id=channel_id, message_id=message_id,
                version=cur["version"] + 1))
            return Change({"table_message_id": message_id})

        data, _ = await self._write(game_id, plan)
        return self._record(data)

    async def set_thread(self, game_id: int, thread_id: int | None) -> GameRecord:
        async def plan(_s: AsyncSession, _cur: dict[str, Any], _now: datetime) -> Change:
            return Change({"thread_id": thread_id})

        data, _ = await self._write(game_id, plan)
        return self._record(data)
