"""How Mali Powstańcy's views read in Discord messages (no secrets: only from views)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.presentation import PlainUI

PHASES = {"objectives": "objective draft", "cards": "choosing movement cards", "movement": "movement",
          "soldier": "German soldier", "time": "time passes", "over": "game over"}
ACTIONS = {1: "Kumple z podwórka (swap two of your scouts in one district)",
           2: "Oddział powstańczy (a scout on a location jumps to a neighbouring one)",
           3: "Zamiana rozkazów (swap two orders on neighbouring track spaces)",
           4: "Plotki z ulicy (peek at the next orders)", 5: "no action"}
REASONS = {"victory": "The last orders are out: the game is scored.",
           "fourth_token": "A fourth German token is on the board: Warsaw is lost, everybody loses.",
           "third_district": "A third district has fallen: the uprising is lost, everybody loses.",
           "abandoned": "The game was abandoned."}


def _player(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["seat"] == seat)


def who(view: dict[str, Any], seat: str, mention: Callable[[str], str]) -> str:
    return f"{mention(seat)} ({_player(view, seat)['colour'].capitalize()})"


class MaliUI(PlainUI):
    def __init__(self) -> None:
        super().__init__("mali")

    def status_line(self, view: dict[str, Any]) -> str:
        parts = [f"round {view['round']}", PHASES.get(view["phase"], view["phase"]), f"deck {view['deck']}"]
        if view["variant"] == "basic":
            parts.append(f"German tokens {view['small_tokens']}/4")
        else:
            parts.append(f"fallen districts {len(view['fallen'])}/3")
        return " · ".join(parts)

    def waiting_line(self, view: dict[str, Any], mention: Callable[[str], str]) -> str:
        to_act = view.get("to_act") or []
        if not to_act:
            return ""
        pending = view.get("pending")
        if pending:
            return f"{who(view, pending['seat'], mention)} must decide: {pending.get('why', pending['kind'])}"
        current = view.get("current")
        if view["phase"] == "cards":
            chosen = [p for p in view["players"] if p["chosen"] and not p["dropped"]]
            done = f" ({', '.join(p['colour'].capitalize() for p in chosen)} chose already)" if chosen else ""
            return "Choose your movement card, secretly: " + ", ".join(who(view, s, mention) for s in to_act) + done
        if view["phase"] == "objectives":
            return "Pick your 3 secret objectives: " + ", ".join(who(view, s, mention) for s in to_act)
        if current:
            stage = {"place": "places escaped scouts", "move": "moves", "action": "takes the card's action",
                     "bonus": "makes the red die's bonus move"}.get(current["stage"], current["stage"])
            moving = current["stage"] == "move"
            extra = f" (card {current['card']}, {current['points_left']} point(s) left)" if moving else ""
            return f"{who(view, current['seat'], mention)} {stage}{extra}."
        return "Waiting on " + ", ".join(who(view, s, mention) for s in to_act) + "."

    def board_signature(self, view: dict[str, Any]) -> str:
        stable = {k: v for k, v in view.items() if k not in ("to_act", "pending", "current")}
        stable["players"] = [{k: v for k, v in p.items() if k != "chosen"} for p in view["players"]]
        return json.dumps(stable, sort_keys=True, default=str)

    def action_label(self, view: dict[str, Any], action: dict[str, Any], label: str) -> str:
        return label

    def panel_groups(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> list[str] | None:
        return None

    def private_text(self, view: dict[str, Any]) -> str:
        me = view.get("me") or {}
        mine = _player(view, me["seat"]) if me.get("seat") else None
        lines = []
        if mine:
            lines.append(f"You play **{mine['colour']}**; movement cards in hand: "
                         f"{', '.join(map(str, mine['hand'])) or 'none'}.")
        if me.get("card"):
            lines.append(f"Your card this round: **{me['card']}**"
                         + (f" — {ACTIONS[me['card']]}" if view["variant"] == "extended" else "") + ".")
        if me.get("objective_hand"):
            lines.append("Objective cards dealt to you (keep 3 of different colours):")
            lines += [f"• `{o['id']}` {o['colour']}: {o['text']} ({o['points']} pts)" for o in me["objective_hand"]]
        if me.get("objectives"):
            lines.append("Your secret objectives:")
            lines += [f"• {o['colour']}: {o['text']} ({o['points']} pts)" for o in me["objectives"]]
        if me.get("peeked"):
            lines.append("You peeked at the next orders: " + "; ".join(
                f"`{o['id']}` {o['from']} → {o['to']} ({o['points']} pts)" for o in me["peeked"]))
        return "\n".join(lines)

    def panel_intro(self, view: dict[str, Any]) -> str:
        me = view.get("me") or {}
        if view["phase"] == "objectives":
            return "Keep 3 secret objectives of 3 different colours:\n" + self.private_text(view)
        if view["phase"] == "cards":
            mine = _player(view, me["seat"])
            return ("Choose your movement card for this round. Nobody sees it until everyone has chosen.\n"
                    f"In hand: {', '.join(map(str, mine['hand']))}.")
        pending = view.get("pending")
        if pending and pending["seat"] == me.get("seat"):
            return f"Your decision: {pending.get('why', pending['kind'])}"
        current = view.get("current")
        if current and current["seat"] == me.get("seat"):
            bits = [f"Your turn with card {current['card']}: {current['points_left']} point(s) left"]
            if view["variant"] == "extended" and not current.get("action_done") and current["card"] < 5:
                bits.append(f"action: {ACTIONS[current['card']]}")
            if current["stage"] == "place":
                bits = ["Place your escaped scout(s) before you move"]
            if current["stage"] == "bonus":
                bits = [f"Red die bonus move: {current.get('scout')} may walk {current['points_left']} step(s)"]
            return ". ".join(bits) + ". `/mali move` walks a whole route."
        return ""

    def opening_lines(self, view: dict[str, Any], mention: Callable[[str], str]) -> list[str]:
        """What the table sees when the game starts: colours, the start player, the first orders."""
        from games.mali import BOARD

        colours = ", ".join(who(view, p["seat"], mention) for p in view["players"])
        lines = [f"Players: {colours}. {_player(view, view['start_player'])['colour'].capitalize()} starts.",
                 "Scouts start on Plac Wilsona, Budynek PAST-y and Stary Mokotów."]
        first = [o for o in view["track"][0] if o in view["orders"]]
        if first:
            lines.append("First orders: " + "; ".join(
                f"{o}: {BOARD.name(view['orders'][o]['from'])} → {BOARD.name(view['orders'][o]['to'])}, "
                f"{view['orders'][o]['points']} pts" for o in first) + ".")
        if view["variant"] == "extended":
            lines.append("First, everyone keeps 3 of their 6 secret objectives (see your DM, or `/game hand`).")
        lines.append("New here? `/mali help` explains the game; press **My turn** when you are mentioned.")
        return lines

    def outcome_text(self, view: dict[str, Any], mention: Callable[[str], str]) -> str:
        outcome = view.get("outcome") or {}
        reason = outcome.get("reason", "")
        lines = [f"**Game over.** {REASONS.get(reason, reason)}"]
        winners = outcome.get("winners") or []
        breakdown = outcome.get("breakdown") or {}
        if winners:
            lines.append("🏆 " + ", ".join(who(view, w, mention) for w in winners)
                         + (" win!" if len(winners) > 1 else " wins!"))
        for seat, b in sorted(breakdown.items(), key=lambda kv: -kv[1].get("total", 0)):
            objs = b.get("objectives") or []
            scored = " + ".join(str(o["points"]) if o["met"] else "0" for o in objs)
            obj_text = f", objectives {scored}" if objs else ""
            lines.append(f"{who(view, seat, mention)}: **{b.get('total', 0)}** = orders {b.get('orders', 0)}"
                         f" + return {b.get('return_bonus', 0)}{obj_text} ({b.get('delivered', 0)} delivered)")
        return "\n".join(lines)
