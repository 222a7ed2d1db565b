"""The public Heart of Africa board, drawn from the public view only."""
from __future__ import annotations

import functools
import math
from typing import Any

from PIL import Image, ImageDraw

import lang
from games.africa.board import AREA, CONFLICT, SPECIALS, SV, TOKENS, area_say, colour_say, conflict_say, sv_say
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
from renderers.text import broken, draw_lines, draw_text, line_step

View = dict[str, Any]
INK: RGB = (30, 28, 24)
MUTED: RGB = (95, 90, 80)
SEA: RGB = (178, 212, 232)
LAND: RGB = (236, 222, 186)
PANEL: RGB = (250, 245, 230)
GREY: RGB = (150, 150, 150)
HIGHLIGHT: RGB = (255, 200, 0)

STAGES = {"setup": lang.N_("Setup"), "auction": lang.N_("Auction"), "turn": lang.N_("Turn"),
          "commit": lang.N_("Conflict"), "draw": lang.N_("Conflict with neutrals"), "over": lang.N_("Game over")}
# A resource's tag on an area ("Gold 3") and its marker's label on the resource table.
TAGS = {"bananas": lang.N_("Bananas {value}"), "diamonds": lang.N_("Diamonds {value}"),
        "gold": lang.N_("Gold {value}"), "ivory": lang.N_("Ivory {value}"), "africa": lang.N_("Africa {value}")}
MARKER_LABELS = {"bananas": lang.N_("Banana"), "diamonds": lang.N_("Diam."), "gold": lang.N_("Gold"),
                 "ivory": lang.N_("Ivory"), "africa": lang.N_("Africa")}
# The closed grey areas' names (games/africa/data: "europe", "arabia").
CLOSED = {"europe": lang.N_("Europe"), "arabia": lang.N_("Arabia")}
# An area's name on the map: its size (shrunk down to the smallest where it must), the least width it
# may take whatever its area's (the English map's names spill over their borders a little), and how
# far past the borders it may reach.
NAME_SIZE, NAME_SMALLEST = 19, 15
NAME_ROOM = 135
NAME_OVERRUN = 30
REASONS = {"target": lang.N_("{players} wins (target)"), "no_tokens": lang.N_("{players} wins (no tokens left)"),
           "abandoned": lang.N_("{players} wins (the others left)")}


def rgb(colour: str) -> RGB:
    return COLOURS.get(colour, GREY)


def token_label(tid: str) -> str:
    tx = lang.here("africa")
    if tid in SV:
        return tx.say(sv_say(tid))
    t = TOKENS[tid]
    special = t["special"]
    if not special:
        return tx._("Blank · {ap}", ap=t["ap"])
    return tx._("{special} · {ap}", special=short_special(special), ap=t["ap"])


def short_special(special: str) -> str:
    """A special's short name on a token (its own words: a token is small)."""
    tx = lang.here("africa")
    short = {
        "trading_station": tx.p_("token", "Station"), "wholesaler": tx.p_("token", "Wholesaler"),
        "extra_move": tx.p_("token", "Movement"), "extra_traders": tx.p_("token", "New traders"),
        "neutral_move": tx.p_("token", "Move neutrals"), "neutral_place": tx.p_("token", "Neutral +"),
        "neutral_remove": tx.p_("token", "Neutral −"), "reputation_up": tx.p_("token", "Reputation +"),
        "reputation_down": tx.p_("token", "Reputation −"), "resource_up": tx.p_("token", "Resource +"),
        "resource_down": tx.p_("token", "Resource −"), "area_scores_twice": tx.p_("token", "Double score"),
        "special_victory_token": tx.p_("token", "Victory token"),
    }
    return short.get(special) or tx._(str(SPECIALS[special]["name"]))


def player_name(view: View, colour: str) -> str:
    return lang.here("africa").say(colour_say(colour))


def area_name(area: str) -> str:
    """An area in the reader's words: "Maroko" (in a sentence its forms too: "{area:in}", "w Maroku")."""
    return lang.here("africa").worded(area_say(area))


