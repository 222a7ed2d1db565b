"""Why an action is illegal, and what is legal instead, in player words."""
from __future__ import annotations

from typing import Any

from games.mali.board import BOARD, JUMPS, NODE_DISTRICT, STEPS
from games.mali.legal import to_act
from games.mali.state import (
    ORDERS, State, blocked_edges, colour_name, place_name, seat_index, track_position,
)

Action = dict[str, Any]


def _scout_reason(s: State, idx: int, name: Any) -> str | None:
    sc = s["scouts"].get(name) if isinstance(name, str) else None
    if sc is None:
        return f"There is no scout called {name!r}."
    if sc["owner"] != idx:
        return f"{name} is not one of your scouts."
    if sc["status"] != "board" and s["current"] is not None and s["current"]["stage"] != "place":
        return f"{name} is not on the board."
    return None


def _reason(s: State, seat: str, a: Action, legal: list[Action]) -> str:
    kind = a.get("type")
    idx = seat_index(s, seat)
    cur = s["current"]
    if s["pending"] is not None:
        return f"First {s['pending']['why']}"
    if kind in ("step", "jump", "squad_jump", "pick_up", "drop", "place_scout"):
        bad = _scout_reason(s, idx, a.get("scout"))
        if bad:
            return bad
    if kind == "choose_card":
        return f"Card {a.get('value')} is not in your hand."
    if kind == "choose_objectives":
        return "Choose 3 of your dealt objectives, each of a different colour."
    if cur is None or cur["seat"] != seat:
        return f"You cannot {kind} now."
    if cur["stage"] == "place" and kind != "place_scout":
        return "First place your scouts that escaped from prison."
    to = a.get("to")
    if kind == "step":
        sc = s["scouts"][a["scout"]]
        if cur["points_left"] < 1:
            return "You have no movement points left."
        if cur["stage"] == "bonus" and a["scout"] != cur["scout"]:
            return f"Only {cur['scout']} has the bonus move."
        if s["variant"] == "basic" and cur["mode"] == "jump" and not s["jcop"]:
            return "You jumped this turn, so you cannot also step."
        if cur.get("steps_done"):
            return "Your steps are finished for this turn."
        nbrs = {m: e for m, e in STEPS[sc["at"]]}
        if to not in nbrs:
            return f"{place_name(to) if to in BOARD.nodes else to} is not next to {place_name(sc['at'])}."
        if nbrs[to] in blocked_edges(s):
            return "That path is blocked by the Germans."
        if to == s["soldier"]:
            return "No scout may enter the German soldier's space."
        if NODE_DISTRICT[to] in s["fallen"]:
            return "No scout may enter a fallen district."
    if kind in ("jump", "squad_jump"):
        sc = s["scouts"][a["scout"]]
        if sc["at"] not in JUMPS:
            return f"{a['scout']} is not on a location, so it cannot jump."
        if kind == "jump" and cur["mode"] is not None and not s["jcop"]:
            return "You already stepped this turn: the jump replaces the whole movement."
        if to not in {m for m, _ in JUMPS[sc["at"]]}:
            return f"{place_name(to) if to in BOARD.nodes else to} is not a neighbouring location of {place_name(sc['at'])}."
        return "That jump is not possible (blocked path, the soldier's location, or a fallen district)."
    if kind == "pick_up":
        oid = a.get("order")
        if oid not in ORDERS or track_position(s, oid) is None:
            return f"Order {oid} is not on the order track."
        if ORDERS[oid]["from"] != s["scouts"][a["scout"]]["at"]:
            return f"{a['scout']} is not at {place_name(ORDERS[oid]['from'])}, where order {oid} starts."
        if s["scouts"][a["scout"]]["carrying"] == oid:
            return f"{a['scout']} already carries order {oid}."
        return f"Order {oid} starts in a fallen district."
    if kind == "drop":
        return f"{a['scout']} carries no order."
    if kind == "finish_moving":
        return "There is nothing to finish: finish_moving ends your steps when the card's action is still to take."
    if kind in ("swap_scouts", "swap_orders", "peek"):
        if s["variant"] != "extended":
            return "Card actions exist only in the extended variant."
        if cur["action_done"]:
            return "You already took your card's action."
        if cur["mode"] == "steps" and not cur.get("steps_done"):
            return "Finish your steps first (finish_moving): the steps and the action cannot be mixed."
        return "Your card does not allow that action, or it is not possible now."
    return f"You cannot {kind} now."


def explain(s: State, seat: str, a: Action, legal: list[Action]) -> str:
    if s["outcome"] is not None:
        return "The game is over."
    if seat not in s["seats"]:
        return "You are not playing in this game."
    if s["players"][seat_index(s, seat)]["dropped"]:
        return "You have left this game."
    if not legal:
        waiting = ", ".join(colour_name(s, s["seats"].index(x)) for x in to_act(s))
        return f"It is not your turn; waiting for {waiting or 'nobody'}."
    from games.mali.describe import describe
    if a.get("type") not in {x["type"] for x in legal} | {"step", "jump", "pick_up", "drop",
                                                         "choose_card", "swap_scouts", "swap_orders",
                                                         "peek", "squad_jump", "finish_moving",
                                                         "place_scout", "choose_objectives"}:
        why = f"Unknown or unavailable action {a.get('type')!r}."
    else:
        why = _reason(s, seat, a, legal)
    first = [x for x in legal if x["type"] in ("end_turn", "finish_moving")]
    legal = first + [x for x in legal if x not in first]
    shown = [describe(s, seat, x) for x in legal[:10]]
    more = f" (and {len(legal) - 10} more)" if len(legal) > 10 else ""
    return f"{why} Legal now: " + "; ".join(shown) + more + "."
