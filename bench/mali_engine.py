"""Engine alone: how long one random 4-player extended game of Mali Powstańcy takes (goal < 50 ms).

Run: .venv/bin/python bench/mali_engine.py [--games N]
Prints one JSON line; no goal is asserted anywhere in the test suite.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry
from games.base import resolve_options
from games.simulate import play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="extended")
    args = parser.parse_args()
    game = registry.get("mali")
    options = resolve_options(game, {"variant": args.variant})
    times, actions = [], []
    for seed in range(1, args.games + 1):
        start = time.perf_counter()
        _, count = play_one(game, args.players, options, seed)
        times.append((time.perf_counter() - start) * 1000)
        actions.append(count)
    print(json.dumps({
        "bench": "mali_engine", "players": args.players, "variant": args.variant, "games": args.games,
        "median_ms_per_game": round(statistics.median(times), 2),
        "p95_ms_per_game": round(sorted(times)[int(len(times) * 0.95) - 1], 2),
        "mean_actions_per_game": round(statistics.mean(actions), 1),
        "goal_ms": 50, "meets_goal": statistics.median(times) < 50,
    }))


if __name__ == "__main__":
    main()
