"""Secret objectives (extended variant): the deal and the end-of-game scoring."""
from __future__ import annotations

from typing import Any

from games.mali.board import BOARD, NODE_DISTRICT
from games.mali.state import OBJECTIVES, ORDERS, START_LOCATIONS, State, active_indices, scouts_of
from games.rng import shuffle

RETURN_BONUS: dict[int, int] = {int(k): v for k, v in BOARD.raw["return_bonus"].items()}


def deal_objectives(s: State) -> int:
    """Deal 6 to each player; redeal everything while a hand has fewer than 3 colours."""
    deals = 0
    while True:
        deals += 1
        ids = list(OBJECTIVES)
        shuffle(s, ids)
        hands = [ids[i * 6:(i + 1) * 6] for i in range(len(s["seats"]))]
        if all(len({OBJECTIVES[o]["colour"] for o in h}) >= 3 for h in hands):
            for p, h in zip(s["players"], hands, strict=True):
                p["objective_hand"] = h
            return deals


def objective_met(s: State, idx: int, oid: str, players: list[int]) -> bool:
    obj = OBJECTIVES[oid]
    delivered = {i: s["players"][i]["delivered"] for i in players}
    kind = obj["kind"]
    if kind == "most_orders_from_district":
        counts = {i: sum(1 for o in d if NODE_DISTRICT[ORDERS[o]["from"]] == obj["district"])
                  for i, d in delivered.items()}
        best = max(counts.values(), default=0)
        return best >= 1 and counts.get(idx, 0) == best
    if kind == "most_orders":
        counts = {i: len(d) for i, d in delivered.items()}
        best = max(counts.values(), default=0)
        return best >= 1 and counts.get(idx, 0) == best
    if kind == "deliver_to_districts":
        wanted: int = obj["districts"]
        return len({NODE_DISTRICT[ORDERS[o]["to"]] for o in s["players"][idx]["delivered"]}) >= wanted
    if kind == "most_important_order":
        top = max((ORDERS[o]["points"] for d in delivered.values() for o in d), default=0)
        return top > 0 and any(ORDERS[o]["points"] == top for o in s["players"][idx]["delivered"])
    raise ValueError(f"unknown objective kind {kind}")


def return_bonus(s: State, idx: int) -> int:
    home = sum(1 for n in scouts_of(s, idx) if s["scouts"][n]["status"] == "board"
               and s["scouts"][n]["at"] in START_LOCATIONS)
    return RETURN_BONUS.get(home, 0)


def breakdown(s: State, idx: int, with_objectives: bool) -> dict[str, Any]:
    delivered = s["players"][idx]["delivered"]
    orders = sum(ORDERS[o]["points"] for o in delivered)
    bonus = return_bonus(s, idx)
    objs = []
    if with_objectives:
        players = active_indices(s)
        for oid in s["players"][idx]["objectives"]:
            met = idx in players and objective_met(s, idx, oid, players)
            objs.append({"id": oid, "text": OBJECTIVES[oid]["text"], "points": OBJECTIVES[oid]["points"],
                         "met": met})
    total = orders + bonus + sum(o["points"] for o in objs if o["met"])
    return {"orders": orders, "return_bonus": bonus, "objectives": objs, "total": total,
            "delivered": len(delivered)}


def final_outcome(s: State) -> dict[str, Any]:
    rows = {s["seats"][i]: breakdown(s, i, True) for i in range(len(s["seats"]))}
    contenders = [s["seats"][i] for i in active_indices(s)]
    best = max(rows[x]["total"] for x in contenders)
    top = [x for x in contenders if rows[x]["total"] == best]
    most = max(rows[x]["delivered"] for x in top)
    winners = [x for x in top if rows[x]["delivered"] == most]
    return {"winners": winners, "scores": {x: r["total"] for x, r in rows.items()},
            "reason": "victory", "breakdown": rows}


def lost_outcome(s: State, reason: str) -> dict[str, Any]:
    """Everybody loses, and no points are counted ("nie podlicza się punktów"): each row says only
    how many orders the player delivered."""
    rows = {s["seats"][i]: {"orders": 0, "return_bonus": 0, "objectives": [], "total": 0,
                            "delivered": len(s["players"][i]["delivered"])} for i in range(len(s["seats"]))}
    return {"winners": [], "scores": dict.fromkeys(rows, 0), "reason": reason, "breakdown": rows}
