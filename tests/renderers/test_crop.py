"""The phone's part of the board (renderers/crop.py) for each game, against real engine positions: it
holds the pieces the seat can act with and where they can go, it has one size far inside Discord's
upload limit, and it draws nothing the seat's secrets could change."""
from __future__ import annotations

import io
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image

import renderers
from games import registry
from games.africa.board import AREA
from games.simulate import choose, playout_rng
from renderers import crop
from renderers.africa import phone as africa_phone
from renderers.africa.geometry import LAYOUT, box
from renderers.common import font
from renderers.mali import _scout_layout
from renderers.mali import phone as mali_phone
from renderers.mali.geometry import MAP_BOX, node_xy
from renderers.maquis import board as maquis_board
from renderers.maquis import phone as maquis_phone
from renderers.text import recording
from renderers.westerplatte import phone as westerplatte_phone
from renderers.westerplatte.board import HEADER, WALL_XY
from renderers.westerplatte.board import SIZE as WP_SIZE

SIZE = (crop.OUT_W, crop.OUT_H + crop.TITLE_H)
UPLOAD_LIMIT = 8 * 1024 * 1024  # the smallest of Discord's upload limits
STEPS = {"mali": (40, 60, 75, 90, 120, 160), "africa": (40, 55, 90, 120, 160),
         "westerplatte": (3, 12, 30, 60, 100, 140), "maquis": (2, 5, 20, 40, 60)}
CROPPED = ["mali", "africa", "westerplatte", "maquis"]


@cache
def positions(key: str) -> tuple[tuple[int, str, dict[str, Any], dict[str, Any], list[dict[str, Any]]], ...]:
    """(step, seat, its private view, the public view, its legal actions) at each of STEPS[key] of one
    random 4-player game."""
    game = registry.get(key)
    state = game.setup(["p1", "p2"] if key == "maquis" else ["p1", "p2", "p3", "p4"], {}, 5)
    rng = playout_rng(5)
    out = []
    for step in range(max(STEPS[key]) + 1):
        if game.outcome(state) is not None:
            break
        if step in STEPS[key]:
            seat = game.to_act(state)[0]
            out.append((step, seat, game.view(state, seat), game.view(state, None),
                        game.legal_actions(state, seat)))
        seat, action = choose(game, state, rng)
        state, _ = game.apply(state, seat, action)
    return tuple(out)


def marks_of(key: str, mine: dict[str, Any], public: dict[str, Any], legal: list[dict[str, Any]]) -> list[crop.Mark]:
    if key == "africa":
        return africa_phone.marks(legal)
    if key == "westerplatte":
        return westerplatte_phone.marks(mine, legal)
    if key == "maquis":
        return maquis_phone.marks(legal)
    scouts = {s["name"]: (x, y) for (p, s, x, y), _ in _scout_layout(public) if p["seat"] == mine["me"]["seat"]}
    return mali_phone.marks(legal, scouts)


def bounds_of(key: str) -> crop.Box:
    if key == "westerplatte":
        return (0.0, float(HEADER), float(WP_SIZE[0]), float(WP_SIZE[1]))
    if key == "maquis":
        return (0.0, float(maquis_board.HEADER), float(maquis_board.W), float(maquis_board.H))
    return MAP_BOX if key == "mali" else box(LAYOUT["map_frame"])


def widths_of(key: str) -> tuple[float, float]:
    return {"westerplatte": westerplatte_phone.WIDTHS, "maquis": maquis_phone.WIDTHS}.get(key, (crop.MIN_W, crop.MAX_W))


