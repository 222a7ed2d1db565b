"""The Maquis board, missions, patrol cards and modes, loaded once from games/maquis/data."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.base import Say, english, say, say_n

DATA_PATH = Path(__file__).with_name("data") / "maquis.json"
RAW: dict[str, Any] = json.loads(DATA_PATH.read_text(encoding="utf-8"))

RESOURCES: list[str] = [r["id"] for r in RAW["resources"]]
RES_NAME: dict[str, str] = {r["id"]: r["name"] for r in RAW["resources"]}
SUPPLY_PER_KIND = 4

LOCATIONS: dict[str, dict[str, Any]] = {loc["id"]: loc for loc in RAW["locations"]}
LOCATION_ORDER: list[str] = [loc["id"] for loc in RAW["locations"]]
SLOTS: list[str] = [s["id"] for s in RAW["mission_slots"]]  # mission_left, mission_right
SLOT_EXIT: dict[str, str] = {s["id"]: s["exit_location"] for s in RAW["mission_slots"]}
SLOT_NAME = {"mission_left": "left", "mission_right": "right"}
FIELDS = ["field_w", "field_e"]
ROOMS = ["spare_room_w", "spare_room_ne", "spare_room_se"]
PATROL_LOCATIONS: list[str] = list(RAW["patrol_locations"])

PATROL_CARDS: dict[str, list[str]] = {c["id"]: list(c["order"]) for c in RAW["patrol_cards"]}
PATROL_ORDER: list[str] = [c["id"] for c in RAW["patrol_cards"]]

TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["spare_room_tiles"]}
TILE_ORDER: list[str] = [t["id"] for t in RAW["spare_room_tiles"]]

MISSIONS: dict[str, dict[str, Any]] = {m["id"]: m for m in RAW["missions"]}
MISSION_ORDER: list[str] = [m["id"] for m in RAW["missions"]]
STANDARD = [m for m in MISSION_ORDER if MISSIONS[m]["stars"] < 3]
THREE_STAR = [m for m in MISSION_ORDER if MISSIONS[m]["stars"] == 3]

MORALE_RED: dict[int, int] = {sp["value"]: sp["red_min_patrols"] for sp in RAW["tracks"]["morale"]["spaces"]
                              if sp["red_min_patrols"] is not None}
MORALE_MAX = RAW["tracks"]["morale"]["max"]
SOLDIERS_MAX = RAW["tracks"]["soldiers"]["max"]
ORANGE: list[int] = list(RAW["tracks"]["day"]["orange"])
TRIANGLE: list[int] = list(RAW["tracks"]["day"]["triangle"])
PARADE_DAYS: list[int] = list(MISSIONS["milice_parade_day"]["boxes"][0]["days"])

MODES: dict[str, dict[str, Any]] = {m["id"]: m for m in RAW["difficulty_modes"]}
MODE_ORDER: list[str] = [m["id"] for m in RAW["difficulty_modes"]]
MODE_NAME = {"very_easy": "Very Easy", "easy": "Easy", "normal": "Normal", "tricky": "Tricky",
             "hard": "Hard", "very_hard": "Very Hard"}

BRIDGES: dict[str, tuple[str, str]] = {r["bridge"]: (r["a"], r["b"]) for r in RAW["roads"] if "bridge" in r}
BRIDGE_NAME = {"north_bridge": "the north bridge (Black Market - Pont du Nord)",
               "south_bridge": "the south bridge (Black Market - Poor District)"}


def _roads() -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for r in RAW["roads"]:
        out.append((r["a"], r["b"], r.get("bridge")))
    return out


ROADS = _roads()
NODES: list[str] = LOCATION_ORDER + SLOTS


def loc_say(loc: str, missions: dict[str, str] | None = None) -> Say:
    """A location (or a mission slot) in players' words, worded per reader."""
    if loc in SLOTS:
        if missions is not None:
            return say("the {mission} card", mission=mission_say(missions[loc]))
        return say("the left mission card") if loc == "mission_left" else say("the right mission card")
    return say(str(LOCATIONS[loc]["name"]))


def loc_name(loc: str, missions: dict[str, str] | None = None) -> str:
    return english(loc_say(loc, missions))


def mission_say(mid: str) -> Say:
    return say(str(MISSIONS[mid]["name"]))


def mission_name(mid: str) -> str:
    return str(MISSIONS[mid]["name"])


def tile_say(tile: str) -> Say:
    return say(str(TILES[tile]["name"]))


def mode_say(mode_id: str) -> Say:
    return {"very_easy": say("Very Easy"), "easy": say("Easy"), "normal": say("Normal"),
            "tricky": say("Tricky"), "hard": say("Hard"), "very_hard": say("Very Hard")}[mode_id]


