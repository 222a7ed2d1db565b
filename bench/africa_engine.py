"""Engine alone: how long one random 5-player game of Heart of Africa takes (goal < 100 ms).

Run: .venv/bin/python bench/africa_engine.py [--games N] [--players P] [--sealed]
Plays N random games (the same weighted random play as `python -m games.simulate`) through the
engine alone, to the VP target, and prints one JSON line (wall time, and this process's CPU time,
which a busy machine disturbs less); no goal is asserted anywhere in the tests.
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
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--sealed", action="store_true", help="the sealed_auction option")
    args = parser.parse_args()
    game = registry.get("africa")
    options = resolve_options(game, {"sealed_auction": args.sealed})
    times, cpu, actions, reasons = [], [], [], set()
    for seed in range(1, args.games + 1):
        start, start_cpu = time.perf_counter(), time.process_time()
        outcome, count = play_one(game, args.players, options, seed)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        actions.append(count)
        reasons.add(outcome["reason"])
    median = statistics.median(times)
    print(json.dumps({
        "bench": "africa_engine", "players": args.players, "sealed_auction": args.sealed,
        "games": args.games, "median_ms_per_game": round(median, 2),
        "p95_ms_per_game": round(sorted(times)[int(len(times) * 0.95) - 1], 2),
        "median_cpu_ms_per_game": round(statistics.median(cpu), 2),
        "mean_actions_per_game": round(statistics.mean(actions), 1),
        "ms_per_action": round(sum(times) / sum(actions), 3), "reasons": sorted(reasons),
        "goal_ms": 100, "meets_goal": median < 100,
    }))


if __name__ == "__main__":
    main()