@pytest.mark.parametrize("key", CROPPED)
def test_the_crop_holds_the_seats_pieces_and_where_they_go(key: str) -> None:
    drawn = 0
    for step, _, mine, public, legal in positions(key):
        marks = marks_of(key, mine, public, legal)
        data = renderers.draw(key, "crop", {**mine, "choices": legal})
        if not marks:
            assert data is None, (step, [a["type"] for a in legal])
            continue
        assert data is not None
        drawn += 1
        img = Image.open(io.BytesIO(data))
        assert img.size == SIZE and len(data) < UPLOAD_LIMIT // 16, (step, img.size, len(data))
        least, most = widths_of(key)
        win = crop.window(marks, bounds_of(key), (least, most))
        w, h = win[2] - win[0], win[3] - win[1]
        assert least - 1 <= w <= most + 1 and abs(w / h - crop.OUT_W / crop.OUT_H) < 0.01
        inside = [m for m in marks if crop._inside(m.x, m.y, win)]
        pieces = [m for m in marks if m.piece]
        assert not pieces or any(m.piece for m in inside), (step, pieces, win)
        xs, ys = [m.x for m in marks], [m.y for m in marks]
        if max(xs) - min(xs) + 2 * crop.PAD <= most and max(ys) - min(ys) + 2 * crop.PAD <= most * 0.75:
            assert inside == marks, (step, win)
    assert drawn >= 3


def test_mali_marks_are_the_scouts_and_spaces_the_choices_name() -> None:
    for step, seat, mine, public, legal in positions("mali"):
        marks = marks_of("mali", mine, public, legal)
        mine_on_board = {s["name"] for p in public["players"] if p["seat"] == seat for s in p["scouts"]
                         if s["status"] == "board"}
        named = {a["scout"] for a in legal if a.get("scout") in mine_on_board}
        assert {m.label for m in marks if m.piece} == named, step
        targets = {a["to"] for a in legal if a["type"] in ("step", "jump", "place_scout")}
        spots = {(m.x, m.y) for m in marks if not m.piece}
        assert {node_xy(t) for t in targets} <= spots, step


def test_westerplatte_marks_ring_the_officer_and_outline_its_places() -> None:
    seen = 0
    for step, seat, mine, _, legal in positions("westerplatte"):
        marks = westerplatte_phone.marks(mine, legal)
        turn = mine["turn"]
        moving = turn["seat"] == seat and any(a["type"] == "move" for a in legal)
        seen += moving
        if moving:
            officer = next(o for o in mine["officers"] if o["id"] == turn["officer"])
            assert [m.label for m in marks if m.piece][:1] == [officer["colour"].capitalize()], step
        walls = {a.get("to") or a.get("wall") for a in legal} & set(WALL_XY)
        xs = {m.x for m in marks if not m.piece}
        assert {WALL_XY[w][0] for w in walls} <= xs, step
        assert all(m.outline for m in marks if not m.piece)
    assert seen


def test_africa_marks_ring_the_pieces_moved_and_outline_the_areas_named() -> None:
    seen = False
    for step, _, _, _, legal in positions("africa"):
        marks = africa_phone.marks(legal)
        moves = [a for a in legal if a["type"] == "move"]
        seen = seen or bool(moves)
        assert sum(m.piece for m in marks) == len({a["from"] for a in moves}), step
        assert sum(not m.piece for m in marks) == len({v for a in legal for k, v in a.items()
                                                       if k != "from" and isinstance(v, str)
                                                       and v in AREA}), step
        assert all(m.outline for m in marks if not m.piece)
    assert seen


@pytest.mark.parametrize("key", CROPPED)
def test_nothing_secret_is_drawn(key: str) -> None:
    """The same crop from the seat's private view as from the public view with only the seat's name:
    its secrets (Mali: objectives, peeked orders; Africa: special victory tokens) change no pixel."""
    for step, _, mine, public, legal in positions(key):
        keep = {"me": {"seat": mine["me"]["seat"]}} if key != "africa" else {}
        assert set(mine) - {"me"} == set(public)
        assert renderers.draw(key, "crop", {**mine, "choices": legal}) == \
            renderers.draw(key, "crop", {**public, **keep, "choices": legal}), step


