"""Every text drawn on an image goes through renderers/text.py: it can be recorded with its place, it
fits its box when longer (a translation), and the fonts carry every Polish and Italian letter."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from games import registry
from games.africa import GAME as AFRICA
from games.africa.samples import sample_states
from games.mali.board import BOARD
from renderers import africa, mali, maquis, westerplatte
from renderers.common import font
from renderers.mali import base
from renderers.mali.samples import PUBLIC
from renderers.text import SHRINK_FLOOR, Drawn, draw_text, draw_wrapped, recording, shrunk
from renderers.westerplatte import board as westerplatte_board

RENDERERS = Path(__file__).resolve().parents[2] / "renderers"
SAMPLE = Path(__file__).resolve().parents[1] / "sample_game" / "renderers"  # the layout a new game copies
TEXT_METHODS = {"text", "multiline_text", "textbbox", "multiline_textbbox", "textlength"}
LETTERS = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ àèéìòùÀÈÉÌÒÙ „ ” « » – …".replace(" ", "")


def direct_text_calls(source: str) -> list[int]:
    """Lines of a module that call an ImageDraw text method themselves."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in TEXT_METHODS
    ]


def test_no_renderer_draws_text_but_through_the_seam() -> None:
    assert direct_text_calls((RENDERERS / "text.py").read_text())  # the check sees a call where there is one
    found = {
        str(path): lines
        for path in sorted([*RENDERERS.rglob("*.py"), *SAMPLE.rglob("*.py")])
        if path.name != "text.py" and (lines := direct_text_calls(path.read_text()))
    }
    assert found == {}


