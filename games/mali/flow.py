"""The automatic parts of a round: orders phase, reveal, turns, soldier phase, time phase, end.

The driver `advance` runs queued tasks until a player must act (a pending choice, a turn that
still has something meaningful to do, a simultaneous choice) or the game is over.
"""
from __future__ import annotations

from typing import Any

from games.base import Say, event, say, say_n, say_p
from games.mali.board import BOARD, DIST, NODE_DISTRICT, STEPS, die_colour
from games.mali.legal import has_meaningful, objective_combos, objectives_forced
from games.mali.objectives import final_outcome, lost_outcome
from games.mali.state import (
    OBJECTIVES,
    ORDERS,
    VICTORY,
    State,
    active_indices,
    blocked_edges,
    clockwise_from,
    district_name,
    is_safe,
    last_mover,
    objective_say,
    order_say,
    orders_per_round,
    place,
    scouts,
    scouts_of,
    track_position,
    who,
)
from games.rng import randbelow

Event = dict[str, Any]


def emit(events: list[Event], kind: str, words: Say, seat: str | None = None,
         private_to: str | None = None, **extra: Any) -> None:
    ev: Event = event(kind, words)
    if seat is not None:
        ev["seat"] = seat
    if private_to is not None:
        ev["private_to"] = private_to
    ev.update(extra)
    events.append(ev)


def push(s: State, *tasks: dict[str, Any]) -> None:
    """Put tasks at the front of the queue, in the given order."""
    s["tasks"][0:0] = list(tasks)


# ---- the driver --------------------------------------------------------------------------

def advance(s: State, events: list[Event]) -> None:
    while s["outcome"] is None and s["pending"] is None:
        cur = s["current"]
        if cur is not None:
            if cur["stage"] == "place" or has_meaningful(s):
                return
            end_current(s, events)
            continue
        if s["tasks"]:
            task = s["tasks"].pop(0)
            TASKS[task["kind"]](s, task, events)
            continue
        if s["phase"] == "objectives":
            keep_forced_objectives(s, events)
            if any(not s["players"][i]["objectives"] for i in active_indices(s)):
                return
            start_round(s, events)
            continue
        if s["phase"] == "cards":
            play_forced_cards(s, events)
            if any(s["players"][i]["chosen"] is None for i in active_indices(s)):
                return
            reveal(s, events)
            continue
        return


def keep_objectives(s: State, idx: int, ids: list[str], events: list[Event], forced: bool = False) -> None:
    p = s["players"][idx]
    p["objectives"] = list(ids)
    p["objective_discards"] = [o for o in p["objective_hand"] if o not in ids]  # secret, like the hand
    p["objective_hand"] = []
    emit(events, "objectives_chosen", say("{player} has chosen their secret objectives.", player=who(s, idx)),
         p["seat"])
    kept = [say_n("{id} {objective} ({count} pt)", "{id} {objective} ({count} pts)", int(OBJECTIVES[o]["points"]),
                  id=o, objective=objective_say(o)) for o in ids]
    words = (say("Every set of three colours in your hand keeps the same objectives: kept for you. "
                 "Your objectives: {objectives}.", objectives=kept) if forced
             else say("Your objectives: {objectives}.", objectives=kept))
    emit(events, "objectives_chosen", words, p["seat"], private_to=p["seat"],
         ids=list(ids))


def keep_forced_objectives(s: State, events: list[Event]) -> None:
    """A player whose every legal set of three is the same objectives (copies of one card differ
    only by their ids) has no choice; the hand is secret, so the engine keeps the set for them
    only when everybody else has chosen (before, their waiting would say nothing about the hand)."""
    owing = [i for i in active_indices(s) if not s["players"][i]["objectives"]]
    if owing and all(objectives_forced(s, i) for i in owing):
        for i in owing:
            keep_objectives(s, i, objective_combos(s, i)[0], events, forced=True)


def play_forced_cards(s: State, events: list[Event]) -> None:
    """A player with one movement card left has no choice: the engine plays it (RULINGS: a choice
    that cannot change the outcome is never asked). Every player sees the cards played so far, so
    the last card is known to all and saying it leaks nothing."""
    forced = [i for i in clockwise_from(s, s["start"])
              if s["players"][i]["chosen"] is None and len(s["players"][i]["hand"]) == 1]
    for i in forced:
        s["players"][i]["chosen"] = s["players"][i]["hand"][0]
    if forced:
        cards = [say_p("card played", "{player} {card}", player=who(s, i), card=s["players"][i]["chosen"])
                 for i in forced]
        emit(events, "card_forced", say("Last movement card in hand, played for its owner: {cards}.", cards=cards),
             seats=[s["seats"][i] for i in forced])


