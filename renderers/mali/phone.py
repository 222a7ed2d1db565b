"""The marks of a Mali crop (renderers/crop.py): the seat's scouts named in its choices, and the
spaces and paths those choices name."""
from __future__ import annotations

import math
from itertools import pairwise
from typing import Any

import lang
from games.mali.board import BOARD
from renderers.crop import Mark
from renderers.mali.geometry import edge_polyline, node_xy, point_along

Point = tuple[float, float]


def marks(choices: list[dict[str, Any]], scouts: dict[str, Point]) -> list[Mark]:
    """One mark per spot: a scout of the seat's (`scouts`: where each is drawn) that an action names,
    then each space (named if it is a location) and path an action names."""
    pieces: dict[str, Mark] = {}
    places: dict[str, Mark] = {}
    for action in choices:
        for key, value in action.items():
            if key == "type" or not isinstance(value, str):
                continue
            if value in scouts and value not in pieces:
                pieces[value] = Mark(*scouts[value], piece=True, label=value)
            elif value in BOARD.nodes and value not in places:
                places[value] = Mark(*node_xy(value), piece=False)
            elif value in BOARD.edges and value not in places:
                line = edge_polyline(value)
                middle = point_along(line, sum(math.dist(a, b) for a, b in pairwise(line)) / 2)
                places[value] = Mark(*middle, piece=False)
    return [*pieces.values(), *places.values()]


def title(view: dict[str, Any], pieces: list[str]) -> str:
    """What the crop is about: the scouts the seat can act with, and the points left of its card."""
    tx = lang.here("mali")
    current = view.get("current") or {}
    me = (view.get("me") or {}).get("seat")
    if current and current.get("seat") == me and "points_left" in current:
        left = int(current["points_left"])
        if pieces:
            return tx.n_("Your scouts: {scouts} · {count} point left", "Your scouts: {scouts} · {count} points left",
                         left, scouts=", ".join(pieces))
        return tx.n_("Your choice on the map · {count} point left", "Your choice on the map · {count} points left",
                     left)
    return tx._("Your scouts: {scouts}", scouts=", ".join(pieces)) if pieces else tx._("Your choice on the map")
