"""A computer player's decision, as a worker process makes it (bot/thinker.py sends it there).
Kept apart and light: a worker imports this, the games and the search, never the bot."""
from __future__ import annotations

from typing import Any

import computer
from bot import memory
from games import registry
from games.base import Action


def decide(key: str, view: dict[str, Any], seat: str, strength: str, seed: int,
           had: tuple[str, ...] = ()) -> Action:
    """The computer's action for `seat` from its view alone (computer.choose); `had`: the positions
    the seat had earlier in this turn, never gone back to."""
    try:
        return computer.choose(registry.get(key), view, seat, strength, seed, had)
    finally:
        memory.trim()
