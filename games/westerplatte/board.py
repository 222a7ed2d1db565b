"""The 7 Days of Westerplatte board, cards and tracks, loaded once from the game data."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.base import Say, english, say

DATA = Path(__file__).with_name("data") / "westerplatte.json"
RAW: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))

WALLS: list[str] = [w["id"] for w in RAW["wall_spaces"]]
WALL: dict[str, dict[str, Any]] = {w["id"]: w for w in RAW["wall_spaces"]}
OUTPOSTS: list[str] = [w for w in WALLS if WALL[w]["kind"] == "round_outpost"]
GUARDHOUSES: list[str] = [w for w in WALLS if WALL[w]["kind"] == "guardhouse"]
PATHS: list[str] = list(RAW["path_order_left_to_right"])
FACES: dict[str, str] = {p["id"]: p["faces_outpost"] for p in RAW["paths"]}
PATH_OF: dict[str, str] = {o: p for p, o in FACES.items()}
MAX_BRICKS = 6
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}

NEIGHBOURS: dict[str, list[str]] = {w: [] for w in WALLS}
for _link in RAW["links"]:
    NEIGHBOURS[_link["a"]].append(_link["b"])
    NEIGHBOURS[_link["b"]].append(_link["a"])
for _w in WALLS:
    NEIGHBOURS[_w].sort(key=WALLS.index)

# outpost -> its two linked guardhouses, left one first
BEHIND: dict[str, list[str]] = {o: [g for g in NEIGHBOURS[o] if g in GUARDHOUSES] for o in OUTPOSTS}

TILES: list[str] = [t["id"] for t in RAW["action_tiles"]]
TILE: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["action_tiles"]}
CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in RAW["attack_deck"]["cards"]}
CARD_IDS: list[str] = [c["id"] for c in RAW["attack_deck"]["cards"]]
EVENTS: dict[str, dict[str, Any]] = {e["id"]: e for e in RAW["events"]["cards"]}
EVENT_IDS: list[str] = [e["id"] for e in RAW["events"]["cards"]]
TRACKS: dict[str, dict[str, Any]] = RAW["morale_tracks"]
DIFFICULTY: dict[str, dict[str, Any]] = RAW["difficulty"]
SUPPLIES: dict[str, Any] = RAW["supplies"]
DAYS = int(RAW["days"]["count"])
PER_DAY = int(RAW["days"]["cards_per_day"])

OFFICERS: list[dict[str, str]] = [
    {"id": "o1", "colour": "red", "name": "Red officer", "hex": "#c8322d"},
    {"id": "o2", "colour": "blue", "name": "Blue officer", "hex": "#2f5fb3"},
    {"id": "o3", "colour": "green", "name": "Green officer", "hex": "#2e8b3e"},
    {"id": "o4", "colour": "yellow", "name": "Yellow officer", "hex": "#d9a400"},
]

TILE_NAMES = {"morale": "+1 Morale", "mortar": "Mortar", "mines": "Mines",
              "wall_rebuild": "Wall rebuild", "ammunition": "Ammunition supply",
              "push_back": "Push back troops"}


# the officers' names, worded per reader (OFFICERS[i]["name"] is their English)
OFFICER_WORDS: list[Say] = [say("Red officer"), say("Blue officer"), say("Green officer"), say("Yellow officer")]
TILE_WORDS: dict[str, Say] = {"morale": say("+1 Morale"), "mortar": say("Mortar"), "mines": say("Mines"),
                              "wall_rebuild": say("Wall rebuild"), "ammunition": say("Ammunition supply"),
                              "push_back": say("Push back troops")}


def side_value(tile: str, side: str, key: str) -> int:
    return int(TILE[tile][side][key])


def wall_say(w: str) -> Say:
    info = WALL[w]
    if info["kind"] == "round_outpost":
        return say("outpost {label}", label=info["label"])
    return say("guardhouse {label}", label=info["label"])


def wall_name(w: str) -> str:
    return english(wall_say(w))


def path_say(p: str) -> Say:
    return say("path {path}", path=p.upper())


def path_name(p: str) -> str:
    return f"path {p.upper()}"


def card_say(cid: str) -> Say:
    c = CARDS[cid]
    moves = "+".join(m.upper() for m in c["move_paths"])
    if c["type"] == "troop":
        if c["unit"] == "howitzer":
            return say("howitzer on {path} (resistance {resistance}; moves {moves})", path=c["path"].upper(),
                       resistance=c["resistance"], moves=moves)
        return say("machine gun on {path} (resistance {resistance}, speed {speed}, attack {attack}; moves {moves})",
                   path=c["path"].upper(), resistance=c["resistance"], speed=c["speed"], attack=c["attack"],
                   moves=moves)
    if c["type"] == "air_raid":
        return say("air raid on {outpost} (moves {moves})", outpost=wall_say(c["outpost"]), moves=moves)
    return say("morale decline (moves {moves})", moves=moves)


def card_text(cid: str) -> str:
    return english(card_say(cid))


def data_say(text: str) -> Say:
    """A text of the game data (an event's name or effect): its English is the msgid, marked for the
    catalog in cogs/westerplatte/data.py."""
    return {"msg": text}

def why_say(why: str) -> Say | str:
    """The cause of damage to the wall, kept in the state as its English ("Air raid", "Howitzer on
    path A"), as words."""
    if why == "Air raid":
        return say("Air raid")
    if why == "Naval bombardment":
        return say("Naval bombardment")
    head, _, path = why.rpartition(" on path ")
    if head == "Howitzer" and path:
        return say("Howitzer on {path}", path=path_say(path.lower()))
    if head == "Machine gun" and path:
        return say("Machine gun on {path}", path=path_say(path.lower()))
    return why
