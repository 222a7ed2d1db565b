"""Stored states from before the state's keys were words (database migration 0008_africa_words).

The renames are data: per record of the state, old key -> new key, and old value -> new value for
the few values that were letters. `upgrade_state` applies them to a dump of the old shape,
`downgrade_state` takes them back. Actions and events never carried these keys: they stay as
they are.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.upgrades import Renames, StateStep

Dump = dict[str, Any]
STEP = "0008_africa_words"


def records(s: Dump) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each record of the state with its kind (the same paths in the old and the new shape)."""
    yield "state", s
    for area in s["areas"].values():
        yield "area", area
    for player in s["players"]:
        yield "player", player
    if s["turn"] is not None:
        yield "turn", s["turn"]
        if s["turn"]["mode"] is not None:
            yield "mode", s["turn"]["mode"]
    if s["conflict"] is not None:
        yield "conflict", s["conflict"]
    for item in s["pending"]:
        yield "pending", item


WORDS = Renames(
    records,
    keys={
        "state": {"sv_shown": "special_victory_shown"},
        "area": {"n": "neutrals", "p": "traders", "res": "resource"},
        "player": {"rep": "reputation", "wh": "wholesaler", "sv": "special_victory_tokens"},
        "turn": {"ap": "action_points", "w_stopped": "wholesaler_stopped",
                 "w_unable": "wholesaler_unable", "nfought": "neutrals_fought"},
        "mode": {"w_stopped": "wholesaler_stopped"},
        "conflict": {"def": "defender", "commit": "commitments"},
    },
    values={"pending": {"kind": {"nretreat": "neutral_retreat", "rep_buy": "reputation_buy"},
                        "piece": {"w": "wholesaler", "t": "trader"}}},
    dropped={"conflict_pile": [], "setup_order": [], "last_drawn": []},  # never written
)


def upgrade_state(old: Dump) -> Dump:
    """A dump of the old shape in words (a dump already in words comes back equal)."""
    return WORDS.upgrade(old)


def downgrade_state(new: Dump) -> Dump:
    """A dump in words back in the old shape."""
    return WORDS.downgrade(new)


STATE_STEPS: dict[str, StateStep] = {STEP: StateStep(upgrade_state, downgrade_state)}
