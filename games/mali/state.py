"""The game state: one JSON-native dict, plus small read helpers shared by every module."""
from __future__ import annotations

import marshal
from typing import Any

from games.base import Say, say, say_n, say_p
from games.mali.board import BOARD, EDGE_OF_SPACE, NODE_DISTRICT, colour_say
from games.rng import seed_state, shuffle

State = dict[str, Any]
VICTORY = "VICTORY"
PLAYERS = BOARD.raw["players"]
ORDERS = BOARD.orders
OBJECTIVES = BOARD.objectives
CARD_ACTIONS = {c["value"]: c for c in BOARD.raw["movement_cards"]}
START_LOCATIONS: list[str] = list(BOARD.raw["start_locations"])


def clone(s: State) -> State:
    """A deep copy (the state holds only dicts, lists, strings, numbers, booleans and None)."""
    copy: State = marshal.loads(marshal.dumps(s))
    return copy


def new_state(seats: list[str], variant: str, jump_costs_one_point: bool, seed: int) -> State:
    s: State = {
        "variant": variant,
        "jump_costs_one_point": bool(jump_costs_one_point) and variant == "basic",
        "seats": list(seats),
        "rng": seed_state(seed),
        "round": 0,
        "phase": "cards",
        "start": 0,
        "players": [],
        "scouts": {},
        "soldier": BOARD.raw["soldier_start"] if variant == "basic" else None,
        "track": [[] for _ in range(BOARD.raw["order_track"][variant])],
        "deck": [],
        "discarded": [],
        "blocked": [],
        "fallen": [],
        "undelivered": {},
        "die": None,
        "order": None,
        "turn": -1,
        "current": None,
        "pending": None,
        "tasks": [],
        "victory_drawn": False,
        "victory_left": False,
        "outcome": None,
    }
    for i, seat in enumerate(seats):
        info = PLAYERS[i]
        s["players"].append({
            "seat": seat, "colour": info["colour"], "hex": info["hex"], "dropped": False,
            "hand": [1, 2, 3, 4, 5], "played": [], "chosen": None, "card": None,
            "delivered": [], "objectives": [], "objective_hand": [], "objective_discards": [], "peeked": [],
        })
        for name, where in zip(info["scouts"], START_LOCATIONS, strict=True):
            s["scouts"][name] = {"owner": i, "at": where, "status": "board", "carrying": None}
    n = str(len(seats))
    ids = list(ORDERS)
    shuffle(s, ids)
    if variant == "basic":
        s["deck"] = ids[: BOARD.raw["order_deck_size"]["basic"][n]]
    else:
        below = BOARD.raw["order_deck_size"]["extended_below_victory"][n]
        s["deck"] = [*ids[below:], VICTORY, *ids[:below]]
    from games.rng import randbelow
    s["start"] = randbelow(s, len(seats))
    return s


# ---- small readers -------------------------------------------------------------------------

SCOUT_NAMES: list[str] = [n for p in PLAYERS for n in p["scouts"]]


def scouts(s: State) -> list[tuple[str, dict[str, Any]]]:
    """The scouts in the board's order (red's first): never in the order a JSON store kept."""
    return [(n, s["scouts"][n]) for n in SCOUT_NAMES if n in s["scouts"]]


def seat_index(s: State, seat: str) -> int:
    index: int = s["seats"].index(seat)
    return index


def colour_name(s: State, idx: int) -> str:
    colour: str = s["players"][idx]["colour"]
    return colour.capitalize()


def who(s: State, idx: int) -> str | Say:
    return colour_say(s["players"][idx]["colour"])


def semicolons(items: list[Any]) -> Any:
    """Items joined with "; " (a list of Says is joined with ", "), as one Say."""
    if len(items) <= 1:
        return items[0] if items else ""
    return say_p("list", "{first}; {rest}", first=items[0], rest=semicolons(items[1:]))


def district_name(district: str) -> str:
    name: str = BOARD.districts[district]["name"]
    return name


def objective_say(oid: str) -> Say:
    """An objective card's text (a data text: the cogs mark every one for the catalog)."""
    return say(str(OBJECTIVES[oid]["text"]))


def active_indices(s: State) -> list[int]:
    return [i for i, p in enumerate(s["players"]) if not p["dropped"]]


def clockwise_from(s: State, first: int) -> list[int]:
    n = len(s["seats"])
    return [(first + k) % n for k in range(n) if not s["players"][(first + k) % n]["dropped"]]


def scouts_of(s: State, idx: int) -> list[str]:
    names: list[str] = PLAYERS[idx]["scouts"]
    return names


def blocked_edges(s: State) -> set[str]:
    return {b["edge"] for b in s["blocked"] if b["edge"] is not None}


def on_blocked_path(s: State, node: str, blocked: set[str] | None = None) -> bool:
    edge = EDGE_OF_SPACE.get(node)
    return edge is not None and edge in (blocked if blocked is not None else blocked_edges(s))


def is_safe(s: State, node: str, blocked: set[str] | None = None) -> bool:
    """Not in a fallen district and not on a blocked path."""
    return NODE_DISTRICT[node] not in s["fallen"] and not on_blocked_path(s, node, blocked)


def place_name(node: str) -> str:
    return BOARD.name(node)


def place(node: str) -> str | Say:
    return BOARD.place(node)


def order_say(oid: str) -> Say:
    """An order in the reader's words: 'O04: A → B, 3 pts', or the Victory card."""
    if oid == VICTORY:
        return say("the Victory card")
    o = ORDERS[oid]
    return say_n("{order}: {origin} → {destination}, {count} pt", "{order}: {origin} → {destination}, {count} pts",
                 int(o["points"]), order=oid, origin=place(o["from"]), destination=place(o["to"]))


def order_text(oid: str) -> str:
    if oid == VICTORY:
        return "the Victory card"
    o = ORDERS[oid]
    return f"{oid}: {place_name(o['from'])} → {place_name(o['to'])}, {o['points']} pts"


def track_position(s: State, oid: str) -> int | None:
    for i, space in enumerate(s["track"]):
        if oid in space:
            return i
    return None


def active_orders(s: State) -> list[str]:
    return [o for space in s["track"] for o in space if o != VICTORY]


def last_mover(s: State) -> int:
    order = [i for i in (s["order"] or []) if not s["players"][i]["dropped"]]
    if order:
        last: int = order[-1]
        return last
    return clockwise_from(s, s["start"])[0]


def orders_per_round(s: State, rnd: int) -> int:
    pattern = BOARD.raw["orders_per_round"][str(len(s["seats"]))]
    count: int = pattern[(rnd - 1) % len(pattern)]
    return count


def victory_on_track(s: State) -> bool:
    return any(VICTORY in space for space in s["track"])
