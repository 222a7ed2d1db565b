"""How well Heart of Africa's `evaluate` forecasts who wins in easy's games, beside a model of
who goes on to win fitted to those games (issue #24; bench/README.md, "Runs of the stop of
2026-11-27, last"). The fitted model was tried as hard's evaluation and not kept.

Run: .venv/bin/python bench/africa_fit.py [--games 126]   (about 8 s of CPU a game)
It plays games of easy against easy (computer.choose for every seat; three games of two players,
then one of three), keeps each player's VP, what a scoring step would give it now and influence at
every position where the seat to act has a choice and at the start of every round's auction, and
who won in the end. A conditional logit (one softmax over the players of a position) is fitted by Newton's
method on every position, and printed. A second reading fits three quarters of the games and
judges the other quarter: the log-likelihood per position against a uniform guess, beside the
hand-made evaluation's (`evaluate`'s lead in points, read as a softmax). Pure Python.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import computer
from games.africa import GAME
from games.africa.evaluate import SCALE, area_score
from games.africa.state import Held, State, occupancy

Row = tuple[float, ...]
Position = tuple[list[Row], int]  # the players' features, the index of the one who won
Policy = Callable[[Any, str, list[dict[str, Any]], random.Random, list[str]], dict[str, Any]]
RIDGE = 1e-3
# `evaluate`'s weights on these features (it also counts reputation, which the model leaves out)
HAND = (1 / SCALE, 0.5 / SCALE, 0.2 / SCALE)


def features(s: State, j: int, held: Held) -> Row:
    """Player j's VP, what a scoring step would give it now (`held`: `occupancy(s)`), influence."""
    p = s["players"][j]
    return (p["vp"], area_score(s, j, held), p["influence"])


def easy(state: Any, seat: str, legal: list[dict[str, Any]], rng: random.Random, had: list[str]) -> dict[str, Any]:
    """Easy's move from the seat's view, never back to a position of the turn (as the bot plays)."""
    view = computer.view_for(GAME, state, seat)
    return computer.choose(GAME, view, seat, "easy", rng.randrange(2**31), computer.remember(had, view, seat))


def played(index: int, policy: Policy = easy, base: int = 5000) -> Iterator[State]:
    """Game `index` with `policy` in every seat (its seed `base + index`; players and auction follow
    from the index): every state, from the setup to the end."""
    players, sealed, seed = 2 + index % 4 // 3, index % 2 == 1, base + index
    s = GAME.setup([f"s{i}" for i in range(players)], {"target_vp": 42, "sealed_auction": sealed}, seed)
    rng = random.Random(seed)
    last_seat, had = "", list[str]()
    yield s
    while GAME.outcome(s) is None:
        seat = rng.choice(GAME.to_act(s))
        legal = GAME.legal_actions(s, seat)
        if len(legal) > 1:
            if seat != last_seat:
                last_seat, had = seat, []
            action = policy(s, seat, legal, rng, had)
        else:
            action = legal[0]
        s, _ = GAME.apply(s, seat, action)
        yield s


def positions(index: int, policy: Policy = easy) -> list[Position]:
    """The positions of game `index` (its seed, players and auction follow from the index)."""
    rows: list[list[Row]] = []
    last_round = -1
    for s in played(index, policy):
        if GAME.outcome(s) is not None:
            winner = s["seats"].index(s["outcome"]["winners"][0])
            return [(r, winner) for r in rows]
        starts = s["stage"] == "auction" and s["round"] != last_round
        if starts or len(GAME.legal_actions(s, GAME.to_act(s)[0])) > 1:
            last_round = s["round"] if starts else last_round
            held = occupancy(s)
            rows.append([features(s, j, held) for j in range(len(s["seats"]))])
    raise AssertionError("a game ended without an outcome")


def chances(w: Row, rows: list[Row]) -> list[float]:
    z = [sum(a * b for a, b in zip(w, r, strict=True)) for r in rows]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    return [v / sum(e) for v in e]


def loglik(w: Row, data: list[Position]) -> float:
    """Mean log-likelihood per position of who won."""
    return sum(math.log(max(chances(w, rows)[won], 1e-300)) for rows, won in data) / len(data)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gauss-Jordan elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data: list[Position], iterations: int = 7) -> Row:
    """The conditional logit's weights: Newton steps on the log-likelihood with a small ridge."""
    size = len(data[0][0][0])
    w = [0.0] * size
    for _ in range(iterations):
        grad = [0.0] * size
        hess = [[0.0] * size for _ in range(size)]
        for rows, won in data:
            p = chances(tuple(w), rows)
            mean = [sum(p[j] * r[k] for j, r in enumerate(rows)) for k in range(size)]
            for k in range(size):
                grad[k] += rows[won][k] - mean[k]
            for j, r in enumerate(rows):
                for a in range(size):
                    ra = p[j] * r[a]
                    for b in range(a, size):
                        hess[a][b] += ra * r[b]
            for a in range(size):
                for b in range(a, size):
                    hess[a][b] -= mean[a] * mean[b]
        for a in range(size):
            for b in range(a):
                hess[a][b] = hess[b][a]
            hess[a][a] += RIDGE * len(data)
            grad[a] -= RIDGE * len(data) * w[a]
        w = [x + d for x, d in zip(w, solve(hess, grad), strict=True)]
    return tuple(w)


def uniform(data: list[Position]) -> float:
    return sum(math.log(1 / len(rows)) for rows, _ in data) / len(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=126)
    args = parser.parse_args(argv)
    games = [positions(i) for i in range(args.games)]
    w = fit([p for g in games for p in g])
    print(f"{sum(map(len, games))} positions of {len(games)} games")
    print("fitted weights (VP, a scoring step's VP, influence): " + ", ".join(f"{x:.4g}" for x in w))
    shuffled = games[:]
    random.Random(2).shuffle(shuffled)
    cut = int(len(shuffled) * 0.75)
    train = [p for g in shuffled[:cut] for p in g]
    test = [p for g in shuffled[cut:] for p in g]
    base = uniform(test)
    print(f"fitted on {cut} games, judged on {len(shuffled) - cut}: log-likelihood per position over a uniform "
          f"guess: fitted {loglik(fit(train), test) - base:+.4f}, hand-made {loglik(HAND, test) - base:+.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
