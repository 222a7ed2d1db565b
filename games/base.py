"""The one interface every game implements (in the spirit of OpenSpiel's State)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict

Action = dict[str, Any]
Event = dict[str, Any]


class IllegalAction(Exception):
    """An action that the rules do not allow now. The message says why, in player words."""


class Outcome(TypedDict):
    winners: list[str]
    scores: dict[str, int]
    reason: str


@dataclass(frozen=True)
class Option:
    """A table option: its allowed values, default and a line of help."""

    name: str
    choices: tuple[Any, ...]
    default: Any
    help: str
    labels: dict[Any, str] = field(default_factory=dict)

    def validate(self, value: Any) -> Any:
        if value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise IllegalAction(f"Option {self.name} must be one of: {allowed}.")
        return value


class Game(Protocol):
    """A game object. `state` is opaque to everything outside the game's package.

    Events are JSON dicts with at least "type" and "text" (player words). An event
    with "private_to": seat is for that seat only; every other event is public and
    never carries a secret.
    """

    key: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]

    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> Any: ...
    def to_act(self, state: Any) -> list[str]: ...
    def legal_actions(self, state: Any, seat: str) -> list[Action]: ...
    def apply(self, state: Any, seat: str, action: Action) -> tuple[Any, list[Event]]: ...
    def view(self, state: Any, seat: str | None) -> dict[str, Any]: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def dump(self, state: Any) -> dict[str, Any]: ...
    def load(self, data: dict[str, Any]) -> Any: ...
    # Service helpers, pure as well.
    def describe(self, state: Any, seat: str, action: Action) -> str: ...
    def default_action(self, state: Any, seat: str) -> Action: ...
    def drop(self, state: Any, seat: str) -> tuple[Any, list[Event]]: ...


def resolve_options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """Fill defaults and check every given option against the game's list."""
    known = {o.name: o for o in game.options}
    unknown = set(given) - set(known)
    if unknown:
        raise IllegalAction(f"Unknown option(s) for {game.title}: {', '.join(sorted(unknown))}.")
    return {name: opt.validate(given.get(name, opt.default)) for name, opt in known.items()}
