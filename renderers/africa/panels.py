"""The private panel (one player's secrets) and the summary (every company side by side)."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import lang
from games.africa.board import SV, sv_say
from renderers.africa.board import INK, MUTED, PANEL, asked, player_name, rgb, token_label
from renderers.common import encode_png, font, readable_on, wrap
from renderers.text import draw_text, draw_wrapped

View = dict[str, Any]
W = 1000


def _player(view: View, colour: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["colour"] == colour)


def render_private(view: View) -> Image.Image:
    tx = lang.here("africa")
    me = view["me"]
    p = _player(view, me["colour"])
    name = player_name(view, p["colour"])
    lines: list[tuple[str, int, bool]] = []
    status = tx._("{player}: {vp} VP · {cubes} cubes · reputation {reputation} · {supply} traders in supply",
                  player=name, vp=p["vp"], cubes=p["influence"], reputation=p["reputation"], supply=p["supply"])
    lines.append((status, 28, False))
    lines.append((asked(view), 28, False))
    lines.append((tx._("Your special victory tokens (secret)"), 32, True))
    for tid in me["special_victory_tokens"]:
        lines.append((tx._("{token}: {effect}", token=tx.say(sv_say(tid)), effect=tx._(SV[tid]["effect"])), 24,
                      False))
    if not me["special_victory_tokens"]:
        lines.append((tx._("none"), 24, False))
    lines.append((tx._("Your action tokens"), 32, True))
    lines.append((", ".join(token_label(t) for t in p["tokens"]) or tx._("none"), 24, False))
    if "sealed_bid" in me:
        lines.append((tx._("Your sealed bid: {amount}", amount=me["sealed_bid"]), 28, True))
    if "commitment" in me:
        c = me["commitment"]
        what = tx._("retreat token") if c["retreat"] else ", ".join(
            [tx._("{count} cubes", count=c["cubes"])] + [token_label(t) for t in c["tokens"]])
        lines.append((tx._("Committed: {what}", what=what) if c["done"] else
                      tx._("Chosen so far: {what}", what=what), 28, True))
    return _text_image(lines, p["colour"], tx._("{player}: your hand", player=name))


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
    tx = lang.here("africa")
    head = tx._("Round {round} · to {target} VP", round=view["round"], target=view["target"])
    draw_text(d, (30, 10), head, font=font(44, True), fill=(255, 240, 200), max_width=W - 60)
    draw_text(d, (30, 62), asked(view), font=font(34), fill=(255, 255, 255), max_width=W - 60)
    y = 125
    for rank, p in enumerate(players, 1):
        col = rgb(p["colour"])
        d.rounded_rectangle((20, y, W - 20, y + row_h - 12), 12, fill=(255, 255, 255),
                            outline=col, width=5)
        d.rectangle((20, y, 60, y + row_h - 12), fill=col)
        draw_text(d, (40, y + 30), str(rank), font=font(30, True), fill=readable_on(col), anchor="mm")
        name = tx._("{player} {vp} VP", player=player_name(view, p["colour"]), vp=p["vp"])
        draw_text(d, (75, y + 8), tx._("{player} (left)", player=name) if p["dropped"] else name,
                  font=font(40, True), fill=INK)
        info = tx._("{cubes} cubes · reputation {reputation} · supply {supply} · victory tokens {tokens}",
                    cubes=p["influence"], reputation=p["reputation"], supply=p["supply"],
                    tokens=p["special_victory_tokens"])
        draw_text(d, (75, y + 58), info, font=font(24), fill=MUTED, max_width=W - 110)
        toks = ", ".join(token_label(t) for t in p["tokens"]) or tx._("no action tokens")
        draw_text(d, (75, y + 92), toks, font=font(22), fill=INK, max_width=W - 110)
        y += row_h
    return img


def private_png(view: View) -> bytes:
    return encode_png(render_private(view), compress_level=3)


def summary_png(view: View) -> bytes:
    return encode_png(render_summary(view), compress_level=3)
