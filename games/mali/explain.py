"""Why an action is illegal, in player words: the real reason first, then a few likely choices.

`explain` must cope with anything a client may send (`{}`, a list, a field of the wrong type, an
unknown type, a name that does not exist): it never raises.
"""
from __future__ import annotations

import json
from typing import Any, NamedTuple

from games.base import Say, say, say_n, say_p
from games.mali.board import BOARD, JUMPS, NODE_DISTRICT, STEPS
from games.mali.describe import describe
from games.mali.legal import to_act
from games.mali.state import (
    CARD_ACTIONS,
    OBJECTIVES,
    ORDERS,
    VICTORY,
    State,
    blocked_edges,
    on_blocked_path,
    place,
    seat_index,
    semicolons,
    track_position,
    who,
)

Action = dict[str, Any]


class Words(NamedTuple):
    """An action as a player knows it ("step"), and with its indefinite article, capitalised, to begin
    a sentence ("A step"): each translated on its own (Italian's article goes by gender)."""

    word: Say
    a_word: Say


# Every action type with its fields, and the words a player knows it by.
FIELDS: dict[str, tuple[str, ...]] = {
    "choose_objectives": ("ids",), "choose_card": ("value",), "place_scout": ("scout", "to"),
    "step": ("scout", "to"), "jump": ("scout", "to"), "pick_up": ("scout", "order"),
    "drop": ("scout",), "swap_scouts": ("a", "b"), "squad_jump": ("scout", "to"),
    "swap_orders": ("a", "b"), "peek": (), "finish_moving": (), "end_turn": (),
    "choose_scout": ("scout",), "soldier_to": ("to",), "block_path": ("edge",),
    "displace": ("scout", "to"),
}
WORDS: dict[str, Words] = {
    "choose_objectives": Words(say_p("action", "choice of objectives"), say_p("action", "A choice of objectives")),
    "choose_card": Words(say_p("action", "choice of a movement card"), say_p("action", "A choice of a movement card")),
    "place_scout": Words(say_p("action", "placing of a scout"), say_p("action", "A placing of a scout")),
    "step": Words(say_p("action", "step"), say_p("action", "A step")),
    "jump": Words(say_p("action", "jump"), say_p("action", "A jump")),
    "pick_up": Words(say_p("action", "pick-up"), say_p("action", "A pick-up")),
    "drop": Words(say_p("action", "drop"), say_p("action", "A drop")),
    "swap_scouts": Words(say_p("action", "Kumple z podwórka (swap two scouts)"),
                          say_p("action", "A Kumple z podwórka (swap two scouts)")),
    "squad_jump": Words(say_p("action", "Oddział powstańczy (squad jump)"),
                         say_p("action", "An Oddział powstańczy (squad jump)")),
    "swap_orders": Words(say_p("action", "Zamiana rozkazów (swap two orders)"),
                          say_p("action", "A Zamiana rozkazów (swap two orders)")),
    "peek": Words(say_p("action", "Plotki z ulicy (look at the deck)"),
                   say_p("action", "A Plotki z ulicy (look at the deck)")),
    "finish_moving": Words(say_p("action", "finish moving"), say_p("action", "A finish moving")),
    "end_turn": Words(say_p("action", "end of turn"), say_p("action", "An end of turn")),
    "choose_scout": Words(say_p("action", "choice of a scout"), say_p("action", "A choice of a scout")),
    "soldier_to": Words(say_p("action", "choice of where the soldier stops"),
                         say_p("action", "A choice of where the soldier stops")),
    "block_path": Words(say_p("action", "choice of a path to block"), say_p("action", "A choice of a path to block")),
    "displace": Words(say_p("action", "choice of where a displaced scout goes"),
                       say_p("action", "A choice of where a displaced scout goes")),
}
FIELD_WORDS: dict[str, Say] = {
    "scout": say_p("field", "The scout"), "to": say_p("field", "The space"), "order": say_p("field", "The order"),
    "edge": say_p("field", "The path"), "a": say_p("field", "Each of the two"), "b": say_p("field", "Each of the two"),
}
EXTENDED_ONLY = ("choose_objectives", "swap_scouts", "squad_jump", "swap_orders", "peek", "finish_moving")
BASIC_ONLY = ("jump", "choose_scout", "soldier_to")
PENDING_KINDS = ("choose_scout", "soldier_to", "block_path", "displace")
CARD_OF_ACTION = {"swap_scouts": 1, "squad_jump": 2, "swap_orders": 3, "peek": 4}
MAX_CHOICES = 3


