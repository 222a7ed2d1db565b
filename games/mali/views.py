"""Public and private views (see docs/dev/mali-interface.md)."""
from __future__ import annotations

from typing import Any

from games.mali.legal import to_act
from games.mali.state import (
    OBJECTIVES,
    ORDERS,
    VICTORY,
    State,
    clone,
    scouts,
    scouts_of,
)


def _order(oid: str) -> dict[str, Any]:
    if oid == VICTORY:
        return {"id": VICTORY, "from": None, "to": None, "points": 0}
    o = ORDERS[oid]
    return {"id": oid, "from": o["from"], "to": o["to"], "points": o["points"]}


def public_view(s: State) -> dict[str, Any]:
    revealed = s["phase"] not in ("cards", "objectives")
    players = []
    for i, p in enumerate(s["players"]):
        squad = [{"name": n, "at": s["scouts"][n]["at"], "status": s["scouts"][n]["status"],
                   "carrying": s["scouts"][n]["carrying"]} for n in scouts_of(s, i)]
        players.append({
            "seat": p["seat"], "colour": p["colour"], "hex": p["hex"], "dropped": p["dropped"],
            "scouts": squad, "hand": sorted(p["hand"]), "played": list(p["played"]),
            "chosen": p["chosen"] is not None,
            "card": p["card"] if revealed else None,
            "delivered": list(p["delivered"]),
            "points": sum(ORDERS[o]["points"] for o in p["delivered"]),
            "objectives": len(p["objectives"]),
            "peeked": len(p["peeked"]),  # Plotki z ulicy this round: how many cards (public)
        })
    face_up = [o for space in s["track"] for o in space if o != VICTORY]
    face_up += [o for p in s["players"] for o in p["delivered"]] + list(s["discarded"])
    carriers: dict[str, list[str]] = {}
    for n, sc in scouts(s):
        if sc["carrying"]:
            carriers.setdefault(sc["carrying"], []).append(n)
    cur = s["current"]
    current = None
    if cur is not None:
        current = {k: cur[k] for k in ("seat", "stage", "card", "points_left", "mode", "action_done", "scout")}
        current["jumped"] = cur.get("jumped", False)
        current["steps_done"] = cur.get("steps_done", False)
        steps_over = cur.get("steps_done") or (cur["mode"] == "steps" and cur["points_left"] == 0)
        if cur["stage"] == "move" and s["variant"] == "extended" and not cur["action_done"] \
                and cur["card"] != 5 and steps_over:
            current["stage"] = "action"
    pending = None
    if s["pending"] is not None:
        pending = {k: v for k, v in s["pending"].items() if k != "context"}
    return {
        "game": "mali", "variant": s["variant"], "jump_costs_one_point": s["jump_costs_one_point"],
        "round": s["round"], "phase": s["phase"],
        "start_player": s["seats"][s["start"]],
        "players": players,
        "soldier": s["soldier"],
        "track": [list(space) for space in s["track"]],
        "orders": {o: {"from": ORDERS[o]["from"], "to": ORDERS[o]["to"], "points": ORDERS[o]["points"]}
                   for o in face_up},
        "carriers": carriers,
        "deck": len(s["deck"]),
        "victory_in_deck": VICTORY in s["deck"],
        "discarded": list(s["discarded"]),
        "blocked": [dict(b) for b in s["blocked"]],
        "small_tokens": len(s["blocked"]), "big_tokens": len(s["fallen"]),
        "fallen": list(s["fallen"]), "undelivered": dict(s["undelivered"]),
        "die": dict(s["die"]) if s["die"] else None,
        "movement_order": [s["seats"][i] for i in s["order"]] if s["order"] is not None else None,
        "current": current,
        "pending": pending,
        "to_act": to_act(s),
        "outcome": s["outcome"],
        "engine": _engine(s),
    }


def _engine(s: State) -> dict[str, Any]:
    """The engine's public bookkeeping (the queued automatic steps, the turn counter...): facts
    every player saw happen, that a computer's sample (games/mali/sample.py) rebuilds a state from."""
    cur = s["current"]
    return {
        "tasks": clone(s["tasks"]),
        "turn": s["turn"],
        "stage": cur["stage"] if cur is not None else None,
        "pending_context": clone(s["pending"]["context"]) if s["pending"] is not None else None,
        "victory_drawn": s["victory_drawn"], "victory_left": s["victory_left"],
        "deals": s.get("deals"),
    }


def view(s: State, seat: str | None) -> dict[str, Any]:
    out = public_view(s)
    if seat is None or seat not in s["seats"]:
        return out
    i = s["seats"].index(seat)
    p = s["players"][i]
    out["me"] = {
        "seat": seat, "colour": p["colour"],
        "card": p["chosen"],
        "objectives": [dict(OBJECTIVES[o]) for o in p["objectives"]],
        "objective_hand": [dict(OBJECTIVES[o]) for o in p["objective_hand"]],
        # the three set aside in the draft (a state stored before they were kept has none)
        "objective_discards": [dict(OBJECTIVES[o]) for o in p.get("objective_discards", [])],
        "peeked": [_order(o) for o in p["peeked"]],
    }
    return out
