"""Mali Powstańcy images, drawn only from the engine's view dicts (docs/dev/mali-interface.md).

board_png(view): the public board; refuses a private view (drawn here).
private_png(view): one player's secrets (cards, objectives, peeked orders) (private.py).
summary_png(view): the end of the game (summary.py).
warm(): builds the cached base map once.

The rest of the package: geometry.py (where things go), base.py (the static map), pieces.py (the
palette and the small pieces), samples.py (hand-made views for tests, the bench and previews).
"""
from __future__ import annotations

import json
import math
import threading
from collections import OrderedDict, defaultdict
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

import lang
from games.mali.board import BOARD
from lang import N_
from renderers import crop
from renderers.common import RGB, encode_png, font, hex_rgb, mix
from renderers.mali import phone
from renderers.mali.base import base_map, district_ink, district_mask
from renderers.mali.geometry import (
    BIG_TOKEN,
    DISTRICT_LABEL_SIZE,
    HEIGHT,
    LOCATION_R,
    MAP_BOX,
    PANEL_X,
    WIDTH,
    Box,
    blocked_token_xy,
    district_label_xy,
    district_token_xy,
    edge_polyline,
    label_away,
    label_boxes,
    marker_discs,
    node_xy,
    point_along,
    undelivered_box,
)
from renderers.mali.pieces import (
    ALERT,
    GERMAN,
    HIGHLIGHT,
    INK,
    MUTED,
    TROPHY,
    WHITE,
    big_token,
    colour_name,
    die_face,
    envelope,
    light,
    movement_card,
    place_name,
    player_rgb,
    scout_disc,
    small_token,
    soldier,
)
from renderers.mali.private import private_png, render_private
from renderers.mali.summary import render_summary, summary_png
from renderers.text import draw_text, draw_wrapped, shrunk

View = dict[str, Any]
__all__ = ["BANNER", "PRISON_BOX", "SIZE", "board_png", "crop_png", "private_png", "render_board", "render_private",
           "render_summary", "scout_places", "summary_png", "token_boxes", "warm"]

BANNER = 150  # the phone header above the board: round, phase, who is asked what, the scores
PILL_W, PILL_MAX, PILL_H, PILL_GAP = 250, 420, 62, 10  # a score pill: at least, at most (px), high; apart
PILL_NAME, PILL_SCORE = 34, 44  # the pill's font sizes: the colour's name, the score
BANNER_SIZES = (42, 38, 34)  # the second line's font sizes, largest first; it may shrink to BANNER_FLOOR
BANNER_FLOOR = 30  # what does not fit the second line in this size is said shorter
SIZE = (WIDTH, HEIGHT + BANNER)

PX0, PX1 = PANEL_X + 12, WIDTH - 12
PHASES = {"objectives": N_("Objectives draft"), "cards": N_("Choosing cards"), "movement": N_("Movement"),
          "soldier": N_("German soldier"), "time": N_("Time passes"), "over": N_("Game over")}


def tx() -> lang.Texts:
    """Mali's texts in the language the image is drawn in (renderers.draw sets it)."""
    return lang.here("mali")


def phase_word(view: View) -> str:
    phase = str(view.get("phase", ""))
    return tx()._(PHASES[phase]) if phase in PHASES else phase
SCOUT_R = 16
PRISON_BOX = (MAP_BOX[0] + 12, MAP_BOX[3] - 162, MAP_BOX[0] + 282, MAP_BOX[3] - 12)
TURN: RGB = (255, 214, 0)


def warm() -> None:
    """Build and cache the static map (about a second): call it once at start-up, off the event loop."""
    base_map()
    for district_id in BOARD.districts:
        district_mask(district_id)


def board_png(view: View) -> bytes:
    """The board as a 256-colour PNG: a third of the bytes of a full-colour one, for phones."""
    img = render_board(view)
    return encode_png(img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))


def render_board(view: View) -> Image.Image:
    """The public board. A view holding "me" is private and is refused."""
    if "me" in view:
        raise ValueError("board images are public: pass view(state, None), not a private view")
    board = _render_map_and_panel(view)
    img = Image.new("RGB", SIZE, INK)
    img.paste(board, (0, BANNER))
    _draw_banner(ImageDraw.Draw(img), view)
    return img


DRAWN_KEPT = 2  # the map and panel of the last views drawn (about 6 MB each)
_drawn: OrderedDict[str, Image.Image] = OrderedDict()
_drawn_lock = threading.Lock()


def _render_map_and_panel(view: View) -> Image.Image:
    """The map and its panel for the public `view` in the current language: drawn once for a
    state, whose board and every seat's crop show the same (a copy each time, so no caller draws
    on the kept one)."""
    try:
        key = lang.current() + json.dumps(view, sort_keys=True)
    except (TypeError, ValueError):  # not plain data: drawn, not kept
        return _draw_map_and_panel(view)
    with _drawn_lock:
        kept = _drawn.get(key)
        if kept is not None:
            _drawn.move_to_end(key)
            return kept.copy()
    img = _draw_map_and_panel(view)
    with _drawn_lock:
        _drawn[key] = img.copy()
        while len(_drawn) > DRAWN_KEPT:
            _drawn.popitem(last=False)
    return img


def _draw_map_and_panel(view: View) -> Image.Image:
    img = base_map().copy()
    draw = ImageDraw.Draw(img)
    _draw_fallen(img, draw, view)
    _draw_highlights(draw, view)
    for blocked in view.get("blocked", []):
        small_token(draw, *blocked_token_xy(blocked.get("edge"), blocked["location"]))
    if view.get("soldier"):
        soldier(draw, *node_xy(view["soldier"]))
    _draw_scouts(draw, view)
    if view.get("variant") != "extended":  # the extended game has no prison
        _draw_prison(draw, view)
    _draw_header(draw, view)
    _draw_track(draw, view)
    _draw_players(draw, view)
    _draw_tokens(draw, view)
    return img


# --- the map ---------------------------------------------------------------------------------

