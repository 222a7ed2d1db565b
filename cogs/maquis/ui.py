"""How Maquis's views read in Discord messages. Everything is public except the order of the patrol
deck (in no view) and the mole's peek (only in the team members' private views)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.presentation import PlainUI
from games.maquis.board import (
    BRIDGE_NAME,
    LOCATIONS,
    MISSIONS,
    PATROL_CARDS,
    RES_NAME,
    RESOURCES,
    SLOT_NAME,
    SLOTS,
    TILES,
    box_label,
    cost_text,
    loc_name,
)

View = dict[str, Any]
Name = Callable[[str], str]

RESULT = {"success": "Success", "major_success": "Major Success"}
REASON = {"victory": "Victory", "major_victory": "Major Victory", "draw": "Draw", "morale": "Defeat",
          "no_partisans": "Defeat", "days_over": "Defeat", "abandoned": "Abandoned"}
SHORT = {"intel": "intel", "food": "food", "medicine": "med", "money": "money", "weapon": "weapon",
         "explosive": "expl", "poison": "poison", "fake_papers": "papers"}


def place_name(view: View, loc: str) -> str:
    """A location in players' words; a mission slot by its card's name."""
    if loc in SLOTS:
        m = next((x for x in view.get("missions", []) if x["slot"] == loc), None)
        return f"the {m['name']} card" if m else f"the {SLOT_NAME[loc]} mission card"
    return str(LOCATIONS[loc]["name"]) if loc in LOCATIONS else loc


def stock_text(stock: dict[str, int]) -> str:
    parts = [f"{stock[r]} {SHORT[r]}" for r in RESOURCES if stock.get(r)]
    return ", ".join(parts) if parts else "empty"


def gain_text(a: dict[str, Any]) -> str:
    bits = [f"+{n} {RES_NAME[r].lower()}" for r, n in a.get("gain", {}).items()]
    if a.get("morale"):
        bits.append(f"morale {a['morale']:+d}")
    cost = cost_text(a.get("cost", {}))
    return (cost + " → " if cost != "nothing" else "") + (", ".join(bits) or "")


def mission_boxes_at(view: View, loc: str) -> list[str]:
    """The missions with an open dashed box at `loc` (from the public view)."""
    filled = {(m["slot"], x["id"]) for m in view.get("missions", []) for x in m["boxes"] if x["filled"]}
    names = [m["name"] for m in view.get("missions", []) if m["result"] is None and m["id"] != "destroy_the_aa_guns"
             for b in MISSIONS[m["id"]]["boxes"]
             if loc in (b.get("locations") or []) and (m["slot"], b["id"]) not in filled]
    if loc in (view.get("guns") or []):
        names.append("an AA gun to destroy")
    return list(dict.fromkeys(names))


def offers(view: View, loc: str) -> str:
    """What a partisan placed on `loc` could do there, from the public view (short)."""
    if loc in SLOTS:
        m = next(x for x in view["missions"] if x["slot"] == loc)
        left = [box_label(m["id"], b["id"]) for b in m["boxes"] if not b["dashed"] and not b["filled"]]
        return "on the card: " + (", ".join(left[:3]) if left else m["name"])
    info = LOCATIONS.get(loc, {})
    kind = info.get("kind")
    if kind == "spare_room":
        tile = (view.get("rooms") or {}).get(loc)
        if tile is None:
            return "build a spare room (2 money)"
        t = TILES[tile]
        if tile == "fixer":
            return "Fixer: copy a tile not built (+1 money)"
        return f"{t['name']}: " + "; ".join(gain_text(a) for a in t["actions"])
    missions = mission_boxes_at(view, loc)
    if kind == "street":
        return ("mission: " + ", ".join(missions)) if missions else "a street (no action)"
    bits = []
    for a in info.get("actions", []):
        special = a.get("special")
        if special == "recruit":
            bits.append("recruit (1 food)")
        elif special == "airdrop":
            bits.append("call an airdrop")
        elif special == "collect_airdrop":
            res = (view.get("fields") or {}).get(loc) or {}
            if any(res.values()):
                bits.append("collect " + stock_text(res))
        else:
            bits.append(gain_text(a))
    if missions:
        bits.append("mission: " + ", ".join(missions))
    if view.get("dark_lady") == loc:
        bits.append("the Dark Lady is here")
    return "; ".join(bits) or "no action"


def mission_line(m: dict[str, Any]) -> str:
    done = sum(1 for b in m["boxes"] if b["filled"])
    res = RESULT.get(m["result"] or "", "")
    line = f"{m['name']} ({SLOT_NAME[m['slot']]}): " + (f"**{res}**" if res else f"{done}/{len(m['boxes'])} boxes")
    return line + (f" ({outlook_words(m)})" if outlook_words(m) else "")


def outlook_words(m: dict[str, Any]) -> str:
    """What a mission can still come to, when that is less than it promised ('' otherwise)."""
    if "best" not in m or m["result"] == m["best"] == "major_success":
        return ""
    if m["best"] is None:
        return "can no longer succeed" if m["result"] is None else ""
    if m["stars"] == 3 and m["best"] == "success":
        return "" if m["result"] == "success" else "a Major Success is out of reach"
    if m["result"] is not None and m["best"] == "major_success" and m["result"] != m["best"]:
        return "a Major Success is still possible"
    return ""


def outlook_text(m: dict[str, Any]) -> str:
    """The best result still reachable for one mission, in a sentence (for `/maquis missions`)."""
    if m["result"] is not None and m["result"] == m.get("best"):
        return f"Done: {RESULT[m['result']]}."
    why = f" ({m['best_why']})" if m.get("best_why") else ""
    if m.get("best") is None:
        return f"It can no longer succeed{why}."
    return f"Best still reachable: {RESULT[m['best']]}{why}."


def discard_lines(view: View) -> list[str]:
    """The public patrol discard pile (ruling 12), oldest first: each card's three places."""
    return [f"{k}. " + " → ".join(loc_name(x) for x in PATROL_CARDS[c])
            for k, c in enumerate(view.get("discard") or [], start=1)]