def _glyph(fnt: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = fnt.getmask(char)
    return mask.size, bytes(mask)


def _used_in_renderers() -> str:
    """Every non-ASCII character written in the renderers' code (arrows, stars, Polish names)."""
    chars = {c for path in RENDERERS.rglob("*.py") for c in path.read_text() if ord(c) > 127}
    return "".join(sorted(chars))


@pytest.mark.parametrize("bold", [False, True])
def test_the_fonts_carry_every_polish_and_italian_letter(bold: bool) -> None:
    fnt = font(20, bold)
    missing = _glyph(fnt, "\u0378")  # unassigned: drawn as the font's .notdef box
    assert _glyph(fnt, "\uf8ff") == missing  # a private-use letter no font of ours has: the check can fail
    wanted = LETTERS + _used_in_renderers()
    assert [c for c in wanted if _glyph(fnt, c) == missing] == []


def _texts(drawn: list[Drawn]) -> set[str]:
    return {d.text for d in drawn}


def _inside(drawn: list[Drawn], size: tuple[int, int]) -> None:
    for d in drawn:
        assert -1 <= d.xy[0] <= size[0] + 1 and -1 <= d.xy[1] <= size[1] + 1, d


def test_recording_mali_board_notes_place_names_and_headers() -> None:
    base.base_map.cache_clear()  # the map's names are drawn once, into a cached base image
    base.district_labels.cache_clear()
    with recording() as drawn:
        mali.board_png(PUBLIC["basic_midgame"]())
    texts = _texts(drawn)
    assert {"Pawiak", "Cytadela", "ORDERS", "WIĘZIENIE · prison"} <= texts
    assert BOARD.districts["wola"]["name"].upper() in texts
    assert {d.where.rsplit(":", 1)[0] for d in drawn} >= {"renderers.mali.base", "renderers.mali"}
    _inside(drawn, mali.SIZE)


def test_recording_africa_board_and_hand() -> None:
    state = dict(sample_states(4, 5))["turn"]
    with recording() as drawn:
        africa.board_png(AFRICA.view(state, None))
    assert {"Timbuktu", "Heart of Africa", "Resource table"} <= _texts(drawn)
    with recording() as drawn:
        africa.private_png(AFRICA.view(state, state["seats"][0]))
    assert "Your action tokens" in _texts(drawn)
    assert all(d.where.startswith("renderers.africa.") for d in drawn)


def test_recording_westerplatte_board() -> None:
    westerplatte_board._background.cache_clear()
    game = registry.get("westerplatte")
    with recording() as drawn:
        westerplatte.board_png(game.view(game.setup(["p1", "p2"], {}, 3), None))
    texts = _texts(drawn)
    assert {"Day 1/7", "Morale", "Day piles", "German deck"} <= texts
    assert any(d.where.startswith("renderers.westerplatte.board:") for d in drawn)
    _inside(drawn, westerplatte.SIZE)


def test_recording_maquis_board_notes_a_wrapped_name_once_whole() -> None:
    game = registry.get("maquis")
    with recording() as drawn:
        maquis.board_png(game.view(game.setup(["p1", "p2"], {}, 3), None))
    texts = _texts(drawn)
    assert {"Pont du Nord", "Black Market", "Stock", "Officer's Mansion"} <= texts
    header = next(d for d in drawn if d.text.startswith("Morale "))
    assert not header.text.endswith("…")  # noted as given, before it is fitted to its box


def test_recording_is_off_outside_the_block_and_nests() -> None:
    img = Image.new("RGB", (200, 60), "white")
    d = ImageDraw.Draw(img)
    with recording() as outer:
        draw_text(d, (5, 5), "outer", font(12))
        with recording() as inner:
            draw_wrapped(d, (5, 20), "one two three four", font(12), max_width=40, line_height=14)
        draw_text(d, (5, 40), "again", font(12))
    draw_text(d, (5, 5), "unseen", font(12))
    assert [x.text for x in outer] == ["outer", "again"]
    assert [(x.text, x.xy) for x in inner] == [("one two three four", (5.0, 20.0))]
    assert inner[0].where == f"{__name__}:{_line_of('draw_wrapped(d, (5, 20)')}"


def _line_of(snippet: str) -> int:
    return next(i for i, line in enumerate(Path(__file__).read_text().splitlines(), 1) if snippet in line)


def _ink_box(img: Image.Image) -> tuple[int, int, int, int]:
    box = ImageChops.difference(img, Image.new("RGB", img.size, "white")).getbbox()
    assert box is not None
    return box


# Fixed boxes that labels are drawn into: (label, font size, bold, box width, anchor).
BOXES = [
    ("START", 13, True, 50, "mm"),  # Mali's start-player chip
    ("German deck", 20, True, 152, "mm"),  # Westerplatte's deck card
    ("Resource table", 20, True, 300, "mm"),  # a Heart of Africa panel title
    ("Morale (red: patrols)", 20, True, 300, "la"),  # Maquis's morale card
]


@pytest.mark.parametrize(("label", "size", "bold", "width", "anchor"), BOXES)
def test_a_label_40_percent_longer_stays_inside_its_box(
    label: str, size: int, bold: bool, width: int, anchor: str
) -> None:
    fnt = font(size, bold)
    longer = label
    while fnt.getlength(longer) < 1.4 * max(fnt.getlength(label), width):
        longer += re.sub(r"\W", "", label)[: max(1, len(longer) // 5)].lower()
    x0, x1 = 40, 40 + width
    xy = ((x0 + x1) / 2 if anchor[0] == "m" else x0, 40)
    img = Image.new("RGB", (width + 80, 80), "white")
    draw_text(ImageDraw.Draw(img), xy, longer, fnt, "black", anchor=anchor, max_width=width)
    left, _, right, _ = _ink_box(img)
    assert x0 - 1 <= left and right <= x1 + 1, (longer, left, right)

    plain, seam = (Image.new("RGB", (width + 80, 80), "white") for _ in range(2))
    ImageDraw.Draw(plain).text(xy, label, fill="black", font=fnt, anchor=anchor)
    draw_text(ImageDraw.Draw(seam), xy, label, fnt, "black", anchor=anchor, max_width=width)
    assert plain.tobytes() == seam.tobytes()  # a label that fits is drawn exactly as before


def test_a_too_long_text_shrinks_before_it_is_cut() -> None:
    fnt = font(20, True)
    text = "Morale (red: patrols)"
    shown, smaller = shrunk(text, fnt, fnt.getlength(text) / 1.3)
    assert shown == text and smaller.size < fnt.size and smaller.path == fnt.path
    shown, smallest = shrunk(text * 3, fnt, fnt.getlength(text) / 1.3)
    assert shown.endswith("…") and smallest.size == round(20 * SHRINK_FLOOR)
    assert smallest.getlength(shown) <= fnt.getlength(text) / 1.3
    assert shrunk(text, fnt, fnt.getlength(text)) == (text, fnt)


def test_recording_notes_a_text_as_it_was_drawn() -> None:
    d = ImageDraw.Draw(Image.new("RGB", (300, 80), "white"))
    fnt = font(20, True)
    text = "Morale (red: patrols)"
    with recording() as drawn:
        draw_text(d, (5, 5), text, fnt, max_width=fnt.getlength(text))
        draw_text(d, (5, 30), text, fnt, max_width=fnt.getlength(text) / 1.2)
        draw_text(d, (5, 55), text * 3, fnt, max_width=fnt.getlength(text))
        draw_wrapped(d, (5, 5), "one two three four", fnt, max_width=60, line_height=20, max_lines=2)
    whole, smaller, cut, wrapped = drawn
    assert (whole.shown, whole.size) == (text, 20)
    assert smaller.shown == text and smaller.size < 20
    assert cut.shown.endswith("…") and cut.text == text * 3 and cut.size == round(20 * SHRINK_FLOOR)
    assert wrapped.text == "one two three four" and wrapped.shown == "one two"
