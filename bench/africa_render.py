"""Heart of Africa board render bench: `.venv/bin/python bench/africa_render.py [--reps N]`.

Measures, interleaved in one run (median of N): a full board render + PNG encode
(`renderers.africa.board_png`), and the PNG encode alone of the same finished board image with the
same settings (`compress_level=3`). Goal: ratio <= 2, bytes < 1 MiB. The views are sample positions
of a seeded random 5-player game (`games/africa/samples.py`): its setup, a conflict between
companies, and the end.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.africa import GAME
from games.africa.samples import sample_states
from renderers import africa
from renderers.common import encode_png

LEVEL = 3  # the board's own PNG setting (renderers/africa/board.py)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=25)
    args = parser.parse_args()
    started = time.perf_counter()
    africa.warm()
    first = time.perf_counter() - started
    shots = sample_states(players=5, seed=5)
    for name in ("setup", "commit", "over"):
        view = GAME.view(shots[name], None)
        finished = africa.render_board(view)
        full, encode_only, sizes = [], [], []
        for _ in range(args.reps):
            t0 = time.perf_counter()
            data = africa.board_png(view)
            t1 = time.perf_counter()
            encode_png(finished, compress_level=LEVEL)
            t2 = time.perf_counter()
            full.append(t1 - t0)
            encode_only.append(t2 - t1)
            sizes.append(len(data))
        f, e = statistics.median(full), statistics.median(encode_only)
        print(f"{name:7s} render+encode {f * 1000:6.1f} ms | encode only {e * 1000:6.1f} ms | "
              f"ratio {f / e:4.2f} (goal <= 2) | {max(sizes) / 1024:6.1f} KiB (goal < 1024) | "
              f"{finished.size[0]}x{finished.size[1]}")
    print(f"warm-up (fonts, once per process): {first * 1000:.0f} ms; median of {args.reps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
