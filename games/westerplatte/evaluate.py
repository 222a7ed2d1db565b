"""How well the defenders stand, in [0, 1], for the computer's search (issue 24): 1 for a won game,
near 0 for a lost one (a little more for each day held); between them, from the days held, the two
weakest guardhouses (two empty ones lose the game), the outposts, morale, the officers' ammunition
and the troops' threat. Reads only the public parts of the state."""
from __future__ import annotations

from games.westerplatte.board import DAYS, GUARDHOUSES, MAX_BRICKS, OUTPOSTS, PATHS, PER_DAY, TRACKS
from games.westerplatte.playout import threat
from games.westerplatte.state import State

LOST_PER_DAY = 0.1 / DAYS  # a lost game: at most 0.1, more for each day held
AMMO_ENOUGH = 8
THREAT_MAX = 10.0


def progress(s: State) -> float:
    """The share of the seven days gone by: whole days and the current day's pile."""
    day = int(s["day"])
    return min(1.0, (day - 1 + min(len(s["piles"][day - 1]), PER_DAY) / PER_DAY) / DAYS)


def evaluate(s: State, seat: str) -> float:
    out = s["outcome"]
    if out is not None:
        return 1.0 if out["winners"] else LOST_PER_DAY * (int(s["day"]) - 1)
    guards = sorted(int(s["walls"][g]) for g in GUARDHOUSES)
    weakest = (guards[0] + guards[1]) / (2 * MAX_BRICKS)
    outposts = sum(int(s["walls"][w]) for w in OUTPOSTS) / (len(OUTPOSTS) * MAX_BRICKS)
    track = TRACKS[s["track"]]["spaces"]
    morale = int(s["morale"]) / (len(track) - 1)
    ammo = min(AMMO_ENOUGH, sum(int(o["ammo"]) for o in s["officers"])) / AMMO_ENOUGH
    danger = min(THREAT_MAX, sum(threat(s, p) for p in PATHS)) / THREAT_MAX
    health = 0.5 * weakest + 0.2 * outposts + 0.1 * morale + 0.1 * ammo + 0.1 * (1 - danger)
    p = progress(s)
    # early on, health is all that counts; near the end, the days held weigh as much
    est = health * (1 - 0.5 * p) + 0.5 * p * min(1.0, 2 * health)
    return 0.1 + 0.85 * max(0.0, min(1.0, est))
