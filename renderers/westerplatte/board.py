"""The Westerplatte board: header, morale track, day piles, wall, tiles, officers, German paths.

Positions come from the game data's drawing coordinates (games/westerplatte/data), shifted down
under a header band that stays legible on a phone."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import lang
from games.westerplatte.board import OFFICER_WORDS, OFFICERS, RAW, wall_say
from renderers.common import encode_png, font, hex_rgb, readable_on, wrap
from renderers.text import draw_text, draw_wrapped

View = dict[str, Any]
RGB = tuple[int, int, int]

HEADER = 230
W, H0 = int(RAW["image"]["width"]), int(RAW["image"]["height"])
SIZE = (W, H0 + HEADER)
LAYOUT = RAW["image"]["layout"]
WALL_XY = {w["id"]: tuple(w["xy"]) for w in RAW["wall_spaces"]}
PATH_XY = {p["id"]: [tuple(sp["xy"]) for sp in p["spaces"]] for p in RAW["paths"]}
TRACK_XY = {k: [tuple(sp["xy"]) for sp in v["spaces"]] for k, v in RAW["morale_tracks"].items()
            if k in ("green", "red")}

INK: RGB = (33, 30, 28)
SAND: RGB = (232, 218, 184)
GRASS: RGB = (196, 204, 160)
WATER: RGB = (92, 130, 168)
BRICK: RGB = (170, 66, 44)
BRICK_GONE: RGB = (214, 196, 160)
WHITE: RGB = (255, 255, 255)
MUTED: RGB = (110, 100, 90)
ALERT: RGB = (190, 30, 30)
GOOD: RGB = (40, 120, 60)
GERMAN: RGB = (92, 96, 104)
GOLD: RGB = (226, 176, 40)
PANEL: RGB = (246, 240, 226)

LEVEL_COLOURS: dict[str, RGB] = {"l3": (150, 30, 30), "l2": (190, 70, 50), "l1": (220, 130, 90),
                                 "start": (240, 240, 230), "h1": (140, 200, 130),
                                 "h2": (90, 170, 90), "h3": (40, 130, 60)}
TILE_COLOURS: dict[str, RGB] = {"morale": (250, 226, 150), "mortar": (200, 200, 210),
                                "mines": (210, 200, 180), "wall_rebuild": (230, 180, 160),
                                "ammunition": (200, 220, 190), "push_back": (200, 215, 235)}
SHORT = {"morale": lang.N_("+1 Morale"), "mortar": lang.N_("Mortar"), "mines": lang.N_("Mines"),
         "wall_rebuild": lang.N_("Rebuild"), "ammunition": lang.N_("Ammo"), "push_back": lang.N_("Push back")}
ASKED = {"guardhouse": lang.N_("choose which guardhouse takes the damage"),
         "h1": lang.N_("high morale: choose the tile that gets the bonus"),
         "l1": lang.N_("low morale: choose the tile that loses"),
         "remainder": lang.N_("choose who gets the extra one"),
         "lose_ammo": lang.N_("low morale: choose how much ammunition each loses"),
         "brick": lang.N_("wall reinforcement: choose where each brick goes"),
         "officer_phase": lang.N_("moves and actions")}
DIFFICULTIES = {"easy": lang.N_("easy"), "medium": lang.N_("medium"), "hard": lang.N_("hard")}
COLOURS = [str(o["colour"]) for o in OFFICERS]
SHORT_NAMES = {"red": lang.N_("Red"), "blue": lang.N_("Blue"), "green": lang.N_("Green"), "yellow": lang.N_("Yellow")}
DOMAIN = "westerplatte"
# A German troop's card: half its width and height, wider than its path space so that its words can be
# drawn big enough to read on a phone (the board is shown about 400 px wide there: a quarter).
TROOP_HALF = (90, 50)
OFFICER_R = 26  # an officer's disc, its ammunition in it
OUTPOST_COUNT = 32  # the font size of an outpost's brick count
RESERVE_COUNT = 40  # the font size of the reserve's and supply's counts


def fitting(text: str, size: int, smallest: int, width: float) -> int:
    """The largest bold size from `size` down to `smallest` at which the text fits the width (else the
    smallest: then it is shrunk further, or cut, as draw_text does)."""
    return next((s for s in range(size, smallest - 1, -1) if font(s, True).getlength(text) <= width), smallest)


def officer_name(o: dict[str, Any]) -> str:
    """An officer of the view ('Red officer'), in the current language."""
    return lang.here(DOMAIN).say(OFFICER_WORDS[COLOURS.index(o["colour"])])


def difficulty(view: View) -> str:
    level = str(view["difficulty"])
    return lang.here(DOMAIN)._(DIFFICULTIES[level]) if level in DIFFICULTIES else level


def _y(y: float) -> float:
    return y + HEADER


def _officer(view: View, oid: str) -> dict[str, Any]:
    return next(o for o in view["officers"] if o["id"] == oid)


def warm() -> None:
    """Build the static background once."""
    _background(lang.current())


@lru_cache(maxsize=4)
def _background(language: str) -> Image.Image:
    """The board without pieces (it draws only names: path letters and space numbers), one per
    language all the same, so that no language ever shares another's cached image."""
    img = Image.new("RGB", SIZE, SAND)
    d = ImageDraw.Draw(img)
    cy0, cy1 = LAYOUT["canal_y"]
    d.rectangle((0, _y(cy1), W, SIZE[1]), fill=GRASS)
    d.rectangle((0, _y(cy0), W, _y(cy1)), fill=WATER)
    for link in RAW["links"]:
        a, b = WALL_XY[link["a"]], WALL_XY[link["b"]]
        d.line((a[0], _y(a[1]), b[0], _y(b[1])), fill=(160, 140, 110), width=8)
    for p, spaces in PATH_XY.items():
        top, bottom = spaces[-1], spaces[0]
        d.line((top[0], _y(top[1]), bottom[0], _y(bottom[1])), fill=(150, 150, 120), width=4)
        for k, (x, y) in enumerate(spaces):
            d.rounded_rectangle((x - 75, _y(y) - 50, x + 75, _y(y) + 50), radius=10,
                                outline=(150, 150, 120), width=3, fill=(208, 212, 176))
            draw_text(d, (x - 68, _y(y) - 44), ["I", "II", "III", "IV"][k], font=font(22, True), fill=MUTED)
        draw_text(d, (bottom[0] - TROOP_HALF[0] - 8, _y(bottom[1])), p.upper(), anchor="rm", font=font(34, True),
                  fill=INK)
    return img


