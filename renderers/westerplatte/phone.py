"""Westerplatte's crop for a phone (renderers/crop.py): the seat's officer ringed, the guardhouses,
outposts and path spaces its choices name outlined."""
from __future__ import annotations

import math
from typing import Any

import lang
from renderers import crop
from renderers.westerplatte.board import (
    ASKED,
    DOMAIN,
    LAYOUT,
    PATH_XY,
    SHORT_NAMES,
    SIZE,
    WALL_XY,
    _y,
    left_words,
    officer_name,
    officer_spots,
    render_board,
)

View = dict[str, Any]
LEGEND = lang.N_("ringed: your officer · yellow: places to choose")
WIDTHS = (560.0, 860.0)  # this board's names and pieces are drawn bigger than a map's: show more of it


def _rect(x: float, y: float, w: float, h: float) -> tuple[crop.Point, ...]:
    return ((x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2))


def _wall(wall: str) -> crop.Mark:
    x, y0 = WALL_XY[wall]
    y = _y(y0)
    if wall.startswith("outpost"):
        r = LAYOUT["node_sizes"]["round_outpost_radius"] + 10
        ring = tuple((x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in range(0, 360, 10))
        return crop.Mark(x, y, piece=False, outline=ring)
    tw, th = LAYOUT["node_sizes"]["guardhouse_tile"]
    return crop.Mark(x, y, piece=False, outline=_rect(x, y, tw + 16, th + 16))


def _path(view: View, path: str, space: int | None = None) -> crop.Mark:
    """A path's space: the one given, else its troop's, else its first."""
    if space is None:
        troop = next((p["troop"] for p in view["paths"] if p["id"] == path), None)
        space = troop["space"] if troop else 1
    x, y0 = PATH_XY[path][space - 1]
    pw, ph = LAYOUT["node_sizes"]["path_card"]
    return crop.Mark(x, _y(y0), piece=False, outline=_rect(x, _y(y0), pw + 12, ph + 12))


def marks(view: View, choices: list[dict[str, Any]]) -> list[crop.Mark]:
    """The seat's officer whose turn it is (when the seat acts with it) and the officers an action
    names, then every wall space, tile and path an action names."""
    me = (view.get("me") or {}).get("seat")
    spots = officer_spots(view)
    tx = lang.here(DOMAIN)
    names = {o["id"]: tx._(SHORT_NAMES[o["colour"]]) for o in view["officers"]}
    tiles = {t["tile"]: t["wall"] for t in view["tiles"]}
    officers: list[str] = []
    turn = view.get("turn") or {}
    if turn.get("seat") == me and turn.get("officer") in spots and any(a["type"] == "move" for a in choices):
        officers.append(turn["officer"])
    places: dict[str, crop.Mark] = {}
    for action in choices:
        named = [action[k] for k in ("officer",) if k in action] + list(action.get("officers", []))
        officers += [o for o in named if o in spots and o not in officers]
        walls = [action[k] for k in ("to", "wall") if action.get(k) in WALL_XY]
        if action.get("tile") in tiles:
            walls.append(tiles[action["tile"]])
        for wall in walls:
            places.setdefault(wall, _wall(wall))
        if action.get("path") in PATH_XY:
            key = f"{action['path']}:{action.get('space', '')}"
            places.setdefault(key, _path(view, action["path"], action.get("space")))
        for path in action.get("paths", []):
            places.setdefault(f"{path}:", _path(view, path))
    pieces = [crop.Mark(*spots[o], piece=True, label=names[o]) for o in officers]
    return [*pieces, *places.values()]


def title(view: View) -> str:
    turn = view.get("turn") or {}
    me = (view.get("me") or {}).get("seat")
    officer = next((o for o in view["officers"] if o["id"] == turn.get("officer")), None)
    kind = (view.get("asked") or {}).get("kind", "")
    tx = lang.here(DOMAIN)
    if officer is None or turn.get("seat") != me or kind != "officer_phase":
        text = tx._(ASKED[kind]) if kind in ASKED else tx._("your choice on the board")
        return text[0].upper() + text[1:]
    return tx._("{officer}: {left}", officer=officer_name(officer),
                left=left_words(turn.get("moves", 0), turn.get("actions", 0)))


def crop_png(view: View) -> bytes | None:
    """The seat's part of the board (`view`: its private view with its legal actions under
    "choices"); None when no choice names a place on the board. Only the public part is drawn."""
    public = {k: v for k, v in view.items() if k not in ("me", "choices")}
    found = marks(view, list(view.get("choices") or []))
    if not found:
        return None
    bounds = (0.0, float(_y(0)), float(SIZE[0]), float(SIZE[1]))
    legend = lang.here(DOMAIN)._(LEGEND)
    return crop.png(crop.picture(render_board(public), found, bounds, title(view), legend, widths=WIDTHS))