def asked(view: View) -> str:
    """What the game waits for, in words."""
    tx = lang.here("africa")
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        names = ", ".join(player_name(view, p["colour"]) for p in view["players"] if p["seat"] in winners)
        reason = view["outcome"]["reason"]
        return tx._(REASONS[reason], players=names) if reason in REASONS else f"{names} ({reason})"
    pend = view.get("pending")
    if pend:
        who = player_name(view, pend["chooser"])
        if pend["kind"] == "start_area":
            return tx._("{player} chooses a start area", player=who)
        if pend["kind"] == "reputation_buy":
            return tx._("{player} may buy reputation", player=who)
        area = area_name(pend["from"])
        if "owner" not in pend:
            return tx._("{player} retreats a neutral from {area}", player=who, area=area)
        owner = player_name(view, pend["owner"])
        if pend["piece"] == "wholesaler":
            return tx._("{player} retreats {owner}'s wholesaler from {area}", player=who, owner=owner, area=area)
        return tx._("{player} retreats {owner}'s trader from {area}", player=who, owner=owner, area=area)
    stage = view["stage"]
    if stage == "auction":
        a = view["auction"]
        if a["sealed"]:
            waiting = [player_name(view, p["colour"]) for p in view["players"] if p["seat"] in view["to_act"]]
            return tx._("Sealed bids: waiting for {players}", players=", ".join(waiting))
        bids = [b["bid"] for b in a["bids"] if b["bid"] is not None]
        if bids:
            return tx._("{player} bids (highest {amount})", player=player_name(view, str(a["next"])),
                        amount=max(bids))
        return tx._("{player} bids", player=player_name(view, str(a["next"])))
    if stage == "commit":
        c = view["conflict"]
        waiting = [player_name(view, p["colour"]) for p in view["players"] if p["seat"] in view["to_act"]]
        return tx._("{active} v {defender} in {area}: waiting for {players}", active=player_name(view, c["active"]),
                    defender=player_name(view, c["defender"]), area=area_name(c["area"]),
                    players=", ".join(waiting))
    if stage == "draw":
        c = view["conflict"]
        return tx._("{player} fights neutrals in {area}", player=player_name(view, view["active"]),
                    area=area_name(c["area"]))
    t = view["turn"]
    if stage == "turn" and t is not None:
        who = player_name(view, view["active"])
        if t["step"] == "neutral":
            return tx._("{player} places a neutral trader", player=who)
        if t["mode"]:
            return tx._("{player}: special, {left} left", player=who, left=t["mode"]["left"])
        if t["step"] == "actions":
            return tx._("{player}: {ap} AP left", player=who, ap=t["ap"])
        return tx._("{player}: conflicts and scoring", player=who)
    return ""


def draw_header(d: ImageDraw.ImageDraw, view: View) -> None:
    d.rectangle((0, 0, WIDTH, HEADER), fill=(40, 34, 26))
    tx = lang.here("africa")
    stage = tx._(STAGES[view["stage"]]) if view["stage"] in STAGES else str(view["stage"])
    title = (tx._("Round {round} · {stage} · to {target} VP", round=view["round"], stage=stage,
                  target=view["target"]) if view["round"] else
             tx._("{stage} · to {target} VP", stage=stage, target=view["target"]))
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
        label = f"{player_name(view, p['colour'])} {p['vp']}"
        if p["dropped"]:
            label = tx._("{player} (left)", player=label)
        draw_text(d, (x0 + 14, 118), label, font=font(42, True), fill=ink, max_width=w - 24)
        sub = tx._("{cubes} cubes · rep {reputation} · {tokens} tok", cubes=p["influence"],
                   reputation=p["reputation"], tokens=len(p["tokens"]))
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
        name = lang.here("africa")._(CLOSED[imp["id"]]) if imp["id"] in CLOSED else str(imp["name"])
        draw_text(d, (cx, cy), name, font=font(20, True), fill=(90, 85, 75), anchor="mm")
    del fx0, fy0, fx1, fy1


@functools.cache
def name_room(aid: str) -> float:
    """The width an area's name may take on the map: its area's across the name's line (30 px above
    its centre), a little more, and at least NAME_ROOM."""
    area = AREA[aid]
    cx, cy = float(area["centre"][0]), float(area["centre"][1]) - 30
    corners = [(float(x), float(y)) for x, y in area["polygon"]]
    crossings = sorted(x1 + (cy - y1) * (x2 - x1) / (y2 - y1)
                       for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True)
                       if y1 <= cy < y2 or y2 <= cy < y1)
    span = next((right - left for left, right in zip(crossings[::2], crossings[1::2], strict=False)
                 if left <= cx <= right), 0.0)
    return max(span + NAME_OVERRUN, NAME_ROOM)


