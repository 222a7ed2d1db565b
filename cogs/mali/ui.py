"""How Mali Powstańcy's views read in Discord messages (no secrets: only from views)."""
from __future__ import annotations

import json
from collections.abc import Callable
from itertools import combinations
from typing import Any

import lang
from bot.presentation import PlainUI
from bot.service.records import event_words
from games.mali import BOARD
from games.mali.board import card_colour, colour_say
from lang import N_

PHASES = {"objectives": N_("objective draft"), "cards": N_("choosing movement cards"), "movement": N_("movement"),
          "soldier": N_("German soldier"), "time": N_("time passes"), "over": N_("game over")}
ACTIONS = {1: N_("Kumple z podwórka (swap two of your scouts in one district)"),
           2: N_("Oddział powstańczy (a scout on a location jumps to a neighbouring one)"),
           3: N_("Zamiana rozkazów (swap two orders on neighbouring track spaces)"),
           4: N_("Plotki z ulicy (peek at the next orders)"), 5: N_("no action")}
REASONS = {"victory": N_("The last orders are out: the game is scored."),
           "fourth_token": N_("A fourth German unit is on the board: Warsaw is lost, everybody loses."),
           "third_district": N_("A third district has fallen: the uprising is lost, everybody loses."),
           "abandoned": N_("The game was abandoned.")}
# The objective cards' texts (games/mali/data): worded where they are shown.
OBJECTIVE_TEXTS = (
    N_("Deliver the most orders that started in Żoliborz"), N_("Deliver the most orders that started in Wola"),
    N_("Deliver the most orders that started in Śródmieście"), N_("Deliver the most orders that started in Ochota"),
    N_("Deliver the most orders that started in Powiśle"), N_("Deliver the most orders that started in Mokotów"),
    N_("Deliver the most orders that started in Czerniaków"), N_("Deliver the most orders"),
    N_("Deliver orders into at least 4 different districts"),
    N_("Deliver orders into at least 5 different districts"),
    N_("Deliver orders into at least 6 different districts"),
    N_("Deliver the most valuable order of the game"),
)

# The table options' help and labels (games/mali Option: engine data): in this catalog, for the lobby
# to word with lang.here("mali")._(text).
OPTION_TEXTS = (
    N_("basic: the German soldier and the die, 5-space order track; extended: card actions, "
       "secret objectives, falling districts and the Victory card."),
    N_("Basic"), N_("Extended"),
    N_("Basic variant: a jump costs 1 movement point and the rest may be stepped "
       "(Italian rule book) instead of taking the whole movement (Polish original)."),
    N_("Jump = whole movement"), N_("Jump costs 1 point"),
)


def tx() -> lang.Texts:
    """Mali's texts in the current language (lang.use)."""
    return lang.here("mali")


def place(node: str | None) -> str:
    return tx().say(BOARD.place(node)) if node else "?"


def colour_word(colour: str) -> str:
    """A player's colour as their name, in the reader's words: "Red", "Czerwony"."""
    return tx().say(colour_say(colour))


def action_word(card: int) -> str:
    """The action of a movement card (extended), in the reader's words."""
    return tx()._(ACTIONS[card])


def district_name(key: str) -> str:
    return str(BOARD.districts.get(key, {}).get("name", key))


def objective_text(o: dict[str, Any]) -> str:
    return tx()._(str(o["text"]))


def objective_line(o: dict[str, Any]) -> str:
    t = tx()
    return t.n_("{id} ({colour}, {count} pt): {objective}", "{id} ({colour}, {count} pts): {objective}",
                int(o["points"]), id=o["id"], colour=t.say(card_colour(o["colour"])), objective=objective_text(o))


def order_line(view: dict[str, Any], oid: str) -> str:
    """An order with its places and points: 'O04: Plac Wilsona → Pawiak, 5 pts'."""
    o = view["orders"][oid]
    return tx().n_("{order}: {origin} → {destination}, {count} pt", "{order}: {origin} → {destination}, {count} pts",
                   int(o["points"]), order=oid, origin=place(o["from"]), destination=place(o["to"]))