def render_board(view: View) -> Image.Image:
    img = _background(lang.current()).copy()
    d = ImageDraw.Draw(img)
    _header(d, view)
    _morale(d, view)
    _piles(d, view)
    _burnt(d, view)
    _walls(d, view)
    _paths(d, view)
    _officers(d, view)
    _reserves(d, view)
    _panels(d, view)
    return img


def board_png(view: View) -> bytes:
    return encode_png(render_board(view))


# ---- header --------------------------------------------------------------------------------

def left_words(moves: int, actions: int) -> str:
    """'2 moves, 1 action left', in the current language."""
    tx = lang.here(DOMAIN)
    return tx.n_("{moves}, {count} action left", "{moves}, {count} actions left", actions,
                 moves=tx.n_("{count} move", "{count} moves", moves))


def _status(view: View) -> tuple[str, str, RGB]:
    tx = lang.here(DOMAIN)
    out = view.get("outcome")
    if out:
        if out.get("winners"):
            return tx._("Victory!"), tx._("Day 7 is over and the wall still stands."), GOOD
        if out.get("reason") == "abandoned":
            return tx._("Game abandoned"), tx._("Every player has left."), MUTED
        return tx._("Westerplatte has fallen"), tx._("Two guardhouses have no bricks."), ALERT
    turn = view["turn"]
    o = _officer(view, turn["officer"])
    asked = view.get("asked") or {}
    kind = asked.get("kind", "")
    if kind == "officer_phase":
        line = tx._("moves and actions: {left}", left=left_words(turn["moves"], turn["actions"]))
    else:
        line = tx._(ASKED[kind]) if kind in ASKED else tx._("the Germans act")
    return tx._("{officer}'s turn", officer=officer_name(o)), line, hex_rgb(o["hex"])


