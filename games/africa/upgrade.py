"""Stored states from before the state's keys were words (database migration 0008_africa_words).

The renames are data: per record of the state, old key -> new key, and old value -> new value for
the few values that were letters. `upgrade_state` applies them to a dump of the old shape,
`downgrade_state` takes them back. Actions and events never carried these keys: they stay as
they are.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from games.upgrades import StateStep

Dump = dict[str, Any]

KEYS: dict[str, dict[str, str]] = {
    "state": {"sv_shown": "special_victory_shown"},
    "area": {"n": "neutrals", "p": "traders", "res": "resource"},
    "player": {"rep": "reputation", "wh": "wholesaler", "sv": "special_victory_tokens"},
    "turn": {"ap": "action_points", "w_stopped": "wholesaler_stopped", "w_unable": "wholesaler_unable",
             "nfought": "neutrals_fought"},
    "mode": {"w_stopped": "wholesaler_stopped"},
    "conflict": {"def": "defender", "commit": "commitments"},
}
"""Record -> old key -> new key."""

VALUES: dict[str, dict[str, dict[str, str]]] = {
    "pending": {"kind": {"nretreat": "neutral_retreat", "rep_buy": "reputation_buy"},
                "piece": {"w": "wholesaler", "t": "trader"}},
}
"""Record -> key -> old value -> new value."""

UNUSED: dict[str, list[Any]] = {"conflict_pile": [], "setup_order": [], "last_drawn": []}
"""Top-level keys the old shape carried but nothing ever wrote: dropped, and put back empty."""

STEP = "0008_africa_words"


def _records(s: Dump) -> Iterator[tuple[str, dict[str, Any]]]:
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


def _rename(s: Dump, keys: dict[str, dict[str, str]], values: dict[str, dict[str, dict[str, str]]]) -> Dump:
    out: Dump = json.loads(json.dumps(s))
    for kind, record in _records(out):
        for old, new in keys.get(kind, {}).items():
            if old in record:
                if new in record:
                    raise ValueError(f"a {kind} holds both {old!r} and {new!r}")
                record[new] = record.pop(old)
        for key, mapping in values.get(kind, {}).items():
            if record.get(key) in mapping:
                record[key] = mapping[record[key]]
    return out


def _reverse(table: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    return {kind: {new: old for old, new in pairs.items()} for kind, pairs in table.items()}


def upgrade_state(old: Dump) -> Dump:
    """A dump of the old shape in words (a dump already in words comes back equal)."""
    new = _rename(old, KEYS, VALUES)
    for key in UNUSED:
        new.pop(key, None)
    return new


def downgrade_state(new: Dump) -> Dump:
    """A dump in words back in the old shape."""
    old = _rename(new, _reverse(KEYS), {kind: {key: {v: k for k, v in pairs.items()}
                                               for key, pairs in by_key.items()}
                                        for kind, by_key in VALUES.items()})
    for key, empty in UNUSED.items():
        old.setdefault(key, list(empty))
    return old


STATE_STEPS: dict[str, StateStep] = {STEP: StateStep(upgrade_state, downgrade_state)}
