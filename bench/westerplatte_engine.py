"""Engine alone: 7 Days of Westerplatte played by the engine's greedy team (`playout_weights`, as
`python -m games.simulate` plays), N games per difficulty: time per game (goal < 100 ms for a
4-player game) and the team's win rate per difficulty.

Run: .venv/bin/python bench/westerplatte_engine.py [--games N] [--players P]
Prints one JSON line per difficulty; no goal is asserted anywhere in the test suite.
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

GOAL_MS = 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = registry.get("westerplatte")
    for difficulty in ("easy", "medium", "hard"):
        options = resolve_options(game, {"difficulty": difficulty})
        times, actions, won, days = [], [], 0, []
        for seed in range(1, args.games + 1):
            start = time.perf_counter()
            outcome, count = play_one(game, args.players, options, seed)
            times.append((time.perf_counter() - start) * 1000)
            actions.append(count)
            won += bool(outcome["winners"])
            days.append(outcome["day"])
        median = statistics.median(times)
        print(json.dumps({
            "bench": "westerplatte_engine", "players": args.players, "difficulty": difficulty,
            "games": args.games,
            "median_ms_per_game": round(median, 2),
            "p95_ms_per_game": round(sorted(times)[int(len(times) * 0.95) - 1], 2),
            "mean_actions_per_game": round(statistics.mean(actions), 1),
            "goal_ms": GOAL_MS, "median_to_goal": round(median / GOAL_MS, 2), "meets_goal": median < GOAL_MS,
            "team_win_rate": round(won / args.games, 3), "mean_last_day": round(statistics.mean(days), 2),
        }))


if __name__ == "__main__":
    main()
