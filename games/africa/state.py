"""The game state (one JSON-native dict) and the small readers and writers every module shares."""
from __future__ import annotations

import marshal
from collections import deque
from typing import Any

from games.africa.board import (
    AFRICA,
    AREAS,
    BOARD_MAX_VP,
    COASTAL,
    COLOURS,
    INFLUENCE,
    MARKERS_PER_RESOURCE,
    NEIGHBOURS,
    NEUTRALS,
    PLAYABLE_TRADERS,
    REP_MAX,
    REP_MIN,
    REP_START,
    RESOURCES,
    START_TRADERS,
    SYMBOL_AREAS,
    colour_say,
)
from games.base import Say
from games.rng import seed_state, shuffle

State = dict[str, Any]
Event = dict[str, Any]


def clone(s: State) -> State:
    """A deep copy (the state holds only dicts, lists, strings, numbers, booleans and None)."""
    out: State = marshal.loads(marshal.dumps(s))
    return out


def new_state(seats: list[str], target: int, sealed: bool, seed: int) -> State:
    n = len(seats)
    s: State = {
        "seats": list(seats),
        "target": target,
        "sealed": sealed,
        "rng": seed_state(seed),
        "round": 0,
        "stage": "setup",
        "players": [],
        "areas": {a: {"neutrals": 0, "traders": [0] * n, "station": False, "resource": None} for a in AREAS},
        "table": {},
        "neutral_supply": NEUTRALS,
        "station_supply": 0,
        "stock": [],
        "discards": [],
        "rows": [[], [], [], []],
        "box": [],
        "pool": 0,
        "active": None,
        "turn": None,
        "auction": None,
        "conflict": None,
        "pending": [],
        "special_victory_shown": [],
        "outcome": None,
    }
    for i, seat in enumerate(seats):
        s["players"].append({
            "seat": seat, "colour": COLOURS[i], "influence": INFLUENCE[str(n)], "vp": 0,
            "reputation": REP_START, "supply": PLAYABLE_TRADERS, "wholesaler": None, "tokens": [],
            "special_victory_tokens": [], "dropped": False,
        })
    return s


def resource_markers_setup(s: State) -> None:
    """Table markers on rows 1-4 in a random order, Africa on 0; symbol areas get one marker each
    from the 20 left (RULINGS Heart of Africa 4)."""
    order = list(RESOURCES)
    shuffle(s, order)
    s["table"] = {AFRICA: 0, **{r: i + 1 for i, r in enumerate(order)}}
    bag = [r for r in RESOURCES for _ in range(MARKERS_PER_RESOURCE - 1)]
    shuffle(s, bag)
    for area, res in zip(SYMBOL_AREAS, bag, strict=False):
        s["areas"][area]["resource"] = res
        s["areas"][area]["neutrals"] += 1
        s["neutral_supply"] -= 1


# ---- readers ---------------------------------------------------------------------------------

def colour(s: State, i: int) -> str:
    return str(s["players"][i]["colour"]).capitalize()


def who(s: State, i: int) -> Say:
    """A player's colour as a Say (worded per reader): "Red"."""
    return colour_say(str(s["players"][i]["colour"]))


def idx(s: State, seat: str) -> int:
    return int(s["seats"].index(seat))


def live(s: State) -> list[int]:
    return [i for i, p in enumerate(s["players"]) if not p["dropped"]]


def pieces(s: State, i: int, area: str) -> int:
    """Traders plus the wholesaler of player i in an area."""
    return s["areas"][area]["traders"][i] + (s["players"][i]["wholesaler"] == area)  # type: ignore[no-any-return]


def holders(s: State, area: str) -> list[int]:
    """The players with a trader or their wholesaler in an area (the search's hot path: inlined)."""
    players = s["players"]
    return [j for j, n in enumerate(s["areas"][area]["traders"]) if n or players[j]["wholesaler"] == area]


Held = dict[str, list[int]]  # area -> its holders (`occupancy`), read once by the long lists


def occupancy(s: State) -> Held:
    return {a: holders(s, a) for a in AREAS}


def others_in(s: State, i: int, area: str) -> list[int]:
    return [j for j in holders(s, area) if j != i]


def controls(s: State, i: int, area: str) -> bool:
    return holders(s, area) == [i]


def empty(s: State, area: str) -> bool:
    """No trader of any colour, neutrals included, and no wholesaler."""
    return s["areas"][area]["neutrals"] == 0 and not holders(s, area)


def value(s: State, area: str) -> int:
    res = s["areas"][area]["resource"]
    return int(s["table"][res or AFRICA])


def vp_order(s: State, players: list[int]) -> list[int]:
    """Most VP first (VP are never tied on the track)."""
    return sorted(players, key=lambda j: (-s["players"][j]["vp"], j))


def count_of(traders: int, wholesaler: bool) -> int:
    """A side's count in a conflict: 1 + 2 x the other traders with the wholesaler (RULINGS 19)."""
    return 1 + 2 * traders if wholesaler else traders


def retreat_targets(s: State, start: str, blocked: set[str]) -> list[str]:
    """Areas 1 or 2 steps from start, never through or into a blocked area (board order)."""
    seen: set[str] = set()
    frontier = deque([(start, 0)])
    while frontier:
        here, d = frontier.popleft()
        if d == 2:
            continue
        for nb in NEIGHBOURS[here]:
            if nb in blocked or nb == start or nb in seen:
                continue
            seen.add(nb)
            frontier.append((nb, d + 1))
    return [a for a in AREAS if a in seen]


def areas_of(s: State, i: int) -> list[str]:
    return [a for a in AREAS if pieces(s, i, a) > 0]


def clamp_rep(r: int) -> int:
    return max(REP_MIN, min(REP_MAX, r))


def new_trader_cost(s: State, i: int, area: str, here: list[int] | None = None) -> int | None:
    """AP for a new trader there, or None where none may enter (RULINGS Heart of Africa 14).
    `here`: the area's holders, where the caller has them."""
    if here is None:
        here = holders(s, area)
    friendly = here == [i]
    a = s["areas"][area]
    if friendly and a["station"]:
        return 2
    if area in COASTAL and (friendly or (a["neutrals"] == 0 and not here)):
        return 4
    return None


def start_areas(s: State) -> list[str]:
    return [a for a in AREAS if a in COASTAL and s["areas"][a]["neutrals"] == 0
            and not holders(s, a)]


# ---- the VP track ------------------------------------------------------------------------------

def occupied(s: State, but: int) -> set[int]:
    return {p["vp"] for j, p in enumerate(s["players"]) if j != but}


def free_below(s: State, i: int) -> int:
    """Free spaces below i's VP marker: the most VP he can pay (RULINGS Heart of Africa 7, 30)."""
    taken = occupied(s, i)
    return sum(1 for v in range(int(s["players"][i]["vp"])) if v not in taken)


def move_vp(s: State, i: int, delta: int) -> int:
    """Move i's marker delta free spaces (rule 9.5: occupied spaces are skipped both ways, never
    below 0); returns the new value."""
    taken = occupied(s, i)
    pos = s["players"][i]["vp"]
    step = 1 if delta > 0 else -1
    for _ in range(abs(delta)):
        nxt = pos + step
        while nxt in taken:
            nxt += step
        if nxt < 0 or nxt > BOARD_MAX_VP:
            break
        pos = nxt
    s["players"][i]["vp"] = pos
    return int(pos)


START_COUNT = START_TRADERS