def _show(value: Any, limit: int = 40) -> str:
    """A value the player sent, short and safe to print."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shape_problem(action: Any) -> Say | None:
    """What is wrong with the shape of an action (type, fields, their JSON types), or None."""
    if not isinstance(action, dict):
        return say("An action must be a JSON object with a \"type\".")
    if "type" not in action:
        return say("The action has no \"type\": say what you want to do.")
    kind = action["type"]
    if not isinstance(kind, str):
        return say("The action type must be a word, not {value}.", value=_show(kind))
    if kind not in FIELDS:
        return say("There is no action {value} in Mali Powstańcy.", value=_show(kind))
    word = WORDS[kind].a_word
    missing = [repr(f) for f in FIELDS[kind] if f not in action]
    if len(missing) == 1:
        return say("{action} needs {field}.", action=word, field=missing[0])
    if missing:
        return say("{action} needs {first} and {second}.", action=word, first=missing[0], second=missing[1])
    extra = sorted(str(k) for k in action if k != "type" and k not in FIELDS[kind])
    if extra:
        return say_n("{action} takes no field {fields}.", "{action} takes no fields {fields}.", len(extra),
                     action=word, fields=", ".join(_show(f, 24) for f in extra[:3]))
    for f in FIELDS[kind]:
        value = action[f]
        if f == "value":
            if not isinstance(value, int) or isinstance(value, bool):
                return say("The card must be a number from 1 to 5, not {value}.", value=_show(value))
        elif f == "ids":
            if not isinstance(value, list) or not all(isinstance(i, str) for i in value):
                return say("The objectives must be a list of 3 objective ids, not {value}.",
                           value=_show(value))
        elif not isinstance(value, str):
            return say("{field} must be given by its name, not {value}.", field=FIELD_WORDS[f], value=_show(value))
    return None


def _node(value: str) -> str | Say:
    return place(value) if value in BOARD.nodes else say("{value} (no such space)", value=_show(value))


def _scout_problem(s: State, idx: int, name: str, want_board: bool = True) -> Say | None:
    sc = s["scouts"].get(name)
    if sc is None:
        return say("There is no scout called {value}.", value=_show(name))
    if sc["owner"] != idx:
        return say("{scout} is not one of your scouts.", scout=name)
    if want_board and sc["status"] != "board":
        where = {"prison": say("in prison"), "escaped": say("waiting to be placed"),
                 "removed": say("out of the game")}
        return say("{scout} is not on the board ({where}).", scout=name, where=where.get(sc["status"], sc["status"]))
    return None


def _entry_problem(s: State, to: str, verb: str, blocked: set[str] | None = None) -> Say | None:
    """Why no scout may go onto `to`: the soldier, a fallen district, or (when `blocked` is given,
    for a placement) a plain space of a blocked path; a move along one is refused before."""
    if to == s["soldier"]:
        return {"enter": say("No scout may enter the German soldier's space."),
                "jump into": say("No scout may jump into the German soldier's space."),
                "be placed on": say("No scout may be placed on the German soldier's space.")}[verb]
    if NODE_DISTRICT[to] in s["fallen"]:
        return {"enter": say("No scout may enter a fallen district."),
                "jump into": say("No scout may jump into a fallen district."),
                "be placed on": say("No scout may be placed on a fallen district.")}[verb]
    if blocked is not None and on_blocked_path(s, to, blocked):
        return say("No scout may be placed on a blocked path.") if verb == "be placed on" else \
            say("No scout may enter a blocked path.")
    return None


def _step_reason(s: State, idx: int, a: Action) -> Say:
    cur = s["current"]
    name, to = a["scout"], a["to"]
    if cur["stage"] == "bonus" and name != cur["scout"]:
        return say("Only {scout} has the bonus move.", scout=cur["scout"])
    bad = _scout_problem(s, idx, name)
    if bad:
        return bad
    if cur["points_left"] < 1:
        return say("You have no movement points left.")
    if cur["stage"] != "bonus":
        if s["variant"] == "basic" and cur["mode"] == "jump" and not s["jump_costs_one_point"]:
            return say("You jumped this turn: the jump was your whole movement.")
        if s["variant"] == "extended" and cur.get("steps_done"):
            return say("Your steps are over for this turn: you took your card's action or finished moving.")
    at = s["scouts"][name]["at"]
    nbrs = dict(STEPS[at])
    if to not in nbrs:
        return say("{space} is not next to {at}.", space=_node(to), at=place(at))
    if nbrs[to] in blocked_edges(s):
        return say("That path is blocked by the Germans.")
    return _entry_problem(s, to, "enter") or say("That step is not possible now.")


def _jump_reason(s: State, idx: int, a: Action) -> Say:
    cur = s["current"]
    kind, name, to = a["type"], a["scout"], a["to"]
    if kind == "jump" and cur["stage"] == "bonus":
        return say("The bonus move is made of steps only.")
    if kind == "squad_jump":
        bad = _card_action_problem(s, kind)
        if bad:
            return bad
    elif s["jump_costs_one_point"]:
        if cur.get("jumped"):
            return say("You already jumped this turn: one jump per turn.")
        if cur["points_left"] < 1:
            return say("You have no movement points left for a jump.")
    elif cur["mode"] is not None:
        return say("You already stepped this turn: a jump is the whole movement, instead of steps.")
    bad = _scout_problem(s, idx, name)
    if bad:
        return bad
    at = s["scouts"][name]["at"]
    if at not in JUMPS:
        return say("{scout} is not on a location, so it cannot jump.", scout=name)
    ends = dict(JUMPS[at])
    if to not in ends:
        return say("{space} is not a neighbouring location of {at}.", space=_node(to), at=place(at))
    if ends[to] in blocked_edges(s):
        return say("That path is blocked by the Germans.")
    return _entry_problem(s, to, "jump into") or say("That jump is not possible now.")


def _card_action_problem(s: State, kind: str) -> Say | None:
    """Why the current card's action is not available (None when it is, in principle)."""
    cur = s["current"]
    if cur["stage"] == "bonus":
        return say("The bonus move is made of steps only.")
    card = cur["card"]
    wanted = CARD_OF_ACTION[kind]
    if card != wanted:
        own = CARD_ACTIONS[card]["name"]
        if own:
            return say("{action} is the action of card {wanted}; your card {card} gives {own}.",
                       action=WORDS[kind].word, wanted=wanted, card=card, own=own)
        return say("{action} is the action of card {wanted}; your card {card} has no action.",
                   action=WORDS[kind].word, wanted=wanted, card=card)
    if cur["action_done"]:
        return say("You already took your card's action this turn.")
    if cur["mode"] == "steps" and not cur.get("steps_done"):
        return say("Finish your steps first (Finish moving): steps and the card's action are not mixed.")
    return None


