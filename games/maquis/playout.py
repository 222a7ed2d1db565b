"""Weights for random play, so that random games also reach victories (games/simulate.py).

A light heuristic: place partisans where a mission box or a useful action waits and where the way
home is short; do something rather than nothing; shoot when it saves a partisan."""
from __future__ import annotations

from typing import Any

from games.maquis.board import PATROL_CARDS, PATROL_ORDER
from games.maquis.rules import location_actions, mission_actions, route_cost
from games.maquis.state import State

NEXT_TO_HOME = ("cafe", "grocer", "pont_leveque", "field_e", "spare_room_se")


def _place_weight(s: State, at: str, papers: bool) -> float:
    w = 1.0
    if mission_actions(s, at, ""):
        w = 30.0
    elif len(location_actions(s, at)) > 0:
        w = 3.0
    if at in NEXT_TO_HOME:
        w *= 3.0
    w *= (0.02 + _safety(s, at, papers)) ** 4
    if papers:
        w *= 0.5 if at in NEXT_TO_HOME else 1.5
    return w


def _safety(s: State, at: str, papers: bool) -> float:
    """The share of patrol cards after which the way home from `at` would still be open."""
    taken = set(s["patrols"]) | {p["at"] for p in s["partisans"] if p["status"] == "placed"} | {at}
    allowed = 1 if papers else 0
    ok = 0
    for card in PATROL_ORDER:
        spot = next((x for x in PATROL_CARDS[card] if x not in taken), None)
        patrols = dict(s["patrols"])
        if spot is not None:
            patrols[spot] = "milice"
        cost = route_cost(s, at, patrols)
        if cost is not None and cost <= allowed:
            ok += 1
    return ok / len(PATROL_ORDER)


def _weight(s: State, a: dict[str, Any]) -> float:
    t = a["type"]
    if t == "hand_over":
        return 0.02
    if t == "place":
        return _place_weight(s, a["at"], a["papers"])
    if t == "activate":
        do = a.get("do")
        if do == "nothing":
            return 0.05
        if do == "box":
            return 60.0
        if do in ("recruit", "collect", "build"):
            return 8.0
        if do == "airdrop":
            return 1.0
        return 4.0
    if t == "shoot":
        return 6.0 if s["phase"] == "route" else 0.05
    return 1.0


def playout_weights(s: State, seat: str, legal: list[dict[str, Any]]) -> list[float]:
    return [_weight(s, a) for a in legal]
