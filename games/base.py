"""The one interface every game implements (in the spirit of OpenSpiel's State).

A game is a pure, deterministic state machine driven by small JSON actions. The engine owns
randomness (a seeded generator kept inside the state) and secrecy (views per viewer, public events).
See docs/dev/games.md for the whole contract; tests/conformance checks it for every game.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict, runtime_checkable

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]
# A named question one seat may ask of a game (its optional `queries` mapping, asked through
# bot.gate.ask): `query(state, seat, **given)` answers only what that seat may know.
Query = Callable[..., Any]
# Player words without a language (issue 25): a message id, the English text with named `{}`
# placeholders, and its values. {"msg": str, "args": {...}}, with "plural" and "n" for a count, and
# "ctx" for a context. A value that is itself a Say is worded in the reader's language too. Made by
# `say`, `say_n`, `say_p` (the catalog extraction finds them); `english` words one in English; the
# bot words it per reader (lang.Texts.say).
Say = dict[str, Any]
# Optional on a game: `replayed(state, seat, action) -> state | None`, what a logged action of an
# older engine comes to now, when this engine takes that choice itself (a choice with one answer).
# Only replays from the log (undo, /game replay, rebuild) ask it; live moves never do.
# Optional on a game: `computer_view(state, seat) -> View`, what a computer player of that seat
# decides from (issue 24) where the ordinary view leaves out public facts its `sample` needs; it
# carries only what that seat may see. `viewer(game)` picks it, or the ordinary view; a game whose
# `sample` needs the public keys of the state builds it with `with_public_state`.


def say(msg: str, /, **args: Any) -> Say:
    """Words to tell: `msg` is the English with named placeholders, `args` their values (a name, a
    number, or another Say)."""
    return {"msg": msg, "args": args} if args else {"msg": msg}


def say_n(singular: str, plural: str, n: int, /, **args: Any) -> Say:
    """Words that depend on a count `n` (filling `{count}` unless given): Polish has three forms."""
    return {"msg": singular, "plural": plural, "n": n, "args": args} if args else \
        {"msg": singular, "plural": plural, "n": n}


def say_p(ctx: str, msg: str, /, **args: Any) -> Say:
    """Words with a context, where the same English says another thing elsewhere ("End": a button)."""
    return {**say(msg, **args), "ctx": ctx}


def is_say(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("msg"), str)


def english(words: Any) -> str:
    """Words in English: a Say filled in (its Say values too), a list joined by ", ", else str()."""
    if isinstance(words, list | tuple):
        return ", ".join(english(w) for w in words)
    if not is_say(words):
        return str(words)
    args = {k: english(v) if is_say(v) or isinstance(v, list | tuple) else v
            for k, v in (words.get("args") or {}).items()}
    text = str(words["msg"])
    if "plural" in words:
        args.setdefault("count", words["n"])
        text = str(words["msg"] if words["n"] == 1 else words["plural"])
    return text.format_map(args) if args or "{" in text else text


def event(kind: str, words: Say, /, **fields: Any) -> Event:
    """An event: its type, its words (a Say, worded per reader) and their English as "text"."""
    return {"type": kind, "text": english(words), "say": words, **fields}


class IllegalAction(Exception):
    """An action that the rules do not allow now. The message says why, in player words: a Say
    (worded per reader by the bot) or, from older code, an English text. str() is the English."""

    def __init__(self, words: Say | str) -> None:
        self.words = words
        super().__init__(english(words))


class Outcome(TypedDict):
    winners: list[str]
    scores: dict[str, int]
    reason: str


@dataclass(frozen=True)
class Option:
    """A table option: its allowed values, default and a line of help. `when` names the other
    options it depends on and the values with which it applies (empty: it always applies)."""

    name: str
    choices: tuple[Any, ...]
    default: Any
    help: str
    labels: dict[Any, str] = field(default_factory=dict)
    when: dict[str, tuple[Any, ...]] = field(default_factory=dict)

    def validate(self, value: Any) -> Any:
        for choice in self.choices:
            # True == 1 in Python: a bool option takes only bools, a number option no bools.
            if value == choice and isinstance(value, bool) == isinstance(choice, bool):
                return choice
        allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
        raise IllegalAction(say("Option {option} must be one of: {allowed}.", option=self.name, allowed=allowed))

    def label(self, value: Any) -> str:
        """The value in players' words ("Jump costs 1 point"), for table cards and lists."""
        return self.labels.get(value, str(value).lower() if isinstance(value, bool) else str(value))

    def applies(self, options: dict[str, Any]) -> bool:
        """Whether the option means anything with these (resolved) options of the table."""
        return all(options.get(name) in values for name, values in self.when.items())


