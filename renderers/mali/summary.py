"""The end-of-game Mali image, from the view's outcome and its breakdown."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import lang
from renderers.common import encode_png, fit, font
from renderers.mali.pieces import ALERT, INK, MUTED, PANEL_BG, TROPHY, WHITE, colour_name, light, player_rgb
from renderers.text import draw_text

View = dict[str, Any]
WIDTH = 1200
PAD = 28
LOST_ROW = 64


def summary_png(view: View) -> bytes:
    return encode_png(render_summary(view))


def lost_text(view: View) -> str | None:
    """Why everybody lost, or None when the game has winners (or was abandoned)."""
    outcome = view.get("outcome") or {}
    reason = str(outcome.get("reason", ""))
    if outcome.get("winners") or reason == "abandoned":
        return None
    tx = lang.here("mali")
    if "district" in reason or len(view.get("fallen", [])) >= 3:
        return tx._("Warsaw has fallen: a third district is lost.")
    if "token" in reason or int(view.get("small_tokens", 0)) >= 4:
        return tx._("Warsaw has fallen: the fourth German token.")
    return tx._("Everybody loses.")


def _lost_row(draw: ImageDraw.ImageDraw, p: dict[str, Any], b: dict[str, Any], y: int) -> None:
    rgb = player_rgb(p)
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + LOST_ROW), radius=10, fill=light(rgb, 0.85), outline=rgb,
                           width=2)
    draw.rounded_rectangle((PAD + 5, y + 5, PAD + 20, y + LOST_ROW - 5), radius=5, fill=rgb)
    draw_text(draw, (PAD + 34, y + LOST_ROW / 2), colour_name(p["colour"]), anchor="lm", font=font(30, True), fill=INK,
              max_width=208)
    tx = lang.here("mali")
    delivered = int(b.get("delivered", len(p.get("delivered", []))))
    draw_text(draw, (PAD + 250, y + LOST_ROW / 2), tx.n_("{count} order delivered", "{count} orders delivered",
                                                         delivered), anchor="lm", font=font(24), fill=INK)
    draw_text(draw, (WIDTH - PAD - 18, y + LOST_ROW / 2), tx._("no points"), anchor="rm", font=font(26, True),
              fill=MUTED)


def render_summary(view: View) -> Image.Image:
    outcome = view.get("outcome")
    if not outcome:
        raise ValueError("summary_png needs a finished game (outcome is null)")
    breakdown: dict[str, Any] = outcome.get("breakdown") or {}
    players = [p for p in view["players"] if p["seat"] in breakdown] or view["players"]
    n_obj = max((len(b.get("objectives", [])) for b in breakdown.values()), default=0)
    row_h = 80 + 30 * max(0, n_obj - 1)
    lost = lost_text(view)
    rows = len(players) * (LOST_ROW + 10) if lost else len(players) * (row_h + 10) if breakdown else 0
    height = 112 + 120 + rows + 18 if lost else 150 + rows + 30
    img = Image.new("RGB", (WIDTH, height), PANEL_BG)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, 96), fill=INK)
    tx = lang.here("mali")
    draw_text(draw, (PAD, 48), tx._("Mali Powstańcy · game over"), anchor="lm", font=font(40, True), fill=WHITE,
              max_width=WIDTH - 2 * PAD - 160)
    draw_text(draw, (WIDTH - PAD, 48), tx._("round {round}", round=view.get("round", 0)), anchor="rm",
              font=font(24, True),
              fill=TROPHY)
    y = 112
    if lost:
        draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + 104), radius=12, fill=ALERT, outline=INK, width=3)
        draw_text(draw, (WIDTH / 2, y + 36), lost, anchor="mm", font=font(34, True), fill=WHITE)
        draw_text(draw, (WIDTH / 2, y + 78), tx._("Nobody wins, and no points are counted."), anchor="mm",
                  font=font(26, True), fill=WHITE)
        y += 120
    elif outcome.get("reason") == "abandoned":
        draw_text(draw, (PAD, y), tx._("The game was abandoned."), font=font(28, True), fill=INK)
        y += 40
    else:
        names = [colour_name(p["colour"]) for p in view["players"] if p["seat"] in outcome["winners"]]
        draw_text(draw, (PAD, y), "★ " + tx.n_("Winner: {players}", "Winner: {players}", len(names),
                                                players=" & ".join(names)), font=font(34, True), fill=INK)
        y += 50
    if lost:  # no points are counted after a loss: the players in seat order, no totals
        for p in players:
            _lost_row(draw, p, breakdown.get(p["seat"], {}), y)
            y += LOST_ROW + 10
        return img
    if breakdown:
        heading = tx._("orders + scouts home + objectives = total") if n_obj else tx._("orders + scouts home = total")
        draw_text(draw, (WIDTH - PAD, y - 4), heading, anchor="rs", font=font(18), fill=MUTED)
    winners = set(outcome.get("winners", []))
    order = sorted(players, key=lambda p: -int(breakdown.get(p["seat"], {}).get("total", 0)))
    for p in order if breakdown else []:
        b = breakdown[p["seat"]]
        rgb = player_rgb(p)
        win = p["seat"] in winners
        box = (PAD, y, WIDTH - PAD, y + row_h)
        draw.rounded_rectangle(box, radius=10, fill=TROPHY if win else light(rgb, 0.85),
                               outline=INK if win else rgb, width=5 if win else 2)
        draw.rounded_rectangle((PAD + 5, y + 5, PAD + 20, y + row_h - 5), radius=5, fill=rgb)
        name = colour_name(p["colour"]) + ("  ★" if win else "")
        draw_text(draw, (PAD + 34, y + 10), name, font=font(30, True), fill=INK, max_width=208)  # before the numbers
        delivered = b.get("delivered", len(p.get("delivered", [])))
        draw_text(draw, (PAD + 34, y + 46), tx.n_("{count} order delivered", "{count} orders delivered",
                                                  int(delivered)), font=font(17), fill=INK, max_width=210)
        x = PAD + 250
        for label, value, step in ((tx._("orders"), b.get("orders", 0), 100),
                                   (tx._("scouts home"), b.get("return_bonus", 0), 120)):
            draw_text(draw, (x, y + 10), str(value), font=font(30, True), fill=INK)
            draw_text(draw, (x, y + 46), label, font=font(16), fill=MUTED, max_width=step - 6)
            x += step
        for i, obj in enumerate(b.get("objectives", [])):
            oy = y + 14 + 30 * i
            mark, colour = ("✓", (20, 120, 50)) if obj.get("met") else ("✗", ALERT)
            draw_text(draw, (x, oy), mark, font=font(22, True), fill=colour)
            pts = f"+{obj.get('points', 0)}" if obj.get("met") else f"({obj.get('points', 0)})"
            draw_text(draw, (x + 28, oy), pts, font=font(20, True), fill=INK if obj.get("met") else MUTED)
            text = fit(tx._(str(obj["text"])) if obj.get("text") else str(obj.get("id", "")), font(18),
                       WIDTH - PAD - 100 - x - 84)
            draw_text(draw, (x + 84, oy + 2), text, font=font(18), fill=INK if obj.get("met") else MUTED)
        draw_text(draw, (WIDTH - PAD - 18, y + row_h / 2 - 10), str(b.get("total", 0)), anchor="rm",
                  font=font(46, True), fill=INK)
        draw_text(draw, (WIDTH - PAD - 18, y + row_h / 2 + 24), tx._("total"), anchor="rm", font=font(16),
                  fill=MUTED)
        y += row_h + 10
    return img
