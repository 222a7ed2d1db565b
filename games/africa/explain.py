"""Why an action is refused, in player words (a Say), the real reason first."""
from __future__ import annotations

from typing import Any

from games.africa.board import AREA, COSTS, SV, TOKENS
from games.africa.state import State, idx
from games.base import Say, say

Action = dict[str, Any]


WORDS: dict[str, Say] = {  # each kind of action in players' words (an infinitive)
    "start_area": say("choose a start area"), "bid": say("bid"), "pass": say("pass"),
    "place_neutral": say("place the neutral"), "move": say("move a piece"),
    "recruit": say("bring in a new trader"), "change_resource": say("move a resource marker"),
    "use": say("play a special"), "finish": say("finish the special"), "move_neutral": say("move a neutral"),
    "fight": say("start a conflict with a company"), "fight_neutrals": say("fight neutrals"),
    "commit": say("commit"), "add_token": say("add a token to your commitment"),
    "retreat_token": say("play the retreat token"), "keep": say("keep the conflict token"),
    "refuse": say("refuse the conflict token"), "redraw": say("draw again"),
    "retreat": say("choose where a piece retreats"), "buy_reputation": say("buy reputation"),
    "decline": say("decline reputation"), "score": say("score and end the turn"),
}


def words(kind: str) -> Say | str:
    return WORDS.get(kind, kind.replace("_", " "))


def _choices(legal: list[Action], kind: str, reason: Say) -> Say:
    from games.africa.describe import say_plain
    same = [say_plain(a) for a in legal if a.get("type") == kind][:3]
    if not same:
        return reason
    choices = same[0]
    for more in same[1:]:
        choices = say("{first}; {next}", first=choices, next=more)
    return say("{reason} You could: {choices}.", reason=reason, choices=choices)


def explain(s: State, seat: Any, a: Any, legal: list[Action]) -> Say:
    if not isinstance(seat, str) or seat not in s["seats"]:
        return say("That player is not at this table.")
    if s["outcome"] is not None:
        return say("The game is over.")
    if not legal:
        return say("It is not your turn to act.")
    if not isinstance(a, dict) or not isinstance(a.get("type"), str):
        return say("That is not an action of this game.")
    kind = a["type"]
    kinds = list(dict.fromkeys(x["type"] for x in legal))
    if kind not in kinds:
        return say("You cannot {action} now; you may: {actions}.", action=words(kind),
                   actions=[words(k) for k in kinds])
    j = idx(s, seat)
    me = s["players"][j]
    if kind == "bid":
        amounts = [x["amount"] for x in legal if x["type"] == "bid"]
        return say("That bid is not possible: you may bid from {low} to {high}.", low=min(amounts),
                   high=max(amounts))
    if kind in ("move", "recruit", "change_resource") and s["stage"] == "turn":
        t = s["turn"]
        if t["step"] == "conflicts" and t["mode"] is None:
            return say("Action points are spent only before the first conflict.")
        area = a.get("area", a.get("to"))
        if isinstance(area, str) and area not in AREA:
            return say("There is no such area on the map.")
        cost = {"move": COSTS["move_per_area_entered"], "recruit": 2,
                "change_resource": COSTS["resource_change_per_row"]}[kind]
        if t["mode"] is None and t["action_points"] + me["influence"] < cost:
            return say("You do not have enough action points or influence to pay for that.")
        if kind == "change_resource" and t["changed"] not in (None, a.get("marker")):
            return say("Action points may change only one resource marker a turn.")
        return _choices(legal, kind, say("You cannot {action} there now.", action=words(kind)))
    if kind in ("use", "add_token", "score") and "token" in a:
        tid = a["token"]
        if not isinstance(tid, str) or (tid not in TOKENS and tid not in SV):
            return say("There is no such token.")
        if tid not in me["tokens"] and tid not in me["special_victory_tokens"]:
            return say("You do not hold that token.")
        return _choices(legal, kind, say("That token cannot be used that way now."))
    if kind == "commit":
        return say("You may commit from 0 to {count} influence cubes.", count=me["influence"])
    return _choices(legal, kind, say("That is not allowed now."))
