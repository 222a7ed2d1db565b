"""The game state: one JSON-native dict, and small readers shared by every module."""
from __future__ import annotations

import marshal
from typing import Any

from games.rng import seed_state, shuffle
from games.westerplatte.board import (
    CARDS,
    DIFFICULTY,
    EVENT_IDS,
    EVENTS,
    GUARDHOUSES,
    MAX_BRICKS,
    OFFICERS,
    PATHS,
    SUPPLIES,
    TILES,
    TRACKS,
    WALLS,
    side_value,
)

State = dict[str, Any]
Event = dict[str, Any]


def clone(s: State) -> State:
    """A deep copy (the state holds only dicts, lists, strings, numbers, booleans and None)."""
    out: State = marshal.loads(marshal.dumps(s))
    return out


def new_state(seats: list[str], options: dict[str, Any], seed: int) -> State:
    difficulty = str(options["difficulty"])
    diff = DIFFICULTY[difficulty]
    side = str(diff["tile_side"])
    n_officers = 2 if len(seats) == 1 else len(seats)
    s: State = {
        "game": "westerplatte",
        "seats": list(seats),
        "difficulty": difficulty,
        "side": side,
        "track": str(diff["morale_track"]),
        "mine_on_occupied_path": bool(options["mine_on_occupied_path"]),
        "low_morale_stays_at_bottom": bool(options["low_morale_stays_at_bottom"]),
        "rng": seed_state(seed),
        "officers": [],
        "walls": dict.fromkeys(WALLS, MAX_BRICKS),
        "tiles": {},
        "stock": {},
        "beside": {"shells": 0, "mines": 0},
        "boxed": {},
        "reserve": int(SUPPLIES["ammunition_total"]),
        "supply": {k: int(SUPPLIES["tokens"][k]) for k in ("extra_movement", "limited_movement",
                                                            "extra_action")},
        "morale": int(TRACKS[str(diff["morale_track"])]["start_index"]),
        "troops": dict.fromkeys(PATHS),
        "mines": {p: [] for p in PATHS},
        "deck": [],
        "under": [],
        "piles": [[] for _ in range(7)],
        "day": 1,
        "event_deck": [],
        "events_seen": [],
        "burnt": None,
        "turn": {"officer": 0, "number": 0, "stage": "setup", "moves": 0, "actions": 0,
                 "used_extra_movement": False, "used_extra_action": False},
        "last_card": None,
        "tasks": [],
        "pending": None,
        "outcome": None,
    }
    for i in range(n_officers):
        info = OFFICERS[i]
        seat = seats[0] if len(seats) == 1 else seats[i]
        s["officers"].append({"id": info["id"], "seat": seat, "at": "outpost_c", "ammo": 0,
                              "extra_movement": 0, "limited_movement": 0, "extra_action": 0})
    # tiles shuffled onto the guardhouses
    order = list(TILES)
    shuffle(s, order)
    s["tiles"] = dict(zip(GUARDHOUSES, order, strict=False))
    total = {"shells": 4, "mines": 4}
    s["stock"] = {"mortar": side_value("mortar", side, "shells"),
                  "mines": side_value("mines", side, "mines"),
                  "wall_rebuild": side_value("wall_rebuild", side, "bricks")}
    s["boxed"] = {"shells": total["shells"] - s["stock"]["mortar"],
                  "mines": total["mines"] - s["stock"]["mines"]}
    for o in s["officers"]:
        o["ammo"] = int(SUPPLIES["ammunition_per_player_at_start"])
        s["reserve"] -= o["ammo"]
    # attack deck: phase two shuffled under phase one shuffled
    one = [c for c in sorted(CARDS) if CARDS[c]["phase"] == 1]
    two = [c for c in sorted(CARDS) if CARDS[c]["phase"] == 2]
    shuffle(s, two)
    shuffle(s, one)
    s["deck"] = one + two
    # event deck
    ev = diff["events"]
    pos = [e for e in EVENT_IDS if EVENTS[e]["polarity"] == "positive"]
    neg = [e for e in EVENT_IDS if EVENTS[e]["polarity"] == "negative"]
    shuffle(s, pos)
    shuffle(s, neg)
    chosen = pos[: int(ev["positive"])] + neg[: int(ev["negative"])]
    shuffle(s, chosen)
    s["event_deck"] = chosen
    return s


# ---- readers -----------------------------------------------------------------------------

def officer_name(s: State, i: int) -> str:
    return str(OFFICERS[i]["name"])


def officer_index(s: State, oid: str) -> int:
    for i, o in enumerate(s["officers"]):
        if o["id"] == oid:
            return i
    return -1


def active(s: State) -> dict[str, Any]:
    o: dict[str, Any] = s["officers"][s["turn"]["officer"]]
    return o


def active_seat(s: State) -> str:
    return str(active(s)["seat"])


def tile_at(s: State, wall: str) -> str | None:
    t = s["tiles"].get(wall)
    return None if t is None else str(t)


def where_tile(s: State, tile: str) -> str:
    for g in GUARDHOUSES:
        if s["tiles"][g] == tile:
            return g
    raise KeyError(tile)


def tile_max(s: State, tile: str) -> int:
    key = {"mortar": "shells", "mines": "mines", "wall_rebuild": "bricks"}[tile]
    return side_value(tile, s["side"], key)


def level(s: State) -> str | None:
    lv = TRACKS[s["track"]]["spaces"][s["morale"]]["level"]
    return None if lv is None else str(lv)


def remaining(s: State, p: str) -> int:
    t = s["troops"][p]
    return 0 if t is None else int(CARDS[t["card"]]["resistance"]) - int(t["damage"])


def is_mg(cid: str) -> bool:
    return CARDS[cid].get("unit") == "machine_gun"


def days_done(s: State) -> int:
    return int(s["day"]) - 1
