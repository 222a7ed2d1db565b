"""Checks of a game's `sample(view, seat, rng)` (issue 24, the computer's contract), shared by the
per-game tests: (a) the sample is consistent with the view; (b) random play from it reaches an
outcome; (c) two true states that differ only in what the seat cannot see give the same sample for
the same seed; (d) the hidden parts vary across seeds."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.base import Game, canonical, viewer

State = dict[str, Any]
MAX_STEPS = 5000


def step(game: Game, s: State, r: random.Random) -> State:
    """One move of mostly weighted (playout), sometimes uniform random play."""
    seat = game.to_act(s)[0]
    legal = game.legal_actions(s, seat)
    weigh = getattr(game, "playout_weights", None)
    weights = weigh(s, seat, legal) if weigh is not None else [1.0] * len(legal)
    action = r.choice(legal) if r.random() < 0.2 or not any(weights) else r.choices(legal, weights)[0]
    after, _ = game.apply(s, seat, action)
    return after


def positions(game: Game, seats: list[str], options: dict[str, Any], seed: int, keep: float) -> list[State]:
    """States of one random game, each kept with probability `keep` (the first and last always)."""
    r = random.Random(seed)
    s = game.setup(seats, options, seed)
    out = [s]
    for _ in range(MAX_STEPS):
        if game.outcome(s) is not None:
            break
        s = step(game, s, r)
        if r.random() < keep:
            out.append(s)
    out.append(s)
    return out


def play_out(game: Game, s: State, seed: int) -> int:
    """Random play to the end; the number of moves."""
    r = random.Random(seed)
    for n in range(MAX_STEPS):
        if game.outcome(s) is not None:
            return n
        s = step(game, s, r)
    raise AssertionError("random play from a sampled state did not end")


def sampler(game: Game) -> Callable[[dict[str, Any], str, random.Random], State]:
    fn = getattr(game, "sample", None)
    assert fn is not None, f"{game.key} has no sample"
    return fn  # type: ignore[no-any-return]


def check_consistent(game: Game, s: State, seat: str, seed: int) -> State:
    """(a): the view of the sample equals the seat's view; the sample has the state's keys."""
    view = viewer(game)(s, seat)
    got = sampler(game)(view, seat, random.Random(seed))
    assert canonical(viewer(game)(got, seat)) == canonical(view)
    assert set(got) == set(s)
    return got


def check_twins(game: Game, s: State, twin: State, seat: str, seed: int) -> None:
    """(c): `twin` differs from `s` only in what `seat` cannot see: the same view, the same sample."""
    view, view2 = viewer(game)(s, seat), viewer(game)(twin, seat)
    assert canonical(view) == canonical(view2), "the twin is not hidden from the seat"
    one = sampler(game)(view, seat, random.Random(seed))
    two = sampler(game)(view2, seat, random.Random(seed))
    assert canonical(game.dump(one)) == canonical(game.dump(two))


def hidden_parts(game: Game, s: State, seat: str, seeds: range, keys: tuple[str, ...]) -> list[str]:
    """(d): the hidden keys of the samples drawn with each seed, as text (distinct ones vary)."""
    view = viewer(game)(s, seat)
    return [canonical([sampler(game)(view, seat, random.Random(k))[key] for key in keys]) for k in seeds]
