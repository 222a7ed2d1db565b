"""Applying an action: check it against the legal list, then change a copy of the state."""
from __future__ import annotations

from typing import Any

from games.base import IllegalAction, canonical
from games.westerplatte import flow
from games.westerplatte.board import (
    FACES,
    MAX_BRICKS,
    PATH_OF,
    ROMAN,
    path_name,
    side_value,
    wall_name,
)
from games.westerplatte.flow import emit
from games.westerplatte.legal import END, legal_actions, officer_actions
from games.westerplatte.state import (
    Event,
    State,
    active,
    active_seat,
    clone,
    officer_index,
    officer_name,
    remaining,
    tile_at,
)

NAMES = {"mortar": "Mortar", "mines": "Mines", "wall_rebuild": "Wall rebuild",
         "ammunition": "Ammunition supply", "morale": "+1 Morale", "push_back": "Push back"}


def settle(s: State, events: list[Event]) -> None:
    """Run the queue; end an officer's phase by itself when ending it is all he could do."""
    while True:
        flow.run(s, events)
        if s["outcome"] is not None or s["pending"] is not None or s["tasks"]:
            return
        if s["turn"]["stage"] == "officer" and officer_actions(s) == [END]:
            flow.end_officer_phase(s, events)
            continue
        return


def _refusal(s: State, seat: str, action: Any) -> str:
    if s["outcome"] is not None:
        return "The game is over."
    if seat not in s["seats"]:
        return "You are not playing in this game."
    if seat != active_seat(s):
        return (f"It is not your turn: the {officer_name(s, s['turn']['officer'])}'s player is "
                "deciding now.")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return "That is not an action of this game."
    kind = action["type"]
    legal = legal_actions(s, seat)
    kinds = sorted({a["type"] for a in legal})
    if s["pending"] is not None:
        return (f"First settle the choice in front of you ({s['pending']['kind'].replace('_', ' ')}): "
                f"one of {', '.join(kinds)}.")
    tn = s["turn"]
    if kind == "move":
        if tn["moves"] <= 0:
            return "You have no movement points left this turn."
        return "You can only move along a link from your space that is not burnt."
    tile_of = {"mortar": "mortar", "mine": "mines", "rebuild": "wall_rebuild", "supply": "ammunition",
               "morale": "morale", "push_back": "push_back"}
    if kind in ("attack", *tile_of):
        if tn["actions"] <= 0:
            return "You have no action left this turn."
        here = active(s)["at"]
        if kind == "attack":
            if here not in PATH_OF:
                return "You can attack only from a round outpost."
            p = PATH_OF[here]
            if remaining(s, p) <= 0:
                return f"There is no troop on {path_name(p)} to attack."
            return (f"Choose who spends ammunition: officers on {wall_name(here)} with ammunition, each "
                    f"once, at most {remaining(s, p)} in all.")
        if tile_at(s, here) != tile_of[kind]:
            return f"Your officer does not stand on the {NAMES.get(tile_of[kind], tile_of[kind])} tile."
        return "That would change nothing now (empty tile or reserve, no target, or no room)."
    if kind in ("extra_movement", "extra_action"):
        return "You cannot use that token now (you hold none, used one this turn, or it is not needed yet)."
    return f"That is not possible now; you may: {', '.join(kinds)}."


def _older_answer(s: State, seat: str, action: dict[str, Any]) -> bool:
    """Logs written before the l3 loss became one split answered it one ammunition at a time;
    such an answer still replays (undo, /game replay), never offered."""
    pend = s["pending"]
    return (seat == active_seat(s) and pend is not None and pend["kind"] == "lose_ammo"
            and set(action) == {"type", "officer"} and action["type"] == "lose_ammo"
            and action["officer"] in pend["options"])


def apply(s: State, seat: str, action: dict[str, Any]) -> tuple[State, list[Event]]:
    try:
        key = canonical(action)
    except (TypeError, ValueError):
        raise IllegalAction("That is not an action of this game.") from None
    # equal dicts first (cheap), then the same canonical text (True is not 1)
    legal = any(a == action and canonical(a) == key for a in legal_actions(s, seat))
    if not legal and not _older_answer(s, seat, action):
        raise IllegalAction(_refusal(s, seat, action))
    s = clone(s)
    events: list[Event] = []
    apply_unchecked(s, action, events)
    settle(s, events)
    return s, events


