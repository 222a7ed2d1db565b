"""How Heart of Africa's views read in Discord messages (only from views: no secret can leak)."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import lang
from bot.presentation import PlainUI
from games.africa.board import (
    AREA,
    COSTS,
    MAX_VP_BID,
    RAW,
    SPECIALS,
    SV,
    TOKENS,
    area_say,
    colour_say,
    special_say,
    token_say,
)

HEART_BONUS = int(RAW["rules"]["scoring"]["heart_of_africa_bonus"])
View = dict[str, Any]
Action = dict[str, Any]
Name = Callable[[str], str]

STAGES = {"setup": lang.N_("setting up"), "auction": lang.N_("auction"), "turn": lang.N_("turn"),
          "commit": lang.N_("conflict"), "draw": lang.N_("conflict with neutrals"), "over": lang.N_("game over")}
# The data's texts (games/africa/data/africa.json), worded where shown: tx._(name).
DATA_TEXTS = [
    lang.N_("Trading station"), lang.N_("Wholesaler"), lang.N_("Movement"), lang.N_("New traders"),
    lang.N_("Move neutral traders"), lang.N_("Place a neutral trader"), lang.N_("Remove a neutral trader"),
    lang.N_("Reputation up"), lang.N_("Reputation down"), lang.N_("Resource up"), lang.N_("Resource down"),
    lang.N_("Double scoring"), lang.N_("Special victory token"),
    lang.N_("Gold concession"), lang.N_("Diamond concession"), lang.N_("Ivory concession"),
    lang.N_("Banana concession"), lang.N_("Into the heart"), lang.N_("Trading empire"),
    lang.N_("Askari escort"), lang.N_("Safe conduct"), lang.N_("Favour of the chiefs"),
]



def words(what: Any) -> str:
    """An engine's Say (a token, a marker, a colour) in the current language."""
    return lang.here("africa").say(what)


def token_name(tid: str) -> str:
    """A token in the reader's words: "Movement (3 AP)"."""
    return words(token_say(tid))


def colour_name(colour: str) -> str:
    """A company's colour in the reader's words ("Red")."""
    return words(colour_say(colour)) if colour else ""


def special_name(kind: str) -> str:
    return words(special_say(kind)) if kind in SPECIALS else kind


def effect(text: str) -> str:
    """A data effect text (a special's or a victory token's), as the reader reads it."""
    return lang.here("africa")._(text)


def area_name(area: str) -> str:
    """An area in the reader's words ("Maroko" for a Polish reader); anything else as it is. In a
    sentence a translation may ask for its form: "{area:in}" is "w Maroku" (lang.Worded)."""
    return lang.here("africa").worded(area_say(area)) if area in AREA else area


def area_english(area: str) -> str:
    """An area's English name, as the commands read it back in any language ("Morocco")."""
    return str(AREA[area]["name"]) if area in AREA else area


def player(view: View, colour: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["colour"] == colour)


def by_seat(view: View, seat: str) -> dict[str, Any] | None:
    return next((p for p in view["players"] if p["seat"] == seat), None)


def who(view: View, seat: str, name: Name) -> str:
    p = by_seat(view, seat)
    if not p:
        return name(seat)
    return lang.here("africa")._("{player} ({colour})", player=name(seat), colour=colour_name(p["colour"]))


def who_colour(view: View, colour: str, name: Name) -> str:
    return who(view, player(view, colour)["seat"], name)


def my_colour(view: View) -> str | None:
    me = view.get("me") or {}
    return me.get("colour")


def conflict_token_text(cid: str) -> str:
    from games.africa.board import CONFLICT

    tx = lang.here("africa")
    t = CONFLICT.get(cid)
    if t is None:
        return cid
    loss: str = t["loss"]
    n = int(t["amount"])
    if loss == "none":
        return tx._("no loss")
    if loss == "reputation":
        return tx._("reputation −{n}", n=n)
    if loss == "influence":
        return tx._("{n} influence", n=n)
    if loss == "traders":
        return tx.n_("{count} trader lost", "{count} traders lost", n)
    return loss


def pieces_in(view: View, area: str, colour: str) -> tuple[int, bool]:
    info = view["areas"].get(area, {})
    return int(info.get("traders", {}).get(colour, 0)), colour in info.get("wholesalers", [])


