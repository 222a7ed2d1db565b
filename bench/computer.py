"""Computer players: CPU seconds per decision at each strength (issue #24; goal: hard within 2 s).

Run: .venv/bin/python bench/computer.py [--positions N] [--games KEY,...] [--strengths S,...]
For every registered game that has `sample` (and the toy game of tests/computer/toy.py), it plays
random games (the games' own weighted random play, as `python -m games.simulate`) at each
player count, keeps N positions spread over them where the seat to act has a real choice, and
times `computer.choose` there at each strength with this process's CPU clock (a busy machine
disturbs it less than the wall clock). One JSON line per game, players and strength: the
budgets (iterations, work), the median and the largest CPU seconds per decision. No test asserts a time.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import computer
from games import registry
from games.base import Game, resolve_options
from games.simulate import choose as random_move
from games.simulate import playout_rng
from tests.computer.toy import ToyGuided

GOAL_SECONDS = 2.0


def games() -> dict[str, Game]:
    found: dict[str, Game] = {key: g for key, g in registry.GAMES.items() if hasattr(g, "sample")}
    found["toy"] = ToyGuided()
    return found


def positions(game: Game, players: int, count: int, seed: int = 1) -> list[tuple[Any, str]]:
    """`count` positions (state, seat to decide) spread over random games: every decision of a
    few games, then evenly picked."""
    options = resolve_options(game, {})
    found: list[tuple[Any, str]] = []
    for g in range(seed, seed + 3):
        rng = playout_rng(g)
        state = game.setup([f"p{i + 1}" for i in range(players)], options, g)
        while game.outcome(state) is None:
            for seat in game.to_act(state):
                if len(game.legal_actions(state, seat)) > 1:
                    found.append((state, seat))
            seat, action = random_move(game, state, rng)
            state, _ = game.apply(state, seat, action)
    if len(found) <= count:
        return found
    step = len(found) / count
    return [found[int(i * step)] for i in range(count)]


def measure(game: Game, spots: list[tuple[Any, str]], strength: str,
            clock: Callable[[], float] = time.process_time) -> list[float]:
    seconds = []
    for n, (state, seat) in enumerate(spots):
        start = clock()
        computer.choose(game, computer.view_for(game, state, seat), seat, strength, n)
        seconds.append(clock() - start)
    return seconds


def rows(keys: list[str], count: int, strengths: list[str]) -> Iterator[dict[str, Any]]:
    table = games()
    for key in keys:
        game = table[key]
        for players in range(game.min_players, game.max_players + 1):
            spots = positions(game, players, count)
            for strength in strengths:
                seconds = measure(game, spots, strength)
                yield {"game": key, "players": players, "strength": strength,
                       "iterations": computer.budget(game, strength),
                       "work": computer.budget(game, strength, "work"), "positions": len(spots),
                       "median_cpu_s": round(statistics.median(seconds), 3),
                       "max_cpu_s": round(max(seconds), 3),
                       "within_goal": max(seconds) <= GOAL_SECONDS}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--games", default=",".join(games()), help="comma-separated keys")
    parser.add_argument("--strengths", default=",".join(computer.STRENGTHS))
    args = parser.parse_args(argv)
    keys = [k for k in args.games.split(",") if k]
    unknown = sorted(set(keys) - set(games()))
    if unknown:
        parser.error(f"no sampler for {', '.join(unknown)}; games with one: {', '.join(games())}")
    random.seed(0)
    for row in rows(keys, args.positions, args.strengths.split(",")):
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
