"""How Mali Powstańcy's views read in Discord messages (no secrets: only from views)."""
from __future__ import annotations

import json
from collections.abc import Callable
from itertools import combinations
from typing import Any

from bot.presentation import PlainUI
from games.mali import BOARD

PHASES = {"objectives": "objective draft", "cards": "choosing movement cards", "movement": "movement",
          "soldier": "German soldier", "time": "time passes", "over": "game over"}
ACTIONS = {1: "Kumple z podwórka (swap two of your scouts in one district)",
           2: "Oddział powstańczy (a scout on a location jumps to a neighbouring one)",
           3: "Zamiana rozkazów (swap two orders on neighbouring track spaces)",
           4: "Plotki z ulicy (peek at the next orders)", 5: "no action"}
REASONS = {"victory": "The last orders are out: the game is scored.",
           "fourth_token": "A fourth German unit is on the board: Warsaw is lost, everybody loses.",
           "third_district": "A third district has fallen: the uprising is lost, everybody loses.",
           "abandoned": "The game was abandoned."}


def place(node: str | None) -> str:
    return BOARD.name(node) if node else "?"


def district_name(key: str) -> str:
    return str(BOARD.districts.get(key, {}).get("name", key))


def objective_line(o: dict[str, Any]) -> str:
    return f"{o['id']} ({o['colour']}, {o['points']} pts): {o['text']}"


def danger_words(view: dict[str, Any]) -> str:
    """How close Warsaw is to falling, in words (the board's boxes say the same)."""
    if view["variant"] == "basic":
        n = int(view.get("small_tokens", 0))
        left = 4 - n
        if left <= 1:
            return f"German units {n}/4: one more and everybody loses"
        return f"German units {n}/4: everybody loses at 4"
    fallen = [district_name(d) for d in view.get("fallen", [])]
    undelivered = view.get("undelivered") or {}
    shaky = sorted(district_name(d) for d, c in undelivered.items() if c >= 1 and d not in view.get("fallen", []))
    bits = [f"fallen {len(fallen)}/3" + (f" ({', '.join(fallen)})" if fallen else "")
            + (": one more and everybody loses" if len(fallen) == 2 else "")]
    if shaky:
        bits.append("one more lost order and it falls: " + ", ".join(shaky))
    return "; ".join(bits)


def draft_is_forced(hand: list[dict[str, Any]]) -> bool:
    """True when every set of three colours in the dealt hand keeps the same objectives (copies of
    one card differ only by their ids): the engine keeps it once the others have chosen."""
    sets = {tuple(sorted((str(o["text"]), int(o["points"])) for o in trio))
            for trio in combinations(hand, 3) if len({o["colour"] for o in trio}) == 3}
    return len(sets) == 1


def deck_words(view: dict[str, Any]) -> str:
    """The cards left to draw; the Victory card, while still in the deck, is named apart."""
    orders = int(view["deck"]) - (1 if view.get("victory_in_deck") else 0)
    text = f"{orders} order card{'' if orders == 1 else 's'}"
    return text + (" and the Victory card left to draw" if view.get("victory_in_deck") else " left to draw")


def _player(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["seat"] == seat)


def who(view: dict[str, Any], seat: str, mention: Callable[[str], str]) -> str:
    return f"{mention(seat)} ({_player(view, seat)['colour'].capitalize()})"