def _pick_up_reason(s: State, idx: int, a: Action) -> Say:
    name, oid = a["scout"], a["order"]
    bad = _scout_problem(s, idx, name)
    if bad:
        return bad
    if oid == VICTORY:
        return say("The Victory card is not an order: it cannot be picked up.")
    if oid not in ORDERS:
        return say("There is no order {value}.", value=_show(oid))
    if track_position(s, oid) is None:
        return say("Order {order} is not on the order track.", order=oid)
    o = ORDERS[oid]
    if o["from"] != s["scouts"][name]["at"]:
        return say("{scout} is not at {space}, where order {order} starts.", scout=name, space=place(o["from"]),
                   order=oid)
    if s["scouts"][name]["carrying"] == oid:
        return say("{scout} already carries order {order}.", scout=name, order=oid)
    if NODE_DISTRICT[o["from"]] in s["fallen"]:
        return say("Order {order} starts in a fallen district.", order=oid)
    return say("That order cannot be picked up now.")


def _swap_scouts_reason(s: State, idx: int, a: Action) -> Say:
    bad = _card_action_problem(s, "swap_scouts")
    if bad:
        return bad
    for name in (a["a"], a["b"]):
        bad = _scout_problem(s, idx, name)
        if bad:
            return bad
    sa, sb = s["scouts"][a["a"]], s["scouts"][a["b"]]
    if a["a"] == a["b"] or sa["at"] == sb["at"]:
        return say("Those scouts stand on the same space: there is nothing to swap.")
    if NODE_DISTRICT[sa["at"]] != NODE_DISTRICT[sb["at"]]:
        return say("Kumple z podwórka swaps two of your scouts standing in the same district.")
    return say("Those scouts cannot swap now.")