def _header(d: ImageDraw.ImageDraw, view: View) -> None:
    title, line, colour = _status(view)
    d.rectangle((0, 0, W, HEADER - 8), fill=INK)
    d.rectangle((0, HEADER - 8, W, HEADER), fill=colour)
    day = view["day"]
    pile = len(view["piles"][day - 1])
    tx = lang.here(DOMAIN)
    draw_text(d, (30, 18), tx._("Day {day}/7", day=day), font=font(66, True), fill=GOLD, max_width=340)
    draw_text(d, (380, 18), title, font=font(66, True), fill=WHITE, max_width=W - 410)
    draw_text(d, (30, 100), line, font=font(50, True), fill=WHITE, max_width=W - 60)
    empty = sum(1 for w in view["walls"] if w["id"].startswith("guardhouse") and w["bricks"] == 0)
    level = view["morale"]["level"] or "-"
    if level == "start":
        level = tx._("start")
    stats = tx._("pile {pile}/8 · morale {level} · empty guardhouses {empty}/2 · {difficulty}", pile=pile,
                 level=level, empty=empty, difficulty=difficulty(view))
    draw_text(d, (30, 166), stats, font=font(44, True),
              fill=(255, 200, 200) if empty else (220, 220, 210), max_width=W - 60)


# ---- morale and piles -----------------------------------------------------------------------

def _morale(d: ImageDraw.ImageDraw, view: View) -> None:
    m = view["morale"]
    xy = TRACK_XY[m["track"]]
    x0, y0, x1, y1 = LAYOUT["morale_track"]["box"]
    d.rounded_rectangle((x0, _y(y0) - 30, x1, _y(y1)), radius=12, fill=PANEL, outline=INK, width=2)
    tx = lang.here(DOMAIN)
    draw_text(d, (x0 + 12, _y(y0) - 28), tx._("Morale"), font=font(26, True), fill=INK)
    r = 28 if len(xy) <= 7 else 26
    for i, (x, y) in enumerate(xy):
        lv = m["spaces"][i]
        fill = LEVEL_COLOURS.get(lv or "", (225, 220, 205))
        here = i == m["index"]
        d.ellipse((x - r, _y(y) - r + 8, x + r, _y(y) + r + 8), fill=fill,
                  outline=GOLD if here else INK, width=7 if here else 2)
        draw_text(d, (x, _y(y) + 8), tx._("start") if lv == "start" else lv or "", anchor="mm",
                  font=font(26 if lv != "start" else 20, True), fill=readable_on(fill), max_width=2 * r + 4)


def _piles(d: ImageDraw.ImageDraw, view: View) -> None:
    info = LAYOUT["day_piles"]
    cw, ch = info["card_size"]
    tx = lang.here(DOMAIN)
    draw_text(d, (info["title_xy"][0], _y(info["title_xy"][1])), tx._("Day piles"), font=font(24, True), fill=INK,
              max_width=145)
    for pile in info["piles"]:
        day = pile["day"]
        x, y = pile["xy"]
        n = len(view["piles"][day - 1])
        current = day == view["day"]
        fill = (250, 250, 240) if n else (222, 210, 180)
        if n >= 8:
            fill = (200, 190, 170)
        box = (x - cw / 2, _y(y) - ch / 2, x + cw / 2, _y(y) + ch / 2)
        d.rounded_rectangle(box, radius=8, fill=fill, outline=GOLD if current else INK,
                            width=6 if current else 2)
        label = tx._("day {day}", day=day)
        if font(24, True).getlength(label) > cw - 6:  # "giorno 1" would be cut: the number says it under "Day piles"
            label = str(day)
        draw_text(d, (x, _y(y) - 36), label, anchor="mm", font=font(24, True), fill=INK, max_width=cw - 6)
        draw_text(d, (x, _y(y) + 14), f"{n}/8", anchor="mm", font=font(38, True), fill=INK, max_width=cw - 6)
    ex, ey = LAYOUT["event_deck_xy"]
    box = (ex - cw / 2, _y(ey) - ch / 2, ex + cw / 2, _y(ey) + ch / 2)
    d.rounded_rectangle(box, radius=8, fill=(90, 70, 110), outline=INK, width=2)
    draw_text(d, (ex, _y(ey) - 36), tx._("events"), anchor="mm", font=font(22, True), fill=WHITE, max_width=cw - 6)
    draw_text(d, (ex, _y(ey) + 14), str(view["events"]["left"]), anchor="mm", font=font(44, True), fill=WHITE)
    seen = view["events"]["seen"]
    if seen:
        draw_text(d, (info["title_xy"][0] + 150, _y(info["title_xy"][1])),
                  tx._("last event: {event}", event=tx._(seen[-1]["name"])), font=font(24, True), fill=INK,
                  max_width=W - info["title_xy"][0] - 160)


