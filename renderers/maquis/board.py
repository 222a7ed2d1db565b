"""The Maquis board image: header, town map, mission cards, tracks, stock and tile rack."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import lang
from games.maquis.board import PATROL_CARDS, RAW, day_say, loc_say, mission_say, mode_say, tile_say
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
N_ = lang.N_
# Texts worded where they are drawn (lang.here("maquis") in the current language: renderers.draw sets it).
RES_SHORT = {"intel": N_("Intel"), "food": N_("Food"), "medicine": N_("Medic."), "money": N_("Money"),
             "weapon": N_("Weapon"), "explosive": N_("Explos."), "poison": N_("Poison"), "fake_papers": N_("Papers")}
REASON = {"victory": N_("Victory"), "major_victory": N_("Major Victory"), "draw": N_("Draw"), "morale": N_("Defeat"),
          "no_partisans": N_("Defeat"), "days_over": N_("Defeat"), "abandoned": N_("Abandoned")}
PHASE_NAME = {"arrange": N_("Setup"), "placement": N_("Placement"), "action": N_("Action"),
              "route": N_("Route home"), "remove": N_("Double Agent"), "bridge": N_("Maintenance"),
              "maintenance": N_("Maintenance"), "over": N_("Game over")}
LOC = {loc["id"]: loc for loc in RAW["locations"]}
SLOT = {s["id"]: s for s in RAW["mission_slots"]}
HALF_W, HALF_H = 92, 62
RACK_TEXT = 84  # the width of a line on a rack tile
RACK_WORD = 107  # a word up to this wide is drawn a little smaller (renderers.text shrinks it), not hyphenated
SHORT_NAME = {"spare_room_w": N_("Spare room W"), "spare_room_ne": N_("Spare room NE"),
              "spare_room_se": N_("Spare room SE"), "field_w": N_("Field W"), "field_e": N_("Field E")}


def tx() -> lang.Texts:
    return lang.here("maquis")


def place_short(loc: str) -> str:
    """A location's name as drawn on the board (the spare rooms and Fields shortened)."""
    return tx()._(SHORT_NAME[loc]) if loc in SHORT_NAME else tx().say(loc_say(loc))


def rack_lines(tile: str) -> list[str]:
    """A tile's name on the rack, hyphenated where the English is; one line where a translation is."""
    name = tx().say(tile_say(tile))
    if lang.current() == "en":
        split = {"informant": ["Inform-", "ant"], "counterfeiter": ["Counter-", "feiter"],
                 "safe_house": ["Safe", "House"], "smuggler": ["Smug-", "gler"],
                 "propagandist": ["Propa-", "gandist"], "pharmacist": ["Pharma-", "cist"]}
        return split.get(tile, [name])
    face = font(17, True)
    parts: list[str] = []
    for word in name.split(" "):  # a word too long for the narrow rack is hyphenated
        parts += _hyphenated(word, face) if face.getlength(word) > RACK_WORD else [word]
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} {part}" if lines else part
        if lines and not lines[-1].endswith("-") and face.getlength(joined) <= RACK_TEXT:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines[:3]