def end_current(s: State, events: list[Event]) -> None:
    cur = s["current"]
    idx = s["seats"].index(cur["seat"])
    s["current"] = None
    if cur["stage"] == "bonus":
        emit(events, "turn", say("{player}'s bonus move ends.", player=who(s, idx)), cur["seat"], what="ends")
    else:
        emit(events, "turn", say("{player}'s movement ends.", player=who(s, idx)), cur["seat"], what="ends")
        push(s, {"kind": "next_turn"})


def game_over(s: State, reason: str, events: list[Event]) -> None:
    s["phase"] = "over"
    s["current"] = None
    s["pending"] = None
    s["tasks"] = []
    if reason == "victory":
        s["outcome"] = final_outcome(s)
        names = [who(s, s["seats"].index(w)) for w in s["outcome"]["winners"]]
        text = say("The game is over. Winner: {names}.", names=names) if names else say("The game is over.")
    else:
        s["outcome"] = lost_outcome(s, reason)
        text = {"fourth_token": say("A fourth German unit is on the board: everybody loses."),
                "third_district": say("A third district has fallen: everybody loses."),
                "abandoned": say("The game is abandoned.")}[reason]
    emit(events, "game_over", text, reason=reason)


# ---- orders and the round --------------------------------------------------------------

def draw_valid(s: State, events: list[Event]) -> str | None:
    """The top card of the deck, discarding (publicly) cards of a fallen district."""
    while s["deck"]:
        oid: str = s["deck"].pop(0)
        if oid != VICTORY and (NODE_DISTRICT[ORDERS[oid]["from"]] in s["fallen"]
                               or NODE_DISTRICT[ORDERS[oid]["to"]] in s["fallen"]):
            s["discarded"].append(oid)
            emit(events, "discarded", say("Order {order} belongs to a fallen district: discarded.",
                                          order=order_say(oid)),
                 order=oid)
            continue
        return oid
    return None


def put_on_track(s: State, oid: str, events: list[Event], extra: bool = False) -> None:
    """The drawn card onto the track's first space; `extra`: drawn for an undelivered order."""
    s["track"][0].append(oid)
    if oid == VICTORY:
        s["victory_drawn"] = True
        emit(events, "orders_drawn", say("The Victory card is drawn for the undelivered order: no more orders phases.")
             if extra else say("The Victory card is drawn: no more orders phases."), orders=[VICTORY])
    else:
        emit(events, "orders_drawn", say("New order for the undelivered order: {order}.", order=order_say(oid))
             if extra else say("New order: {order}.", order=order_say(oid)), orders=[oid])


def start_round(s: State, events: list[Event]) -> None:
    s["round"] += 1
    s["die"] = None
    s["order"] = None
    s["turn"] = -1
    for p in s["players"]:
        p["peeked"] = []
        p["chosen"] = None
        p["card"] = None
    emit(events, "round", say("Round {round} begins; {player} is the start player.", round=s["round"],
                              player=who(s, s["start"])), round=s["round"])
    no_more = s["victory_drawn"] if s["variant"] == "extended" else not s["deck"]
    if not no_more:
        for _ in range(orders_per_round(s, s["round"])):
            oid = draw_valid(s, events)
            if oid is None:
                break
            put_on_track(s, oid, events)
    s["phase"] = "cards"
    if all(not s["players"][i]["hand"] for i in active_indices(s)):
        for p in s["players"]:
            p["hand"] = [1, 2, 3, 4, 5]
            p["played"] = []
        emit(events, "cards_returned", say("Everybody takes their five movement cards back."))


def reveal(s: State, events: list[Event]) -> None:
    seats = clockwise_from(s, s["start"])
    for i in seats:
        p = s["players"][i]
        p["card"] = p["chosen"]
        p["hand"].remove(p["card"])
        p["played"].append(p["card"])
    s["order"] = sorted(seats, key=lambda i: (s["players"][i]["card"], seats.index(i)))
    cards = [say_p("card played", "{player} {card}", player=who(s, i), card=s["players"][i]["card"])
             for i in s["order"]]
    emit(events, "cards_revealed", say("Movement cards: {cards}.", cards=cards),
         cards={s["seats"][i]: s["players"][i]["card"] for i in seats},
         order=[s["seats"][i] for i in s["order"]])
    s["phase"] = "movement"
    push(s, {"kind": "next_turn"})


# ---- turns --------------------------------------------------------------------------------