@runtime_checkable
class Game(Protocol):
    """A game object. `state` is opaque to everything outside the game's package.

    Events are JSON dicts with at least "type" and "text" (player words). An event with
    "private_to": seat is for that seat only; every other event is public and never carries a
    secret: it is built from what every player may see.
    """

    key: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    cooperative: bool

    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> Any: ...

    def to_act(self, state: Any) -> list[str]:
        """The seats that owe an action now (several at once: a simultaneous, hidden choice)."""

    def legal_actions(self, state: Any, seat: str) -> list[Action]:
        """Every legal action of `seat` now, in a stable order; [] when the seat owes nothing."""

    def apply(self, state: Any, seat: str, action: Action) -> tuple[Any, list[Event]]:
        """The state after the action (the input is left unchanged) and what happened.

        Raises IllegalAction, with the real reason first, for anything not in legal_actions."""

    def view(self, state: Any, seat: str | None) -> View:
        """What `seat` may see (None: the public view, what everyone may see; no "me" key)."""

    def outcome(self, state: Any) -> Outcome | None: ...

    def dump(self, state: Any) -> dict[str, Any]:
        """The state as JSON. Equal states dump equal; nothing may depend on key order."""

    def load(self, data: dict[str, Any]) -> Any:
        """The inverse of dump, whatever order the keys of `data` come in."""

    def describe(self, state: Any, seat: str, action: Action) -> str | Say:
        """A short label of one of `seat`'s own legal actions, for `seat`'s eyes only (its panel):
        a Say (worded in the reader's language), or English from older code.

        Never used for public text: public lines come from the events of `apply` and `drop`."""

    def default_action(self, state: Any, seat: str) -> Action:
        """A safe legal action for a seat whose time ran out."""

    def drop(self, state: Any, seat: str) -> tuple[Any, list[Event]]:
        """The seat leaves the game (time-out, kick, resignation); the rules say what follows."""

    def undo_barrier(self, before: Any, seat: str, action: Action, after: Any) -> bool:
        """True when the action may not be taken back: it used randomness (a draw, a roll, a
        shuffle), revealed hidden information to anyone, or let another seat act."""


def resolve_options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """Fill defaults and check every given option against the game's list; an option given
    where it does not apply (see `Option.when`) is refused."""
    known = {o.name: o for o in game.options}
    unknown = set(given) - set(known)
    if unknown:
        raise IllegalAction(say_n("Unknown option for {game}: {options}.", "Unknown options for {game}: {options}.",
                                  len(unknown), game=game.title, options=", ".join(sorted(unknown))))
    resolved = {name: opt.validate(given.get(name, opt.default)) for name, opt in known.items()}
    for name in given:
        opt = known[name]
        if not opt.applies(resolved) and resolved[name] != opt.default:
            need = " and ".join(f"{k}={'/'.join(str(v).lower() for v in vs)}" for k, vs in opt.when.items())
            raise IllegalAction(say("Option {option} applies only with {need}.", option=name, need=need))
    return resolved


def canonical(data: Any) -> str:
    """The canonical JSON text of a dump, a view or an action: sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def viewer(game: Game) -> Callable[[Any, str], View]:
    """The view a computer player decides from: the game's `computer_view`, else its `view`."""
    own: Callable[[Any, str], View] | None = getattr(game, "computer_view", None)
    return own if own is not None else game.view


def with_public_state(view: View, public_state: dict[str, Any]) -> View:
    """A computer's view (`computer_view`) for a game whose `sample` rebuilds a full state from the
    public keys of the state: the seat's own `view` and those keys under "public_state". Only the
    computer gets it: the ordinary views, sent to images and panels, leave the public state out."""
    return {**view, "public_state": public_state}


def public_events(events: list[Event]) -> list[Event]:
    """The events every player may see."""
    return [e for e in events if e.get("private_to") is None]


def events_for(events: list[Event], seat: str) -> list[Event]:
    """The events meant for `seat` alone."""
    return [e for e in events if e.get("private_to") == seat]
