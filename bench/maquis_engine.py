"""Engine alone: N random Maquis games per difficulty, solo and a team of 3: time per game (goal
< 50 ms), time per action, and the win rate. Two kinds of random game, side by side in one run:
`uniform` (a uniformly random legal action each step: the engine alone) and `policy` (the engine's
own `playout_weights`, as `python -m games.simulate` plays; most of its time is the policy's
look-ahead, not the rules).

Run: .venv/bin/python bench/maquis_engine.py [--games N]
Prints one JSON line per (players, difficulty); no goal is asserted anywhere in the test suite.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry
from games.base import resolve_options
from games.simulate import play_one, playout_rng

GOAL_MS = 50


def play_uniform(game: Any, players: int, options: dict[str, Any], seed: int) -> tuple[dict[str, Any], int]:
    rng = playout_rng(seed)
    state = game.setup([f"p{i + 1}" for i in range(players)], options, seed)
    count = 0
    while (outcome := game.outcome(state)) is None:
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        count += 1
    return dict(outcome), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--missions", default="random_mixed")
    args = parser.parse_args()
    game = registry.get("maquis")
    cases = [(p, d, k) for p in (1, 3) for d in ("very_easy", "easy", "normal", "tricky", "hard", "very_hard")
             for k in ("uniform", "policy")]
    for players, difficulty, kind in cases:
        options = resolve_options(game, {"difficulty": difficulty, "missions": args.missions})
        play = play_uniform if kind == "uniform" else play_one
        times, actions, won = [], [], 0
        for seed in range(1, args.games + 1):
            start = time.perf_counter()
            outcome, count = play(game, players, options, seed)
            times.append((time.perf_counter() - start) * 1000)
            actions.append(count)
            won += bool(outcome["winners"])
        median = statistics.median(times)
        print(json.dumps({
            "bench": "maquis_engine", "kind": kind, "players": players, "difficulty": difficulty,
            "missions": args.missions, "games": args.games,
            "median_ms_per_game": round(median, 2),
            "p95_ms_per_game": round(sorted(times)[int(len(times) * 0.95) - 1], 2),
            "mean_actions_per_game": round(statistics.mean(actions), 1),
            "ms_per_action": round(sum(times) / sum(actions), 3),
            "goal_ms": GOAL_MS, "median_to_goal": round(median / GOAL_MS, 2), "meets_goal": median < GOAL_MS,
            "win_rate": round(won / args.games, 3),
        }))

if __name__ == "__main__":
    main()
