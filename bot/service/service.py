"""GameService: the one place where games are opened, played and stored (docs/dev/service.md).

The rules of the service live here; rows, records and the one write path in bot/service/store.py.
"""
from __future__ import annotations

import asyncio
import functools
import random
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import String, bindparam, case, cast, delete, func, insert, or_, select, union_all
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import Select

from bot import computers
from bot.ratings import START, elo, placings
from bot.service.errors import (
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
    english_words,
    mention,
    mentions,
    of_game,
    title_words,
)
from bot.service.records import (
    Applied,
    GameRecord,
    LogEntry,
    MessageRecord,
    PlayerRecord,
    normalise_settings,
)
from bot.service.store import (
    ACTIONS,
    GAMES,
    MESSAGES,
    OUTBOX,
    PLAYERS,
    RATINGS,
    RESULTS,
    Change,
    LogLine,
    OutboxEntry,
    Store,
    valid_id,
)
from games.base import (
    Action,
    Event,
    Game,
    IllegalAction,
    Say,
    events_for,
    public_events,
    resolve_options,
    say,
    say_n,
)

__all__ = [
    "AlreadyJoined", "Applied", "Conflict", "GameRecord", "GameService", "Illegal", "LogEntry",
    "MessageRecord", "NoSuchGame", "NotAllowed", "NotInGame", "NotYourTurn", "OutboxEntry",
    "PlayerRecord", "ServiceError", "StaleAction", "TableFull", "UnknownGame", "WrongStatus",
    "valid_id",
]

ACTIVE = ("open", "running")
ENDED = ("finished", "abandoned")
# How many of the rows counted ended in a draw (a co-operative game's Draw: not won, not lost).
DRAWN = func.sum(case((GAMES.c.result["reason"].as_string() == "draw", 1), else_=0))
# The games of a channel or thread: each half served by its own index, (channel_id, status) and
# (thread_id, status); an OR of the two let SQLite scan the server's games by guild instead.
IN_CHANNEL = (select(GAMES).where(GAMES.c.id.in_(union_all(
    select(GAMES.c.id).where(GAMES.c.channel_id == bindparam("c_channel"), GAMES.c.status.in_(ACTIVE)),
    select(GAMES.c.id).where(GAMES.c.thread_id == bindparam("c_channel"), GAMES.c.status.in_(ACTIVE)))),
    GAMES.c.guild_id == bindparam("c_guild")).order_by(GAMES.c.id))


@functools.lru_cache(maxsize=16)
def offered_query(titles: tuple[tuple[str, str], ...], typed: bool, kind: bool) -> Select[Any]:
    """The open and running games of server `o_guild` whose "#number title (status" is LIKE
    `o_text` (`typed`; the text lowered, `/` its escape), of kind `o_key` (`kind`): the channel's
    or thread's (`o_channel`) first, then the server's, by number; at most `o_limit`, without
    their states. Filtered and cut in the database, served by the (guild_id, status) index: the
    `game` autocomplete read all of a busy server's games and filtered them in Python. Built once
    for each shape (building it cost more than running it on a small server)."""
    lowered = {k: t.lower() for k, t in titles}
    title = case(lowered, value=GAMES.c.key, else_=GAMES.c.key) if lowered else GAMES.c.key
    label = "#" + cast(GAMES.c.id, String) + " " + title + " (" + GAMES.c.status
    where = [GAMES.c.guild_id == bindparam("o_guild"), GAMES.c.status.in_(ACTIVE)]
    if kind:
        where.append(GAMES.c.key == bindparam("o_key"))
    if typed:
        where.append(label.like(bindparam("o_text", type_=String), escape="/"))
    here = case((or_(GAMES.c.channel_id == bindparam("o_channel"), GAMES.c.thread_id == bindparam("o_channel")), 0),
                else_=1)
    return (select(*[c for c in GAMES.c if c.name != "state"]).where(*where)
            .order_by(here, GAMES.c.id).limit(bindparam("o_limit")))


def line_event(kind: str, words: Say, /, **fields: Any) -> Event:
    """A line of the service's own (a time-out, a resignation, an undo, a seat handed over): its
    words stored as a Say of the `core` catalog, worded at delivery in the reader's language
    (bot.service.records.event_words); "text" keeps the English."""
    return {"type": kind, "text": english_words(words), "say": words, "domain": "core", **fields}


def strength_words() -> list[Say]:
    """The computer's strengths, each worded per reader."""
    return [say(computers.STRENGTH_NAMES[s]) for s in computers.STRENGTHS]


BOUNDARY_KEYS = ("phase", "round", "day")  # a change here is announced even when the same seats act
REMINDER_GAP = timedelta(hours=4)
SEED_BITS = 62


# What a refusal says one can't do, by the service's name for it (one whole sentence each, below).
WANTED: dict[str, Say] = {
    "play": say("You can't play"), "join": say("You can't join"), "start it": say("You can't start it"),
    "add a computer player": say("You can't add a computer player"),
    "remove a computer player": say("You can't remove a computer player"),
    "drop a player": say("You can't drop a player"), "undo": say("You can't undo"),
    "hand a seat over": say("You can't hand a seat over"), "abandon it": say("You can't abandon it"),
    "replay it": say("You can't replay it"), "rebuild it": say("You can't rebuild it"),
}


