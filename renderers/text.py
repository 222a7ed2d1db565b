"""The one seam through which every renderer draws text on an image.

`draw_text`, `draw_lines` and `draw_wrapped` draw as ImageDraw does, and can shrink a text to a box's width
(`max_width`): a translated label is often longer than the English one. Inside `recording()`, each
text drawn is also noted with its place, so that a test can check every word on an image.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import ImageDraw, ImageFont

from renderers.common import fit, wrap

SHRINK_FLOOR = 0.7  # a too-wide text shrinks down to this share of its size, then is cut with "…"


@dataclass(frozen=True)
class Drawn:
    """One text drawn: as the renderer gave it, where on the image, by which line of code, and as it
    was drawn (`shown`: cut with "…", or a wrapped text's lines joined by a space) in what font size."""

    text: str
    xy: tuple[float, float]
    where: str
    shown: str
    size: float


_RECORDS: ContextVar[list[Drawn] | None] = ContextVar("drawn_texts", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn in this block (this thread or task only), in drawing order.

    Images built once and cached (Mali's base map) are drawn only on their first use.
    """
    drawn: list[Drawn] = []
    token = _RECORDS.set(drawn)
    try:
        yield drawn
    finally:
        _RECORDS.reset(token)


def _note(text: str, xy: tuple[float, float], shown: str, size: float) -> None:
    drawn = _RECORDS.get()
    if drawn is None:
        return
    caller = sys._getframe(2)
    where = f"{caller.f_globals.get('__name__', '?')}:{caller.f_lineno}"
    drawn.append(Drawn(text, (float(xy[0]), float(xy[1])), where, shown, size))


@cache
def _sized(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def shrunk(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> tuple[str, ImageFont.FreeTypeFont]:
    """The text and font to draw it no wider than max_width: as given if it fits; else in a smaller
    size of the same font (down to SHRINK_FLOOR of it); else that smallest size, cut with "…"."""
    if fnt.getlength(text) <= max_width:
        return text, fnt
    path = str(fnt.path)
    smallest = max(1, round(fnt.size * SHRINK_FLOOR))
    for size in range(int(fnt.size) - 1, smallest - 1, -1):
        smaller = _sized(path, size)
        if smaller.getlength(text) <= max_width:
            return text, smaller
    smaller = _sized(path, smallest)
    return fit(text, smaller, max_width), smaller


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: Any = None,
    *,
    max_width: float | None = None,
    **kw: Any,
) -> None:
    """ImageDraw.text, noted when recording; with max_width, shrunk (or cut) to fit that width."""
    shown, fnt = shrunk(text, font, max_width) if max_width is not None else (text, font)
    _note(text, xy, shown, fnt.size)
    draw.text(xy, shown, fill=fill, font=fnt, **kw)


def broken(text: str, fnt: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """A name in lines no wider than `width` where it can be: whole; else broken between its words;
    else after its hyphens too ("Afryka / Południowo- / Zachodnia"). A piece wider still stays whole
    (a name is never cut)."""
    if fnt.getlength(text) <= width:
        return [text]
    lines: list[str] = []
    for hyphens in (False, True):
        lines = []
        for word in text.split():
            for k, piece in enumerate(re.findall(r"[^-]+-(?=.)|.+", word) if hyphens else [word]):
                joined = f"{lines[-1]}{'' if k else ' '}{piece}" if lines else piece
                if lines and fnt.getlength(joined) <= width:
                    lines[-1] = joined
                else:
                    lines.append(piece)
        if all(fnt.getlength(line) <= width for line in lines):
            break
    return lines


def draw_lines(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    lines: list[str],
    font: ImageFont.FreeTypeFont,
    fill: Any = None,
    **kw: Any,
) -> None:
    """`text` broken into `lines` where its renderer chose (between words, after a hyphen), drawn as
    one block by ImageDraw's multiline text (the anchor places the block; `align`, `spacing` as
    there). Noted once, whole."""
    _note(text, xy, " ".join(lines), font.size)
    draw.multiline_text(xy, "\n".join(lines), fill=fill, font=font, **kw)


def line_step(draw: ImageDraw.ImageDraw, font: ImageFont.FreeTypeFont, stroke_width: int = 0) -> float:
    """How far apart ImageDraw's multiline text puts its lines (with `spacing=0`): to place a block of
    `draw_lines` by one of its lines."""
    return float(draw.textbbox((0, 0), "A", font=font, stroke_width=stroke_width)[3] + stroke_width)


def draw_wrapped(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: Any = None,
    *,
    max_width: float,
    line_height: float,
    max_lines: int | None = None,
    **kw: Any,
) -> int:
    """The text word-wrapped to max_width, one line every line_height down from xy (at most max_lines;
    a too-long word is cut). Noted once, whole. Returns the number of lines drawn."""
    lines = wrap(text, font, max_width)[:max_lines]
    _note(text, xy, " ".join(lines), font.size)
    for i, line in enumerate(lines):
        draw.text((xy[0], xy[1] + i * line_height), line, fill=fill, font=font, **kw)
    return len(lines)
