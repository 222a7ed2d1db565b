"""Stored states from before the state's keys were words (database migration
0010_westerplatte_words): a task's `t` is its `kind`, its `n` its `count` (bricks of damage,
tokens to share), its `d` its `change` (of morale). Actions and events never carried these keys."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.upgrades import Renames, StateStep

Dump = dict[str, Any]
STEP = "0010_westerplatte_words"


def records(s: Dump) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each record of the state with its kind (the same paths in the old and the new shape)."""
    yield "state", s
    for task in s["tasks"]:
        yield "task", task


WORDS = Renames(records, keys={"task": {"t": "kind", "n": "count", "d": "change"}})


def upgrade_state(old: Dump) -> Dump:
    """A dump of the old shape in words (a dump already in words comes back equal)."""
    return WORDS.upgrade(old)


def downgrade_state(new: Dump) -> Dump:
    """A dump in words back in the old shape."""
    return WORDS.downgrade(new)


STATE_STEPS: dict[str, StateStep] = {STEP: StateStep(upgrade_state, downgrade_state)}