def danger_words(view: dict[str, Any]) -> str:
    """How close Warsaw is to falling, in words (the board's boxes say the same)."""
    t = tx()
    if view["variant"] == "basic":
        n = int(view.get("small_tokens", 0))
        left = 4 - n
        if left <= 1:
            return t._("German units {count}/4: one more and everybody loses", count=n)
        return t._("German units {count}/4: everybody loses at 4", count=n)
    fallen = [district_name(d) for d in view.get("fallen", [])]
    undelivered = view.get("undelivered") or {}
    shaky = sorted(district_name(d) for d, c in undelivered.items() if c >= 1 and d not in view.get("fallen", []))
    if len(fallen) == 2:
        bits = [t._("fallen {count}/3 ({districts}): one more and everybody loses", count=len(fallen),
                    districts=", ".join(fallen))]
    elif fallen:
        bits = [t._("fallen {count}/3 ({districts})", count=len(fallen), districts=", ".join(fallen))]
    else:
        bits = [t._("fallen {count}/3", count=len(fallen))]
    if shaky:
        bits.append(t._("one more lost order and it falls: {districts}", districts=", ".join(shaky)))
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
    if view.get("victory_in_deck"):
        return tx().n_("{count} order card and the Victory card left to draw",
                       "{count} order cards and the Victory card left to draw", orders)
    return tx().n_("{count} order card left to draw", "{count} order cards left to draw", orders)


def _player(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["seat"] == seat)


def who(view: dict[str, Any], seat: str, mention: Callable[[str], str]) -> str:
    return tx()._("{player} ({colour})", player=mention(seat), colour=colour_word(_player(view, seat)["colour"]))


# What a panel menu of one action type chooses (cogs.panel): "Move a scout one space: 7 choices…".
SELECT_KINDS = {
    "choose_objectives": N_("Keep 3 secret objectives"), "choose_card": N_("Play a movement card"),
    "place_scout": N_("Place an escaped scout"), "step": N_("Move a scout one space"),
    "jump": N_("Jump to a neighbouring location"), "squad_jump": N_("Oddział powstańczy (a scout jumps)"),
    "pick_up": N_("Pick up an order"), "drop": N_("Drop an order"),
    "swap_scouts": N_("Kumple z podwórka (swap two scouts)"), "swap_orders": N_("Zamiana rozkazów (swap two orders)"),
    "choose_scout": N_("Choose a scout"), "soldier_to": N_("Choose where the soldier stops"),
    "block_path": N_("Block a path"), "displace": N_("Move the displaced scout"),
}