def day_word(view: View) -> str:
    return f"Day {view['day']}" + (" of the second lap" if view.get("lap") else "")


def team_size(view: View) -> int:
    return len(view.get("team") or [])


def partisan_counts(view: View) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in view.get("partisans", []):
        out[p["status"]] = out.get(p["status"], 0) + 1
    return out


def asked_text(view: View) -> str:
    """What the game asks now, in words."""
    ph = view.get("phase")
    counts = partisan_counts(view)
    if ph == "arrange":
        a, b = view["arrange"]
        return f"choose which exit each mission card goes on ({MISSIONS[a]['name']}, {MISSIONS[b]['name']})"
    if ph == "placement":
        home = counts.get("home", 0)
        return (f"place the next partisan ({home} left in the Safe House; patrols {view['patrols_placed']}"
                f"/{view['patrols_today']} out)")
    if ph == "action":
        left = sum(1 for p in view["partisans"] if p["status"] == "placed" and not p["activated"])
        shoot = ", or shoot a Milice" if view.get("shot_blocked") is None else ""
        saves = view.get("shot_saves") or []
        cut = [place_name(view, loc) for loc in view.get("cut_off") or [] if loc not in saves]
        warn = f"; arrested if activated (no road home): the partisan on {', '.join(cut)}" if cut else ""
        if saves:
            warn += ("; no road home unless a Milice is shot: the partisan on "
                     + ", ".join(place_name(view, loc) for loc in saves))
        if left:
            return f"activate a partisan ({left} still to activate){shoot}{warn}"
        return f"end the action phase (every partisan has acted){shoot}"
    if ph == "route":
        at = {p["id"]: p["at"] for p in view.get("partisans", [])}
        who = ", ".join(place_name(view, at[x]) for x in view.get("route_waiting") or [] if at.get(x))
        shots = " or ".join(place_name(view, x) for x in view.get("route_shots") or [])
        head = f"the partisan on {who} is about to go home" if who else "a partisan is about to go home"
        doomed = any(at.get(x) in (view.get("cut_off") or []) for x in view.get("route_waiting") or [])
        going = "send it home now" + (" (arrested: no road home)" if doomed else "")
        return (f"{head}: shoot the Milice on {shots} first (1 weapon) to clear its way, or {going}"
                if shots else head)
    if ph == "remove":
        return "choose the partisan the Double Agent costs"
    if ph == "bridge":
        return "choose the bridge that falls"
    return str(view.get("asked") or "")


