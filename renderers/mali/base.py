"""The unchanging Mali map (districts, river, paths, names), drawn once and cached."""
from __future__ import annotations

import math
from functools import cache, lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFilter

from games.mali.board import BOARD
from renderers.common import RGB, font, hex_rgb, mix
from renderers.mali.geometry import (
    DISTRICT_LABEL_SIZE,
    HEIGHT,
    LABEL_SIZE,
    LABEL_STROKE,
    LOCATION_R,
    MAP_BOX,
    SPACE_R,
    WIDTH,
    district_label_xy,
    edge_polyline,
    label_line_xy,
    node_xy,
    river_bank,
)
from renderers.mali.pieces import INK, PANEL_BG
from renderers.text import draw_text

PAPER: RGB = (236, 229, 212)
WATER: RGB = (150, 190, 222)
WATER_EDGE: RGB = (70, 120, 170)
PATH: RGB = (72, 60, 50)
GOLD: RGB = (232, 180, 30)

_GRID = 2  # the district map is grown on a grid this many pixels per cell
_GROW = 55  # cells a district reaches beyond its nodes and paths


def district_index() -> dict[str, int]:
    """District id -> its grey value in the label image (distinct, non-zero)."""
    return {d: 30 * (i + 1) for i, d in enumerate(BOARD.districts)}


def _water_polygon() -> list[tuple[float, float]]:
    bank = river_bank()
    _x0, y0, x1, y1 = MAP_BOX

    def extend(p: tuple[float, float], q: tuple[float, float], y: float) -> tuple[float, float]:
        return (p[0] + (q[0] - p[0]) * (y - p[1]) / ((q[1] - p[1]) or 1), y)

    top = extend(bank[0], bank[1], y0)
    bottom = extend(bank[-2], bank[-1], y1)
    return [top, *bank, bottom, (x1 + 5, y1), (x1 + 5, y0)]


