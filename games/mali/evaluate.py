"""How well a seat stands, for the computer's search (issue #24): a number in [0, 1].

A finished game: 1 shared among the winners, 0 for the others (and for everyone when the Germans
won). Otherwise the seat's lead over its best rival, squashed into (0, 1): points of delivered
orders, the objectives it would score now (extended), and part of each order its scouts carry, the
more the nearer its destination; scaled down as the Germans near their win (everybody loses)."""
from __future__ import annotations

import math

from games.mali.board import DIST
from games.mali.objectives import objective_met
from games.mali.state import OBJECTIVES, ORDERS, State, active_indices, scouts_of

SCALE = 5.0  # points of lead that make a clear favourite


def standing(s: State, idx: int, players: list[int]) -> float:
    p = s["players"][idx]
    total = float(sum(ORDERS[o]["points"] for o in p["delivered"]))
    total += sum(float(OBJECTIVES[o]["points"]) for o in p["objectives"] if objective_met(s, idx, o, players))
    for name in scouts_of(s, idx):
        sc = s["scouts"][name]
        if sc["status"] == "board" and sc["carrying"]:
            order = ORDERS[sc["carrying"]]
            total += 0.5 * float(order["points"]) * max(0.0, 1.0 - DIST[sc["at"]][order["to"]] / 8.0)
    return total


def evaluate(s: State, seat: str) -> float:
    out = s["outcome"]
    if out is not None:
        winners = out["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    idx = s["seats"].index(seat)
    players = active_indices(s)
    if idx not in players:
        return 0.0
    mine = standing(s, idx, players)
    rivals = [standing(s, i, players) for i in players if i != idx]
    lead = mine - max(rivals, default=mine)
    danger = 0.15 * len(s["blocked"]) if s["variant"] == "basic" else 0.25 * len(s["fallen"])
    return (1.0 - danger) / (1.0 + math.exp(-lead / SCALE))