def _status_refusal(status: str, wanted: str) -> WrongStatus:
    why = {
        "open": say("{action}: this table has not started yet (the creator starts it once enough players joined)."),
        "running": say("{action}: this game is already running."),
        "finished": say("{action}: this game is over."),
        "abandoned": say("{action}: this game was abandoned."),
    }.get(status, say("{action}: this game is {status}.", status=status))
    action = WANTED.get(wanted, say("You can't {action}", action=wanted))
    return WrongStatus({**why, "args": {**why.get("args", {}), "action": action}})


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
              before: list[str] | None = None, *, reason: str = "move",
              actor: str | None = None, lines: list[Event] | None = None) -> Change:
        """The write for a move: snapshot, turn clock, and the outbox notice of what to tell.

        Public text comes only from the engine's public events and from `lines` (the service's
        own lines, which name users and never read the state)."""
        before = list(game.to_act(before_state)) if before is None else before
        finished = game.outcome(after_state) is not None
        after = [] if finished else list(game.to_act(after_state))
        values = {"state": game.dump(after_state), **self._turn_clock(cur, before, after, now)}
        if finished:
            values["status"] = "finished"
        public_before = game.view(before_state, None)
        public_after = game.view(after_state, None)
        boundary = any(public_before.get(k) != public_after.get(k) for k in BOUNDARY_KEYS)
        fresh = boundary or reason == "start"
        told = any(e.get("boundary") for e in events)  # the game wants this told now (a reveal)
        notice = {
            "reason": reason, "actor": actor,
            "events": [*(lines or []), *public_events(events)],
            "private": [e for e in events if e.get("private_to") not in (None, actor)],
            "flush": before != after or boundary or told or finished or reason != "move",
            "newly": [s for s in after if fresh or s not in before],
            "finished": finished,
        }
        return Change(values=values, log=log, state=after_state, events=[*(lines or []), *events],
                      before=before,
                      after=after, public_before=public_before, public_after=public_after,
                      finished=finished, notice=notice)

    def _seat(self, cur: dict[str, Any], user_id: int | str) -> str | None:
        user = str(user_id)
        return next((s for s in cur["seats"] if cur["users"].get(s) == user), None)

    def _mention(self, cur: dict[str, Any], seat: str) -> Say | str:
        return mention(cur["users"].get(seat, seat))

    def _mentions(self, cur: dict[str, Any], seats: list[str]) -> Say | list[Say | str]:
        return mentions([cur["users"].get(s, s) for s in seats])

    def _running(self, cur: dict[str, Any], wanted: str = "play") -> tuple[Game, Any]:
        if cur["status"] != "running":
            raise _status_refusal(cur["status"], wanted)
        game = self._game(cur["key"])
        kept = self.cache.get(cur["id"])
        if kept is not None and kept.version == cur["version"] and kept.state is not None:
            return game, kept.state  # the same version, loaded already (engines never change a state)
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
            raise Illegal(exc.words) from exc
        now = self.now()
        values = {"guild_id": guild_id, "channel_id": channel_id, "thread_id": None, "key": key,
                  "options": resolved, "settings": normalise_settings(settings, game),
                  "creator_id": creator_id, "seats": ["s1"], "users": {"s1": str(creator_id)},
                  "status": "open", "seed": None, "state": None, "version": 0, "last_seq": 0, "reminded": [],
                  "waiting": [], "created_at": now, "updated_at": now}

        def work(conn: Connection) -> dict[str, Any]:
            game_id = conn.execute(insert(GAMES).values(**values).returning(GAMES.c.id)).scalar_one()
            return self._load(conn, game_id)

        async with self._writing():
            data = await self._db.run(work)
        self.stats["writes"] += 1
        return self._record(data)

    async def join(self, game_id: int, user_id: int | str,
                   guild_id: int | None = None) -> GameRecord:
        user = str(user_id)

        def plan(_conn: Connection, cur: dict[str, Any], _now: datetime) -> Change:
            if cur["status"] != "open":
                raise _status_refusal(cur["status"], "join")
            if self._seat(cur, user) is not None:
                raise AlreadyJoined(say("You are already at this table. Wait for the creator ({creator}) "
                                        "to start it.", creator=mention(cur["creator_id"])))
            cap = cur["settings"].get("max_players") or self._game(cur["key"]).max_players
            if len(cur["seats"]) >= cap:
                raise TableFull(say_n("This table is full ({count} player). Open a new table to play.",
                                      "This table is full ({count} players). Open a new table to play.", cap))
            seat = next(f"s{n}" for n in range(1, cap + 2) if f"s{n}" not in cur["users"])
            return Change({"seats": [*cur["seats"], seat], "users": {**cur["users"], seat: user}})

        data, _ = await self._write(game_id, plan, guild_id)
        return self._record(data)

    async def leave(self, game_id: int, user_id: int | str,
                    guild_id: int | None = None) -> GameRecord:
        user = str(user_id)

        def plan(_conn: Connection, cur: dict[str, Any], _now: datetime) -> Change:
            if cur["status"] != "open":
                raise WrongStatus(say("You can only leave a table that has not started. This game "
                                      "is running: `/game resign` leaves it, or its creator or an "
                                      "admin can hand your seat to someone else."))
            seat = self._seat(cur, user)
            if seat is None:
                raise NotInGame(say("You are not at this table, so there is nothing to leave."))
            seats = [s for s in cur["seats"] if s != seat]
            users = {s: u for s, u in cur["users"].items() if s != seat}
            values: dict[str, Any] = {"seats": seats, "users": users}
            people = [s for s in seats if not computers.is_computer(users[s])]
            if not people:  # computers alone never hold a table
                values["status"] = "abandoned"
            elif user == str(cur["creator_id"]):
                values["creator_id"] = int(users[people[0]])
            return Change(values)

        data, _ = await self._write(game_id, plan, guild_id)
        return self._record(data)

    async def add_computer(self, game_id: int, strength: str, by_user: int | str,
                           guild_id: int | None = None) -> GameRecord:
        """Seat a computer player of `strength` at an open table (its creator only)."""
        def plan(_conn: Connection, cur: dict[str, Any], _now: datetime) -> Change:
            game = self._game(cur["key"])
            if cur["status"] != "open":
                raise _status_refusal(cur["status"], "add a computer player")
            if str(by_user) != str(cur["creator_id"]):
                raise NotAllowed(say("Only the table's creator ({creator}) can add computer players.",
                                     creator=mention(cur["creator_id"])))
            if strength not in computers.STRENGTHS:
                raise Illegal(say("A computer plays {strengths}; not {strength}.",
                                  strengths=strength_words(), strength=repr(strength)))
            if why := computers.refusal(game):
                raise NotAllowed(why)
            cap = cur["settings"].get("max_players") or game.max_players
            if len(cur["seats"]) >= cap:
                raise TableFull(say_n("This table is full ({count} player): there is no seat for a computer.",
                                      "This table is full ({count} players): there is no seat for a computer.", cap))
            user = computers.next_id(cur["users"], strength)
            if user is None:
                raise TableFull(say_n("A table takes at most {count} computer player.",
                                      "A table takes at most {count} computer players.", computers.MOST))
            seat = next(f"s{n}" for n in range(1, cap + 2) if f"s{n}" not in cur["users"])
            return Change({"seats": [*cur["seats"], seat], "users": {**cur["users"], seat: user}})

        data, _ = await self._write(game_id, plan, guild_id)
        return self._record(data)

    async def remove_computer(self, game_id: int, by_user: int | str,
                              guild_id: int | None = None) -> GameRecord:
        """Take the last computer player seated at an open table away (its creator only)."""
        def plan(_conn: Connection, cur: dict[str, Any], _now: datetime) -> Change:
            if cur["status"] != "open":
                raise _status_refusal(cur["status"], "remove a computer player")
            if str(by_user) != str(cur["creator_id"]):
                raise NotAllowed(say("Only the table's creator ({creator}) can remove computer players.",
                                     creator=mention(cur["creator_id"])))
            seated = [s for s in cur["seats"] if computers.is_computer(cur["users"][s])]
            if not seated:
                raise NotInGame(say("There is no computer player at this table to remove."))
            gone = seated[-1]
            return Change({"seats": [s for s in cur["seats"] if s != gone],
                           "users": {s: u for s, u in cur["users"].items() if s != gone}})

        data, _ = await self._write(game_id, plan, guild_id)
        return self._record(data)

    async def start(self, game_id: int, user_id: int | str, *, seed: int | None = None,
                    guild_id: int | None = None) -> Applied:
        def plan(_conn: Connection, cur: dict[str, Any], now: datetime) -> Change:
            if cur["status"] != "open":
                raise _status_refusal(cur["status"], "start it")
            if str(cur["creator_id"]) != str(user_id):
                raise NotAllowed(say("Only the table's creator ({creator}) can start the game.",
                                     creator=mention(cur["creator_id"])))
            game = self._game(cur["key"])
            count = len(cur["seats"])
            if not game.min_players <= count <= game.max_players:
                raise NotAllowed(say_n("{game} needs {least} to {most} players; the table has {count}. "
                                       "Wait for more to join.",
                                       "{game} needs {least} to {most} players; the table has {count}. "
                                       "Wait for more to join.", count, game=title_words(game),
                                       least=game.min_players, most=game.max_players))
            chosen = self.new_seed() if seed is None else seed
            try:
                state = game.setup(list(cur["seats"]), dict(cur["options"]), chosen)
            except IllegalAction as exc:
                raise Illegal(exc.words, game.key) from exc
            change = self._move(cur, game, state, state, [], [], now, before=[], reason="start")
            change.values.update(status="running", seed=chosen)
            change.public_before = None
            return change

        data, change = await self._write(game_id, plan, guild_id)
        assert change is not None
        return self._applied(data, change)

    # -- moves ------------------------------------------------------------------------------
    async def act(self, game_id: int, user_id: int | str, action: Action, *,
                  expected_version: int | None = None, by: str = "player",
                  guild_id: int | None = None, known: GameRecord | None = None,
                  exact: bool = False) -> Applied:
        """One action of the user's seat, through the one write path (`known`, `exact`: see act_many)."""
        return await self.act_many(game_id, user_id, [action], expected_version=expected_version,
                                   by=by, guild_id=guild_id, known=known, exact=exact)

    async def act_many(self, game_id: int, user_id: int | str, actions: list[Action], *,
                       expected_version: int | None = None, by: str = "player",
                       guild_id: int | None = None, known: GameRecord | None = None,
                       exact: bool = False) -> Applied:
        """Several actions of one seat (a route walked step by step) in one transaction: all are
        applied and logged, or none; their public lines go out as one post. `known`: the game
        as the caller just read it (see Store._write). `exact`: any move since `expected_version`
        makes it stale (a computer's decision), not only one that made these actions illegal."""
        if not actions:
            raise Illegal(say("Nothing to do: no action was given."))

        def plan(conn: Connection, cur: dict[str, Any], now: datetime) -> Change:
            game, state = self._running(cur)
            seat = self._seat(cur, user_id)
            if seat is None:
                raise NotInGame(say("You are not playing in this game, so you can't move in it."))
            before = list(game.to_act(state))
            stale = expected_version is not None and expected_version != cur["state_version"]
            if seat not in before:
                if stale:
                    raise self._stale(cur, before)
                raise NotYourTurn(say("It's not your turn: the game is waiting on {players}.",
                                      players=self._mentions(cur, before)))
            if stale and (exact or self._repeats_last(conn, cur["id"], seat, actions[0])):
                raise self._stale(cur, before)
            new, events, log = state, list[Event](), list[LogLine]()
            for n, action in enumerate(actions):
                if n and seat not in game.to_act(new):
                    raise Illegal(say("Your turn ended before the whole command was done, so none "
                                      "of it was played. Try a shorter one."))
                try:
                    after, more = game.apply(new, seat, action)
                except IllegalAction as exc:
                    if stale:
                        raise self._stale(cur, before) from exc
                    raise Illegal(exc.words, game.key) from exc
                log.append(LogLine(seat, "action", action, by, public_events(more),
                                   game.undo_barrier(new, seat, action, after)))
                new, events = after, events + more
            return self._move(cur, game, state, new, events, log, now, before, actor=seat)

        data, change = await self._write(game_id, plan, guild_id, known)
        assert change is not None
        return self._applied(data, change)

    async def act_default(self, game_id: int, user_id: int | str, *, expected_version: int,
                          by: str = "computer") -> Applied:
        """The seat's safe default move (the game's `default_action`), refused as stale once the
        game moved on since `expected_version`: what a computer plays when its own moves keep its
        turn going round in circles."""
        def plan(_conn: Connection, cur: dict[str, Any], now: datetime) -> Change:
            game, state = self._running(cur)
            seat = self._seat(cur, user_id)
            if seat is None:
                raise NotInGame(say("You are not playing in this game, so you can't move in it."))
            before = list(game.to_act(state))
            if expected_version != cur["state_version"]:
                raise self._stale(cur, before)
            if seat not in before:
                raise NotYourTurn(say("It's not your turn: the game is waiting on {players}.",
                                      players=self._mentions(cur, before)))
            try:
                action = game.default_action(state, seat)
                after, events = game.apply(state, seat, action)
            except IllegalAction as exc:
                raise Illegal(exc.words, game.key) from exc
            log = [LogLine(seat, "action", action, by, public_events(events),
                           game.undo_barrier(state, seat, action, after))]
            return self._move(cur, game, state, after, events, log, now, before, actor=seat)

        data, change = await self._write(game_id, plan)
        assert change is not None
        return self._applied(data, change)

    def _stale(self, cur: dict[str, Any], waiting: list[str]) -> StaleAction:
        return StaleAction(say("That button is out of date: the game has moved on since it was shown. "
                               "Use the latest message; the game is waiting on {players}.",
                               players=self._mentions(cur, waiting)))

    @staticmethod
    def _repeats_last(conn: Connection, game_id: int, seat: str, action: Action) -> bool:
        """A stale click that repeats the last logged move is a double click, not a new move."""
        last = conn.execute(
            select(ACTIONS.c.seat, ACTIONS.c.kind, ACTIONS.c.action)
            .where(ACTIONS.c.game_id == game_id, ACTIONS.c.undone.is_(False))
            .order_by(ACTIONS.c.seq.desc()).limit(1)).first()
        return last is not None and (last.seat, last.kind, last.action) == (seat, "action", action)

    async def timeout(self, game_id: int, chosen: dict[str, Action] | None = None,
                      expected_version: int | None = None) -> Applied | None:
        """Apply the table's on_timeout choice to every seat that owes an action past the deadline.

        One default action (or drop) per overdue seat per call; None when nothing is due.
        "computer": `chosen` holds the computer's action for each overdue seat, decided at
        `expected_version` (None, or a game moved on since: nothing is done, the bot thinks again);
        a seat it has no legal action for gets the default one.
        What the channel is told comes from the engine's public events: never from describe()."""
        def plan(_conn: Connection, cur: dict[str, Any], now: datetime) -> Change | None:
            deadline = cur["deadline_at"]
            if cur["status"] != "running" or deadline is None or now < deadline:
                return None
            game, state = self._running(cur)
            overdue = list(game.to_act(state))
            mode = cur["settings"].get("on_timeout", "wait")
            if mode == "computer" and (chosen is None or expected_version != cur["state_version"]):
                return None
            if mode == "wait" or not overdue:
                hours = cur["settings"].get("turn_hours", 0)
                # The turn clock keeps running (a kick needs a whole window); only the deadline moves.
                change = self._move(cur, game, state, state, [], [], now, overdue,
                                    reason="timeout", lines=[line_event("timeout", say_n(
                                        "Time is up for {players}: the table waits another {count} hour.",
                                        "Time is up for {players}: the table waits another {count} hours.",
                                        hours, players=self._mentions(cur, overdue)), mode="wait")])
                change.values = {"deadline_at": self._deadline(cur["settings"], now),
                                 "reminded": []}
                return change
            new, events, log, lines = state, list[Event](), list[LogLine](), list[Event]()
            for seat in overdue:
                if game.outcome(new) is not None or seat not in game.to_act(new):
                    continue
                who = self._mention(cur, seat)
                try:
                    if mode == "computer":
                        action, after, more = self._computer_or_default(game, new, seat, (chosen or {}).get(seat))
                        line = say("{player} ran out of time: the computer played for them.", player=who)
                        log.append(LogLine(seat, "action", action, "timeout", public_events(more)))
                    elif mode == "default":
                        action = game.default_action(new, seat)
                        after, more = game.apply(new, seat, action)
                        line = say("{player} ran out of time: a move was played for them.", player=who)
                        log.append(LogLine(seat, "action", action, "timeout", public_events(more)))
                    else:
                        after, more = game.drop(new, seat)
                        line = say("{player} ran out of time and leaves the game.", player=who)
                        log.append(LogLine(seat, "drop", None, "timeout", public_events(more)))
                except IllegalAction as exc:
                    raise Illegal(say("Time-out for {player} failed: {reason}", player=who,
                                      reason=of_game(game.key, exc.words))) from exc
                lines.append(line_event("timeout", line, mode=mode, seat=seat))
                new, events = after, events + more
            return self._move(cur, game, state, new, events, log, now, overdue, reason="timeout",
                              lines=lines)

        data, change = await self._write(game_id, plan)
        return None if change is None else self._applied(data, change)

    @staticmethod
    def _computer_or_default(game: Game, state: Any, seat: str,
                             action: Action | None) -> tuple[Action, Any, list[Event]]:
        """The computer's action for a timed-out seat, or the default one when it has none that
        is legal now (a seat before it changed the game, or the computer could not decide)."""
        if action is not None:
            try:
                after, events = game.apply(state, seat, action)
                return action, after, events
            except IllegalAction:
                pass
        action = game.default_action(state, seat)
        after, events = game.apply(state, seat, action)
        return action, after, events

    async def drop_player(self, game_id: int, seat: str, by: str = "admin", *,
                          user_id: int | str | None = None, is_admin: bool = False,
                          guild_id: int | None = None) -> Applied:
        """Remove a seat from a running game (`game.drop`), logged as kind "drop".

        With `user_id`, checks the caller: the creator, an admin, or the seat's own user
        (resigning). Without it the caller has checked permissions already."""
        seat = str(seat)

        def plan(_conn: Connection, cur: dict[str, Any], now: datetime) -> Change:
            game, state = self._running(cur, "drop a player")
            if seat not in cur["seats"]:
                raise NotInGame(say("That seat is not in this game."))
            own = user_id is not None and cur["users"].get(seat) == str(user_id)
            if user_id is not None and not (is_admin or own or str(user_id) == str(cur["creator_id"])):
                raise NotAllowed(say("Only the game's creator ({creator}) or an admin can drop a player.",
                                     creator=mention(cur["creator_id"])))
            who = self._mention(cur, seat)
            line = {"resign": say("{player} resigns and leaves the game.", player=who),
                    "admin": say("{player} was dropped from the game.", player=who)}.get(
                        by, say("{player} leaves the game.", player=who))
            try:
                after_state, events = game.drop(state, seat)
            except IllegalAction as exc:
                raise Illegal(exc.words, game.key) from exc
            return self._move(cur, game, state, after_state, events,
                              [LogLine(seat, "drop", None, by, public_events(events))], now,
                              reason="drop", lines=[line_event("dropped", line, seat=seat)])

        data, change = await self._write(game_id, plan, guild_id)
        assert change is not None
        return self._applied(data, change)

    async def undo(self, game_id: int, user_id: int | str, guild_id: int | None = None, *,
                   expected_version: int | None = None) -> Applied:
        """Take back what the user's own last command or click did (every action it played, back
        to the last barrier), as Board Game Arena allows: only since their turn began, never past
        randomness, hidden information revealed, or another seat's action, and only a move the
        user made themselves (not the seat's previous holder's).
        The log keeps the actions, marked undone; the state is rebuilt without them. The undo's
        line ("type": "undo") says what was taken back and where the pieces stand now, from the
        taken-back actions' public events and the game's public `taken_back` answer; its
        "taken_back" is those words without the player's name. The seat's own secrets of those
        actions (their private events, played again) come in an event for that seat alone.
        `expected_version`: the state version the user saw; a move made since (a double click) is refused."""
        def plan(conn: Connection, cur: dict[str, Any], now: datetime) -> Change:
            game, state = self._running(cur, "undo")
            seat = self._seat(cur, user_id)
            if seat is None:
                raise NotInGame(say("You are not playing in this game, so there is nothing to undo."))
            if expected_version is not None and expected_version != cur["state_version"]:
                raise StaleAction(say("That Undo button is out of date: the game has changed since it "
                                      "was shown (a move was made or taken back), so nothing more was "
                                      "taken back."))
            entries = self._entries(conn, cur["id"])
            taken, why = to_take_back(entries, seat, user_id)
            if why:
                raise NotAllowed(why)
            rebuilt = self._replay(game, cur, entries[:-len(taken)])
            said = taken_back_words(game, rebuilt, seat, taken)
            secret = own_secrets(game, rebuilt, seat, taken)
            unsaid = self._unposted_row_of(conn, cur["id"], taken[0].seq, taken[-1].seq)
            mine = [line_event("undo", say("Taken back: {moves}", moves=of_game(game.key, secret)),
                               seat=seat, private_to=seat, taken_back=english_words(of_game(game.key, secret)))
                    ] if secret else []
            change = self._move(cur, game, state, rebuilt, mine, [], now, reason="undo",
                                actor=seat, lines=[line_event(
                                    "undo", say("{player} takes back: {moves}", player=self._mention(cur, seat),
                                                moves=said),
                                    seat=seat, taken_back=english_words(said))])
            change.undo_seq = taken[0].seq
            if unsaid is not None:  # nobody was told of it: cancel the telling, say nothing
                change.drop_outbox, change.notice = [unsaid], None
            return change

        data, change = await self._write(game_id, plan, guild_id)
        assert change is not None
        return self._applied(data, change)

    async def can_undo(self, game_id: int, seat: str, version: int | None = None,
                       user_id: int | str | None = None) -> bool:
        """Whether `seat` (held by `user_id`, when given) may take back the log's last entry (at
        `version`, when given: then the entry this process just wrote is used, if it wrote that
        version)."""
        known = self.last_entry(game_id, version) if version is not None else None
        if known is not None:
            return not undo_refusal([known], seat, user_id)
        entries = await self._db.run(lambda conn: self._entries(conn, game_id, limit=1), read=True)
        return not undo_refusal(entries, seat, user_id)

    @staticmethod
    def _entries(conn: Connection, game_id: int, limit: int | None = None) -> list[LogEntry]:
        """The log entries that count (not undone), oldest first; the last `limit` of them."""
        query = (select(ACTIONS).where(ACTIONS.c.game_id == game_id, ACTIONS.c.undone.is_(False))
                 .order_by(ACTIONS.c.seq.desc()))
        if limit is not None:
            query = query.limit(limit)
        rows = conn.execute(query).all()
        return [LogEntry(**r._mapping) for r in reversed(rows)]

    @staticmethod
    def _unposted_row_of(conn: Connection, game_id: int, first: int, last: int) -> int | None:
        """The outbox row that tells of log entries `first` to `last` alone, if no post has begun
        telling it yet."""
        row = conn.execute(
            select(OUTBOX.c.id).where(OUTBOX.c.game_id == game_id, OUTBOX.c.first_seq == first,
                                      OUTBOX.c.last_seq == last, OUTBOX.c.posted_at.is_(None),
                                      OUTBOX.c.post.is_(None), OUTBOX.c.dm_at.is_(None))).first()
        return None if row is None else int(row.id)

    def _replay(self, game: Game, cur: dict[str, Any], entries: list[LogEntry]) -> Any:
        return replay_log(game, cur, entries)

    async def replace(self, game_id: int, old_user: int | str, new_user: int | str | None,
                      by_user: int | str, is_admin: bool = False,
                      guild_id: int | None = None, *, computer: str | None = None) -> GameRecord:
        """Hand a seat to another user (the creator or an admin); the game state is untouched.
        `computer`: to a computer player of that strength instead (`new_user` None)."""
        def plan(_conn: Connection, cur: dict[str, Any], _now: datetime) -> Change:
            new_user = given
            if computer is not None:
                if computer not in computers.STRENGTHS:
                    raise Illegal(say("A computer plays {strengths}; not {strength}.",
                                      strengths=strength_words(), strength=repr(computer)))
                others = {s: u for s, u in cur["users"].items() if u != str(old_user)}
                new_user = computers.next_id(others, computer)
                if new_user is None:
                    raise TableFull(say_n("A game takes at most {count} computer player.",
                                          "A game takes at most {count} computer players.", computers.MOST))
            if new_user is None:
                raise Illegal(say("Say who takes the seat over: a player, or the computer."))
            if cur["status"] not in ACTIVE:
                raise _status_refusal(cur["status"], "hand a seat over")
            if not (is_admin or str(by_user) == str(cur["creator_id"])):
                raise NotAllowed(say("Only the game's creator ({creator}) or an admin can hand a seat "
                                     "to someone else.", creator=mention(cur["creator_id"])))
            seat = self._seat(cur, old_user)
            if seat is None:
                raise NotInGame(say("{player} has no seat in this game.", player=mention(old_user)))
            if self._seat(cur, new_user) is not None:
                raise AlreadyJoined(say("{player} already has a seat in this game.", player=mention(new_user)))
            if computers.is_computer(str(new_user)) and (why := computers.refusal(self._game(cur["key"]))):
                raise NotAllowed(why)
            users = {**cur["users"], seat: str(new_user)}
            values: dict[str, Any] = {"users": users}
            if str(old_user) == str(cur["creator_id"]) and not computers.is_computer(str(new_user)):
                values["creator_id"] = int(new_user)
            line = line_event("replaced", say("{player} takes over {before}'s seat.",
                                              player=mention(new_user), before=mention(old_user)), seat=seat)
            return Change(values, notice={"reason": "replace", "actor": None, "events": [line],
                                          "private": [], "flush": True, "newly": [], "ping": [seat],
                                          "finished": False})

        given = new_user
        data, _ = await self._write(game_id, plan, guild_id)
        return self._record(data)

    async def abandon(self, game_id: int, user_id: int | str, is_admin: bool = False,
                      guild_id: int | None = None) -> GameRecord:
        """End an open or running game without a result: its creator or an admin."""
        def plan(_conn: Connection, cur: dict[str, Any], _now: datetime) -> Change:
            if cur["status"] not in ACTIVE:
                raise _status_refusal(cur["status"], "abandon it")
            if not (is_admin or str(user_id) == str(cur["creator_id"])):
                raise NotAllowed(say("Only the game's creator ({creator}) or an admin can abandon it.",
                                     creator=mention(cur["creator_id"])))
            return Change({"status": "abandoned", "deadline_at": None, "reminded": []})

        data, _ = await self._write(game_id, plan, guild_id)
        return self._record(data)

    # -- reading ----------------------------------------------------------------------------
    async def in_channel(self, guild_id: int, channel_id: int) -> list[GameRecord]:
        """Open and running games in this channel or played in this thread."""
        return await self._records(IN_CHANNEL, {"c_guild": guild_id, "c_channel": channel_id})

    async def last_ended(self, guild_id: int, channel_id: int) -> GameRecord | None:
        """The game of this channel (or thread) that ended most recently, if any."""
        found = await self._select(
            GAMES.c.guild_id == guild_id, GAMES.c.status.in_(ENDED),
            or_(GAMES.c.channel_id == channel_id, GAMES.c.thread_id == channel_id),
            order=GAMES.c.updated_at.desc(), limit=1)
        return found[0] if found else None

    async def history(self, guild_id: int, user_id: int | None = None,
                      limit: int = 15) -> list[GameRecord]:
        """A server's ended games, newest first; with `user_id`, only that player's."""
        found = await self._select(GAMES.c.guild_id == guild_id, GAMES.c.status.in_(ENDED),
                                   order=GAMES.c.updated_at.desc(), limit=500, light=True)
        if user_id is not None:
            found = [r for r in found if r.seat_of(user_id) is not None]
        return found[:limit]

    async def in_guild(self, guild_id: int, *, active_only: bool = True) -> list[GameRecord]:
        """Open and running games of a guild (every game with active_only=False)."""
        where = [GAMES.c.guild_id == guild_id]
        if active_only:
            where.append(GAMES.c.status.in_(ACTIVE))
        return await self._select(*where, light=True)

    async def offered(self, guild_id: int, channel_id: int, text: str = "", *, key: str | None = None,
                      limit: int = 25) -> list[GameRecord]:
        """The open and running games of a server that a `game` option offers for `text` (see
        `offered_query`): the channel's (or thread's) first, at most `limit`, light records."""
        titles = tuple(sorted((k, g.title) for k, g in self.games.items()))
        escaped = text.lower().replace("/", "//").replace("%", "/%").replace("_", "/_")
        query = offered_query(titles, bool(text), key is not None)
        return await self._records(query, {"o_guild": guild_id, "o_channel": channel_id, "o_key": key,
                                           "o_text": f"%{escaped}%", "o_limit": limit})

    async def log(self, game_id: int, limit: int | None = 20, *, guild_id: int | None = None,
                  include_undone: bool = True) -> list[LogEntry]:
        """The last `limit` log entries (all with None), oldest first."""
        query = select(ACTIONS).where(ACTIONS.c.game_id == game_id).order_by(ACTIONS.c.seq.desc())
        if not include_undone:
            query = query.where(ACTIONS.c.undone.is_(False))
        if limit is not None:
            query = query.limit(limit)
        def work(conn: Connection) -> list[Any]:
            self._load(conn, game_id, guild_id)
            return list(conn.execute(query).all())

        rows = await self._db.run(work)
        return [LogEntry(**r._mapping) for r in reversed(rows)]

    async def replay(self, game_id: int, step: int,
                     guild_id: int | None = None) -> tuple[dict[str, Any], list[Event], int, int]:
        """The public view after `step` moves (0: the start), that step's public events, the
        number of steps, and the step shown (clamped). Built from the seed and the log, like a
        rebuild; undone moves are not steps. Never anything that was secret at that point."""
        cur, entries = await self._db.run(lambda conn: self._with_entries(conn, game_id, guild_id))
        if cur["seed"] is None:
            raise _status_refusal(cur["status"], "replay it")
        step = max(0, min(step, len(entries)))
        game = self._game(cur["key"])
        state = await asyncio.to_thread(self._replay, game, cur, entries[:step])
        events = list(entries[step - 1].events or []) if step else []
        return game.view(state, None), events, len(entries), step

    async def rebuild(self, game_id: int) -> Any:
        """Replay the game from its seed and log (undone entries skipped); equals the snapshot."""
        cur, entries = await self._db.run(lambda conn: self._with_entries(conn, game_id))
        if cur["seed"] is None:
            raise _status_refusal(cur["status"], "rebuild it")
        return self._replay(self._game(cur["key"]), cur, entries)

    def _with_entries(self, conn: Connection, game_id: int,
                      guild_id: int | None = None) -> tuple[dict[str, Any], list[LogEntry]]:
        return self._load(conn, game_id, guild_id), self._entries(conn, game_id)

    # -- results and ratings ---------------------------------------------------------------
    async def record_results(self, game_id: int) -> bool:
        """Note how a finished game ended for each player, and move the Elo ratings (see
        bot/ratings.py). Idempotent: False when there is nothing (more) to record."""
        async with self._writing():
            return await self._db.run(lambda conn: self._record_results(conn, game_id))

    def _record_results(self, conn: Connection, game_id: int) -> bool:
        cur = self._load(conn, game_id)
        if cur["status"] != "finished" or cur["state"] is None:
            return False
        if conn.execute(select(RESULTS.c.game_id).where(RESULTS.c.game_id == game_id)
                        .limit(1)).first() is not None:
            return False
        game = self._game(cur["key"])
        outcome: dict[str, Any] = dict(game.outcome(game.load(cur["state"])) or {})
        entries = self._entries(conn, game_id)
        left = {e.seat for e in entries if e.kind == "drop"}
        places = placings(outcome, cur["users"], list(cur["seats"]))
        with_computers = any(computers.is_computer(u) for u in cur["users"].values())
        rated = (not game.cooperative and outcome.get("reason") != "abandoned" and not left
                 and len(places) >= 2 and not with_computers)
        before: dict[int, float] = {}
        after: dict[int, float] = {}
        if rated:
            rows = conn.execute(select(RATINGS.c.user_id, RATINGS.c.rating).where(
                RATINGS.c.guild_id == cur["guild_id"], RATINGS.c.key == cur["key"],
                RATINGS.c.user_id.in_([p.user_id for p in places]))).all()
            known = {int(u): float(r) for u, r in rows}
            before = {p.user_id: known.get(p.user_id, START) for p in places}
            after = elo(before, places)
            for p in places:
                self._upsert_rating(conn, cur["guild_id"], cur["key"], p.user_id, after[p.user_id])
        now = self.now()
        if places:
            try:
                conn.execute(insert(RESULTS), [
                    {"game_id": game_id, "user_id": p.user_id, "guild_id": cur["guild_id"], "key": cur["key"],
                     "seat": p.seat, "won": p.won, "score": p.score, "rank": p.rank, "rated": rated,
                     "left": p.seat in left, "computers": with_computers, "rating_before": before.get(p.user_id),
                     "rating_after": after.get(p.user_id), "ended_at": now} for p in places])
            except IntegrityError:  # another process recorded them first: its ratings stand
                conn.rollback()
                return False
        return bool(places)

    @staticmethod
    def _upsert_rating(conn: Connection, guild_id: int, key: str, user_id: int, rating: float) -> None:
        make = postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert
        stmt = make(RATINGS).values(guild_id=guild_id, key=key, user_id=user_id, rating=rating, games=1)
        conn.execute(stmt.on_conflict_do_update(
            index_elements=[RATINGS.c.guild_id, RATINGS.c.key, RATINGS.c.user_id],
            set_={"rating": rating, "games": RATINGS.c.games + 1}))

    async def player_stats(self, guild_id: int, user_id: int) -> dict[str, Any]:
        """A player's figures in a server: per game played, won, average score, rating and games
        with computer players; and their reliability: moves made in time against moves the
        deadline made, games left."""
        def work(conn: Connection) -> tuple[list[Any], dict[str, Any], dict[str, int]]:
            per_game = list(conn.execute(
                select(RESULTS.c.key, func.count(), func.sum(case((RESULTS.c.won, 1), else_=0)),
                       func.avg(RESULTS.c.score), func.sum(case((RESULTS.c.left, 1), else_=0)), DRAWN,
                       func.sum(case((RESULTS.c.computers, 1), else_=0)))
                .select_from(RESULTS.join(GAMES, GAMES.c.id == RESULTS.c.game_id))
                .where(RESULTS.c.guild_id == guild_id, RESULTS.c.user_id == user_id)
                .group_by(RESULTS.c.key).order_by(RESULTS.c.key)).all())
            ratings = dict(conn.execute(
                select(RATINGS.c.key, RATINGS.c.rating)
                .where(RATINGS.c.guild_id == guild_id, RATINGS.c.user_id == user_id)).all())
            moves: dict[str, int] = dict(conn.execute(
                select(ACTIONS.c.by, func.count()).join(GAMES, GAMES.c.id == ACTIONS.c.game_id)
                .where(ACTIONS.c.user_id == user_id, GAMES.c.guild_id == guild_id,
                       ACTIONS.c.kind == "action").group_by(ACTIONS.c.by)).all())
            return per_game, ratings, moves

        per_game, ratings, moves = await self._db.run(work)
        games = [{"key": k, "played": int(n), "won": int(w or 0), "drawn": int(d or 0),
                  "average": None if avg is None else round(float(avg), 1), "left": int(gone or 0),
                  "rating": None if k not in ratings else round(float(ratings[k])),
                  "with_computers": int(cpu or 0)}
                 for k, n, w, avg, gone, d, cpu in per_game]
        in_time, late = int(moves.get("player", 0)), int(moves.get("timeout", 0))
        return {"games": games, "in_time": in_time, "timed_out": late,
                "left": sum(g["left"] for g in games)}

    async def leaderboard(self, guild_id: int, key: str, limit: int = 10, *,
                          computers: bool = False) -> list[dict[str, Any]]:
        """A server's best players of a game: by rating (competitive: rated games are people's
        alone), by wins then draws (co-operative) in games without computer players. `computers`: by wins
        in every game, those with computer players too."""
        game = self._game(key)
        if not game.cooperative and not computers:
            query = (select(RATINGS.c.user_id, RATINGS.c.rating, RATINGS.c.games)
                     .where(RATINGS.c.guild_id == guild_id, RATINGS.c.key == key)
                     .order_by(RATINGS.c.rating.desc(), RATINGS.c.user_id).limit(limit))
            rows = await self._db.run(lambda conn: conn.execute(query).all(), read=True)
            return [{"user_id": int(u), "rating": round(float(r)), "games": int(g)} for u, r, g in rows]
        wins = func.sum(case((RESULTS.c.won, 1), else_=0))
        where = [RESULTS.c.guild_id == guild_id, RESULTS.c.key == key]
        if not computers:
            where.append(RESULTS.c.computers.is_(False))
        team = (select(RESULTS.c.user_id, wins, func.count(), DRAWN)
                .select_from(RESULTS.join(GAMES, GAMES.c.id == RESULTS.c.game_id))
                .where(*where)
                .group_by(RESULTS.c.user_id).order_by(wins.desc(), DRAWN.desc(), RESULTS.c.user_id).limit(limit))
        results = await self._db.run(lambda conn: conn.execute(team).all(), read=True)
        return [{"user_id": int(u), "wins": int(w or 0), "draws": int(d or 0), "games": int(n)}
                for u, w, n, d in results]

    # -- deadlines --------------------------------------------------------------------------
    async def due(self, now: datetime | None = None, limit: int = 50) -> list[GameRecord]:
        """Running games whose deadline passed, the most overdue first; at most `limit` a tick,
        so that a backlog never stalls the event loop (the next tick takes the rest)."""
        now = now or self.now()
        return await self._select(GAMES.c.status == "running", GAMES.c.deadline_at <= now,
                                  self.shards.clause(GAMES.c.guild_id),
                                  order=GAMES.c.deadline_at, limit=limit, light=True)

    async def computers_to_move(self) -> list[GameRecord]:
        """Running games that wait on a computer player (light records): after a restart, and on
        every tick, in case a decision was lost."""
        found = await self._select(GAMES.c.status == "running",
                                   cast(GAMES.c.users, String).like('%"cpu:%'), light=True)
        return [r for r in found if any(r.computer(s) for s in r.to_act)]

    async def due_reminders(self, now: datetime | None = None) -> list[tuple[GameRecord, str]]:
        """(game, seat) pairs to remind: past 75% of the window (an indexed `remind_at`), not yet
        reminded for this deadline, and that player not reminded in the last 4 hours (one pair
        per player)."""
        now = now or self.now()
        # Earliest reminder first: ordered by the index's own column (ordered by deadline,
        # PostgreSQL's generic plan walked every running game by deadline, filtering remind_at).
        games = await self._select(GAMES.c.status == "running", GAMES.c.remind_at <= now,
                                   self.shards.clause(GAMES.c.guild_id),
                                   order=GAMES.c.remind_at, limit=50, light=True)
        ids = {int(u) for g in games for u in g.waiting_users if u.isdigit()}
        last: dict[str, datetime | None] = {}
        if ids:
            query = select(PLAYERS.c.user_id, PLAYERS.c.last_reminder_at).where(PLAYERS.c.user_id.in_(ids))
            rows = await self._db.run(lambda conn: conn.execute(query).all(), read=True)
            last = {str(uid): at for uid, at in rows}
        due: list[tuple[GameRecord, str]] = []
        for record in games:
            for seat in record.to_act:
                user = record.user_of(seat)
                at = last.get(user)
                if record.computer(seat) or seat in record.reminded or (at is not None and now - at < REMINDER_GAP):
                    continue
                due.append((record, seat))
                last[user] = now
        return due

    async def mark_reminded(self, game_id: int, seat: str) -> GameRecord:
        """Note a reminder sent: in the game (for this deadline) and on the player (4 h gap)."""
        seat = str(seat)

        def plan(conn: Connection, cur: dict[str, Any], now: datetime) -> Change:
            user = cur["users"].get(seat, "")
            if user.isdigit():
                self._upsert_player(conn, int(user), last_reminder_at=now)
            reminded = cur["reminded"] if seat in cur["reminded"] else [*cur["reminded"], seat]
            values: dict[str, Any] = {"reminded": reminded}
            if cur["status"] == "running" and cur["waiting"] is not None and set(cur["waiting"]) <= set(reminded):
                values["remind_at"] = None  # everyone waited on was reminded: not due again
            return Change(values)

        data, _ = await self._write(game_id, plan)
        return self._record(data)

    # -- where the game lives -----------------------------------------------------------------
    async def set_table_message(self, game_id: int, channel_id: int,
                                message_id: int) -> GameRecord:
        def plan(conn: Connection, cur: dict[str, Any], _now: datetime) -> Change:
            conn.execute(delete(MESSAGES).where(MESSAGES.c.game_id == game_id,
                                        MESSAGES.c.kind == "table"))
            conn.execute(insert(MESSAGES).values(
                game_id=game_id, kind="table", channel_id=channel_id, message_id=message_id,
                version=cur["version"] + 1))
            return Change({"table_message_id": message_id})

        data, _ = await self._write(game_id, plan)
        return self._record(data)

    async def set_thread(self, game_id: int, thread_id: int | None) -> GameRecord:
        def plan(_conn: Connection, _cur: dict[str, Any], _now: datetime) -> Change:
            return Change({"thread_id": thread_id})

        data, _ = await self._write(game_id, plan)
        return self._record(data)