def draw_area_name(d: ImageDraw.ImageDraw, aid: str) -> None:
    """An area's name above its resource tag, in the reader's words, broken into lines (and made a
    little smaller) where it is wider than its area; a longer name goes up, never over the tag."""
    cx, cy = xy(AREA[aid]["centre"])
    text, room = area_name(aid), name_room(aid)
    size = NAME_SIZE
    lines = broken(text, font(size, True), room)
    while size > NAME_SMALLEST and max(font(size, True).getlength(line) for line in lines) > room:
        size -= 1
        lines = broken(text, font(size, True), room)
    fnt = font(size, True)
    step = line_step(d, fnt, stroke_width=3)
    draw_lines(d, (cx, cy - 30 - step * (len(lines) - 1) / 2), text, lines, fnt, fill=INK, anchor="mm",
               align="center", spacing=0, stroke_width=3, stroke_fill=(255, 250, 235))


def draw_area_contents(d: ImageDraw.ImageDraw, view: View, names: bool = True) -> None:
    for area in AREAS:
        aid = area["id"]
        info = view["areas"][aid]
        cx, cy = xy(area["centre"])
        if names:
            draw_area_name(d, aid)
        res = info.get("resource") or "africa"
        tag = lang.here("africa")._(TAGS[res], value=info["value"]) if res in TAGS else f"{res} {info['value']}"
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
                draw_text(d, (x + size / 2, y + 16), lang.here("africa").p_("station mark", "S"), font=font(14, True),
                          fill=(255, 255, 255), anchor="mm")
            elif kind == "wholesaler":
                d.rectangle((x + 2, y, x + size - 2, y + size), fill=rgb(colour), outline=HIGHLIGHT,
                            width=3)
                draw_text(d, (x + size / 2, y + size / 2), lang.here("africa").p_("wholesaler mark", "W"),
                          font=font(15, True),
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
    tx = lang.here("africa")
    x0, _, x1, _ = panel(d, rt["box"], tx._("Resource table"))
    for row, ry in rt["row_y"].items():
        y = ry + HEADER
        d.line((x0 + 10, y + 26, x1 - 10, y + 26), fill=(210, 200, 180))
        draw_text(d, (rt["row_label_x"], y), row, font=font(26, True), fill=INK, anchor="mm")
    for marker, col_x in rt["marker_column_x"].items():
        y = rt["row_y"][str(view["table"][marker])] + HEADER
        s = rt["marker_size"] / 2 + 4
        d.rounded_rectangle((col_x - 33, y - s + 4, col_x + 33, y + s - 4), 8,
                            fill=RESOURCE_RGB[marker], outline=INK, width=2)
        label = tx._(MARKER_LABELS[marker]) if marker in MARKER_LABELS else marker
        draw_text(d, (col_x, y), label, font=font(15, True), fill=INK, anchor="mm", max_width=66)


def draw_reputation(d: ImageDraw.ImageDraw, view: View) -> None:
    rep = LAYOUT["reputation_track"]
    panel(d, rep["box"], lang.here("africa")._("Reputation"))
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
    words = lang.here("africa")
    x0, _, _, _ = panel(d, at["box"], words._("Action tokens · stock {count}", count=view["stock"]))
    for k, row in enumerate(view["rows"]):
        y = at["rows"][k]["label_xy"][1] + HEADER
        draw_text(d, (x0 + 40, y), words._("Row {row}", row=k + 1), font=font(19, True),
                  fill=INK if k else (170, 30, 30),
                  anchor="mm")
        for n, tid in enumerate(row):
            tx = x0 + 85 + n * 210
            fill = (255, 236, 170) if k == 0 else (255, 255, 255)
            d.rounded_rectangle((tx, y - 21, tx + 200, y + 21), 8, fill=fill, outline=INK, width=2)
            draw_text(d, (tx + 100, y), token_label(tid), font=font(18, True),
                      fill=INK, anchor="mm", max_width=190)


def draw_supply(d: ImageDraw.ImageDraw, view: View) -> None:
    sp = LAYOUT["supply_panel"]
    tx = lang.here("africa")
    x0, y0, x1, _ = panel(d, sp["box"], tx._("Supply"))
    lines = [tx._("Neutrals: {count}", count=view["neutral_supply"]),
             tx._("Stations: {count}", count=view["station_supply"]),
             tx._("Influence pool: {count}", count=view["pool"]), tx._("Victory box: {count}", count=view["box"]),
             tx._("Discards: {count}", count=len(view["discards"]))]
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
        texts = [lang.here("africa").say(conflict_say(cid)) for cid in c["drawn"] if cid in CONFLICT]
        label = lang.here("africa")._("Drawn: {tokens}", tokens=", ".join(texts))
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
