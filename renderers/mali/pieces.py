"""Small Mali drawings shared by the board, the private image and the summary."""
from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

import lang
from games.mali.board import BOARD, colour_say
from renderers.common import RGB, fit, font, hex_rgb, mix, readable_on
from renderers.text import draw_text

INK: RGB = (34, 30, 28)
WHITE: RGB = (255, 255, 255)
GERMAN: RGB = (62, 66, 60)
ALERT: RGB = (214, 40, 40)
HIGHLIGHT: RGB = (236, 0, 140)
MUTED: RGB = (120, 112, 100)
PANEL_BG: RGB = (246, 242, 234)
TROPHY: RGB = (250, 214, 90)  # points badges, the victory card, winners

COLOUR_HEX = {p["colour"]: p["hex"] for p in BOARD.raw["players"]}

# Short forms for the order cards; unknown names fall back to generic abbreviations.
SHORT = {
    "pwpw": "PWPW", "palacyk_michla": "Pał. Michla", "browary": "Browary", "past": "PAST-a",
    "dworzec_pocztowy": "Dw. Pocztowy", "filtry": "Filtry", "elektrownia": "Elektrownia",
    "plac_trzech_krzyzy": "Pl. 3 Krzyży", "uniwersytet": "Uniwersytet", "przyczolek": "Przyczółek",
    "kosciol_bernardynow": "Kośc. Bernard.",
}
_WORDS = {"Plac": "Pl.", "Aleja": "Al.", "Dworzec": "Dw.", "Stary": "St.", "Kościół": "Kośc."}


def place_name(node_id: str, fnt: Any, width: float) -> str:
    """A location name that fits width: the full name, a short form, or a cut one."""
    if node_id not in BOARD.nodes:
        return fit(str(node_id), fnt, width)
    full: str = BOARD.nodes[node_id]["name"]
    if fnt.getlength(full) <= width:
        return full
    short = SHORT.get(node_id) or short_form(full)
    return fit(short, fnt, width)


def short_form(name: str) -> str:
    """A place's name with its common words abbreviated ("Pl. Zamkowy")."""
    return " ".join(_WORDS.get(w, w) for w in name.split())


def colour_name(colour: str) -> str:
    """A player's colour as their name, in the language being drawn in."""
    return lang.here("mali").say(colour_say(colour))


def player_rgb(player: dict[str, Any]) -> RGB:
    return hex_rgb(player.get("hex") or COLOUR_HEX.get(player["colour"], "#777777"))


def scout_disc(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, rgb: RGB, initial: str,
               carrying: bool = False, ring: RGB | None = None) -> None:
    """A scout: a disc in its player's colour with its initial; a white ring when it carries an order."""
    if ring:
        R = r + 7
        draw.ellipse((x - R, y - R, x + R, y + R), fill=ring)
    outer = r + 3
    draw.ellipse((x - outer, y - outer, x + outer, y + outer), fill=WHITE if carrying else INK)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=rgb, outline=INK if carrying else None,
                 width=2 if carrying else 0)
    draw_text(draw, (x, y + 1), initial, anchor="mm", font=font(int(r * 1.25), True),
              fill=readable_on(rgb) if sum(rgb) > 600 else WHITE, stroke_width=2, stroke_fill=INK)


def envelope(draw: ImageDraw.ImageDraw, x: float, y: float, w: float = 20, h: float = 14) -> None:
    draw.rectangle((x, y, x + w, y + h), fill=WHITE, outline=INK, width=2)
    draw.line([(x + 1, y + 1), (x + w / 2, y + h * 0.6), (x + w - 1, y + 1)], fill=INK, width=2)


def cross(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB = INK,
          edge: RGB = WHITE) -> None:
    """A straight-armed cross, the mark of the German troops."""
    a, b = size, size * 0.3
    for w, colour in ((b + 3, edge), (b, fill)):
        draw.rectangle((x - a - (w - b), y - w, x + a + (w - b), y + w), fill=colour)
        draw.rectangle((x - w, y - a - (w - b), x + w, y + a + (w - b)), fill=colour)


def small_token(draw: ImageDraw.ImageDraw, x: float, y: float, s: float = 17) -> None:
    draw.rounded_rectangle((x - s, y - s, x + s, y + s), radius=5, fill=GERMAN, outline=WHITE, width=3)
    draw.rounded_rectangle((x - s - 2, y - s - 2, x + s + 2, y + s + 2), radius=6, outline=INK, width=2)
    cross(draw, x, y, s * 0.62)


def big_token(draw: ImageDraw.ImageDraw, x: float, y: float, s: float = 34) -> None:
    draw.rounded_rectangle((x - s - 3, y - s - 3, x + s + 3, y + s + 3), radius=9, fill=INK)
    draw.rounded_rectangle((x - s, y - s, x + s, y + s), radius=8, fill=(40, 40, 38), outline=ALERT,
                           width=5)
    cross(draw, x, y, s * 0.6)


def soldier(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The German soldier: a dark helmet-shaped marker with a cross."""
    r = 24
    draw.ellipse((x - r - 3, y - r - 3, x + r + 3, y + r + 3), fill=WHITE)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=GERMAN, outline=INK, width=3)
    draw.chord((x - 17, y - 17, x + 17, y + 15), 180, 360, fill=(95, 102, 90), outline=INK, width=2)
    draw.rectangle((x - 20, y - 2, x + 20, y + 3), fill=(95, 102, 90), outline=INK, width=2)
    cross(draw, x, y + 11, 6)


def die_face(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, colour: str, value: int) -> None:
    fill = ALERT if colour == "red" else (25, 25, 25)
    draw.rounded_rectangle((x, y, x + size, y + size), radius=size // 6, fill=fill, outline=WHITE, width=3)
    spots = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)],
             3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)]}.get(value, [])
    r = size * 0.1
    for fx, fy in spots:
        cx, cy = x + fx * size, y + fy * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)
    if value not in (1, 2, 3):
        draw_text(draw, (x + size / 2, y + size / 2), str(value), anchor="mm", font=font(int(size * 0.6), True),
                  fill=WHITE)


def movement_card(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, value: int | str,
                  state: str, accent: RGB | None = None) -> None:
    """A movement card face: state is "hand", "played", "chosen" (this round) or "back"."""
    if state == "back":
        draw.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=(90, 70, 50), outline=INK, width=2)
        draw_text(draw, (x + w / 2, y + h / 2), "?", anchor="mm", font=font(int(h * 0.55), True), fill=WHITE)
        return
    fill = {"hand": WHITE, "played": (205, 199, 188), "chosen": accent or HIGHLIGHT}[state]
    text = {"hand": INK, "played": (150, 142, 130), "chosen": readable_on(accent or HIGHLIGHT)}[state]
    draw.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=fill,
                           outline=INK if state != "played" else (160, 152, 140),
                           width=3 if state == "chosen" else 2)
    draw_text(draw, (x + w / 2, y + h / 2 + 1), str(value), anchor="mm", font=font(int(h * 0.6), True),
              fill=text)
    if state == "played":
        draw.line([(x + 4, y + h - 4), (x + w - 4, y + 4)], fill=(150, 142, 130), width=2)


def objective_colour(name: str) -> RGB:
    return {"brown": (139, 90, 43), "blue": (41, 98, 175), "green": (46, 139, 87),
            "red": (192, 57, 43)}.get(name, MUTED)


def light(rgb: RGB, t: float = 0.8) -> RGB:
    return mix(rgb, WHITE, t)


def polar(cx: float, cy: float, r: float, angle: float) -> tuple[float, float]:
    return cx + r * math.cos(angle), cy + r * math.sin(angle)
