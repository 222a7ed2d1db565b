"""How often Heart of Africa's medium and hard play their anchor's move (issue #24; bench/README.md,
"Runs of the stop of 2026-11-27, stop 34").

Run: .venv/bin/python bench/africa_anchor.py [--positions 80]   (about 4 s of CPU a position)
Made when medium and hard both started from the move easy's look-ahead makes with care
(`computer.steady`) and left it only for a move their search found better on average by 0.05; it
measures that setting still (since stop 35 the game anchors hard alone). This
plays games of easy against easy (as bench/africa_fit.py does), takes every fourth position where
the seat to act has a choice, and asks the anchor, medium and hard for their move on the same
seed. It prints, per kind of decision (a bid, a start area, a move of a turn), how many positions,
how often medium and hard keep the anchor's move, and how often the two differ; and the same with
no margin (the search's own most visited move) as the second reading.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import computer
from bench.africa_fit import played
from games.africa import GAME, AfricaGame

EVERY = 4


def sample(count: int) -> list[tuple[Any, str]]:
    """Positions of easy's games (bench/africa_fit.py's, on other seeds), every EVERY-th choice."""
    out: list[tuple[Any, str]] = []
    index = 0
    while len(out) < count:
        choices = 0
        for s in played(index, base=9000):
            waiting = GAME.to_act(s)
            if waiting and len(GAME.legal_actions(s, waiting[0])) > 1:
                choices += 1
                if choices % EVERY == 0:
                    out.append((s, waiting[0]))
        index += 1
    return out[:count]


def kind(s: Any) -> str:
    return "bid" if s["stage"] == "auction" else "turn" if s["stage"] in ("turn", "draw", "commit") else str(s["stage"])


def tally(positions: int) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    margin = 0.05
    for n, (s, seat) in enumerate(sample(positions)):
        view = computer.view_for(GAME, s, seat)
        legal = GAME.legal_actions(s, seat)
        anchor = computer.steady(GAME, view, seat, n, legal)
        k = kind(s)
        counts[(k, "positions")] += 1
        for label, m in (("", margin), (" (no margin)", 0.0)):
            AfricaGame.computer_margin = {"medium": m, "hard": m}
            medium = computer.choose(GAME, view, seat, "medium", n)
            hard = computer.choose(GAME, view, seat, "hard", n)
            counts[(k, "medium keeps" + label)] += medium == anchor
            counts[(k, "hard keeps" + label)] += hard == anchor
            counts[(k, "they differ" + label)] += medium != hard
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=80)
    args = parser.parse_args(argv)
    # the setting this table was made for: medium and hard both anchored, margin 0.05 (stop 35
    # gave the anchor to hard alone)
    saved = AfricaGame.computer_anchor, AfricaGame.computer_margin
    AfricaGame.computer_anchor = ("medium", "hard")
    try:
        counts = tally(args.positions)
    finally:
        AfricaGame.computer_anchor, AfricaGame.computer_margin = saved
    kinds = sorted({k for k, _ in counts})
    columns = ["positions", "medium keeps", "hard keeps", "they differ",
               "medium keeps (no margin)", "hard keeps (no margin)", "they differ (no margin)"]
    print("| decision | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for k in [*kinds, "all"]:
        row = [sum(counts[(x, c)] for x in kinds) if k == "all" else counts[(k, c)] for c in columns]
        print(f"| {k} | " + " | ".join(str(v) for v in row) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
