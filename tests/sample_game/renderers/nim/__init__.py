"""The sample game's pile as an image, drawn from views only."""
from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import font
from renderers.text import draw_text


def _png(stones: int, note: str) -> bytes:
    image = Image.new("RGB", (420, 120), "white")
    draw = ImageDraw.Draw(image)
    for i in range(stones):
        x, y = 10 + (i % 21) * 19, 10 + (i // 21) * 19
        draw.ellipse((x, y, x + 16, y + 16), fill="#555555")
    draw_text(draw, (10, 95), note, font(16), "black", max_width=400)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def board_png(view: dict[str, Any]) -> bytes:
    return _png(view["pile"], f"{view['pile']} stones")


def private_png(view: dict[str, Any]) -> bytes:
    return _png(view["pile"], f"lucky number {view['me']['lucky']}")


def summary_png(view: dict[str, Any]) -> bytes:
    return _png(0, "game over")
