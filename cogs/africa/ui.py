"""How Heart of Africa's views read in Discord messages (only from views: no secret can leak)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.presentation import PlainUI
from games.africa.board import (
    AREA,
    COSTS,
    MAX_VP_BID,
    RAW,
    SPECIALS,
    SV,
    TOKENS,
    marker_name,
    token_name,
)

HEART_BONUS = int(RAW["rules"]["scoring"]["heart_of_africa_bonus"])
View = dict[str, Any]
Action = dict[str, Any]
Name = Callable[[str], str]

STAGES = {"setup": "setting up", "auction": "auction", "turn": "turn", "commit": "conflict",
          "draw": "conflict with neutrals", "over": "game over"}
REASONS = {"target": "reaches the target", "no_tokens": "no action tokens are left to auction: most VP wins",
           "abandoned": "the other companies left the table"}
CONFLICT_LOSS = {"none": "no loss", "reputation": "reputation −{n}", "influence": "{n} influence",
                 "traders": "{n} trader(s) lost"}


def area_name(area: str) -> str:
    return str(AREA[area]["name"]) if area in AREA else area


def player(view: View, colour: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["colour"] == colour)


def by_seat(view: View, seat: str) -> dict[str, Any] | None:
    return next((p for p in view["players"] if p["seat"] == seat), None)


def who(view: View, seat: str, name: Name) -> str:
    p = by_seat(view, seat)
    return f"{name(seat)} ({p['name']})" if p else name(seat)


def who_colour(view: View, colour: str, name: Name) -> str:
    return who(view, player(view, colour)["seat"], name)


def my_colour(view: View) -> str | None:
    me = view.get("me") or {}
    return me.get("colour")


def conflict_token_text(cid: str) -> str:
    from games.africa.board import CONFLICT

    t = CONFLICT.get(cid)
    if t is None:
        return cid
    loss: str = t["loss"]
    return CONFLICT_LOSS.get(loss, loss).format(n=t["amount"])


def pieces_in(view: View, area: str, colour: str) -> tuple[int, bool]:
    info = view["areas"].get(area, {})
    return int(info.get("traders", {}).get(colour, 0)), colour in info.get("wholesalers", [])


def count_text(traders: int, wholesaler: bool) -> str:
    if wholesaler:
        return f"{1 + 2 * traders} (wholesaler + {traders} trader{'s' if traders != 1 else ''})"
    return f"{traders}"


def areas_worth(view: View, colour: str) -> int:
    """What a colour's areas would score now, as scoring counts them (RULINGS Heart of Africa 26):
    the value of each area it holds alone and the Heart's bonus, less 1 per neutral wherever its
    pieces stand."""
    total = 0
    for area, info in view["areas"].items():
        if not info.get("traders", {}).get(colour) and colour not in info.get("wholesalers", []):
            continue
        total -= int(info.get("neutrals", 0))
        if info.get("controller") == colour:
            total += int(info["value"]) + (HEART_BONUS if AREA.get(area, {}).get("heart_of_africa") else 0)
    return total


def vp_payable(view: View, colour: str) -> int:
    """VP a bid may use: at most 10, and only as far as free spaces lie below the marker (RULINGS 7)."""
    mine = player(view, colour)["vp"]
    taken = {p["vp"] for p in view["players"] if p["colour"] != colour}
    return min(MAX_VP_BID, sum(1 for v in range(int(mine)) if v not in taken))


def bid_split(view: View, colour: str, amount: int) -> str:
    """A bid in what it costs: influence first, the rest in VP."""
    cubes = player(view, colour)["influence"]
    if amount <= cubes:
        return f"{amount} cube{'s' if amount != 1 else ''}"
    return f"{cubes} cube{'s' if cubes != 1 else ''} + {amount - cubes} VP"


def token_power(tid: str) -> str:
    if tid in SV:
        return f"+{SV[tid].get('strength', 9)}"
    return "+9"


def sv_text(tid: str) -> str:
    if tid not in SV:
        return tid
    return f"**{SV[tid]['name']}**: {SV[tid]['effect']}"


def special_text(tid: str) -> str:
    t = TOKENS.get(tid)
    if not t or not t["special"]:
        return token_name(tid) if tid in TOKENS else tid
    return f"**{token_name(tid)}**: {SPECIALS[t['special']]['effect']}"


class AfricaUI(PlainUI):
    def __init__(self) -> None:
        super().__init__("africa")

    # --- the table's lines ---------------------------------------------------------------------
    def status_line(self, view: View) -> str:
        stage = STAGES.get(view["stage"], view["stage"])
        parts = [f"round {view['round']}" if view["round"] else "", stage]
        live = [p for p in view["players"] if not p["dropped"]]
        parts.append("VP " + " · ".join(f"{p['name']} {p['vp']}" for p in
                                         sorted(live, key=lambda p: -p["vp"])) + f" (target {view['target']})")
        if view.get("pool"):
            parts.append(f"pool {view['pool']}")
        return " · ".join(x for x in parts if x)

    def waiting_line(self, view: View, name: Name) -> str:
        to_act = view.get("to_act") or []
        if not to_act or view.get("outcome"):
            return ""
        pend = view.get("pending")
        if pend:
            chooser = who_colour(view, pend["chooser"], name)
            if pend["kind"] == "start_area":
                return (f"{chooser} chooses a start area: a coastal area without neutrals or another "
                        "company (`/africa start`).")
            if pend["kind"] == "reputation_buy":
                return f"{chooser} won the conflict and may pay 2 influence for +1 reputation (`/africa reputation`)."
            src = area_name(pend.get("from", ""))
            if pend["kind"] == "neutral_retreat":
                return f"{chooser} retreats a neutral trader from {src}, 1 or 2 areas (`/africa retreat`)."
            owner = pend.get("owner", "")
            whose = "their own" if owner == pend["chooser"] else f"{owner.capitalize()}'s"
            return (f"{chooser} retreats {whose} {pend.get('piece', 'trader')} from {src}, "
                    "1 or 2 areas (`/africa retreat`).")
        stage = view["stage"]
        if stage == "auction":
            auc = view["auction"] or {}
            if auc.get("sealed"):
                done = auc.get("has_bid") or []
                extra = f" ({', '.join(c.capitalize() for c in done)} bid already)" if done else ""
                return ("Sealed auction of row 1: " + ", ".join(who(view, s, name) for s in to_act)
                        + (" bid" if len(to_act) > 1 else " bids") + " in secret (`/africa bid`, 0 for no bid)"
                        + extra + ".")
            bids = [b["bid"] for b in auc.get("bids", []) if b["bid"] is not None]
            bidder = who(view, to_act[0], name)
            if not auc.get("bids"):
                return f"{bidder} opens the auction of row 1 and must bid (0 is a bid; `/africa bid`)."
            return (f"{bidder} bids more than {max(bids) if bids else 0} or passes "
                    "(`/africa bid`, `/africa pass`).")
        if stage == "commit":
            c = view["conflict"] or {}
            done = c.get("committed") or []
            extra = f" ({', '.join(x.capitalize() for x in done)} has committed)" if done else ""
            return (f"Conflict in {area_name(c.get('area', ''))}, {c.get('active', '').capitalize()} against "
                    f"{c.get('defender', '').capitalize()}: " + " and ".join(who(view, s, name) for s in to_act)
                    + (" commit" if len(to_act) > 1 else " commits") + " in secret (`/africa commit`)" + extra + ".")
        if stage == "draw":
            c = view["conflict"] or {}
            drawn = c.get("drawn") or []
            last = conflict_token_text(drawn[-1]) if drawn else "?"
            redraw = f", or draw again ({c.get('redraws_left', 0)} left)" if c.get("redraws_left") else ""
            return (f"{who(view, to_act[0], name)} drew **{last}** against the neutrals in "
                    f"{area_name(c.get('area', ''))}: keep it, refuse it (reputation −1){redraw} (`/africa drawn`).")
        t = view.get("turn") or {}
        actor = who(view, to_act[0], name)
        if t.get("step") == "neutral":
            return f"{actor} places a neutral trader (`/africa place-neutral`)."
        if t.get("mode"):
            kind = SPECIALS.get(t["mode"]["kind"], {}).get("name", t["mode"]["kind"])
            return f"{actor} plays {kind}: {t['mode']['left']} left (`/africa finish` to stop)."
        if t.get("step") == "actions":
            return (f"{actor} acts with {t.get('ap', 0)} AP (more for influence): move, new traders, "
                    "resources, specials; then conflicts and scoring.")
        return f"{actor} fights the conflicts left, then scores (`/africa conflict`, `/africa score`)."

    def board_signature(self, view: View) -> str:
        """The map, the tracks, the rows and the supplies; not whose turn it is, nor the bids."""
        stable = {k: view.get(k) for k in ("round", "areas", "table", "rows", "stock", "pool", "box",
                                           "neutral_supply", "station_supply", "target", "outcome")}
        stable["players"] = [{k: p[k] for k in ("colour", "vp", "influence", "reputation", "supply",
                                                  "wholesaler", "tokens", "dropped")} for p in view["players"]]
        c = view.get("conflict") or {}
        stable["conflict"] = {k: c.get(k) for k in ("kind", "area", "drawn")} if c else None
        stable["in_auction"] = view["stage"] == "auction"
        return json.dumps(stable, sort_keys=True, default=str)

    def opening_lines(self, view: View, name: Name) -> list[str]:
        live = sorted(view["players"], key=lambda p: -p["vp"])
        lines = ["Companies: " + ", ".join(f"{who(view, p['seat'], name)} {p['vp']} VP" for p in live)
                 + f". The first to reach **{view['target']} VP** wins."]
        if view.get("sealed_auction"):
            lines.append("Sealed auction: each round everyone bids in secret at once.")
        lines.append("First, from the fewest VP up, each company chooses a coastal start area for its 5 traders. "
                     "Then each draws a secret special victory token (your DM, or `/game hand`).")
        lines.append("New here? `/africa help` explains the game; press **My turn** when you are mentioned.")
        return lines

    def outcome_text(self, view: View, name: Name) -> str:
        outcome = view.get("outcome") or {}
        reason = outcome.get("reason", "")
        winners = outcome.get("winners") or []
        lines = ["**Game over.**"]
        if winners:
            w = by_seat(view, winners[0])
            why = {"target": f"reaches {view['target']} VP", "no_tokens": "has the most VP when no action "
                   "tokens are left to auction", "abandoned": "is the last company at the table"}.get(reason, reason)
            lines.append(f"🏆 {who(view, winners[0], name)} {why} and wins!" if w else "🏆 " + name(winners[0]))
        ranking = outcome.get("ranking") or [p["seat"] for p in sorted(view["players"], key=lambda p: -p["vp"])]
        scores = outcome.get("scores") or {}
        for n, seat in enumerate(ranking, 1):
            p = by_seat(view, seat)
            if p is None:
                continue
            held = [a for a, info in view["areas"].items() if info.get("controller") == p["colour"]]
            stations = sum(1 for a in held if view["areas"][a].get("station"))
            area_vp = areas_worth(view, p["colour"])
            shown = ", ".join(SV[t]["name"] for t in p.get("shown_special_victory_tokens", []) if t in SV)
            lines.append(
                f"{n}. {who(view, seat, name)}: **{scores.get(seat, p['vp'])} VP** · controls {len(held)} "
                f"area(s) worth {area_vp} VP in scoring now (neutrals deducted)"
                + (f", {stations} station(s)" if stations else "")
                + f" · reputation {p['reputation']} · {p['influence']} cubes"
                + (f" · revealed {shown}" if shown else "") + (" · left the table" if p["dropped"] else ""))
        for p in view["players"]:
            if p["dropped"] and p["seat"] not in ranking:
                lines.append(f"– {who(view, p['seat'], name)}: left the table with {p['vp']} VP.")
        lines.append("VP were scored turn by turn (areas held, neutrals, the Heart, stations, tokens) and "
                     "paid in auctions: `/game log` shows every scoring.")
        return "\n".join(lines)

    # --- one seat's eyes -----------------------------------------------------------------------
    def private_text(self, view: View) -> str:
        me = view.get("me") or {}
        colour = me.get("colour")
        if not colour:
            return ""
        p = player(view, colour)
        lines = [(f"You are **{p['name']}**: {p['vp']} VP, {p['influence']} influence cubes, reputation "
                  f"{p['reputation']}, {p['supply']} traders in supply.")]
        secret = me.get("special_victory_tokens") or []
        if secret:
            lines.append("Your special victory token(s), secret until you use them:")
            lines += [f"• {sv_text(t)}" for t in secret]
        else:
            lines.append("You hold no special victory token.")
        if p["tokens"]:
            lines.append("Your action tokens (public): " + "; ".join(token_name(t) for t in p["tokens"]) + ".")
        if "sealed_bid" in me:
            amount = int(me["sealed_bid"])
            lines.append(f"Your sealed bid this round: **{amount}** ({bid_split(view, colour, amount)}).")
        c = me.get("commitment")
        if c:
            if c.get("retreat"):
                what = "the retreat token"
            else:
                bits = [f"{c['cubes']} cube(s)"] if c.get("done") else []
                what = ", ".join(bits + [token_name(t) for t in c.get("tokens", [])]) or "nothing yet"
            lines.append(f"Your commitment in this conflict{' (done)' if c.get('done') else ' so far'}: {what}.")
        return "\n".join(lines)

    def panel_intro(self, view: View) -> str:
        me = view.get("me") or {}
        colour = me.get("colour")
        if not colour:
            return ""
        p = player(view, colour)
        pend = view.get("pending")
        if pend and pend["chooser"] == colour:
            if pend["kind"] == "start_area":
                return ("Choose your start area: your 5 traders go to a coastal area without neutrals "
                        "or another company.")
            if pend["kind"] == "reputation_buy":
                return (f"You won the conflict. Pay 2 of your {p['influence']} influence cubes for +1 reputation "
                        f"(now {p['reputation']})?")
            src = area_name(pend.get("from", ""))
            what = "a neutral trader" if pend["kind"] == "neutral_retreat" else (
                f"your {pend.get('piece')}" if pend.get("owner") == colour
                else f"{pend.get('owner', '').capitalize()}'s {pend.get('piece')}")
            return f"Retreat {what} from {src}: 1 or 2 areas away."
        stage = view["stage"]
        if stage == "auction":
            auc = view["auction"] or {}
            most = vp_payable(view, colour)
            vp_note = (f" Beyond your {p['influence']} cubes a bid is paid in VP (at most {most})."
                       if auc.get("order", [None])[0] != colour else " You bid first: cubes only, no VP.")
            row = ", ".join(token_name(t) for t in view["rows"][0])
            if auc.get("sealed"):
                return f"Sealed bid for row 1 ({row}): nobody sees it until all have bid; 0 means no bid." + vp_note
            return f"Your bid for row 1 ({row})." + vp_note
        if stage == "commit":
            c = view["conflict"] or {}
            traders, wh = pieces_in(view, c.get("area", ""), colour)
            other = c["defender"] if c.get("active") == colour else c.get("active", "")
            mine = me.get("commitment") or {}
            added = ", ".join(token_name(t) for t in mine.get("tokens", [])) or "none"
            return (f"Conflict in {area_name(c.get('area', ''))} against {other.capitalize()}: commit in secret. "
                    f"Strength = count {count_text(traders, wh)} × reputation {p['reputation']} "
                    "+ 3 per cube + 9 per token (a tie goes to the defender). "
                    f"Tokens added so far: {added}. Add tokens first, then commit your cubes; "
                    "or play the retreat token (you lose no piece and take the other side's bid).")
        if stage == "draw":
            c = view["conflict"] or {}
            drawn = c.get("drawn") or []
            return (f"You drew **{conflict_token_text(drawn[-1]) if drawn else '?'}** against the neutrals in "
                    f"{area_name(c.get('area', ''))}. Keep it and pay, refuse it (reputation −1, you lose), "
                    + (f"or draw again ({c.get('redraws_left')} left)." if c.get("redraws_left")
                       else "no redraw left."))
        t = view.get("turn") or {}
        if view.get("active") != colour:
            return ""
        if t.get("step") == "neutral":
            return "Place a neutral trader: into an empty area or one that already holds neutrals."
        if t.get("mode"):
            kind = SPECIALS.get(t["mode"]["kind"], {}).get("name", t["mode"]["kind"])
            return f"{kind}: {t['mode']['left']} left. Use them, or finish."
        if t.get("step") == "actions":
            extra = (f"+{p['influence']} influence cubes, 1 AP each" if p["influence"]
                     else "no influence cubes to add")
            return (f"Action step: **{t.get('ap', 0)} AP** left ({extra}). "
                    "Move 1 AP an area · new trader 4 AP (2 with a station) · resource marker "
                    f"{COSTS['resource_change_per_row']} AP a row · specials. A conflict or scoring ends the step.")
        return "Your conflicts (compulsory ones first), specials, then score to end your turn."

    def action_label(self, view: View, action: Action, label: str) -> str:
        kind = action.get("type")
        colour = my_colour(view)
        if kind == "bid" and colour:
            return f"Bid {action['amount']} ({bid_split(view, colour, int(action['amount']))})"
        if kind == "commit":
            return f"Commit {action['cubes']} cube{'s' if action['cubes'] != 1 else ''} (+{3 * action['cubes']})"
        if kind == "add_token":
            return f"Add {token_name(action['token'])} ({token_power(action['token'])})"
        if kind == "retreat_token":
            return "Retreat token (lose nothing, take their bid)"
        if kind == "fight_neutrals":
            n = view["areas"].get(action["area"], {}).get("neutrals", 0)
            return f"Fight {n} neutral{'s' if n != 1 else ''} in {area_name(action['area'])}"
        turn = view.get("turn") or {}
        if kind == "move" and turn.get("mode"):
            return label + " (1 point)"
        if kind in ("move", "recruit") and view["stage"] == "turn" and not turn.get("mode") and label.endswith(" AP)"):
            cost = int(label.rpartition("(")[2].split()[0])
            ap = int(turn.get("ap", 0))
            if cost > ap:
                paid = f"{ap} AP + {cost - ap} cube{'s' if cost - ap != 1 else ''}" if ap else \
                    f"{cost - ap} cube{'s' if cost - ap != 1 else ''}"
                return label.rpartition(" (")[0] + f" ({paid})"
        return label

    def panel_groups(self, view: View, actions: list[Action]) -> list[str] | None:
        """Long turn lists: a piece or a family first ("Trader in Congo", "New traders"), then the target."""
        if len(actions) <= 12 or view["stage"] != "turn":
            return None
        names = []
        for a in actions:
            kind = a["type"]
            if kind == "move":
                names.append(f"{a['piece'].capitalize()} in {area_name(a['from'])}")
            elif kind == "move_neutral":
                names.append(f"Neutral in {area_name(a['from'])}")
            elif kind == "recruit":
                names.append("New traders")
            elif kind == "change_resource":
                names.append("Resource table (4 AP a row)")
            elif kind == "use":
                many = sum(1 for b in actions if b["type"] == "use" and b["token"] == a["token"]) > 1
                names.append(f"Play {token_name(a['token'])}" if many else "Specials")
            elif kind in ("fight", "fight_neutrals"):
                names.append("Conflicts" if sum(1 for b in actions if b["type"] in ("fight", "fight_neutrals")) > 3
                             else "")
            elif kind == "score":
                names.append("Score with a token" if "token" in a else "")
            elif kind == "place_neutral":
                names.append("Neutral trader")
            else:
                names.append("")
        return names


_ = marker_name
