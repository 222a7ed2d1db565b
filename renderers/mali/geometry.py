"""Where things go on the Mali board image: coordinates, path polylines, name labels."""
from __future__ import annotations

import math
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from games.mali.board import BOARD
from renderers.common import font

Point = tuple[float, float]
Box = tuple[float, float, float, float]

IMAGE = BOARD.raw["image"]
WIDTH, HEIGHT = 1600, 1200
SHIFT_X = -100  # the map moves left to give the panel more room
_MAP = IMAGE["map_area"]
MAP_BOX: Box = (_MAP[0] + SHIFT_X, _MAP[1], _MAP[2] + SHIFT_X, _MAP[3])
PANEL_X = 1040

LOCATION_R = 17
SPACE_R = 8
LABEL_SIZE = 20


def pt(x: float, y: float) -> Point:
    return (x + SHIFT_X, y)


def node_xy(node_id: str) -> Point:
    node = BOARD.nodes[node_id]
    return pt(node["x"], node["y"])


def river_bank() -> list[Point]:
    return [pt(x, y) for x, y in IMAGE["river_west_bank_xy"]]


def _project(p: Point, line: list[Point]) -> float:
    """Arc length along line of the point of line nearest to p."""
    best, best_d, walked = 0.0, math.inf, 0.0
    for (ax, ay), (bx, by) in pairwise(line):
        dx, dy = bx - ax, by - ay
        seg = math.hypot(dx, dy) or 1e-9
        t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (seg * seg)))
        d = math.hypot(ax + t * dx - p[0], ay + t * dy - p[1])
        if d < best_d:
            best, best_d = walked + t * seg, d
        walked += seg
    return best


@cache
def edge_polyline(edge_id: str) -> tuple[Point, ...]:
    """The drawn path: its end locations, plain spaces and bend points in order along it."""
    edge = BOARD.edges[edge_id]
    a, b = node_xy(edge["a"]), node_xy(edge["b"])
    vias = [pt(x, y) for x, y in edge["via_xy"]]
    guide = [a, *vias, b]
    inner = [(_project(p, guide), p) for p in vias]
    inner += [(_project(node_xy(s), guide), node_xy(s)) for s in edge["spaces"]]
    inner.sort(key=lambda item: item[0])
    return (a, *(p for _, p in inner), b)


def point_along(line: tuple[Point, ...] | list[Point], distance: float) -> Point:
    """The point at the given arc length from the start of line (clamped to its end)."""
    for (ax, ay), (bx, by) in pairwise(line):
        seg = math.hypot(bx - ax, by - ay)
        if distance <= seg and seg > 0:
            t = distance / seg
            return (ax + (bx - ax) * t, ay + (by - ay) * t)
        distance -= seg
    return line[-1]


TOKEN_HALF = 19  # half the side of a small German token, as the layout keeps it clear


def blocked_token_xy(edge_id: str | None, location: str) -> Point:
    """Where the small German token sits: on the path near the blocked location's end."""
    lx, ly = node_xy(location)
    if edge_id is None:  # the diagonal corner farthest from the name
        (bx0, by0, bx1, by1), _ = location_label_block(location)
        return (lx + (30 if bx0 + bx1 < 2 * lx else -30), ly + (30 if by0 + by1 < 2 * ly else -30))
    line = list(edge_polyline(edge_id))
    if BOARD.edges[edge_id]["a"] != location:
        line.reverse()
    length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(line))
    names = _name_boxes()
    first = min(length / 2, 38.0)
    best: tuple[float, Point] | None = None
    for along in [first] + [first + 6.0 * k for k in range(1, 80) if first + 6.0 * k <= length - 22.0]:
        x, y = point_along(line, along)
        box = (x - TOKEN_HALF, y - TOKEN_HALF, x + TOKEN_HALF, y + TOKEN_HALF)
        covered = sum(max(0.0, min(box[2], b[2]) - max(box[0], b[0])) * max(0.0, min(box[3], b[3]) - max(box[1], b[1]))
                      for b in names)
        if covered == 0:
            return (x, y)  # the first spot along the path that covers no name
        if best is None or covered < best[0]:
            best = (covered, (x, y))
    return best[1] if best is not None else point_along(line, first)


