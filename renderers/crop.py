"""A phone's part of a board: the piece of the map around what a seat can act with now and where it
can go, cut from the full board and scaled so that a phone showing it about 400 px wide reads it.

A game's renderer draws its map, turns the seat's legal choices into marks (its pieces, the places
they can go) and hands both to `picture`; what is drawn here comes from those marks alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

import lang
from renderers.common import RGB, encode_png, font
from renderers.text import broken, draw_lines, draw_text, line_step

Point = tuple[float, float]
Box = tuple[float, float, float, float]

OUT_W, OUT_H = 800, 600  # the cut map, drawn at twice a phone's 400 px: 4:3, as Discord previews it
TITLE_H = 84
MIN_W, MAX_W = 420.0, 640.0  # how much of the board the window may hold (board pixels)
PAD = 70.0
INK: RGB = (30, 28, 24)
WHITE: RGB = (255, 255, 255)
MARK: RGB = (255, 200, 0)
NAME_SIZE = 28  # at OUT_W: 14 px on a phone
EDGE = 6  # a name's room from the picture's side edges


@dataclass(frozen=True)
class Mark:
    """A spot on the board: one of the seat's pieces it can act with (`piece`), or a place it can go
    or act on. `label` names it beside the spot; `outline`, a polygon to draw round instead of a ring."""
    x: float
    y: float
    piece: bool
    label: str = ""
    outline: tuple[Point, ...] = ()


@dataclass(frozen=True)
class Name:
    """A board name to write again, bigger, at its own place (the board's is too small for a phone).
    `room`, when given, is the width (in board pixels) it may take: a wider name is broken into lines
    that go up from its place."""
    x: float
    y: float
    text: str
    room: float = 0.0


def _inside(x: float, y: float, box: Box) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _fit_box(cx: float, cy: float, w: float, bounds: Box) -> Box:
    """A 4:3 window of width w centred near (cx, cy), moved to lie inside bounds."""
    w = min(w, bounds[2] - bounds[0], (bounds[3] - bounds[1]) * OUT_W / OUT_H)
    h = w * OUT_H / OUT_W
    x0 = min(max(cx - w / 2, bounds[0]), bounds[2] - w)
    y0 = min(max(cy - h / 2, bounds[1]), bounds[3] - h)
    return (x0, y0, x0 + w, y0 + h)


def _extent(mark: Mark) -> Box:
    """What of the board a mark wants shown: room round its spot, and its outline with a margin as
    far as that lies near the spot (a large area is shown in part)."""
    x0, y0, x1, y1 = mark.x - PAD, mark.y - PAD, mark.x + PAD, mark.y + PAD
    if mark.outline:
        far = 1.6 * PAD
        xs, ys = [x for x, _ in mark.outline], [y for _, y in mark.outline]
        x0, x1 = min(x0, max(min(xs) - PAD / 3, mark.x - far)), max(x1, min(max(xs) + PAD / 3, mark.x + far))
        y0, y1 = min(y0, max(min(ys) - PAD / 3, mark.y - far)), max(y1, min(max(ys) + PAD / 3, mark.y + far))
    return (x0, y0, x1, y1)


def window(marks: list[Mark], bounds: Box, widths: tuple[float, float] = (MIN_W, MAX_W)) -> Box:
    """The part of the board (inside bounds) to show: the one holding the most of the seat's pieces,
    then the most places, as close as the marks it holds allow (`widths`: how wide it may be, in
    board pixels; a board drawn bigger may show more of itself)."""
    least, most = widths
    spots = [(m.x, m.y) for m in marks]
    cx = sum(x for x, _ in spots) / len(spots)
    cy = sum(y for _, y in spots) / len(spots)
    best: tuple[tuple[int, float], Box] | None = None
    for px, py in [(cx, cy), *spots]:
        box = _fit_box(px, py, most, bounds)
        inner = (box[0] + PAD / 2, box[1] + PAD / 2, box[2] - PAD / 2, box[3] - PAD / 2)
        held = sum(3 if m.piece else 1 for m in marks if _inside(m.x, m.y, inner))
        score = (held, -((px - cx) ** 2 + (py - cy) ** 2))
        if best is None or score > best[0]:
            best = (score, box)
    assert best is not None
    big = best[1]
    kept = [_extent(m) for m in marks if _inside(m.x, m.y, big)] or [_extent(m) for m in marks]
    x0, x1 = min(b[0] for b in kept), max(b[2] for b in kept)
    y0, y1 = min(b[1] for b in kept), max(b[3] for b in kept)
    w = max(x1 - x0, (y1 - y0) * OUT_W / OUT_H, least)
    return _fit_box((x0 + x1) / 2, (y0 + y1) / 2, min(w, most), bounds)


def _tag_box(x: float, y: float, w: float, h: float, side: int) -> Box:
    """The box of a w×h tag beside a spot: below, above, right, left."""
    gap = 34
    if side == 0:
        return (x - w / 2, y + gap, x + w / 2, y + gap + h)
    if side == 1:
        return (x - w / 2, y - gap - h, x + w / 2, y - gap)
    if side == 2:
        return (x + gap, y - h / 2, x + gap + w, y + h / 2)
    return (x - gap - w, y - h / 2, x - gap, y + h / 2)


def _overlaps(p: Box, q: Box) -> bool:
    return min(p[2], q[2]) > max(p[0], q[0]) and min(p[3], q[3]) > max(p[1], q[1])


def picture(board: Image.Image, marks: list[Mark], bounds: Box, title: str, legend: str,
            names: list[Name] | None = None, avoid: list[Box] | None = None,
            widths: tuple[float, float] = (MIN_W, MAX_W)) -> Image.Image:
    """The crop: a title strip, then the window of `board` round the marks, scaled to OUT_W, with the
    pieces ringed, the places outlined, the labels and the names written at a phone's size. A label
    keeps off the `avoid` boxes (the board's own names) where it can."""
    box = window(marks, bounds, widths)
    scale = OUT_W / (box[2] - box[0])

    def out(x: float, y: float) -> Point:
        return ((x - box[0]) * scale, (y - box[1]) * scale + TITLE_H)

    part = board.crop((round(box[0]), round(box[1]), round(box[2]), round(box[3])))
    part = part.resize((OUT_W, OUT_H), Image.Resampling.LANCZOS)
    img = Image.new("RGB", (OUT_W, OUT_H + TITLE_H), INK)
    img.paste(part, (0, TITLE_H))
    draw = ImageDraw.Draw(img)
    shown = [m for m in marks if _inside(m.x, m.y, box)]
    for mark in marks:  # an outline shows as far as it reaches into the picture
        if mark.outline:
            pts = [out(x, y) for x, y in mark.outline]
            draw.line([*pts, pts[0]], fill=INK, width=11, joint="curve")
            draw.line([*pts, pts[0]], fill=MARK, width=6, joint="curve")
    _names(draw, [(out(n.x, n.y), n) for n in names or [] if _inside(n.x, n.y, box)], scale)
    for mark in shown:
        x, y = out(mark.x, mark.y)
        if mark.piece:
            r = 30
            draw.ellipse((x - r - 3, y - r - 3, x + r + 3, y + r + 3), outline=INK, width=3)
            draw.ellipse((x - r, y - r, x + r, y + r), outline=MARK, width=7)
        elif not mark.outline:
            r = 24
            draw.ellipse((x - r, y - r, x + r, y + r), outline=INK, width=9)
            draw.ellipse((x - r + 2, y - r + 2, x + r - 2, y + r - 2), outline=MARK, width=5)
    kept = [(*out(b[0], b[1]), *out(b[2], b[3])) for b in avoid or []]
    _labels(draw, [(out(m.x, m.y), m.label) for m in shown if m.label], [out(m.x, m.y) for m in shown], kept)
    _title(draw, title, legend, len(marks) - len(shown))
    return img


def _names(draw: ImageDraw.ImageDraw, names: list[tuple[Point, Name]], scale: float) -> None:
    """The board names at a phone's size, each in lines within its room (the last one at its place).
    A name that would run off the picture's side is moved in, unless it would then cover a name
    drawn at its own place: then it is left out, rather than cut or covering another."""
    fnt = font(NAME_SIZE, True)
    step = line_step(draw, fnt, stroke_width=4)
    placed: list[tuple[Point, Name, list[str], Box, bool]] = []
    for (x, y), name in names:
        lines = broken(name.text, fnt, name.room * scale) if name.room else [name.text]
        half = max(fnt.getlength(line) for line in lines) / 2 + EDGE
        inside = min(max(x, half), max(half, OUT_W - half))
        mid = y - step * (len(lines) - 1) / 2
        room = (inside - half, mid - step * len(lines) / 2, inside + half, mid + step * len(lines) / 2)
        placed.append(((inside, mid), name, lines, room, inside != x))
    kept = [p for p in placed if not p[4]]
    kept += [p for p in placed if p[4] and not any(_overlaps(p[3], q[3]) for q in kept)]
    for at, name, lines, _, _ in kept:
        if len(lines) == 1:
            draw_text(draw, at, name.text, anchor="mm", font=fnt, fill=INK, stroke_width=4,
                      stroke_fill=(255, 250, 235))
        else:
            draw_lines(draw, at, name.text, lines, fnt, fill=INK, anchor="mm", align="center", spacing=0,
                       stroke_width=4, stroke_fill=(255, 250, 235))


def _labels(draw: ImageDraw.ImageDraw, items: list[tuple[Point, str]], spots: list[Point],
            avoid: list[Box]) -> None:
    """Each label in a white tag beside its spot, inside the picture and clear of the other tags: on
    the first side clear of the marks and of `avoid`, else of the marks, else on the first side left;
    a label with no side left is left out (its spot is still marked)."""
    fnt = font(NAME_SIZE, True)
    rings = [(x - 30, y - 30, x + 30, y + 30) for x, y in spots]
    taken: list[Box] = []
    for (x, y), text in items:
        w, h = fnt.getlength(text) + 20, NAME_SIZE + 14
        sides = [_tag_box(x, y, w, h, side) for side in range(4)]
        sides = [tag for tag in sides if tag[0] >= 2 and tag[1] >= TITLE_H + 2 and tag[2] <= OUT_W - 2
                 and tag[3] <= OUT_H + TITLE_H - 2 and not any(_overlaps(tag, q) for q in taken)]
        clear = [tag for tag in sides if not any(_overlaps(tag, q) for q in rings)]
        if sides:  # best clear of the marks and the board's names, then of the marks, then anywhere
            tag = next((t for t in clear if not any(_overlaps(t, q) for q in avoid)), (clear or sides)[0])
            draw.rounded_rectangle(tag, radius=8, fill=WHITE, outline=INK, width=3)
            draw_text(draw, ((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2 + 1), text, anchor="mm", font=fnt, fill=INK)
            taken.append(tag)


def _title(draw: ImageDraw.ImageDraw, title: str, legend: str, off: int) -> None:
    draw.rectangle((0, 0, OUT_W, TITLE_H - 1), fill=INK)  # over any outline that ran up into it
    size = next((s for s in (34, 31, 28, 25) if font(s, True).getlength(title) <= OUT_W - 32), 25)
    draw_text(draw, (16, 10 + (34 - size) // 2), title, font=font(size, True),
              fill=WHITE, max_width=OUT_W - 32)
    if off:
        legend = lang.here("core").n_("{count} more outside · {legend}", "{count} more outside · {legend}", off,
                                      legend=legend)
    draw_text(draw, (16, 52), legend, font=font(22), fill=MARK, max_width=OUT_W - 32)


def png(img: Image.Image) -> bytes:
    """A crop as a 256-colour PNG (a few hundred KB at most: far inside Discord's upload limit)."""
    return encode_png(img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
