"""Where things go on the Mali board image: coordinates, path polylines, name labels."""
from __future__ import annotations

import math
from functools import lru_cache

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
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        dx, dy = bx - ax, by - ay
        seg = math.hypot(dx, dy) or 1e-9
        t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (seg * seg)))
        d = math.hypot(ax + t * dx - p[0], ay + t * dy - p[1])
        if d < best_d:
            best, best_d = walked + t * seg, d
        walked += seg
    return best


@lru_cache(maxsize=None)
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
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        seg = math.hypot(bx - ax, by - ay)
        if distance <= seg and seg > 0:
            t = distance / seg
            return (ax + (bx - ax) * t, ay + (by - ay) * t)
        distance -= seg
    return line[-1]


def blocked_token_xy(edge_id: str | None, location: str) -> Point:
    """Where the small German token sits: on the path near the blocked location's end."""
    lx, ly = node_xy(location)
    if edge_id is None:
        return (lx + 30, ly - 30)
    line = list(edge_polyline(edge_id))
    if BOARD.edges[edge_id]["a"] != location:
        line.reverse()
    length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(line, line[1:]))
    return point_along(line, min(length / 2, 38.0))


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
        segs += list(zip(line, line[1:]))
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
    for (ax, ay), (bx, by) in zip(bank, bank[1:]):
        if ay <= y <= by:
            return ax + (bx - ax) * (y - ay) / ((by - ay) or 1)
    return bank[0][0] if y < bank[0][1] else bank[-1][0]


def label_size(lines: list[str]) -> tuple[float, float]:
    fnt = font(LABEL_SIZE, True)
    return max(fnt.getlength(t) for t in lines), len(lines) * (LABEL_SIZE + 3)


DISTRICT_LABEL_SIZE = 30


def _district_box(district_id: str, x: float, y: float) -> Box:
    w = font(DISTRICT_LABEL_SIZE, True).getlength(BOARD.districts[district_id]["name"].upper())
    return (x - w / 2, y - 18, x + w / 2, y + 18)


@lru_cache(maxsize=None)
def district_label_xy(district_id: str) -> Point:
    """The centre of a district's name: near the data's suggestion, clear of paths and nodes."""
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


@lru_cache(maxsize=1)
def location_labels() -> dict[str, tuple[Point, list[str]]]:
    """Location -> (top-left corner, lines) of its name, placed greedily off paths and nodes."""
    segs = _segments()
    placed: list[Box] = [district_label_box(d) for d in BOARD.districts]
    nodes = [(node_xy(n), LOCATION_R + 4 if BOARD.nodes[n]["kind"] == "location" else SPACE_R + 3)
             for n in BOARD.nodes]
    out: dict[str, tuple[Point, list[str]]] = {}
    gap = LOCATION_R + 6
    for loc in BOARD.locations:
        lines = label_lines(BOARD.nodes[loc]["name"])
        w, h = label_size(lines)
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
        corner = best[1]
        placed.append((corner[0], corner[1], corner[0] + w, corner[1] + h))
        out[loc] = (corner, lines)
    return out