def _hatch(size: tuple[int, int], at: tuple[int, int]) -> Image.Image:
    """The part of the map-wide hatching (a fallen district's) of `size` whose corner is `at`."""
    hatch = Image.new("RGB", size, (40, 36, 34))
    draw = ImageDraw.Draw(hatch)
    x, y = at
    for k in range(-HEIGHT, WIDTH, 22):
        draw.line([(k - x, -y), (k + HEIGHT - x, HEIGHT - y)], fill=(15, 12, 10), width=7)
    return hatch


def _draw_fallen(img: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    fallen = [d for d in view.get("fallen", []) if d in BOARD.districts]
    for district_id in fallen:
        mask, at = district_mask(district_id)
        img.paste(_hatch(mask.size, at), at, mask.point(lambda v: v * 55 // 100))
    for district_id in BOARD.districts:
        if district_id in fallen:
            draw_text(draw, district_label_xy(district_id), BOARD.districts[district_id]["name"].upper(),
                      anchor="mm", font=font(DISTRICT_LABEL_SIZE, True), fill=WHITE, stroke_width=4,
                      stroke_fill=INK)
            big_token(draw, *district_token_xy(district_id), BIG_TOKEN - 3)
        elif view.get("variant") == "extended":
            count = view.get("undelivered", {}).get(district_id, 0)
            ink = district_ink(district_id)
            x0, y0, x1, y1 = undelivered_box(district_id)
            y = (y0 + y1) / 2
            draw.rounded_rectangle((x0, y0, x1, y1), radius=6, fill=WHITE, outline=ink, width=2)
            for i in range(2):
                cx = x0 + 12 + i * 22
                draw.rectangle((cx - 8, y - 8, cx + 8, y + 8), fill=ALERT if i < count else WHITE,
                               outline=ink, width=2)


def _option_targets(view: View) -> tuple[set[str], set[str], set[str]]:
    """The pending choice's edges, nodes and scout names, to highlight on the map."""
    pending = view.get("pending") or {}
    edges, nodes, scouts = set(), set(), set()
    for option in pending.get("options", []):
        values = option.values() if isinstance(option, dict) else [option]
        for value in values:
            if not isinstance(value, str):
                continue
            if value in BOARD.edges:
                edges.add(value)
            elif value in BOARD.nodes:
                nodes.add(value)
            else:
                scouts.add(value)
    return edges, nodes, scouts


def _draw_highlights(draw: ImageDraw.ImageDraw, view: View) -> None:
    edges, nodes, _ = _option_targets(view)
    for edge_id in sorted(edges):
        line = edge_polyline(edge_id)
        length = sum(math.dist(a, b) for a, b in pairwise(line))
        x, y = point_along(line, length / 2)
        draw.line(line, fill=HIGHLIGHT, width=5)
        draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=HIGHLIGHT, outline=INK, width=3)
        draw_text(draw, (x, y + 1), "?", anchor="mm", font=font(20, True), fill=INK)
    for node_id in nodes:
        x, y = node_xy(node_id)
        r = 27
        draw.ellipse((x - r, y - r, x + r, y + r), outline=HIGHLIGHT, width=6)


Scout = tuple[dict[str, Any], dict[str, Any], float, float]  # player, scout, x, y
TAG_FONT = 15


def _arc(n: int, facing: float) -> tuple[float, list[float]]:
    """Radius and angles of n scouts round a location, bunched on the side facing away from its name."""
    step = {2: math.pi / 2, 3: math.radians(70)}.get(n, min(math.pi / 3, 2 * math.pi / n))
    radius = 15 / math.sin(step / 2)
    return radius, [facing + (i - (n - 1) / 2) * step for i in range(n)]


def _box_overlap(p: Box, q: Box) -> float:
    w = min(p[2], q[2]) - max(p[0], q[0])
    h = min(p[3], q[3]) - max(p[1], q[1])
    return w * h if w > 0 and h > 0 else 0.0


def _disc_box(x: float, y: float, r: float) -> Box:
    return (x - r, y - r, x + r, y + r)


@lru_cache(maxsize=1)
def _static_obstacles() -> tuple[tuple[Box, ...], tuple[Box, ...]]:
    """Boxes that pieces keep off where they can: every name with the district pieces beside it
    (big token, undelivered squares), and every location's disc."""
    names = [*label_boxes().values(), PRISON_BOX]
    for district_id in BOARD.districts:
        x, y = district_token_xy(district_id)
        names += [_disc_box(x, y, BIG_TOKEN), undelivered_box(district_id)]
    discs = [_disc_box(x, y, r) for n, (x, y, r) in marker_discs().items()
             if BOARD.nodes[n]["kind"] == "location"]
    return tuple(names), tuple(discs)


@cache
def scout_places(node_id: str, n: int) -> tuple[tuple[float, float, float, float], ...]:
    """Where n scouts on one node stand: (x, y, dx, dy) with (dx, dy) pointing away from the node
    (the side their order tags go). Round a location they bunch on the side away from its name,
    round a plain space they ring it; either turned so they cover the fewest names."""
    cx, cy = node_xy(node_id)
    location = BOARD.nodes[node_id]["kind"] == "location"
    if n == 1:
        facing = label_away(node_id) if location else 0.0
        return ((cx, cy, math.copysign(1.0, math.cos(facing)) if location else 1.0, 0.0),)
    if location:
        base = label_away(node_id)
        options = [(abs(k) * 0.5, base + math.radians(12 * k)) for k in range(-5, 6)]
    else:
        spread = max(17, n * 8)
        start = -math.pi / 2 - (math.pi / 4 if n == 2 else 0)
        options = [(abs(k) * 0.5, start + math.radians(15 * k)) for k in range(-6, 7)]
    names, discs = _static_obstacles()
    own = _disc_box(cx, cy, LOCATION_R + 2)
    best: tuple[float, tuple[tuple[float, float, float, float], ...]] | None = None
    for rank, facing in options:
        if location:
            radius, angles = _arc(n, facing)
        else:
            radius, angles = spread, [facing + 2 * math.pi * i / n for i in range(n)]
        places = tuple((cx + radius * math.cos(a), cy + radius * math.sin(a), math.cos(a), math.sin(a))
                       for a in angles)
        cost = rank
        for x, y, _, _ in places:
            box = _disc_box(x, y, SCOUT_R + 3)
            cost += sum(_box_overlap(box, q) for q in names)
            cost += sum(_box_overlap(box, q) for q in discs if q != own) / 10
        if best is None or cost < best[0]:
            best = (cost, places)
    assert best is not None
    return best[1]


TAG_H = 22


def _tag_spots(x: float, y: float, dx: float, dy: float, w: float) -> list[Box]:
    """Candidate boxes for a w-wide order tag beside a scout at (x, y), the outward one first."""
    reach = SCOUT_R + 2 + w / 2
    centres = [(x + dx * reach, y + dy * (SCOUT_R + 12))]
    for sx, sy in ((1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)):
        centres.append((x + sx * reach, y + sy * (SCOUT_R + 10)))
    centres += [(x, y + SCOUT_R + 4 + TAG_H / 2), (x, y - SCOUT_R - 4 - TAG_H / 2)]
    out: list[Box] = []
    for tx, ty in centres:
        box = (tx - w / 2, ty - TAG_H / 2, tx + w / 2, ty + TAG_H / 2)
        if box not in out:
            out.append(box)
    return out


def _scout_layout(view: View) -> list[tuple[Scout, Box | None]]:
    """Every scout on the board with its disc centre, and the box of its order tag if it carries one:
    beside the scout, on the first side clear of names, district pieces, scouts and other tags."""
    at: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = defaultdict(list)
    for player in view["players"]:
        for scout in player["scouts"]:
            if scout["status"] == "board" and scout.get("at") in BOARD.nodes:
                at[scout["at"]].append((player, scout))
    placed: list[tuple[dict[str, Any], dict[str, Any], float, float, float, float]] = []
    for node_id, group in at.items():
        for (player, scout), (x, y, dx, dy) in zip(group, scout_places(node_id, len(group)), strict=True):
            placed.append((player, scout, x, y, dx, dy))
    if not any(scout.get("carrying") for _, scout, *_ in placed):
        return [((player, scout, x, y), None) for player, scout, x, y, _, _ in placed]
    names, discs = _static_obstacles()
    pieces = [_disc_box(x, y, SCOUT_R + 3) for _, _, x, y, _, _ in placed]
    if view.get("soldier") in BOARD.nodes:
        pieces.append(_disc_box(*node_xy(view["soldier"]), 27))
    fnt = font(TAG_FONT, True)
    tags: list[Box] = []
    out: list[tuple[Scout, Box | None]] = []
    for k, (player, scout, x, y, dx, dy) in enumerate(placed):
        tag = None
        if scout.get("carrying"):
            w = fnt.getlength(scout["carrying"]) + 26
            best: tuple[float, Box] | None = None
            for rank, box in enumerate(_tag_spots(x, y, dx, dy, w)):
                cost = rank * 2.0
                cost += sum(50 + _box_overlap(box, q) for q in names if _box_overlap(box, q))
                cost += sum(_box_overlap(box, q) for q in discs) / 10
                cost += sum(_box_overlap(box, q) for i, q in enumerate(pieces) if i != k) / 4
                cost += sum(_box_overlap(box, q) for q in tags) / 2
                if not (MAP_BOX[0] + 4 < box[0] and MAP_BOX[1] + 4 < box[1] and box[2] < MAP_BOX[2] - 4
                        and box[3] < MAP_BOX[3] - 4):
                    cost += 1000
                if best is None or cost < best[0]:
                    best = (cost, box)
            assert best is not None
            tag = best[1]
            tags.append(tag)
        out.append(((player, scout, x, y), tag))
    return out


def _draw_scouts(draw: ImageDraw.ImageDraw, view: View) -> None:
    _, _, picks = _option_targets(view)
    layout = _scout_layout(view)
    for (player, scout, x, y), _ in layout:
        ring = HIGHLIGHT if scout["name"] in picks else None
        scout_disc(draw, x, y, SCOUT_R, player_rgb(player), scout["name"][0],
                   carrying=bool(scout.get("carrying")), ring=ring)
    fnt = font(TAG_FONT, True)
    for (_, scout, _, _), box in layout:
        if box is None:
            continue
        y = (box[1] + box[3]) / 2
        draw.rounded_rectangle(box, radius=5, fill=WHITE, outline=INK, width=2)
        envelope(draw, box[0] + 4, y - 6, 14, 11)
        draw_text(draw, (box[0] + 21, y + 1), scout["carrying"], anchor="lm", font=fnt, fill=INK)


def token_boxes(view: View) -> list[tuple[str, Box]]:
    """What a view puts on the map, as (kind, box): scouts, order tags, German tokens, the soldier,
    highlighted choices. The layout checks in the tests hold these against the names."""
    out: list[tuple[str, Box]] = []

    def square(kind: str, x: float, y: float, r: float) -> None:
        out.append((kind, (x - r, y - r, x + r, y + r)))

    edges, nodes, picks = _option_targets(view)
    for edge_id in edges:
        line = edge_polyline(edge_id)
        square("choice", *point_along(line, sum(math.dist(a, b) for a, b in pairwise(line)) / 2), 16)
    for node_id in nodes:
        square("choice", *node_xy(node_id), 30)
    for blocked in view.get("blocked", []):
        square("blocked", *blocked_token_xy(blocked.get("edge"), blocked["location"]), 19)
    if view.get("soldier"):
        square("soldier", *node_xy(view["soldier"]), 27)
    for (_, scout, x, y), tag in _scout_layout(view):
        square("scout", x, y, SCOUT_R + (10 if scout["name"] in picks else 3))
        if tag:
            out.append(("tag", tag))
    return out


def _draw_prison(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Bottom-left corner of the map: scouts in prison and those waiting to re-enter."""
    box = PRISON_BOX
    x0 = box[0]
    draw.rounded_rectangle(box, radius=10, fill=(250, 247, 240), outline=INK, width=3)
    t = tx()
    draw_text(draw, (x0 + 12, box[1] + 8), t._("WIĘZIENIE · prison"), font=font(19, True), fill=INK,
              max_width=box[2] - x0 - 70)
    rows: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {"prison": [], "escaped": []}
    for player in view["players"]:
        for scout in player["scouts"]:
            if scout["status"] in rows:
                rows[scout["status"]].append((player, scout))
    for k, (status, label) in enumerate((("prison", t._("in prison")), ("escaped", t._("escaped, re-enter")))):
        y = box[1] + 58 + k * 52
        draw_text(draw, (x0 + 12, y - 20), label, font=font(15), fill=MUTED)
        if not rows[status]:
            draw_text(draw, (x0 + 12, y + 8), "–", font=font(18, True), fill=MUTED, anchor="lm")
        for i, (player, scout) in enumerate(rows[status][:10]):
            scout_disc(draw, x0 + 26 + i * 36, y + 9, 14, player_rgb(player), scout["name"][0])
    for i in range(5):  # bars
        bx = box[2] - 18 - i * 9
        draw.line([(bx, box[1] + 10), (bx, box[1] + 34)], fill=GERMAN, width=3)


# --- the banner: what a phone shows at 400 px wide ----------------------------------------------

def score_of(view: View, player: dict[str, Any]) -> int:
    """A player's score as the summary says it: the final total once the game is scored."""
    breakdown = (view.get("outcome") or {}).get("breakdown") or {}
    row = breakdown.get(player["seat"])
    if row is not None and (view.get("outcome") or {}).get("winners"):
        return int(row.get("total", 0))
    return int(player.get("points", 0))


def score_label(view: View, player: dict[str, Any]) -> str:
    """The score as the board shows it: a dash after a loss, when no points are counted."""
    outcome = view.get("outcome") or {}
    if outcome and not outcome.get("winners") and outcome.get("reason") != "abandoned":
        return "–"
    return str(score_of(view, player))


def banner_lines(view: View, room: float = math.inf) -> tuple[str, str]:
    """The banner's two lines: round and phase; who is asked what (or the result). `room` is the
    second line's width: what does not fit it in the smallest banner size is said shorter."""
    title, asked, _ = _banner_parts(view, room)
    return title, asked


def _banner_parts(view: View, room: float) -> tuple[str, str, list[str]]:
    """The banner's two lines and the seats whose discs lead the second: a list of colours too long
    for `room` gives way to a disc each, the card's points left (the panel says them) are dropped."""
    t = tx()
    phase = phase_word(view)
    if view.get("phase") == "objectives":
        title = t._("Objectives draft")
    elif view.get("phase") == "over" or view.get("outcome"):
        title = t._("Game over · round {round}", round=view.get("round", 0))
    else:
        title = t._("Round {round} · {phase}", round=view.get("round", 0), phase=phase)
    lines = _status_lines(view)
    asked = lines[0] if lines else ""
    awaited = [s for s in _awaited(view) if s in _players(view)]
    discs = awaited[:1] if not view.get("outcome") else []
    seats = [colour_name(_players(view)[s]["colour"]) for s in view.get("to_act") or [] if s in _players(view)]

    def fits(text: str) -> bool:
        return font(BANNER_FLOOR, True).getlength(text) <= room

    if not view.get("outcome") and not view.get("pending") and seats and view.get("phase") in ("cards", "objectives"):
        cards = view.get("phase") == "cards"
        if len(seats) > 1 and len(seats) == len(_banner_players(view)):  # the pills' outlines show who
            asked = t._("Everybody: choose a movement card") if cards else t._("Everybody: keep 3 objectives")
        else:
            listed = ", ".join(seats)
            asked = t._("{players}: choose a movement card", players=listed) if cards else \
                t._("{players}: keep 3 objectives", players=listed)
            if not fits(asked):
                asked = t._("Choose a movement card") if cards else t._("Keep 3 objectives")
                discs = awaited
    outcome = view.get("outcome") or {}
    if outcome and not outcome.get("winners"):
        asked = t._("Game abandoned") if outcome.get("reason") == "abandoned" else \
            t._("Warsaw has fallen: everybody loses")
    current = view.get("current") or {}
    if current and not view.get("pending") and len(lines) > 1 and fits(asked + " · " + lines[1]):
        asked += " · " + lines[1]
    return title, asked, discs


def banner_size(text: str, sizes: tuple[int, ...], width: float) -> int:
    """The largest of the sizes at which the text fits the width (else the smallest: then cut)."""
    return next((s for s in sizes if font(s, True).getlength(text) <= width), sizes[-1])


def _banner_players(view: View) -> list[dict[str, Any]]:
    return [p for p in view["players"] if not p.get("dropped")][:4]


def pill_widths(view: View) -> list[int]:
    """The width of each column of score pills: wide enough for its longest colour name in full
    ("Pomarańczowy") beside a two-digit score, the same for a column's pills."""
    players = _banner_players(view)
    cols = 2 if len(players) > 2 else len(players) or 1
    widths = [PILL_W] * cols
    score_font, name_font = font(PILL_SCORE, True), font(PILL_NAME, True)
    for i, player in enumerate(players):
        score = max(score_font.getlength(score_label(view, player)), score_font.getlength("88"))
        need = math.ceil(name_font.getlength(colour_name(player["colour"])) + score + 44)  # 12 / 20 / 12 apart
        widths[i % cols] = min(PILL_MAX, max(widths[i % cols], need))
    return widths


def _scores_x(widths: list[int]) -> int:
    return WIDTH - 16 - sum(widths) - (len(widths) - 1) * PILL_GAP


def banner_widths(view: View) -> tuple[float, float]:
    """How wide the banner's title and its second line may be (the scores take the right)."""
    scores_x = _scores_x(pill_widths(view))
    return scores_x - 44, scores_x - 24 - 48 - 20


def _draw_banner(draw: ImageDraw.ImageDraw, view: View) -> None:
    draw.rectangle((0, 0, WIDTH, BANNER - 1), fill=INK)
    players = _banner_players(view)
    widths = pill_widths(view)
    scores_x = _scores_x(widths)
    title, asked, discs = _banner_parts(view, banner_widths(view)[1])
    left = 24
    size = banner_size(title, (56, 50, 44), scores_x - left - 20)
    draw_text(draw, (left, 12 + (56 - size) // 2), title,
              font=font(size, True), fill=WHITE, max_width=scores_x - left - 20)
    awaited = _awaited(view)
    by_seat = _players(view)
    x = left
    for seat in discs:
        draw.ellipse((x, 92, x + 36, 128), fill=player_rgb(by_seat[seat]), outline=WHITE, width=3)
        x += 48
    size = banner_size(asked, BANNER_SIZES, scores_x - x - 20)
    draw_text(draw, (x, 86 + (42 - size) // 2), asked,
              font=font(size, True), fill=TURN, max_width=scores_x - x - 20)
    winners = set((view.get("outcome") or {}).get("winners") or [])
    cols = len(widths)
    for i, player in enumerate(players):
        col, pill_w = i % cols, widths[i % cols]
        px = scores_x + sum(widths[:col]) + col * PILL_GAP
        py = 12 + (i // cols) * (PILL_H + 2) if len(players) > 2 else 12 + 32
        rgb = player_rgb(player)
        win = player["seat"] in winners
        draw.rounded_rectangle((px, py, px + pill_w, py + PILL_H), radius=12, fill=TROPHY if win else rgb,
                               outline=WHITE, width=3 if player["seat"] in awaited else 1)
        ink = INK if win or sum(rgb) > 450 else WHITE
        name, score = colour_name(player["colour"]), score_label(view, player)
        room = pill_w - 36 - font(PILL_SCORE, True).getlength(score)  # only a name past PILL_MAX shrinks
        draw_text(draw, (px + 12, py + PILL_H / 2), name, anchor="lm", font=font(PILL_NAME, True), fill=ink,
                  max_width=room)
        draw_text(draw, (px + pill_w - 12, py + PILL_H / 2), score, anchor="rm", font=font(PILL_SCORE, True),
                  fill=ink)


# --- the panel -------------------------------------------------------------------------------

def _players(view: View) -> dict[str, dict[str, Any]]:
    return {p["seat"]: p for p in view["players"]}


def _awaited(view: View) -> list[str]:
    seats = list(view.get("to_act") or [])
    for key in ("current", "pending"):
        part = view.get(key) or {}
        if part.get("seat") and part["seat"] not in seats:
            seats.append(part["seat"])
    return seats


def _status_lines(view: View) -> list[str]:
    t = tx()
    players = _players(view)

    def who(seat: str) -> str:
        return colour_name(players[seat]["colour"]) if seat in players else str(seat)

    outcome = view.get("outcome")
    if outcome:
        if outcome.get("winners"):
            return [t._("Winner: {players}", players=", ".join(who(s) for s in outcome["winners"]))]
        return [_lost_text(view)]
    pending = view.get("pending")
    if pending:
        player = who(pending["seat"])
        kind = {"choose_scout": lambda: t._("{player} picks a scout", player=player),
                "soldier_to": lambda: t._("{player} picks the soldier's space", player=player),
                "block_path": lambda: t._("{player} blocks a path", player=player),
                "displace": lambda: t._("{player} moves a displaced scout", player=player)}
        lines = [kind[pending["kind"]]() if pending["kind"] in kind else t._("{player} chooses", player=player)]
        if pending.get("why"):
            lines.append(t.say(pending["why"]))
        return lines
    current = view.get("current")
    if current:
        player = who(current["seat"])
        if current.get("stage") == "place":
            head = t._("{player} re-enters a scout", player=player)
        elif current.get("stage") == "action":
            head = t._("{player} takes the card's action", player=player)
        elif current.get("stage") == "bonus":
            head = t._("{player}: bonus move with {scout}", player=player, scout=current["scout"]) \
                if current.get("scout") else t._("{player}: bonus move with a scout", player=player)
        else:
            head = t._("{player} moves", player=player)
        left = int(current.get("points_left", 0))
        if current.get("mode") == "jump":
            return [head, t.n_("card {card}: {count} point left (jump)", "card {card}: {count} points left (jump)",
                               left, card=current.get("card"))]
        return [head, t.n_("card {card}: {count} point left", "card {card}: {count} points left", left,
                           card=current.get("card"))]
    seats = view.get("to_act") or []
    names = ", ".join(who(s) for s in seats)
    if view.get("phase") == "cards":
        return [t._("Choosing cards: {players}", players=names)] if seats else [t._("Cards revealed")]
    if view.get("phase") == "objectives":
        return [t._("Choosing objectives: {players}", players=names)]
    return [t._("Waiting for {players}", players=names)] if seats else []


def _lost_text(view: View) -> str:
    t = tx()
    reason = str((view.get("outcome") or {}).get("reason", ""))
    if reason == "abandoned":
        return t._("Game abandoned")
    if "district" in reason or len(view.get("fallen", [])) >= 3:
        return t._("Warsaw has fallen: a third district is lost. Everybody loses.")
    return t._("Warsaw has fallen: the fourth token. Everybody loses.")


def _draw_header(draw: ImageDraw.ImageDraw, view: View) -> None:
    t = tx()
    phase = phase_word(view)
    title = t._("Round {round} · {phase}", round=view.get("round", 0), phase=phase) if view.get("round") else phase
    draw_text(draw, (PX0, 12), title, font=font(30, True), fill=INK)
    extended, jump = view.get("variant") == "extended", bool(view.get("jump_costs_one_point"))
    variant = {(False, False): t._("Mali Powstańcy · basic"),
               (False, True): t._("Mali Powstańcy · basic, jump costs 1"),
               (True, False): t._("Mali Powstańcy · extended"),
               (True, True): t._("Mali Powstańcy · extended, jump costs 1")}[(extended, jump)]
    draw_text(draw, (PX0, 50), variant, font=font(17), fill=MUTED)
    die = view.get("die")
    right = PX1
    if die:
        size = 58
        die_face(draw, PX1 - size, 12, size, die.get("colour", "black"), int(die.get("value", 0)))
        label = t.p_("die", "soldier") if die.get("colour") == "black" else t.p_("die", "bonus")
        draw_text(draw, (PX1 - size / 2, 12 + size + 3), label, anchor="mt", font=font(15, True), fill=INK)
        right = PX1 - size - 10
    lines = _status_lines(view)
    awaited = _awaited(view)
    colour = player_rgb(_players(view)[awaited[0]]) if awaited and awaited[0] in _players(view) else INK
    y = 78
    if lines:
        fnt = font(23, True)
        draw.ellipse((PX0, y + 4, PX0 + 18, y + 22), fill=colour, outline=INK, width=2)
        y += 28 * draw_wrapped(draw, (PX0 + 26, y), lines[0], fnt, INK, max_width=right - PX0 - 30, line_height=28,
                               max_lines=2)
        for text in lines[1:]:
            y += 22 * draw_wrapped(draw, (PX0 + 26, y), text, font(18), INK, max_width=PX1 - PX0 - 26,
                                   line_height=22, max_lines=2)


TRACK_TOP = 170
TRACK_BOTTOM = 680


def _draw_track(draw: ImageDraw.ImageDraw, view: View) -> None:
    track = view.get("track") or []
    draw.line([(PX0, TRACK_TOP - 8), (PX1, TRACK_TOP - 8)], fill=INK, width=2)
    t = tx()
    draw_text(draw, (PX0, TRACK_TOP), t._("ORDERS"), font=font(22, True), fill=INK)
    deck = int(view.get("deck", 0))
    discarded = len(view.get("discarded", []))
    deck_text = t._("deck {deck} · discarded {discarded}", deck=deck, discarded=discarded) if discarded else \
        t._("deck {deck}", deck=deck)
    fnt = font(20, True)
    w = fnt.getlength(deck_text)
    for k in range(3):  # a little stack of card backs
        draw.rounded_rectangle((PX1 - w - 40 + k * 3, TRACK_TOP - 2 + k * 3, PX1 - w - 22 + k * 3,
                                TRACK_TOP + 20 + k * 3), radius=3, fill=(90, 70, 50), outline=WHITE)
    draw_text(draw, (PX1, TRACK_TOP + 2), deck_text, anchor="ra", font=fnt, fill=INK)
    top = TRACK_TOP + 34
    n = max(1, len(track))
    row_h = (TRACK_BOTTOM - top) / n
    carriers = _carrier_discs(view)
    for i, space in enumerate(track):
        y0 = top + i * row_h
        last = i == n - 1
        badge = ALERT if last else INK
        draw.rounded_rectangle((PX0, y0 + 4, PX0 + 30, y0 + row_h - 6), radius=6, fill=badge)
        draw_text(draw, (PX0 + 15, y0 + row_h / 2), str(i + 1), anchor="mm", font=font(22, True), fill=WHITE)
        x = PX0 + 38
        if not space:
            draw.rounded_rectangle((x, y0 + 4, PX1, y0 + row_h - 6), radius=8, outline=(200, 192, 180),
                                   width=2)
        compact = len(space) > 2
        cols = 2 if len(space) <= 4 else 3
        lines = 1 if not compact else math.ceil(len(space) / cols)
        card_w = (PX1 - x - 8 * (cols - 1)) / cols
        card_h = (row_h - 10 - 4 * (lines - 1)) / lines
        for j, order_id in enumerate(space):
            cx0 = x + (j % cols) * (card_w + 8)
            cy0 = y0 + 4 + (j // cols) * (card_h + 4)
            box = (cx0, cy0, cx0 + card_w, cy0 + card_h)
            if order_id == "VICTORY":
                _victory_card(draw, box)
            elif compact:
                _compact_card(draw, box, order_id, view.get("orders", {}).get(order_id),
                              carriers.get(order_id, []))
            else:
                _order_card(draw, box, order_id, view.get("orders", {}).get(order_id),
                            carriers.get(order_id, []))
    if track:
        draw_text(draw, (PX1, TRACK_BOTTOM + 2), t._("leaves the track after this round ↑"), anchor="ra",
                  font=font(14), fill=ALERT)


def _carrier_discs(view: View) -> dict[str, list[tuple[RGB, str]]]:
    out: dict[str, list[tuple[RGB, str]]] = defaultdict(list)
    for player in view["players"]:
        for scout in player["scouts"]:
            if scout.get("carrying"):
                out[scout["carrying"]].append((player_rgb(player), scout["name"][0]))
    return out


def _order_card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], order_id: str,
                order: dict[str, Any] | None, carriers: list[tuple[RGB, str]]) -> None:
    x0, y0, x1, y1 = box
    order = order or {"from": "?", "to": "?", "points": 0}
    src = BOARD.nodes.get(order["from"], {}).get("district")
    dst = BOARD.nodes.get(order["to"], {}).get("district")
    src_rgb = hex_rgb(BOARD.districts[src]["colour"]) if src else MUTED
    dst_rgb = hex_rgb(BOARD.districts[dst]["colour"]) if dst else MUTED
    draw.rounded_rectangle(box, radius=8, fill=WHITE, outline=INK, width=2)
    draw.rounded_rectangle((x0 + 2, y0 + 2, x0 + 12, y1 - 2), radius=4, fill=src_rgb)
    draw.rounded_rectangle((x1 - 12, y0 + 2, x1 - 2, y1 - 2), radius=4, fill=dst_rgb)
    h = y1 - y0
    r = 19
    cx, cy = x1 - 16 - r, y0 + 6 + r
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TROPHY, outline=INK, width=2)
    draw_text(draw, (cx, cy + 1), str(order["points"]), anchor="mm", font=font(21, True), fill=INK)
    draw_text(draw, (x0 + 18, y0 + 6), order_id, font=font(15, True), fill=MUTED)
    for k, (rgb, initial) in enumerate(carriers):
        scout_disc(draw, x0 + 70 + k * 24, y0 + 15, 9, rgb, initial)
    fnt = font(19, True)
    width = x1 - x0 - 30
    mid = y0 + h * 0.55
    draw_text(draw, (x0 + 18, mid - 2), place_name(order["from"], fnt, width - 2 * r), anchor="ls",
              font=fnt, fill=INK)
    draw_text(draw, (x0 + 18, mid + 24), "→ " + place_name(order["to"], fnt, width - 24), anchor="ls",
              font=fnt, fill=INK)


def _compact_card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], order_id: str,
                  order: dict[str, Any] | None, carriers: list[tuple[RGB, str]]) -> None:
    """A small order card for a crowded track space: points, origin and destination."""
    x0, y0, x1, y1 = box
    order = order or {"from": "?", "to": "?", "points": 0}
    src = BOARD.nodes.get(order["from"], {}).get("district")
    src_rgb = hex_rgb(BOARD.districts[src]["colour"]) if src else MUTED
    draw.rounded_rectangle(box, radius=6, fill=WHITE, outline=INK, width=2)
    draw.rounded_rectangle((x0 + 2, y0 + 2, x0 + 9, y1 - 2), radius=3, fill=src_rgb)
    r = min(15, (y1 - y0) / 2 - 3)
    cx, cy = x0 + 14 + r, (y0 + y1) / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TROPHY, outline=INK, width=2)
    draw_text(draw, (cx, cy + 1), str(order["points"]), anchor="mm", font=font(17, True), fill=INK)
    fnt = font(15, True)
    tx = cx + r + 6
    width = x1 - tx - 4 - 20 * len(carriers)
    draw_text(draw, (tx, cy - 2), place_name(order["from"], fnt, width), anchor="ls", font=fnt, fill=INK)
    draw_text(draw, (tx, cy + 16), "→ " + place_name(order["to"], fnt, width - 16), anchor="ls", font=fnt,
              fill=INK)
    for k, (rgb, initial) in enumerate(carriers):
        scout_disc(draw, x1 - 13 - k * 20, y0 + 12, 8, rgb, initial)


def _victory_card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=(150, 25, 30), outline=TROPHY, width=4)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    small = y1 - y0 < 70 or x1 - x0 < 200
    draw_text(draw, (cx, cy - (0 if small else 12)), tx()._("VICTORY"), anchor="mm",
              font=font(17 if small else 22, True), fill=WHITE, max_width=x1 - x0 - 12)
    if not small:  # true at every track space: no orders phase any more, the game ends when it leaves
        ends = tx()._("game ends when it leaves")
        note = ends if font(15, True).getlength(ends) < x1 - x0 - 16 else tx()._("no more new orders")
        draw_text(draw, (cx, cy + 16), note, anchor="mm", font=font(15, True), fill=TROPHY, max_width=x1 - x0 - 16)


