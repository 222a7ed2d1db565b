"""The public Heart of Africa board, drawn from the public view only."""
from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.africa.board import AREA, SPECIALS, SV, TOKENS
from renderers.africa.geometry import (
    AREAS,
    COLOURS,
    HEADER,
    HEIGHT,
    IMPASSABLE,
    LAYOUT,
    RESOURCE_RGB,
    WIDTH,
    box,
    xy,
)
from renderers.common import RGB, encode_png, font, mix, readable_on
from renderers.text import draw_text

View = dict[str, Any]
INK: RGB = (30, 28, 24)
MUTED: RGB = (95, 90, 80)
SEA: RGB = (178, 212, 232)
LAND: RGB = (236, 222, 186)
PANEL: RGB = (250, 245, 230)
GREY: RGB = (150, 150, 150)
HIGHLIGHT: RGB = (255, 200, 0)

SHORT = {
    "trading_station": "Station", "wholesaler": "Wholesaler", "extra_move": "Movement",
    "extra_traders": "New traders", "neutral_move": "Move neutrals", "neutral_place": "Neutral +",
    "neutral_remove": "Neutral −", "reputation_up": "Reputation +", "reputation_down":
    "Reputation −", "resource_up": "Resource +", "resource_down": "Resource −",
    "area_scores_twice": "Double score", "special_victory_token": "Victory token",
}
STAGES = {"setup": "Setup", "auction": "Auction", "turn": "Turn", "commit": "Conflict",
          "draw": "Conflict with neutrals", "over": "Game over"}


def rgb(colour: str) -> RGB:
    return COLOURS.get(colour, GREY)


def token_label(tid: str) -> str:
    if tid in SV:
        return str(SV[tid]["name"])
    t = TOKENS[tid]
    special = t["special"]
    return f"{SHORT.get(special, SPECIALS[special]['name']) if special else 'Blank'} · {t['ap']}"


def player_name(view: View, colour: str) -> str:
    return colour.capitalize()


def asked(view: View) -> str:
    """What the game waits for, in words."""
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        names = [p["name"] for p in view["players"] if p["seat"] in winners]
        return f"{', '.join(names)} wins ({view['outcome']['reason']})"
    pend = view.get("pending")
    if pend:
        who = pend["chooser"].capitalize()
        if pend["kind"] == "start_area":
            return f"{who} chooses a start area"
        if pend["kind"] == "reputation_buy":
            return f"{who} may buy reputation"
        what = f"{pend['owner'].capitalize()}'s {pend['piece']}" if "owner" in pend else "a neutral"
        return f"{who} retreats {what} from {AREA[pend['from']]['name']}"
    stage = view["stage"]
    if stage == "auction":
        a = view["auction"]
        if a["sealed"]:
            waiting = [p["name"] for p in view["players"] if p["seat"] in view["to_act"]]
            return f"Sealed bids: waiting for {', '.join(waiting)}"
        bids = [b["bid"] for b in a["bids"] if b["bid"] is not None]
        top = f" (highest {max(bids)})" if bids else ""
        return f"{str(a['next']).capitalize()} bids{top}"
    if stage == "commit":
        c = view["conflict"]
        waiting = [p["name"] for p in view["players"] if p["seat"] in view["to_act"]]
        return (f"{c['active'].capitalize()} v {c['defender'].capitalize()} in "
                f"{AREA[c['area']]['name']}: waiting for {', '.join(waiting)}")
    if stage == "draw":
        c = view["conflict"]
        return f"{view['active'].capitalize()} fights neutrals in {AREA[c['area']]['name']}"
    t = view["turn"]
    if stage == "turn" and t is not None:
        who = view["active"].capitalize()
        if t["step"] == "neutral":
            return f"{who} places a neutral trader"
        if t["mode"]:
            return f"{who}: special, {t['mode']['left']} left"
        if t["step"] == "actions":
            return f"{who}: {t['ap']} AP left"
        return f"{who}: conflicts and scoring"
    return ""


