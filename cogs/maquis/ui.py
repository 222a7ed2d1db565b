"""How Maquis's views read in Discord messages. Everything is public except the order of the patrol
deck (in no view) and the mole's peek (only in the team members' private views)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import lang
from bot.presentation import PlainUI
from bot.service.records import event_words
from bot.texts import fit
from games.maquis.board import (
    LOCATIONS,
    MISSIONS,
    PATROL_CARDS,
    RESOURCES,
    SLOTS,
    TILES,
    amount,
    box_say,
    cost_say,
    day_say,
    loc_say,
    mission_say,
    mode_say,
    tile_say,
)

KEY = "maquis"

View = dict[str, Any]
Name = Callable[[str], str]
N_ = lang.N_

RESULT = {"success": N_("Success"), "major_success": N_("Major Success")}
REASON = {"victory": N_("Victory"), "major_victory": N_("Major Victory"), "draw": N_("Draw"), "morale": N_("Defeat"),
          "no_partisans": N_("Defeat"), "days_over": N_("Defeat"), "abandoned": N_("Abandoned")}
END_WORDS = {"Major Victory": N_("Major Victory"), "Victory": N_("Victory"), "Draw": N_("Draw"),
             "Defeat": N_("Defeat")}


def tx() -> lang.Texts:
    """The Maquis texts in the current language (lang.use)."""
    return lang.here("maquis")


def slots_of(view: View) -> dict[str, str] | None:
    missions = {m["slot"]: m["id"] for m in view.get("missions", [])}
    return missions if set(missions) == set(SLOTS) else None


def place_name(view: View, loc: str) -> str:
    """A location in players' words; a mission slot by its card's name."""
    if loc in SLOTS or loc in LOCATIONS:
        return tx().say(loc_say(loc, slots_of(view)))
    return loc


def mission_title(mid: str) -> str:
    return tx().say(mission_say(mid))


def short_amount(r: str, n: int) -> str:
    """A stock count in short words ("2 med")."""
    t = tx()
    forms = {"intel": lambda: t.n_("{count} intel", "{count} intel", n),
             "food": lambda: t.n_("{count} food", "{count} food", n),
             "medicine": lambda: t.n_("{count} med", "{count} med", n),
             "money": lambda: t.n_("{count} money", "{count} money", n),
             "weapon": lambda: t.n_("{count} weapon", "{count} weapon", n),
             "explosive": lambda: t.n_("{count} expl", "{count} expl", n),
             "poison": lambda: t.n_("{count} poison", "{count} poison", n),
             "fake_papers": lambda: t.n_("{count} papers", "{count} papers", n)}
    return forms[r]()


def stock_text(stock: dict[str, int]) -> str:
    parts = [short_amount(r, stock[r]) for r in RESOURCES if stock.get(r)]
    return ", ".join(parts) if parts else tx()._("empty")


def gain_text(a: dict[str, Any]) -> str:
    t = tx()
    bits = ["+" + t.say(amount(r, n)) for r, n in a.get("gain", {}).items()]
    if a.get("morale"):
        bits.append(t._("morale {delta}", delta=format(a["morale"], "+d")))
    gains = ", ".join(bits)
    if any(a.get("cost", {}).values()):
        return t._("{cost} → {gains}", cost=t.say(cost_say(a["cost"])), gains=gains)
    return gains


def mission_boxes_at(view: View, loc: str) -> list[str]:
    """The missions with an open dashed box at `loc` (from the public view)."""
    filled = {(m["slot"], x["id"]) for m in view.get("missions", []) for x in m["boxes"] if x["filled"]}
    names = [mission_title(m["id"]) for m in view.get("missions", [])
             if m["result"] is None and m["id"] != "destroy_the_aa_guns"
             for b in MISSIONS[m["id"]]["boxes"]
             if loc in (b.get("locations") or []) and (m["slot"], b["id"]) not in filled]
    if loc in (view.get("guns") or []):
        names.append(tx()._("an AA gun to destroy"))
    return list(dict.fromkeys(names))


def offers(view: View, loc: str) -> str:
    """What a partisan placed on `loc` could do there, from the public view (short)."""
    t = tx()
    if loc in SLOTS:
        m = next(x for x in view["missions"] if x["slot"] == loc)
        left = [t.say(box_say(m["id"], b["id"])) for b in m["boxes"] if not b["dashed"] and not b["filled"]]
        return t._("on the card: {boxes}", boxes=", ".join(left[:3]) if left else mission_title(m["id"]))
    info = LOCATIONS.get(loc, {})
    kind = info.get("kind")
    if kind == "spare_room":
        tile = (view.get("rooms") or {}).get(loc)
        if tile is None:
            return t._("build a spare room (2 money)")
        if tile == "fixer":
            return t._("Fixer: copy a tile not built (+1 money)")
        return t._("{tile}: {gains}", tile=t.say(tile_say(tile)),
                   gains="; ".join(gain_text(a) for a in TILES[tile]["actions"]))
    missions = mission_boxes_at(view, loc)
    if kind == "street":
        return t._("mission: {missions}", missions=", ".join(missions)) if missions else t._("a street (no action)")
    bits = []
    for a in info.get("actions", []):
        special = a.get("special")
        if special == "recruit":
            bits.append(t._("recruit (1 food)"))
        elif special == "airdrop":
            bits.append(t._("call an airdrop"))
        elif special == "collect_airdrop":
            res = (view.get("fields") or {}).get(loc) or {}
            if any(res.values()):
                bits.append(t._("collect {things}", things=stock_text(res)))
        else:
            bits.append(gain_text(a))
    if missions:
        bits.append(t._("mission: {missions}", missions=", ".join(missions)))
    if view.get("dark_lady") == loc:
        bits.append(t._("the Dark Lady is here"))
    return "; ".join(bits) or t._("no action")


def mission_line(m: dict[str, Any]) -> str:
    t = tx()
    done = sum(1 for b in m["boxes"] if b["filled"])
    res = RESULT.get(m["result"] or "", "")
    name = mission_title(m["id"])
    if m["slot"] == "mission_left":
        line = t._("{mission} (left): **{result}**", mission=name, result=t._(res)) if res else \
            t._("{mission} (left): {done}/{total} boxes", mission=name, done=done, total=len(m["boxes"]))
    else:
        line = t._("{mission} (right): **{result}**", mission=name, result=t._(res)) if res else \
            t._("{mission} (right): {done}/{total} boxes", mission=name, done=done, total=len(m["boxes"]))
    return line + (f" ({outlook_words(m)})" if outlook_words(m) else "")


def outlook_words(m: dict[str, Any]) -> str:
    """What a mission can still come to, when that is less than it promised ('' otherwise)."""
    t = tx()
    if "best" not in m or m["result"] == m["best"] == "major_success":
        return ""
    if m["best"] is None:
        return t._("can no longer succeed") if m["result"] is None else ""
    if m["stars"] == 3 and m["best"] == "success":
        return "" if m["result"] == "success" else t._("a Major Success is out of reach")
    if m["result"] is not None and m["best"] == "major_success" and m["result"] != m["best"]:
        return t._("a Major Success is still possible")
    return ""


def outlook_text(m: dict[str, Any]) -> str:
    """The best result still reachable for one mission, in a sentence (for `/maquis missions`)."""
    t = tx()
    if m["result"] is not None and m["result"] == m.get("best"):
        return t._("Done: {result}.", result=t._(RESULT[m["result"]]))
    why = t.say(m["best_why_say"]) if m.get("best_why_say") else str(m.get("best_why") or "")
    if m.get("best") is None:
        return t._("It can no longer succeed ({why}).", why=why) if why else t._("It can no longer succeed.")
    best = t._(RESULT[m["best"]])
    return t._("Best still reachable: {result} ({why}).", result=best, why=why) if why else \
        t._("Best still reachable: {result}.", result=best)


def discard_lines(view: View) -> list[str]:
    """The public patrol discard pile (ruling 12), oldest first: each card's three places."""
    t = tx()
    return [f"{k}. " + " → ".join(t.say(loc_say(x)) for x in PATROL_CARDS[c])
            for k, c in enumerate(view.get("discard") or [], start=1)]


