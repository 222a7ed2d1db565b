"""The computer's decision as bot.mind makes it, but with easy judging each choice on one sampled
state: the whole games of tests/e2e/test_computer_seats.py play this in the thinker pool's workers
(they are about the table, not the play's strength)."""
from __future__ import annotations

from typing import Any

from bot.mind import decide
from games import registry
from games.base import Action

EASY_WORK = 1  # computer.budget's work for easy: its first sample only


def decide_cheaply(key: str, view: dict[str, Any], seat: str, strength: str, seed: int,
                   had: tuple[str, ...] = ()) -> Action:
    """`bot.mind.decide` with the game's easy work lowered for this decision only (a worker serves
    other tests' decisions too)."""
    game = registry.get(key)
    own_budget = "computer_work" in vars(game)
    own = getattr(game, "computer_work", None) or {}
    game.computer_work = {**own, "easy": EASY_WORK}  # type: ignore[attr-defined]
    try:
        return decide(key, view, seat, strength, seed, had)
    finally:
        if own_budget:
            game.computer_work = own  # type: ignore[attr-defined]
        else:
            del game.computer_work  # type: ignore[attr-defined]
