"""Mali board render bench: `.venv/bin/python bench/mali_render.py [--reps N]`.

Measures, interleaved in one run (median of N): a full board render + PNG encode, and the PNG
encode alone of an already finished board image of the same size. Goal: ratio <= 2, bytes < 1 MiB.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers import mali
from renderers.common import encode_png
from renderers.mali.base import base_map
from renderers.mali.samples import PUBLIC


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=25)
    args = parser.parse_args()
    started = time.perf_counter()
    base_map()
    first = time.perf_counter() - started
    for name in ("basic_midgame", "extended_cards"):
        view = PUBLIC[name]()
        finished = mali.render_board(view)
        full, encode_only, sizes = [], [], []
        for _ in range(args.reps):
            t0 = time.perf_counter()
            data = mali.board_png(view)
            t1 = time.perf_counter()
            encode_png(finished)
            t2 = time.perf_counter()
            full.append(t1 - t0)
            encode_only.append(t2 - t1)
            sizes.append(len(data))
        f, e = statistics.median(full), statistics.median(encode_only)
        print(f"{name:16s} render+encode {f * 1000:6.1f} ms | encode only {e * 1000:6.1f} ms | "
              f"ratio {f / e:4.2f} (goal <= 2) | {max(sizes) / 1024:6.1f} KiB (goal < 1024)")
    print(f"first call (base map, cached afterwards): {first * 1000:.0f} ms; median of {args.reps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
