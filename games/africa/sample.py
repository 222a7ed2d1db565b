"""A full state consistent with one seat's view, its hidden parts drawn at random (issue #24).

Reads only the view: the public board, the engine's public bookkeeping (view["engine"]) and the
seat's own secrets. Drawn: the other players' special victory tokens not yet shown and the box's,
the action-token stock (which tokens, in what order), the others' sealed bids, the other side's
commitment in a conflict, and the engine's generator.
"""
from __future__ import annotations

import random
from typing import Any

from games.africa.board import AREAS, SV_IDS, TOKEN_IDS
from games.africa.legal import auction_actions, commit_actions
from games.africa.state import State, clone


def sample(view: dict[str, Any], seat: str, rng: random.Random) -> State:
    s = public_state(view)
    j = s["seats"].index(seat)
    me = view["me"]
    s["players"][j]["special_victory_tokens"] = list(me["special_victory_tokens"])
    special_victory_tokens(s, view, j, rng)
    s["stock"] = stock(s, view, rng)
    if s["auction"] is not None and s["sealed"]:
        for k in s["auction"]["order"]:
            colour = s["players"][k]["colour"]
            if k == j and "sealed_bid" in me:
                s["auction"]["bids"][str(k)] = me["sealed_bid"]
            elif k != j and colour in view["auction"]["has_bid"]:
                s["auction"]["bids"][str(k)] = rng.choice(auction_actions(s, k))["amount"]
    c = s["conflict"]
    if c is not None and c["kind"] == "player":
        for key in sorted(c["commitments"]):
            k = int(key)
            if k == j:
                c["commitments"][key] = clone(me["commitment"])
            else:
                done = s["players"][k]["colour"] in view["conflict"]["committed"]
                c["commitments"][key] = commitment(s, k, done, rng)
    s["rng"] = rng.getrandbits(64)
    return s


def public_state(view: dict[str, Any]) -> State:
    """Everything the view shows, in the state's shape; the hidden parts left empty."""
    engine = view["engine"]
    seats = [p["seat"] for p in view["players"]]
    colours = [p["colour"] for p in view["players"]]
    players = [{
        "seat": p["seat"], "colour": p["colour"], "influence": p["influence"], "vp": p["vp"],
        "reputation": p["reputation"], "supply": p["supply"], "wholesaler": p["wholesaler"],
        "tokens": list(p["tokens"]), "special_victory_tokens": [], "dropped": p["dropped"],
    } for p in view["players"]]
    areas = {}
    for a in AREAS:
        v = view["areas"][a]
        traders = v.get("traders", {})
        areas[a] = {"neutrals": v.get("neutrals", 0), "traders": [traders.get(c, 0) for c in colours],
                    "station": v.get("station", False), "resource": v.get("resource")}
    auction = None
    if view["auction"] is not None:
        auction = {"order": [colours.index(c) for c in view["auction"]["order"]],
                   "next": engine["auction_next"], "bids": {}}
        for b in view["auction"].get("bids", []):
            auction["bids"][str(colours.index(b["colour"]))] = b["bid"]
    conflict = None
    vc = view["conflict"]
    if vc is not None and vc["kind"] == "neutral":
        conflict = {"kind": "neutral", "area": vc["area"], "drawn": list(vc["drawn"]),
                    "redraws": vc["redraws_left"]}
    elif vc is not None:
        sides = (colours.index(vc["active"]), colours.index(vc["defender"]))
        conflict = {"kind": "player", "area": vc["area"], "defender": sides[1], "commitments": {
            str(k): {"done": False, "cubes": 0, "tokens": [], "retreat": False} for k in sides}}
    return {
        "seats": seats, "target": view["target"], "sealed": view["sealed_auction"], "rng": 0,
        "round": view["round"], "stage": view["stage"], "players": players, "areas": areas,
        "table": dict(view["table"]), "neutral_supply": view["neutral_supply"],
        "station_supply": view["station_supply"], "stock": [], "discards": list(view["discards"]),
        "rows": clone(view["rows"]), "box": [], "pool": view["pool"],
        "active": None if view["active"] is None else colours.index(view["active"]),
        "turn": clone(engine["turn"]), "auction": auction, "conflict": conflict,
        "pending": clone(engine["pending"]),
        "special_victory_shown": list(engine["special_victory_shown"]),
        "outcome": clone(view["outcome"]),
    }


def special_victory_tokens(s: State, view: dict[str, Any], j: int, rng: random.Random) -> None:
    """The others' tokens: those shown, and as many more as they hold drawn from the tokens nobody
    has seen (neither this seat's nor any shown); the rest lie in the box."""
    mine = s["players"][j]["special_victory_tokens"]
    unseen = [t for t in SV_IDS if t not in mine and t not in s["special_victory_shown"]]
    rng.shuffle(unseen)
    for k, (p, vp) in enumerate(zip(s["players"], view["players"], strict=True)):
        if k == j:
            continue
        shown = list(vp["shown_special_victory_tokens"])
        hidden = vp["special_victory_tokens"] - len(shown)
        p["special_victory_tokens"] = sorted(shown + unseen[:hidden])
        del unseen[:hidden]
    s["box"] = unseen[:view["box"]]


def stock(s: State, view: dict[str, Any], rng: random.Random) -> list[str]:
    """The action tokens in no row, no hand, no discard and not this turn's blanks, shuffled."""
    seen = {t for row in s["rows"] for t in row} | set(s["discards"])
    seen |= {t for p in s["players"] for t in p["tokens"]}
    if s["turn"] is not None:
        seen |= set(s["turn"]["blank"])
    unseen = [t for t in TOKEN_IDS if t not in seen]
    rng.shuffle(unseen)
    return unseen[:view["stock"]]


def commitment(s: State, k: int, done: bool, rng: random.Random) -> dict[str, Any]:
    """A commitment of player k, chosen at random among the legal ones: tokens added one by one,
    then cubes (or the retreat token alone). Not done yet: the tokens added so far."""
    c: dict[str, Any] = {"done": False, "cubes": 0, "tokens": [], "retreat": False}
    s["conflict"]["commitments"][str(k)] = c
    while True:
        a = rng.choice(commit_actions(s, k))
        if a["type"] == "add_token":
            c["tokens"] = sorted(c["tokens"] + [a["token"]])
            continue
        if done and a["type"] == "commit":
            c.update(cubes=a["cubes"], done=True)
        elif done:
            c.update(retreat=True, cubes=0, tokens=[], done=True)
        return c