def draw_header(d: ImageDraw.ImageDraw, view: View) -> None:
    d.rectangle((0, 0, WIDTH, HEADER), fill=(40, 34, 26))
    stage = str(STAGES.get(view["stage"], view["stage"]))
    title = f"Round {view['round']} · {stage}" if view["round"] else stage
    title += f" · to {view['target']} VP"
    draw_text(d, (20, 8), title, font=font(48, True), fill=(255, 240, 200), max_width=WIDTH - 40)
    draw_text(d, (20, 64), asked(view), font=font(42), fill=(255, 255, 255), max_width=WIDTH - 40)
    players = view["players"]
    w = (WIDTH - 20) / max(1, len(players))
    for k, p in enumerate(players):
        x0 = 10 + k * w
        col = rgb(p["colour"])
        active = view["active"] == p["colour"] or p["seat"] in view["to_act"]
        d.rounded_rectangle((x0 + 4, 116, x0 + w - 4, HEADER - 6), 10, fill=col,
                            outline=HIGHLIGHT if active else col, width=5)
        ink = readable_on(col)
        label = f"{p['name']} {p['vp']}"
        if p["dropped"]:
            label += " (left)"
        draw_text(d, (x0 + 14, 118), label, font=font(42, True), fill=ink, max_width=w - 24)
        sub = f"{p['influence']} cubes · rep {p['reputation']} · {len(p['tokens'])} tok"
        draw_text(d, (x0 + 14, 162), sub, font=font(18), fill=ink, max_width=w - 24)


def draw_map(img: Image.Image, d: ImageDraw.ImageDraw, view: View) -> None:
    fx0, fy0, fx1, fy1 = box(LAYOUT["map_frame"])
    d.rectangle((0, HEADER, WIDTH, HEIGHT), fill=SEA)
    for imp in IMPASSABLE:
        d.polygon([xy(p) for p in imp["polygon"]], fill=(165, 160, 150), outline=(120, 115, 105))
    for area in AREAS:
        info = view["areas"][area["id"]]
        fill = LAND
        if info.get("controller"):
            fill = mix(LAND, rgb(info["controller"]), 0.35)
        pts = [xy(p) for p in area["polygon"]]
        d.polygon(pts, fill=fill, outline=(90, 70, 50))
        if area["heart_of_africa"]:
            d.line([*pts, pts[0]], fill=(170, 30, 30), width=5)
    for arrow in LAYOUT["madagascar_arrows"]:
        a, b = xy(arrow["from_xy"]), xy(arrow["to_xy"])
        d.line((a, b), fill=INK, width=4)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        for s in (2.6, -2.6):
            d.line((b, (b[0] + 16 * math.cos(ang + s), b[1] + 16 * math.sin(ang + s))), fill=INK,
                   width=4)
    for imp in IMPASSABLE:
        pts = [xy(p) for p in imp["polygon"]]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        draw_text(d, (cx, cy), imp["name"], font=font(20, True), fill=(90, 85, 75), anchor="mm")
    del fx0, fy0, fx1, fy1