PLAYERS_TOP = 712
PLAYER_ROW = 80


def _draw_players(draw: ImageDraw.ImageDraw, view: View) -> None:
    t = tx()
    awaited = set(_awaited(view))
    outcome = view.get("outcome") or {}
    for i, player in enumerate(view["players"][:4]):
        y0 = PLAYERS_TOP + i * PLAYER_ROW
        box = (PX0, y0, PX1, y0 + PLAYER_ROW - 8)
        rgb = player_rgb(player)
        acting = player["seat"] in awaited
        draw.rounded_rectangle(box, radius=8, fill=light(rgb, 0.82),
                               outline=INK if acting else mix(rgb, INK, 0.3), width=5 if acting else 2)
        draw.rounded_rectangle((PX0 + 4, y0 + 4, PX0 + 16, y0 + PLAYER_ROW - 12), radius=4, fill=rgb)
        name = colour_name(player["colour"])
        if player["seat"] in outcome.get("winners", []):
            name += " ★"
        badges = [b for b, on in (("start", player["seat"] == view.get("start_player")), ("turn", acting)) if on]
        delivered = len(player.get("delivered", []))
        if view.get("variant") == "extended":
            info = t.n_("{count} order · {objectives} objectives", "{count} orders · {objectives} objectives",
                        delivered, objectives=player.get("objectives", 0))
        else:
            info = t.n_("{count} order", "{count} orders", delivered)
        if player.get("dropped"):
            info = t._("left the game")
        # The badges follow the name; where the name would have to shrink for them (a long colour
        # name: "Pomarańczowy"), the last ones follow the line below it, as many as that has room
        # for; where neither has room (an extended game's longer line below), they go under the
        # cards, after the card's note; where not even there, the turn's badge is left out (the
        # row's thick frame and the banner say whose turn it is).
        full, small = font(24, True), font(17)
        under = PX0 + 250 + font(15, True).getlength(_hand_note(view, player)) + 10
        room = PX1 - 10 - font(14).getlength(t._("points")) - 6 - under  # before the word "points"
        used = (full.getlength(name) + 10, 26 + small.getlength(info) + 10)  # the name line, the line below
        k = _badges_on_name_line(badges, *used)
        if k is None and _extent(badges) > room and "turn" in badges:
            badges = [b for b in badges if b != "turn"]
            k = _badges_on_name_line(badges, *used)
        if k is None and _extent(badges) > room:
            k = len(badges)  # nowhere else: the name shrinks
        name, fnt = shrunk(name, full, 214 - sum(BADGE_WIDTH[b] for b in badges[:k or 0]))  # before the cards
        draw_text(draw, (PX0 + 26, y0 + 6), name, font=fnt, fill=INK)
        draw_text(draw, (PX0 + 26, y0 + 40), info, font=small, fill=INK, max_width=220)
        if k is None:
            _badges(draw, badges, under, y0 + 51, 17)  # between the cards and the frame
        else:
            _badges(draw, badges[:k], PX0 + 26 + fnt.getlength(name) + 10, y0 + 9)
            _badges(draw, badges[k:], PX0 + 26 + small.getlength(info) + 10, y0 + 38)
        _hand(draw, view, player, PX0 + 250, y0 + 8, acting)
        draw_text(draw, (PX1 - 10, y0 + 10), score_label(view, player), anchor="ra", font=font(30, True),
                  fill=INK)
        draw_text(draw, (PX1 - 10, y0 + 46), t._("points"), anchor="ra", font=font(14), fill=MUTED)
        if player.get("dropped"):
            draw.line([(PX0 + 20, y0 + 36), (PX1 - 20, y0 + 36)], fill=MUTED, width=3)


