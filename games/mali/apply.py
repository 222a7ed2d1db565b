"""Applying one checked action to a copy of the state."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import IllegalAction, canonical, say, say_n
from games.mali import flow
from games.mali.board import NODE_DISTRICT
from games.mali.explain import FIELDS, explain, shape_problem
from games.mali.flow import deliver_all, emit
from games.mali.legal import legal_actions, peek_count, same_card
from games.mali.state import (
    OBJECTIVES,
    ORDERS,
    VICTORY,
    State,
    clone,
    order_say,
    place,
    scouts,
    scouts_of,
    seat_index,
    semicolons,
    track_position,
    who,
)

Action = dict[str, Any]
Event = dict[str, Any]

def normalise(s: State, action: Action) -> Action:
    """The one spelling of an action whose shape `explain.shape_problem` accepted: fields in the
    listed order, and the unordered choices (a set of objectives, a pair to swap) in the order
    `legal_actions` lists them. Nothing else is converted: a wrong type stays wrong."""
    kind = action["type"]
    out: Action = {"type": kind}
    for f in FIELDS[kind]:
        out[f] = action[f]
    if kind == "choose_objectives":
        out["ids"] = list(out["ids"])
    if kind == "swap_scouts":
        names = [n for n, _ in scouts(s)]
        if out["a"] in names and out["b"] in names and names.index(out["a"]) > names.index(out["b"]):
            out["a"], out["b"] = out["b"], out["a"]
    if kind == "swap_orders":
        pa, pb = track_position(s, out["a"]), track_position(s, out["b"])
        if pa is not None and pb is not None and pa > pb:
            out["a"], out["b"] = out["b"], out["a"]
    return out


def check(s: State, seat: str, action: Any) -> Action:
    """The listed legal action that `action` spells, or IllegalAction with the reason.

    Compared as canonical JSON, so True is not 1 and 2.0 is not 2; junk of any shape is refused
    with a reason, never with another exception."""
    legal = legal_actions(s, seat)
    if shape_problem(action) is None:
        norm = normalise(s, action)
        if norm["type"] == "choose_objectives" and seat in s["seats"]:
            hand = s["players"][seat_index(s, seat)]["objective_hand"]
            if all(i in hand for i in norm["ids"]):
                norm["ids"] = sorted(norm["ids"], key=hand.index)
        spelled = canonical(norm)
        for listed in legal:
            if listed == norm and canonical(listed) == spelled:  # == alone takes True for 1
                return listed
    raise IllegalAction(explain(s, seat, action, legal))


# ---- handlers ------------------------------------------------------------------------------

def h_choose_objectives(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    flow.keep_objectives(s, idx, a["ids"], ev)


def h_choose_card(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    p = s["players"][idx]
    p["chosen"] = a["value"]
    emit(ev, "card_chosen", say("{player} has chosen a movement card.", player=who(s, idx)), p["seat"])
    emit(ev, "card_chosen", say("You play card {card}.", card=a["value"]), p["seat"], private_to=p["seat"],
         value=a["value"])


def h_place_scout(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    sc = s["scouts"][a["scout"]]
    sc.update(status="board", at=a["to"])
    emit(ev, "placed", say("{player} places {scout} on {space}.", player=who(s, idx), scout=a["scout"],
                           space=place(a["to"])), s["seats"][idx],
         scout=a["scout"], to=a["to"])
    if not any(s["scouts"][n]["status"] == "escaped" for n in scouts_of(s, idx)):
        s["current"]["stage"] = "move"
        deliver_all(s, idx, ev)


def h_step(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    cur = s["current"]
    start = s["scouts"][a["scout"]]["at"]
    s["scouts"][a["scout"]]["at"] = a["to"]
    cur["points_left"] -= 1
    if cur["stage"] != "bonus":
        cur["mode"] = "steps"
    emit(ev, "moved", say("{player} moves {scout} to {space}.", player=who(s, idx), scout=a["scout"],
                          space=place(a["to"])), s["seats"][idx],
         scout=a["scout"], to=a["to"], start=start)
    deliver_all(s, idx, ev)


def h_jump(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    cur = s["current"]
    start = s["scouts"][a["scout"]]["at"]
    s["scouts"][a["scout"]]["at"] = a["to"]
    if s["jump_costs_one_point"]:
        cur["points_left"] -= 1
        cur["jumped"] = True
    else:
        cur["points_left"] = 0
    cur["mode"] = "jump"
    emit(ev, "jumped", say("{player}'s {scout} jumps from {start} to {space}.", player=who(s, idx), scout=a["scout"],
                           start=place(start), space=place(a["to"])),
         s["seats"][idx], scout=a["scout"], to=a["to"], start=start)
    deliver_all(s, idx, ev)


def _action_taken(s: State) -> None:
    cur = s["current"]
    cur["action_done"] = True
    if cur["mode"] == "steps":
        cur["steps_done"] = True


def h_squad_jump(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    _action_taken(s)
    start = s["scouts"][a["scout"]]["at"]
    s["scouts"][a["scout"]]["at"] = a["to"]
    emit(ev, "jumped", say("Oddział powstańczy: {player}'s {scout} goes from {start} to {space}.", player=who(s, idx),
                           scout=a["scout"], start=place(start), space=place(a["to"])),
         s["seats"][idx], scout=a["scout"], to=a["to"])
    deliver_all(s, idx, ev)


def h_swap_scouts(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    _action_taken(s)
    sa, sb = s["scouts"][a["a"]], s["scouts"][a["b"]]
    sa["at"], sb["at"] = sb["at"], sa["at"]
    emit(ev, "swapped_scouts", say("Kumple z podwórka: {player} swaps {a} ({a_space}) and {b} ({b_space}).",
                                   player=who(s, idx), a=a["a"], a_space=place(sa["at"]), b=a["b"],
                                   b_space=place(sb["at"])), s["seats"][idx], a=a["a"], b=a["b"])
    deliver_all(s, idx, ev)


def h_swap_orders(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    _action_taken(s)
    pa, pb = track_position(s, a["a"]), track_position(s, a["b"])
    s["track"][pa][s["track"][pa].index(a["a"])] = a["b"]
    s["track"][pb][s["track"][pb].index(a["b"])] = a["a"]
    emit(ev, "swapped_orders", say("Zamiana rozkazów: {player} swaps orders {a} and {b} on the track.",
                                   player=who(s, idx), a=a["a"], b=a["b"]),
         s["seats"][idx], a=a["a"], b=a["b"])


def h_peek(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    _action_taken(s)
    k = peek_count(s)
    seen: list[str] = []
    i = 0
    deck = s["deck"]
    while len(seen) < k and i < len(deck):
        oid = deck[i]
        if oid != VICTORY and (NODE_DISTRICT[ORDERS[oid]["from"]] in s["fallen"]
                               or NODE_DISTRICT[ORDERS[oid]["to"]] in s["fallen"]):
            deck.pop(i)
            s["discarded"].append(oid)
            emit(ev, "discarded", say("{player} reveals order {order} of a fallen district: discarded.",
                                      player=who(s, idx), order=order_say(oid)),
                 s["seats"][idx], order=oid)
            continue
        seen.append(oid)
        i += 1
    seat = s["seats"][idx]
    s["players"][idx]["peeked"] = seen
    emit(ev, "peeked", say_n("Plotki z ulicy: {player} looks at the top {count} order card(s).",
                             "Plotki z ulicy: {player} looks at the top {count} order card(s).", len(seen),
                             player=who(s, idx)), seat,
         count=len(seen))
    emit(ev, "peeked", say("Top of the order deck: {orders}.", orders=semicolons([order_say(o) for o in seen])), seat,
         private_to=seat, orders=seen)


def h_pick_up(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    sc = s["scouts"][a["scout"]]
    seat = s["seats"][idx]
    if sc["carrying"]:
        emit(ev, "dropped", say("{player}'s {scout} drops order {order}.", player=who(s, idx), scout=a["scout"],
                                order=sc["carrying"]), seat,
             scout=a["scout"], order=sc["carrying"], at=sc["at"])
    for name in scouts_of(s, idx):
        other = s["scouts"][name]
        if other["carrying"] == a["order"]:
            other["carrying"] = None
            emit(ev, "dropped", say("{player}'s {scout} hands over order {order}.", player=who(s, idx), scout=name,
                                    order=a["order"]), seat,
                 scout=name, order=a["order"], at=other["at"])
    sc["carrying"] = a["order"]
    emit(ev, "picked_up", say("{player}'s {scout} picks up order {order}.", player=who(s, idx), scout=a["scout"],
                               order=order_say(a["order"])), seat,
         scout=a["scout"], order=a["order"], at=sc["at"])


def h_drop(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    sc = s["scouts"][a["scout"]]
    emit(ev, "dropped", say("{player}'s {scout} drops order {order}.", player=who(s, idx), scout=a["scout"],
                            order=sc["carrying"]), s["seats"][idx],
         scout=a["scout"], order=sc["carrying"], at=sc["at"])
    sc["carrying"] = None


def h_finish_moving(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    s["current"]["steps_done"] = True
    emit(ev, "turn", say("{player} finishes moving and takes the card's action.", player=who(s, idx)), s["seats"][idx])


def h_end_turn(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    flow.end_current(s, ev)


def h_choose_scout(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    purpose = s["pending"]["context"]["purpose"]
    s["pending"] = None
    emit(ev, "choice", say("{player} chooses {scout}.", player=who(s, idx), scout=a["scout"]), s["seats"][idx],
         scout=a["scout"])
    if purpose == "soldier":
        flow.soldier_target(s, s["scouts"][a["scout"]]["at"], ev)
    else:
        flow.start_bonus(s, a["scout"], ev)


def h_soldier_to(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    s["pending"] = None
    flow.walk_to(s, a["to"], ev)


def h_block_path(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    ctx = s["pending"]["context"]
    s["pending"] = None
    flow.do_block(s, a["edge"], ctx["location"], ctx["district"], ev)


def h_displace(s: State, idx: int, a: Action, ev: list[Event]) -> None:
    s["pending"] = None
    flow.move_displaced(s, a["scout"], a["to"], ev)


HANDLERS: dict[str, Callable[[State, int, Action, list[Event]], None]] = {
    "choose_objectives": h_choose_objectives, "choose_card": h_choose_card,
    "place_scout": h_place_scout, "step": h_step, "jump": h_jump, "squad_jump": h_squad_jump,
    "swap_scouts": h_swap_scouts, "swap_orders": h_swap_orders, "peek": h_peek,
    "pick_up": h_pick_up, "drop": h_drop, "finish_moving": h_finish_moving, "end_turn": h_end_turn,
    "choose_scout": h_choose_scout, "soldier_to": h_soldier_to, "block_path": h_block_path,
    "displace": h_displace,
}


def older_forced_objectives(s: State, seat: str, action: Any) -> list[str] | None:
    """Logs written before the engine kept a forced objective draft hold the draft as the seat's
    own pick. On replay (undo, /game replay) the engine has already kept the same cards, so the
    pick changes nothing but which copies are kept: their ids, in the kept order. None when the
    action is no such pick: only right after the drafts (round 1, before any card is chosen), where
    the old log has it; a copy of the kept cards sent then by hand changes nothing either."""
    if not isinstance(action, dict) or set(action) != {"type", "ids"} or action["type"] != "choose_objectives":
        return None
    ids = action["ids"]
    fresh = s["phase"] == "cards" and s["round"] == 1 and all(p["chosen"] is None for p in s["players"])
    if not fresh or not isinstance(seat, str) or seat not in s["seats"] or not isinstance(ids, list) \
            or len(ids) != 3 or not all(isinstance(i, str) and i in OBJECTIVES for i in ids):
        return None
    kept = s["players"][seat_index(s, seat)]["objectives"]
    copies = {same_card(i): i for i in ids}
    if len(kept) != 3 or sorted(copies) != sorted(same_card(o) for o in kept):
        return None
    return [copies[same_card(o)] for o in kept]


def replayed(s: State, seat: str, action: Any) -> State | None:
    """What a logged action of an older engine comes to now (replays only), or None: a forced
    draft the engine now keeps itself changes nothing but which copies are kept."""
    older = older_forced_objectives(s, seat, action)
    if older is None:
        return None
    s2 = clone(s)
    s2["players"][seat_index(s2, seat)]["objectives"] = older
    return s2


def apply(s: State, seat: str, action: Action) -> tuple[State, list[Event]]:
    norm = check(s, seat, action)
    s2 = clone(s)
    events: list[Event] = []
    HANDLERS[norm["type"]](s2, seat_index(s2, seat), norm, events)
    flow.advance(s2, events)
    return s2, events


def apply_unchecked(s: State, seat: str, norm: Action, events: list[Event]) -> None:
    """For the engine's own choices on a state it already owns (drop)."""
    HANDLERS[norm["type"]](s, seat_index(s, seat), norm, events)