def _hyphenated(word: str, face: Any) -> list[str]:
    """The longest head that fits with its hyphen, cut as syllables are where it can be: before a
    consonant and its vowel (Propa-gandysta), or between two consonants (Contrab-bandiere)."""
    vowels = set("aeiouyąęóAEIOUY")
    fits = [k for k in range(3, len(word) - 2) if face.getlength(word[:k] + "-") <= RACK_WORD]
    if not fits:
        return [word]
    pairs = {"ch", "cz", "dz", "rz", "sz", "gn", "gl"}  # letters that make one sound are never parted
    nice = [k for k in fits if word[k] not in vowels and word[k - 1:k + 1].lower() not in pairs and (
        (word[k - 1] in vowels and (word[k + 1] in vowels or word[k:k + 2].lower() in pairs))
        or (word[k - 1] not in vowels and word[k - 2] in vowels))]
    k = max(nice or fits)
    return [word[:k] + "-", word[k:]]


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
    t = tx()
    out = v.get("outcome")
    phase = t._(PHASE_NAME[v["phase"]]) if v["phase"] in PHASE_NAME else v["phase"]
    pts = t.n_("{count} point", "{count} points", int(v["points"]))
    if out:
        reason = t._(REASON[out["reason"]]) if out["reason"] in REASON else out["reason"]
        line1 = t._("Game over · {reason} · {points}", reason=reason, points=pts)
        line2 = t.say(out["words"]) if out.get("words") else str(out.get("result", ""))
    else:
        day = t.say(day_say(int(v["day"]), int(v.get("lap") or 0)))
        line1 = t._("{day} · {phase} · team of {count}", day=day, phase=phase, count=len(v["team"])) \
            if len(v["team"]) > 1 else t._("{day} · {phase}", day=day, phase=phase)
        asked = t.say(v["asked_say"]) if v.get("asked_say") else str(v.get("asked") or "")
        line2 = t._("Morale {morale} · Soldiers {soldiers} · {points} · Now: {asked}", morale=v["morale"],
                    soldiers=v["soldiers"], points=pts, asked=asked)
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
        name = place_short(loc)
        if room:
            name = tx().say(tile_say(room))
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
            letter = tx().p_("pawn", "M") if kind == "milice" else tx().p_("pawn", "S")  # Milice, Soldier
            draw_text(d, (cx + 52, cy + 24), letter, font=font(30, True),
                      fill=(255, 255, 255), anchor="mm")
        here = [p for p in partisans if p["at"] == loc and p["status"] == "placed"]
        for p in here:
            _partisan(d, cx - 48, cy + 26, p)
        if loc == "safe_house":
            home = sum(1 for p in partisans if p["status"] == "home")
            draw_text(d, (cx, cy + 12), tx()._("{count} home", count=home), font=font(28, True), fill=INK,
                      anchor="mm", max_width=2 * HALF_W - 12)
        if loc == "cafe":
            waiting = sum(1 for p in partisans if p["status"] == "waiting")
            draw_text(d, (cx + HALF_W - 6, cy + HALF_H - 6), tx()._("waiting: {count}", count=waiting),
                      font=font(20, True), fill=INK, anchor="rd", max_width=2 * HALF_W - 12)


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
        draw_wrapped(d, (x0 + 10, y0 + 6), tx().say(mission_say(m["id"])), font(24, True), INK,
                     max_width=x1 - x0 - 60, line_height=27, max_lines=2)
        draw_text(d, (x1 - 10, y0 + 10), stars, font=font(22, True), fill=(160, 120, 0), anchor="ra")
        if done:
            word = tx()._("MAJOR SUCCESS") if m["result"] == "major_success" else tx()._("SUCCESS")
            draw_text(d, (x1 - 10, y0 + 64), word, font=font(20, True), fill=(30, 110, 30), anchor="ra",
                      max_width=x1 - x0 - 20)
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
                word = tx()._("mole") if p["status"] == "mole" else tx()._("crypto")
                draw_text(d, (px, y0 + 104), word, font=font(18, True), fill=INK, anchor="ma", max_width=100)


