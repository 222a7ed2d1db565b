"""How 7 Days of Westerplatte's views read in Discord messages (only from views: nothing is secret
in this game except the order of the decks, which no view holds)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import lang
from bot.presentation import PlainUI
from games.westerplatte.board import NEIGHBOURS, OFFICER_WORDS, OFFICERS, ROMAN, TILE_WORDS, card_say, wall_say

View = dict[str, Any]
Name = Callable[[str], str]
DOMAIN = "westerplatte"

LEVELS = {"l3": lang.N_("lowest (l3)"), "l2": lang.N_("low (l2)"), "l1": lang.N_("low (l1)"),
          "start": lang.N_("start"), "h1": lang.N_("high (h1)"), "h2": lang.N_("high (h2)"),
          "h3": lang.N_("highest (h3)"), "blank": lang.N_("blank step")}
COLOURS = [str(o["colour"]) for o in OFFICERS]


def officer(view: View, oid: str) -> dict[str, Any]:
    return next(o for o in view["officers"] if o["id"] == oid)


def officer_name(view: View, oid: str) -> str:
    """'Red officer', in the current language."""
    return lang.here(DOMAIN).say(OFFICER_WORDS[COLOURS.index(officer(view, oid)["colour"])])


def tile_name(tile: str) -> str:
    return lang.here(DOMAIN).say(TILE_WORDS[tile])


def card_words(cid: str) -> str:
    return lang.here(DOMAIN).say(card_say(cid))


def place(w: str) -> str:
    return lang.here(DOMAIN).say(wall_say(w))


def short_place(w: str) -> str:
    """'C' for outpost C, '3' for guardhouse 3."""
    return w.rsplit("_", 1)[-1].upper()


def tile_on(view: View, w: str) -> str | None:
    return next((t["tile"] for t in view["tiles"] if t["wall"] == w), None)


def place_with_tile(view: View, w: str) -> str:
    tile = tile_on(view, w)
    return lang.here(DOMAIN)._("{place} ({tile})", place=place(w), tile=tile_name(tile)) if tile else place(w)


def walls_text(view: View) -> str:
    bricks = {w["id"]: w["bricks"] for w in view["walls"]}
    outposts = " ".join(f"{short_place(w)}{n}" for w, n in bricks.items() if w.startswith("outpost"))
    guards = " ".join(f"{short_place(w)}:{n}" for w, n in bricks.items() if w.startswith("guardhouse"))
    return lang.here(DOMAIN)._("outposts {outposts} · guardhouses {guardhouses}", outposts=outposts,
                               guardhouses=guards)


def troop_text(view: View, path: str) -> str:
    tx = lang.here(DOMAIN)
    p = next(x for x in view["paths"] if x["id"] == path)
    t = p["troop"]
    if t is None:
        return tx._("path {path}: empty", path=path.upper())
    left = t["resistance"] - t["damage"]
    if t["unit"] == "howitzer":
        return tx._("path {path}: howitzer on space {space}, {left} of {resistance} resistance left",
                    path=path.upper(), space=ROMAN[t["space"]], left=left, resistance=t["resistance"])
    return tx._("path {path}: machine gun (attack {attack}, speed {speed}) on space {space}, {left} of "
                "{resistance} resistance left", path=path.upper(), attack=t["attack"], speed=t["speed"],
                space=ROMAN[t["space"]], left=left, resistance=t["resistance"])


def budget(turn: dict[str, Any]) -> str:
    return lang.here(DOMAIN).n_("{moves} movement, {count} action", "{moves} movement, {count} actions",
                                turn["actions"], moves=turn["moves"])


def pile_count(view: View) -> int:
    return len(view["piles"][min(view["day"], 7) - 1])


def owner_line(view: View, seat: str, name: Name) -> str:
    mine = [officer_name(view, o["id"]) for o in view["officers"] if o["seat"] == seat]
    if not mine:
        return name(seat)
    return lang.here(DOMAIN)._("{player} ({officers})", player=name(seat), officers=", ".join(mine))


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
    from games.westerplatte.board import why_say

    tx = lang.here(DOMAIN)
    kind = asked.get("kind")
    if kind == "guardhouse":
        opts = [tx._("{place} ({bricks})", place=place(w), bricks=b) for w in asked["options"]
                for b in [next(x["bricks"] for x in view["walls"] if x["id"] == w)]]
        why = tx.say(why_say(str(asked["why"]))) if asked.get("why") else tx._("Damage")
        return tx._("{why}: {wall} has no bricks, so which guardhouse loses one: {options}?", why=why,
                    wall=place(asked["wall"]), options=tx._(" or ").join(opts))
    if kind == "h1":
        return tx._("High morale (h1): which tile gets the bonus ({tiles})?",
                    tiles=", ".join(tile_name(t) for t in asked["options"]))
    if kind == "l1":
        return tx._("Low morale (l1): which tile loses ({tiles})?",
                    tiles=", ".join(tile_name(t) for t in asked["options"]))
    if kind == "remainder":
        who = ", ".join(officer_name(view, o) for o in asked["options"])
        if asked.get("token") == "extra_movement":
            return tx.n_("Sharing out: {count} extra-movement token left over. Who gets the next one ({officers})?",
                         "Sharing out: {count} extra-movement tokens left over. Who gets the next one "
                         "({officers})?", asked["left"], officers=who)
        if asked.get("token") == "extra_action":
            return tx.n_("Sharing out: {count} extra-action token left over. Who gets the next one ({officers})?",
                         "Sharing out: {count} extra-action tokens left over. Who gets the next one ({officers})?",
                         asked["left"], officers=who)
        return tx.n_("Sharing out: {count} ammunition left over. Who gets the next one ({officers})?",
                     "Sharing out: {count} ammunition left over. Who gets the next one ({officers})?",
                     asked["left"], officers=who)
    if kind == "lose_ammo":
        held = ", ".join(f"{officer_name(view, o)} {officer(view, o)['ammo']}" for o in asked["options"])
        return tx.n_("Low morale (l3): the officers lose {count} ammunition in all. How many does each lose? "
                     "(They hold: {held}.)", "Low morale (l3): the officers lose {count} ammunition in all. How "
                     "many does each lose? (They hold: {held}.)", asked["left"], held=held)
    if kind == "brick":
        return tx.n_("Wall reinforcement: {count} brick to place. Where does it go?",
                     "Wall reinforcement: {count} bricks to place. Where does the next one go?", asked["left"])
    return tx._("a choice")


# What a panel menu of one action type chooses (cogs.panel): "Lay a mine: 7 choices…".
SELECT_KINDS = {
    "move": lang.N_("Move to a neighbouring space"), "attack": lang.N_("Attack the troop in front"),
    "mortar": lang.N_("Fire the mortar at a troop"), "mine": lang.N_("Lay a mine"),
    "rebuild": lang.N_("Rebuild a wall space"), "push_back": lang.N_("Push back troops"),
    "brick": lang.N_("Place a brick"), "guardhouse": lang.N_("Choose the guardhouse"),
    "lose_ammo": lang.N_("Share out the ammunition lost (l3)"), "give": lang.N_("Choose who gets the next one"),
    "loss": lang.N_("Choose the tile that loses (l1)"), "bonus": lang.N_("Choose the tile that gets the bonus (h1)"),
}


class WesterplatteUI(PlainUI):
    select_kinds = SELECT_KINDS

    def __init__(self) -> None:
        super().__init__("westerplatte")

    def status_line(self, view: View) -> str:
        tx = lang.here(DOMAIN)
        day = min(view["day"], 7)
        difficulty = tx._(DIFFICULTIES.get(view["difficulty"], str(view["difficulty"])))
        if view.get("outcome"):
            return tx._("day {day}/7 · {difficulty} · game over", day=day, difficulty=difficulty)
        level = view["morale"]["level"]
        morale = tx._(LEVELS.get(level or "blank", LEVELS["blank"]))
        return tx._("day {day}/7 ({cards}/8 cards) · {difficulty} · morale {morale} · {walls}", day=day,
                    cards=pile_count(view), difficulty=difficulty, morale=morale, walls=walls_text(view))

    def waiting_line(self, view: View, name: Name) -> str:
        tx = lang.here(DOMAIN)
        to_act = view.get("to_act") or []
        if not to_act:
            return ""
        seat = to_act[0]
        turn = view["turn"]
        who = name(seat)
        me = officer(view, turn["officer"])
        asked = view.get("asked") or {}
        team = len({o["seat"] for o in view["officers"]}) > 1
        if asked.get("kind") == "officer_phase":
            if team:
                return tx._("{player} plays the **{officer}** on {place}: {budget} left. The team waits on them.",
                            player=who, officer=officer_name(view, me["id"]), place=place(me["at"]),
                            budget=budget(turn))
            return tx._("{player} plays the **{officer}** on {place}: {budget} left.", player=who,
                        officer=officer_name(view, me["id"]), place=place(me["at"]), budget=budget(turn))
        if team:
            return tx._("{player} must choose for the team: {question} The team waits on them.", player=who,
                        question=asked_text(view, asked))
        return tx._("{player} must choose for the team: {question}", player=who, question=asked_text(view, asked))

    def board_signature(self, view: View) -> str:
        stable = {k: v for k, v in view.items() if k not in ("to_act", "asked", "turn")}
        stable["officer"] = view["turn"]["officer"]
        return json.dumps(stable, sort_keys=True, default=str)

    def private_text(self, view: View) -> str:
        tx = lang.here(DOMAIN)
        me = view.get("me") or {}
        mine = [officer(view, o) for o in me.get("officers", [])]
        if not mine:
            return tx._("You no longer run an officer in this game.")
        lines = [tx._("Nothing in this game is secret: the whole team sees the same board. You run:")]
        for o in mine:
            tokens = []
            if o["extra_movement"]:
                tokens.append(tx.n_("{count} extra-movement token", "{count} extra-movement tokens",
                                    o["extra_movement"]))
            if o["extra_action"]:
                tokens.append(tx.n_("{count} extra-action token", "{count} extra-action tokens", o["extra_action"]))
            if o["limited_movement"]:
                tokens.append(tx.n_("{count} limited-movement token", "{count} limited-movement tokens",
                                    o["limited_movement"]))
            line = tx.n_("• the **{officer}** on {place}, {count} ammunition", "• the **{officer}** on {place}, "
                         "{count} ammunition", o["ammo"], officer=officer_name(view, o["id"]),
                         place=place_with_tile(view, o["at"]))
            lines.append(line + (", " + ", ".join(tokens) if tokens else "") + ".")
        return "\n".join(lines)

    def panel_intro(self, view: View) -> str:
        tx = lang.here(DOMAIN)
        me = view.get("me") or {}
        turn = view["turn"]
        asked = view.get("asked") or {}
        if asked.get("kind") != "officer_phase":
            return tx._("Your choice for the team: {question}", question=asked_text(view, asked))
        o = officer(view, turn["officer"])
        mine = me.get("officers") or []
        solo = len(mine) > 1
        here = place_with_tile(view, o["at"])
        if solo:
            bits = [tx.n_("Your turn with the **{officer}** on {place}: {budget} left, {count} ammunition.",
                          "Your turn with the **{officer}** on {place}: {budget} left, {count} ammunition.",
                          o["ammo"], officer=officer_name(view, o["id"]), place=here, budget=budget(turn))]
        else:
            bits = [tx.n_("Your turn with your officer on {place}: {budget} left, {count} ammunition.",
                          "Your turn with your officer on {place}: {budget} left, {count} ammunition.",
                          o["ammo"], place=here, budget=budget(turn))]
        if o["at"].startswith("outpost"):
            bits.append(tx._("Facing {troop}.", troop=troop_text(view, o["at"][-1])))
        if turn["actions"] >= 1 and not turn["used_extra_action"]:
            bits.append(tx._("Move and act in any order, then end your moves and actions: the Germans follow. "
                             "`/westerplatte move` walks a whole route."))
            if solo and view.get("last_card"):
                bits.append("\n" + tx._("Last German card: {card}. Walls: {walls}. `/game status` shows the board.",
                                        card=card_words(view["last_card"]), walls=walls_text(view)))
        return " ".join(bits)

    def opening_lines(self, view: View, name: Name) -> list[str]:
        tx = lang.here(DOMAIN)
        seats = list(dict.fromkeys(o["seat"] for o in view["officers"]))
        team = "; ".join(owner_line(view, s, name) for s in seats)
        lines = [tx._("1 September 1939. The defenders of Westerplatte: {team}. Hold the wall until the end of day 7; "
                      "you win or lose together.", team=team),
                 tx._("Action tiles: {tiles}.", tiles=", ".join(f"{short_place(t['wall'])} {tile_name(t['tile'])}"
                                                                for t in view["tiles"])),
                 tx._("Germans on the paths: {troops}.", troops="; ".join(troop_text(view, p["id"])
                                                                         for p in view["paths"] if p["troop"]))]
        if view["piles"][0]:
            lines.append(tx._("On day 1's pile: {cards}.", cards="; ".join(card_words(c) for c in view["piles"][0])))
        lines.append(tx._("New here? `/westerplatte help` explains the game; press **My turn** when you are "
                          "mentioned."))
        return lines

    def outcome_text(self, view: View, name: Name) -> str:
        """Short: the poster appends it to a post whose event lines may already fill most of the
        2000 characters (won or lost, the day, the walls; then the team and the score)."""
        tx = lang.here(DOMAIN)
        outcome = view.get("outcome") or {}
        reason = outcome.get("reason", "")
        won = bool(outcome.get("winners"))
        day = outcome.get("day", view["day"])
        if won:
            head = tx._("🏆 **Game over: the team won!** Day 7 ended with the wall standing.")
        elif reason == "abandoned":
            head = tx._("**Game over: the team lost on day {day}.** Every player left the table.", day=day)
        else:
            head = tx._("**Game over: the team lost on day {day}.** Two guardhouses are empty: Westerplatte fell.",
                        day=day)
        bricks = sum(w["bricks"] for w in view["walls"])
        seats = list(dict.fromkeys(o["seat"] for o in view["officers"]))
        days = max((outcome.get("scores") or {"": 0}).values())
        return "\n".join([head, tx._("Walls: {walls} ({bricks}/66 bricks).", walls=walls_text(view), bricks=bricks),
                          tx.n_("Score: {count} day held, for all of {players}.",
                                "Score: {count} days held, for all of {players}.", days,
                                players=", ".join(name(s) for s in seats))])

    def action_label(self, view: View, action: dict[str, Any], label: str) -> str:
        kind = action.get("type")
        if kind == "move":
            tile = tile_on(view, action["to"])
            return f"{label}" + (f" · {tile_name(tile)}" if tile else "")
        return label

    def panel_groups(self, view: View, actions: list[dict[str, Any]]) -> list[str] | None:
        if len(actions) <= 8:
            return None
        tx = lang.here(DOMAIN)
        return [tx._(GROUPS[a["type"]]) if a.get("type") in GROUPS else "" for a in actions]


DIFFICULTIES: dict[str, str] = {"easy": lang.N_("easy"), "medium": lang.N_("medium"), "hard": lang.N_("hard")}
GROUPS = {"move": lang.N_("Move (step to a neighbouring space)"), "attack": lang.N_("Attack the troop in front"),
          "mortar": lang.N_("Mortar: fire at a troop"), "mine": lang.N_("Mines: lay a mine"),
          "rebuild": lang.N_("Wall rebuild: choose the wall space"), "push_back": lang.N_("Push back troops"),
          "brick": lang.N_("Place a brick"), "guardhouse": lang.N_("Choose the guardhouse")}