class MaliUI(PlainUI):
    def __init__(self) -> None:
        super().__init__("mali")

    def status_line(self, view: dict[str, Any]) -> str:
        if view["phase"] == "objectives":
            parts = ["Before round 1: everyone keeps 3 secret objectives"]
        elif view["phase"] == "over":
            return f"Game over after round {view['round']}"
        else:
            parts = [f"Round {view['round']}", PHASES.get(view["phase"], view["phase"])]
        parts.append(deck_words(view))
        parts.append(danger_words(view))
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
        """Equal unless the board changed in a way a player cares about: a scout, the soldier, the
        order track, a German token, a fallen district, a delivery, the end. Round, phase, the die,
        the cards and whose turn it is are in the post's text, so they alone post no new board."""
        keep = ("soldier", "track", "blocked", "fallen", "undelivered", "discarded", "outcome")
        stable: dict[str, Any] = {k: view.get(k) for k in keep}
        stable["players"] = [{k: p.get(k) for k in ("seat", "scouts", "delivered", "points", "dropped")}
                             for p in view["players"]]
        return json.dumps(stable, sort_keys=True, default=str)

    def action_label(self, view: dict[str, Any], action: dict[str, Any], label: str) -> str:
        if action.get("type") == "choose_objectives":
            hand = {o["id"]: o for o in (view.get("me") or {}).get("objective_hand", [])}
            picked = [hand[i] for i in action.get("ids", []) if i in hand]
            if len(picked) == len(action.get("ids", [])):
                return "Keep " + " + ".join(f"{o['id']} ({o['colour']}, {o['points']})" for o in picked)
        return label

    def panel_groups(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> list[str] | None:
        return None

    def private_text(self, view: dict[str, Any]) -> str:
        me = view.get("me") or {}
        mine = _player(view, me["seat"]) if me.get("seat") else None
        lines = []
        if mine:
            lines.append(f"You play **{mine['colour'].capitalize()}**; movement cards in hand: "
                         f"{', '.join(map(str, mine['hand'])) or 'none'}.")
        if me.get("card"):
            lines.append(f"Your card this round: **{me['card']}**"
                         + (f" — {ACTIONS[me['card']]}" if view["variant"] == "extended" else "") + ".")
        if me.get("objective_hand"):
            lines.append("Your 6 objective cards (keep 3, one of each colour, with `/mali objectives`):")
            lines += [f"• {objective_line(o)}" for o in me["objective_hand"]]
            if draft_is_forced(me["objective_hand"]):
                lines.append("Every set of three colours you could keep is the same objectives: they are kept "
                             "for you when the others have chosen (or keep them now).")
        if me.get("objectives"):
            lines.append("Your secret objectives:")
            lines += [f"• {objective_line(o)}" for o in me["objectives"]]
        if me.get("peeked"):
            lines.append("You peeked at the next orders: " + "; ".join(
                "the Victory card" if not o.get("from") else
                f"{o['id']} {place(o['from'])} → {place(o['to'])} ({o['points']} pts)" for o in me["peeked"]) + ".")
        return "\n".join(lines)

    def panel_intro(self, view: dict[str, Any]) -> str:
        me = view.get("me") or {}
        if view["phase"] == "objectives":
            return ("Keep 3 of your 6 secret objectives, one of each colour: `/mali objectives` shows "
                    "all six in one list to tick (your DM and `/game hand` list them too).")
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
        winners = outcome.get("winners") or []
        lost = not winners
        if reason in REASONS:
            why = REASONS[reason]
        elif not lost:
            why = REASONS["victory"]
        elif len(view.get("fallen") or []) >= 3:
            why = REASONS["third_district"]
        elif view["variant"] == "basic" and len(view.get("blocked") or []) >= 4:
            why = REASONS["fourth_token"]
        else:
            why = "Everybody loses."
        lines = [f"**Game over.** {why}"]
        breakdown = outcome.get("breakdown") or {}
        if winners:
            lines.append("🏆 " + ", ".join(who(view, w, mention) for w in winners)
                         + (" win!" if len(winners) > 1 else " wins!"))
        if not lost:
            for seat, b in sorted(breakdown.items(), key=lambda kv: -kv[1].get("total", 0)):
                parts = [f"orders {b.get('orders', 0)} ({b.get('delivered', 0)} delivered)",
                         f"scouts home {b.get('return_bonus', 0)}"]
                parts += [f"{o['text']} {'+' + str(o['points']) if o['met'] else '✗ 0'}"
                          for o in b.get("objectives") or []]
                lines.append(f"{who(view, seat, mention)}: **{b.get('total', 0)}** = " + " + ".join(parts))
        return "\n".join(lines)

    def narrate(self, view: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
        """A post's lines: a turn's route in one line per scout, the order of play after the reveal,
        and no "game over" line when the outcome text follows."""
        colours = {p["seat"]: p["colour"].capitalize() for p in view["players"]}
        lines: list[str] = []
        turn: dict[str, Any] | None = None  # the turn being told: its head and its parts
        chosen: list[Any] = []  # secret choices told in one line: kind, colours, the line

        def flush(still_open: bool = False) -> None:
            nonlocal turn
            if turn is not None and (turn["parts"] or not still_open):
                body = "; ".join(", ".join(part) for part in turn["parts"]) or "no move"
                lines.append(f"{turn['head']}: {body}.")
            turn = None

        def open_turn(seat: str, head: str) -> dict[str, Any]:
            nonlocal turn
            if turn is None or turn["seat"] != seat:
                flush()
                turn = {"seat": seat, "head": head, "parts": [], "routes": {}}
            return turn

        for e in events:
            kind, seat = e.get("type"), e.get("seat")
            text = str(e.get("text", ""))
            colour = colours.get(str(seat), "")
            if kind == "turn" and e.get("what") == "begins":
                flush()
                open_turn(str(seat), f"{colour} (card {e.get('card')})")
            elif kind == "turn" and e.get("what") == "ends":
                if turn is not None and turn["seat"] == seat:
                    flush()
                else:
                    lines.append(text)
            elif kind in ("moved", "jumped") and seat is not None and "start" in e:
                cur = open_turn(str(seat), colour)
                route = cur["routes"].get(e.get("scout"))
                if kind == "moved" and route is not None and route["at"] == e.get("start") and not route["jump"]:
                    route["steps"] += 1
                    route["at"] = e["to"]
                    route["part"][0] = self._route_text(route)
                else:
                    route = {"scout": e.get("scout"), "start": e["start"], "at": e["to"],
                             "steps": 1, "jump": kind == "jumped", "stops": [], "part": [""]}
                    route["part"][0] = self._route_text(route)
                    cur["parts"].append(route["part"])
                cur["routes"][e.get("scout")] = route
            elif kind in ("picked_up", "dropped", "delivered") and seat is not None and (
                    e.get("at") or (turn is not None and turn["seat"] == seat)):
                cur = open_turn(str(seat), colour)  # a turn begun in an earlier post goes on here
                order = e.get("order")
                word = {"picked_up": f"picks up {order}", "dropped": f"drops {order}",
                        "delivered": f"delivers {order}, +{e.get('points', 0)}"}[str(kind)]
                route = cur["routes"].get(e.get("scout"))
                if route is None and e.get("at"):  # before any step: the scout's place opens its line
                    route = {"scout": e.get("scout"), "start": e["at"], "at": e["at"], "steps": 0,
                             "jump": False, "stops": [], "part": [""]}
                    cur["parts"].append(route["part"])
                    cur["routes"][e.get("scout")] = route
                if route is not None:
                    stops = route["stops"]
                    if stops and stops[-1][0] == route["at"]:
                        stops[-1][1].append(word)
                    else:
                        stops.append((route["at"], [word]))
                    route["part"][0] = self._route_text(route)
                else:
                    cur["parts"].append([f"{e.get('scout')} {word}"])
            elif kind == "game_over" and view.get("outcome") and e.get("reason") != "abandoned":
                flush()  # the outcome text that ends the post says it once
            elif kind in ("card_chosen", "objectives_chosen") and seat is not None:
                flush()
                what = "a movement card" if kind == "card_chosen" else "their secret objectives"
                if chosen and chosen[0] == kind and lines and lines[-1] == chosen[2]:
                    chosen[1].append(colour)
                    lines[-1] = chosen[2] = (" and ".join([", ".join(chosen[1][:-1]), chosen[1][-1]])
                                             + " have chosen " + ("their movement cards." if kind == "card_chosen"
                                                                  else "their secret objectives."))
                else:
                    chosen[:] = [kind, [colour], f"{colour} has chosen {what}."]
                    lines.append(chosen[2])
            elif kind == "cards_revealed":
                flush()
                cards = e.get("cards") or {}
                order = e.get("order") or []
                lines.append("Movement cards: " + ", ".join(f"{colours.get(s, s)} {cards.get(s)}" for s in order)
                             + ". Order of play: " + ", ".join(f"{n}. {colours.get(s, s)}"
                                                               for n, s in enumerate(order, 1)) + ".")
            elif text:
                if turn is not None and turn["seat"] == seat and kind not in ("round", "phase", "undo"):
                    turn["parts"].append([text.rstrip(".")])
                    turn["routes"] = {}
                else:
                    flush()
                    lines.append(text)
        flush(still_open=True)  # a turn still under way with nothing done yet: the waiting line says it
        return lines

    @staticmethod
    def _route_text(route: dict[str, Any]) -> str:
        """One scout's part of a turn, saying where each order was picked up, dropped or delivered:
        'Tadek Budynek PAST-y → Elektrownia Powiśle (picks up O25) → Budynek PAST-y, 4 steps'."""
        scout, start, at, steps = route["scout"], route["start"], route["at"], route["steps"]
        stops: list[tuple[str, list[str]]] = route.get("stops", [])
        if steps == 0 and not route["jump"]:  # nothing walked: what the scout did where it stands
            return f"{scout} " + ", ".join(w for _, words in stops for w in words) + f" at {place(at)}"
        if route["jump"]:
            text = f"{scout} jumps {place(start)} → {place(at)}"
            words = [w for _, ws in stops for w in ws]
            return text + (f" ({', '.join(words)})" if words else "")
        text, last = f"{scout} {place(start)}", start
        for node, words in stops:
            if node != last:
                text += f" → {place(node)}"
                last = node
            text += f" ({', '.join(words)})"
        if at != last or not stops:
            text += f" → {place(at)}"
        return text + f", {steps} step{'' if steps == 1 else 's'}"
