"""Short English labels for actions (buttons, log lines), with the Polish place names."""
from __future__ import annotations

from typing import Any

from games.mali.board import BOARD
from games.mali.state import OBJECTIVES, ORDERS, State, order_text, place_name


def _pts(n: int) -> str:
    return f"{n} pt{'s' if n != 1 else ''} left"


LABEL = 80  # a button's label: the longest label a pick-up may have


def objective_short(oid: str) -> str:
    """An objective in a few words with its colour and points: 'S03 brown 6 (most from
    Śródmieście)'; three of them fit a choice's name (100 characters)."""
    o = OBJECTIVES[oid]
    district = BOARD.districts.get(str(o.get("district")), {}).get("name", "")
    what = {"most_orders_from_district": f"most from {district}", "most_orders": "most orders",
            "deliver_to_districts": f"{o.get('districts')} districts",
            "most_important_order": "top order"}.get(o["kind"], o["text"])
    return f"{oid} {o['colour']} {o['points']} ({what})"


def pick_up_label(s: State, scout: str, oid: str) -> str:
    """A pick-up's label; it says which order the scout drops for it, or which own scout hands it
    over (a scout carries one order; a player has one scout on an order)."""
    sc = s["scouts"][scout]
    owner = sc["owner"]
    other = next((n for n, x in s["scouts"].items() if x["owner"] == owner and x["carrying"] == oid), None)
    o = ORDERS[oid]
    if other is not None and not sc["carrying"]:
        return f"{scout}: take {oid} over from {other} (→ {place_name(o['to'])}, {o['points']} pts)"
    verb = f"{scout}: drop {sc['carrying']}, pick up" if sc["carrying"] else f"{scout}: pick up"
    label = f"{verb} {order_text(oid)}"
    if len(label) > LABEL:  # the origin is where the scout stands: leave it out
        label = f"{verb} {oid} → {place_name(o['to'])}, {o['points']} pts"
    return label


def describe(s: State, seat: str, a: dict[str, Any]) -> str:
    kind = a.get("type")
    cur = s.get("current") or {}
    left = cur.get("points_left", 0)
    try:
        if kind == "choose_objectives":
            return "Keep " + " + ".join(objective_short(o) for o in a["ids"])
        if kind == "choose_card":
            return f"Play movement card {a['value']}"
        if kind == "place_scout":
            return f"Place {a['scout']} on {place_name(a['to'])}"
        if kind == "step":
            return f"{a['scout']} → {place_name(a['to'])} ({_pts(left - 1)})"
        if kind == "jump":
            if s.get("jump_costs_one_point"):
                return f"{a['scout']} jumps → {place_name(a['to'])} ({_pts(left - 1)})"
            return f"{a['scout']} jumps → {place_name(a['to'])} (whole movement)"
        if kind == "squad_jump":
            return f"Oddział powstańczy: {a['scout']} → {place_name(a['to'])}"
        if kind == "pick_up":
            return pick_up_label(s, a["scout"], a["order"])
        if kind == "drop":
            carried = s["scouts"][a["scout"]]["carrying"]
            return f"{a['scout']}: drop order {carried}"
        if kind == "swap_scouts":
            return (f"Kumple z podwórka: swap {a['a']} ({place_name(s['scouts'][a['a']]['at'])}) "
                    f"and {a['b']} ({place_name(s['scouts'][a['b']]['at'])})")
        if kind == "swap_orders":
            return f"Zamiana rozkazów: swap {a['a']} and {a['b']} on the track"
        if kind == "peek":
            return "Plotki z ulicy: look at the top of the order deck"
        if kind == "finish_moving":
            return f"Finish moving ({_pts(left)} unused) and take the card's action"
        if kind == "end_turn":
            if cur.get("stage") == "bonus":
                return "End the bonus move"
            return "End turn"
        if kind == "choose_scout":
            return f"Choose {a['scout']} ({place_name(s['scouts'][a['scout']]['at'])})"
        if kind == "soldier_to":
            return f"Soldier stops at {place_name(a['to'])}"
        if kind == "block_path":  # named from the order's destination, as the announcement does
            e = BOARD.edges[a["edge"]]
            here = ((s.get("pending") or {}).get("context") or {}).get("location", e["a"])
            return f"Block the path {place_name(here)} – {place_name(BOARD.other_end(a['edge'], here))}"
        if kind == "displace":
            return f"Move {a['scout']} to {place_name(a['to'])}"
    except (KeyError, TypeError, ValueError):
        pass
    return str(kind)
