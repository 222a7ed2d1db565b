"""The Heart of Africa board and tokens, loaded once from games/africa/data/africa.json.

The data is reconstructed where no public source gives it (see its "provenance"); it is data, never
code (RULINGS Heart of Africa 3).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.base import Say, say, say_p

DATA = Path(__file__).with_name("data") / "africa.json"
RAW: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))

AREAS: list[str] = [a["id"] for a in RAW["areas"]]
AREA: dict[str, dict[str, Any]] = {a["id"]: a for a in RAW["areas"]}
NEIGHBOURS: dict[str, list[str]] = {a: sorted(AREA[a]["neighbours"]) for a in AREAS}
COASTAL: frozenset[str] = frozenset(a for a in AREAS if AREA[a]["coastal"])
SYMBOL_AREAS: list[str] = [a for a in AREAS if AREA[a]["resource_symbol"]]
HEART: str = next(a for a in AREAS if AREA[a]["heart_of_africa"])
RESOURCES: list[str] = list(RAW["resource_table"]["resources"])
AFRICA = str(RAW["resource_table"]["africa_marker"])
MARKERS: list[str] = [*RESOURCES, AFRICA]
COLOURS: list[str] = list(RAW["players"]["colours"])
TOKENS: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["action_tokens"]}
TOKEN_IDS: list[str] = [t["id"] for t in RAW["action_tokens"]]
SPECIALS: dict[str, dict[str, Any]] = RAW["action_token_specials"]
CONFLICT: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["conflict_tokens"]["tokens"]}
CONFLICT_IDS: list[str] = [t["id"] for t in RAW["conflict_tokens"]["tokens"]]
SV: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["special_victory_tokens"]["tokens"]}
SV_IDS: list[str] = [t["id"] for t in RAW["special_victory_tokens"]["tokens"]]
REP_MIN = int(RAW["reputation_track"]["min"])
REP_MAX = int(RAW["reputation_track"]["max"])
REP_START = int(RAW["reputation_track"]["start"])
BOARD_MAX_VP = int(RAW["vp_track"]["max"])
START_VP: list[int] = list(RAW["vp_track"]["start_values"])
INFLUENCE: dict[str, int] = dict(RAW["per_player"]["influence_by_player_count"])
START_TRADERS = int(RAW["per_player"]["traders_placed_at_start"])
PLAYABLE_TRADERS = int(RAW["per_player"]["traders_to_play"])
NEUTRALS = int(RAW["components"]["neutral_traders"])
STATIONS = int(RAW["components"]["trading_stations"])
MARKERS_PER_RESOURCE = int(RAW["resource_table"]["markers_per_resource"])
COSTS: dict[str, Any] = RAW["rules"]["costs_in_action_points"]
MAX_VP_BID = int(RAW["rules"]["auction"]["max_vp_bid"])


def name(area: str) -> str:
    """An area's English name (the data's): "Guinea Coast". Players read `area_say`."""
    return str(AREA[area]["name"])


def token_name(tid: str) -> str:
    """A token in players' words: "Movement (3 AP)", "Blank (4 AP)", "Gold concession"."""
    if tid in SV:
        return str(SV[tid]["name"])
    t = TOKENS[tid]
    special = t["special"]
    label = SPECIALS[special]["name"] if special else "Blank"
    return f"{label} ({t['ap']} AP)"


def marker_name(marker: str) -> str:
    return "Africa marker" if marker == AFRICA else marker.capitalize()


# ---- words without a language (issue 25): Says, worded per reader by the bot ----------------------

def colour_say(colour: str) -> Say:
    """A company's colour as a player's name ("Red"), in the reader's language."""
    return {
        "red": say_p("company", "Red"), "blue": say_p("company", "Blue"),
        "yellow": say_p("company", "Yellow"), "green": say_p("company", "Green"),
        "black": say_p("company", "Black"),
    }.get(colour) or say(colour.capitalize())


def marker_say(marker: str) -> Say:
    """A resource marker: "Gold", "Africa marker"."""
    return {
        "africa": say("Africa marker"), "bananas": say_p("resource", "Bananas"),
        "diamonds": say_p("resource", "Diamonds"), "gold": say_p("resource", "Gold"),
        "ivory": say_p("resource", "Ivory"),
    }.get(marker) or say(marker.capitalize())


def area_say(area: str) -> Say:
    """An area's name, "Guinea Coast", in the reader's language (a data text under the context
    "area", marked in the cog)."""
    return say_p("area", name(area))


def route_say(areas: list[str]) -> Say:
    """Areas one after another, a piece's route: "Congo → Angola → Zambezi"."""
    route = area_say(areas[0])
    for area in areas[1:]:
        route = say("{route} → {area}", route=route, area=area_say(area))
    return route


def special_say(special: str) -> Say:
    """A special's name (a data text, marked in the cog)."""
    return say(str(SPECIALS[special]["name"]))


def sv_say(tid: str) -> Say:
    """A special victory token's name (a data text, marked in the cog)."""
    return say(str(SV[tid]["name"]))


def token_say(tid: str) -> Say:
    """A token in players' words, as token_name: "Movement (3 AP)", "Blank (4 AP)"."""
    if tid in SV:
        return sv_say(tid)
    t = TOKENS[tid]
    if t["special"]:
        return say("{special} ({ap} AP)", special=special_say(t["special"]), ap=t["ap"])
    return say("Blank ({ap} AP)", ap=t["ap"])

def conflict_say(cid: str) -> Say:
    """A conflict token in words, as conflict_text: "no loss", "traders 3"."""
    t = CONFLICT[cid]
    return {"none": say("no loss"), "reputation": say("reputation {amount}", amount=t["amount"]),
            "influence": say("influence {amount}", amount=t["amount"]),
            "traders": say("traders {amount}", amount=t["amount"])}[str(t["loss"])]