def deliver_all(s: State, idx: int, events: list[Event]) -> None:
    """Automatic delivery: every own scout carrying an order and standing on its destination."""
    for name in scouts_of(s, idx):
        sc = s["scouts"][name]
        oid = sc["carrying"]
        if sc["status"] != "board" or oid is None or ORDERS[oid]["to"] != sc["at"]:
            continue
        pos = track_position(s, oid)
        if pos is None:
            sc["carrying"] = None
            continue
        s["track"][pos].remove(oid)
        s["players"][idx]["delivered"].append(oid)
        for _, other in scouts(s):
            if other["carrying"] == oid:
                other["carrying"] = None
        emit(events, "delivered", say("{player}'s {scout} delivers order {order}.", player=who(s, idx), scout=name,
                                      order=order_say(oid)),
             s["seats"][idx], order=oid, scout=name, points=ORDERS[oid]["points"], at=sc["at"])


def next_turn(s: State, task: dict[str, Any], events: list[Event]) -> None:
    s["turn"] += 1
    order = s["order"]
    while s["turn"] < len(order) and s["players"][order[s["turn"]]]["dropped"]:
        s["turn"] += 1
    if s["turn"] >= len(order):
        s["current"] = None
        if s["variant"] == "basic":
            s["phase"] = "soldier"
            push(s, {"kind": "soldier_escape"}, {"kind": "soldier_roll"}, {"kind": "time_start"})
        else:
            push(s, {"kind": "time_start"})
        return
    idx = order[s["turn"]]
    card = s["players"][idx]["card"]
    escaped = [n for n in scouts_of(s, idx) if s["scouts"][n]["status"] == "escaped"]
    s["current"] = {"seat": s["seats"][idx], "stage": "place" if escaped else "move", "card": card,
                    "points_left": card, "mode": None, "action_done": False, "scout": None,
                    "jumped": False, "steps_done": False}
    emit(events, "turn", say("{player} moves (card {card}).", player=who(s, idx), card=card), s["seats"][idx],
         what="begins",
         card=card)
    if not escaped:
        deliver_all(s, idx, events)


# ---- soldier phase (basic) ----------------------------------------------------------------

def soldier_escape(s: State, task: dict[str, Any], events: list[Event]) -> None:
    s["phase"] = "soldier"
    for name, sc in scouts(s):
        if sc["status"] == "prison":
            sc["status"] = "escaped"
            emit(events, "escaped", say("{player}'s {scout} escapes from prison.", player=who(s, sc["owner"]),
                                        scout=name),
                 s["seats"][sc["owner"]], scout=name)


def nearest_scouts(s: State) -> list[str]:
    """The scouts nearest to the soldier that the tie-break picks (all of one player)."""
    here = s["soldier"]
    on_board = [n for n, sc in scouts(s) if sc["status"] == "board"]
    if not on_board:
        return []
    best = min(DIST[here][s["scouts"][n]["at"]] for n in on_board)
    tied = [n for n in on_board if DIST[here][s["scouts"][n]["at"]] == best]
    rank = {i: k for k, i in enumerate(s["order"] or [])}
    owner = max({s["scouts"][n]["owner"] for n in tied}, key=lambda i: rank.get(i, -1))
    return [n for n in tied if s["scouts"][n]["owner"] == owner]


def walk_ends(s: State, target: str, steps: int) -> list[str]:
    here = s["soldier"]
    d = DIST[here][target]
    if d <= steps:
        return [target]
    return sorted(m for m in BOARD.nodes if DIST[here][m] == steps and DIST[m][target] == d - steps)


def soldier_roll(s: State, task: dict[str, Any], events: list[Event]) -> None:
    face = BOARD.raw["die"][randbelow(s, len(BOARD.raw["die"]))]
    s["die"] = dict(face)
    start = s["seats"][s["start"]]
    emit(events, "die", say("{player} rolls a {colour} {value}.", player=who(s, s["start"]),
                            colour=die_colour(face["colour"]),
             value=face["value"]), start,
         colour=face["colour"], value=face["value"])
    tied = nearest_scouts(s)
    if not tied:
        emit(events, "die", say("No scout is on the board: nothing happens."))
        return
    owner = s["scouts"][tied[0]]["owner"]
    if face["colour"] == "black":
        ends = {tuple(walk_ends(s, s["scouts"][n]["at"], face["value"])) for n in tied}
        if len(ends) > 1:
            s["pending"] = {"kind": "choose_scout", "seat": s["seats"][owner], "options": tied,
                            "why": say("Your scouts are equally near the German soldier: choose which one he runs at."),
                            "context": {"purpose": "soldier"}}
            return
        soldier_target(s, s["scouts"][tied[0]]["at"], events)
    else:
        kinds = {(s["scouts"][n]["at"], s["scouts"][n]["carrying"]) for n in tied}
        if len(kinds) > 1:
            s["pending"] = {"kind": "choose_scout", "seat": s["seats"][owner], "options": tied,
                            "why": say("Your scouts are equally near the German soldier: "
                                       "choose which one gets the bonus move."),
                            "context": {"purpose": "bonus"}}
            return
        start_bonus(s, tied[0], events)


