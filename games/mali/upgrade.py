"""Stored states from before the state's keys were words (database migration 0009_mali_words):
`jcop` is `jump_costs_one_point` (the option's name), a task's `t` its `kind`, the pending
choice's `ctx` its `context`. Actions and events never carried these keys."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.upgrades import Renames, StateStep

Dump = dict[str, Any]
STEP = "0009_mali_words"


def records(s: Dump) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each record of the state with its kind (the same paths in the old and the new shape)."""
    yield "state", s
    for task in s["tasks"]:
        yield "task", task
    if s["pending"] is not None:
        yield "pending", s["pending"]


WORDS = Renames(records, keys={"state": {"jcop": "jump_costs_one_point"}, "task": {"t": "kind"},
                               "pending": {"ctx": "context"}})


def upgrade_state(old: Dump) -> Dump:
    """A dump of the old shape in words (a dump already in words comes back equal)."""
    return WORDS.upgrade(old)


def downgrade_state(new: Dump) -> Dump:
    """A dump in words back in the old shape."""
    return WORDS.downgrade(new)


STATE_STEPS: dict[str, StateStep] = {STEP: StateStep(upgrade_state, downgrade_state)}
