"""The Maquis board, missions, patrol cards and modes, loaded once from games/maquis/data."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def loc_name(loc: str, missions: dict[str, str] | None = None) -> str:
    if loc in SLOTS:
        if missions is not None:
            return f"the {MISSIONS[missions[loc]]['name']} card"
        return f"the {SLOT_NAME[loc]} mission card"
    return str(LOCATIONS[loc]["name"])


def mission_name(mid: str) -> str:
    return str(MISSIONS[mid]["name"])


def box(mid: str, box_id: str) -> dict[str, Any]:
    for b in MISSIONS[mid]["boxes"]:
        if b["id"] == box_id:
            return dict(b)
    raise KeyError(box_id)


BOX_WORDS = {"meet_the_dark_lady": "meet the Dark Lady", "cryptographer": "the cryptographer decodes"}


def box_label(mid: str, box_id: str) -> str:
    """A mission box in players' words: 'graffiti at Pont Leveque', 'issue 2', 'plant the bomb'."""
    if box_id.startswith("gun_"):
        where = box_id[len("gun_"):]
        return "the gun on the card" if where == "card" else f"the gun at {loc_name(where)}"
    b = next((x for x in MISSIONS[mid]["boxes"] if x["id"] == box_id), None)
    locs = (b or {}).get("locations") or []
    if len(locs) == 1 and box_id.endswith("_" + locs[0]):
        verb = box_id[:-len(locs[0]) - 1].replace("_", " ")
        return f"{verb} {'to' if verb == 'visit' else 'at'} {loc_name(locs[0])}"
    return BOX_WORDS.get(box_id, box_id.replace("_", " "))


def cost_text(cost: dict[str, int]) -> str:
    parts = [f"{cost[r]} {RES_NAME[r].lower()}" for r in RESOURCES if cost.get(r)]
    return " + ".join(parts) if parts else "nothing"
