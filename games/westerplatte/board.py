"""The 7 Days of Westerplatte board, cards and tracks, loaded once from the game data."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def side_value(tile: str, side: str, key: str) -> int:
    return int(TILE[tile][side][key])


def wall_name(w: str) -> str:
    info = WALL[w]
    return f"outpost {info['label']}" if info["kind"] == "round_outpost" else f"guardhouse {info['label']}"


def path_name(p: str) -> str:
    return f"path {p.upper()}"


def card_text(cid: str) -> str:
    c = CARDS[cid]
    moves = "+".join(m.upper() for m in c["move_paths"])
    if c["type"] == "troop":
        if c["unit"] == "howitzer":
            return f"howitzer on {c['path'].upper()} (resistance {c['resistance']}; moves {moves})"
        return (f"machine gun on {c['path'].upper()} (resistance {c['resistance']}, speed {c['speed']}, "
                f"attack {c['attack']}; moves {moves})")
    if c["type"] == "air_raid":
        return f"air raid on {wall_name(c['outpost'])} (moves {moves})"
    return f"morale decline (moves {moves})"
