"""One player's private Mali image: their cards, secret objectives, draft hand and peeked orders."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

import lang
from games.mali.board import BOARD
from lang import N_
from renderers.common import encode_png, font, hex_rgb, wrap
from renderers.mali.pieces import (
    COLOUR_HEX,
    INK,
    MUTED,
    WHITE,
    colour_name,
    light,
    movement_card,
    objective_colour,
    place_name,
)
from renderers.text import draw_text, draw_wrapped

View = dict[str, Any]
WIDTH = 900
PAD = 24
ACTIONS = {c["value"]: c for c in BOARD.raw["movement_cards"]}
Section = Callable[[ImageDraw.ImageDraw, View, dict[str, Any], dict[str, Any], bool, int], int]


def private_png(view: View) -> bytes:
    return encode_png(render_private(view))


def render_private(view: View) -> Image.Image:
    """The secrets of the player in view["me"]; nothing from other players' secrets is known here."""
    me = view.get("me")
    if not me:
        raise ValueError("private_png needs a private view (with 'me')")
    player: dict[str, Any] = next((p for p in view["players"] if p["seat"] == me["seat"]), {})
    rgb = hex_rgb(player.get("hex") or COLOUR_HEX.get(me.get("colour", ""), "#777777"))
    extended = view.get("variant") == "extended"
    sections: list[Section] = [_cards]
    if me.get("objective_hand"):
        sections.append(_draft)
    if me.get("objectives"):
        sections.append(_objectives)
    if me.get("peeked"):
        sections.append(_peeked)
    # measure on a scratch canvas, then draw for real
    height = 0
    for draw_pass in (False, True):
        img = Image.new("RGB", (WIDTH, max(height, 1)), light(rgb, 0.9))
        draw = ImageDraw.Draw(img)
        y = _header(draw, view, me, rgb)
        for section in sections:
            y = section(draw, view, me, player, extended, y) + 18
        height = int(y + 6)
        if draw_pass:
            draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=rgb, width=6)
    return img


def when(view: View) -> str:
    """The header's time: the round, or "before round 1" during the objective draft (round 0)."""
    tx = lang.here("mali")
    return tx._("round {round}", round=view["round"]) if view.get("round") else tx._("before round 1")


def _header(draw: ImageDraw.ImageDraw, view: View, me: dict[str, Any], rgb: tuple[int, int, int]) -> int:
    draw.rectangle((0, 0, WIDTH, 70), fill=rgb)
    draw_text(draw, (PAD, 35), lang.here("mali")._("{colour} · only for you", colour=colour_name(me.get("colour", ""))),
              anchor="lm", max_width=WIDTH - 2 * PAD - 200,
              font=font(32, True), fill=WHITE, stroke_width=2, stroke_fill=INK)
    draw_text(draw, (WIDTH - PAD, 35), when(view), anchor="rm", font=font(22, True), fill=WHITE, stroke_width=2,
              stroke_fill=INK)
    return 88


def _title(draw: ImageDraw.ImageDraw, y: int, text: str) -> int:
    draw_text(draw, (PAD, y), text, font=font(24, True), fill=INK)
    return y + 36


def _cards(draw: ImageDraw.ImageDraw, view: View, me: dict[str, Any], player: dict[str, Any],
           extended: bool, y: int) -> int:
    tx = lang.here("mali")
    y = _title(draw, y, tx._("Movement cards"))
    hand = set(player.get("hand", []))
    chosen = me.get("card")
    w, h, gap = 150, 120 if extended else 96, 18
    accent = hex_rgb(player.get("hex", "#777777"))
    for v in range(1, 6):
        x = PAD + (v - 1) * (w + gap)
        state = "chosen" if v == chosen else "hand" if v in hand else "played"
        movement_card(draw, x, y, w, 70, v, state, accent=accent)
        if extended and ACTIONS.get(v, {}).get("name"):
            draw_wrapped(draw, (x + w / 2, y + 76), ACTIONS[v]["name"], font(17, True),
                         INK if state != "played" else MUTED, max_width=w, line_height=21, max_lines=2, anchor="mt")
    y += h
    note = tx._("Chosen this round: {card}", card=chosen) if chosen else (
        tx._("Choose a card") if view.get("phase") == "cards" else "")
    if note:
        draw_text(draw, (PAD, y), note, font=font(22, True), fill=INK)
        y += 30
    return y


def _objective_row(draw: ImageDraw.ImageDraw, y: int, obj: dict[str, Any]) -> int:
    tx = lang.here("mali")
    rgb = objective_colour(obj.get("colour", ""))
    text = tx._(str(obj["text"])) if obj.get("text") else str(obj.get("id", ""))
    lines = wrap(text, font(21), WIDTH - 2 * PAD - 150)
    h = max(52, 14 + 27 * len(lines))
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + h), radius=8, fill=WHITE, outline=INK, width=2)
    draw.rounded_rectangle((PAD + 3, y + 3, PAD + 90, y + h - 3), radius=6, fill=rgb)
    draw_text(draw, (PAD + 46, y + h / 2), obj.get("id", ""), anchor="mm", font=font(20, True), fill=WHITE)
    draw_wrapped(draw, (PAD + 104, y + 9), text, font(21), INK,
                 max_width=WIDTH - 2 * PAD - 150, line_height=27)
    points = int(obj.get("points", 0))
    draw_text(draw, (WIDTH - PAD - 14, y + h / 2), tx.n_("{count} pt", "{count} pts", points), anchor="rm",
              font=font(22, True), fill=INK)
    return y + h + 8


def _objective_list(title: str, key: str) -> Section:
    """A section listing the objective cards under `me[key]`."""
    def section(draw: ImageDraw.ImageDraw, view: View, me: dict[str, Any], player: dict[str, Any],
                extended: bool, y: int) -> int:
        y = _title(draw, y, lang.here("mali")._(title))
        for obj in me[key]:
            y = _objective_row(draw, y, obj)
        return y
    return section


_draft = _objective_list(N_("Objective draft: keep 3, each of a different colour"), "objective_hand")
_objectives = _objective_list(N_("Your secret objectives"), "objectives")


def _peeked(draw: ImageDraw.ImageDraw, view: View, me: dict[str, Any], player: dict[str, Any],
            extended: bool, y: int) -> int:
    tx = lang.here("mali")
    y = _title(draw, y, tx._("Top of the order deck (you peeked)"))
    fnt = font(22, True)
    for order in me["peeked"]:
        draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + 46), radius=8, fill=WHITE, outline=INK, width=2)
        text = (f"{order.get('id', '')}   {place_name(order.get('from', ''), fnt, 320)} → "
                f"{place_name(order.get('to', ''), fnt, 320)}")
        draw_text(draw, (PAD + 14, y + 23), text, anchor="lm", font=fnt, fill=INK)
        points = int(order.get("points", 0))
        draw_text(draw, (WIDTH - PAD - 14, y + 23), tx.n_("{count} pt", "{count} pts", points), anchor="rm", font=fnt,
                  fill=INK)
        y += 54
    return y
