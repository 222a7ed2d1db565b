"""Short labels for actions (buttons, log lines), with the Polish place names: Says, worded in the
reader's language by the bot."""
from __future__ import annotations

from typing import Any

from games.base import Say, english, say, say_n
from games.mali.board import BOARD, card_colour
from games.mali.state import OBJECTIVES, ORDERS, State, order_say, place


def _pts(n: int) -> Say:
    return say_n("{count} pt left", "{count} pts left", n)


LABEL = 80  # a button's label: the longest label a pick-up may have


def objective_short(oid: str) -> Say:
    """An objective in a few words with its colour and points: 'S03 brown 6 (most from
    Śródmieście)'; three of them fit a choice's name (100 characters)."""
    o = OBJECTIVES[oid]
    district = BOARD.districts.get(str(o.get("district")), {}).get("name", "")
    kind = o["kind"]
    if kind == "most_orders_from_district":
        what = say("most from {district}", district=district)
    elif kind == "most_orders":
        what = say("most orders")
    elif kind == "deliver_to_districts":
        what = say_n("{count} district", "{count} districts", int(o.get("districts") or 0))
    elif kind == "most_important_order":
        what = say("top order")
    else:
        what = say(str(o["text"]))
    return say("{id} {colour} {points} ({what})", id=oid, colour=card_colour(o["colour"]), points=o["points"],
               what=what)


def pick_up_label(s: State, scout: str, oid: str) -> Say:
    """A pick-up's label; it says which order the scout drops for it, or which own scout hands it
    over (a scout carries one order; a player has one scout on an order)."""
    sc = s["scouts"][scout]
    owner = sc["owner"]
    other = next((n for n, x in s["scouts"].items() if x["owner"] == owner and x["carrying"] == oid), None)
    o = ORDERS[oid]
    points = int(o["points"])
    if other is not None and not sc["carrying"]:
        return say_n("{scout}: take {order} over from {other} (→ {destination}, {count} pt)",
                     "{scout}: take {order} over from {other} (→ {destination}, {count} pts)", points,
                     scout=scout, order=oid, other=other, destination=place(o["to"]))
    if sc["carrying"]:
        label = say("{scout}: drop {carried}, pick up {order}", scout=scout, carried=sc["carrying"],
                    order=order_say(oid))
        if len(english(label)) > LABEL:  # the origin is where the scout stands: leave it out
            label = say_n("{scout}: drop {carried}, pick up {order} → {destination}, {count} pt",
                          "{scout}: drop {carried}, pick up {order} → {destination}, {count} pts", points,
                          scout=scout, carried=sc["carrying"], order=oid, destination=place(o["to"]))
        return label
    label = say("{scout}: pick up {order}", scout=scout, order=order_say(oid))
    if len(english(label)) > LABEL:
        label = say_n("{scout}: pick up {order} → {destination}, {count} pt",
                      "{scout}: pick up {order} → {destination}, {count} pts", points,
                      scout=scout, order=oid, destination=place(o["to"]))
    return label


def describe(s: State, seat: str, a: dict[str, Any]) -> str | Say:
    kind = a.get("type")
    cur = s.get("current") or {}
    left = cur.get("points_left", 0)
    try:
        if kind == "choose_objectives":
            first, second, third = (objective_short(o) for o in a["ids"])
            return say("Keep {first} + {second} + {third}", first=first, second=second, third=third)
        if kind == "choose_card":
            return say("Play movement card {card}", card=a["value"])
        if kind == "place_scout":
            return say("Place {scout} on {space}", scout=a["scout"], space=place(a["to"]))
        if kind == "step":
            return say("{scout} → {space} ({left})", scout=a["scout"], space=place(a["to"]), left=_pts(left - 1))
        if kind == "jump":
            if s.get("jump_costs_one_point"):
                return say("{scout} jumps → {space} ({left})", scout=a["scout"], space=place(a["to"]),
                           left=_pts(left - 1))
            return say("{scout} jumps → {space} (whole movement)", scout=a["scout"], space=place(a["to"]))
        if kind == "squad_jump":
            return say("Oddział powstańczy: {scout} → {space}", scout=a["scout"], space=place(a["to"]))
        if kind == "pick_up":
            return pick_up_label(s, a["scout"], a["order"])
        if kind == "drop":
            carried = s["scouts"][a["scout"]]["carrying"]
            return say("{scout}: drop order {order}", scout=a["scout"], order=carried)
        if kind == "swap_scouts":
            return say("Kumple z podwórka: swap {a} ({a_space}) and {b} ({b_space})", a=a["a"],
                       a_space=place(s["scouts"][a["a"]]["at"]), b=a["b"], b_space=place(s["scouts"][a["b"]]["at"]))
        if kind == "swap_orders":
            return say("Zamiana rozkazów: swap {a} and {b} on the track", a=a["a"], b=a["b"])
        if kind == "peek":
            return say("Plotki z ulicy: look at the top of the order deck")
        if kind == "finish_moving":
            return say_n("Finish moving ({count} pt left unused) and take the card's action",
                         "Finish moving ({count} pts left unused) and take the card's action", left)
        if kind == "end_turn":
            if cur.get("stage") == "bonus":
                return say("End the bonus move")
            return say("End turn")
        if kind == "choose_scout":
            return say("Choose {scout} ({space})", scout=a["scout"], space=place(s["scouts"][a["scout"]]["at"]))
        if kind == "soldier_to":
            return say("Soldier stops at {space}", space=place(a["to"]))
        if kind == "block_path":  # named from the order's destination, as the announcement does
            e = BOARD.edges[a["edge"]]
            here = ((s.get("pending") or {}).get("context") or {}).get("location", e["a"])
            return say("Block the path {a} – {b}", a=place(here), b=place(BOARD.other_end(a["edge"], here)))
        if kind == "displace":
            return say("Move {scout} to {space}", scout=a["scout"], space=place(a["to"]))
    except (KeyError, TypeError, ValueError):
        pass
    return str(kind)
