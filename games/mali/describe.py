"""Short English labels for actions (buttons, log lines), with the Polish place names."""
from __future__ import annotations

from typing import Any

from games.mali.board import BOARD
from games.mali.state import OBJECTIVES, State, order_text, place_name


def _pts(n: int) -> str:
    return f"{n} pt{'s' if n != 1 else ''} left"


def describe(s: State, seat: str, a: dict[str, Any]) -> str:
    kind = a.get("type")
    cur = s.get("current") or {}
    left = cur.get("points_left", 0)
    try:
        if kind == "choose_objectives":
            return "Keep " + ", ".join(f"{o} ({OBJECTIVES[o]['text']}, {OBJECTIVES[o]['points']} pts)"
                                      for o in a["ids"])
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
            return f"{a['scout']}: pick up {order_text(a['order'])}"
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
        if kind == "block_path":
            e = BOARD.edges[a["edge"]]
            return f"Block the path {place_name(e['a'])} – {place_name(e['b'])}"
        if kind == "displace":
            return f"Move {a['scout']} to {place_name(a['to'])}"
    except (KeyError, TypeError, ValueError):
        pass
    return str(kind)
