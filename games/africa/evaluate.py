"""How well a seat stands, for the computer's search (issue #24): a number in [0, 1].

A finished game: 1 for the winner, 0 for the others. Otherwise the seat's lead over its best rival,
squashed into (0, 1): its VP, half of what its areas would score in a scoring step now (area
control, the neutrals' penalty, the Heart of Africa, stations) and a little for influence cubes
and reputation, which buy auctions and win conflicts."""
from __future__ import annotations

import math

from games.africa.board import AREAS, HEART
from games.africa.flow import HEART_BONUS, MOST_STATIONS, STATION_VP
from games.africa.legal import scoring_areas
from games.africa.state import Held, State, live, occupancy, pieces, value

SCALE = 6.0  # VP of lead that make a clear favourite


def area_score(s: State, i: int, held: Held | None = None) -> int:
    """What a scoring step would give player i now, without tokens (games.africa.flow.score_turn);
    `held`: `occupancy(s)`, where the caller has it."""
    held = occupancy(s) if held is None else held
    mine = scoring_areas(s, i, held)
    total = sum((value(s, a) if a in mine else 0) - s["areas"][a]["neutrals"]
                for a in AREAS if pieces(s, i, a))
    if HEART in mine:
        total += HEART_BONUS
    owned = sum(1 for a in mine if s["areas"][a]["station"])
    if owned:
        total += owned * STATION_VP
        others = [sum(1 for a in scoring_areas(s, j, held) if s["areas"][a]["station"]) for j in live(s) if j != i]
        if owned > max(others, default=0):
            total += MOST_STATIONS
    return int(total)


def standing(s: State, i: int, held: Held) -> float:
    p = s["players"][i]
    return float(p["vp"] + 0.5 * area_score(s, i, held) + 0.2 * p["influence"] + 0.5 * p["reputation"])


def evaluate(s: State, seat: str) -> float:
    out = s["outcome"]
    if out is not None:
        return 1.0 if seat in out["winners"] else 0.0
    i = s["seats"].index(seat)
    alive = live(s)
    if i not in alive:
        return 0.0
    held = occupancy(s)
    rivals = [standing(s, j, held) for j in alive if j != i]
    mine = standing(s, i, held)
    lead = mine - max(rivals, default=mine)
    return 1.0 / (1.0 + math.exp(-lead / SCALE))