def draw_area_contents(d: ImageDraw.ImageDraw, view: View, names: bool = True) -> None:
    for area in AREAS:
        aid = area["id"]
        info = view["areas"][aid]
        cx, cy = xy(area["centre"])
        nm = area["name"]
        f = font(19, True)
        if names:
            draw_text(d, (cx, cy - 30), nm, font=f, fill=INK, anchor="mm", stroke_width=3,
                      stroke_fill=(255, 250, 235))
        res = info.get("resource") or "africa"
        tag = f"{res.capitalize()} {info['value']}"
        tw = font(16).getlength(tag) + 14
        d.rounded_rectangle((cx - tw / 2, cy - 18, cx + tw / 2, cy + 2), 6,
                            fill=RESOURCE_RGB[res], outline=INK)
        draw_text(d, (cx, cy - 8), tag, font=font(16, True), fill=INK, anchor="mm")
        items: list[tuple[str, str, int]] = []
        if info.get("station"):
            items.append(("station", "", 0))
        if info.get("neutrals"):
            items.append(("neutral", "", info["neutrals"]))
        traders = info.get("traders", {})
        for colour in sorted(traders, key=lambda c: list(COLOURS).index(c)):
            items.append(("trader", colour, traders[colour]))
        for colour in info.get("wholesalers", []):
            items.append(("wholesaler", colour, 1))
        size = 26
        total = len(items) * (size + 4) - 4
        x = cx - total / 2
        y = cy + 8
        for kind, colour, n in items:
            if kind == "station":
                d.polygon([(x, y + size), (x, y + 10), (x + size / 2, y), (x + size, y + 10),
                           (x + size, y + size)], fill=(120, 70, 30), outline=INK)
                draw_text(d, (x + size / 2, y + 16), "S", font=font(14, True), fill=(255, 255, 255),
                          anchor="mm")
            elif kind == "wholesaler":
                d.rectangle((x + 2, y, x + size - 2, y + size), fill=rgb(colour), outline=HIGHLIGHT,
                            width=3)
                draw_text(d, (x + size / 2, y + size / 2), "W", font=font(15, True),
                          fill=readable_on(rgb(colour)), anchor="mm")
            else:
                col = GREY if kind == "neutral" else rgb(colour)
                d.ellipse((x, y, x + size, y + size), fill=col, outline=INK, width=2)
                draw_text(d, (x + size / 2, y + size / 2), str(n), font=font(16, True),
                          fill=readable_on(col), anchor="mm")
            x += size + 4


def draw_vp_track(d: ImageDraw.ImageDraw, view: View) -> None:
    t = LAYOUT["vp_track"]
    spaces = t["spaces_xy"]
    target = view["target"]
    at = {p["vp"]: p["colour"] for p in view["players"]}
    for v, p in enumerate(spaces):
        x, y = xy(p)
        w, h = (t["cell_size"] if y - HEADER in (30, 1570) else t["side_cell_size"])
        fill = (255, 236, 170) if v == target else PANEL
        d.rectangle((x - w / 2 + 1, y - h / 2 + 1, x + w / 2 - 1, y + h / 2 - 1), fill=fill,
                    outline=(120, 100, 70))
        draw_text(d, (x, y - h / 2 + 12), str(v), font=font(16, v % 10 == 0),
                  fill=MUTED, anchor="mm")
        if v in at:
            col = rgb(at[v])
            d.ellipse((x - 17, y - 8, x + 17, y + 26), fill=col, outline=HIGHLIGHT, width=3)


def panel(d: ImageDraw.ImageDraw, b: list[float], title: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box(b)
    d.rounded_rectangle((x0, y0, x1, y1), 10, fill=PANEL, outline=(120, 100, 70), width=2)
    draw_text(d, ((x0 + x1) / 2, y0 + 14), title, font=font(20, True), fill=INK, anchor="mm", max_width=x1 - x0 - 20)
    return x0, y0, x1, y1


def draw_resource_table(d: ImageDraw.ImageDraw, view: View) -> None:
    rt = LAYOUT["resource_table"]
    x0, _, x1, _ = panel(d, rt["box"], "Resource table")
    for row, ry in rt["row_y"].items():
        y = ry + HEADER
        d.line((x0 + 10, y + 26, x1 - 10, y + 26), fill=(210, 200, 180))
        draw_text(d, (rt["row_label_x"], y), row, font=font(26, True), fill=INK, anchor="mm")
    for marker, col_x in rt["marker_column_x"].items():
        y = rt["row_y"][str(view["table"][marker])] + HEADER
        s = rt["marker_size"] / 2 + 4
        d.rounded_rectangle((col_x - 33, y - s + 4, col_x + 33, y + s - 4), 8,
                            fill=RESOURCE_RGB[marker], outline=INK, width=2)
        label = {"diamonds": "Diam.", "bananas": "Banana"}.get(marker, marker.capitalize())
        draw_text(d, (col_x, y), label, font=font(15, True), fill=INK, anchor="mm", max_width=66)


def draw_reputation(d: ImageDraw.ImageDraw, view: View) -> None:
    rep = LAYOUT["reputation_track"]
    panel(d, rep["box"], "Reputation")
    for v, (cx, cy) in rep["cell_xy"].items():
        w, h = rep["cell_size"]
        y = cy + HEADER
        d.rectangle((cx - w / 2 + 2, y - h / 2 + 8, cx + w / 2 - 2, y + h / 2 - 2), outline=MUTED)
        draw_text(d, (cx, y - 16), v, font=font(20, True), fill=MUTED, anchor="mm")
    for k, p in enumerate(view["players"]):
        cx, cy = rep["cell_xy"][str(p["reputation"])]
        ox, oy = rep["disc_offsets"][k]
        x, y = cx + ox, cy + HEADER + oy
        d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=rgb(p["colour"]), outline=INK, width=2)