def label_lines(name: str) -> list[str]:
    """A location name on one line, or two balanced ones if it is long."""
    words = name.split()
    if len(name) <= 13 or len(words) == 1:
        return [name]
    best = min(range(1, len(words)),
               key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def _segments() -> list[tuple[Point, Point]]:
    segs: list[tuple[Point, Point]] = []
    for edge_id in BOARD.edges:
        line = edge_polyline(edge_id)
        segs += list(pairwise(line))
    return segs


def _seg_hits_box(a: Point, b: Point, box: Box) -> int:
    """How many of a few samples along a..b fall inside box."""
    x0, y0, x1, y1 = box
    hits = 0
    for i in range(13):
        t = i / 12
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        hits += x0 <= x <= x1 and y0 <= y <= y1
    return hits


def _overlap(p: Box, q: Box) -> float:
    w = min(p[2], q[2]) - max(p[0], q[0])
    h = min(p[3], q[3]) - max(p[1], q[1])
    return w * h if w > 0 and h > 0 else 0.0


def _river_x(y: float) -> float:
    bank = river_bank()
    for (ax, ay), (bx, by) in pairwise(bank):
        if ay <= y <= by:
            return ax + (bx - ax) * (y - ay) / ((by - ay) or 1)
    return bank[0][0] if y < bank[0][1] else bank[-1][0]


def label_size(lines: list[str]) -> tuple[float, float]:
    fnt = font(LABEL_SIZE, True)
    return max(fnt.getlength(t) for t in lines), len(lines) * (LABEL_SIZE + 3)


DISTRICT_LABEL_SIZE = 26
START_R = LOCATION_R + 8  # the gold ring of a start location
BIG_TOKEN = 37  # half the side of a fallen district's big token, frame included
SQUARES = (46, 26)  # the undelivered squares' frame, extended game

# --- hand-tuned placements (checked by tests/renderers/mali/test_layout.py) -------------------
# location -> (dx, dy, anchor): the name's anchor point (Pillow anchors: l/m/r across, t/m/b down)
# sits at the location's centre + (dx, dy); lines are aligned the same way. Others: automatic.
LABEL_AT: dict[str, tuple[int, int, str]] = {
    "plac_wilsona": (0, -28, "mb"), "cytadela": (23, 2, "lm"), "starowka": (22, -4, "lb"),
    "bank_polski": (16, -14, "lb"), "uniwersytet": (10, -20, "lb"), "elektrownia": (23, 2, "lm"),
    "past": (30, 14, "lt"),
    "plac_trzech_krzyzy": (12, 16, "lt"), "przyczolek": (18, -14, "lb"), "port": (-23, 0, "rm"),
    "aleja_szucha": (-6, 22, "mt"), "dworzec_pocztowy": (-4, 20, "lt"), "stary_mokotow": (0, 28, "mt"),
    "sggw": (23, 0, "lm"),
    "kosciol_bernardynow": (-22, -6, "rb"),
}
# district -> (x, y, side): the centre of its name in mali.json coordinates, and the side of the
# name ("l", "r", "t", "b") for its big token when fallen or its undelivered squares (extended),
# or (dx, dy): their centre's offset from the name's centre; an optional 4th item places the big token
# apart from the squares the same way. Chosen clear of the spots where scouts
# stand round the nodes (tests/renderers/mali/test_real_layout.py checks real games).
DISTRICT_AT: dict[str, tuple[Any, ...]] = {
    "zoliborz": (513, 217, (-50, -42), (-153, -37)), "wola": (349, 481, "l"), "srodmiescie": (596, 503, (47, -35), "l"),
    "ochota": (389, 690, "b", (18, 67)), "powisle": (673, 736, "b"), "mokotow": (528, 1052, "b"),
    "czerniakow": (878, 1115, "r"),
}


def _district_box(district_id: str, x: float, y: float) -> Box:
    w = font(DISTRICT_LABEL_SIZE, True).getlength(BOARD.districts[district_id]["name"].upper())
    return (x - w / 2, y - 16, x + w / 2, y + 16)


@cache
def district_label_xy(district_id: str) -> Point:
    """The centre of a district's name: hand-placed, or near the data's suggestion clear of paths."""
    if district_id in DISTRICT_AT:
        return pt(*DISTRICT_AT[district_id][:2])
    sx, sy = pt(*IMAGE["district_label_xy"][district_id])
    segs = _segments()
    own = [node_xy(n) for n in BOARD.nodes if BOARD.district_of(n) == district_id]
    best: tuple[float, Point] = (math.inf, (sx, sy))
    for dx in range(-120, 121, 15):
        for dy in range(-90, 91, 15):
            x, y = sx + dx, sy + dy
            box = _district_box(district_id, x, y)
            cost = math.hypot(dx, dy) / 15
            cost += sum(_seg_hits_box(a, b, box) for a, b in segs) * 4
            cost += sum(40 for nx, ny in (node_xy(n) for n in BOARD.nodes)
                        if box[0] - 20 < nx < box[2] + 20 and box[1] - 20 < ny < box[3] + 20)
            cost += min(math.hypot(nx - x, ny - y) for nx, ny in own) / 10
            if box[0] < MAP_BOX[0] + 5 or box[2] > min(MAP_BOX[2], _river_x(box[1]), _river_x(box[3])):
                cost += 500
            if cost < best[0]:
                best = (cost, (x, y))
    return best[1]


def district_label_box(district_id: str) -> Box:
    return _district_box(district_id, *district_label_xy(district_id))


def _beside(district_id: str, w: float, h: float, token: bool = False) -> Point:
    """The centre of a w x h thing on the district name's token side, 6 px off the name, or at the
    hand-placed offset from the name's centre."""
    x0, y0, x1, y1 = district_label_box(district_id)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    at = DISTRICT_AT.get(district_id, (0, 0, "r"))
    side = at[3] if token and len(at) > 3 else at[2]
    if isinstance(side, tuple):
        return (cx + side[0], cy + side[1])
    return {"l": (x0 - 6 - w / 2, cy), "r": (x1 + 6 + w / 2, cy),
            "t": (cx, y0 - 6 - h / 2), "b": (cx, y1 + 6 + h / 2)}[side]


def district_token_xy(district_id: str) -> Point:
    """The centre of a fallen district's big token."""
    return _beside(district_id, 2 * BIG_TOKEN, 2 * BIG_TOKEN, token=True)


def undelivered_box(district_id: str) -> Box:
    """The frame of a district's two undelivered squares (extended game)."""
    w, h = SQUARES
    x, y = _beside(district_id, w, h)
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _auto_corner(loc: str, w: float, h: float, placed: list[Box]) -> Point:
    """The best of eight spots around a location, clear of paths, nodes and earlier names."""
    segs = _segments()
    nodes = [(node_xy(n), LOCATION_R + 4 if BOARD.nodes[n]["kind"] == "location" else SPACE_R + 3)
             for n in BOARD.nodes]
    gap = LOCATION_R + 6
    x, y = node_xy(loc)
    candidates = [
        (x - w / 2, y + gap), (x - w / 2, y - gap - h), (x + gap, y - h / 2), (x - gap - w, y - h / 2),
        (x + gap - 6, y + gap - 8), (x - gap - w + 6, y + gap - 8),
        (x + gap - 6, y - gap - h + 8), (x - gap - w + 6, y - gap - h + 8),
    ]
    best: tuple[float, Point] | None = None
    for rank, (cx, cy) in enumerate(candidates):
        box = (cx - 2, cy - 2, cx + w + 2, cy + h + 2)
        cost = rank * 0.5
        cost += sum(_seg_hits_box(a, b, box) for a, b in segs) * 3
        cost += sum(_overlap(box, q) for q in placed) / 20
        for (nx, ny), r in nodes:
            if box[0] - r < nx < box[2] + r and box[1] - r < ny < box[3] + r:
                cost += 40
        mx0, my0, mx1, my1 = MAP_BOX
        if box[0] < mx0 or box[1] < my0 or box[3] > my1:
            cost += 200
        if box[2] > _river_x(box[1]) or box[2] > _river_x(box[3]):
            cost += 25
        if box[2] > mx1 - 4:
            cost += 200
        if best is None or cost < best[0]:
            best = (cost, (cx, cy))
    assert best is not None
    return best[1]


@lru_cache(maxsize=1)
def location_labels() -> dict[str, tuple[Point, list[str], float]]:
    """Location -> (top-left corner, lines, alignment 0/0.5/1 = left/centre/right) of its name."""
    placed: list[Box] = [district_label_box(d) for d in BOARD.districts]
    out: dict[str, tuple[Point, list[str], float]] = {}
    for loc in BOARD.locations:
        lines = label_lines(BOARD.nodes[loc]["name"])
        w, h = label_size(lines)
        if loc in LABEL_AT:
            dx, dy, anchor = LABEL_AT[loc]
            fx, fy = "lmr".index(anchor[0]) / 2, "tmb".index(anchor[1]) / 2
            x, y = node_xy(loc)
            corner, align = (x + dx - fx * w, y + dy - fy * h), fx
        else:
            corner, align = _auto_corner(loc, w, h, placed), 0.0
        placed.append((corner[0], corner[1], corner[0] + w, corner[1] + h))
        out[loc] = (corner, lines, align)
    return out


def label_line_xy(loc: str) -> list[tuple[Point, str]]:
    """Where each line of a location's name is drawn (its top-left, as draw.text takes it)."""
    (x, y), lines, align = location_labels()[loc]
    w, _ = label_size(lines)
    fnt = font(LABEL_SIZE, True)
    return [((x + (w - fnt.getlength(t)) * align, y + i * (LABEL_SIZE + 3)), t)
            for i, t in enumerate(lines)]


LABEL_STROKE = 4  # the white halo round location names
HALO = 2  # how much of a name's halo the layout keeps clear (the rest may touch a ring)


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def location_label_block(loc: str) -> tuple[Box, list[str]]:
    """The layout box (advance widths, line height) of a location's name, and its lines."""
    (x, y), lines, _ = location_labels()[loc]
    w, h = label_size(lines)
    return (x, y, x + w, y + h), lines


def label_boxes() -> dict[str, Box]:
    """The inked boxes of every name on the map (location ids and district ids), glyphs plus HALO px
    of their white halo, measured with the fonts, sizes and anchors the base map draws them with."""
    fnt = font(LABEL_SIZE, True)
    out: dict[str, Box] = {}
    for loc in BOARD.locations:
        boxes = []
        for (x, y), text in label_line_xy(loc):
            left, top, right, bottom = fnt.getbbox(text, stroke_width=HALO)
            boxes.append((x + left, y + top, x + right, y + bottom))
        out[loc] = _union(boxes)
    dfnt = font(DISTRICT_LABEL_SIZE, True)
    for district_id, district in BOARD.districts.items():
        x, y = district_label_xy(district_id)
        left, top, right, bottom = dfnt.getbbox(district["name"].upper(), anchor="mm", stroke_width=HALO)
        out[district_id] = (x + left, y + top, x + right, y + bottom)
    return out


@cache
def _name_boxes() -> tuple[Box, ...]:
    return tuple(label_boxes().values())


def marker_discs() -> dict[str, tuple[float, float, float]]:
    """Node -> (x, y, r) of its drawn disc: locations (start ones with their gold ring) and spaces."""
    starts = set(BOARD.raw["start_locations"])
    out: dict[str, tuple[float, float, float]] = {}
    for node_id, node in BOARD.nodes.items():
        if node["kind"] == "space":
            r = SPACE_R + 1.5
        else:
            r = START_R + 1 if node_id in starts else LOCATION_R + 2
        out[node_id] = (*node_xy(node_id), r)
    return out


def label_away(loc: str) -> float:
    """The angle (radians, y down) from a location's centre away from its name."""
    (x0, y0, x1, y1), _ = location_label_block(loc)
    x, y = node_xy(loc)
    return math.atan2(y - (y0 + y1) / 2, x - (x0 + x1) / 2)
