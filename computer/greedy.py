"""Easy: a one-ply greedy policy on sampled states.

Each legal action is tried on a few states sampled from the seat's view. Where the game offers an
evaluation, play then goes on by the rollout policy (the rest of the seat's turn, then the other
seats') until the seat's next turn after another seat has acted, the end, or half the play-out
depth (a seat alone would otherwise play to the end; half: easy looks less far than the search,
and costs less where the rollout policy is dear), and the action worth most on
average wins: an action is judged by where the round leaves the seat, not by one step of
a turn of many (which would also let a seat undo and redo a step for ever). A game without an
evaluation but with playout weights: the action its weights favour most. A game with neither: one
random play-out to the end per action and sample. Samples stop early once the work (actions,
samples) passes `work` (computer.budget); the first is always judged whole.

With a `margin` (the game's `computer_easy_margin`), easy keeps the move the game's playout weights
favour most unless another is worth more on average by at least that much: where the evaluation
after a short look ahead is coarse (it judges states reached at different points of the game),
its small differences are no reason to leave the game's own plan, and easy is then never weaker
than the policy it plays out with.
"""
from __future__ import annotations

import random

from computer.playout import reward, rollout, rollout_to_turn, worth
from computer.sealed import Handle, Sealed
from games.base import Action, canonical

SAMPLES = 6


def value(sealed: Sealed, handle: Handle, legal: list[Action], rng: random.Random, reach: int,
          common: bool = False) -> list[float]:
    """What each of `legal` is worth to the seat in one sampled state, looking at most `reach`
    actions ahead. `common`: every action's play-out draws the same random numbers, so that their
    differences are the actions', not luck's."""
    seat = sealed.seat
    if sealed.has_evaluate:
        if common:
            seed = rng.randrange(2**62)
            return [worth(sealed, rollout_to_turn(sealed, sealed.apply(handle, seat, a), random.Random(seed), reach),
                          seat) for a in legal]
        return [worth(sealed, rollout_to_turn(sealed, sealed.apply(handle, seat, a), rng, reach), seat) for a in legal]
    weights = sealed.weights(handle, seat, legal)
    if weights is not None and sum(weights) > 0:
        return [w / sum(weights) for w in weights]
    values = []
    for a in legal:
        end = sealed.outcome(rollout(sealed, sealed.apply(handle, seat, a), rng, None))
        values.append(reward(end, seat, sealed.cooperative) if end is not None else 0.5)
    return values


def one_ply(sealed: Sealed, first: Handle, legal: list[Action], rng: random.Random, reach: int,
            work: int, margin: float | None = None, samples: int = SAMPLES, common: bool = False) -> Action:
    keys = [canonical(a) for a in legal]
    totals = [0.0] * len(legal)
    judged = 0
    for i in range(samples):
        if i and sealed.work >= work:
            break
        handle = first if i == 0 else sealed.sample(rng)
        here = {canonical(a) for a in sealed.legal(handle, sealed.seat)}
        if not here.issuperset(keys):
            continue  # a sample where the seat's choices differ: the game's sampler is at fault
        judged += 1
        for j, v in enumerate(value(sealed, handle, legal, rng, reach, common)):
            totals[j] += v
    best = max(totals)
    chosen = rng.choice([j for j, t in enumerate(totals) if t >= best - 1e-9])
    weights = sealed.weights(first, sealed.seat, legal) if margin is not None and judged else None
    if margin is None or weights is None or not any(w > 0 for w in weights):
        return legal[chosen]
    own = max(range(len(legal)), key=lambda j: weights[j])
    if (totals[chosen] - totals[own]) / judged < margin:
        return legal[own]  # not clearly better than the game's own plan: keep the plan
    return legal[chosen]