# ---- wall ---------------------------------------------------------------------------------

def _burnt(d: ImageDraw.ImageDraw, view: View) -> None:
    if not view.get("burnt"):
        return
    a, b = (WALL_XY[w] for w in view["burnt"])
    d.line((a[0], _y(a[1]), b[0], _y(b[1])), fill=ALERT, width=12)
    mx, my = (a[0] + b[0]) / 2, _y((a[1] + b[1]) / 2)
    d.ellipse((mx - 22, my - 22, mx + 22, my + 22), fill=ALERT, outline=INK, width=2)
    draw_text(d, (mx, my), "✕", anchor="mm", font=font(26, True), fill=WHITE)


def _bricks(d: ImageDraw.ImageDraw, x: float, y: float, slots: list[list[int]], n: int) -> None:
    for k, (dx, dy) in enumerate(slots):
        fill = BRICK if k < n else BRICK_GONE
        d.rectangle((x + dx - 9, y + dy - 7, x + dx + 9, y + dy + 7), fill=fill, outline=INK, width=1)


def outpost_count(w: str, n: int) -> tuple[tuple[float, float], str]:
    """Where an outpost's brick count goes (left-middle anchor, right of its brick row) and what it says."""
    x, y0 = WALL_XY[w]
    last_dx, row_dy = LAYOUT["brick_slots"]["round_outpost"][-1]
    return (x + last_dx + 16, _y(y0) + row_dy), f"{n}/6"


def beside_lines(view: View) -> list[tuple[tuple[float, float], str, bool]]:
    """The shells and mines beside the board, under the German deck (clear of path A's cards):
    (centre, text, bold) for each line."""
    tx = lang.here(DOMAIN)
    b = view["beside"]
    x, y = LAYOUT["attack_deck_xy"]
    shells = tx.n_("{count} shell", "{count} shells", b["shells"])
    mines = tx.n_("{count} mine", "{count} mines", b["mines"])
    return [((x, _y(y) + 84), tx._("beside the board:"), False), ((x, _y(y) + 110), f"{shells} · {mines}", True)]


