"""Weights for random play-outs (games.simulate): a noisy greedy player, so random games can be won."""
from __future__ import annotations

from typing import Any

from games.mali.board import DIST
from games.mali.state import ORDERS, State, active_orders, scouts, track_position


def _targets(s: State, idx: int) -> dict[str, list[str]]:
    """Scout -> where it should head: its order's destination, else one free order's origin each."""
    carried = {sc["carrying"] for sc in (sc for _, sc in scouts(s)) if sc["carrying"]}
    n = len(s["track"])
    free = sorted((o for o in active_orders(s) if o not in carried),
                  key=lambda o: (-(track_position(s, o) or 0), -ORDERS[o]["points"]))
    out: dict[str, list[str]] = {}
    idle = []
    for name, sc in scouts(s):
        if sc["status"] == "board":
            if sc["carrying"]:
                out[name] = [ORDERS[sc["carrying"]]["to"]]
            else:
                idle.append(name)
    for oid in free:
        if not idle:
            break
        o = ORDERS[oid]
        left = n - (track_position(s, oid) or 0)
        best = min(idle, key=lambda x: DIST[s["scouts"][x]["at"]][o["from"]])
        if DIST[s["scouts"][best]["at"]][o["from"]] + DIST[o["from"]][o["to"]] > 6 * left:
            continue
        out[best] = [o["from"]]
        idle.remove(best)
    for name in idle:
        out[name] = []
    return {k: v for k, v in out.items() if s["scouts"][k]["owner"] == idx}


def _gain(s: State, scout: str, to: str, targets: list[str]) -> int:
    here = s["scouts"][scout]["at"]
    if not targets or here is None:
        return 0
    return min(DIST[here][t] for t in targets) - min(DIST[to][t] for t in targets)


def playout_weights(s: State, seat: str, legal: list[dict[str, Any]]) -> list[float]:
    idx = s["seats"].index(seat)
    targets = _targets(s, idx)
    cur = s["current"] or {}
    carried = {sc["carrying"] for sc in (sc for _, sc in scouts(s)) if sc["carrying"]}
    out = []
    for a in legal:
        kind = a["type"]
        w = 1.0
        if kind == "pick_up":
            sc = s["scouts"][a["scout"]]
            mine = any(o["carrying"] == a["order"] for o in (sc for _, sc in scouts(s)) if o["owner"] == idx)
            w = 0.001 if mine else (5000.0 if sc["carrying"] is None else 0.01)
        elif kind in ("step", "jump", "squad_jump"):
            sc = s["scouts"][a["scout"]]
            g = _gain(s, a["scout"], a["to"], targets.get(a["scout"], []))
            boost = 1.0
            if sc["carrying"]:
                pos = track_position(s, sc["carrying"]) or 0
                boost = 4.0 + 8.0 / (len(s["track"]) - pos)
                if g > 0 and DIST[sc["at"]][ORDERS[sc["carrying"]]["to"]] <= cur.get("points_left", 0):
                    boost *= 50.0
            if s["soldier"] is not None and DIST[a["to"]][s["soldier"]] <= 2:
                boost *= 0.2
            if kind == "jump" and not s["jump_costs_one_point"]:
                w = 300.0 * boost * g if g >= cur.get("points_left", 0) else (0.5 if g > 0 else 0.001)
            else:
                w = 100.0 * boost * g if g > 0 else (0.05 if g == 0 else 0.001)
        elif kind == "place_scout":
            w = 50.0 if any(a["to"] == t for ts in targets.values() for t in ts) else 0.1
        elif kind == "drop":
            w = 0.0001
        elif kind == "end_turn":
            w = 0.02
        elif kind == "choose_card":
            w = 1.0
        elif kind == "swap_orders":
            last = len(s["track"]) - 1
            pa, pb = track_position(s, a["a"]), track_position(s, a["b"])
            w = 50.0 if a["b"] in carried and pb == last and pa == last - 1 else 0.1
        elif kind in ("swap_scouts", "peek", "finish_moving"):
            w = 1.0
        out.append(w)
    return out