class MaquisUI(PlainUI):
    def __init__(self) -> None:
        super().__init__("maquis")

    def status_line(self, view: View) -> str:
        day = f"Day {view['day']}/{view['end_day']}" + (" (second lap)" if view.get("lap") else "")
        if view.get("outcome"):
            return f"{day} · {view['difficulty_name']} · game over"
        parts = [day, view["difficulty_name"], f"morale {view['morale']}", f"soldiers {view['soldiers']}",
                 "stock: " + stock_text(view["stock"])]
        parts += [mission_line(m) for m in view["missions"]]
        if view.get("best_end") in ("Draw", "Defeat"):  # news: a Victory is out of reach
            parts.append(f"best end still reachable: {view['best_end']}")
        return " · ".join(parts)

    def waiting_line(self, view: View, name: Name) -> str:
        to_act = view.get("to_act") or []
        if not to_act:
            return ""
        seat = to_act[0]
        if team_size(view) > 1:
            day = day_word(view)
            lead = (f"It is {name(seat)}'s Day ({day}): they decide for the team"
                    if seat == view["leader"] else
                    f"{name(seat)} leads the rest of {day} for the team")
            return f"{lead}: {asked_text(view)}. The others watch."
        return f"{name(seat)}: {asked_text(view)}."

    def board_signature(self, view: View) -> str:
        skip = ("to_act", "asked", "acting", "acting_name", "whose_day", "phase", "route_waiting",
                "route_shots", "arrange", "team", "leader", "leader_name", "patrols_placed", "me")
        return json.dumps({k: v for k, v in view.items() if k not in skip}, sort_keys=True, default=str)

    def private_text(self, view: View) -> str:
        me = view.get("me") or {}
        lines = [("Maquis is co-operative and open: the whole table sees the same board. Only the mole's "
                  "peek at the patrol deck is private to the team.")]
        if me.get("peek_text"):
            lines.append(f"🔒 The mole reports the next patrol card: **{me['peek_text']}**.")
        else:
            lines.append("You hold no secret now: no mole is peeking at the patrol deck for the team.")
        if team_size(view) > 1:
            lines.append("You lead the team today: every decision is yours." if me.get("leader_today")
                         else "Today another member leads (the channel's post names them); you watch and advise.")
        return "\n".join(lines)

    def panel_intro(self, view: View) -> str:
        me = view.get("me") or {}
        if view.get("outcome"):
            return "The game is over."
        who = "Your Day" if team_size(view) > 1 and me.get("leader_today") else "Your decision"
        text = f"{who} ({day_word(view)}): {asked_text(view)}."
        ph = view.get("phase")
        if ph == "placement":
            text += " Pick a location, then with or without fake papers. `/maquis place` shows what each spot offers."
        elif ph == "action":
            text += " Pick a partisan (by where it stands), then its action."
        if me.get("peek_text"):
            text += f"\n🔒 Next patrol card (the mole's peek): {me['peek_text']}."
        return text

    def opening_lines(self, view: View, name: Name) -> list[str]:
        team = view.get("team") or []
        missions = " and ".join(f"**{m['name']}** ({'★' * m['stars'] or 'no star'})" for m in view["missions"])
        if len(team) > 1:
            order = ", then ".join(name(t["seat"]) for t in team)
            who = (f"The resistance is a team of {len(team)}: {order}. The Day's leader decides everything "
                   "that Day; the lead passes on each Day, in this order. You win or lose together.")
        else:
            who = f"{name(team[0]['seat'])} leads the resistance alone." if team else ""
        return [f"France, 1944. {who}",
                (f"Missions: {missions}. Complete both before the end of Day {view['end_day']} "
                 f"({view['difficulty_name']}); lose if morale reaches 0 or no partisan is left."),
                "New here? `/maquis help` explains the game; press **My turn** when it is your Day."]

    def outcome_text(self, view: View, name: Name) -> str:
        out = view.get("outcome") or {}
        reason = out.get("reason", "")
        won = bool(out.get("winners"))
        head = ("🏆 " if won else "") + f"**Game over: {REASON.get(reason, reason)}.** {out.get('result', '')}"
        missions = "; ".join(mission_line(m) for m in view["missions"])
        pts = view.get("points", 0)
        who = ", ".join(name(t["seat"]) for t in view.get("team") or [])
        return "\n".join([head, f"Missions: {missions}.",
                          (f"Score: {pts} point{'s' if pts != 1 else ''} (1 a Success, 2 a Major Success), "
                           f"after {view['days_played']} Day{'s' if view['days_played'] != 1 else ''}; for {who}. "
                           f"Morale {view['morale']}, soldiers {view['soldiers']}.")])

    def action_label(self, view: View, action: dict[str, Any], label: str) -> str:
        if action.get("type") == "place":
            at = place_name(view, action["at"])
            papers = " + fake papers" if action["papers"] else ""
            return f"{at}{papers} · {offers(view, action['at'])}"[:80]
        if action.get("type") == "activate":
            return label.replace(" (nothing)", "")
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
        out = []
        for a in actions:
            kind = a.get("type")
            if kind == "place":
                name = place_name(view, a["at"])
                out.append(name[:1].upper() + name[1:])
            elif kind == "activate":
                cut = a["at"] in (view.get("cut_off") or [])
                saved = a["at"] in (view.get("shot_saves") or [])
                out.append(f"Partisan on {place_name(view, a['at'])}"
                           + (" (no road home: shoot first)" if saved else " (arrested if activated)" if cut else ""))
            elif kind == "shoot":
                out.append("Shoot a Milice (1 weapon)")
            else:
                out.append("")
        return out  # a group of one is shown as its action by cogs.panel.ungroup_single

    def narrate(self, view: View, events: list[dict[str, Any]]) -> list[str]:
        return [str(e["text"]) for e in events if e.get("text")]

    def narrate_named(self, view: View, events: list[dict[str, Any]], name: Name) -> list[str]:
        """The events' lines with the team's players named where an event names a seat (the
        engine's texts say "the leader", "the next team member")."""
        return [self.named_line(e, name) for e in events if e.get("text")]

    def named_line(self, event: dict[str, Any], name: Name) -> str:
        e, kind, text = event, event.get("type"), str(event.get("text", ""))
        if kind == "round" and e.get("leader"):
            return f"{text} {name(e['leader'])} leads it."
        if kind == "hand_over" and e.get("to") and e.get("seat"):
            return f"{name(e['seat'])} hands the rest of the Day to {name(e['to'])}."
        if kind == "hand_over" and e.get("to"):
            return f"{name(e['to'])} takes over the rest of the Day."
        if kind == "dropped_player" and e.get("member"):
            return f"{name(e['member'])} leaves the team."
        if kind == "game_over" and e.get("member"):
            return f"{name(e['member'])} leaves: nobody is left to lead the resistance; the game is abandoned."
        return text


__all__ = ["BRIDGE_NAME", "MaquisUI", "asked_text", "offers", "place_name", "stock_text"]