BADGE_WIDTH = {"start": 62, "turn": 66}  # each with its gap


def _badges_on_name_line(badges: list[str], name: float, info: float) -> int | None:
    """How many of `badges` go on the name line (`name`, `info`: what the two lines already use):
    all where they fit beside the name, else as many as leave the rest room on the line below;
    None where no split fits."""
    for k in range(len(badges), -1, -1):
        if (name + sum(BADGE_WIDTH[b] for b in badges[:k]) <= 214
                and info + sum(BADGE_WIDTH[b] for b in badges[k:]) <= 224):
            return k
    return None


def _extent(badges: list[str]) -> float:
    """How wide `badges` are drawn side by side (the last one without its gap)."""
    return sum(BADGE_WIDTH[b] for b in badges) - (8 if badges and badges[-1] == "start" else 0)


def _badges(draw: ImageDraw.ImageDraw, badges: list[str], x: float, top: float, high: int = 22) -> None:
    t = tx()
    mid, size = top + high / 2, 13 if high >= 20 else 12
    for badge in badges:
        if badge == "start":
            draw.rounded_rectangle((x, top, x + 54, top + high), radius=5, fill=INK)
            draw_text(draw, (x + 27, mid), t._("START"), anchor="mm", font=font(size, True), fill=WHITE,
                      max_width=50)
        else:
            draw.rounded_rectangle((x, top, x + 66, top + high), radius=5, fill=TURN, outline=INK, width=2)
            draw_text(draw, (x + 33, mid), t._("▶ TURN"), anchor="mm", font=font(size, True), fill=INK,
                      max_width=62)
        x += BADGE_WIDTH[badge]