def replay_log(game: Game, cur: dict[str, Any], entries: list[LogEntry]) -> Any:
    """The state after `entries`, replayed from the game's seed (its row `cur`)."""
    state = game.setup(list(cur["seats"]), dict(cur["options"]), cur["seed"])
    # A game may know what a logged action of its older engine comes to now (games/base.py).
    replayed = getattr(game, "replayed", lambda _s, _seat, _a: None)
    for entry in entries:
        if entry.kind == "drop":
            state, _ = game.drop(state, entry.seat)
        elif (older := replayed(state, entry.seat, entry.action or {})) is not None:
            state = older
        else:
            state, _ = game.apply(state, entry.seat, entry.action or {})
    return state

def undo_refusal(entries: list[LogEntry], seat: str, user_id: int | str | None = None) -> Say | None:
    """Why `seat` (held by `user_id`, when given) may not take back the last entry of the log
    (None when it may), as words worded per reader."""
    if not entries:
        return say("There is nothing to undo: no move has been made yet.")
    last = entries[-1]
    if last.seat != seat or last.kind != "action":
        return say("There is nothing of yours to undo: the last move was not yours.")
    if user_id is not None and last.user_id is not None and str(last.user_id) != str(user_id):
        return say("There is nothing of yours to undo: the seat's last move was made by the player "
                   "who held it before you.")
    if last.by == "computer":
        return say("The last move was the computer's, made while it held the seat; it can't be taken back.")
    if last.by != "player":
        return say("That move was played for you when your time ran out; it can't be taken back.")
    if last.barrier:
        return say("Your last move can't be taken back: it drew, rolled or revealed something, or "
                   "handed the turn on.")
    return None