def day_word(view: View) -> str:
    return tx().say(day_say(int(view["day"]), 1 if view.get("lap") else 0)) if view["day"] else \
        (tx()._("Day 0 of the second lap") if view.get("lap") else tx()._("Day 0"))


def mode_name(view: View) -> str:
    return tx().say(mode_say(str(view["difficulty"])))


def end_word(view: View) -> str:
    end = str(view.get("best_end") or "")
    return tx()._(END_WORDS[end]) if end in END_WORDS else end


def peek_words(card: str) -> str:
    """A patrol card's three places ("Grocer / Doctor / Fence")."""
    return " / ".join(tx().say(loc_say(x)) for x in PATROL_CARDS[card])


def team_size(view: View) -> int:
    return len(view.get("team") or [])


def partisan_counts(view: View) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in view.get("partisans", []):
        out[p["status"]] = out.get(p["status"], 0) + 1
    return out


def asked_text(view: View) -> str:
    """What the game asks now, in words."""
    t = tx()
    ph = view.get("phase")
    counts = partisan_counts(view)
    if ph == "arrange":
        a, b = view["arrange"]
        return t._("choose which exit each mission card goes on ({first}, {second})", first=mission_title(a),
                   second=mission_title(b))
    if ph == "placement":
        return t._("place the next partisan ({home} left in the Safe House; patrols {placed}/{today} out)",
                   home=counts.get("home", 0), placed=view["patrols_placed"], today=view["patrols_today"])
    if ph == "action":
        left = sum(1 for p in view["partisans"] if p["status"] == "placed" and not p["activated"])
        can_shoot = view.get("shot_blocked") is None
        saves = view.get("shot_saves") or []
        cut = [place_name(view, loc) for loc in view.get("cut_off") or [] if loc not in saves]
        warn = t._("; arrested if activated (no road home): the partisan on {places}", places=", ".join(cut)) \
            if cut else ""
        if saves:
            warn += t._("; no road home unless a Milice is shot: the partisan on {places}",
                        places=", ".join(place_name(view, loc) for loc in saves))
        if left:
            head = t._("activate a partisan ({left} still to activate), or shoot a Milice", left=left) \
                if can_shoot else t._("activate a partisan ({left} still to activate)", left=left)
            return head + warn
        return t._("end the action phase (every partisan has acted), or shoot a Milice") if can_shoot \
            else t._("end the action phase (every partisan has acted)")
    if ph == "route":
        at = {p["id"]: p["at"] for p in view.get("partisans", [])}
        who = ", ".join(place_name(view, at[x]) for x in view.get("route_waiting") or [] if at.get(x))
        shots = t._(" or ").join(place_name(view, x) for x in view.get("route_shots") or [])
        head = t._("the partisan on {places} is about to go home", places=who) if who \
            else t._("a partisan is about to go home")
        doomed = any(at.get(x) in (view.get("cut_off") or []) for x in view.get("route_waiting") or [])
        if not shots:
            return head
        if doomed:
            return t._("{head}: shoot the Milice on {places} first (1 weapon) to clear its way, or send it home "
                       "now (arrested: no road home)", head=head, places=shots)
        return t._("{head}: shoot the Milice on {places} first (1 weapon) to clear its way, or send it home now",
                   head=head, places=shots)
    if ph == "remove":
        return t._("choose the partisan the Double Agent costs")
    if ph == "bridge":
        return t._("choose the bridge that falls")
    return str(view.get("asked") or "")