def _hand_note(view: View, player: dict[str, Any]) -> str:
    """The line under a player's cards: their card this round, or whether they chose one yet."""
    card = player.get("card")
    if view.get("phase") == "cards" and card is None:
        return tx()._("✓ chosen") if player.get("chosen") else tx()._("choosing…")
    if card is not None:
        return tx()._("plays {card}", card=card)
    return ""


def _hand(draw: ImageDraw.ImageDraw, view: View, player: dict[str, Any], x: float, y: float,
          acting: bool) -> None:
    hand, card = set(player.get("hand", [])), player.get("card")
    w, h, gap = 30, 40, 5
    for v in range(1, 6):
        state = "chosen" if v == card else "hand" if v in hand else "played"
        movement_card(draw, x + (v - 1) * (w + gap), y, w, h, v, state, accent=player_rgb(player))
    note = _hand_note(view, player)
    if note:
        draw_text(draw, (x, y + h + 5), note, font=font(15, True), fill=INK if player.get("chosen") else MUTED)


def _district_danger(view: View) -> list[str]:
    """How close each district is to falling, in words (extended): the map's squares say it too."""
    t = tx()
    fallen = set(view.get("fallen", []))
    if len(fallen) >= 3:
        return [t._("three districts have fallen")]
    shaky = sorted(BOARD.districts[d]["name"] for d, n in (view.get("undelivered") or {}).items()
                   if n >= 1 and d not in fallen and d in BOARD.districts)
    if not shaky:
        return [t._("no district is close to falling")]
    return [t._("one more lost order and it falls:"), ", ".join(shaky)]


