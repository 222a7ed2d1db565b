"""Weights for random play-outs: a noisy player that bids low, heads for valuable areas free of
neutrals and rivals, and scores."""
from __future__ import annotations

from typing import Any

from games.africa.state import State, holders, value

WEIGHTS: dict[str, float] = {
    "pass": 3.0, "change_resource": 0.3, "use": 1.5,
    "finish": 0.5, "move_neutral": 1.0, "fight": 1.0, "fight_neutrals": 3.0, "add_token": 0.3,
    "retreat_token": 1.0, "keep": 3.0, "refuse": 0.5, "redraw": 1.0, "retreat": 1.0,
    "buy_reputation": 2.0, "decline": 1.0, "start_area": 1.0, "place_neutral": 1.0,
}


def _dest(s: State, area: str) -> float:
    a = s["areas"][area]
    who = holders(s, area)
    mine = s["active"] in who
    if len(who) > (1 if mine else 0) or a["neutrals"]:
        return 0.3
    return 0.5 + value(s, area) * (0.3 if mine else 1.0)


def playout_weights(s: State, seat: str, legal: list[dict[str, Any]]) -> list[float]:
    out = []
    t = s["turn"]
    for a in legal:
        kind = a["type"]
        if kind == "bid":
            w = 1.0 / (1 + a["amount"])
        elif kind == "commit":
            w = 1.0 / (1 + a["cubes"])
        elif kind == "move":
            w = _dest(s, a["to"])
        elif kind == "recruit":
            w = 1.0 + _dest(s, a["area"])
        elif kind == "score":
            spent = t is not None and t["action_points"] == 0
            w = (20.0 if spent else 0.5) * (3.0 if "token" in a else 1.0)
        else:
            w = WEIGHTS.get(kind, 1.0)
        out.append(w)
    return out