def _walls(d: ImageDraw.ImageDraw, view: View) -> None:
    tx = lang.here(DOMAIN)
    bricks = {w["id"]: w["bricks"] for w in view["walls"]}
    tiles = {t["wall"]: t for t in view["tiles"]}
    slots = LAYOUT["brick_slots"]
    tw, th = LAYOUT["node_sizes"]["guardhouse_tile"]
    stock, most = view["stock"], view["stock_max"]
    asked = view.get("asked") or {}
    options = set(asked.get("options", [])) if asked.get("kind") in ("guardhouse", "brick") else set()
    for w, (x, y0) in WALL_XY.items():
        y = _y(y0)
        if w in options:
            pad = 12
            if w.startswith("outpost"):
                r = LAYOUT["node_sizes"]["round_outpost_radius"] + pad
                d.ellipse((x - r, y - r, x + r, y + r), outline=GOLD, width=8)
            else:
                d.rounded_rectangle((x - tw / 2 - pad, y - th / 2 - pad, x + tw / 2 + pad,
                                     y + th / 2 + pad), radius=14, outline=GOLD, width=8)
        if w.startswith("outpost"):
            r = LAYOUT["node_sizes"]["round_outpost_radius"]
            fill = (236, 232, 220) if bricks[w] else (240, 200, 190)
            d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=3)
            draw_text(d, (x, y - r + 4), w[-1].upper(), anchor="mt", font=font(28, True), fill=INK)
            _bricks(d, x, y, slots["round_outpost"], bricks[w])
            xy, text = outpost_count(w, bricks[w])
            draw_text(d, xy, text, anchor="lm", font=font(OUTPOST_COUNT, True), fill=ALERT if bricks[w] == 0 else INK)
            continue
        t = tiles[w]
        fill = TILE_COLOURS.get(t["tile"], PANEL)
        out = ALERT if bricks[w] == 0 else INK
        d.rounded_rectangle((x - tw / 2, y - th / 2, x + tw / 2, y + th / 2), radius=10, fill=fill,
                            outline=out, width=5 if bricks[w] == 0 else 3)
        draw_text(d, (x - tw / 2 + 7, y - th / 2 + 14), w[-1], font=font(20, True), fill=MUTED)  # under the bricks
        short = tx._(SHORT[t["tile"]]) if t["tile"] in SHORT else tx._(t["name"])
        draw_text(d, (x, y - 8), short, anchor="mm", font=font(30, True), fill=INK, max_width=tw - 14)
        extra = ""
        if t["tile"] in stock:
            have, top = stock[t["tile"]], most[t["tile"]]
            if t["tile"] == "mortar":
                extra = tx.n_("{have}/{count} shell", "{have}/{count} shells", top, have=have)
            elif t["tile"] == "mines":
                extra = tx.n_("{have}/{count} mine", "{have}/{count} mines", top, have=have)
            else:
                extra = tx.n_("{have}/{count} brick", "{have}/{count} bricks", top, have=have)
        elif t["tile"] == "ammunition":
            extra = tx._("takes {count}", count=view["ammunition_take"])
        elif t["tile"] == "push_back":
            extra = tx.n_("up to {count} troop", "up to {count} troops", view["push_back_troops"])
        if extra:
            draw_text(d, (x, y + 22), extra, anchor="mm", font=font(26, True), fill=INK, max_width=tw - 8)
        _bricks(d, x, y - th / 2 + 6, [[dx, 0] for dx, _ in slots["guardhouse"]], bricks[w])
        if bricks[w] == 0:
            none = tx._("NO BRICKS")
            draw_text(d, (x, y + th / 2 - 14), none, anchor="mm", font=font(fitting(none, 24, 12, tw - 12), True),
                      fill=ALERT, max_width=tw - 12)


# ---- Germans ------------------------------------------------------------------------------

def _paths(d: ImageDraw.ImageDraw, view: View) -> None:
    tx = lang.here(DOMAIN)
    for p in view["paths"]:
        spaces = PATH_XY[p["id"]]
        for k in p["mines"]:
            x, y = spaces[k - 1]
            d.ellipse((x + 26, _y(y) - 38, x + 70, _y(y) + 6), fill=INK, outline=GOLD, width=3)
            draw_text(d, (x + 48, _y(y) - 16), tx.p_("a mine on the board", "M"), anchor="mm", font=font(26, True),
                      fill=GOLD, max_width=40)
        t = p["troop"]
        if t is None:
            continue
        x, y = spaces[t["space"] - 1]
        y = _y(y)
        firing = t["unit"] == "howitzer" or t["space"] == 4
        hw, hh = TROOP_HALF
        d.rounded_rectangle((x - hw, y - hh, x + hw, y + hh), radius=10, fill=GERMAN,
                            outline=ALERT if firing else INK, width=6 if firing else 2)
        name = tx._("Howitzer") if t["unit"] == "howitzer" else tx._("Machine gun")
        draw_text(d, (x, y - 30), name, anchor="mm", font=font(26, True), fill=WHITE, max_width=2 * hw - 12)
        left = t["resistance"] - t["damage"]
        draw_text(d, (x, y + 2), tx._("res {left}/{resistance}", left=left, resistance=t["resistance"]), anchor="mm",
                  font=font(32, True), fill=(255, 220, 200) if t["damage"] else WHITE, max_width=2 * hw - 12)
        stats = (tx._("atk {attack} · spd {speed}", attack=t["attack"], speed=t["speed"]) if t["speed"]
                 else tx._("atk {attack}", attack=t["attack"]))
        draw_text(d, (x, y + 32), stats, anchor="mm", font=font(24, True), fill=WHITE, max_width=2 * hw - 12)
    deck = view["deck"]
    x, y = LAYOUT["attack_deck_xy"]
    d.rounded_rectangle((x - 80, _y(y) - 60, x + 80, _y(y) + 60), radius=10, fill=(110, 80, 60),
                        outline=INK, width=2)
    draw_text(d, (x, _y(y) - 38), tx._("German deck"), anchor="mm", font=font(22, True), fill=WHITE, max_width=152)
    draw_text(d, (x, _y(y)), str(deck["count"]), anchor="mm", font=font(44, True), fill=WHITE)
    draw_text(d, (x, _y(y) + 38), tx._("phase 1: {count}", count=deck["phase_one"]), anchor="mm",
              font=font(22, True), fill=WHITE, max_width=152)


