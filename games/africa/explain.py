"""Why an action is refused, in player words, the real reason first."""
from __future__ import annotations

from typing import Any

from games.africa.board import AREA, COSTS, SV, TOKENS
from games.africa.state import State, idx

Action = dict[str, Any]


WORDS = {  # each kind of action in players' words
    "start_area": "choose a start area", "bid": "bid", "pass": "pass", "place_neutral": "place the neutral",
    "move": "move a piece", "recruit": "bring in a new trader", "change_resource": "move a resource marker",
    "use": "play a special", "finish": "finish the special", "move_neutral": "move a neutral",
    "fight": "start a conflict with a company", "fight_neutrals": "fight neutrals", "commit": "commit",
    "add_token": "add a token to your commitment", "retreat_token": "play the retreat token",
    "keep": "keep the conflict token", "refuse": "refuse the conflict token", "redraw": "draw again",
    "retreat": "choose where a piece retreats", "buy_reputation": "buy reputation",
    "decline": "decline reputation", "score": "score and end the turn",
}


def words(kind: str) -> str:
    return WORDS.get(kind, kind.replace("_", " "))


def _choices(legal: list[Action], kind: str) -> str:
    from games.africa.describe import plain
    same = [plain(a) for a in legal if a.get("type") == kind][:3]
    return f" You could: {'; '.join(same)}." if same else ""


def explain(s: State, seat: Any, a: Any, legal: list[Action]) -> str:
    if not isinstance(seat, str) or seat not in s["seats"]:
        return "That player is not at this table."
    if s["outcome"] is not None:
        return "The game is over."
    if not legal:
        return "It is not your turn to act."
    if not isinstance(a, dict) or not isinstance(a.get("type"), str):
        return "That is not an action of this game."
    kind = a["type"]
    kinds = list(dict.fromkeys(x["type"] for x in legal))
    if kind not in kinds:
        return f"You cannot {words(kind)} now; you may: {', '.join(words(k) for k in kinds)}."
    j = idx(s, seat)
    me = s["players"][j]
    if kind == "bid":
        amounts = [x["amount"] for x in legal if x["type"] == "bid"]
        return f"That bid is not possible: you may bid from {min(amounts)} to {max(amounts)}."
    if kind in ("move", "recruit", "change_resource") and s["stage"] == "turn":
        t = s["turn"]
        if t["step"] == "conflicts" and t["mode"] is None:
            return "Action points are spent only before the first conflict."
        area = a.get("area", a.get("to"))
        if isinstance(area, str) and area not in AREA:
            return "There is no such area on the map."
        cost = {"move": COSTS["move_per_area_entered"], "recruit": 2,
                "change_resource": COSTS["resource_change_per_row"]}[kind]
        if t["mode"] is None and t["action_points"] + me["influence"] < cost:
            return "You do not have enough action points or influence to pay for that."
        if kind == "change_resource" and t["changed"] not in (None, a.get("marker")):
            return "Action points may change only one resource marker a turn."
        return f"You cannot {words(kind)} there now." + _choices(legal, kind)
    if kind in ("use", "add_token", "score") and "token" in a:
        tid = a["token"]
        if not isinstance(tid, str) or (tid not in TOKENS and tid not in SV):
            return "There is no such token."
        if tid not in me["tokens"] and tid not in me["special_victory_tokens"]:
            return "You do not hold that token."
        return "That token cannot be used that way now." + _choices(legal, kind)
    if kind == "commit":
        return f"You may commit from 0 to {me['influence']} influence cubes."
    return "That is not allowed now." + _choices(legal, kind)
