"""Results and Elo ratings of ended games (as Board Game Arena: everyone starts at 1500).

A multi-player game counts as every pair of its players meeting: each pair's result follows their
ranks (winners first, then by score), and a player's change is K/(n-1) times the sum over pairs of
(result - expected). A co-operative game records the team's result and moves no rating; nor does
a game abandoned, or won because someone left.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.computers import is_computer

START = 1500.0
K = 32.0


@dataclass(frozen=True)
class Placing:
    seat: str
    user_id: int
    won: bool
    score: int | None
    rank: int


def placings(outcome: dict[str, Any], users: dict[str, str], seats: list[str]) -> list[Placing]:
    """Each person's rank: the winners share rank 1; the others follow by score, ties sharing.
    Computer players take their places in the ranks but get no placing (no user id)."""
    winners = set(outcome.get("winners") or [])
    scores: dict[str, Any] = outcome.get("scores") or {}

    def key(seat: str) -> tuple[int, float]:
        score = scores.get(seat)
        return (0 if seat in winners else 1, -float(score) if isinstance(score, (int, float)) else 0.0)

    ordered = sorted((s for s in seats if users.get(s, "").isdigit() or is_computer(users.get(s, ""))), key=key)
    out: list[Placing] = []
    rank = 0
    for i, seat in enumerate(ordered):
        rank = rank if i and key(ordered[i - 1]) == key(seat) else i + 1
        score = scores.get(seat)
        if users[seat].isdigit():
            out.append(Placing(seat, int(users[seat]), seat in winners,
                               int(score) if isinstance(score, (int, float)) else None, rank))
    return out


def elo(ratings: dict[int, float], places: list[Placing]) -> dict[int, float]:
    """The new ratings of the players of one game, from their ratings before and their ranks."""
    n = len(places)
    if n < 2:
        return {p.user_id: ratings[p.user_id] for p in places}
    new: dict[int, float] = {}
    for me in places:
        total = 0.0
        for other in places:
            if other is me:
                continue
            expected = 1.0 / (1.0 + 10 ** ((ratings[other.user_id] - ratings[me.user_id]) / 400.0))
            result = 1.0 if me.rank < other.rank else 0.5 if me.rank == other.rank else 0.0
            total += result - expected
        new[me.user_id] = ratings[me.user_id] + K / (n - 1) * total
    return new