def officer_spots(view: View) -> dict[str, tuple[float, float]]:
    """Where each officer's disc is drawn (image coordinates), by officer id."""
    offs = LAYOUT["officer_offsets"]
    by_space: dict[str, list[dict[str, Any]]] = {}
    for o in view["officers"]:
        by_space.setdefault(o["at"], []).append(o)
    out: dict[str, tuple[float, float]] = {}
    for w, group in sorted(by_space.items()):
        x, y0 = WALL_XY[w]
        for k, o in enumerate(group):
            dx, dy = offs[k % len(offs)]
            if w.startswith("outpost"):
                # the data's offsets are for smaller discs: these clear the outpost's letter and bricks
                out[o["id"]] = (x + (48 if dx > 0 else -48), _y(y0) + (-26 if dy < 0 else 26))
            else:
                out[o["id"]] = (x - 84 + 56 * k, _y(y0) + 92)
    return out


def _officers(d: ImageDraw.ImageDraw, view: View) -> None:
    turn = view["turn"]
    spots = officer_spots(view)
    for o in view["officers"]:
        cx, cy = spots[o["id"]]
        col = hex_rgb(o["hex"])
        active = o["id"] == turn["officer"] and not view.get("outcome")
        r = OFFICER_R
        if active:
            d.ellipse((cx - r - 8, cy - r - 8, cx + r + 8, cy + r + 8), outline=GOLD, width=7)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col, outline=INK, width=2)
        draw_text(d, (cx, cy), str(o["ammo"]), anchor="mm", font=font(30, True), fill=readable_on(col))


def _reserves(d: ImageDraw.ImageDraw, view: View) -> None:
    tx = lang.here(DOMAIN)
    res = LAYOUT["reserves"]
    rows = [("ammunition", tx._("ammo reserve"), view["reserve"]),
            ("extra_movement", tx._("extra move"), view["supply"]["extra_movement"]),
            ("limited_movement", tx._("limited move"), view["supply"]["limited_movement"]),
            ("extra_action", tx._("extra action"), view["supply"]["extra_action"])]
    left = PATH_XY["e"][0][0] + TROOP_HALF[0] + 10  # clear of path E's cards
    for key, label, count in rows:
        x, y = res[key]
        right = x + 110
        number = font(RESERVE_COUNT, True)
        draw_text(d, (right, _y(y)), str(count), anchor="rm", font=number, fill=INK)
        right -= number.getlength(str(count)) + 10
        fnt = font(22, True)
        lines = len(wrap(label, fnt, right - left)[:2])  # a long label takes two lines, right of the count
        draw_wrapped(d, (right, _y(y) - 13 * (lines - 1)), label, fnt, INK, max_width=right - left, line_height=26,
                     max_lines=2, anchor="rm")
    for xy, text, bold in beside_lines(view):
        draw_text(d, xy, text, anchor="mm", font=font(20, bold), fill=INK)


def panel_text(o: dict[str, Any]) -> str:
    """An officer's panel: colour, ammunition and tokens ('Red · ammo 2 · +mv 1')."""
    tx = lang.here(DOMAIN)
    tokens = []
    if o["extra_movement"]:
        tokens.append(tx._("+mv {count}", count=o["extra_movement"]))
    if o["limited_movement"]:
        tokens.append(tx._("-mv {count}", count=o["limited_movement"]))
    if o["extra_action"]:
        tokens.append(tx._("+act {count}", count=o["extra_action"]))
    return tx._("{officer} · ammo {count}", officer=tx._(SHORT_NAMES[o["colour"]]), count=o["ammo"]) + (
        " · " + " ".join(tokens) if tokens else "")


