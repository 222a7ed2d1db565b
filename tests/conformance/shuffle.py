"""Reorder every JSON object's keys, as a database's JSON type may (PostgreSQL's JSONB does)."""
from __future__ import annotations

import random
from typing import Any


def shuffled(data: Any, rng: random.Random) -> Any:
    """The same JSON value with the keys of every object in a random order."""
    if isinstance(data, dict):
        keys = list(data)
        rng.shuffle(keys)
        return {k: shuffled(data[k], rng) for k in keys}
    if isinstance(data, list):
        return [shuffled(x, rng) for x in data]
    return data


def reversed_keys(data: Any) -> Any:
    """The same JSON value with the keys of every object in reverse order."""
    if isinstance(data, dict):
        return {k: reversed_keys(data[k]) for k in reversed(list(data))}
    if isinstance(data, list):
        return [reversed_keys(x) for x in data]
    return data