def count_text(traders: int, wholesaler: bool) -> str:
    if wholesaler:
        return lang.here("africa").n_("{total} (wholesaler + {count} trader)", "{total} (wholesaler + {count} traders)",
                                      traders, total=1 + 2 * traders)
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
    tx = lang.here("africa")
    cubes = player(view, colour)["influence"]
    if amount <= cubes:
        return tx.n_("{count} cube", "{count} cubes", amount)
    return tx.n_("{count} cube + {vp} VP", "{count} cubes + {vp} VP", cubes, vp=amount - cubes)


def token_power(tid: str) -> str:
    if tid in SV:
        return f"+{SV[tid].get('strength', 9)}"
    return "+9"


def sv_text(tid: str) -> str:
    if tid not in SV:
        return tid
    return f"**{words(token_say(tid))}**: {effect(SV[tid]['effect'])}"


def special_text(tid: str) -> str:
    t = TOKENS.get(tid)
    if not t or not t["special"]:
        return token_name(tid) if tid in TOKENS else tid
    return f"**{token_name(tid)}**: {effect(SPECIALS[t['special']]['effect'])}"


def cmd(*paths: str) -> str:
    """Commands as the reader's Discord names them, in code marks: "`/africa bid`"."""
    from bot.translator import slash

    return f"`{slash(lang.current(), *paths)}`"


