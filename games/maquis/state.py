"""The Maquis state (one JSON dict), its setup and small helpers shared by the other modules."""
from __future__ import annotations

import json
from typing import Any

from games.base import IllegalAction, Say, english, event, say
from games.maquis.board import (
    MISSIONS,
    MODES,
    RESOURCES,
    SLOTS,
    STANDARD,
    SUPPLY_PER_KIND,
    THREE_STAR,
    mission_name,
)
from games.rng import randbelow, seed_state, shuffle

State = dict[str, Any]
Event = dict[str, Any]

FIRST_GAME = ("officers_mansion", "milice_parade_day")


class GameEnded(Exception):
    """Raised the moment the game ends, so that the rest of the effect is not resolved (ruling 46)."""


def clone(s: State) -> State:
    out: State = json.loads(json.dumps(s))
    return out


def member_say(s: State, seat: str) -> Say:
    if len(s["seats"]) == 1:
        return say("The player")
    return say("Member {number}", number=s["seats"].index(seat) + 1)


def member_name(s: State, seat: str) -> str:
    return english(member_say(s, seat))


def emit(events: list[Event], etype: str, words: Say, **extra: Any) -> None:
    events.append(event(etype, words, **extra))


def mode(s: State) -> dict[str, Any]:
    return MODES[s["options"]["difficulty"]]


def end_space(s: State) -> int:
    return int(mode(s)["end_space"])


def partisan(s: State, pid: str) -> dict[str, Any]:
    for p in s["partisans"]:
        if p["id"] == pid:
            found: dict[str, Any] = p
            return found
    raise KeyError(pid)


def partisans_with(s: State, *statuses: str) -> list[dict[str, Any]]:
    return [p for p in s["partisans"] if p["status"] in statuses]


def placed_at(s: State, loc: str) -> dict[str, Any] | None:
    for p in s["partisans"]:
        if p["status"] == "placed" and p["at"] == loc:
            found: dict[str, Any] = p
            return found
    return None


def recruited_left(s: State) -> int:
    return len(partisans_with(s, "home", "placed", "mole", "crypto"))


def available(s: State) -> int:
    """Ruling 7: partisans in a Safe House plus those a mission holds on a card."""
    return len(partisans_with(s, "home", "placed", "mole", "crypto"))


def slot_of(s: State, mid: str) -> str | None:
    for slot in SLOTS:
        if s["missions"][slot] == mid:
            return slot
    return None


def in_play(s: State, mid: str) -> bool:
    return slot_of(s, mid) is not None


def result(s: State, mid: str) -> str | None:
    slot = slot_of(s, mid)
    return None if slot is None else s["results"][slot]


def filled(s: State, slot: str) -> list[str]:
    return list(s["boxes"][slot])


def gain_from_supply(s: State, res: str, n: int) -> int:
    got = int(min(n, s["supply"][res]))
    s["supply"][res] -= got
    s["stock"][res] += got
    return got


def pay(s: State, cost: dict[str, int]) -> None:
    for r in RESOURCES:
        n = cost.get(r, 0)
        if n:
            s["stock"][r] -= n
            s["supply"][r] += n


def affordable(s: State, cost: dict[str, int]) -> bool:
    return all(s["stock"][r] >= cost.get(r, 0) for r in RESOURCES)


def pick_missions(options: dict[str, Any], s: State) -> tuple[str, str, bool]:
    """(left, right, ask): the two cards and whether the player arranges the exits (ruling 5)."""
    how = options["missions"]
    if how == "chosen":
        left, right = options["mission_left"], options["mission_right"]
        if left == "none" or right == "none":
            raise IllegalAction(say("With chosen missions, both mission_left and mission_right must name a card."))
        if left == right:
            raise IllegalAction(say("The two chosen missions must be different cards."))
        if MISSIONS[left]["stars"] == 3:
            raise IllegalAction(say("A three-star mission goes only on the right exit (mission_right)."))
        return left, right, False
    if how == "first_game":
        a, b = FIRST_GAME
    elif how == "random_three_star":
        a = STANDARD[randbelow(s, len(STANDARD))]
        b = THREE_STAR[randbelow(s, len(THREE_STAR))]
        return a, b, False
    else:
        stars = {"random_one_star": (1,), "random_two_star": (2,), "random_mixed": (1, 2)}[how]
        pool = [m for m in STANDARD if MISSIONS[m]["stars"] in stars]
        shuffle(s, pool)
        a, b = pool[0], pool[1]
    ask = bool(MISSIONS[a]["card_location"] or MISSIONS[b]["card_location"])
    return a, b, ask


def new_state(seats: list[str], options: dict[str, Any], seed: int) -> State:
    if not 1 <= len(seats) <= 4 or len(set(seats)) != len(seats):
        raise IllegalAction(say("Maquis is played by 1 player, or by a team of 2 to 4 different players."))
    md = MODES[options["difficulty"]]
    s: State = {
        "seats": list(seats),
        "active": list(seats),
        "options": dict(options),
        "rng": seed_state(seed),
        "deck": [],
        "discard": [],
        "morale": 6,
        "soldiers": 0,
        "day": 0,
        "lap": 0,
        "days_played": 0,
        "stock": dict.fromkeys(RESOURCES, 0),
        "supply": dict.fromkeys(RESOURCES, SUPPLY_PER_KIND),
        "fields": {"field_w": {}, "field_e": {}},
        "fresh_fields": [],
        "rooms": {"spare_room_w": None, "spare_room_ne": None, "spare_room_se": None},
        "rooms_new": [],
        "partisans": [],
        "patrols": {},
        "placement": {"kinds": [], "next": 0},
        "missions": {"mission_left": "", "mission_right": ""},
        "boxes": {"mission_left": [], "mission_right": []},
        "results": {"mission_left": None, "mission_right": None},
        "guns": [],
        "dark_lady": None,
        "bridges_down": [],
        "charges": 0,
        "charge_today": False,
        "distracted_today": False,
        "mole_since": None,
        "crypto_since": None,
        "peek": None,
        "shot_today": False,
        "phase": "placement",
        "route": None,
        "remove": None,
        "leader": seats[0],
        "acting": seats[0],
        "outcome": None,
        "liberate_checked": False,
    }
    start, waiting = int(md["partisans_at_start"]), int(md["partisans_waiting_at_cafe"])
    for i in range(start + waiting):
        s["partisans"].append({"id": f"p{i + 1}", "status": "home" if i < start else "waiting",
                               "at": None, "papers": False, "done": False})
    left, right, ask = pick_missions(options, s)
    s["missions"] = {"mission_left": left, "mission_right": right}
    s["arrange"] = [left, right] if ask else None
    deck = [f"patrol_{i + 1:02d}" for i in range(10)]
    shuffle(s, deck)
    s["deck"] = deck
    for mid in (left, right):
        st = MISSIONS[mid]["setup"]
        if "morale" in st:
            s["morale"] = int(st["morale"])
        if "soldiers" in st:
            s["soldiers"] = int(st["soldiers"])
        if "aa_gun_tokens" in st:
            s["guns"] = [*st["aa_gun_tokens"], "card"]
    return s


def mission_line(s: State, slot: str) -> str:
    return mission_name(s["missions"][slot])
