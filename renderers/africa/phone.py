"""Heart of Africa's crop for a phone (renderers/crop.py): the areas the seat's choices name, its
pieces ringed where they can move from, every area's name written again at a phone's size."""
from __future__ import annotations

from typing import Any

import lang
from games.africa.board import AREA
from renderers import crop
from renderers.africa.board import area_name, name_room, render_board
from renderers.africa.geometry import AREAS, LAYOUT, box, xy

View = dict[str, Any]
PIECES = ("from",)  # an action's key naming the area its piece leaves
LEGEND = lang.N_("ringed: what you move · yellow: areas to choose")
# What a choice is, on the crop's title.
KINDS = {"start_area": lang.N_("start area"), "place_neutral": lang.N_("place neutral"), "move": lang.N_("move"),
         "recruit": lang.N_("recruit"), "use": lang.N_("use"), "move_neutral": lang.N_("move neutral"),
         "fight": lang.N_("fight"), "fight_neutrals": lang.N_("fight neutrals"), "retreat": lang.N_("retreat"),
         "score": lang.N_("score")}


def marks(choices: list[dict[str, Any]]) -> list[crop.Mark]:
    """A ring where a piece an action moves stands (its area's pieces), an outline round every
    other area an action names."""
    polygons = {a["id"]: tuple(xy(p) for p in a["polygon"]) for a in AREAS}
    pieces: dict[str, crop.Mark] = {}
    places: dict[str, crop.Mark] = {}
    for action in choices:
        for key, value in action.items():
            if key == "type" or not isinstance(value, str) or value not in AREA:
                continue
            cx, cy = xy(AREA[value]["centre"])
            if key in PIECES:
                pieces.setdefault(value, crop.Mark(cx, cy + 21, piece=True))
            else:
                places.setdefault(value, crop.Mark(cx, cy, piece=False, outline=polygons[value]))
    return [*pieces.values(), *places.values()]


def names() -> list[crop.Name]:
    """Every area's name in the reader's words, where the board writes it."""
    return [crop.Name(*xy((a["centre"][0], a["centre"][1] - 30)), area_name(a["id"]), name_room(a["id"]))
            for a in AREAS]


def title(view: View, choices: list[dict[str, Any]]) -> str:
    tx = lang.here("africa")
    kinds = list(dict.fromkeys(tx._(KINDS[k]) if k in KINDS else k.replace("_", " ")
                               for k in (str(a.get("type", "")) for a in choices
                                         if any(isinstance(v, str) and v in AREA for v in a.values()))))
    if view.get("stage") == "turn":
        return tx._("Your turn: {choices}", choices=", ".join(kinds)) if kinds else tx._("Your turn")
    return tx._("Your choice: {choices}", choices=", ".join(kinds)) if kinds else tx._("Your choice")


def crop_png(view: View) -> bytes | None:
    """The seat's part of the map (`view`: its private view with its legal actions under
    "choices"); None when no choice names an area. Only the public part of the view is drawn."""
    public = {k: v for k, v in view.items() if k not in ("me", "choices")}
    choices = list(view.get("choices") or [])
    found = marks(choices)
    if not found:
        return None
    img = crop.picture(render_board(public, names=False), found, box(LAYOUT["map_frame"]), title(view, choices),
                       lang.here("africa")._(LEGEND),
                       names())
    return crop.png(img)