def names_and(items: list[str]) -> str:
    """"A", "A and B", "A, B and C" in the reader's words."""
    if len(items) <= 1:
        return "".join(items)
    return lang.here("africa")._("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


# What a panel menu of one action type chooses (cogs.panel): "Move a piece: 7 choices…".
SELECT_KINDS = {
    "start_area": lang.N_("Choose your start area"), "bid": lang.N_("Make a bid"),
    "place_neutral": lang.N_("Place a neutral trader"), "move": lang.N_("Move a piece"),
    "recruit": lang.N_("Place a new trader"), "change_resource": lang.N_("Change a resource"),
    "use": lang.N_("Play a special"), "move_neutral": lang.N_("Move a neutral trader"),
    "fight": lang.N_("Start a conflict with a company"), "fight_neutrals": lang.N_("Fight the neutrals"),
    "commit": lang.N_("Commit influence cubes"), "add_token": lang.N_("Add a token"),
    "retreat": lang.N_("Retreat to an area"), "score": lang.N_("Score"),
}


class AfricaUI(PlainUI):
    select_kinds = SELECT_KINDS

    def __init__(self) -> None:
        super().__init__("africa")

    # --- the table's lines ---------------------------------------------------------------------
    def status_line(self, view: View) -> str:
        tx = lang.here("africa")
        stage = tx._(STAGES[view["stage"]]) if view["stage"] in STAGES else view["stage"]
        parts = [tx._("round {round}", round=view["round"]) if view["round"] else "", stage]
        live = [p for p in view["players"] if not p["dropped"]]
        scores = " · ".join(f"{colour_name(p['colour'])} {p['vp']}" for p in sorted(live, key=lambda p: -p["vp"]))
        parts.append(tx._("VP {scores} (target {target})", scores=scores, target=view["target"]))
        if view.get("pool"):
            parts.append(tx._("pool {pool}", pool=view["pool"]))
        return " · ".join(x for x in parts if x)

    def waiting_line(self, view: View, name: Name) -> str:
        tx = lang.here("africa")
        to_act = view.get("to_act") or []
        if not to_act or view.get("outcome"):
            return ""
        pend = view.get("pending")
        if pend:
            chooser = who_colour(view, pend["chooser"], name)
            if pend["kind"] == "start_area":
                return tx._("{player} chooses a start area: a coastal area without neutrals or another company "
                            "({command}).", player=chooser, command=cmd("africa start"))
            if pend["kind"] == "reputation_buy":
                return tx._("{player} won the conflict and may pay 2 influence for +1 reputation ({command}).",
                            player=chooser, command=cmd("africa reputation"))
            src = area_name(pend.get("from", ""))
            if pend["kind"] == "neutral_retreat":
                return tx._("{player} retreats a neutral trader from {area}, 1 or 2 areas ({command}).",
                            player=chooser, area=src, command=cmd("africa retreat"))
            owner = pend.get("owner", "")
            wholesaler = pend.get("piece") == "wholesaler"
            if owner == pend["chooser"]:
                return (tx._("{player} retreats their own wholesaler from {area}, 1 or 2 areas ({command}).",
                             player=chooser, area=src, command=cmd("africa retreat")) if wholesaler else
                        tx._("{player} retreats their own trader from {area}, 1 or 2 areas ({command}).",
                             player=chooser, area=src, command=cmd("africa retreat")))
            return (tx._("{player} retreats {owner}'s wholesaler from {area}, 1 or 2 areas ({command}).",
                         player=chooser, owner=colour_name(owner), area=src, command=cmd("africa retreat"))
                    if wholesaler else
                    tx._("{player} retreats {owner}'s trader from {area}, 1 or 2 areas ({command}).",
                         player=chooser, owner=colour_name(owner), area=src, command=cmd("africa retreat")))
        stage = view["stage"]
        if stage == "auction":
            auc = view["auction"] or {}
            if auc.get("sealed"):
                done = auc.get("has_bid") or []
                players = ", ".join(who(view, s, name) for s in to_act)
                line = tx.n_("Sealed auction of row 1: {players} bids in secret ({command}, 0 for no bid).",
                             "Sealed auction of row 1: {players} bid in secret ({command}, 0 for no bid).",
                             len(to_act), players=players, command=cmd("africa bid"))
                if done:
                    line += " " + tx._("({players} bid already.)", players=", ".join(colour_name(c) for c in done))
                return line
            bids = [b["bid"] for b in auc.get("bids", []) if b["bid"] is not None]
            bidder = who(view, to_act[0], name)
            if not auc.get("bids"):
                return tx._("{player} opens the auction of row 1 and must bid (0 is a bid; {command}).",
                            player=bidder, command=cmd("africa bid"))
            return tx._("{player} bids more than {amount} or passes ({commands}).", player=bidder,
                        amount=max(bids) if bids else 0, commands=cmd("africa bid") + ", " + cmd("africa pass"))
        if stage == "commit":
            c = view["conflict"] or {}
            done = c.get("committed") or []
            players = names_and([who(view, s, name) for s in to_act])
            line = tx.n_("Conflict in {area}, {active} against {defender}: {players} commits in secret ({command}).",
                         "Conflict in {area}, {active} against {defender}: {players} commit in secret ({command}).",
                         len(to_act), area=area_name(c.get("area", "")), active=colour_name(c.get("active", "")),
                         defender=colour_name(c.get("defender", "")), players=players, command=cmd("africa commit"))
            if done:
                line += " " + tx._("({players} has committed.)", players=", ".join(colour_name(x) for x in done))
            return line
        if stage == "draw":
            c = view["conflict"] or {}
            drawn = c.get("drawn") or []
            last = conflict_token_text(drawn[-1]) if drawn else "?"
            where = {"player": who(view, to_act[0], name), "token": last, "area": area_name(c.get("area", "")),
                     "command": cmd("africa drawn")}
            if c.get("redraws_left"):
                return tx._("{player} drew **{token}** against the neutrals in {area}: keep it, refuse it "
                            "(reputation −1), or draw again ({left} left) ({command}).", left=c["redraws_left"],
                            **where)
            return tx._("{player} drew **{token}** against the neutrals in {area}: keep it or refuse it "
                        "(reputation −1) ({command}).", **where)
        t = view.get("turn") or {}
        actor = who(view, to_act[0], name)
        if t.get("step") == "neutral":
            return tx._("{player} places a neutral trader ({command}).", player=actor,
                        command=cmd("africa place-neutral"))
        if t.get("mode"):
            return tx._("{player} plays {special}: {left} left ({command} to stop).", player=actor,
                        special=special_name(t["mode"]["kind"]), left=t["mode"]["left"], command=cmd("africa finish"))
        if t.get("step") == "actions":
            return tx._("{player} acts with {ap} AP (more for influence): move, new traders, resources, specials; "
                        "then conflicts and scoring.", player=actor, ap=t.get("ap", 0))
        return tx._("{player} fights the conflicts left, then scores ({commands}).", player=actor,
                    commands=cmd("africa conflict") + ", " + cmd("africa score"))

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
        tx = lang.here("africa")
        live = sorted(view["players"], key=lambda p: -p["vp"])
        companies = ", ".join(tx._("{player} {vp} VP", player=who(view, p["seat"], name), vp=p["vp"]) for p in live)
        lines = [tx._("Companies: {companies}. The first to reach **{target} VP** wins.", companies=companies,
                      target=view["target"])]
        if view.get("sealed_auction"):
            lines.append(tx._("Sealed auction: each round everyone bids in secret at once."))
        lines.append(tx._("First, from the fewest VP up, each company chooses a coastal start area for its 5 traders. "
                          "Then each draws a secret special victory token (your DM, or {command}).",
                          command=cmd("game hand")))
        lines.append(tx._("New here? {command} explains the game; press **My turn** when you are mentioned.",
                          command=cmd("africa help")))
        return lines

    def outcome_text(self, view: View, name: Name) -> str:
        tx = lang.here("africa")
        outcome = view.get("outcome") or {}
        reason = outcome.get("reason", "")
        winners = outcome.get("winners") or []
        lines = [tx._("**Game over.**")]
        if winners:
            w = by_seat(view, winners[0])
            player_ = who(view, winners[0], name)
            why = {"target": tx._("🏆 {player} reaches {vp} VP and wins!", player=player_, vp=view["target"]),
                   "no_tokens": tx._("🏆 {player} has the most VP when no action tokens are left to auction and "
                                     "wins!", player=player_),
                   "abandoned": tx._("🏆 {player} is the last company at the table and wins!", player=player_)}
            lines.append(why.get(reason, f"🏆 {player_}") if w else "🏆 " + name(winners[0]))
        ranking = outcome.get("ranking") or [p["seat"] for p in sorted(view["players"], key=lambda p: -p["vp"])]
        scores = outcome.get("scores") or {}
        for n, seat in enumerate(ranking, 1):
            p = by_seat(view, seat)
            if p is None:
                continue
            held = [a for a, info in view["areas"].items() if info.get("controller") == p["colour"]]
            stations = sum(1 for a in held if view["areas"][a].get("station"))
            area_vp = areas_worth(view, p["colour"])
            shown = ", ".join(words(token_say(t)) for t in p.get("shown_special_victory_tokens", []) if t in SV)
            bits = [tx.n_("controls {count} area worth {vp} VP in scoring now (neutrals deducted)",
                          "controls {count} areas worth {vp} VP in scoring now (neutrals deducted)",
                          len(held), vp=area_vp)]
            if stations:
                bits[0] += ", " + tx.n_("{count} station", "{count} stations", stations)
            bits.append(tx._("reputation {reputation}", reputation=p["reputation"]))
            bits.append(tx.n_("{count} cube", "{count} cubes", p["influence"]))
            if shown:
                bits.append(tx._("revealed {tokens}", tokens=shown))
            if p["dropped"]:
                bits.append(tx._("left the table"))
            lines.append(tx._("{rank}. {player}: **{vp} VP**", rank=n, player=who(view, seat, name),
                              vp=scores.get(seat, p["vp"])) + " · " + " · ".join(bits))
        for p in view["players"]:
            if p["dropped"] and p["seat"] not in ranking:
                lines.append(tx._("– {player}: left the table with {vp} VP.", player=who(view, p["seat"], name),
                                  vp=p["vp"]))
        lines.append(tx._("VP were scored turn by turn (areas held, neutrals, the Heart, stations, tokens) and "
                          "paid in auctions: {command} shows every scoring.", command=cmd("game log")))
        return "\n".join(lines)

    # --- one seat's eyes -----------------------------------------------------------------------
    def private_text(self, view: View) -> str:
        tx = lang.here("africa")
        me = view.get("me") or {}
        colour = me.get("colour")
        if not colour:
            return ""
        p = player(view, colour)
        lines = [tx._("You are **{colour}**: {vp} VP, {cubes}, reputation {reputation}, {supply}.",
                      colour=colour_name(colour), vp=p["vp"],
                      cubes=tx.n_("{count} influence cube", "{count} influence cubes", p["influence"]),
                      reputation=p["reputation"],
                      supply=tx.n_("{count} trader in supply", "{count} traders in supply", p["supply"]))]
        secret = me.get("special_victory_tokens") or []
        if secret:
            lines.append(tx.n_("Your special victory token, secret until you use it:",
                               "Your special victory tokens, secret until you use them:", len(secret)))
            lines += [f"• {sv_text(t)}" for t in secret]
        else:
            lines.append(tx._("You hold no special victory token."))
        if p["tokens"]:
            lines.append(tx._("Your action tokens (public): {tokens}.",
                              tokens="; ".join(token_name(t) for t in p["tokens"])))
        if "sealed_bid" in me:
            amount = int(me["sealed_bid"])
            lines.append(tx._("Your sealed bid this round: **{amount}** ({cost}).", amount=amount,
                              cost=bid_split(view, colour, amount)))
        c = me.get("commitment")
        if c:
            if c.get("retreat"):
                what = tx._("the retreat token")
            else:
                bits = [tx.n_("{count} cube", "{count} cubes", c["cubes"])] if c.get("done") else []
                what = ", ".join(bits + [token_name(t) for t in c.get("tokens", [])]) or tx._("nothing yet")
            lines.append(tx._("Your commitment in this conflict (done): {what}.", what=what) if c.get("done") else
                         tx._("Your commitment in this conflict so far: {what}.", what=what))
        return "\n".join(lines)

    def panel_intro(self, view: View) -> str:
        tx = lang.here("africa")
        me = view.get("me") or {}
        colour = me.get("colour")
        if not colour:
            return ""
        p = player(view, colour)
        pend = view.get("pending")
        if pend and pend["chooser"] == colour:
            if pend["kind"] == "start_area":
                return tx._("Choose your start area: your 5 traders go to a coastal area without neutrals "
                            "or another company.")
            if pend["kind"] == "reputation_buy":
                return tx._("You won the conflict. Pay 2 of your {cubes} influence cubes for +1 reputation "
                            "(now {reputation})?", cubes=p["influence"], reputation=p["reputation"])
            src = area_name(pend.get("from", ""))
            wholesaler = pend.get("piece") == "wholesaler"
            if pend["kind"] == "neutral_retreat":
                return tx._("Retreat a neutral trader from {area}: 1 or 2 areas away.", area=src)
            if pend.get("owner") == colour:
                return (tx._("Retreat your wholesaler from {area}: 1 or 2 areas away.", area=src) if wholesaler
                        else tx._("Retreat your trader from {area}: 1 or 2 areas away.", area=src))
            owner = colour_name(pend.get("owner", ""))
            return (tx._("Retreat {owner}'s wholesaler from {area}: 1 or 2 areas away.", owner=owner, area=src)
                    if wholesaler else
                    tx._("Retreat {owner}'s trader from {area}: 1 or 2 areas away.", owner=owner, area=src))
        stage = view["stage"]
        if stage == "auction":
            auc = view["auction"] or {}
            most = vp_payable(view, colour)
            vp_note = (tx._("Beyond your {cubes} cubes a bid is paid in VP (at most {most}).", cubes=p["influence"],
                            most=most)
                       if auc.get("order", [None])[0] != colour else tx._("You bid first: cubes only, no VP."))
            row = ", ".join(token_name(t) for t in view["rows"][0])
            if auc.get("sealed"):
                return tx._("Sealed bid for row 1 ({tokens}): nobody sees it until all have bid; 0 means no bid.",
                            tokens=row) + " " + vp_note
            return tx._("Your bid for row 1 ({tokens}).", tokens=row) + " " + vp_note
        if stage == "commit":
            c = view["conflict"] or {}
            traders, wh = pieces_in(view, c.get("area", ""), colour)
            other = c["defender"] if c.get("active") == colour else c.get("active", "")
            mine = me.get("commitment") or {}
            added = ", ".join(token_name(t) for t in mine.get("tokens", [])) or tx._("none")
            return tx._("Conflict in {area} against {other}: commit in secret. Strength = count {count} × reputation "
                        "{reputation} + 3 per cube + 9 per token (a tie goes to the defender). Tokens added so far: "
                        "{tokens}. Add tokens first, then commit your cubes; or play the retreat token (you lose no "
                        "piece and take the other side's bid).", area=area_name(c.get("area", "")),
                        other=colour_name(other), count=count_text(traders, wh), reputation=p["reputation"],
                        tokens=added)
        if stage == "draw":
            c = view["conflict"] or {}
            drawn = c.get("drawn") or []
            where = {"token": conflict_token_text(drawn[-1]) if drawn else "?", "area": area_name(c.get("area", ""))}
            if c.get("redraws_left"):
                return tx._("You drew **{token}** against the neutrals in {area}. Keep it and pay, refuse it "
                            "(reputation −1, you lose), or draw again ({left} left).", left=c["redraws_left"], **where)
            return tx._("You drew **{token}** against the neutrals in {area}. Keep it and pay, refuse it "
                        "(reputation −1, you lose), no redraw left.", **where)
        t = view.get("turn") or {}
        if view.get("active") != colour:
            return ""
        if t.get("step") == "neutral":
            return tx._("Place a neutral trader: into an empty area or one that already holds neutrals.")
        if t.get("mode"):
            return tx._("{special}: {left} left. Use them, or finish.", special=special_name(t["mode"]["kind"]),
                        left=t["mode"]["left"])
        if t.get("step") == "actions":
            extra = (tx.n_("+{count} influence cube, 1 AP each", "+{count} influence cubes, 1 AP each", p["influence"])
                     if p["influence"] else tx._("no influence cubes to add"))
            return tx._("Action step: **{ap} AP** left ({extra}). Move 1 AP an area · new trader 4 AP (2 with a "
                        "station) · resource marker {cost} AP a row · specials. A conflict or scoring ends the step.",
                        ap=t.get("ap", 0), extra=extra, cost=COSTS["resource_change_per_row"])
        return tx._("Your conflicts (compulsory ones first), specials, then score to end your turn.")

    def action_label(self, view: View, action: Action, label: str) -> str:
        tx = lang.here("africa")
        kind = action.get("type")
        colour = my_colour(view)
        if kind == "bid" and colour:
            return tx._("Bid {amount} ({cost})", amount=action["amount"],
                        cost=bid_split(view, colour, int(action["amount"])))
        if kind == "commit":
            return tx.n_("Commit {count} cube (+{strength})", "Commit {count} cubes (+{strength})", action["cubes"],
                         strength=3 * action["cubes"])
        if kind == "add_token":
            return tx._("Add {token} ({strength})", token=token_name(action["token"]),
                        strength=token_power(action["token"]))
        if kind == "retreat_token":
            return tx._("Retreat token (lose nothing, take their bid)")
        if kind == "fight_neutrals":
            n = view["areas"].get(action["area"], {}).get("neutrals", 0)
            return tx.n_("Fight {count} neutral in {area}", "Fight {count} neutrals in {area}", n,
                         area=area_name(action["area"]))
        turn = view.get("turn") or {}
        if kind == "move" and turn.get("mode"):
            return tx._("{action} (1 point)", action=label)
        cost_at = COST_AT_END.search(label)
        if kind in ("move", "recruit") and view["stage"] == "turn" and not turn.get("mode") and cost_at:
            cost = int(cost_at.group(1))
            ap = int(turn.get("ap", 0))
            if cost > ap:
                paid = (tx.n_("{ap} AP + {count} cube", "{ap} AP + {count} cubes", cost - ap, ap=ap) if ap else
                        tx.n_("{count} cube", "{count} cubes", cost - ap))
                return label[:cost_at.start()] + f" ({paid})"
        return label

    def panel_groups(self, view: View, actions: list[Action]) -> list[str] | None:
        """Long turn lists: a piece or a family first ("Trader in Congo", "New traders"), then the target."""
        tx = lang.here("africa")
        if len(actions) <= 12 or view["stage"] != "turn":
            return None
        names = []
        for a in actions:
            kind = a["type"]
            if kind == "move":
                names.append(tx._("Wholesaler in {area}", area=area_name(a["from"])) if a["piece"] == "wholesaler"
                             else tx._("Trader in {area}", area=area_name(a["from"])))
            elif kind == "move_neutral":
                names.append(tx._("Neutral in {area}", area=area_name(a["from"])))
            elif kind == "recruit":
                names.append(tx._("New traders"))
            elif kind == "change_resource":
                names.append(tx._("Resource table (4 AP a row)"))
            elif kind == "use":
                many = sum(1 for b in actions if b["type"] == "use" and b["token"] == a["token"]) > 1
                names.append(tx._("Play {token}", token=token_name(a["token"])) if many else tx._("Specials"))
            elif kind in ("fight", "fight_neutrals"):
                names.append(tx._("Conflicts") if sum(1 for b in actions if b["type"] in ("fight", "fight_neutrals"))
                             > 3 else "")
            elif kind == "score":
                names.append(tx._("Score with a token") if "token" in a else "")
            elif kind == "place_neutral":
                names.append(tx._("Neutral trader"))
            else:
                names.append("")
        return names


# A label's cost at its end, as describe() words it in any language: "… (4 AP)", "… (4 PA)".
COST_AT_END = re.compile(r" \((\d+) [^()\d]+\)$")
