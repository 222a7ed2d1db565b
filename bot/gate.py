"""The one gate between a game's state and anything the bot sends (boardgame.io's playerView).

Outside this module, bot/ and cogs/ never read a game's state: every message, image, button
label, select option and autocomplete answer is built from what this gate hands out for one
viewer (None: everyone). tests/bot/test_gate.py holds the code to that.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from games.base import Action, View

if TYPE_CHECKING:
    from bot.service.records import GameRecord

T = TypeVar("T")


def public(record: GameRecord) -> View | None:
    """What everyone may see (None before the game starts)."""
    return record.game.view(record.state, None) if record.state is not None else None


def private(record: GameRecord, seat: str) -> View | None:
    """What one seat may see: the public view and its own secrets."""
    if record.state is None or seat not in record.seats:
        return None
    return record.game.view(record.state, seat)


def choices(record: GameRecord, seat: str) -> list[tuple[Action, str]]:
    """The seat's legal actions with their labels, for that seat's eyes only."""
    if record.state is None or record.status != "running" or seat not in record.to_act:
        return []
    game, state = record.game, record.state
    return [(a, game.describe(state, seat, a)) for a in game.legal_actions(state, seat)]


def for_seat(record: GameRecord, seat: str, ask: Callable[[Any, str], T]) -> T | None:
    """A game's own helper over the state (e.g. the places a piece can reach), asked for one
    seat's own choices: `ask(state, seat)` must return only what that seat may know."""
    if record.state is None or seat not in record.seats:
        return None
    return ask(record.state, seat)
