"""Applying an action: check it against the legal list, then change a copy of the state."""
from __future__ import annotations

from typing import Any

from games.base import IllegalAction, Say, canonical, say, say_n, say_p
from games.westerplatte import flow
from games.westerplatte.board import (
    FACES,
    MAX_BRICKS,
    OFFICER_WORDS,
    PATH_OF,
    ROMAN,
    path_say,
    side_value,
    wall_say,
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
    remaining,
    tile_at,
)

NAMES = {"mortar": say("Mortar"), "mines": say("Mines"), "wall_rebuild": say("Wall rebuild"),
         "ammunition": say("Ammunition supply"), "morale": say("+1 Morale"), "push_back": say("Push back")}
# the kinds of action and of pending choice, as a refusal names them (their English is the id)
KINDS: dict[str, Say] = {
    "end_turn": say_p("action kind", "end_turn"), "move": say_p("action kind", "move"),
    "extra_movement": say_p("action kind", "extra_movement"), "extra_action": say_p("action kind", "extra_action"),
    "attack": say_p("action kind", "attack"), "mortar": say_p("action kind", "mortar"),
    "mine": say_p("action kind", "mine"), "rebuild": say_p("action kind", "rebuild"),
    "supply": say_p("action kind", "supply"), "morale": say_p("action kind", "morale"),
    "push_back": say_p("action kind", "push_back"), "guardhouse": say_p("action kind", "guardhouse"),
    "bonus": say_p("action kind", "bonus"), "loss": say_p("action kind", "loss"),
    "give": say_p("action kind", "give"), "lose_ammo": say_p("action kind", "lose_ammo"),
    "brick": say_p("action kind", "brick"),
}
PENDING: dict[str, Say] = {
    "guardhouse": say_p("pending choice", "guardhouse"), "h1": say_p("pending choice", "h1"),
    "l1": say_p("pending choice", "l1"), "remainder": say_p("pending choice", "remainder"),
    "lose_ammo": say_p("pending choice", "lose ammo"), "brick": say_p("pending choice", "brick"),
}


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


def _kind(kind: str) -> Say | str:
    return KINDS.get(kind, kind)