def _panels(d: ImageDraw.ImageDraw, view: View) -> None:
    panels = LAYOUT["officer_panels"]
    for k, o in enumerate(view["officers"]):
        x0, y0, x1, y1 = panels[k]["box"]
        col = hex_rgb(o["hex"])
        y0, y1 = _y(y0) - 6, _y(y1)
        d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=col, outline=INK, width=2)
        text = panel_text(o)
        size = fitting(text, 32, 14, x1 - x0 - 12)  # big for the officer and ammunition; smaller with tokens
        draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), text, anchor="mm",
                  font=font(size, True), fill=readable_on(col), max_width=x1 - x0 - 12)


# ---- private and summary ---------------------------------------------------------------------

def private_png(view: View) -> bytes:
    tx = lang.here(DOMAIN)
    me = view.get("me") or {}
    mine = [o for o in view["officers"] if o["id"] in me.get("officers", [])]
    width, row = 900, 70
    img = Image.new("RGB", (width, 110 + row * max(1, len(mine))), PANEL)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, 80), fill=INK)
    draw_text(d, (24, 40), tx._("Your officers"), anchor="lm", font=font(40, True), fill=WHITE, max_width=width - 48)
    y = 95
    tiles = {x["wall"]: x["tile"] for x in view["tiles"]}
    names = {w["id"]: (tx._("{place} ({tile})", place=tx.say(wall_say(w["id"])), tile=tx._(SHORT[tiles[w["id"]]]))
                       if w["id"] in tiles else tx.say(wall_say(w["id"]))) for w in view["walls"]}
    for o in mine:
        col = hex_rgb(o["hex"])
        d.rounded_rectangle((20, y, width - 20, y + row - 10), radius=10, fill=col, outline=INK, width=2)
        bits = [officer_name(o), names[o["at"]], tx._("ammo {count}", count=o["ammo"])]
        if o["extra_movement"]:
            bits.append(tx._("+move {count}", count=o["extra_movement"]))
        if o["limited_movement"]:
            bits.append(tx._("-move {count}", count=o["limited_movement"]))
        if o["extra_action"]:
            bits.append(tx._("+action {count}", count=o["extra_action"]))
        text = " · ".join(bits)
        draw_text(d, (36, y + (row - 10) / 2), text, anchor="lm",
                  font=font(26, True), fill=readable_on(col), max_width=width - 72)
        y += row
    if not mine:
        draw_text(d, (24, y + 20), tx._("You run no officer."), font=font(26), fill=INK, max_width=width - 48)
    return encode_png(img)


def summary_png(view: View) -> bytes:
    out = view.get("outcome")
    if not out:
        raise ValueError("summary_png needs a finished game (outcome is null)")
    tx = lang.here(DOMAIN)
    title, line, colour = _status(view)
    width = 1200
    img = Image.new("RGB", (width, 440), PANEL)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, 120), fill=colour)
    draw_text(d, (30, 60), title, anchor="lm", font=font(60, True),
              fill=readable_on(colour), max_width=width - 60)
    lines = [line, tx._("Day reached: {day} of 7 ({difficulty}).", day=view["day"], difficulty=difficulty(view)),
             tx._("Walls: {walls}", walls=", ".join(f"{w['id'].split('_')[1].upper()} {w['bricks']}"
                                                    for w in view["walls"])),
             tx._("Officers: {officers}.", officers=", ".join(officer_name(o) for o in view["officers"]))]
    y = 150
    for text in lines:
        y += 48 * draw_wrapped(d, (30, y), text, font(34, True), INK, max_width=width - 60, line_height=48)
    piles = " ".join(f"{len(p)}" for p in view["piles"])
    draw_text(d, (30, y + 10), tx._("Day piles: {piles}", piles=piles), font=font(30), fill=MUTED,
              max_width=width - 60)
    return encode_png(img)
