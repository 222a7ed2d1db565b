"""The private panel (one player's secrets) and the summary (every company side by side)."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.africa.board import SV
from renderers.africa.board import INK, MUTED, PANEL, asked, rgb, token_label
from renderers.common import encode_png, font, readable_on, wrap
from renderers.text import draw_text, draw_wrapped

View = dict[str, Any]
W = 1000


def _player(view: View, colour: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["colour"] == colour)


def render_private(view: View) -> Image.Image:
    me = view["me"]
    p = _player(view, me["colour"])
    lines: list[tuple[str, int, bool]] = []
    status = (f"{p['name']}: {p['vp']} VP · {p['influence']} cubes · reputation "
              f"{p['reputation']} · {p['supply']} traders in supply")
    lines.append((status, 28, False))
    lines.append((asked(view), 28, False))
    lines.append(("Your special victory tokens (secret)", 32, True))
    for tid in me["special_victory_tokens"]:
        lines.append((f"{SV[tid]['name']}: {SV[tid]['effect']}", 24, False))
    if not me["special_victory_tokens"]:
        lines.append(("none", 24, False))
    lines.append(("Your action tokens", 32, True))
    lines.append((", ".join(token_label(t) for t in p["tokens"]) or "none", 24, False))
    if "sealed_bid" in me:
        lines.append((f"Your sealed bid: {me['sealed_bid']}", 28, True))
    if "commitment" in me:
        c = me["commitment"]
        what = "retreat token" if c["retreat"] else ", ".join(
            [f"{c['cubes']} cubes"] + [token_label(t) for t in c["tokens"]])
        lines.append((("Committed: " if c["done"] else "Chosen so far: ") + what, 28, True))
    return _text_image(lines, p["colour"], f"{p['name']}: your hand")


def _text_image(lines: list[tuple[str, int, bool]], colour: str, title: str) -> Image.Image:
    height = 100 + sum(int(size * 1.35) * len(wrap(text, font(size, bold), W - 60)) for text, size, bold in lines) + 30
    img = Image.new("RGB", (W, height), PANEL)
    d = ImageDraw.Draw(img)
    col = rgb(colour)
    d.rectangle((0, 0, W, 80), fill=col)
    draw_text(d, (30, 40), title, font=font(44, True),
              fill=readable_on(col), anchor="lm", max_width=W - 60)
    y = 100
    for text, size, bold in lines:
        step = int(size * 1.35)
        y += step * draw_wrapped(d, (30, y), text, font(size, bold), INK, max_width=W - 60, line_height=step)
    return img


def render_summary(view: View) -> Image.Image:
    players = sorted(view["players"], key=lambda p: -p["vp"])
    row_h = 150
    height = 130 + row_h * len(players) + 20
    img = Image.new("RGB", (W, height), PANEL)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, 110), fill=(40, 34, 26))
    head = f"Round {view['round']} · to {view['target']} VP"
    draw_text(d, (30, 10), head, font=font(44, True), fill=(255, 240, 200), max_width=W - 60)
    draw_text(d, (30, 62), asked(view), font=font(34), fill=(255, 255, 255), max_width=W - 60)
    y = 125
    for rank, p in enumerate(players, 1):
        col = rgb(p["colour"])
        d.rounded_rectangle((20, y, W - 20, y + row_h - 12), 12, fill=(255, 255, 255),
                            outline=col, width=5)
        d.rectangle((20, y, 60, y + row_h - 12), fill=col)
        draw_text(d, (40, y + 30), str(rank), font=font(30, True), fill=readable_on(col), anchor="mm")
        draw_text(d, (75, y + 8), f"{p['name']} {p['vp']} VP" + (" (left)" if p["dropped"] else ""),
                  font=font(40, True), fill=INK)
        info = (f"{p['influence']} cubes · reputation {p['reputation']} · supply {p['supply']}"
                f" · victory tokens {p['special_victory_tokens']}")
        draw_text(d, (75, y + 58), info, font=font(24), fill=MUTED, max_width=W - 110)
        toks = ", ".join(token_label(t) for t in p["tokens"]) or "no action tokens"
        draw_text(d, (75, y + 92), toks, font=font(22), fill=INK, max_width=W - 110)
        y += row_h
    return img


def private_png(view: View) -> bytes:
    return encode_png(render_private(view), compress_level=3)


def summary_png(view: View) -> bytes:
    return encode_png(render_summary(view), compress_level=3)