# What a panel menu of one action type chooses (cogs.panel): "Place a partisan: 7 choices…".
SELECT_KINDS = {
    "place": N_("Place a partisan"), "activate": N_("Activate a partisan"),
    "shoot": N_("Shoot a Milice"), "remove": N_("Remove a partisan"),
}


class MaquisUI(PlainUI):
    select_kinds = SELECT_KINDS

    def __init__(self) -> None:
        super().__init__("maquis")

    def status_line(self, view: View) -> str:
        t = tx()
        day = t._("Day {day}/{end} (second lap)", day=view["day"], end=view["end_day"]) if view.get("lap") \
            else t._("Day {day}/{end}", day=view["day"], end=view["end_day"])
        if view.get("outcome"):
            return t._("{day} · {difficulty} · game over", day=day, difficulty=mode_name(view))
        parts = [day, mode_name(view), t._("morale {n}", n=view["morale"]), t._("soldiers {n}", n=view["soldiers"]),
                 t._("stock: {stock}", stock=stock_text(view["stock"]))]
        parts += [mission_line(m) for m in view["missions"]]
        if view.get("best_end") in ("Draw", "Defeat"):  # news: a Victory is out of reach
            parts.append(t._("best end still reachable: {end}", end=end_word(view)))
        return " · ".join(parts)

    def waiting_line(self, view: View, name: Name) -> str:
        t = tx()
        to_act = view.get("to_act") or []
        if not to_act:
            return ""
        seat = to_act[0]
        if team_size(view) > 1:
            day = day_word(view)
            if seat == view["leader"]:
                return t._("It is {player}'s Day ({day}): they decide for the team: {asked}. The others watch.",
                           player=name(seat), day=day, asked=asked_text(view))
            return t._("{player} leads the rest of {day} for the team: {asked}. The others watch.",
                       player=name(seat), day=day, asked=asked_text(view))
        return t._("{player}: {asked}.", player=name(seat), asked=asked_text(view))

    def board_signature(self, view: View) -> str:
        skip = ("to_act", "asked", "acting", "acting_name", "whose_day", "phase", "route_waiting",
                "route_shots", "arrange", "team", "leader", "leader_name", "patrols_placed", "me")
        return json.dumps({k: v for k, v in view.items() if k not in skip}, sort_keys=True, default=str)

    def private_text(self, view: View) -> str:
        t = tx()
        me = view.get("me") or {}
        lines = [t._("Maquis is co-operative and open: the whole table sees the same board. Only the mole's "
                     "peek at the patrol deck is private to the team.")]
        if me.get("peek"):
            lines.append(t._("🔒 The mole reports the next patrol card: **{card}**.", card=peek_words(me["peek"])))
        else:
            lines.append(t._("You hold no secret now: no mole is peeking at the patrol deck for the team."))
        if team_size(view) > 1:
            lines.append(t._("You lead the team today: every decision is yours.") if me.get("leader_today")
                         else t._("Today another member leads (the channel's post names them); you watch and "
                                  "advise."))
        return "\n".join(lines)

    def panel_intro(self, view: View) -> str:
        t = tx()
        me = view.get("me") or {}
        if view.get("outcome"):
            return t._("The game is over.")
        if team_size(view) > 1 and me.get("leader_today"):
            text = t._("Your Day ({day}): {asked}.", day=day_word(view), asked=asked_text(view))
        else:
            text = t._("Your decision ({day}): {asked}.", day=day_word(view), asked=asked_text(view))
        ph = view.get("phase")
        if ph == "placement":
            text += " " + t._("Pick a location, then with or without fake papers. `/maquis place` shows what each "
                              "spot offers.")
        elif ph == "action":
            text += " " + t._("Pick a partisan (by where it stands), then its action.")
        if me.get("peek"):
            text += "\n" + t._("🔒 Next patrol card (the mole's peek): {card}.", card=peek_words(me["peek"]))
        return text

    def opening_lines(self, view: View, name: Name) -> list[str]:
        t = tx()
        team = view.get("team") or []
        missions = t._(" and ").join(
            t._("**{mission}** ({stars})", mission=mission_title(m["id"]), stars="★" * m["stars"]) if m["stars"]
            else t._("**{mission}** (no star)", mission=mission_title(m["id"])) for m in view["missions"])
        if len(team) > 1:
            order = t._(", then ").join(name(x["seat"]) for x in team)
            who = t._("The resistance is a team of {count}: {order}. The Day's leader decides everything that Day; "
                      "the lead passes on each Day, in this order. You win or lose together.",
                      count=len(team), order=order)
        else:
            who = t._("{player} leads the resistance alone.", player=name(team[0]["seat"])) if team else ""
        return [t._("France, 1944. {who}", who=who),
                t._("Missions: {missions}. Complete both before the end of Day {end} ({difficulty}); lose if morale "
                    "reaches 0 or no partisan is left.", missions=missions, end=view["end_day"],
                    difficulty=mode_name(view)),
                t._("New here? `/maquis help` explains the game; press **My turn** when it is your Day.")]

    def outcome_text(self, view: View, name: Name) -> str:
        t = tx()
        out = view.get("outcome") or {}
        reason = out.get("reason", "")
        won = bool(out.get("winners"))
        result = t.say(out["words"]) if out.get("words") else str(out.get("result", ""))
        head = ("🏆 " if won else "") + t._("**Game over: {reason}.** {result}",
                                            reason=t._(REASON[reason]) if reason in REASON else reason,
                                            result=result)
        missions = "; ".join(mission_line(m) for m in view["missions"])
        pts = int(view.get("points", 0))
        who = ", ".join(name(x["seat"]) for x in view.get("team") or [])
        points = t.n_("{count} point", "{count} points", pts)
        days = t.n_("{count} Day", "{count} Days", int(view["days_played"]))
        return "\n".join([head, t._("Missions: {missions}.", missions=missions),
                          t._("Score: {points} (1 a Success, 2 a Major Success), after {days}; for {players}. "
                              "Morale {morale}, soldiers {soldiers}.", points=points, days=days, players=who,
                              morale=view["morale"], soldiers=view["soldiers"])])

    def action_label(self, view: View, action: dict[str, Any], label: str) -> str:
        t = tx()
        if action.get("type") == "place":
            at = place_name(view, action["at"])
            text = t._("{place} + fake papers · {offers}", place=at, offers=offers(view, action["at"])) \
                if action["papers"] else t._("{place} · {offers}", place=at, offers=offers(view, action["at"]))
            return fit(text, 80)
        if action.get("type") == "activate":
            return label.replace(" (" + t.say(cost_say({})) + ")", "")
        return label

    def panel_groups(self, view: View, actions: list[dict[str, Any]]) -> list[str] | None:
        """Placement with fake papers in the stock: the location first, then with or without them
        (without papers a single menu of locations is enough); action phase: the partisan (by where
        it stands) first, then what it does, shots in their own group."""
        places = [a["at"] for a in actions if a.get("type") == "place"]
        if places and len(set(places)) == len(places):
            return None
        partisans = {a["at"] for a in actions if a.get("type") == "activate"}
        if not places and len(partisans) + any(a.get("type") == "shoot" for a in actions) <= 1:
            return None
        t = tx()
        out = []
        for a in actions:
            kind = a.get("type")
            if kind == "place":
                name = place_name(view, a["at"])
                out.append(name[:1].upper() + name[1:])
            elif kind == "activate":
                cut = a["at"] in (view.get("cut_off") or [])
                saved = a["at"] in (view.get("shot_saves") or [])
                place = place_name(view, a["at"])
                out.append(t._("Partisan on {place} (no road home: shoot first)", place=place) if saved else
                           t._("Partisan on {place} (arrested if activated)", place=place) if cut else
                           t._("Partisan on {place}", place=place))
            elif kind == "shoot":
                out.append(t._("Shoot a Milice (1 weapon)"))
            else:
                out.append("")
        return out  # a group of one is shown as its action by cogs.panel.ungroup_single

    def narrate(self, view: View, events: list[dict[str, Any]]) -> list[str]:
        return [event_words(KEY, e) for e in events if e.get("text")]

    def narrate_named(self, view: View, events: list[dict[str, Any]], name: Name) -> list[str]:
        """The events' lines with the team's players named where an event names a seat (the
        engine's texts say "the leader", "the next team member")."""
        return [self.named_line(e, name) for e in events if e.get("text")]

    def named_line(self, event: dict[str, Any], name: Name) -> str:
        t = tx()
        e, kind, text = event, event.get("type"), event_words(KEY, event)
        if kind == "round" and e.get("leader"):
            return t._("{line} {player} leads it.", line=text, player=name(e["leader"]))
        if kind == "hand_over" and e.get("to") and e.get("seat"):
            return t._("{player} hands the rest of the Day to {other}.", player=name(e["seat"]), other=name(e["to"]))
        if kind == "hand_over" and e.get("to"):
            return t._("{player} takes over the rest of the Day.", player=name(e["to"]))
        if kind == "dropped_player" and e.get("member"):
            return t._("{player} leaves the team.", player=name(e["member"]))
        if kind == "game_over" and e.get("member"):
            return t._("{player} leaves: nobody is left to lead the resistance; the game is abandoned.",
                       player=name(e["member"]))
        return text


__all__ = ["MaquisUI", "asked_text", "offers", "place_name", "stock_text", "tx"]
