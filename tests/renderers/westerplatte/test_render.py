"""Westerplatte images: drawn from views only, valid PNGs, no secrets on the public board."""
from __future__ import annotations

import io
import random
from itertools import pairwise

from PIL import Image

import lang
import renderers
from games.simulate import choose, playout_rng
from games.westerplatte import GAME
from renderers import westerplatte as R

PNG = b"\x89PNG\r\n\x1a\n"


def _open(data: bytes) -> Image.Image:
    assert data.startswith(PNG) and len(data) < 2 * 1024 * 1024
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _game(players: int, difficulty: str, seed: int) -> list[dict]:
    rng = playout_rng(seed)
    seats = [f"s{i + 1}" for i in range(players)]
    s = GAME.setup(seats, {"difficulty": difficulty, "mine_on_occupied_path": True,
                           "low_morale_stays_at_bottom": False}, seed)
    states = [s]
    while GAME.outcome(s) is None:
        seat, a = choose(GAME, s, rng)
        s, _ = GAME.apply(s, seat, a)
        states.append(s)
    return states


def test_registry() -> None:
    assert renderers.get("westerplatte") is R


def test_every_phase_reached_by_play_renders() -> None:
    seen: set[str] = set()
    for players, difficulty, seed in ((1, "easy", 3), (4, "hard", 5), (3, "medium", 8)):
        for s in _game(players, difficulty, seed):
            v = GAME.view(s, None)
            kind = "over" if v["outcome"] else (v["asked"] or {}).get("kind", "none")
            if kind in seen:
                continue
            seen.add(kind)
            img = _open(R.board_png(v))
            assert img.size == R.SIZE
            _open(R.private_png(GAME.view(s, v["to_act"][0] if v["to_act"] else "s1")))
            if v["outcome"]:
                assert _open(R.summary_png(v)).width == 1200
    assert {"officer_phase", "over", "guardhouse"} <= seen


def test_public_image_ignores_the_hidden_deck_order() -> None:
    s = _game(2, "medium", 4)[40]
    other = dict(s)
    deck = list(s["deck"])
    head = [c for c in deck if c not in s["under"]]
    # reorder the unseen phase-two cards below the top card and the events: nothing public changes
    top, rest = head[:1], head[1:]
    random.Random(1).shuffle(rest)
    other["deck"] = top + sorted(rest, key=lambda c: (c.split("_")[1] < "25", c)) + list(s["under"])
    other["event_deck"] = list(reversed(s["event_deck"]))
    v1, v2 = GAME.view(s, None), GAME.view(other, None)
    assert v1 == v2
    assert R.board_png(v1) == R.board_png(v2)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_beside_label_and_the_outpost_counts_stand_clear_and_readable() -> None:
    """Issue 22: "beside: 1 shells, 1 mines" overlapped the card on path A, space II; the outposts'
    bricks carry their count, readable at 1000 px."""
    from PIL import Image, ImageDraw

    from games.westerplatte.board import RAW
    from renderers.common import font
    from renderers.westerplatte.board import (
        HEADER,
        LAYOUT,
        OUTPOST_COUNT,
        PATH_XY,
        SIZE,
        WALL_XY,
        beside_lines,
        outpost_count,
    )

    d = ImageDraw.Draw(Image.new("RGB", SIZE))
    cw, ch = LAYOUT["node_sizes"]["path_card"]
    cards = [(x - cw / 2, y + HEADER - ch / 2, x + cw / 2, y + HEADER + ch / 2)
             for spaces in PATH_XY.values() for x, y in spaces]
    view = {"beside": {"shells": 1, "mines": 1}}
    lines = beside_lines(view)
    assert [text for _, text, _ in lines] == ["beside the board:", "1 shell · 1 mine"]
    for xy, text, bold in lines:
        box = d.textbbox(xy, text, anchor="mm", font=font(20, bold))
        assert not any(_overlap(box, c) for c in cards), text
        assert box[0] >= 0
    scale = 1000 / SIZE[0]
    outposts = [w for w in WALL_XY if w.startswith("outpost")]
    slots = LAYOUT["brick_slots"]["round_outpost"]
    for w in outposts:
        xy, text = outpost_count(w, 3)
        assert text == "3/6"
        box = d.textbbox(xy, text, anchor="lm", font=font(OUTPOST_COUNT, True))
        assert (box[3] - box[1]) * scale >= 11  # glyphs at least 11 px tall at 1000 px wide
        for other in outposts:  # clear of every outpost's bricks and circle
            ox, oy = WALL_XY[other]
            r = LAYOUT["node_sizes"]["round_outpost_radius"]
            bricks = (ox + slots[0][0] - 9, oy + HEADER + slots[0][1] - 7, ox + slots[-1][0] + 9,
                      oy + HEADER + slots[-1][1] + 7)
            assert not _overlap(box, bricks) and not _overlap(box, (ox - r, oy + HEADER - r, ox + r, oy + HEADER + r))
    assert RAW["image"]["width"] == SIZE[0]


