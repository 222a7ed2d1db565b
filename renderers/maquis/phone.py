"""Maquis's crop for a phone (renderers/crop.py): the partisans the seat can activate ringed, the
locations its choices name (where to place, whom to shoot) outlined."""
from __future__ import annotations

from typing import Any

import lang
from renderers import crop
from renderers.maquis.board import HALF_H, HALF_W, HEADER, LOC, SLOT, H, W, Y, _board, centre

View = dict[str, Any]
LEGEND = lang.N_("ringed: partisans to activate · yellow: places")
WIDTHS = (520.0, 760.0)  # this board's names and pieces are drawn bigger than a map's: show more of it
PIECES = ("activate",)  # the action types whose "at" is where the partisan acted with stands


def _outline(at: str) -> tuple[crop.Point, ...]:
    """Round a location, or round a mission's space (Milice Parade Day, the Officer's Mansion)."""
    if at in SLOT:
        x0, y0, x1, y1 = SLOT[at]["rect"]
        x0, y0, x1, y1 = x0 - 8, Y(y0) - 8, x1 + 8, Y(y1) + 8
    else:
        cx, cy = centre(at)
        x0, y0, x1, y1 = cx - HALF_W - 8, cy - HALF_H - 8, cx + HALF_W + 8, cy + HALF_H + 8
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def marks(choices: list[dict[str, Any]]) -> list[crop.Mark]:
    """A ring on the partisans an action activates (drawn together at their location), an outline
    round every other location or mission space an action names."""
    pieces: dict[str, crop.Mark] = {}
    places: dict[str, crop.Mark] = {}
    for action in choices:
        at = action.get("at")
        if not isinstance(at, str) or (at not in LOC and at not in SLOT):
            continue
        cx, cy = centre(at)
        if action["type"] in PIECES and at in LOC:
            pieces.setdefault(at, crop.Mark(cx - 48, cy + 26, piece=True))
        else:
            places.setdefault(at, crop.Mark(cx, cy, piece=False, outline=_outline(at)))
    return [*pieces.values(), *places.values()]


def crop_png(view: View) -> bytes | None:
    """The seat's part of the town (`view`: its private view with its legal actions under
    "choices"); None when no choice names a location. Only the public part of the view is drawn."""
    public = {k: v for k, v in view.items() if k not in ("me", "choices")}
    found = marks(list(view.get("choices") or []))
    if not found:
        return None
    tx = lang.here("maquis")
    asked = tx.say(view["asked_say"]) if view.get("asked_say") else tx._("your choice")
    title = tx._("Now: {asked}", asked=asked)
    img = crop.picture(_board(public), found, (0.0, float(HEADER), float(W), float(H)), title, tx._(LEGEND),
                       widths=WIDTHS)
    return crop.png(img)