def _refusal(s: State, seat: str, action: Any) -> Say:
    if s["outcome"] is not None:
        return say("The game is over.")
    if seat not in s["seats"]:
        return say("You are not playing in this game.")
    if seat != active_seat(s):
        return say("It is not your turn: the {officer}'s player is deciding now.",
                   officer=OFFICER_WORDS[s["turn"]["officer"]])
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return say("That is not an action of this game.")
    kind = action["type"]
    legal = legal_actions(s, seat)
    kinds = [_kind(k) for k in sorted({a["type"] for a in legal})]
    if s["pending"] is not None:
        pending = s["pending"]["kind"]
        return say("First settle the choice in front of you ({choice}): one of {kinds}.",
                   choice=PENDING.get(pending, pending.replace("_", " ")), kinds=kinds)
    tn = s["turn"]
    if kind == "move":
        if tn["moves"] <= 0:
            return say("You have no movement points left this turn.")
        return say("You can only move along a link from your space that is not burnt.")
    tile_of = {"mortar": "mortar", "mine": "mines", "rebuild": "wall_rebuild", "supply": "ammunition",
               "morale": "morale", "push_back": "push_back"}
    if kind in ("attack", *tile_of):
        if tn["actions"] <= 0:
            return say("You have no action left this turn.")
        here = active(s)["at"]
        if kind == "attack":
            if here not in PATH_OF:
                return say("You can attack only from a round outpost.")
            p = PATH_OF[here]
            if remaining(s, p) <= 0:
                return say("There is no troop on {path} to attack.", path=path_say(p))
            return say("Choose who spends ammunition: officers on {wall} with ammunition, each once, at most "
                       "{most} in all.", wall=wall_say(here), most=remaining(s, p))
        if tile_at(s, here) != tile_of[kind]:
            return say("Your officer does not stand on the {tile} tile.",
                       tile=NAMES.get(tile_of[kind], tile_of[kind]))
        return say("That would change nothing now (empty tile or reserve, no target, or no room).")
    if kind in ("extra_movement", "extra_action"):
        return say("You cannot use that token now (you hold none, used one this turn, or it is not needed yet).")
    return say("That is not possible now; you may: {kinds}.", kinds=kinds)


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
        raise IllegalAction(say("That is not an action of this game.")) from None
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
    who = OFFICER_WORDS[i]
    if kind == "end_turn":
        emit(events, "phase", say("{officer} ends his moves and actions.", officer=who))
        flow.end_officer_phase(s, events)
        return
    if kind == "move":
        o["at"] = a["to"]
        tn["moves"] -= 1
        emit(events, "move", say("{officer} moves to {wall}.", officer=who, wall=wall_say(a["to"])),
             officer=o["id"], to=a["to"])
        return
    if kind == "extra_movement":
        o["extra_movement"] -= 1
        tn["used_extra_movement"] = True
        tn["moves"] += 1
        emit(events, "tokens", say("{officer} uses an extra-movement token.", officer=who))
        return
    if kind == "extra_action":
        o["extra_action"] -= 1
        tn["used_extra_action"] = True
        tn["actions"] += 1
        emit(events, "tokens", say("{officer} uses an extra-action token.", officer=who))
        return
    tn["actions"] -= 1
    if kind == "attack":
        p = PATH_OF[o["at"]]
        names = []
        for oid in a["officers"]:
            k = officer_index(s, oid)
            s["officers"][k]["ammo"] -= 1
            s["reserve"] += 1
            names.append(OFFICER_WORDS[k])
        emit(events, "attack", say_n("{officer} attacks from {wall} with {count} ammunition ({officers}).",
                                     "{officer} attacks from {wall} with {count} ammunition ({officers}).",
                                     len(names), officer=who, wall=wall_say(o["at"]), officers=names),
             officer=o["id"])
        flow.hit(s, p, len(names), say("outpost fire"), events)
    elif kind == "mortar":
        s["stock"]["mortar"] -= 1
        s["beside"]["shells"] += 1
        emit(events, "mortar", say("{officer} fires the mortar at {path}.", officer=who, path=path_say(a["path"])),
             officer=o["id"])
        flow.hit(s, a["path"], 2, say("mortar"), events)
    elif kind == "mine":
        s["stock"]["mines"] -= 1
        s["mines"][a["path"]].append(int(a["space"]))
        s["mines"][a["path"]].sort()
        emit(events, "mine", say("{officer} lays a mine on {path}, space {space}.", officer=who,
                                 path=path_say(a["path"]), space=ROMAN[a["space"]]), officer=o["id"])
    elif kind == "rebuild":
        w = a["wall"]
        s["stock"]["wall_rebuild"] -= 2
        fit = min(2, MAX_BRICKS - s["walls"][w])
        s["walls"][w] += fit
        if fit == 2:
            words = say("{officer} rebuilds {wall}: {bricks} bricks.", officer=who, wall=wall_say(w),
                        bricks=s["walls"][w])
        else:
            words = say("{officer} rebuilds {wall}: {bricks} bricks (the second brick does not fit and is lost).",
                        officer=who, wall=wall_say(w), bricks=s["walls"][w])
        emit(events, "rebuild", words, officer=o["id"], wall=w)
    elif kind == "supply":
        n = min(side_value("ammunition", s["side"], "take"), s["reserve"])
        s["reserve"] -= n
        o["ammo"] += n
        emit(events, "supply", say_n("{officer} takes {count} ammunition ({held} now).",
                                     "{officer} takes {count} ammunition ({held} now).", n, officer=who,
                                     held=o["ammo"]), officer=o["id"])
    elif kind == "morale":
        emit(events, "morale_action", say("{officer} raises morale.", officer=who), officer=o["id"])
        flow.push(s, {"kind": "morale", "change": 1})
    elif kind == "push_back":
        emit(events, "push_back", say("{officer} pushes back the troops on {paths}.", officer=who,
                                      paths=[p.upper() for p in a["paths"]]), officer=o["id"])
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
        emit(events, "wall", flow.no_bricks(pend["why"], pend["wall"], g, s["walls"][g]), wall=g,
             bricks=s["walls"][g])
        flow.check_loss(s, events)
    elif kind == "bonus":
        s["tasks"].pop(0)
        flow.add_to_tile(s, a["tile"], events, say("High morale (h1)"))
    elif kind == "loss":
        s["tasks"].pop(0)
        flow.take_from_tile(s, a["tile"], events, say("Low morale (l1)"))
    elif kind == "give":
        k = officer_index(s, a["officer"])
        flow.give(s, k, task["token"], 1, events)
        task["got"].append(a["officer"])
        task["left"] -= 1
        emit(events, "tokens", flow.one_more(s, k, task["token"]))
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
        emit(events, "wall", say("Wall reinforcement: 1 brick onto {wall}.", wall=wall_say(w)), wall=w)


_ = FACES
