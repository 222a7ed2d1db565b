"""Short button labels for a seat's own actions."""
from __future__ import annotations

from typing import Any

from games.africa.board import (
    AREA,
    COSTS,
    SPECIALS,
    SV,
    TOKENS,
    marker_name,
    token_name,
)
from games.africa.state import State, idx, new_trader_cost

Action = dict[str, Any]


def _area(a: Any) -> str:
    return str(AREA[a]["name"]) if isinstance(a, str) and a in AREA else str(a)


def plain(a: Action) -> str:
    kind = a.get("type")
    if kind == "start_area":
        return f"Start in {_area(a['area'])}"
    if kind == "bid":
        return f"Bid {a['amount']}"
    if kind == "pass":
        return "Pass"
    if kind == "place_neutral":
        return f"Neutral into {_area(a['area'])}"
    if kind == "move":
        return f"Move {a['piece']} {_area(a['from'])} → {_area(a['to'])}"
    if kind == "recruit":
        return f"New trader in {_area(a['area'])}"
    if kind == "change_resource":
        return f"{marker_name(a['marker'])} {'up' if a['step'] > 0 else 'down'} (4 AP)"
    if kind == "use":
        tid = a["token"]
        label = SPECIALS[TOKENS[tid]["special"]]["name"] if tid in TOKENS else tid
        extra = a.get("area") or a.get("marker") or a.get("against")
        if extra is not None:
            extra = _area(extra) if "area" in a else (marker_name(extra) if "marker" in a
                                                        else str(extra).capitalize())
        return f"Play {label}" + (f": {extra}" if extra else "")
    if kind == "finish":
        return "Finish the special"
    if kind == "move_neutral":
        return f"Neutral {_area(a['from'])} → {_area(a['to'])}"
    if kind == "fight":
        return f"Conflict with {str(a['against']).capitalize()} in {_area(a['area'])}"
    if kind == "fight_neutrals":
        return f"Fight the neutrals in {_area(a['area'])}"
    if kind == "commit":
        return f"Commit with {a['cubes']} cube{'s' if a['cubes'] != 1 else ''}"
    if kind == "add_token":
        return f"Add {token_name(a['token'])}"
    if kind == "retreat_token":
        return "Retreat token"
    if kind == "keep":
        return "Keep the token"
    if kind == "refuse":
        return "Refuse it (reputation -1)"
    if kind == "redraw":
        return "Draw again"
    if kind == "retreat":
        return f"Retreat to {_area(a['to'])}"
    if kind == "buy_reputation":
        return "Pay 2 influence: reputation +1"
    if kind == "decline":
        return "No reputation"
    if kind == "score":
        tid = a.get("token")
        if tid is None:
            return "Score and end the turn"
        label = SV[tid]["name"] if tid in SV else "Double scoring"
        return f"Score with {label}" + (f" in {_area(a['area'])}" if "area" in a else "")
    return str(kind)


def describe(s: State, seat: str, a: Action) -> str:
    text = plain(a)
    kind = a.get("type")
    if s["stage"] == "turn" and s["turn"] is not None and s["turn"]["mode"] is None:
        if kind == "move":
            return text + " (1 AP)"
        if kind == "recruit":
            cost = new_trader_cost(s, idx(s, seat), a["area"])
            return text + f" ({cost if cost is not None else COSTS['new_trader_empty_or_friendly_coastal_area']} AP)"
    return text