@lru_cache(maxsize=1)
def land_mask() -> Image.Image:
    mask = Image.new("L", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(mask)
    draw.rectangle(MAP_BOX, fill=255)
    draw.polygon(_water_polygon(), fill=0)
    return mask


@lru_cache(maxsize=1)
def district_labels() -> Image.Image:
    """A full-size L image: each land pixel near the paths holds its district's grey value."""
    size = (WIDTH // _GRID, HEIGHT // _GRID)
    grid = Image.new("L", size, 0)
    draw = ImageDraw.Draw(grid)
    values = district_index()
    for edge_id, chain in BOARD.chain.items():
        line = edge_polyline(edge_id)
        anchors = [(node_xy(n), values[BOARD.district_of(n)]) for n in chain]
        for (ax, ay), (bx, by) in pairwise(line):
            steps = max(1, int(math.hypot(bx - ax, by - ay) / 3))
            for i in range(steps + 1):
                x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
                value = min(anchors, key=lambda a: (a[0][0] - x) ** 2 + (a[0][1] - y) ** 2)[1]
                draw.point((x / _GRID, y / _GRID), fill=value)
    for node_id in BOARD.nodes:
        x, y = node_xy(node_id)
        r = 10 / _GRID
        draw.ellipse((x / _GRID - r, y / _GRID - r, x / _GRID + r, y / _GRID + r),
                     fill=values[BOARD.district_of(node_id)])
    for _ in range(_GROW):
        grown = grid.filter(ImageFilter.MaxFilter(3))
        grid = Image.composite(grid, grown, grid.point(lambda v: 255 if v else 0))
    full = grid.resize((WIDTH, HEIGHT), Image.Resampling.NEAREST)
    return Image.composite(full, Image.new("L", full.size, 0), land_mask())


@cache
def district_mask(district_id: str) -> tuple[Image.Image, tuple[int, int]]:
    """The district's soft mask, cut to where it is not empty, and where that piece lies on the
    map (a full-size mask for each district held 2 MB apiece in the render worker)."""
    value = district_index()[district_id]
    soft = district_labels().point(lambda v: 255 if v == value else 0)
    soft = soft.filter(ImageFilter.GaussianBlur(1.5))
    box = soft.getbbox() or (0, 0, 1, 1)
    return soft.crop(box), (box[0], box[1])


def district_tint(district_id: str) -> RGB:
    return mix(PAPER, hex_rgb(BOARD.districts[district_id]["colour"]), 0.33)


def district_ink(district_id: str) -> RGB:
    return mix(hex_rgb(BOARD.districts[district_id]["colour"]), (0, 0, 0), 0.35)


def _draw_districts(img: Image.Image) -> None:
    labels = district_labels()
    palette = list(PAPER) * 256
    for district_id, value in district_index().items():
        palette[value * 3:value * 3 + 3] = district_tint(district_id)
    tinted = labels.copy()
    tinted.putpalette(palette)
    tinted_rgb = tinted.convert("RGB").filter(ImageFilter.GaussianBlur(2))
    img.paste(tinted_rgb, (0, 0), land_mask())
    borders = labels.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v else 0)
    borders = borders.filter(ImageFilter.MaxFilter(3)).filter(ImageFilter.GaussianBlur(1))
    borders = Image.composite(borders, Image.new("L", borders.size, 0),
                              land_mask().filter(ImageFilter.MinFilter(9)))
    img.paste(mix(PAPER, INK, 0.45), (0, 0), borders.point(lambda v: v * 3 // 5))


def _draw_river(img: Image.Image) -> None:
    water = Image.new("L", img.size, 0)
    ImageDraw.Draw(water).polygon(_water_polygon(), fill=255)
    clip = Image.new("L", img.size, 0)
    ImageDraw.Draw(clip).rectangle(MAP_BOX, fill=255)
    water = Image.composite(water, clip, water.point(lambda v: 0 if v else 255))
    img.paste(WATER, (0, 0), water)
    draw = ImageDraw.Draw(img)
    bank = river_bank()
    draw.line(bank, fill=WATER_EDGE, width=5, joint="curve")
    # the river's name, turned along the bank
    (ax, ay), (bx, by) = bank[3], bank[6]
    angle = -math.degrees(math.atan2(by - ay, bx - ax))
    fnt = font(40, True)
    text = "W I S Ł A"
    w = int(fnt.getlength(text)) + 20
    label = Image.new("RGBA", (w, 60), (0, 0, 0, 0))
    draw_text(ImageDraw.Draw(label), (10, 5), text, font=fnt, fill=(*WATER_EDGE, 255))
    label = label.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
    cx, cy = (ax + bx) / 2 + 95, (ay + by) / 2 - 20
    img.paste(label, (int(cx - label.width / 2), int(cy - label.height / 2)), label)


def _draw_paths(draw: ImageDraw.ImageDraw) -> None:
    for edge_id in BOARD.edges:
        line = edge_polyline(edge_id)
        draw.line(line, fill=(250, 246, 236), width=11, joint="curve")
    for edge_id in BOARD.edges:
        line = edge_polyline(edge_id)
        draw.line(line, fill=PATH, width=6, joint="curve")


def star(cx: float, cy: float, r: float, points: int = 5) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / points
        out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


def _draw_nodes(draw: ImageDraw.ImageDraw) -> None:
    starts = set(BOARD.raw["start_locations"])
    for node_id, node in BOARD.nodes.items():
        x, y = node_xy(node_id)
        if node["kind"] == "space":
            r = SPACE_R
            draw.ellipse((x - r, y - r, x + r, y + r), fill=(252, 250, 244), outline=PATH, width=3)
    for node_id in BOARD.locations:
        x, y = node_xy(node_id)
        r = LOCATION_R
        colour = hex_rgb(BOARD.districts[BOARD.district_of(node_id)]["colour"])
        if node_id in starts:
            R = r + 8
            draw.ellipse((x - R, y - R, x + R, y + R), fill=GOLD, outline=INK, width=2)
        draw.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=INK)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255))
        draw.ellipse((x - r + 5, y - r + 5, x + r - 5, y + r - 5), fill=colour)
        if node_id in starts:
            draw.polygon(star(x, y, 9), fill=GOLD, outline=INK)


def _draw_labels(draw: ImageDraw.ImageDraw) -> None:
    for district_id in BOARD.districts:
        x, y = district_label_xy(district_id)
        draw_text(draw, (x, y), BOARD.districts[district_id]["name"].upper(), anchor="mm",
                  font=font(DISTRICT_LABEL_SIZE, True), fill=district_ink(district_id),
                  stroke_width=3, stroke_fill=mix(PAPER, (255, 255, 255), 0.5))
    fnt = font(LABEL_SIZE, True)
    for loc in BOARD.locations:
        for xy, line in label_line_xy(loc):
            draw_text(draw, xy, line, font=fnt, fill=INK, stroke_width=LABEL_STROKE, stroke_fill=(255, 255, 255))


@lru_cache(maxsize=1)
def base_map() -> Image.Image:
    """The whole static image: panel background, map, districts, river, paths, nodes, names."""
    img = Image.new("RGB", (WIDTH, HEIGHT), PANEL_BG)
    draw = ImageDraw.Draw(img)
    draw.rectangle(MAP_BOX, fill=PAPER)
    _draw_districts(img)
    _draw_river(img)
    draw = ImageDraw.Draw(img)
    _draw_paths(draw)
    _draw_nodes(draw)
    _draw_labels(draw)
    draw.rectangle(MAP_BOX, outline=INK, width=4)
    return img