def test_the_window_prefers_the_seats_pieces_and_stays_on_the_board() -> None:
    bounds = (0.0, 0.0, 2000.0, 1500.0)
    marks = [crop.Mark(1800, 1400, piece=True), crop.Mark(1750, 1350, piece=False),
             crop.Mark(100, 100, piece=False), crop.Mark(200, 150, piece=False)]
    win = crop.window(marks, bounds)
    assert crop._inside(1800, 1400, win) and crop._inside(1750, 1350, win)
    assert not crop._inside(100, 100, win)
    assert min(win[0], win[1]) >= 0 and win[2] <= 2000 and win[3] <= 1500
    alone = crop.window([crop.Mark(10, 10, piece=True)], bounds)
    assert alone[:2] == (0.0, 0.0) and alone[2] == pytest.approx(crop.MIN_W)


def test_maquis_marks_ring_the_partisans_activated_and_outline_the_places() -> None:
    kinds: set[str] = set()
    for step, _, _, _, legal in positions("maquis"):
        marks = maquis_phone.marks(legal)
        kinds |= {a["type"] for a in legal}
        activated = {a["at"] for a in legal if a["type"] == "activate"}
        others = {a["at"] for a in legal if a["type"] in ("place", "shoot")}
        assert sum(m.piece for m in marks) == len(activated), step
        assert {(m.x, m.y) for m in marks if not m.piece} == {maquis_board.centre(at) for at in others}, step
    assert {"place", "activate"} <= kinds


def test_a_game_without_a_crop_draws_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """A renderer need not draw crops: the pool is then given None, and the panel goes without."""
    monkeypatch.setattr(renderers, "get", lambda key: SimpleNamespace(board_png=lambda view: b""))
    assert renderers.draw("mali", "crop", {"choices": []}) is None


def test_a_name_at_the_pictures_edge_is_moved_inside_whole() -> None:
    """A place whose name stands near the window's side (Madagascar at a crop's right edge) keeps
    its whole name in the picture: moved sideways, never cut by the edge."""
    board = Image.new("RGB", (2000, 1500), (230, 220, 200))
    marks = [crop.Mark(300, 300, piece=True)]
    win = crop.window(marks, (0.0, 0.0, 2000.0, 1500.0))
    edge = (win[2] - 4, (win[1] + win[3]) / 2)
    with recording() as drawn:
        crop.picture(board, marks, (0.0, 0.0, 2000.0, 1500.0), "Your turn", "",
                     names=[crop.Name(*edge, "Madagaskar"), crop.Name(win[0] + 2, edge[1] + 60, "Zachodnia")])
    fnt = font(crop.NAME_SIZE, True)
    placed = {d.text: d.xy[0] for d in drawn if d.text in ("Madagaskar", "Zachodnia")}
    assert set(placed) == {"Madagaskar", "Zachodnia"}
    for text, x in placed.items():  # drawn centred on x
        half = fnt.getlength(text) / 2
        assert x - half >= 0 and x + half <= crop.OUT_W, (text, x)


def test_a_name_moved_in_gives_way_to_one_at_its_own_place() -> None:
    """Moved in from the edge, a name that would cover another drawn at its own place is left out."""
    board = Image.new("RGB", (2000, 1500), (230, 220, 200))
    marks = [crop.Mark(300, 300, piece=True)]
    win = crop.window(marks, (0.0, 0.0, 2000.0, 1500.0))
    y = (win[1] + win[3]) / 2
    scale = crop.OUT_W / (win[2] - win[0])
    near = win[0] + 60 / scale  # 60 px into the picture: where the moved name would land
    with recording() as drawn:
        crop.picture(board, marks, (0.0, 0.0, 2000.0, 1500.0), "Your turn", "",
                     names=[crop.Name(win[0] + 2, y, "Afryka Zachodnia"), crop.Name(near + 40 / scale, y, "Beczuana")])
    assert [d.text for d in drawn if d.text in ("Afryka Zachodnia", "Beczuana")] == ["Beczuana"]
