"""Steps that rewrite stored states when a game changes its state's shape.

A game may list its steps as `state_steps` on its GAME: {name: StateStep}, named after the database
migration that runs them. The migration asks every registered game for its step by that name
(`steps_named`), so that bot/ never names a game. Both directions are pure functions of a dump.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Dump = dict[str, Any]


@dataclass(frozen=True)
class StateStep:
    """`upgrade` takes a dump of the older shape to the newer one, `downgrade` back."""

    upgrade: Callable[[Dump], Dump]
    downgrade: Callable[[Dump], Dump]


def steps_named(name: str) -> dict[str, StateStep]:
    """Game key -> that game's step called `name`, for every registered game that has one."""
    from games.registry import GAMES

    out: dict[str, StateStep] = {}
    for key in sorted(GAMES):
        steps: dict[str, StateStep] = getattr(GAMES[key], "state_steps", {})
        if name in steps:
            out[key] = steps[name]
    return out