def draw_rows(d: ImageDraw.ImageDraw, view: View) -> None:
    at = LAYOUT["action_token_rows"]
    x0, _, _, _ = panel(d, at["box"], f"Action tokens · stock {view['stock']}")
    for k, row in enumerate(view["rows"]):
        y = at["rows"][k]["label_xy"][1] + HEADER
        draw_text(d, (x0 + 40, y), f"Row {k + 1}", font=font(19, True), fill=INK if k else (170, 30, 30),
                  anchor="mm")
        for n, tid in enumerate(row):
            tx = x0 + 85 + n * 210
            fill = (255, 236, 170) if k == 0 else (255, 255, 255)
            d.rounded_rectangle((tx, y - 21, tx + 200, y + 21), 8, fill=fill, outline=INK, width=2)
            draw_text(d, (tx + 100, y), token_label(tid), font=font(18, True),
                      fill=INK, anchor="mm", max_width=190)


def draw_supply(d: ImageDraw.ImageDraw, view: View) -> None:
    sp = LAYOUT["supply_panel"]
    x0, y0, x1, _ = panel(d, sp["box"], "Supply")
    lines = [f"Neutrals: {view['neutral_supply']}", f"Stations: {view['station_supply']}",
             f"Influence pool: {view['pool']}", f"Victory box: {view['box']}",
             f"Discards: {len(view['discards'])}"]
    for k, text in enumerate(lines):
        draw_text(d, (x0 + 12, y0 + 36 + k * 32), text, font=font(19),
                  fill=INK, max_width=x1 - x0 - 20)


def draw_conflict(d: ImageDraw.ImageDraw, view: View) -> None:
    c = view.get("conflict")
    if not c:
        return
    aid = c["area"]
    cx, cy = xy(AREA[aid]["centre"])
    d.ellipse((cx - 70, cy - 60, cx + 70, cy + 60), outline=(200, 0, 0), width=5)
    if c["kind"] == "neutral" and c["drawn"]:
        from games.africa.board import CONFLICT
        texts = []
        for cid in c["drawn"]:
            t = CONFLICT[cid]
            texts.append("no loss" if t["loss"] == "none" else f"{t['loss']} {t['amount']}")
        label = "Drawn: " + ", ".join(texts)
        w = font(20, True).getlength(label) + 20
        d.rounded_rectangle((cx - w / 2, cy + 62, cx + w / 2, cy + 92), 8, fill=(255, 255, 255),
                            outline=(200, 0, 0), width=2)
        draw_text(d, (cx, cy + 77), label, font=font(20, True), fill=INK, anchor="mm")


def render_board(view: View, names: bool = True) -> Image.Image:
    """The public board; `names=False` leaves the areas' names out (a crop writes them bigger)."""
    if "me" in view:
        raise ValueError("board_png draws the public view only")
    img = Image.new("RGB", (WIDTH, HEIGHT), SEA)
    d = ImageDraw.Draw(img)
    draw_map(img, d, view)
    draw_area_contents(d, view, names)
    draw_conflict(d, view)
    draw_vp_track(d, view)
    draw_resource_table(d, view)
    draw_reputation(d, view)
    draw_rows(d, view)
    draw_supply(d, view)
    draw_header(d, view)
    return img


def board_png(view: View) -> bytes:
    return encode_png(render_board(view), compress_level=3)
