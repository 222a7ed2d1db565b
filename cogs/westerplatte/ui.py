"""How 7 Days of Westerplatte's views read in Discord messages (only from views: nothing is secret
in this game except the order of the decks, which no view holds)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.presentation import PlainUI
from games.westerplatte.board import NEIGHBOURS, ROMAN, TILE_NAMES, card_text, wall_name

View = dict[str, Any]
Name = Callable[[str], str]

LEVELS = {"l3": "lowest (l3)", "l2": "low (l2)", "l1": "low (l1)", "start": "start",
          "h1": "high (h1)", "h2": "high (h2)", "h3": "highest (h3)", "blank": "blank step"}
TOKEN_WORDS = {"extra_movement": "extra-movement token", "extra_action": "extra-action token",
               "ammo": "ammunition"}


def officer(view: View, oid: str) -> dict[str, Any]:
    return next(o for o in view["officers"] if o["id"] == oid)


def officer_name(view: View, oid: str) -> str:
    return str(officer(view, oid)["name"])


def place(w: str) -> str:
    return wall_name(w)


def short_place(w: str) -> str:
    """'C' for outpost C, '3' for guardhouse 3."""
    return w.rsplit("_", 1)[-1].upper()


def tile_on(view: View, w: str) -> str | None:
    return next((t["tile"] for t in view["tiles"] if t["wall"] == w), None)


def place_with_tile(view: View, w: str) -> str:
    tile = tile_on(view, w)
    return f"{place(w)} ({TILE_NAMES[tile]})" if tile else place(w)


def walls_text(view: View) -> str:
    bricks = {w["id"]: w["bricks"] for w in view["walls"]}
    outposts = " ".join(f"{short_place(w)}{n}" for w, n in bricks.items() if w.startswith("outpost"))
    guards = " ".join(f"{short_place(w)}:{n}" for w, n in bricks.items() if w.startswith("guardhouse"))
    return f"outposts {outposts} · guardhouses {guards}"


def troop_text(view: View, path: str) -> str:
    p = next(x for x in view["paths"] if x["id"] == path)
    t = p["troop"]
    if t is None:
        return f"path {path.upper()}: empty"
    left = t["resistance"] - t["damage"]
    unit = "howitzer" if t["unit"] == "howitzer" else f"machine gun (attack {t['attack']}, speed {t['speed']})"
    return f"path {path.upper()}: {unit} on space {ROMAN[t['space']]}, {left} of {t['resistance']} resistance left"


def budget(turn: dict[str, Any]) -> str:
    moves, actions = turn["moves"], turn["actions"]
    return f"{moves} movement, {actions} action{'' if actions == 1 else 's'}"


def pile_count(view: View) -> int:
    return len(view["piles"][min(view["day"], 7) - 1])


def owner_line(view: View, seat: str, name: Name) -> str:
    mine = [o["name"] for o in view["officers"] if o["seat"] == seat]
    return f"{name(seat)} ({' and '.join(mine)})" if mine else name(seat)


def route_costs(view: View, start: str, points: int) -> dict[str, list[str]]:
    """Every space an officer on `start` reaches with `points` movement, by a shortest route that
    avoids the burnt link (from the public view)."""
    burnt = set(view.get("burnt") or [])
    routes: dict[str, list[str]] = {start: []}
    frontier = [start]
    for _ in range(points):
        nxt = []
        for here in frontier:
            for there in NEIGHBOURS[here]:
                if there in routes or (burnt and {here, there} == burnt):
                    continue
                routes[there] = routes[here] + [there]
                nxt.append(there)
        frontier = nxt
    del routes[start]
    return routes


def asked_text(view: View, asked: dict[str, Any]) -> str:
    """The pending choice in words."""
    kind = asked.get("kind")
    if kind == "guardhouse":
        opts = " or ".join(f"{place(w)} ({b})" for w in asked["options"]
                           for b in [next(x["bricks"] for x in view["walls"] if x["id"] == w)])
        return (f"{asked.get('why', 'Damage')}: {place(asked['wall'])} has no bricks, so which guardhouse "
                f"loses one: {opts}?")
    if kind == "h1":
        tiles = ", ".join(TILE_NAMES[t] for t in asked["options"])
        return f"High morale (h1): which tile gets the bonus ({tiles})?"
    if kind == "l1":
        return "Low morale (l1): which tile loses (" + ", ".join(TILE_NAMES[t] for t in asked["options"]) + ")?"
    if kind == "remainder":
        what = TOKEN_WORDS.get(asked.get("token", ""), "token")
        return (f"Sharing out: {asked['left']} {what}(s) left over. Who gets the next one ("
                + ", ".join(officer_name(view, o) for o in asked["options"]) + ")?")
    if kind == "lose_ammo":
        return (f"Low morale (l3): the officers lose {asked['left']} ammunition in all. How many does each lose? "
                "(They hold: " + ", ".join(f"{officer_name(view, o)} {officer(view, o)['ammo']}"
                                           for o in asked["options"]) + ".)")
    if kind == "brick":
        return f"Wall reinforcement: {asked['left']} brick(s) to place. Where does the next one go?"
    return "a choice"


class WesterplatteUI(PlainUI):
    def __init__(self) -> None:
        super().__init__("westerplatte")

    def status_line(self, view: View) -> str:
        if view.get("outcome"):
            return f"day {min(view['day'], 7)}/7 · {view['difficulty']} · game over"
        morale = LEVELS.get(view["morale"]["level"], view["morale"]["level"])
        parts = [f"day {min(view['day'], 7)}/7 ({pile_count(view)}/8 cards)", f"{view['difficulty']}",
                 f"morale {morale}", walls_text(view)]
        return " · ".join(parts)

    def waiting_line(self, view: View, name: Name) -> str:
        to_act = view.get("to_act") or []
        if not to_act:
            return ""
        seat = to_act[0]
        turn = view["turn"]
        who = name(seat)
        me = officer(view, turn["officer"])
        asked = view.get("asked") or {}
        team = " The team waits on them." if len({o["seat"] for o in view["officers"]}) > 1 else ""
        if asked.get("kind") == "officer_phase":
            return (f"{who} plays the **{me['name']}** on {place(me['at'])}: {budget(turn)} left.{team}")
        return f"{who} must choose for the team: {asked_text(view, asked)}{team}"

    def board_signature(self, view: View) -> str:
        stable = {k: v for k, v in view.items() if k not in ("to_act", "asked", "turn")}
        stable["officer"] = view["turn"]["officer"]
        return json.dumps(stable, sort_keys=True, default=str)

    def private_text(self, view: View) -> str:
        me = view.get("me") or {}
        mine = [officer(view, o) for o in me.get("officers", [])]
        if not mine:
            return "You no longer run an officer in this game."
        lines = ["Nothing in this game is secret: the whole team sees the same board. You run:"]
        for o in mine:
            tokens = [f"{o[k]} {TOKEN_WORDS.get(k, k.replace('_', '-') + ' token')}(s)"
                      for k in ("extra_movement", "extra_action", "limited_movement") if o[k]]
            lines.append(f"• the **{o['name']}** on {place_with_tile(view, o['at'])}, {o['ammo']} ammunition"
                         + (f", {', '.join(tokens)}" if tokens else "") + ".")
        return "\n".join(lines)

    def panel_intro(self, view: View) -> str:
        me = view.get("me") or {}
        turn = view["turn"]
        asked = view.get("asked") or {}
        if asked.get("kind") != "officer_phase":
            return "Your choice for the team: " + asked_text(view, asked)
        o = officer(view, turn["officer"])
        mine = me.get("officers") or []
        solo = len(mine) > 1
        who = f"the **{o['name']}**" if solo else "your officer"
        here = place_with_tile(view, o["at"])
        bits = [f"Your turn with {who} on {here}: {budget(turn)} left, {o['ammo']} ammunition."]
        if o["at"].startswith("outpost"):
            bits.append("Facing " + troop_text(view, o["at"][-1]) + ".")
        if turn["actions"] >= 1 and not turn["used_extra_action"]:
            bits.append("Move and act in any order, then end your moves and actions: the Germans follow. "
                        "`/westerplatte move` walks a whole route.")
            if solo and view.get("last_card"):
                bits.append(f"\nLast German card: {card_text(view['last_card'])}. Walls: {walls_text(view)}. "
                            "`/game status` shows the board.")
        return " ".join(bits)

    def opening_lines(self, view: View, name: Name) -> list[str]:
        seats = list(dict.fromkeys(o["seat"] for o in view["officers"]))
        team = "; ".join(owner_line(view, s, name) for s in seats)
        lines = [(f"1 September 1939. The defenders of Westerplatte: {team}. Hold the wall until the end of day 7; "
                  "you win or lose together."),
                 "Action tiles: " + ", ".join(f"{short_place(t['wall'])} {t['name']}" for t in view["tiles"]) + ".",
                 "Germans on the paths: " + "; ".join(troop_text(view, p["id"]) for p in view["paths"]
                                                      if p["troop"]) + "."]
        if view["piles"][0]:
            lines.append("On day 1's pile: " + "; ".join(card_text(c) for c in view["piles"][0]) + ".")
        lines.append("New here? `/westerplatte help` explains the game; press **My turn** when you are mentioned.")
        return lines

    def outcome_text(self, view: View, name: Name) -> str:
        """Short: the poster appends it to a post whose event lines may already fill most of the
        2000 characters (won or lost, the day, the walls; then the team and the score)."""
        outcome = view.get("outcome") or {}
        reason = outcome.get("reason", "")
        won = bool(outcome.get("winners"))
        day = outcome.get("day", view["day"])
        if won:
            head = "🏆 **Game over: the team won!** Day 7 ended with the wall standing."
        elif reason == "abandoned":
            head = f"**Game over: the team lost on day {day}.** Every player left the table."
        else:
            head = f"**Game over: the team lost on day {day}.** Two guardhouses are empty: Westerplatte fell."
        bricks = sum(w["bricks"] for w in view["walls"])
        seats = list(dict.fromkeys(o["seat"] for o in view["officers"]))
        days = max((outcome.get("scores") or {"": 0}).values())
        return "\n".join([head, f"Walls: {walls_text(view)} ({bricks}/66 bricks).",
                          f"Score: {days} day{'s' if days != 1 else ''} held, for all of "
                          + ", ".join(name(s) for s in seats) + "."])

    def action_label(self, view: View, action: dict[str, Any], label: str) -> str:
        kind = action.get("type")
        if kind == "move":
            tile = tile_on(view, action["to"])
            return f"{label}" + (f" · {TILE_NAMES[tile]}" if tile else "")
        return label

    def panel_groups(self, view: View, actions: list[dict[str, Any]]) -> list[str] | None:
        if len(actions) <= 8:
            return None
        names = {"move": "Move (step to a neighbouring space)", "attack": "Attack the troop in front",
                 "mortar": "Mortar: fire at a troop", "mine": "Mines: lay a mine",
                 "rebuild": "Wall rebuild: choose the wall space", "push_back": "Push back troops",
                 "brick": "Place a brick", "guardhouse": "Choose the guardhouse"}
        return [names.get(a.get("type", ""), "") for a in actions]
