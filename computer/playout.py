"""What a finished or cut-off game is worth to a seat, and random play from a sampled state.

Rewards, in [0, 1] for every seat: co-operative games, the team's win 1, a draw 0.5 (the
outcome's reason "draw"), a loss 0; competitive games, the winners share 1 (a tie of two winners
gives each 0.5), blended with the seat's score normalised among the seats (so that a close loss
is worth a little more than a rout). A competitive game that nobody wins (Mali's fourth token or
third fallen district: everybody loses and no points are counted) is worth 0 to every seat, the
worst a lost race can be, so that a seat trailing in the race never prefers that everybody lose.
A state cut off before the end is worth the game's `evaluate(state, seat)` where it offers one.
"""
from __future__ import annotations

import random

from computer.sealed import Handle, Sealed
from games.base import Action, Outcome

WIN_SHARE = 0.8  # the rest of a competitive reward is the normalised score
MAX_ACTIONS = 3000  # a play-out not over by then is worth the game's evaluation, or an even 0.5


def reward(outcome: Outcome, seat: str, cooperative: bool) -> float:
    winners = outcome.get("winners") or []
    if cooperative:
        return 1.0 if winners else 0.5 if outcome.get("reason") == "draw" else 0.0
    if not winners:
        return 0.0  # everybody lost: the scores of a game lost by all count for nobody
    share = 1.0 / len(winners) if seat in winners else 0.0
    scores = outcome.get("scores") or {}
    if seat not in scores or not scores:
        return share
    low, high = min(scores.values()), max(scores.values())
    spread = (scores[seat] - low) / (high - low) if high > low else 0.5
    return WIN_SHARE * share + (1 - WIN_SHARE) * spread


def worth(sealed: Sealed, handle: Handle, seat: str) -> float:
    """The state's value for `seat`: its reward when over, else the game's evaluation, else 0.5."""
    outcome = sealed.outcome(handle)
    if outcome is not None:
        return reward(outcome, seat, sealed.cooperative)
    return sealed.evaluate(handle, seat) if sealed.has_evaluate else 0.5


def pick(sealed: Sealed, handle: Handle, seat: str, legal: list[Action], rng: random.Random) -> Action:
    """One action of the rollout policy: the game's playout weights, or uniform."""
    weights = sealed.weights(handle, seat, legal)
    if weights is None or not any(w > 0 for w in weights):
        return rng.choice(legal)
    return rng.choices(legal, weights)[0]


def step(sealed: Sealed, handle: Handle, rng: random.Random) -> Handle | None:
    """One action of random play (the first seat to act), or None when the game is over."""
    if sealed.outcome(handle) is not None:
        return None
    waiting = sealed.to_act(handle)
    if not waiting:
        return None
    seat = waiting[0]
    legal = sealed.legal(handle, seat)
    return sealed.apply(handle, seat, pick(sealed, handle, seat, legal, rng))


def rollout(sealed: Sealed, handle: Handle, rng: random.Random, depth: int | None) -> Handle:
    """Random play to the end, or `depth` actions when the game can evaluate a state."""
    limit = depth if depth is not None and sealed.has_evaluate else MAX_ACTIONS
    for _ in range(limit):
        after = step(sealed, handle, rng)
        if after is None:
            break
        handle = after
    return handle


def rollout_to_turn(sealed: Sealed, handle: Handle, rng: random.Random, depth: int, others: bool = False) -> Handle:
    """Random play up to the searcher's next turn after another seat has acted (`others`: one
    already has), the end, or `depth` actions: how far easy looks after a move (computer.greedy),
    and the search's play-outs with `computer_horizon = "turn"` (computer.search)."""
    for _ in range(depth):
        waiting = sealed.to_act(handle)
        if others and sealed.seat in waiting:
            break
        after = step(sealed, handle, rng)
        if after is None:
            break
        others = others or waiting[0] != sealed.seat
        handle = after
    return handle


def rollout_to_round(sealed: Sealed, handle: Handle, rng: random.Random, depth: int, start: int) -> Handle:
    """Random play up to the searcher's first decision in a round after `start` (the game's
    `computer_round`), the end, or `depth` actions: the search's play-outs with
    `computer_horizon = "round"` (computer.search), which judge a round's purchase by what the
    round did with it, not where it was bought."""
    for _ in range(depth):
        if sealed.seat in sealed.to_act(handle) and sealed.round(handle) > start:
            break
        after = step(sealed, handle, rng)
        if after is None:
            break
        handle = after
    return handle
