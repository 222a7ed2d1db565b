"""The properties of a game's `sample(view, seat, rng)` (issue #24, the computer's contract):
(a) consistent: view(sample, seat) == view; (b) playable: random play from it reaches an outcome;
(c) two states one seat sees alike give the same sample for the same seed; (d) the hidden parts
vary across seeds. Each game's test_sample.py supplies the positions and its hidden parts."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.base import Game, canonical
from tests.conformance.walk import pick, seats_for, walk

SEEDS = range(16)  # enough that a part with two or more possibilities shows two


def positions(game: Game, players: int, options: dict[str, Any], seed: int,
              every: int) -> list[tuple[Any, str]]:
    """Every `every`-th state of one random game (unfinished), with each seat that owes an action
    there and, every other time, one that does not."""
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


def sample_of(game: Game, state: Any, seat: str, seed: int) -> Any:
    return game.sample(game.view(state, seat), seat, random.Random(seed))  # type: ignore[attr-defined]


def check_consistent(game: Game, state: Any, seat: str, seed: int) -> Any:
    """(a) The sample shows `seat` exactly what the true state shows; it is returned."""
    view = game.view(state, seat)
    before = canonical(view)
    sampled = game.sample(view, seat, random.Random(seed))  # type: ignore[attr-defined]
    assert canonical(view) == before, "sample changed the view it was given"
    again = game.load(game.dump(sampled))
    assert canonical(game.view(again, seat)) == before, f"{seat}'s view of the sample differs"
    assert game.to_act(again) == game.to_act(state)
    for s in game.to_act(state):
        if s == seat:
            assert game.legal_actions(again, s) == game.legal_actions(state, s)
    return again


def check_playable(game: Game, state: Any, seed: int, limit: int = 20000) -> None:
    """(b) Random play from the state reaches an outcome."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.outcome(state) is not None:
            return
        seat, action = pick(game, state, rng)
        state, _ = game.apply(state, seat, action)
    raise AssertionError("random play from a sample did not end")


def check_twins(game: Game, state: Any, twin: Any, seat: str, seed: int) -> None:
    """(c) Two states `seat` sees alike give the same sample for the same seed."""
    assert canonical(game.view(twin, seat)) == canonical(game.view(state, seat)), \
        "the twin is not seen alike (a fault of the test's twin)"
    assert canonical(game.dump(sample_of(game, state, seat, seed))) == \
        canonical(game.dump(sample_of(game, twin, seat, seed)))


def varies(game: Game, state: Any, seat: str, part: Callable[[Any], Any]) -> bool:
    """(d) Whether one hidden part of the sample takes more than one value over the seeds."""
    view = game.view(state, seat)
    return len({canonical(part(game.sample(view, seat, random.Random(s))))  # type: ignore[attr-defined]
                for s in SEEDS}) > 1
