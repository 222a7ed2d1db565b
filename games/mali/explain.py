"""Why an action is illegal, in player words: the real reason first, then a few likely choices.

`explain` must cope with anything a client may send (`{}`, a list, a field of the wrong type, an
unknown type, a name that does not exist): it never raises.
"""
from __future__ import annotations

import json
from typing import Any

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
    colour_name,
    on_blocked_path,
    place_name,
    seat_index,
    track_position,
)

Action = dict[str, Any]

# Every action type with its fields, and the words a player knows it by.
FIELDS: dict[str, tuple[str, ...]] = {
    "choose_objectives": ("ids",), "choose_card": ("value",), "place_scout": ("scout", "to"),
    "step": ("scout", "to"), "jump": ("scout", "to"), "pick_up": ("scout", "order"),
    "drop": ("scout",), "swap_scouts": ("a", "b"), "squad_jump": ("scout", "to"),
    "swap_orders": ("a", "b"), "peek": (), "finish_moving": (), "end_turn": (),
    "choose_scout": ("scout",), "soldier_to": ("to",), "block_path": ("edge",),
    "displace": ("scout", "to"),
}
WORDS: dict[str, str] = {
    "choose_objectives": "choice of objectives", "choose_card": "choice of a movement card",
    "place_scout": "placing of a scout", "step": "step", "jump": "jump", "pick_up": "pick-up",
    "drop": "drop", "swap_scouts": "Kumple z podwórka (swap two scouts)",
    "squad_jump": "Oddział powstańczy (squad jump)", "swap_orders": "Zamiana rozkazów (swap two orders)",
    "peek": "Plotki z ulicy (look at the deck)", "finish_moving": "finish moving",
    "end_turn": "end of turn", "choose_scout": "choice of a scout",
    "soldier_to": "choice of where the soldier stops", "block_path": "choice of a path to block",
    "displace": "choice of where a displaced scout goes",
}
FIELD_WORDS: dict[str, str] = {
    "scout": "The scout", "to": "The space", "order": "The order", "edge": "The path",
    "a": "Each of the two", "b": "Each of the two",
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


def shape_problem(action: Any) -> str | None:
    """What is wrong with the shape of an action (type, fields, their JSON types), or None."""
    if not isinstance(action, dict):
        return "An action must be a JSON object with a \"type\"."
    if "type" not in action:
        return "The action has no \"type\": say what you want to do."
    kind = action["type"]
    if not isinstance(kind, str):
        return f"The action type must be a word, not {_show(kind)}."
    if kind not in FIELDS:
        return f"There is no action {_show(kind)} in Mali Powstańcy."
    word = _a(WORDS[kind])
    missing = [f for f in FIELDS[kind] if f not in action]
    if missing:
        return f"{word} needs {' and '.join(repr(f) for f in missing)}."
    extra = sorted(str(k) for k in action if k != "type" and k not in FIELDS[kind])
    if extra:
        what = f"field{'s' if len(extra) > 1 else ''} {', '.join(_show(f, 24) for f in extra[:3])}"
        return f"{word} takes no {what}."
    for f in FIELDS[kind]:
        value = action[f]
        if f == "value":
            if not isinstance(value, int) or isinstance(value, bool):
                return f"The card must be a number from 1 to 5, not {_show(value)}."
        elif f == "ids":
            if not isinstance(value, list) or not all(isinstance(i, str) for i in value):
                return f"The objectives must be a list of 3 objective ids, not {_show(value)}."
        elif not isinstance(value, str):
            return f"{FIELD_WORDS[f]} must be given by its name, not {_show(value)}."
    return None


def _a(word: str) -> str:
    """The word with its indefinite article, capitalised: "A step", "An end of turn"."""
    return ("An " if word[0].lower() in "aeiou" else "A ") + word


def _node(value: str) -> str:
    return place_name(value) if value in BOARD.nodes else f"{_show(value)} (no such space)"


def _scout_problem(s: State, idx: int, name: str, want_board: bool = True) -> str | None:
    sc = s["scouts"].get(name)
    if sc is None:
        return f"There is no scout called {_show(name)}."
    if sc["owner"] != idx:
        return f"{name} is not one of your scouts."
    if want_board and sc["status"] != "board":
        where = {"prison": "in prison", "escaped": "waiting to be placed", "removed": "out of the game"}
        return f"{name} is not on the board ({where.get(sc['status'], sc['status'])})."
    return None


def _entry_problem(s: State, to: str, verb: str, blocked: set[str] | None = None) -> str | None:
    """Why no scout may go onto `to`: the soldier, a fallen district, or (when `blocked` is given,
    for a placement) a plain space of a blocked path; a move along one is refused before."""
    if to == s["soldier"]:
        return f"No scout may {verb} the German soldier's space."
    if NODE_DISTRICT[to] in s["fallen"]:
        return f"No scout may {verb} a fallen district."
    if blocked is not None and on_blocked_path(s, to, blocked):
        return f"No scout may {verb} a blocked path."
    return None


def _step_reason(s: State, idx: int, a: Action) -> str:
    cur = s["current"]
    name, to = a["scout"], a["to"]
    if cur["stage"] == "bonus" and name != cur["scout"]:
        return f"Only {cur['scout']} has the bonus move."
    bad = _scout_problem(s, idx, name)
    if bad:
        return bad
    if cur["points_left"] < 1:
        return "You have no movement points left."
    if cur["stage"] != "bonus":
        if s["variant"] == "basic" and cur["mode"] == "jump" and not s["jump_costs_one_point"]:
            return "You jumped this turn: the jump was your whole movement."
        if s["variant"] == "extended" and cur.get("steps_done"):
            return "Your steps are over for this turn: you took your card's action or finished moving."
    at = s["scouts"][name]["at"]
    nbrs = dict(STEPS[at])
    if to not in nbrs:
        return f"{_node(to)} is not next to {place_name(at)}."
    if nbrs[to] in blocked_edges(s):
        return "That path is blocked by the Germans."
    return _entry_problem(s, to, "enter") or "That step is not possible now."


def _jump_reason(s: State, idx: int, a: Action) -> str:
    cur = s["current"]
    kind, name, to = a["type"], a["scout"], a["to"]
    if kind == "jump" and cur["stage"] == "bonus":
        return "The bonus move is made of steps only."
    if kind == "squad_jump":
        bad = _card_action_problem(s, kind)
        if bad:
            return bad
    elif s["jump_costs_one_point"]:
        if cur.get("jumped"):
            return "You already jumped this turn: one jump per turn."
        if cur["points_left"] < 1:
            return "You have no movement points left for a jump."
    elif cur["mode"] is not None:
        return "You already stepped this turn: a jump is the whole movement, instead of steps."
    bad = _scout_problem(s, idx, name)
    if bad:
        return bad
    at = s["scouts"][name]["at"]
    if at not in JUMPS:
        return f"{name} is not on a location, so it cannot jump."
    ends = dict(JUMPS[at])
    if to not in ends:
        return f"{_node(to)} is not a neighbouring location of {place_name(at)}."
    if ends[to] in blocked_edges(s):
        return "That path is blocked by the Germans."
    return _entry_problem(s, to, "jump into") or "That jump is not possible now."


def _card_action_problem(s: State, kind: str) -> str | None:
    """Why the current card's action is not available (None when it is, in principle)."""
    cur = s["current"]
    if cur["stage"] == "bonus":
        return "The bonus move is made of steps only."
    card = cur["card"]
    wanted = CARD_OF_ACTION[kind]
    if card != wanted:
        own = CARD_ACTIONS[card]["name"]
        mine = f"your card {card} gives {own}" if own else f"your card {card} has no action"
        return f"{WORDS[kind]} is the action of card {wanted}; {mine}."
    if cur["action_done"]:
        return "You already took your card's action this turn."
    if cur["mode"] == "steps" and not cur.get("steps_done"):
        return "Finish your steps first (Finish moving): steps and the card's action are not mixed."
    return None


def _pick_up_reason(s: State, idx: int, a: Action) -> str:
    name, oid = a["scout"], a["order"]
    bad = _scout_problem(s, idx, name)
    if bad:
        return bad
    if oid == VICTORY:
        return "The Victory card is not an order: it cannot be picked up."
    if oid not in ORDERS:
        return f"There is no order {_show(oid)}."
    if track_position(s, oid) is None:
        return f"Order {oid} is not on the order track."
    o = ORDERS[oid]
    if o["from"] != s["scouts"][name]["at"]:
        return f"{name} is not at {place_name(o['from'])}, where order {oid} starts."
    if s["scouts"][name]["carrying"] == oid:
        return f"{name} already carries order {oid}."
    if NODE_DISTRICT[o["from"]] in s["fallen"]:
        return f"Order {oid} starts in a fallen district."
    return "That order cannot be picked up now."


def _swap_scouts_reason(s: State, idx: int, a: Action) -> str:
    bad = _card_action_problem(s, "swap_scouts")
    if bad:
        return bad
    for name in (a["a"], a["b"]):
        bad = _scout_problem(s, idx, name)
        if bad:
            return bad
    sa, sb = s["scouts"][a["a"]], s["scouts"][a["b"]]
    if a["a"] == a["b"] or sa["at"] == sb["at"]:
        return "Those scouts stand on the same space: there is nothing to swap."
    if NODE_DISTRICT[sa["at"]] != NODE_DISTRICT[sb["at"]]:
        return "Kumple z podwórka swaps two of your scouts standing in the same district."
    return "Those scouts cannot swap now."


def _swap_orders_reason(s: State, a: Action) -> str:
    bad = _card_action_problem(s, "swap_orders")
    if bad:
        return bad
    if VICTORY in (a["a"], a["b"]):
        return "The Victory card is never swapped."
    for oid in (a["a"], a["b"]):
        if track_position(s, oid) is None:
            return f"{_show(oid)} is not an order on the track."
    pa, pb = track_position(s, a["a"]), track_position(s, a["b"])
    if pa is not None and pb is not None and abs(pa - pb) != 1:
        return "Zamiana rozkazów swaps two orders on neighbouring spaces of the track."
    return "Those orders cannot swap now."


def _place_reason(s: State, idx: int, a: Action) -> str:
    name, to = a["scout"], a["to"]
    bad = _scout_problem(s, idx, name, want_board=False)
    if bad:
        return bad
    if s["scouts"][name]["status"] != "escaped":
        return f"{name} is not waiting to be placed."
    if to not in BOARD.nodes:
        return f"There is no space {_show(to)}."
    return _entry_problem(s, to, "be placed on", blocked_edges(s)) or "That space is not free for a placement."


def _turn_reason(s: State, seat: str, idx: int, a: Action) -> str:
    """The reason for a refused action of the seat whose movement (or bonus move) it is."""
    kind = a["type"]
    cur = s["current"]
    if kind == "choose_card":
        return "The movement cards were chosen at the start of the round."
    if kind == "choose_objectives":
        return "The objectives were chosen at the start of the game."
    if kind in PENDING_KINDS:
        return f"There is no {WORDS[kind]} to make now: it is your movement."
    if cur["stage"] == "place":
        if kind != "place_scout":
            return "First place your scouts that escaped from prison."
        return _place_reason(s, idx, a)
    if kind == "place_scout":
        bad = _scout_problem(s, idx, a["scout"], want_board=False)
        return bad or f"{a['scout']} is not waiting to be placed."
    if kind == "step":
        return _step_reason(s, idx, a)
    if kind in ("jump", "squad_jump"):
        return _jump_reason(s, idx, a)
    if kind == "pick_up":
        return _pick_up_reason(s, idx, a)
    if kind == "drop":
        bad = _scout_problem(s, idx, a["scout"])
        return bad or f"{a['scout']} carries no order."
    if kind == "swap_scouts":
        return _swap_scouts_reason(s, idx, a)
    if kind == "swap_orders":
        return _swap_orders_reason(s, a)
    if kind == "peek":
        bad = _card_action_problem(s, "peek")
        return bad or ("There is nothing to look at: no orders phase follows (the Victory card is "
                       "on the track or the deck is empty).")
    if kind == "finish_moving":
        if cur["stage"] == "bonus":
            return "The bonus move is made of steps only: end it when you are done."
        if cur["action_done"] or cur.get("steps_done"):
            return "Your steps are already over."
        if cur["mode"] != "steps":
            return "You have not stepped yet: take your card's action or step first."
        return "Your card's action is not possible now: end your turn when you are done."
    return "That is not possible now."


def _pending_reason(s: State, a: Action) -> str:
    p = s["pending"]
    kind = a["type"]
    if kind != p["kind"]:
        return f"A choice comes first. {p['why']}"
    if kind == "displace" and a["scout"] != p["scout"]:
        return f"The scout to move is {p['scout']}, not {_show(a['scout'])}."
    value = a["scout"] if kind == "choose_scout" else a["edge"] if kind == "block_path" else a["to"]
    return f"{_show(value)} is not one of the choices. {p['why']}"


def _objectives_reason(s: State, idx: int, ids: list[str]) -> str:
    hand = s["players"][idx]["objective_hand"]
    if len(ids) != 3:
        return f"Keep exactly 3 objectives (you named {len(ids)})."
    if len(set(ids)) != 3:
        return "Keep 3 different objectives."
    for oid in ids:
        if oid not in hand:
            return f"{_show(oid)} is not one of the objectives dealt to you."
    if len({OBJECTIVES[o]["colour"] for o in ids}) != 3:
        return "The 3 objectives you keep must be of 3 different colours."
    return "Those objectives cannot be kept."


def _reason(s: State, seat: str, a: Any) -> str:
    shape = shape_problem(a)
    if shape:
        return shape
    kind = a["type"]
    if s["variant"] == "basic" and kind in EXTENDED_ONLY:
        if kind == "choose_objectives":
            return "There are no secret objectives in the basic variant."
        return f"There is no {WORDS[kind]} in the basic variant: card actions belong to the extended variant."
    if s["variant"] == "extended" and kind in BASIC_ONLY:
        if kind == "jump":
            return "There is no jump in the extended variant (only card 2, Oddział powstańczy, jumps)."
        return f"There is no {WORDS[kind]} in the extended variant: it has no German soldier."
    idx = seat_index(s, seat)
    if s["pending"] is not None:
        return _pending_reason(s, a)
    if s["phase"] == "objectives":
        if kind != "choose_objectives":
            return "First keep 3 of your dealt objectives, of 3 different colours."
        return _objectives_reason(s, idx, a["ids"])
    if s["phase"] == "cards":
        if kind != "choose_card":
            return "First choose this round's movement card."
        hand = s["players"][idx]["hand"]
        if a["value"] in s["players"][idx]["played"]:
            return f"You already played card {a['value']}; it comes back when all five are used."
        return f"Card {a['value']} is not in your hand (you hold {', '.join(map(str, sorted(hand)))})."
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


def _label(s: State, seat: str, a: Action) -> str:
    if a["type"] == "choose_objectives":  # the full descriptions are too long to list three
        return "Keep " + ", ".join(a["ids"])
    return describe(s, seat, a)


def explain(s: State, seat: str, a: Any, legal: list[Action]) -> str:
    """The refusal text for `a`, which is not among `legal` (the seat's legal actions now)."""
    if s["outcome"] is not None:
        return "The game is over."
    if seat not in s["seats"]:
        return "You are not playing in this game."
    idx = seat_index(s, seat)
    player = s["players"][idx]
    if player["dropped"]:
        return "You have left this game."
    if not legal:
        waiting = ", ".join(colour_name(s, s["seats"].index(x)) for x in to_act(s)) or "nobody"
        if s["phase"] == "cards" and player["chosen"] is not None and s["pending"] is None:
            return f"You have already chosen your card this round; waiting for {waiting}."
        if s["phase"] == "objectives" and player["objectives"]:
            return f"You have already kept your objectives; waiting for {waiting}."
        return f"It is not your turn; waiting for {waiting}."
    why = _reason(s, seat, a)
    shown = _likely(s, a, legal)
    labels = "; ".join(_label(s, seat, x) for x in shown)
    if len(legal) > len(shown):
        return f"{why} You could: {labels} (or one of {len(legal) - len(shown)} more)."
    return f"{why} You can: {labels}."