def to_take_back(entries: list[LogEntry], seat: str,
                 user_id: int | str | None = None) -> tuple[list[LogEntry], Say | None]:
    """The entries an undo of `seat` takes back: the last entry and the ones before it that its
    command (one write) logged, back to the last barrier; or none and why not."""
    why = undo_refusal(entries, seat, user_id)
    if why:
        return [], why
    last = entries[-1]
    start = len(entries) - 1
    while start > 0:
        entry = entries[start - 1]
        if entry.command_seq != last.command_seq or entry.barrier or entry.seat != seat \
                or entry.kind != "action" or entry.by != "player":
            break
        start -= 1
    return entries[start:], None


def own_secrets(game: Game, state: Any, seat: str, taken: list[LogEntry]) -> list[Say | str]:
    """What the taken-back actions told `seat` alone (their private events: their words in the
    game's catalog), played again from the state before them: for the undoer's own eyes."""
    told: list[Say | str] = []
    for entry in taken:
        state, events = game.apply(state, seat, entry.action or {})
        told += [e.get("say") or str(e["text"]) for e in events_for(events, seat) if e.get("text")]
    return told


def taken_back_words(game: Game, state: Any, seat: str, taken: list[LogEntry]) -> Any:
    """What an undo took back and where the pieces stand now, public: the taken-back actions'
    public events, and the game's `taken_back` answer on the state after the undo (its public
    view), else the events' own words (in the game's catalog: `of_game`); "a move." when none."""
    events = [e for entry in taken for e in entry.events or []]
    answer = getattr(game, "queries", {}).get("taken_back")
    words: list[Any] = []
    if answer is not None:
        words = list(answer(state, seat, actions=[e.action or {} for e in taken], events=events))
    if not words:
        words = [e.get("say") or str(e["text"]) for e in events if e.get("text")]
    return of_game(game.key, words) if words else say("a move.")
