"""Maquis board render bench: `.venv/bin/python bench/maquis_render.py [--reps N]`.

Measures, interleaved in one run (median of N): a full board render + PNG encode, and the PNG
encode alone of an already finished board image of the same view. Goal: ratio <= 2, bytes < 1 MiB.
The views come from a seeded 3-member game (Infiltration and Officer's Mansion) played by the
engine's playout policy: the opening, a busy action phase and the final board.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry
from games.base import resolve_options
from games.simulate import choose, playout_rng
from renderers import maquis
from renderers.common import encode_png
from renderers.maquis.board import _board as render_board  # the renderer names no public one


def views(seed: int = 32) -> dict[str, dict[str, Any]]:
    game = registry.get("maquis")
    options = resolve_options(game, {"missions": "chosen", "mission_left": "infiltration",
                                      "mission_right": "officers_mansion"})
    state = game.setup(["p1", "p2", "p3"], options, seed)
    rng = playout_rng(seed)
    out = {"opening": game.view(state, None)}
    busiest = (-1, out["opening"])
    while game.outcome(state) is None:
        seat, action = choose(game, state, rng)
        state, _ = game.apply(state, seat, action)
        v = game.view(state, None)
        pawns = len(v["patrols"]) + sum(1 for p in v["partisans"] if p["status"] == "placed")
        if v["phase"] == "action" and pawns > busiest[0]:
            busiest = (pawns, v)
    out["busy_action"] = busiest[1]
    out["final"] = game.view(state, None)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=25)
    args = parser.parse_args()
    started = time.perf_counter()
    maquis.warm()
    first = time.perf_counter() - started
    for name, view in views().items():
        finished = render_board(view)
        full, encode_only, sizes = [], [], []
        for _ in range(args.reps):
            t0 = time.perf_counter()
            data = maquis.board_png(view)
            t1 = time.perf_counter()
            encode_png(finished)
            t2 = time.perf_counter()
            full.append(t1 - t0)
            encode_only.append(t2 - t1)
            sizes.append(len(data))
        f, e = statistics.median(full), statistics.median(encode_only)
        print(f"{name:11s} render+encode {f * 1000:6.1f} ms | encode only {e * 1000:6.1f} ms | "
              f"ratio {f / e:4.2f} (goal <= 2) | {max(sizes) / 1024:6.1f} KiB (goal < 1024) | "
              f"{finished.size[0]}x{finished.size[1]}")
    print(f"first call (fonts, cached afterwards): {first * 1000:.0f} ms; median of {args.reps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