def _panels(d: ImageDraw.ImageDraw, v: dict[str, Any]) -> None:
    x0, y0, x1, y1 = RAW["image"]["panels"]["resources"]
    d.rounded_rectangle([x0, Y(y0), x1, Y(y1)], radius=12, fill=PANEL, outline=INK, width=3)
    t = tx()
    draw_text(d, (x0 + 10, Y(y0) + 4), t._("Stock"), font=font(22, True), fill=INK, max_width=x1 - x0 - 20)
    for r in RAW["resources"]:
        px, py = r["panel_xy"]
        py = Y(py)
        d.rectangle([px - 40, py - 18, px - 8, py + 14], fill=RES_RGB[r["id"]], outline=INK, width=2)
        draw_text(d, (px - 2, py - 2), str(v["stock"][r["id"]]), font=font(34, True), fill=INK, anchor="lm")
        draw_text(d, (px - 42, py + 18), t._(RES_SHORT[r["id"]]), font=font(17), fill=INK, anchor="la", max_width=80)
    # morale / soldiers card
    x0, y0, x1, y1 = RAW["image"]["panels"]["morale_soldier_card"]
    d.rounded_rectangle([x0, Y(y0), x1, Y(y1)], radius=12, fill=PANEL, outline=INK, width=3)
    draw_text(d, (x0 + 10, Y(y0) + 4), t._("Morale (red: patrols)"), font=font(20, True), fill=INK,
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
    draw_text(d, (x0 + 10, Y(y0) + 106), t._("Soldiers"), font=font(20, True), fill=INK, max_width=x1 - x0 - 20)
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
        label = t._("Start") if sp["label"] == "Start" else t._("END") if sp["label"] == "END" else sp["label"]
        if sp["index"] == v["end_day"] and v["end_day"] != 15:
            label = t._("{day} END", day=label)
        draw_text(d, (sx - 8, sy), label, font=font(22, True), fill=INK, anchor="mm", max_width=76)
        if on:
            d.rectangle([sx - 60, sy - 30, sx + 60, sy + 30], outline=(30, 90, 200), width=6)
    # tile rack
    built = {room for room in v["rooms"].values() if room}
    for tile in RAW["spare_room_tiles"]:
        rx, ry = tile["rack_xy"]
        ry = Y(ry)
        col = (200, 200, 200) if tile["id"] in built else (230, 215, 240)
        d.rounded_rectangle([rx - 46, ry - 44, rx + 46, ry + 44], radius=8, fill=col, outline=INK, width=2)
        for k, line in enumerate(rack_lines(tile["id"])):
            draw_text(d, (rx, ry - 30 + 22 * k), line, font=font(17, True), fill=INK, anchor="ma", max_width=86)
        if tile["id"] in built:
            draw_text(d, (rx, ry + 24), t._("built"), font=font(16), fill=INK, anchor="ma", max_width=86)
    _discard(d, v)


def _reach(m: dict[str, Any]) -> str:
    """The best result a mission can still come to, when that is news ('' otherwise)."""
    t = tx()
    if "best" not in m:
        return ""
    if m["best"] is None:
        return "" if m["result"] else t._("Can no longer succeed")
    if m["result"] is None:
        return t._("Best reachable: Major Success") if m["best"] == "major_success" else t._("Best reachable: Success")
    if m["best"] != m["result"]:
        return t._("A Major Success is still possible")
    return ""


def _discard(d: ImageDraw.ImageDraw, v: dict[str, Any]) -> None:
    """The footer: the deck's size and the discard pile, one chip per card (its three places in
    order), oldest on the left."""
    top = HEADER + 1200
    d.rectangle([0, top, W, H], fill=(214, 206, 186))
    t = tx()
    pile = list(v.get("discard") or [])
    deck = t._("Patrol deck: {count} face down (the mole has peeked)", count=v["deck_size"]) if v["mole_peeked"] \
        else t._("Patrol deck: {count} face down", count=v["deck_size"])
    cards = t.n_("discard pile: {count} card", "discard pile: {count} cards", len(pile))
    if len(pile) > 1:
        cards = t._("{pile} (each card's places in order, newest on the right)", pile=cards)
    head = f"{deck} · {cards}"
    draw_text(d, (16, top + 6), head, font=font(24, True), fill=INK, max_width=W - 32)
    chip_w = min(156, (W - 32) // max(1, len(pile)))
    for k, card in enumerate(pile):
        x = 16 + k * chip_w
        d.rounded_rectangle([x, top + 38, x + chip_w - 6, H - 6], radius=6, fill=PANEL, outline=INK, width=2)
        for j, loc in enumerate(PATROL_CARDS[card]):
            name = place_short(loc)
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
    t = tx()
    v = public_view
    img = Image.new("RGB", (1000, 480), PANEL)
    d = ImageDraw.Draw(img)
    out = v.get("outcome")
    if out:
        title = t.say(out["words"]) if out.get("words") else str(out.get("result", out["reason"]))
    else:
        title = t.say(day_say(int(v["day"]), int(v.get("lap") or 0)))
    d.rectangle([0, 0, 1000, 120], fill=(40, 44, 52))
    draw_wrapped(d, (20, 12), title, font(40, True), (255, 255, 255), max_width=960, line_height=50, max_lines=2)
    y = 140
    draw_text(d, (20, y), t._("Difficulty: {difficulty} · Morale {morale} · Soldiers {soldiers} · Points {points}",
                              difficulty=t.say(mode_say(str(v["difficulty"]))), morale=v["morale"],
                              soldiers=v["soldiers"], points=v["points"]), font=font(30), fill=INK, max_width=960)
    y += 60
    for m in v["missions"]:
        res = {"success": t._("Success"), "major_success": t._("Major Success")}.get(m["result"] or "",
                                                                                    t._("not done"))
        filled = sum(1 for b in m["boxes"] if b["filled"])
        line = t._("{mission} ({stars}): {result} · boxes {filled}/{total}", mission=t.say(mission_say(m["id"])),
                   stars="★" * m["stars"] or "0★", result=res, filled=filled, total=len(m["boxes"]))
        draw_text(d, (20, y), line, font=font(32, True), fill=INK, max_width=960)
        y += 56
    team = t._("played solo") if len(v["team"]) == 1 else t._("played by a team of {count}", count=len(v["team"]))
    draw_text(d, (20, y + 10), t.n_("After {count} Day, {team}", "After {count} Days, {team}", int(v["days_played"]),
                                    team=team), font=font(28), fill=INK, max_width=960)
    arrested = sum(1 for p in v["partisans"] if p["status"] == "arrested")
    draw_text(d, (20, y + 60), t._("Partisans arrested: {count}", count=arrested), font=font(28), fill=INK,
              max_width=960)
    return encode_png(img)


def private_png(private_view: dict[str, Any]) -> bytes | None:
    """The mole's peek as a card; None when the seat holds no secret (the text says so)."""
    t = tx()
    v = private_view
    me = v.get("me", {})
    if not me.get("peek"):
        return None
    img = Image.new("RGB", (1000, 360), PANEL)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, 1000, 100], fill=(40, 44, 52))
    title = t._("Your secret · you lead today") if me.get("leader_today") else t._("Your secret · watching")
    draw_text(d, (20, 20), title, font=font(44, True), fill=(255, 255, 255), max_width=960)
    draw_text(d, (20, 130), t._("The mole reports the next patrol card:"), font=font(32), fill=INK, max_width=960)
    card = " / ".join(t.say(loc_say(x)) for x in PATROL_CARDS[str(me["peek"])])
    draw_wrapped(d, (20, 180), card, font(40, True), MILICE, max_width=960, line_height=50, max_lines=2)
    return encode_png(img)


def warm() -> None:
    font(24)
    font(24, True)