def _swap_orders_reason(s: State, a: Action) -> Say:
    bad = _card_action_problem(s, "swap_orders")
    if bad:
        return bad
    if VICTORY in (a["a"], a["b"]):
        return say("The Victory card is never swapped.")
    for oid in (a["a"], a["b"]):
        if track_position(s, oid) is None:
            return say("{value} is not an order on the track.", value=_show(oid))
    pa, pb = track_position(s, a["a"]), track_position(s, a["b"])
    if pa is not None and pb is not None and abs(pa - pb) != 1:
        return say("Zamiana rozkazów swaps two orders on neighbouring spaces of the track.")
    return say("Those orders cannot swap now.")


def _place_reason(s: State, idx: int, a: Action) -> Say:
    name, to = a["scout"], a["to"]
    bad = _scout_problem(s, idx, name, want_board=False)
    if bad:
        return bad
    if s["scouts"][name]["status"] != "escaped":
        return say("{scout} is not waiting to be placed.", scout=name)
    if to not in BOARD.nodes:
        return say("There is no space {value}.", value=_show(to))
    return _entry_problem(s, to, "be placed on", blocked_edges(s)) or say("That space is not free for a placement.")


def _turn_reason(s: State, seat: str, idx: int, a: Action) -> Say:
    """The reason for a refused action of the seat whose movement (or bonus move) it is."""
    kind = a["type"]
    cur = s["current"]
    if kind == "choose_card":
        return say("The movement cards were chosen at the start of the round.")
    if kind == "choose_objectives":
        return say("The objectives were chosen at the start of the game.")
    if kind in PENDING_KINDS:
        return say("There is no {action} to make now: it is your movement.", action=WORDS[kind].word)
    if cur["stage"] == "place":
        if kind != "place_scout":
            return say("First place your scouts that escaped from prison.")
        return _place_reason(s, idx, a)
    if kind == "place_scout":
        bad = _scout_problem(s, idx, a["scout"], want_board=False)
        return bad or say("{scout} is not waiting to be placed.", scout=a["scout"])
    if kind == "step":
        return _step_reason(s, idx, a)
    if kind in ("jump", "squad_jump"):
        return _jump_reason(s, idx, a)
    if kind == "pick_up":
        return _pick_up_reason(s, idx, a)
    if kind == "drop":
        bad = _scout_problem(s, idx, a["scout"])
        return bad or say("{scout} carries no order.", scout=a["scout"])
    if kind == "swap_scouts":
        return _swap_scouts_reason(s, idx, a)
    if kind == "swap_orders":
        return _swap_orders_reason(s, a)
    if kind == "peek":
        bad = _card_action_problem(s, "peek")
        return bad or say("There is nothing to look at: no orders phase follows (the Victory card is "
                              "on the track or the deck is empty).")
    if kind == "finish_moving":
        if cur["stage"] == "bonus":
            return say("The bonus move is made of steps only: end it when you are done.")
        if cur["action_done"] or cur.get("steps_done"):
            return say("Your steps are already over.")
        if cur["mode"] != "steps":
            return say("You have not stepped yet: take your card's action or step first.")
        return say("Your card's action is not possible now: end your turn when you are done.")
    return say("That is not possible now.")


def _pending_reason(s: State, a: Action) -> Say:
    p = s["pending"]
    kind = a["type"]
    if kind != p["kind"]:
        return say("A choice comes first. {why}", why=p["why"])
    if kind == "displace" and a["scout"] != p["scout"]:
        return say("The scout to move is {scout}, not {value}.", scout=p["scout"], value=_show(a["scout"]))
    value = a["scout"] if kind == "choose_scout" else a["edge"] if kind == "block_path" else a["to"]
    return say("{value} is not one of the choices. {why}", value=_show(value), why=p["why"])


