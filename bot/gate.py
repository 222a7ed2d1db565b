"""The one gate between a game's state and anything the bot sends (boardgame.io's playerView).

Outside this module (and the service that stores games), bot/, cogs/ and renderers/ never read a
game's state nor call the engine on it: every message, image, button label, select option and
autocomplete answer is built from what this gate hands out for one viewer (None: everyone).
tests/bot/test_gate.py holds the code to that.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from bot.service.errors import word
from games.base import Action, Outcome, Query, View, viewer

if TYPE_CHECKING:
    from bot.service.records import GameRecord


def public(record: GameRecord) -> View | None:
    """What everyone may see (None before the game starts)."""
    return record.game.view(record.state, None) if record.state is not None else None


def private(record: GameRecord, seat: str) -> View | None:
    """What one seat may see: the public view and its own secrets."""
    if record.state is None or seat not in record.seats:
        return None
    return record.game.view(record.state, seat)


def computer(record: GameRecord, seat: str) -> View | None:
    """What a computer player of one seat decides from (bot/thinker.py): its view and the public
    facts the game's `sample` needs (the game's `computer_view`, else its view); never sent."""
    if record.state is None or seat not in record.seats:
        return None
    return viewer(record.game)(record.state, seat)


def outcome(record: GameRecord) -> Outcome | None:
    """How the game ended (public), or None while it goes on; a light record (no state) gives its
    stored result."""
    if record.state is None:
        return cast(Outcome, record.result) if record.result is not None else None
    return record.game.outcome(record.state)


def choices(record: GameRecord, seat: str) -> list[tuple[Action, str]]:
    """The seat's legal actions with their labels, for that seat's eyes only, in the current
    language (lang.use: the reader's)."""
    if record.state is None or record.status != "running" or seat not in record.to_act:
        return []
    game, state = record.game, record.state
    return [(a, word(game.key, game.describe(state, seat, a))) for a in game.legal_actions(state, seat)]


def ask(record: GameRecord, seat: str, question: str, **given: Any) -> Any:
    """One of the game's named questions (its `queries`: where one of the seat's pieces can go,
    say), asked for one seat with the question's own arguments: the engine answers only what that
    seat may know. None before the game starts or for a seat not at the table."""
    queries: dict[str, Query] = getattr(record.game, "queries", {})
    if question not in queries:
        raise LookupError(f"{record.game.title} answers no question {question!r}.")
    if record.state is None or seat not in record.seats:
        return None
    return queries[question](record.state, seat, **given)
