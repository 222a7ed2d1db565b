"""Checks of a game's `sample(view, seat, rng)` (issue #24, the computer's contract), shared by each
game's test_sample.py: (a) consistent: the sample shows the seat exactly its view; (b) playable:
random play from it reaches an outcome; (c) two states one seat sees alike give the same sample for
the same seed; (d) the hidden parts vary across seeds. The game's test supplies the positions (from
`positions` or `seat_positions`) and its hidden parts."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.base import Game, canonical, viewer
from tests.conformance.walk import pick, seats_for, walk

State = dict[str, Any]
MAX_STEPS = 20000
SEEDS = range(16)  # enough that a part with two or more possibilities shows two


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
    """States of one game of `step`s, each kept with probability `keep` (the first and last always)."""
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


def seat_positions(game: Game, players: int, options: dict[str, Any], seed: int,
                   every: int) -> list[tuple[Any, str]]:
    """Every `every`-th state of one uniformly random game (unfinished), with each seat that owes an
    action there and, every other time, one that does not."""
    out: list[tuple[Any, str]] = []
    seats = seats_for(players)
    for k, state in enumerate(walk(game, players, options, seed)):
        if k % every or game.outcome(state) is not None:
            continue
        waiting = game.to_act(state)
        out += [(state, seat) for seat in waiting]
        idle = [s for s in seats if s not in waiting]
        if idle and k % (2 * every) == 0:
            out.append((state, idle[k % len(idle)]))
    return out


def sampler(game: Game) -> Callable[[dict[str, Any], str, random.Random], State]:
    fn = getattr(game, "sample", None)
    assert fn is not None, f"{game.key} has no sample"
    return fn  # type: ignore[no-any-return]


def sample_of(game: Game, state: Any, seat: str, seed: int) -> Any:
    return sampler(game)(viewer(game)(state, seat), seat, random.Random(seed))


def check_consistent(game: Game, state: Any, seat: str, seed: int) -> Any:
    """(a) The sample (through dump and load) shows `seat` exactly what the true state shows, has its
    keys, the same seats to act and this seat's same choices; the view it was drawn from is left
    unchanged. The sample is returned."""
    view = viewer(game)(state, seat)
    before = canonical(view)
    sampled = sampler(game)(view, seat, random.Random(seed))
    assert canonical(view) == before, "sample changed the view it was given"
    assert set(sampled) == set(state), "the sample's keys differ from the state's"
    again = game.load(game.dump(sampled))
    assert canonical(viewer(game)(again, seat)) == before, f"{seat}'s view of the sample differs"
    assert game.to_act(again) == game.to_act(state)
    if seat in game.to_act(state):
        assert game.legal_actions(again, seat) == game.legal_actions(state, seat)
    return again


def play_out(game: Game, s: Any, seed: int, uniform: bool = False) -> int:
    """(b) Random play from `s` (`step`s, or with `uniform` any seat that owes, uniformly) reaches an
    outcome; the number of moves."""
    r = random.Random(seed)
    for n in range(MAX_STEPS):
        if game.outcome(s) is not None:
            return n
        if uniform:
            seat, action = pick(game, s, r)
            s, _ = game.apply(s, seat, action)
        else:
            s = step(game, s, r)
    raise AssertionError("random play from a sampled state did not end")


def check_twins(game: Game, state: Any, twin: Any, seat: str, seed: int) -> None:
    """(c) `twin` differs from `state` only in what `seat` cannot see: the same sample for the seed."""
    assert canonical(viewer(game)(twin, seat)) == canonical(viewer(game)(state, seat)), \
        "the twin is not seen alike (a fault of the test's twin)"
    assert canonical(game.dump(sample_of(game, state, seat, seed))) == \
        canonical(game.dump(sample_of(game, twin, seat, seed)))


def drawn(game: Game, state: Any, seat: str, part: Callable[[Any], Any], seeds: range = SEEDS) -> list[str]:
    """(d) One part of the samples drawn with each seed, as text (distinct ones vary)."""
    view = viewer(game)(state, seat)
    return [canonical(part(sampler(game)(view, seat, random.Random(s)))) for s in seeds]


def varies(game: Game, state: Any, seat: str, part: Callable[[Any], Any]) -> bool:
    """(d) Whether one hidden part of the sample takes more than one value over the seeds."""
    return len(set(drawn(game, state, seat, part))) > 1


def hidden_parts(game: Game, s: State, seat: str, seeds: range, keys: tuple[str, ...]) -> list[str]:
    """(d) The hidden keys of the samples drawn with each seed, as text (distinct ones vary)."""
    return drawn(game, s, seat, lambda got: [got[key] for key in keys], seeds)