def soldier_target(s: State, target: str, events: list[Event]) -> None:
    ends = walk_ends(s, target, s["die"]["value"])
    if len(ends) > 1:
        starter = clockwise_from(s, s["start"])[0]
        s["pending"] = {"kind": "soldier_to", "seat": s["seats"][starter], "options": ends,
                        "why": say("The German soldier runs towards {space} by equally short routes: "
                                   "choose where he stops.", space=place(target)),
                        "context": {}}
        return
    walk_to(s, ends[0], events)


def walk_to(s: State, node: str, events: list[Event]) -> None:
    s["soldier"] = node
    emit(events, "soldier_moved", say("The German soldier moves to {space}.", space=place(node)), to=node)
    caught = [n for n, sc in scouts(s) if sc["status"] == "board" and sc["at"] == node]
    for name in caught:
        sc = s["scouts"][name]
        player = who(s, sc["owner"])
        words = (say("{player}'s {scout} is arrested, losing order {order}.", player=player, scout=name,
                     order=sc["carrying"]) if sc["carrying"]
                 else say("{player}'s {scout} is arrested.", player=player, scout=name))
        sc.update(status="prison", at=None, carrying=None)
        emit(events, "arrested", words,
             s["seats"][sc["owner"]], scout=name)


def start_bonus(s: State, name: str, events: list[Event]) -> None:
    sc = s["scouts"][name]
    idx = sc["owner"]
    steps = s["die"]["value"]
    s["current"] = {"seat": s["seats"][idx], "stage": "bonus", "card": s["players"][idx]["card"],
                    "points_left": steps, "mode": "steps", "action_done": False, "scout": name,
                    "jumped": False, "steps_done": False}
    emit(events, "bonus_move", say_n("{player}'s {scout} may move up to {count} step.",
                                     "{player}'s {scout} may move up to {count} steps.",
               steps, player=who(s, idx), scout=name),
         s["seats"][idx], scout=name, steps=steps)
    deliver_all(s, idx, events)


# ---- time phase --------------------------------------------------------------------------

def time_start(s: State, task: dict[str, Any], events: list[Event]) -> None:
    s["phase"] = "time"
    expired = s["track"][-1]
    s["track"] = [[], *s["track"][:-1]]
    emit(events, "track_advanced", say("Time passes: the order track moves down one space."))
    for oid in expired:
        for _, sc in scouts(s):
            if sc["carrying"] == oid:
                sc["carrying"] = None
    push(s, *[{"kind": "expire", "order": oid} for oid in expired], {"kind": "time_end"})


def expire(s: State, task: dict[str, Any], events: list[Event]) -> None:
    oid = task["order"]
    if oid == VICTORY:
        s["victory_left"] = True
        emit(events, "order_expired", say("The Victory card leaves the track."), order=VICTORY)
        return
    dest = ORDERS[oid]["to"]
    district = NODE_DISTRICT[dest]
    emit(events, "order_expired", say("Order {order} was not delivered in time.", order=order_say(oid)), order=oid)
    if s["variant"] == "basic":
        s["undelivered"][district] = s["undelivered"].get(district, 0) + 1
        block_choice(s, dest, district, events)
        return
    if district in s["fallen"]:
        emit(events, "order_expired", say("{district} has already fallen: no further effect.",
                                                  district=district_name(district)))
        return
    count = s["undelivered"].get(district, 0) + 1
    s["undelivered"][district] = count
    if count == 1:
        push(s, {"kind": "draw_extra"})
        block_choice(s, dest, district, events)
    else:
        fall(s, district, events)


def block_choice(s: State, dest: str, district: str, events: list[Event]) -> None:
    blocked = blocked_edges(s)
    options = [e for e in BOARD.paths_from[dest] if e not in blocked]
    if len(options) > 1:
        chooser = last_mover(s)
        s["pending"] = {"kind": "block_path", "seat": s["seats"][chooser], "options": options,
                        "why": say("An order for {space} was not delivered: "
                                   "choose the path from there that the Germans block.", space=place(dest)),
                        "context": {"location": dest, "district": district}}
        return
    do_block(s, options[0] if options else None, dest, district, events)


