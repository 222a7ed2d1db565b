"""Public and private views: everything a renderer or message needs, and no secret in public."""
from __future__ import annotations

from typing import Any

from games.africa.board import AFRICA, AREAS, RESOURCES
from games.africa.legal import to_act
from games.africa.state import State, clone, colour, value


def _players(s: State) -> list[dict[str, Any]]:
    out = []
    for j, p in enumerate(s["players"]):
        out.append({
            "seat": p["seat"], "colour": p["colour"], "vp": p["vp"], "influence": p["influence"],
            "reputation": p["reputation"], "supply": p["supply"], "wholesaler": p["wholesaler"],
            "tokens": list(p["tokens"]), "special_victory_tokens": len(p["special_victory_tokens"]),
            "shown_special_victory_tokens": [t for t in p["special_victory_tokens"] if t in s["special_victory_shown"]],
            "dropped": p["dropped"], "name": colour(s, j),
        })
    return out


def _areas(s: State) -> dict[str, Any]:
    """Each area; keys without content (no neutral, no station...) are left out."""
    out: dict[str, Any] = {}
    for a in AREAS:
        v = s["areas"][a]
        here = [j for j in range(len(s["seats"]))
                if v["traders"][j] or s["players"][j]["wholesaler"] == a]
        owner = s["players"][here[0]]["colour"] if len(here) == 1 else None
        entry: dict[str, Any] = {"value": value(s, a)}
        if v["resource"]:
            entry["resource"] = v["resource"]
        if v["neutrals"]:
            entry["neutrals"] = v["neutrals"]
        if v["station"]:
            entry["station"] = True
        if owner:
            entry["controller"] = owner
        traders = {s["players"][j]["colour"]: v["traders"][j] for j in here if v["traders"][j]}
        if traders:
            entry["traders"] = traders
        wholesalers = [s["players"][j]["colour"] for j in here if s["players"][j]["wholesaler"] == a]
        if wholesalers:
            entry["wholesalers"] = wholesalers
        out[a] = entry
    return out


def _auction(s: State) -> dict[str, Any] | None:
    a = s["auction"]
    if a is None:
        return None
    out: dict[str, Any] = {"order": [s["players"][j]["colour"] for j in a["order"]],
                           "sealed": s["sealed"]}
    if s["sealed"]:
        out["has_bid"] = [s["players"][j]["colour"] for j in a["order"] if str(j) in a["bids"]]
    else:
        out["bids"] = [{"colour": s["players"][j]["colour"], "bid": a["bids"][str(j)]}
                       for j in a["order"] if str(j) in a["bids"]]
        nxt = a["next"]
        out["next"] = s["players"][a["order"][nxt]]["colour"] if nxt < len(a["order"]) else None
    return out


def _conflict(s: State) -> dict[str, Any] | None:
    c = s["conflict"]
    if c is None:
        return None
    if c["kind"] == "neutral":
        return {"kind": "neutral", "area": c["area"], "drawn": list(c["drawn"]),
                "redraws_left": c["redraws"]}
    return {"kind": "player", "area": c["area"],
            "active": s["players"][s["active"]]["colour"],
            "defender": s["players"][c["defender"]]["colour"],
            "committed": [s["players"][int(k)]["colour"] for k in sorted(c["commitments"])
                          if c["commitments"][k]["done"]]}


def _pending(s: State) -> dict[str, Any] | None:
    if not s["pending"]:
        return None
    p = s["pending"][0]
    out = {"kind": p["kind"], "chooser": s["players"][p["chooser"]]["colour"]}
    if "from" in p:
        out["from"] = p["from"]
    if "owner" in p:
        out["owner"] = s["players"][p["owner"]]["colour"]
        out["piece"] = p["piece"]
    return out


def public_view(s: State) -> dict[str, Any]:
    t = s["turn"]
    turn = None
    if t is not None:
        turn = {"ap": t["action_points"], "bought": t["bought"], "won": list(t["won"]),
                "step": t["step"], "changed": t["changed"],
                "mode": None if t["mode"] is None else {"kind": t["mode"]["kind"],
                                                       "left": t["mode"]["left"]}}
    return {
        "game": "africa", "round": s["round"], "stage": s["stage"], "target": s["target"],
        "sealed_auction": s["sealed"], "to_act": to_act(s), "outcome": s["outcome"],
        "active": None if s["active"] is None else s["players"][s["active"]]["colour"],
        "players": _players(s), "areas": _areas(s),
        "table": {m: s["table"].get(m, 0) for m in [*RESOURCES, AFRICA]},
        "rows": [list(r) for r in s["rows"]], "stock": len(s["stock"]),
        "discards": sorted(s["discards"]), "box": len(s["box"]), "pool": s["pool"],
        "neutral_supply": s["neutral_supply"], "station_supply": s["station_supply"],
        "auction": _auction(s), "turn": turn, "conflict": _conflict(s), "pending": _pending(s),
        "engine": _engine(s),
    }


def _engine(s: State) -> dict[str, Any]:
    """The engine's public bookkeeping (the whole turn record, every queued decision, the open
    auction's place, every special victory token ever shown): facts every player saw happen, that a
    computer's sample (games/africa/sample.py) rebuilds a state from."""
    return {
        "turn": clone(s["turn"]), "pending": clone(s["pending"]),
        "auction_next": None if s["auction"] is None else s["auction"]["next"],
        "special_victory_shown": list(s["special_victory_shown"]),
    }


def view(s: State, seat: str | None) -> dict[str, Any]:
    v = public_view(s)
    if seat is None or seat not in s["seats"]:
        return v
    j = s["seats"].index(seat)
    me: dict[str, Any] = {"colour": s["players"][j]["colour"],
                          "special_victory_tokens": sorted(s["players"][j]["special_victory_tokens"])}
    if s["auction"] is not None and s["sealed"] and str(j) in s["auction"]["bids"]:
        me["sealed_bid"] = s["auction"]["bids"][str(j)]
    c = s["conflict"]
    if c is not None and c["kind"] == "player" and str(j) in c["commitments"]:
        mine = c["commitments"][str(j)]
        me["commitment"] = {"tokens": list(mine["tokens"]), "cubes": mine["cubes"],
                            "retreat": mine["retreat"], "done": mine["done"]}
    v["me"] = me
    return v
