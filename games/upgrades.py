"""Steps that rewrite stored states when a game changes its state's shape.

A game may list its steps as `state_steps` on its GAME: {name: StateStep}, named after the database
migration that runs them. The migration asks every registered game for its step by that name
(`steps_named`), so that bot/ never names a game. Both directions are pure functions of a dump.
`Renames` makes such a step from renames kept as data.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

Dump = dict[str, Any]
Records = Callable[[Dump], Iterator[tuple[str, dict[str, Any]]]]


@dataclass(frozen=True)
class StateStep:
    """`upgrade` takes a dump of the older shape to the newer one, `downgrade` back."""

    upgrade: Callable[[Dump], Dump]
    downgrade: Callable[[Dump], Dump]


@dataclass(frozen=True)
class Renames:
    """Keys (and a few values) renamed in the records of a state.

    `records(dump)` yields each record of a dump with its kind ("state" for the dump itself), found
    by paths that are the same in both shapes; `keys`: kind -> old key -> new key; `values`:
    kind -> key (by its new name) -> old value -> new value; `dropped`: top-level keys of the old
    shape that nothing read, with the value a downgrade puts back. A dump already in the target
    shape comes back equal.
    """

    records: Records
    keys: dict[str, dict[str, str]]
    values: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    dropped: dict[str, Any] = field(default_factory=dict)

    def upgrade(self, old: Dump) -> Dump:
        new = self._apply(old, self.keys, self.values, values_first=False)
        for key in self.dropped:
            new.pop(key, None)
        return new

    def downgrade(self, new: Dump) -> Dump:
        keys = {kind: {b: a for a, b in pairs.items()} for kind, pairs in self.keys.items()}
        values = {kind: {key: {b: a for a, b in pairs.items()} for key, pairs in by_key.items()}
                  for kind, by_key in self.values.items()}
        old = self._apply(new, keys, values, values_first=True)
        for key, value in self.dropped.items():
            old.setdefault(key, json.loads(json.dumps(value)))
        return old

    def step(self) -> StateStep:
        return StateStep(self.upgrade, self.downgrade)

    def _apply(self, dump: Dump, keys: dict[str, dict[str, str]],
               values: dict[str, dict[str, dict[str, str]]], values_first: bool) -> Dump:
        out: Dump = json.loads(json.dumps(dump))
        for kind, record in self.records(out):
            if values_first:
                _values(record, values.get(kind, {}))
            for old, new in keys.get(kind, {}).items():
                if old in record:
                    if new in record:
                        raise ValueError(f"a {kind} holds both {old!r} and {new!r}")
                    record[new] = record.pop(old)
            if not values_first:
                _values(record, values.get(kind, {}))
        return out


def _values(record: dict[str, Any], values: dict[str, dict[str, str]]) -> None:
    for key, mapping in values.items():
        if isinstance(record.get(key), str) and record[key] in mapping:
            record[key] = mapping[record[key]]


def steps_named(name: str) -> dict[str, StateStep]:
    """Game key -> that game's step called `name`, for every registered game that has one."""
    from games.registry import GAMES

    out: dict[str, StateStep] = {}
    for key in sorted(GAMES):
        steps: dict[str, StateStep] = getattr(GAMES[key], "state_steps", {})
        if name in steps:
            out[key] = steps[name]
    return out
