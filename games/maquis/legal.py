"""Legal actions, in a stable order, and the apply step that checks and runs them."""
from __future__ import annotations

from typing import Any

from games.base import IllegalAction, Say, canonical, say
from games.maquis import flow
from games.maquis.board import LOCATION_ORDER, SLOTS, loc_say
from games.maquis.describe import describe
from games.maquis.rules import (
    activation_choices,
    milice_spots,
    papers_possible,
    placeable,
    relevant_shots,
    shot_blocked_reason,
)
from games.maquis.state import (
    Event,
    GameEnded,
    State,
    clone,
    emit,
    member_say,
    partisans_with,
)

Action = dict[str, Any]


def to_act(s: State) -> list[str]:
    if s["outcome"] is not None:
        return []
    return [s["acting"]]


def placed_in_order(s: State) -> list[dict[str, Any]]:
    order = LOCATION_ORDER + SLOTS
    ps = [p for p in partisans_with(s, "placed") if not p["done"]]
    return sorted(ps, key=lambda p: order.index(p["at"]))


def phase_actions(s: State) -> list[Action]:
    ph = s["phase"]
    out: list[Action] = []
    if ph == "arrange":
        a, b = s["arrange"]
        return [{"type": "arrange", "left": a, "right": b}, {"type": "arrange", "left": b, "right": a}]
    if ph == "placement":
        for loc in placeable(s):
            out.append({"type": "place", "at": loc, "papers": False})
            if s["stock"]["fake_papers"] > 0 and papers_possible(loc):
                out.append({"type": "place", "at": loc, "papers": True})
        return out
    if ph == "action":
        waiting = placed_in_order(s)
        for p in waiting:
            for ch in activation_choices(s, p["id"], p["at"]):
                out.append({"type": "activate", "at": p["at"], **ch})
        if waiting:
            if shot_blocked_reason(s) is None:
                out += [{"type": "shoot", "at": loc} for loc in milice_spots(s)]
        else:
            if flow.shot_at_end_matters(s):
                out += [{"type": "shoot", "at": loc} for loc in milice_spots(s)]
            out.append({"type": "end_day"})
        return out
    if ph == "route":
        out += [{"type": "shoot", "at": loc} for loc in relevant_shots(s, s["route"]["group"])]
        out.append({"type": "go_home"})
        return out
    if ph == "remove":
        return [{"type": "remove", "who": w} for w in flow.remove_choices(s)]
    if ph == "bridge":
        return [{"type": "bridge", "bridge": b} for b in ("north_bridge", "south_bridge")
                if b not in s["bridges_down"]]
    return out


def legal_actions(s: State, seat: str) -> list[Action]:
    if seat not in to_act(s):
        return []
    out = phase_actions(s)
    if len(s["active"]) >= 2:
        out.append({"type": "hand_over"})
    return out


def refuse_reason(s: State, seat: str, action: Any) -> Say:
    if s["outcome"] is not None:
        return say("The game is over.")
    if seat not in s["seats"]:
        return say("You are not playing this game.")
    if seat != s["acting"]:
        return say("Only today's leader, {member}, decides now.", member=member_say(s, s["acting"]))
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return say("That is not an action of Maquis.")
    t = action["type"]
    ph = s["phase"]
    if t == "place":
        if ph != "placement":
            return say("Partisans are placed only in the placement phase.")
        at = action.get("at")
        if isinstance(at, str) and at in LOCATION_ORDER + SLOTS:
            if action.get("papers") is True and s["stock"]["fake_papers"] == 0:
                return say("The stock holds no fake papers.")
            return say("A partisan cannot be placed on {place} now (taken, closed or a Safe House).", place=loc_say(at))
        return say("Name a location of the board for the partisan.")
    if t == "shoot":
        if ph not in ("action", "route"):
            return say("Milice are shot only in the action phase.")
        why = shot_blocked_reason(s)
        if why is not None:
            return why
        return say("There is no Milice to shoot there (or the shot would change nothing now).")
    if t == "activate":
        if ph != "action":
            return say("Partisans are activated only in the action phase.")
        return say("That partisan cannot do that now (not there, already activated, cost not covered, or not "
                   "allowed today).")
    if t == "end_day":
        return say("Every placed partisan must be activated before the action phase ends.")
    if t == "hand_over":
        return say("There is no other team member to hand the Day to.")
    return say("That is not possible now.")


def apply(s: State, seat: str, action: Action) -> tuple[State, list[Event]]:
    legal = legal_actions(s, seat)
    key = canonical(action) if isinstance(action, dict) else None
    if key is None or key not in {canonical(a) for a in legal}:
        reason = refuse_reason(s, seat, action)
        hints = [describe(s, seat, a) for a in legal[:3]]
        if not hints:
            raise IllegalAction(reason)
        listed = hints[0]
        for hint in hints[1:]:
            listed = say("{a}; {b}", a=listed, b=hint)
        raise IllegalAction(say("{reason} You may: {hints}.", reason=reason, hints=listed))
    new = clone(s)
    events: list[Event] = []
    try:
        run(new, seat, action, events)
    except GameEnded:
        pass
    for ev in events:
        if "private_to" not in ev:
            ev.setdefault("seat", seat)  # ruling 51: public lines name the Day's leader
    return new, events


def run(s: State, seat: str, a: Action, events: list[Event]) -> None:
    t = a["type"]
    if t == "hand_over":
        nxt = flow.next_active(s, seat)
        s["acting"] = nxt
        emit(events, "hand_over", say("The leader hands the rest of the Day to the next team member."),
             seat=seat, to=nxt)  # the presentation names both
        return
    if t == "arrange":
        flow.arrange(s, a["left"], a["right"], events)
    elif t == "place":
        flow.place_partisan(s, a["at"], bool(a["papers"]), events)
    elif t == "activate":
        flow.activate(s, a["at"], {k: v for k, v in a.items() if k not in ("type", "at")}, events)
    elif t == "shoot":
        flow.shoot(s, a["at"], events)
        if s["phase"] == "route":
            flow.settle_route(s, events)
        else:
            flow.settle_action(s, events)
    elif t == "go_home":
        flow.resolve_route(s, events)
    elif t == "end_day":
        flow.end_action(s, events)
    elif t == "remove":
        flow.remove(s, a["who"], events)
    elif t == "bridge":
        flow.fell(s, a["bridge"], events)
        flow.finish_maintenance(s, events)
    force(s, events)


def force(s: State, events: list[Event]) -> None:
    """A step with one legal choice cannot change the outcome: the engine takes it."""
    while s["outcome"] is None:
        only = phase_actions(s)
        if len(only) != 1:
            return
        try:
            run(s, s["acting"], only[0], events)
        except GameEnded:
            return
