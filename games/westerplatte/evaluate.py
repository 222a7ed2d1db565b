"""How well the defenders stand, in [0, 1], for the computer's search (issue 24): 1 for a won game,
near 0 for a lost one (a little more for each day held); between them, the chance that the team's
greedy play (playout.py) goes on to win from here, as a logistic model of what the state shows: the
days held, the weakest guardhouses (two empty ones lose the game), the outposts in front of them
and the troops firing at them, morale, the ammunition and the tiles' stock. The weights were
fitted on the greedy policy's own games (600 games of every difficulty and team size, about one
state in six of each, labelled by the game's end): the search rewards what actually wins. Reads
only the public parts of the state."""
from __future__ import annotations

import math

from games.westerplatte.board import (
    BEHIND,
    DAYS,
    GUARDHOUSES,
    MAX_BRICKS,
    OUTPOSTS,
    PATH_OF,
    PATHS,
    PER_DAY,
    TRACKS,
)
from games.westerplatte.playout import threat
from games.westerplatte.state import State, level, remaining

LOST_PER_DAY = 0.1 / DAYS  # a lost game: at most 0.1, more for each day held

NAMES = ("progress", "guard_0", "guard_1", "guard_2", "guard_1_low", "guard_1_one", "guard_0_empty",
         "outposts", "outpost_min", "exposed", "threat", "troops", "resistance", "morale", "morale_low",
         "morale_high", "ammo", "ammo_dry", "reserve", "mines", "stock", "late_guard_1", "late_threat")
WEIGHTS: dict[str, float] = {  # fitted: logistic regression, ridge 1, 30 000 states of 600 games
    "bias": -12.74, "progress": 12.526, "guard_0": 0.278, "guard_1": 6.762, "guard_2": -0.189,
    "guard_1_low": -0.901, "guard_1_one": -0.687, "guard_0_empty": 0.548, "outposts": 0.997,
    "outpost_min": 1.636, "exposed": -1.365, "threat": -10.226, "troops": 1.156, "resistance": -2.554,
    "morale": 4.224, "morale_low": 0.639, "morale_high": -0.254, "ammo": 0.678, "ammo_dry": -0.525,
    "reserve": -0.399, "mines": 1.853, "stock": 0.578, "late_guard_1": -7.332, "late_threat": 10.169,
}


def progress(s: State) -> float:
    """The share of the seven days gone by: whole days and the current day's pile."""
    day = int(s["day"])
    return min(1.0, (day - 1 + min(len(s["piles"][day - 1]), PER_DAY) / PER_DAY) / DAYS)


def exposed(s: State) -> float:
    """The fire of troops whose outpost has no bricks left: it falls on the guardhouses behind."""
    return sum(threat(s, PATH_OF[w]) for w in OUTPOSTS if int(s["walls"][w]) == 0)


def features(s: State) -> list[float]:
    """The state's features, in the order of NAMES (each roughly in [0, 1])."""
    p = progress(s)
    guards = sorted(int(s["walls"][g]) for g in GUARDHOUSES)
    outposts = [int(s["walls"][w]) for w in OUTPOSTS]
    track = TRACKS[s["track"]]["spaces"]
    lv = level(s) or ""
    officers = s["officers"]
    ammo = [int(o["ammo"]) for o in officers]
    danger = sum(threat(s, q) for q in PATHS)
    stock = s["stock"]
    _ = BEHIND
    return [
        p,
        guards[0] / MAX_BRICKS,
        guards[1] / MAX_BRICKS,
        guards[2] / MAX_BRICKS,
        float(guards[1] <= 2),
        float(guards[1] <= 1),
        float(guards[0] == 0),
        sum(outposts) / (len(OUTPOSTS) * MAX_BRICKS),
        min(outposts) / MAX_BRICKS,
        min(10.0, exposed(s)) / 10,
        min(12.0, danger) / 12,
        sum(s["troops"][q] is not None for q in PATHS) / len(PATHS),
        min(15, sum(remaining(s, q) for q in PATHS)) / 15,
        int(s["morale"]) / (len(track) - 1),
        float(lv in ("l1", "l2", "l3")),
        float(lv in ("h1", "h2", "h3")),
        min(4 * len(officers), sum(ammo)) / (4 * len(officers)),
        sum(a == 0 for a in ammo) / len(officers),
        min(10, int(s["reserve"])) / 10,
        min(4, sum(len(s["mines"][q]) for q in PATHS)) / 4,
        (int(stock["mortar"]) + int(stock["mines"]) + int(stock["wall_rebuild"])) / 9,
        p * guards[1] / MAX_BRICKS,
        p * min(12.0, danger) / 12,
    ]


def chance(s: State) -> float:
    """The fitted chance that greedy play wins from `s`."""
    z = WEIGHTS["bias"] + sum(WEIGHTS[n] * x for n, x in zip(NAMES, features(s), strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(s: State, seat: str) -> float:
    out = s["outcome"]
    if out is not None:
        return 1.0 if out["winners"] else LOST_PER_DAY * (int(s["day"]) - 1)
    return 0.1 + 0.85 * chance(s)