PHONE = 400  # how wide a phone shows the board


def test_no_word_is_cut_and_the_figures_read_on_a_phone() -> None:
    """Shown about 400 px wide on a phone, the board's labels were 5 px tall: every text is now
    drawn whole in en/pl/it, and the officers, troops, reserves and panels in sizes that read there."""
    from renderers.text import recording
    from renderers.westerplatte.board import OFFICER_R, RESERVE_COUNT, SIZE

    scale = PHONE / SIZE[0]
    assert RESERVE_COUNT * scale >= 10 and OFFICER_R * 2 * scale >= 12
    states = _game(4, "hard", 5)
    for s in (states[1], states[len(states) // 2], states[-1]):
        v = GAME.view(s, None)
        for language in ("en", "pl", "it"):
            with lang.use(language), recording() as drawn:
                R.board_png(v)
            cut = [d for d in drawn if d.shown != d.text]
            assert not cut, (language, cut)
            discs = [d for d in drawn if d.where.endswith(_line_of('str(o["ammo"])'))]
            assert len(discs) == len(v["officers"]) and all(d.size >= 30 for d in discs)
            counts = [d for d in drawn if d.size == RESERVE_COUNT]
            assert len(counts) == 4, language


def test_the_troop_cards_and_the_officers_stand_clear() -> None:
    """A troop's card, drawn wider than its space, leaves its path's letter and the next path clear;
    officers' discs on an outpost keep off its letter and each other."""
    from renderers.westerplatte.board import HEADER, LAYOUT, OFFICER_R, PATH_XY, TROOP_HALF, WALL_XY, officer_spots

    hw, hh = TROOP_HALF
    xs = sorted(spaces[0][0] for spaces in PATH_XY.values())
    assert all(b - a > 2 * hw + 40 for a, b in pairwise(xs))  # room for a letter between
    ys = sorted(y for y in {y for spaces in PATH_XY.values() for _, y in spaces})
    assert all(b - a >= 2 * hh for a, b in pairwise(ys))
    view = {"officers": [{"id": f"o{k}", "at": "outpost_b"} for k in range(4)]}
    spots = list(officer_spots(view).values())
    for i, a in enumerate(spots):
        for b in spots[i + 1:]:
            assert (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= (2 * OFFICER_R) ** 2
        x, y = WALL_XY["outpost_b"]
        r = LAYOUT["node_sizes"]["round_outpost_radius"]
        letter = (x - 12, y + HEADER - r + 4, x + 12, y + HEADER - r + 34)
        ring = (a[0] - OFFICER_R - 8, a[1] - OFFICER_R - 8, a[0] + OFFICER_R + 8, a[1] + OFFICER_R + 8)
        assert not _overlap(letter, ring)
    view = {"officers": [{"id": f"o{k}", "at": "guardhouse_3"} for k in range(4)]}
    spots = sorted(officer_spots(view).values())
    assert all(b[0] - a[0] >= 2 * OFFICER_R for a, b in pairwise(spots))


def _line_of(snippet: str) -> str:
    """':<line>' of the board module's line holding the snippet (where a text is drawn from)."""
    from pathlib import Path

    import renderers.westerplatte.board as board

    lines = Path(board.__file__).read_text().splitlines()
    return f":{next(i for i, line in enumerate(lines, 1) if snippet in line)}"
