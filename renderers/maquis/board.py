"""The Maquis board image: header, town map, mission cards, tracks, stock and tile rack."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.maquis.board import PATROL_CARDS, RAW
from renderers.common import RGB, encode_png, font
from renderers.text import draw_text, draw_wrapped

HEADER = 150
FOOTER = 130  # the patrol deck and the public discard pile (ruling 12)
W, H = 1600, 1200 + HEADER + FOOTER
INK: RGB = (28, 28, 30)
PAPER: RGB = (236, 228, 208)
PANEL: RGB = (250, 246, 236)
ROAD: RGB = (255, 255, 255)
MILICE: RGB = (40, 80, 170)
SOLDIER: RGB = (180, 30, 30)
GOLD: RGB = (228, 180, 40)
KIND_FILL: dict[str, RGB] = {
    "street": (205, 200, 190), "location": (214, 196, 160), "spare_room": (190, 170, 205),
    "field": (170, 200, 140), "cafe": (225, 190, 150), "safe_house": (150, 200, 160),
}
RES_RGB: dict[str, RGB] = {
    "intel": (50, 90, 200), "food": (60, 150, 60), "medicine": (245, 245, 245), "money": (230, 190, 40),
    "weapon": (200, 40, 40), "explosive": (30, 30, 30), "poison": (110, 190, 230),
    "fake_papers": (140, 70, 170),
}
RES_SHORT = {"intel": "Intel", "food": "Food", "medicine": "Medic.", "money": "Money", "weapon": "Weapon",
             "explosive": "Explos.", "poison": "Poison", "fake_papers": "Papers"}
REASON = {"victory": "Victory", "major_victory": "Major Victory", "draw": "Draw", "morale": "Defeat",
          "no_partisans": "Defeat", "days_over": "Defeat", "abandoned": "Abandoned"}
PHASE_NAME = {"arrange": "Setup", "placement": "Placement", "action": "Action", "route": "Route home",
              "remove": "Double Agent", "bridge": "Maintenance", "maintenance": "Maintenance",
              "over": "Game over"}
LOC = {loc["id"]: loc for loc in RAW["locations"]}
SLOT = {s["id"]: s for s in RAW["mission_slots"]}
TILE_NAME = {t["id"]: t["name"] for t in RAW["spare_room_tiles"]}
HALF_W, HALF_H = 92, 62
SHORT_NAME = {"spare_room_w": "Spare room W", "spare_room_ne": "Spare room NE",
              "spare_room_se": "Spare room SE", "field_w": "Field W", "field_e": "Field E"}
RACK_LINES = {"informant": ["Inform-", "ant"], "counterfeiter": ["Counter-", "feiter"],
              "safe_house": ["Safe", "House"], "chemist": ["Chemist"], "smuggler": ["Smug-", "gler"],
              "propagandist": ["Propa-", "gandist"], "fixer": ["Fixer"], "pharmacist": ["Pharma-", "cist"],
              "forger": ["Forger"]}


def Y(y: float) -> float:
    return y + HEADER


def centre(loc: str) -> tuple[float, float]:
    if loc in SLOT:
        x0, _y0, x1, y1 = SLOT[loc]["rect"]
        return (x0 + x1) / 2, Y(y1)
    x, y = LOC[loc]["xy"]
    return x, Y(y)


def header_lines(v: dict[str, Any]) -> tuple[str, str]:
    """The Day and phase (the post names the players), or at the end the result first: its word
    in the big line, the sentence below it."""
    out = v.get("outcome")
    phase = PHASE_NAME.get(v["phase"], v["phase"])
    pts = f"{v['points']} point{'' if v['points'] == 1 else 's'}"
    if out:
        line1 = f"Game over · {REASON.get(out['reason'], out['reason'])} · {pts}"
        line2 = str(out.get("result", ""))
    else:
        line1 = f"{v['day_label']} · {phase}" + (f" · team of {len(v['team'])}" if len(v["team"]) > 1 else "")
        line2 = f"Morale {v['morale']} · Soldiers {v['soldiers']} · {pts} · Now: {v['asked']}"
    return line1, line2


def _header(d: ImageDraw.ImageDraw, v: dict[str, Any]) -> None:
    d.rectangle([0, 0, W, HEADER], fill=(40, 44, 52))
    line1, line2 = header_lines(v)
    draw_text(d, (24, 14), line1, font=font(52, True), fill=(255, 255, 255), max_width=W - 48)
    draw_text(d, (24, 84), line2, font=font(42), fill=(240, 220, 160), max_width=W - 48)


def _roads(d: ImageDraw.ImageDraw, v: dict[str, Any]) -> None:
    down = set(v["bridges_down"])
    for r in RAW["roads"]:
        a, b = centre(r["a"]), centre(r["b"])
        if r.get("mission_exit"):
            slot = r["b"]
            mission = next(m for m in v["missions"] if m["slot"] == slot)
            colour = ROAD if mission["is_location"] else (170, 165, 150)
            d.line([a, b], fill=colour, width=10)
            continue
        closed = r.get("bridge") in down or (v["parade_road_closed"] and {r["a"], r["b"]} == {"rue_baradat", "fence"})
        d.line([a, b], fill=(120, 110, 95), width=16)
        d.line([a, b], fill=ROAD, width=10)
        if closed:
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            d.line([mx - 22, my - 22, mx + 22, my + 22], fill=SOLDIER, width=9)
            d.line([mx - 22, my + 22, mx + 22, my - 22], fill=SOLDIER, width=9)


def _resource_chips(d: ImageDraw.ImageDraw, x: float, y: float, res: dict[str, int], size: int = 22) -> None:
    for r in RAW["resources"]:
        n = res.get(r["id"], 0)
        for _ in range(n):
            d.rectangle([x, y, x + size, y + size], fill=RES_RGB[r["id"]], outline=INK, width=2)
            x += size + 4


def _locations(d: ImageDraw.ImageDraw, v: dict[str, Any]) -> None:
    partisans = list(v["partisans"])
    patrols = {p["at"]: p["kind"] for p in v["patrols"]}
    for loc, info in LOC.items():
        cx, cy = centre(loc)
        fill = KIND_FILL.get(info["kind"], (210, 210, 210))
        if loc in v["unusable"]:
            fill = (150, 150, 150)
        room = v["rooms"].get(loc)
        if room == "safe_house":
            fill = KIND_FILL["safe_house"]
        d.rounded_rectangle([cx - HALF_W, cy - HALF_H, cx + HALF_W, cy + HALF_H], radius=14, fill=fill,
                            outline=INK, width=3)
        name = SHORT_NAME.get(loc, info["name"])
        if room:
            name = TILE_NAME[room]
        draw_wrapped(d, (cx, cy - HALF_H + 4), name, font(23, True), INK, max_width=2 * HALF_W - 12,
                     line_height=25, max_lines=2, anchor="ma")
        if loc in v["fields"]:
            _resource_chips(d, cx - HALF_W + 10, cy + 20, v["fields"][loc])
        if loc in v["guns"]:
            d.polygon([(cx + HALF_W - 40, cy + HALF_H - 8), (cx + HALF_W - 22, cy + HALF_H - 40),
                       (cx + HALF_W - 4, cy + HALF_H - 8)], fill=(90, 90, 90), outline=INK)
        if v["dark_lady"] == loc:
            d.polygon([(cx - HALF_W + 20, cy + 10), (cx - HALF_W + 36, cy - 8), (cx - HALF_W + 52, cy + 10),
                       (cx - HALF_W + 36, cy + 28)], fill=(220, 90, 160), outline=INK)
        if loc in patrols:
            kind = patrols[loc]
            col = MILICE if kind == "milice" else SOLDIER
            d.ellipse([cx + 22, cy - 6, cx + 82, cy + 54], fill=col, outline=INK, width=3)
            draw_text(d, (cx + 52, cy + 24), "M" if kind == "milice" else "S", font=font(30, True),
                      fill=(255, 255, 255), anchor="mm")
        here = [p for p in partisans if p["at"] == loc and p["status"] == "placed"]
        for p in here:
            _partisan(d, cx - 48, cy + 26, p)
        if loc == "safe_house":
            home = sum(1 for p in partisans if p["status"] == "home")
            draw_text(d, (cx, cy + 12), f"{home} home", font=font(28, True), fill=INK, anchor="mm")
        if loc == "cafe":
            waiting = sum(1 for p in partisans if p["status"] == "waiting")
            draw_text(d, (cx + HALF_W - 6, cy + HALF_H - 6), f"waiting: {waiting}", font=font(20, True), fill=INK,
                      anchor="rd")


def _partisan(d: ImageDraw.ImageDraw, x: float, y: float, p: dict[str, Any]) -> None:
    d.ellipse([x - 26, y - 26, x + 26, y + 26], fill=(255, 255, 255), outline=INK, width=4)
    if p.get("activated"):
        d.line([x - 12, y, x - 3, y + 10, x + 14, y - 12], fill=(40, 140, 40), width=5)
    if p.get("papers"):
        d.rectangle([x + 14, y - 30, x + 32, y - 12], fill=RES_RGB["fake_papers"], outline=INK, width=2)


def _missions(d: ImageDraw.ImageDraw, v: dict[str, Any]) -> None:
    partisans = v["partisans"]
    for m in v["missions"]:
        slot = SLOT[m["slot"]]
        x0, y0, x1, y1 = slot["rect"]
        y0, y1 = Y(y0), Y(y1)
        done = m["result"] is not None
        fill = (200, 230, 190) if done else PANEL
        d.rounded_rectangle([x0, y0, x1, y1], radius=12, fill=fill, outline=INK, width=3)
        stars = "★" * m["stars"] if m["stars"] else "–"
        draw_wrapped(d, (x0 + 10, y0 + 6), m["name"], font(24, True), INK, max_width=x1 - x0 - 60, line_height=27,
                     max_lines=2)
        draw_text(d, (x1 - 10, y0 + 10), stars, font=font(22, True), fill=(160, 120, 0), anchor="ra")
        if done:
            word = "MAJOR SUCCESS" if m["result"] == "major_success" else "SUCCESS"
            draw_text(d, (x1 - 10, y0 + 64), word, font=font(20, True), fill=(30, 110, 30), anchor="ra")
        reach = _reach(m)
        if reach and not v.get("outcome"):
            lost = m.get("best") is None
            draw_text(d, (x0 + 10, y1 - 8), reach, font=font(19, True),
                      fill=SOLDIER if lost else (30, 110, 30), anchor="ld", max_width=x1 - x0 - 20)
        if m["id"] == "destroy_the_aa_guns" and "card" in v["guns"]:
            d.polygon([(x1 - 60, y1 - 10), (x1 - 40, y1 - 46), (x1 - 20, y1 - 10)], fill=(90, 90, 90), outline=INK)
        xy = slot["box_xy"]
        for i, b in enumerate(m["boxes"][: len(xy)]):
            bx, by = xy[i]
            by = Y(by)
            col = GOLD if b["filled"] else (255, 255, 255)
            if b["dashed"]:
                d.rectangle([bx - 30, by - 20, bx + 30, by + 20], fill=col, outline=(120, 120, 120), width=3)
            else:
                d.rectangle([bx - 30, by - 20, bx + 30, by + 20], fill=col, outline=INK, width=3)
            label = "" if b["number"] is None else str(b["number"])
            draw_text(d, (bx, by), label, font=font(22, True), fill=INK, anchor="mm")
        held = [p for p in partisans if p["at"] == m["slot"]]
        for k, p in enumerate(held):
            px = x1 - 36 - 60 * k
            _partisan(d, px, y0 + 74, p)
            if p["status"] in ("mole", "crypto"):
                draw_text(d, (px, y0 + 104), p["status"], font=font(18, True), fill=INK, anchor="ma")


def _panels(d: ImageDraw.ImageDraw, v: dict[str, Any]) -> None:
    x0, y0, x1, y1 = RAW["image"]["panels"]["resources"]
    d.rounded_rectangle([x0, Y(y0), x1, Y(y1)], radius=12, fill=PANEL, outline=INK, width=3)
    draw_text(d, (x0 + 10, Y(y0) + 4), "Stock", font=font(22, True), fill=INK, max_width=x1 - x0 - 20)
    for r in RAW["resources"]:
        px, py = r["panel_xy"]
        py = Y(py)
        d.rectangle([px - 40, py - 18, px - 8, py + 14], fill=RES_RGB[r["id"]], outline=INK, width=2)
        draw_text(d, (px - 2, py - 2), str(v["stock"][r["id"]]), font=font(34, True), fill=INK, anchor="lm")
        draw_text(d, (px - 42, py + 18), RES_SHORT[r["id"]], font=font(17), fill=INK, anchor="la")
    # morale / soldiers card
    x0, y0, x1, y1 = RAW["image"]["panels"]["morale_soldier_card"]
    d.rounded_rectangle([x0, Y(y0), x1, Y(y1)], radius=12, fill=PANEL, outline=INK, width=3)
    draw_text(d, (x0 + 10, Y(y0) + 4), "Morale (red: patrols)", font=font(20, True), fill=INK,
              max_width=x1 - x0 - 20)
    for sp in RAW["tracks"]["morale"]["spaces"]:
        sx, sy = sp["xy"]
        sy = Y(sy)
        on = sp["value"] == v["morale"]
        d.rectangle([sx - 26, sy - 26, sx + 26, sy + 26], fill=GOLD if on else (255, 255, 255), outline=INK,
                    width=4 if on else 2)
        draw_text(d, (sx, sy - 6), "X" if sp["value"] == 0 else str(sp["value"]), font=font(24, True), fill=INK,
                  anchor="mm")
        if sp["red_min_patrols"]:
            draw_text(d, (sx, sy + 16), str(sp["red_min_patrols"]), font=font(16, True), fill=SOLDIER, anchor="mm")
    draw_text(d, (x0 + 10, Y(y0) + 106), "Soldiers", font=font(20, True), fill=INK, max_width=x1 - x0 - 20)
    for sp in RAW["tracks"]["soldiers"]["spaces"]:
        sx, sy = sp["xy"]
        sy = Y(sy) + 12
        on = sp["value"] == v["soldiers"]
        d.rectangle([sx - 24, sy - 22, sx + 24, sy + 22], fill=SOLDIER if on else (255, 255, 255), outline=INK,
                    width=2)
        draw_text(d, (sx, sy), str(sp["value"]), font=font(24, True), fill=(255, 255, 255) if on else INK, anchor="mm")
    # day track
    for sp in RAW["tracks"]["day"]["spaces"]:
        sx, sy = sp["xy"]
        sy = Y(sy)
        on = (sp["index"] == v["day"] and v["phase"] != "over") or (sp["index"] == v["day"])
        fill: RGB = (245, 160, 60) if sp["orange"] else (255, 255, 255)
        d.rectangle([sx - 56, sy - 26, sx + 56, sy + 26], fill=fill, outline=INK, width=2)
        if sp["triangle"]:
            d.polygon([(sx + 30, sy + 20), (sx + 44, sy - 6), (sx + 58 - 4, sy + 20)], fill=INK)
        label = sp["label"]
        if sp["index"] == v["end_day"] and v["end_day"] != 15:
            label += " END"
        draw_text(d, (sx - 8, sy), label, font=font(22, True), fill=INK, anchor="mm", max_width=76)
        if on:
            d.rectangle([sx - 60, sy - 30, sx + 60, sy + 30], outline=(30, 90, 200), width=6)
    # tile rack
    built = {t for t in v["rooms"].values() if t}
    for t in RAW["spare_room_tiles"]:
        rx, ry = t["rack_xy"]
        ry = Y(ry)
        col = (200, 200, 200) if t["id"] in built else (230, 215, 240)
        d.rounded_rectangle([rx - 46, ry - 44, rx + 46, ry + 44], radius=8, fill=col, outline=INK, width=2)
        for k, line in enumerate(RACK_LINES.get(t["id"], [t["name"]])):
            draw_text(d, (rx, ry - 30 + 22 * k), line, font=font(17, True), fill=INK, anchor="ma", max_width=86)
        if t["id"] in built:
            draw_text(d, (rx, ry + 24), "built", font=font(16), fill=INK, anchor="ma", max_width=86)
    _discard(d, v)


def _reach(m: dict[str, Any]) -> str:
    """The best result a mission can still come to, when that is news ('' otherwise)."""
    if "best" not in m:
        return ""
    if m["best"] is None:
        return "" if m["result"] else "Can no longer succeed"
    if m["result"] is None:
        return "Best reachable: " + ("Major Success" if m["best"] == "major_success" else "Success")
    if m["best"] != m["result"]:
        return "A Major Success is still possible"
    return ""


def _discard(d: ImageDraw.ImageDraw, v: dict[str, Any]) -> None:
    """The footer: the deck's size and the discard pile, one chip per card (its three places in
    order), oldest on the left."""
    top = HEADER + 1200
    d.rectangle([0, top, W, H], fill=(214, 206, 186))
    pile = list(v.get("discard") or [])
    head = f"Patrol deck: {v['deck_size']} face down"
    if v["mole_peeked"]:
        head += " (the mole has peeked)"
    head += f" · discard pile: {len(pile)} card{'' if len(pile) == 1 else 's'}" + (
        " (each card's places in order, newest on the right)" if len(pile) > 1 else "")
    draw_text(d, (16, top + 6), head, font=font(24, True), fill=INK, max_width=W - 32)
    chip_w = min(156, (W - 32) // max(1, len(pile)))
    for k, card in enumerate(pile):
        x = 16 + k * chip_w
        d.rounded_rectangle([x, top + 38, x + chip_w - 6, H - 6], radius=6, fill=PANEL, outline=INK, width=2)
        for j, loc in enumerate(PATROL_CARDS[card]):
            name = SHORT_NAME.get(loc, LOC[loc]["name"])
            draw_text(d, (x + 5, top + 42 + 27 * j), name,
                      font=font(17, j == 0), fill=INK, max_width=chip_w - 14)


def _board(v: dict[str, Any]) -> Image.Image:
    img = Image.new("RGB", (W, H), PAPER)
    d = ImageDraw.Draw(img)
    _header(d, v)
    _roads(d, v)
    _locations(d, v)
    _missions(d, v)
    _panels(d, v)
    return img


def board_png(public_view: dict[str, Any]) -> bytes:
    return encode_png(_board(public_view))


def summary_png(public_view: dict[str, Any]) -> bytes:
    v = public_view
    img = Image.new("RGB", (1000, 480), PANEL)
    d = ImageDraw.Draw(img)
    out = v.get("outcome")
    title = out.get("result", out["reason"]) if out else str(v["day_label"])
    d.rectangle([0, 0, 1000, 120], fill=(40, 44, 52))
    draw_wrapped(d, (20, 12), title, font(40, True), (255, 255, 255), max_width=960, line_height=50, max_lines=2)
    y = 140
    draw_text(d, (20, y), f"Difficulty: {v['difficulty_name']} · Morale {v['morale']} · Soldiers {v['soldiers']} · "
              f"Points {v['points']}", font=font(30), fill=INK)
    y += 60
    for m in v["missions"]:
        res = {"success": "Success", "major_success": "Major Success"}.get(m["result"] or "", "not done")
        filled = sum(1 for b in m["boxes"] if b["filled"])
        line = f"{m['name']} ({'★' * m['stars'] or '0★'}): {res} · boxes {filled}/{len(m['boxes'])}"
        draw_text(d, (20, y), line, font=font(32, True), fill=INK, max_width=960)
        y += 56
    team = "played solo" if len(v["team"]) == 1 else f"played by a team of {len(v['team'])}"
    draw_text(d, (20, y + 10), f"After {v['days_played']} Days, {team}", font=font(28), fill=INK, max_width=960)
    arrested = sum(1 for p in v["partisans"] if p["status"] == "arrested")
    draw_text(d, (20, y + 60), f"Partisans arrested: {arrested}", font=font(28), fill=INK)
    return encode_png(img)


def private_png(private_view: dict[str, Any]) -> bytes | None:
    """The mole's peek as a card; None when the seat holds no secret (the text says so)."""
    v = private_view
    me = v.get("me", {})
    if not me.get("peek_text"):
        return None
    img = Image.new("RGB", (1000, 360), PANEL)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, 1000, 100], fill=(40, 44, 52))
    who = "you lead today" if me.get("leader_today") else "watching"
    draw_text(d, (20, 20), f"Your secret · {who}", font=font(44, True), fill=(255, 255, 255), max_width=960)
    draw_text(d, (20, 130), "The mole reports the next patrol card:", font=font(32), fill=INK)
    draw_wrapped(d, (20, 180), str(me["peek_text"]), font(40, True), MILICE, max_width=960, line_height=50,
                 max_lines=2)
    return encode_png(img)


def warm() -> None:
    font(24)
    font(24, True)