def apply_unchecked(s: State, a: dict[str, Any], events: list[Event]) -> None:
    kind = a["type"]
    if s["pending"] is not None:
        _choice(s, a, events)
        return
    tn = s["turn"]
    i = tn["officer"]
    o = s["officers"][i]
    who = officer_name(s, i)
    if kind == "end_turn":
        emit(events, "phase", f"{who} ends his moves and actions.")
        flow.end_officer_phase(s, events)
        return
    if kind == "move":
        o["at"] = a["to"]
        tn["moves"] -= 1
        emit(events, "move", f"{who} moves to {wall_name(a['to'])}.", officer=o["id"], to=a["to"])
        return
    if kind == "extra_movement":
        o["extra_movement"] -= 1
        tn["used_extra_movement"] = True
        tn["moves"] += 1
        emit(events, "tokens", f"{who} uses an extra-movement token.")
        return
    if kind == "extra_action":
        o["extra_action"] -= 1
        tn["used_extra_action"] = True
        tn["actions"] += 1
        emit(events, "tokens", f"{who} uses an extra-action token.")
        return
    tn["actions"] -= 1
    if kind == "attack":
        p = PATH_OF[o["at"]]
        names = []
        for oid in a["officers"]:
            k = officer_index(s, oid)
            s["officers"][k]["ammo"] -= 1
            s["reserve"] += 1
            names.append(officer_name(s, k))
        emit(events, "attack", f"{who} attacks from {wall_name(o['at'])} with {len(names)} "
             f"ammunition ({', '.join(names)}).", officer=o["id"])
        flow.hit(s, p, len(names), "outpost fire", events)
    elif kind == "mortar":
        s["stock"]["mortar"] -= 1
        s["beside"]["shells"] += 1
        emit(events, "mortar", f"{who} fires the mortar at {path_name(a['path'])}.", officer=o["id"])
        flow.hit(s, a["path"], 2, "mortar", events)
    elif kind == "mine":
        s["stock"]["mines"] -= 1
        s["mines"][a["path"]].append(int(a["space"]))
        s["mines"][a["path"]].sort()
        emit(events, "mine", f"{who} lays a mine on {path_name(a['path'])}, space {ROMAN[a['space']]}.",
             officer=o["id"])
    elif kind == "rebuild":
        w = a["wall"]
        s["stock"]["wall_rebuild"] -= 2
        fit = min(2, MAX_BRICKS - s["walls"][w])
        s["walls"][w] += fit
        lost = "" if fit == 2 else " (the second brick does not fit and is lost)"
        emit(events, "rebuild", f"{who} rebuilds {wall_name(w)}: {s['walls'][w]} bricks{lost}.",
             officer=o["id"], wall=w)
    elif kind == "supply":
        n = min(side_value("ammunition", s["side"], "take"), s["reserve"])
        s["reserve"] -= n
        o["ammo"] += n
        emit(events, "supply", f"{who} takes {n} ammunition ({o['ammo']} now).", officer=o["id"])
    elif kind == "morale":
        emit(events, "morale_action", f"{who} raises morale.", officer=o["id"])
        flow.push(s, {"kind": "morale", "change": 1})
    elif kind == "push_back":
        emit(events, "push_back", f"{who} pushes back the troops on "
             f"{', '.join(p.upper() for p in a['paths'])}.", officer=o["id"])
        for p in a["paths"]:
            flow.move_troop(s, p, -2, events)


def _choice(s: State, a: dict[str, Any], events: list[Event]) -> None:
    pend = s["pending"]
    s["pending"] = None
    task = s["tasks"][0]
    kind = a["type"]
    if kind == "guardhouse":
        g = a["wall"]
        s["walls"][g] -= 1
        task["count"] -= 1
        emit(events, "wall", f"{pend['why']}: {wall_name(pend['wall'])} has no bricks, so "
             f"{wall_name(g)} loses 1 ({s['walls'][g]} left).", wall=g, bricks=s["walls"][g])
        flow.check_loss(s, events)
    elif kind == "bonus":
        s["tasks"].pop(0)
        flow.add_to_tile(s, a["tile"], events, "High morale (h1)")
    elif kind == "loss":
        s["tasks"].pop(0)
        flow.take_from_tile(s, a["tile"], events, "Low morale (l1)")
    elif kind == "give":
        k = officer_index(s, a["officer"])
        flow.give(s, k, task["token"], 1, events)
        task["got"].append(a["officer"])
        task["left"] -= 1
        emit(events, "tokens", f"{officer_name(s, k)} gets 1 more {flow.SHARE_NAMES[task['token']]}.")
    elif kind == "lose_ammo" and "officer" in a:  # an older log's one-at-a-time answer
        flow.lose_ammo(s, {a["officer"]: 1}, events)
        task["left"] -= 1
    elif kind == "lose_ammo":
        flow.lose_ammo(s, dict(a["split"]), events)
        task["left"] = 0
    elif kind == "brick":
        w = a["wall"]
        s["walls"][w] += 1
        task["left"] -= 1
        emit(events, "wall", f"Wall reinforcement: 1 brick onto {wall_name(w)}.", wall=w)


_ = FACES