def bridge_say(bridge: str) -> Say:
    if bridge == "north_bridge":
        return say("the north bridge ({a} - {b})", a=loc_say("black_market"), b=loc_say("pont_du_nord"))
    return say("the south bridge ({a} - {b})", a=loc_say("black_market"), b=loc_say("poor_district"))


def bridge_falls(bridge: str) -> Say:
    if bridge == "north_bridge":
        return say("The north bridge ({a} - {b}) falls.", a=loc_say("black_market"), b=loc_say("pont_du_nord"))
    return say("The south bridge ({a} - {b}) falls.", a=loc_say("black_market"), b=loc_say("poor_district"))


def box(mid: str, box_id: str) -> dict[str, Any]:
    for b in MISSIONS[mid]["boxes"]:
        if b["id"] == box_id:
            return dict(b)
    raise KeyError(box_id)


def _box_place(box_id: str, prefix: str) -> Say:
    return loc_say(box_id[len(prefix):])


def box_say(mid: str, box_id: str) -> Say:
    """A mission box in players' words: 'graffiti at Pont Leveque', 'issue 2', 'plant the bomb'."""
    if box_id == "gun_card":
        return say("the gun on the card")
    if box_id.startswith("gun_"):
        return say("the gun at {place}", place=_box_place(box_id, "gun_"))
    if box_id.startswith("graffiti_"):
        return say("graffiti at {place}", place=_box_place(box_id, "graffiti_"))
    if box_id.startswith("visit_"):
        return say("visit to {place}", place=_box_place(box_id, "visit_"))
    stem, _, number = box_id.rpartition("_")
    if number.isdigit():
        numbered = {"infiltrate": say("infiltrate {number}", number=int(number)),
                    "issue": say("issue {number}", number=int(number)),
                    "dogs": say("dogs {number}", number=int(number)),
                    "recon": say("recon {number}", number=int(number))}
        if stem in numbered:
            return numbered[stem]
    plain = {"attack_the_parade": say("attack the parade"), "break_in": say("break in"),
             "blow_up": say("blow up"), "plant_the_mole": say("plant the mole"), "extract": say("extract"),
             "meet_the_dark_lady": say("meet the Dark Lady"), "arm_the_spy": say("arm the spy"),
             "supply_the_spy": say("supply the spy"), "blow_up_the_train": say("blow up the train"),
             "cryptographer": say("the cryptographer decodes"), "blow_north_bridge": say("blow north bridge"),
             "blow_south_bridge": say("blow south bridge"), "plant_the_bomb": say("plant the bomb"),
             "distract_the_soldiers": say("distract the soldiers"),
             "discover_the_plans": say("discover the plans"), "poison_the_officers": say("poison the officers"),
             "bribe_the_clerk": say("bribe the clerk"), "poison_the_guards": say("poison the guards"),
             "break_out": say("break out")}
    return plain.get(box_id) or say(box_id.replace("_", " "))


def box_label(mid: str, box_id: str) -> str:
    return english(box_say(mid, box_id))


def amount(r: str, n: int) -> Say:
    """`n` of resource `r` ("2 money"), in the reader's plural form."""
    forms = {
        "intel": lambda: say_n("{count} intel", "{count} intel", n),
        "food": lambda: say_n("{count} food", "{count} food", n),
        "medicine": lambda: say_n("{count} medicine", "{count} medicine", n),
        "money": lambda: say_n("{count} money", "{count} money", n),
        "weapon": lambda: say_n("{count} weapon", "{count} weapon", n),
        "explosive": lambda: say_n("{count} explosive", "{count} explosive", n),
        "poison": lambda: say_n("{count} poison", "{count} poison", n),
        "fake_papers": lambda: say_n("{count} fake papers", "{count} fake papers", n),
    }
    return forms[r]()


def resource_say(r: str) -> Say:
    """A resource's name in running text ("no weapon is left")."""
    return {"intel": say("intel"), "food": say("food"), "medicine": say("medicine"), "money": say("money"),
            "weapon": say("weapon"), "explosive": say("explosive"), "poison": say("poison"),
            "fake_papers": say("fake papers")}[r]


def joined(parts: list[Any], how: str) -> Any:
    """Parts joined with " + " or " / " (a Say whose parts are worded per reader)."""
    if not parts:
        return say("nothing")
    out = parts[0]
    for part in parts[1:]:
        out = say("{a} + {b}", a=out, b=part) if how == "+" else say("{a} / {b}", a=out, b=part)
    return out


def cost_say(cost: dict[str, int]) -> Say:
    result: Say = joined([amount(r, cost[r]) for r in RESOURCES if cost.get(r)], "+")
    return result


def cost_text(cost: dict[str, int]) -> str:
    return english(cost_say(cost))

def day_say(day: int, lap: int) -> Say:
    if lap:
        return say("Start (Day 0) of the second lap") if day == 0 else \
            say("Day {day} of the second lap", day=day)
    return say("Start (Day 0)") if day == 0 else say("Day {day}", day=day)
