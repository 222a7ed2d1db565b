"""Short button labels for a seat's own actions, as Says (worded per reader by the bot)."""
from __future__ import annotations

from typing import Any

from games.africa.board import (
    AREA,
    COSTS,
    SV,
    TOKENS,
    area_say,
    colour_say,
    marker_say,
    special_say,
    sv_say,
    token_say,
)
from games.africa.state import State, idx, new_trader_cost
from games.base import Say, english, say, say_n

Action = dict[str, Any]


def _area(a: Any) -> Say | str:
    return area_say(a) if isinstance(a, str) and a in AREA else str(a)


def _use(a: Action) -> Say:
    tid = a["token"]
    label: Any = special_say(TOKENS[tid]["special"]) if tid in TOKENS else tid
    if a.get("area") is not None:
        return say("Play {special}: {area}", special=label, area=_area(a["area"]))
    if a.get("marker") is not None:
        return say("Play {special}: {marker}", special=label, marker=marker_say(str(a["marker"])))
    if a.get("against") is not None:
        return say("Play {special}: {player}", special=label, player=colour_say(str(a["against"])))
    return say("Play {special}", special=label)


def _score(a: Action) -> Say:
    tid = a.get("token")
    if tid is None:
        return say("Score and end the turn")
    label = sv_say(tid) if tid in SV else say("Double scoring")
    if "area" in a:
        return say("Score with {token} in {area}", token=label, area=_area(a["area"]))
    return say("Score with {token}", token=label)


def say_plain(a: Action) -> Say:
    """An action in words (no cost)."""
    kind = a.get("type")
    if kind == "start_area":
        return say("Start in {area}", area=_area(a["area"]))
    if kind == "bid":
        return say("Bid {amount}", amount=a["amount"])
    if kind == "pass":
        return say("Pass")
    if kind == "place_neutral":
        return say("Neutral into {area}", area=_area(a["area"]))
    if kind == "move":
        where = {"area": _area(a["from"]), "to": _area(a["to"])}
        if a["piece"] == "wholesaler":
            return say("Move wholesaler {area} → {to}", **where)
        return say("Move trader {area} → {to}", **where)
    if kind == "recruit":
        return say("New trader in {area}", area=_area(a["area"]))
    if kind == "change_resource":
        if a["step"] > 0:
            return say("{marker} up (4 AP)", marker=marker_say(a["marker"]))
        return say("{marker} down (4 AP)", marker=marker_say(a["marker"]))
    if kind == "use":
        return _use(a)
    if kind == "finish":
        return say("Finish the special")
    if kind == "move_neutral":
        return say("Neutral {area} → {to}", area=_area(a["from"]), to=_area(a["to"]))
    if kind == "fight":
        return say("Conflict with {player} in {area}", player=colour_say(str(a["against"])),
                   area=_area(a["area"]))
    if kind == "fight_neutrals":
        return say("Fight the neutrals in {area}", area=_area(a["area"]))
    if kind == "commit":
        return say_n("Commit with {count} cube", "Commit with {count} cubes", a["cubes"])
    if kind == "add_token":
        return say("Add {token}", token=token_say(a["token"]))
    if kind == "retreat_token":
        return say("Retreat token")
    if kind == "keep":
        return say("Keep the token")
    if kind == "refuse":
        return say("Refuse it (reputation -1)")
    if kind == "redraw":
        return say("Draw again")
    if kind == "retreat":
        return say("Retreat to {area}", area=_area(a["to"]))
    if kind == "buy_reputation":
        return say("Pay 2 influence: reputation +1")
    if kind == "decline":
        return say("No reputation")
    if kind == "score":
        return _score(a)
    return say("{action}", action=str(kind))


def plain(a: Action) -> str:
    """An action in English words (no cost)."""
    return english(say_plain(a))


def describe(s: State, seat: str, a: Action) -> Say:
    words = say_plain(a)
    kind = a.get("type")
    if s["stage"] == "turn" and s["turn"] is not None and s["turn"]["mode"] is None:
        if kind == "move":
            return say("{action} ({cost} AP)", action=words, cost=1)
        if kind == "recruit":
            cost = new_trader_cost(s, idx(s, seat), a["area"])
            return say("{action} ({cost} AP)", action=words,
                       cost=cost if cost is not None else COSTS['new_trader_empty_or_friendly_coastal_area'])
    return words