def do_block(s: State, edge: str | None, dest: str, district: str, events: list[Event]) -> None:
    s["blocked"].append({"edge": edge, "location": dest, "district": district})
    if edge is None:
        emit(events, "path_blocked", say("Every path from {space} is already blocked: "
                                         "a German unit is placed beside it.", space=place(dest)), edge=None,
             location=dest)
    else:
        other = BOARD.other_end(edge, dest)
        emit(events, "path_blocked", say("The path {a} – {b} is blocked.", a=place(dest), b=place(other)),
             edge=edge, location=dest)
    if s["variant"] == "basic" and len(s["blocked"]) >= 4:
        game_over(s, "fourth_token", events)
        return
    if edge is None:
        return
    chain = BOARD.chain[edge]
    tasks = []
    for name, sc in scouts(s):
        if sc["status"] == "board" and sc["at"] in chain[1:-1]:
            pos = chain.index(sc["at"])
            ends = [(pos, chain[0]), (len(chain) - 1 - pos, chain[-1])]
            ends = [(d, n) for d, n in ends if n != s["soldier"] and NODE_DISTRICT[n] not in s["fallen"]]
            if not ends:
                ends = [(0, nearest_safe(s, sc["at"])[0])]
            best = min(d for d, _ in ends)
            tasks.append({"kind": "displace", "scout": name, "options": [n for d, n in ends if d == best]})
    push(s, *tasks)


def nearest_safe(s: State, start: str) -> list[str]:
    """Nearest safe nodes by steps that never use a blocked path (fallen districts may be crossed)."""
    blocked = blocked_edges(s)
    for avoid_blocks in (True, False):
        seen = {start}
        frontier = [start]
        while frontier:
            found = sorted(n for n in frontier if is_safe(s, n, blocked) and n != s["soldier"])
            if found:
                return found
            nxt = []
            for here in frontier:
                for there, e in STEPS[here]:
                    if there not in seen and not (avoid_blocks and e in blocked):
                        seen.add(there)
                        nxt.append(there)
            frontier = nxt
    return [start]


def fall(s: State, district: str, events: list[Event]) -> None:
    s["fallen"].append(district)
    emit(events, "district_fallen", say("{district} falls to the Germans.", district=district_name(district)),
         district=district)
    if len(s["fallen"]) >= 3:
        game_over(s, "third_district", events)
        return
    tasks: list[dict[str, Any]] = [{"kind": "draw_extra"}]
    for name, sc in scouts(s):
        if sc["status"] == "board" and NODE_DISTRICT[sc["at"]] == district:
            tasks.append({"kind": "displace", "scout": name, "options": nearest_safe(s, sc["at"])})
    push(s, *tasks)


def draw_extra(s: State, task: dict[str, Any], events: list[Event]) -> None:
    oid = draw_valid(s, events)
    if oid is not None:
        put_on_track(s, oid, events, extra=True)


def displace_task(s: State, task: dict[str, Any], events: list[Event]) -> None:
    name = task["scout"]
    sc = s["scouts"][name]
    if sc["status"] != "board":
        return
    if len(task["options"]) == 1:
        move_displaced(s, name, task["options"][0], events)
        return
    s["pending"] = {"kind": "displace", "seat": s["seats"][sc["owner"]], "scout": name,
                    "options": task["options"],
                    "why": say("{scout} must leave {space}: choose one of the equally near safe spaces.", scout=name,
                               space=place(sc["at"])),
                    "context": {}}


def move_displaced(s: State, name: str, to: str, events: list[Event]) -> None:
    sc = s["scouts"][name]
    if sc["status"] != "board":
        return
    sc["at"] = to
    emit(events, "displaced", say("{player}'s {scout} is moved to {space}.", player=who(s, sc["owner"]), scout=name,
                                  space=place(to)),
         s["seats"][sc["owner"]], scout=name, to=to)


def time_end(s: State, task: dict[str, Any], events: list[Event]) -> None:
    """The game ends here when the last order (basic) or the Victory card (extended) has left the
    track; otherwise the start marker passes clockwise and the next round begins."""
    over = (not s["deck"] and not any(s["track"])) if s["variant"] == "basic" else s.get("victory_left")
    if over:
        game_over(s, "victory", events)
        return
    nxt = clockwise_from(s, (s["start"] + 1) % len(s["seats"]))
    s["start"] = nxt[0]
    emit(events, "start_player", say("The start marker passes to {player}.", player=who(s, s["start"])),
         s["seats"][s["start"]])
    start_round(s, events)


TASKS = {
    "next_turn": next_turn, "soldier_escape": soldier_escape, "soldier_roll": soldier_roll,
    "time_start": time_start, "expire": expire, "draw_extra": draw_extra,
    "displace": displace_task, "time_end": time_end,
}