def _objectives_reason(s: State, idx: int, ids: list[str]) -> Say:
    hand = s["players"][idx]["objective_hand"]
    if len(ids) != 3:
        return say("Keep exactly 3 objectives (you named {count}).", count=len(ids))
    if len(set(ids)) != 3:
        return say("Keep 3 different objectives.")
    for oid in ids:
        if oid not in hand:
            return say("{value} is not one of the objectives dealt to you.", value=_show(oid))
    if len({OBJECTIVES[o]["colour"] for o in ids}) != 3:
        return say("The 3 objectives you keep must be of 3 different colours.")
    return say("Those objectives cannot be kept.")


def _reason(s: State, seat: str, a: Any) -> Say:
    shape = shape_problem(a)
    if shape:
        return shape
    kind = a["type"]
    if s["variant"] == "basic" and kind in EXTENDED_ONLY:
        if kind == "choose_objectives":
            return say("There are no secret objectives in the basic variant.")
        return say("There is no {action} in the basic variant: card actions belong to the extended variant.",
                   action=WORDS[kind].word)
    if s["variant"] == "extended" and kind in BASIC_ONLY:
        if kind == "jump":
            return say("There is no jump in the extended variant (only card 2, Oddział powstańczy, jumps).")
        return say("There is no {action} in the extended variant: it has no German soldier.", action=WORDS[kind].word)
    idx = seat_index(s, seat)
    if s["pending"] is not None:
        return _pending_reason(s, a)
    if s["phase"] == "objectives":
        if kind != "choose_objectives":
            return say("First keep 3 of your dealt objectives, of 3 different colours.")
        return _objectives_reason(s, idx, a["ids"])
    if s["phase"] == "cards":
        if kind != "choose_card":
            return say("First choose this round's movement card.")
        hand = s["players"][idx]["hand"]
        if a["value"] in s["players"][idx]["played"]:
            return say("You already played card {card}; it comes back when all five are used.", card=a["value"])
        return say("Card {card} is not in your hand (you hold {hand}).", card=a["value"],
                   hand=", ".join(map(str, sorted(hand))))
    return _turn_reason(s, seat, idx, a)


def _likely(s: State, a: Any, legal: list[Action]) -> list[Action]:
    """A few legal actions the player probably meant: the same kind (and scout) first."""
    kind = a.get("type") if isinstance(a, dict) else None
    scout = a.get("scout") if isinstance(a, dict) else None
    tiers = [
        [x for x in legal if x["type"] == kind and scout is not None and x.get("scout") == scout],
        [x for x in legal if x["type"] == kind],
        [x for x in legal if x["type"] in ("end_turn", "finish_moving")],
        legal,
    ]
    out: list[Action] = []
    for tier in tiers:
        for x in tier:
            if x not in out:
                out.append(x)
            if len(out) == MAX_CHOICES:
                return out
    return out


def _label(s: State, seat: str, a: Action) -> str | Say:
    if a["type"] == "choose_objectives":  # the full descriptions are too long to list three
        return say("Keep {ids}", ids=", ".join(a["ids"]))
    return describe(s, seat, a)


def explain(s: State, seat: str, a: Any, legal: list[Action]) -> Say:
    """The refusal text for `a`, which is not among `legal` (the seat's legal actions now)."""
    if s["outcome"] is not None:
        return say("The game is over.")
    if seat not in s["seats"]:
        return say("You are not playing in this game.")
    idx = seat_index(s, seat)
    player = s["players"][idx]
    if player["dropped"]:
        return say("You have left this game.")
    if not legal:
        waiting: Any = [who(s, s["seats"].index(x)) for x in to_act(s)] or say("nobody")
        if s["phase"] == "cards" and player["chosen"] is not None and s["pending"] is None:
            return say("You have already chosen your card this round; waiting for {waiting}.", waiting=waiting)
        if s["phase"] == "objectives" and player["objectives"]:
            return say("You have already kept your objectives; waiting for {waiting}.", waiting=waiting)
        return say("It is not your turn; waiting for {waiting}.", waiting=waiting)
    why = _reason(s, seat, a)
    shown = _likely(s, a, legal)
    labels = semicolons([_label(s, seat, x) for x in shown])
    if len(legal) > len(shown):
        return say_n("{reason} You could: {choices} (or one of {count} more).",
                     "{reason} You could: {choices} (or one of {count} more).", len(legal) - len(shown),
                     reason=why, choices=labels)
    return say("{reason} You can: {choices}.", reason=why, choices=labels)
