"""Stored states from before the state's keys were words (database migration 0011_maquis_words):
the deferred gains of a route name their partisan as `partisan`, no longer `pid`. Actions and
events never carried this key."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.upgrades import Renames, StateStep

Dump = dict[str, Any]
STEP = "0011_maquis_words"


def records(s: Dump) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each record of the state with its kind (the same paths in the old and the new shape)."""
    yield "state", s
    if s["route"] is not None and s["route"]["deferred"] is not None:
        yield "deferred", s["route"]["deferred"]


WORDS = Renames(records, keys={"deferred": {"pid": "partisan"}})


def upgrade_state(old: Dump) -> Dump:
    """A dump of the old shape in words (a dump already in words comes back equal)."""
    return WORDS.upgrade(old)


def downgrade_state(new: Dump) -> Dump:
    """A dump in words back in the old shape."""
    return WORDS.downgrade(new)


STATE_STEPS: dict[str, StateStep] = {STEP: StateStep(upgrade_state, downgrade_state)}
