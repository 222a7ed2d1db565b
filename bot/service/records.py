"""What the service hands out: frozen records, built from rows and game objects."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot import computers
from bot.service.errors import Illegal, title_words, word
from games.base import Event, Game, events_for, public_events, say

TIMEOUT_CHOICES = ("wait", "default", "drop", "computer")
DEFAULT_SETTINGS: dict[str, Any] = {"turn_hours": 0, "on_timeout": "wait", "use_thread": False}
# plus "max_players": the seat cap, by default the game's maximum; and "computer_strength": how
# the computer plays for a timed-out player (on_timeout "computer"), "medium" when not given
MAX_TURN_HOURS = 24 * 60


def normalise_settings(given: dict[str, Any] | None, game: Game) -> dict[str, Any]:
    """Fill defaults and check the table settings: turn_hours, on_timeout, use_thread and
    max_players (the seat cap, within the game's range). Other keys are kept as given."""
    settings = {**DEFAULT_SETTINGS, "max_players": game.max_players, **(given or {})}
    hours = settings["turn_hours"]
    if isinstance(hours, bool) or not isinstance(hours, int) or not 0 <= hours <= MAX_TURN_HOURS:
        raise Illegal(say("turn_hours must be a whole number of hours from 0 (no limit) to {most}.",
                          most=MAX_TURN_HOURS))
    if settings["on_timeout"] not in TIMEOUT_CHOICES:
        raise Illegal(say("on_timeout must be one of: {choices}.", choices=", ".join(TIMEOUT_CHOICES)))
    if settings["on_timeout"] == "computer" and (why := computers.refusal(game)):
        raise Illegal(why)
    if settings.get("computer_strength", "medium") not in computers.STRENGTHS:
        raise Illegal(say("A computer plays {strengths}.",
                          strengths=[say(computers.STRENGTH_NAMES[s]) for s in computers.STRENGTHS]))
    settings["use_thread"] = bool(settings["use_thread"])
    cap = settings["max_players"] or game.max_players
    if isinstance(cap, bool) or not isinstance(cap, int) \
            or not game.min_players <= cap <= game.max_players:
        raise Illegal(say("{game} takes {least} to {most} players.", game=title_words(game),
                          least=game.min_players, most=game.max_players))
    settings["max_players"] = cap
    return settings


@dataclass(frozen=True)
class GameRecord:
    """Every column of `games` (the JSON `state` column is `snapshot`, `waiting` is `to_act`),
    plus the loaded game. A light record (lists, the scheduler) has no state: `state` and
    `snapshot` are None, and `to_act` and `result` come from their stored columns. Its views and
    outcome come through bot.gate."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    key: str
    options: dict[str, Any]
    settings: dict[str, Any]
    creator_id: int
    seats: list[str]
    users: dict[str, str]
    status: str
    seed: int | None
    snapshot: dict[str, Any] | None
    version: int
    last_seq: int
    table_message_id: int | None
    turn_started_at: datetime | None
    deadline_at: datetime | None
    remind_at: datetime | None
    reminded: list[str]
    created_at: datetime
    updated_at: datetime
    game: Game = field(repr=False, compare=False)
    state: Any = field(repr=False, compare=False)
    to_act: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None  # the stored public outcome, for records without a state
    state_version: int = 0  # the game's version as players see it (`version`: the row's writes)

    @property
    def where(self) -> int:
        """The channel the game is played in: its thread if it has one."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    @property
    def players(self) -> list[str]:
        """The user ids at the table, in seat order."""
        return [self.users[s] for s in self.seats]

    def seat_of(self, user_id: int | str) -> str | None:
        """The seat a user holds, or None."""
        user = str(user_id)
        return next((s for s in self.seats if self.users.get(s) == user), None)

    def user_of(self, seat: str) -> str:
        """The user who holds a seat now."""
        return self.users.get(seat, seat)

    def mention(self, seat: str) -> str:
        user = self.user_of(seat)
        return f"<@{user}>" if user.isdigit() else computers.name(user)

    def computer(self, seat: str) -> bool:
        """Whether the computer holds the seat."""
        return computers.is_computer(self.user_of(seat))

    @property
    def computer_seats(self) -> list[str]:
        return [s for s in self.seats if self.computer(s)]

    @property
    def waiting_users(self) -> list[str]:
        return [self.user_of(s) for s in self.to_act]


def event_words(key: str, event: Event) -> str:
    """An event's line in the current language (lang.use): its Say in the game's catalog (the
    service's own lines, "domain": "core", in the core one), else (an event of older code or a
    stored row) its English text."""
    words = event.get("say") or event.get("text", "")
    return word(str(event.get("domain") or key), words)


@dataclass(frozen=True)
class Applied:
    record: GameRecord
    events: list[Event]
    before_to_act: list[str]
    after_to_act: list[str]
    public_before: dict[str, Any] | None
    public_after: dict[str, Any] | None
    finished: bool

    def events_for(self, seat: str | None) -> list[Event]:
        """What `seat` may read of this write: every public event, then its own private ones
        (None: the public events only). The one place that picks a seat's events."""
        return public_events(self.events) + (events_for(self.events, seat) if seat is not None else [])

    def lines_for(self, seat: str | None, last: int | None = None, own: bool = False,
                  say: Callable[[Event], str] | None = None) -> list[str]:
        """The lines `seat` is told of this write: the public events' texts (the last `last`;
        `own`: only those of its own move, without other seats' lines and time-outs; `say`: an
        event's line, when not its text), then its own private events, marked 🔒."""
        shown = [e for e in self.events_for(seat) if e.get("private_to") is None and (
            not own or (e.get("seat") in (None, seat) and e.get("type") != "timeout"))]
        lines = [say(e) if say else event_words(self.record.key, e) for e in shown]
        secret = [f"🔒 {event_words(self.record.key, e)}" for e in self.events_for(seat)
                  if e.get("private_to") is not None]
        return (lines[-last:] if last else lines) + secret


@dataclass(frozen=True)
class LogEntry:
    game_id: int
    seq: int
    seat: str
    kind: str
    action: dict[str, Any] | None
    by: str
    created_at: datetime
    user_id: int | None = None
    events: list[Event] | None = None  # the public events of this entry
    barrier: bool = True
    undone: bool = False
    command: int | None = None  # the seq of its command's first entry (None: it stands alone)

    @property
    def command_seq(self) -> int:
        """The seq of the first entry of the command (one write) that logged this entry."""
        return self.seq if self.command is None else self.command


@dataclass(frozen=True)
class PlayerRecord:
    user_id: int
    notify: bool = False  # a DM when a turn begins
    dm_closed: bool = False
    last_reminder_at: datetime | None = None
    mention: bool = True  # mentioned in the channel when a turn begins
    quiet_from: int | None = None  # a quiet window, in the player's own hours
    quiet_to: int | None = None
    utc_offset: int = 0
    language: str | None = None  # the language picked with /game language; None: the Discord client's
    discord_language: str | None = None  # their Discord app's language when last seen; None: never seen

    @property
    def mode(self) -> str:
        return "dm" if self.notify else "mention" if self.mention else "off"

    def quiet(self, now: datetime) -> bool:
        """Whether it is the player's quiet time now (no DMs then)."""
        if self.quiet_from is None or self.quiet_to is None or self.quiet_from == self.quiet_to:
            return False
        hour = (now.hour + self.utc_offset) % 24
        if self.quiet_from < self.quiet_to:
            return self.quiet_from <= hour < self.quiet_to
        return hour >= self.quiet_from or hour < self.quiet_to


@dataclass(frozen=True)
class MessageRecord:
    id: int
    game_id: int
    kind: str
    channel_id: int
    message_id: int
    version: int
    token: str | None = None  # a panel shown through an interaction (see bot/panels.py)
    token_at: datetime | None = None
