"""A tiny deterministic generator (splitmix64) whose whole state is one JSON integer."""
from __future__ import annotations

from typing import Any

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & MASK


def next_u64(s: dict[str, Any]) -> int:
    x = (s["rng"] + 0x9E3779B97F4A7C15) & MASK
    s["rng"] = x
    x = int(x)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def randbelow(s: dict[str, Any], n: int) -> int:
    return next_u64(s) % n


def shuffle(s: dict[str, Any], items: list[Any]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(s, i + 1)
        items[i], items[j] = items[j], items[i]