def _draw_tokens(draw: ImageDraw.ImageDraw, view: View) -> None:
    y0 = PLAYERS_TOP + 4 * PLAYER_ROW + 4
    box = (PX0, y0, PX1, HEIGHT - 10)
    draw.rounded_rectangle(box, radius=10, fill=(252, 250, 246), outline=INK, width=2)
    cy = (box[1] + box[3]) / 2
    if view.get("variant") == "extended":
        fallen = len(view.get("fallen", []))
        draw_text(draw, (PX0 + 14, y0 + 10), tx()._("Districts fallen"), font=font(20, True), fill=INK, max_width=190)
        draw_text(draw, (PX0 + 14, y0 + 38), f"{fallen}/3", font=font(40, True), fill=ALERT if fallen else INK)
        draw_text(draw, (PX0 + 14, y0 + 88), tx()._("the 3rd: all lose"), font=font(14), fill=MUTED, max_width=190)
        for i in range(3):
            x = PX0 + 240 + i * 80
            if i < fallen:
                big_token(draw, x, cy, 30)
            else:
                draw.rounded_rectangle((x - 30, cy - 30, x + 30, cy + 30), radius=8, outline=(190, 182, 170),
                                       width=3)
        for k, line in enumerate(reversed(_district_danger(view))):
            draw_text(draw, (PX1 - 10, box[3] - 8 - k * 19), line, anchor="rd", font=font(16, True), fill=ALERT)
    else:
        tokens = int(view.get("small_tokens", 0))
        draw_text(draw, (PX0 + 14, y0 + 10), tx()._("German troops"), font=font(20, True), fill=INK, max_width=186)
        draw_text(draw, (PX0 + 14, y0 + 38), f"{tokens}/4", font=font(40, True),
                  fill=ALERT if tokens >= 3 else INK)
        draw_text(draw, (PX0 + 14, y0 + 88), tx()._("the 4th: all lose"), font=font(14), fill=MUTED, max_width=186)
        for i in range(4):
            x = PX0 + 230 + i * 72
            if i < tokens:
                small_token(draw, x, cy, 24)
            else:
                draw.rounded_rectangle((x - 24, cy - 24, x + 24, cy + 24), radius=6,
                                       outline=ALERT if i == 3 else (190, 182, 170), width=3)


# --- the phone's crop --------------------------------------------------------------------------

def crop_png(view: View) -> bytes | None:
    """A seat's part of the map for a phone (renderers/crop.py): `view` is the seat's private view
    with its legal actions under "choices"; None when no choice names a place on the map. Only the
    public part of the view is drawn."""
    public = {k: v for k, v in view.items() if k not in ("me", "choices")}
    me = (view.get("me") or {}).get("seat")
    scouts = {scout["name"]: (x, y) for (player, scout, x, y), _ in _scout_layout(public)
              if player["seat"] == me}
    marks = phone.marks(list(view.get("choices") or []), scouts)
    if not marks:
        return None
    title = phone.title(view, [m.label for m in marks if m.piece])
    legend = tx()._("ringed: your scouts · yellow: where they can go")
    img = crop.picture(_render_map_and_panel(public), marks, MAP_BOX, title, legend,
                       avoid=list(label_boxes().values()))
    return crop.png(img)
