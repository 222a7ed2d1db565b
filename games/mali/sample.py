"""A full state consistent with one seat's view, its hidden parts drawn at random (issue #24).

Reads only the view: the public board, the engine's public bookkeeping (view["engine"]) and the
seat's own secrets. Drawn: the other players' secret objectives (their hands while they still
choose, and the three each set aside; never one dealt to this seat), the movement cards they have
chosen but not revealed, the order deck (which orders and in what order, below the cards this seat
peeked at; the Victory card where the setup put it), what the others peeked at, and the engine's
generator.
"""
from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from games.mali.board import BOARD
from games.mali.legal import objectives_forced
from games.mali.state import OBJECTIVES, ORDERS, VICTORY, State, clone

TRIES = 500


def sample(view: dict[str, Any], seat: str, rng: random.Random) -> State:
    me = view["me"]
    seats = [p["seat"] for p in view["players"]]
    idx = seats.index(seat)
    s = public_state(view)
    mine = s["players"][idx]
    mine["chosen"] = me["card"]
    mine["objectives"] = [o["id"] for o in me["objectives"]]
    mine["objective_hand"] = [o["id"] for o in me["objective_hand"]]
    mine["objective_discards"] = [o["id"] for o in me.get("objective_discards", [])]
    mine["peeked"] = [o["id"] for o in me["peeked"]]
    if s["phase"] == "cards":
        for i, (p, vp) in enumerate(zip(s["players"], view["players"], strict=True)):
            if i != idx and vp["chosen"]:
                p["chosen"] = rng.choice(sorted(p["hand"]))
    if s["variant"] == "extended":
        deal_objectives(s, view, idx, rng)
    s["deck"] = deck(view, mine["peeked"], rng)
    for i, (p, vp) in enumerate(zip(s["players"], view["players"], strict=True)):
        if i != idx:
            p["peeked"] = s["deck"][:vp["peeked"]]
    s["rng"] = rng.getrandbits(64)
    return s


def public_state(view: dict[str, Any]) -> State:
    """Everything the view shows, in the state's shape; the hidden parts left empty."""
    seats = [p["seat"] for p in view["players"]]
    engine = view["engine"]
    revealed = view["phase"] not in ("cards", "objectives")
    players = []
    scouts: dict[str, Any] = {}
    for i, vp in enumerate(view["players"]):
        players.append({
            "seat": vp["seat"], "colour": vp["colour"], "hex": vp["hex"], "dropped": vp["dropped"],
            "hand": list(vp["hand"]), "played": list(vp["played"]),
            "chosen": vp["card"] if revealed and vp["chosen"] else None, "card": vp["card"],
            "delivered": list(vp["delivered"]), "objectives": [], "objective_hand": [], "objective_discards": [],
            "peeked": [],
        })
        for sc in vp["scouts"]:
            scouts[sc["name"]] = {"owner": i, "at": sc["at"], "status": sc["status"],
                                  "carrying": sc["carrying"]}
    current = None
    if view["current"] is not None:
        current = {k: view["current"][k] for k in ("seat", "card", "points_left", "mode",
                                                   "action_done", "scout", "jumped", "steps_done")}
        current["stage"] = engine["stage"]
    pending = None
    if view["pending"] is not None:
        pending = {**clone(view["pending"]), "context": clone(engine["pending_context"])}
    order = view["movement_order"]
    s: State = {
        "variant": view["variant"], "jump_costs_one_point": view["jump_costs_one_point"],
        "seats": seats, "rng": 0, "round": view["round"], "phase": view["phase"],
        "start": seats.index(view["start_player"]), "players": players, "scouts": scouts,
        "soldier": view["soldier"], "track": clone(view["track"]), "deck": [],
        "discarded": list(view["discarded"]), "blocked": clone(view["blocked"]),
        "fallen": list(view["fallen"]), "undelivered": dict(view["undelivered"]),
        "die": clone(view["die"]), "order": None if order is None else [seats.index(x) for x in order],
        "turn": engine["turn"], "current": current, "pending": pending, "tasks": clone(engine["tasks"]),
        "victory_drawn": engine["victory_drawn"], "victory_left": engine["victory_left"],
        "outcome": clone(view["outcome"]),
    }
    if engine["deals"] is not None:
        s["deals"] = engine["deals"]
    return s


def deck(view: dict[str, Any], peeked: list[str], rng: random.Random) -> list[str]:
    """The order deck: the cards this seat peeked at (still in the deck) on top, in their order;
    below them the unseen orders at random (in the basic game, as many as the deck holds: the rest
    were never in the game); the Victory card with as many cards under it as the setup put there."""
    face_up = {o for space in view["track"] for o in space}
    face_up |= {o for p in view["players"] for o in p["delivered"]} | set(view["discarded"])
    in_deck = view["victory_in_deck"]
    top = [o for o in peeked if o not in face_up and (o != VICTORY or in_deck)]
    unseen = [o for o in sorted(ORDERS) if o not in face_up and o not in top]
    rng.shuffle(unseen)
    victory = in_deck and VICTORY not in top
    rest = unseen[:view["deck"] - len(top) - int(victory)]
    out = top + rest
    if victory:
        below = BOARD.raw["order_deck_size"]["extended_below_victory"][str(len(view["players"]))]
        out.insert(min(len(out), max(len(top), len(out) - below)), VICTORY)
    return out


def _colours(ids: list[str]) -> int:
    return len({OBJECTIVES[o]["colour"] for o in ids})


def deal_objectives(s: State, view: dict[str, Any], idx: int, rng: random.Random) -> None:
    """The others' objectives: a hand of six each with at least three colours (the deal's rule),
    none of them a card this seat was dealt (held, kept or set aside); a player who has chosen
    keeps three of three colours from it and set the other three aside."""
    mine = s["players"][idx]
    dealt = {*mine["objectives"], *mine["objective_hand"], *mine["objective_discards"]}
    pool = [o for o in sorted(OBJECTIVES) if o not in dealt]
    others = [i for i in range(len(s["players"])) if i != idx]
    for _ in range(TRIES):
        rng.shuffle(pool)
        hands = {i: pool[6 * k:6 * k + 6] for k, i in enumerate(others)}
        if not all(_colours(h) >= 3 for h in hands.values()):
            continue
        for i in others:
            p, hand = s["players"][i], hands[i]
            if view["players"][i]["objectives"]:
                kept = list(rng.choice([c for c in combinations(hand, 3) if _colours(list(c)) == 3]))
                p.update(objectives=kept, objective_hand=[], objective_discards=[o for o in hand if o not in kept])
            else:
                p.update(objectives=[], objective_hand=hand, objective_discards=[])
        owing = [i for i, p in enumerate(s["players"]) if not p["dropped"] and not p["objectives"]]
        if s["phase"] == "objectives" and owing and all(objectives_forced(s, i) for i in owing):
            continue  # the engine would have kept every owed set itself: not this position
        return
    raise ValueError("no deal of the secret objectives fits this view")