class MaliUI(PlainUI):
    select_kinds = SELECT_KINDS

    def __init__(self) -> None:
        super().__init__("mali")

    def status_line(self, view: dict[str, Any]) -> str:
        t = tx()
        if view["phase"] == "objectives":
            parts = [t._("Before round 1: everyone keeps 3 secret objectives")]
        elif view["phase"] == "over":
            return t._("Game over after round {round}", round=view["round"])
        else:
            phase = view["phase"]
            parts = [t._("Round {round}", round=view["round"]), t._(PHASES[phase]) if phase in PHASES else phase]
        parts.append(deck_words(view))
        parts.append(danger_words(view))
        return " · ".join(parts)

    def waiting_line(self, view: dict[str, Any], mention: Callable[[str], str]) -> str:
        t = tx()
        to_act = view.get("to_act") or []
        if not to_act:
            return ""
        pending = view.get("pending")
        if pending:
            return t._("{player} must decide: {why}", player=who(view, pending["seat"], mention),
                       why=t.say(pending.get("why") or pending["kind"]))
        current = view.get("current")
        players = ", ".join(who(view, s, mention) for s in to_act)
        if view["phase"] == "cards":
            chosen = [p for p in view["players"] if p["chosen"] and not p["dropped"]]
            if chosen:
                return t._("Choose your movement card, secretly: {players} ({chosen} chose already)", players=players,
                           chosen=", ".join(colour_word(p["colour"]) for p in chosen))
            return t._("Choose your movement card, secretly: {players}", players=players)
        if view["phase"] == "objectives":
            return t._("Pick your 3 secret objectives: {players}", players=players)
        if current:
            player = who(view, current["seat"], mention)
            if current["stage"] == "place":
                return t._("{player} places escaped scouts.", player=player)
            if current["stage"] == "action":
                return t._("{player} takes the card's action.", player=player)
            if current["stage"] == "bonus":
                return t._("{player} makes the red die's bonus move.", player=player)
            return t.n_("{player} moves (card {card}, {count} point left).",
                        "{player} moves (card {card}, {count} points left).", int(current["points_left"]),
                        player=player, card=current["card"])
        return t._("Waiting on {players}.", players=players)

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
            if len(picked) == len(action.get("ids", [])) == 3:
                t = tx()
                first, second, third = (t._("{id} ({colour}, {points})", id=o["id"],
                                            colour=t.say(card_colour(o["colour"])), points=o["points"])
                                        for o in picked)
                return t._("Keep {first} + {second} + {third}", first=first, second=second, third=third)
        return label

    def panel_groups(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> list[str] | None:
        return None

    def private_text(self, view: dict[str, Any]) -> str:
        t = tx()
        me = view.get("me") or {}
        mine = _player(view, me["seat"]) if me.get("seat") else None
        lines = []
        if mine:
            hand = ", ".join(map(str, mine["hand"]))
            colour = colour_word(mine["colour"])
            lines.append(t._("You play **{colour}**; movement cards in hand: {cards}.", colour=colour, cards=hand)
                         if hand else t._("You play **{colour}**; movement cards in hand: none.", colour=colour))
        if me.get("card"):
            lines.append(t._("Your card this round: **{card}** — {action}.", card=me["card"],
                             action=action_word(me["card"])) if view["variant"] == "extended" else
                         t._("Your card this round: **{card}**.", card=me["card"]))
        if me.get("objective_hand"):
            lines.append(t._("Your 6 objective cards (keep 3, one of each colour, with `/mali objectives`):"))
            lines += [f"• {objective_line(o)}" for o in me["objective_hand"]]
            if draft_is_forced(me["objective_hand"]):
                lines.append(t._("Every set of three colours you could keep is the same objectives: they are kept "
                                 "for you when the others have chosen (or keep them now)."))
        if me.get("objectives"):
            lines.append(t._("Your secret objectives:"))
            lines += [f"• {objective_line(o)}" for o in me["objectives"]]
        if me.get("peeked"):
            peeked = [t._("the Victory card") if not o.get("from") else
                      t.n_("{id} {origin} → {destination} ({count} pt)", "{id} {origin} → {destination} ({count} pts)",
                           int(o["points"]), id=o["id"], origin=place(o["from"]), destination=place(o["to"]))
                      for o in me["peeked"]]
            lines.append(t._("You peeked at the next orders: {orders}.", orders="; ".join(peeked)))
        return "\n".join(lines)

    def panel_intro(self, view: dict[str, Any]) -> str:
        t = tx()
        me = view.get("me") or {}
        if view["phase"] == "objectives":
            return t._("Keep 3 of your 6 secret objectives, one of each colour: `/mali objectives` shows "
                       "all six in one list to tick (your DM and `/game hand` list them too).")
        if view["phase"] == "cards":
            mine = _player(view, me["seat"])
            return t._("Choose your movement card for this round. Nobody sees it until everyone has chosen.\n"
                       "In hand: {cards}.", cards=", ".join(map(str, mine["hand"])))
        pending = view.get("pending")
        if pending and pending["seat"] == me.get("seat"):
            return t._("Your decision: {why}", why=t.say(pending.get("why") or pending["kind"]))
        current = view.get("current")
        if current and current["seat"] == me.get("seat"):
            left = int(current["points_left"])
            if current["stage"] == "place":
                return t._("Place your escaped scout(s) before you move. `/mali move` walks a whole route.")
            if current["stage"] == "bonus":
                return t.n_("Red die bonus move: {scout} may walk {count} step. `/mali move` walks a whole route.",
                            "Red die bonus move: {scout} may walk {count} steps. `/mali move` walks a whole route.",
                            left, scout=current.get("scout"))
            if view["variant"] == "extended" and not current.get("action_done") and current["card"] < 5:
                return t.n_("Your turn with card {card}: {count} point left. Action: {action}. "
                            "`/mali move` walks a whole route.",
                            "Your turn with card {card}: {count} points left. Action: {action}. "
                            "`/mali move` walks a whole route.", left, card=current["card"],
                            action=action_word(current["card"]))
            return t.n_("Your turn with card {card}: {count} point left. `/mali move` walks a whole route.",
                        "Your turn with card {card}: {count} points left. `/mali move` walks a whole route.",
                        left, card=current["card"])
        return ""

    def opening_lines(self, view: dict[str, Any], mention: Callable[[str], str]) -> list[str]:
        """What the table sees when the game starts: colours, the start player, the first orders."""
        t = tx()
        colours = ", ".join(who(view, p["seat"], mention) for p in view["players"])
        lines = [t._("Players: {players}. {colour} starts.", players=colours,
                     colour=colour_word(_player(view, view["start_player"])["colour"])),
                 t._("Scouts start on {a}, {b} and {c}.", a="Plac Wilsona", b="Budynek PAST-y", c="Stary Mokotów")]
        first = [o for o in view["track"][0] if o in view["orders"]]
        if first:
            lines.append(t._("First orders: {orders}.", orders="; ".join(order_line(view, o) for o in first)))
        if view["variant"] == "extended":
            lines.append(t._("First, everyone keeps 3 of their 6 secret objectives (see your DM, or `/game hand`)."))
        lines.append(t._("New here? `/mali help` explains the game; press **My turn** when you are mentioned."))
        return lines

    def outcome_text(self, view: dict[str, Any], mention: Callable[[str], str]) -> str:
        outcome = view.get("outcome") or {}
        reason = outcome.get("reason", "")
        winners = outcome.get("winners") or []
        lost = not winners
        t = tx()
        if reason in REASONS:
            why = t._(REASONS[reason])
        elif not lost:
            why = t._(REASONS["victory"])
        elif len(view.get("fallen") or []) >= 3:
            why = t._(REASONS["third_district"])
        elif view["variant"] == "basic" and len(view.get("blocked") or []) >= 4:
            why = t._(REASONS["fourth_token"])
        else:
            why = t._("Everybody loses.")
        lines = [t._("**Game over.** {why}", why=why)]
        breakdown = outcome.get("breakdown") or {}
        if winners:
            names = ", ".join(who(view, w, mention) for w in winners)
            lines.append("🏆 " + t.n_("{players} wins!", "{players} win!", len(winners), players=names))
        if not lost:
            for seat, b in sorted(breakdown.items(), key=lambda kv: -kv[1].get("total", 0)):
                parts = [t._("orders {points} ({delivered} delivered)", points=b.get("orders", 0),
                             delivered=b.get("delivered", 0)),
                         t._("scouts home {points}", points=b.get("return_bonus", 0))]
                parts += [t._("{objective} +{points}", objective=objective_text(o), points=o["points"]) if o["met"]
                          else t._("{objective} ✗ 0", objective=objective_text(o))
                          for o in b.get("objectives") or []]
                lines.append(t._("{player}: **{total}** = {parts}", player=who(view, seat, mention),
                                 total=b.get("total", 0), parts=" + ".join(parts)))
        return "\n".join(lines)

    def narrate(self, view: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
        """A post's lines: a turn's route in one line per scout, the order of play after the reveal,
        and no "game over" line when the outcome text follows."""
        t = tx()
        colours = {p["seat"]: colour_word(p["colour"]) for p in view["players"]}
        lines: list[str] = []
        turn: dict[str, Any] | None = None  # the turn being told: its head and its parts
        chosen: list[Any] = []  # secret choices told in one line: kind, colours, the line

        def flush(still_open: bool = False) -> None:
            nonlocal turn
            if turn is not None and (turn["parts"] or not still_open):
                body = "; ".join(", ".join(part) for part in turn["parts"]) or t._("no move")
                lines.append(t._("{head}: {moves}.", head=turn["head"], moves=body))
            turn = None

        def open_turn(seat: str, head: str) -> dict[str, Any]:
            nonlocal turn
            if turn is None or turn["seat"] != seat:
                flush()
                turn = {"seat": seat, "head": head, "parts": [], "routes": {}}
            return turn

        for e in events:
            kind, seat = e.get("type"), e.get("seat")
            text = event_words("mali", e) if e.get("say") or e.get("text") else ""
            colour = colours.get(str(seat), "")
            if kind == "turn" and e.get("what") == "begins":
                flush()
                open_turn(str(seat), t._("{player} (card {card})", player=colour, card=e.get("card")))
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
                if kind == "picked_up":
                    word = t._("picks up {order}", order=order)
                elif kind == "dropped":
                    word = t._("drops {order}", order=order)
                else:
                    word = t._("delivers {order}, +{points}", order=order, points=e.get("points", 0))
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
                    cur["parts"].append([t._("{scout} {did}", scout=e.get("scout"), did=word)])
            elif kind == "game_over" and view.get("outcome") and e.get("reason") != "abandoned":
                flush()  # the outcome text that ends the post says it once
            elif kind in ("card_chosen", "objectives_chosen") and seat is not None:
                flush()
                if chosen and chosen[0] == kind and lines and lines[-1] == chosen[2]:
                    chosen[1].append(colour)
                    some, last = ", ".join(chosen[1][:-1]), chosen[1][-1]
                    lines[-1] = chosen[2] = (
                        t._("{players} and {last} have chosen their movement cards.", players=some, last=last)
                        if kind == "card_chosen" else
                        t._("{players} and {last} have chosen their secret objectives.", players=some, last=last))
                else:
                    chosen[:] = [kind, [colour], t._("{player} has chosen a movement card.", player=colour)
                                 if kind == "card_chosen" else
                                 t._("{player} has chosen their secret objectives.", player=colour)]
                    lines.append(chosen[2])
            elif kind == "cards_revealed":
                flush()
                cards = e.get("cards") or {}
                order = e.get("order") or []
                played = [t.p_("card played", "{player} {card}", player=colours.get(s, s), card=cards.get(s))
                          for s in order]
                turns = [t._("{number}. {player}", number=n, player=colours.get(s, s)) for n, s in enumerate(order, 1)]
                lines.append(t._("Movement cards: {cards}. Order of play: {order}.", cards=", ".join(played),
                                 order=", ".join(turns)))
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
        t = tx()
        scout, start, at, steps = route["scout"], route["start"], route["at"], route["steps"]
        stops: list[tuple[str, list[str]]] = route.get("stops", [])
        if steps == 0 and not route["jump"]:  # nothing walked: what the scout did where it stands
            return t._("{scout} {did} at {space}", scout=scout, did=", ".join(w for _, words in stops for w in words),
                       space=place(at))
        if route["jump"]:
            words = [w for _, ws in stops for w in ws]
            if words:
                return t._("{scout} jumps {start} → {space} ({did})", scout=scout, start=place(start), space=place(at),
                           did=", ".join(words))
            return t._("{scout} jumps {start} → {space}", scout=scout, start=place(start), space=place(at))
        path, last = [place(start)], start  # a route: places joined by arrows, what was done in brackets
        for node, words in stops:
            if node != last:
                path.append(place(node))
                last = node
            path[-1] += f" ({', '.join(words)})"
        if at != last or not stops:
            path.append(place(at))
        return t.n_("{scout} {route}, {count} step", "{scout} {route}, {count} steps", steps, scout=scout,
                    route=" → ".join(path))

# The table card's option names (the lobby words `name.replace("_", " ")` in this catalog).
OPTION_NAMES = (N_("Mali Powstańcy. Warszawa 1944"), N_("variant"), N_("jump costs one point"))  # and the title
