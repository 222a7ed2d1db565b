"""The board findings of the Mali play-test: a phone header, totals that agree with the summary,
names on their own places, no prison in the extended game, danger in words."""
from __future__ import annotations

import math
from itertools import combinations

import pytest
from PIL import Image, ImageDraw

import lang
import renderers.mali as mali
from games.mali.board import BOARD
from renderers.common import font
from renderers.mali.base import base_map
from renderers.mali.geometry import TOKEN_HALF, blocked_token_xy, label_boxes, node_xy
from renderers.mali.pieces import colour_name
from renderers.mali.samples import PUBLIC
from renderers.text import Drawn, recording

PHONE = 400


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_the_header_says_round_phase_and_who_is_asked_at_phone_size(name: str) -> None:
    view = PUBLIC[name]()
    title, asked = mali.banner_lines(view)
    assert "round 0" not in title.lower()
    assert asked and "…" not in asked
    title_w, asked_w = mali.banner_widths(view)
    assert font(44, True).getlength(title) <= title_w, title  # never cut
    assert font(34, True).getlength(asked) <= asked_w, asked
    img = mali.render_board(view)
    assert img.size == mali.SIZE and img.width == 1600
    scale = PHONE / img.width
    # Text of these sizes is at least 10 px tall on a 400 px wide phone picture.
    assert 42 * scale >= 10 and 34 * scale >= 8
    awaited = view.get("to_act") or []
    if awaited and not view.get("outcome"):
        colours = {p["seat"]: p["colour"].capitalize() for p in view["players"]}
        assert any(colours[s] in asked for s in awaited), asked


def test_the_banner_is_drawn_above_the_board() -> None:
    img = mali.render_board(PUBLIC["basic_midgame"]())
    banner = img.crop((0, 0, img.width, mali.BANNER))
    # the dark band with light text: many dark pixels and some bright ones
    colours = list(banner.convert("L").tobytes())
    assert sum(1 for v in colours if v < 60) > 0.6 * len(colours)
    assert any(v > 200 for v in colours)


@pytest.mark.parametrize("name", ["ended_basic", "ended_extended"])
def test_the_final_board_shows_the_summary_totals(name: str) -> None:
    view = PUBLIC[name]()
    breakdown = view["outcome"]["breakdown"]
    for player in view["players"]:
        assert mali.score_of(view, player) == breakdown[player["seat"]]["total"]
    winners = view["outcome"]["winners"]
    best = max(b["total"] for b in breakdown.values())
    assert all(breakdown[w]["total"] == best for w in winners)


def test_no_prison_in_the_extended_game() -> None:
    img = mali.render_board(PUBLIC["extended_draft"]())  # no fallen district shades that corner
    x0, y0, x1, y1 = (int(v) for v in mali.PRISON_BOX)
    drawn = img.crop((x0, y0 + mali.BANNER, x1, y1 + mali.BANNER))
    bare = base_map().crop((x0, y0, x1, y1))
    assert drawn.tobytes() == bare.tobytes()
    basic = mali.render_board(PUBLIC["basic_midgame"]()).crop((x0, y0 + mali.BANNER, x1, y1 + mali.BANNER))
    assert basic.tobytes() != bare.tobytes()


def _nearest_location(box: tuple[float, float, float, float]) -> str:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return min(BOARD.locations, key=lambda n: math.dist(node_xy(n), (cx, cy)))


@pytest.mark.parametrize("loc", ["uniwersytet", "past"])
def test_a_name_sits_by_its_own_place(loc: str) -> None:
    assert _nearest_location(label_boxes()[loc]) == loc


def test_german_tokens_leave_browary_warszawskie_readable() -> None:
    name = label_boxes()["browary"]
    for edge in BOARD.paths_from["browary"] + [e for e in BOARD.edges if "browary" in e]:
        for end in (BOARD.edges[edge]["a"], BOARD.edges[edge]["b"]):
            x, y = blocked_token_xy(edge, end)
            box = (x - TOKEN_HALF, y - TOKEN_HALF, x + TOKEN_HALF, y + TOKEN_HALF)
            assert not (box[0] < name[2] and name[0] < box[2] and box[1] < name[3] and name[1] < box[3]), edge


def test_danger_in_words_and_no_small_tokens_jargon() -> None:
    view = PUBLIC["extended_cards"]()
    lines = mali._district_danger(view)
    assert "falls" in lines[0] and "Czerniaków" in lines[1] and "Ochota" in lines[1]
    assert mali._district_danger(PUBLIC["extended_draft"]()) == ["no district is close to falling"]
    assert mali._district_danger(PUBLIC["lost_third_district"]()) == ["three districts have fallen"]
    assert font(16, True).getlength(" ".join(lines)) > 0


def test_phone_picture_keeps_the_header_legible() -> None:
    img = mali.render_board(PUBLIC["extended_cards"]())
    small = img.resize((PHONE, round(img.height * PHONE / img.width)), Image.Resampling.LANCZOS)
    band = small.crop((0, 0, PHONE, round(mali.BANNER * PHONE / img.width)))
    assert band.height >= 35  # two lines of about 11-14 px text


def test_a_board_is_small_enough_for_a_phone_channel() -> None:
    for name in ("basic_midgame", "extended_cards"):
        assert len(mali.board_png(PUBLIC[name]())) < 200_000, name


def _banner_texts(view: dict[str, object], language: str) -> list[Drawn]:
    with lang.use(language), recording() as drawn:
        mali._draw_banner(ImageDraw.Draw(Image.new("RGB", (mali.SIZE[0], mali.BANNER))), view)
    return drawn


@pytest.mark.parametrize("language", ["en", "pl", "it"])
@pytest.mark.parametrize("name", ["basic_midgame", "extended_draft", "extended_cards", "ended_basic",
                                  "ended_extended", "lost_fourth_token"])
def test_every_score_pill_shows_its_colour_in_full(name: str, language: str) -> None:
    """"Pomarańczowy" was cut to "Pomarańcz…" at 3 players: every colour, in any 2-4 of them, is
    drawn whole in the pill's own size, and the line beside the pills is neither cut nor tiny."""
    sample = PUBLIC[name]()
    for count in range(2, len(sample["players"]) + 1):
        for players in combinations(sample["players"], count):
            view = {**sample, "players": list(players)}
            drawn = _banner_texts(view, language)
            with lang.use(language):
                names = [colour_name(p["colour"]) for p in players]
            title, asked, pills = drawn[0], drawn[1], drawn[2::2]
            assert [d.text for d in pills] == names
            for d in [title, asked, *pills]:
                assert d.shown == d.text, (language, count, d)
            assert {d.size for d in pills} == {mali.PILL_NAME}, (language, names)
            assert asked.size >= mali.BANNER_FLOOR, (language, asked)


def test_a_long_list_of_colours_gives_way_to_their_discs() -> None:
    view = PUBLIC["extended_draft"]()  # three of four keep objectives
    with lang.use("pl"):
        assert mali.banner_lines(view)[1] == "Czerwony, Pomarańczowy, Fioletowy: zachowajcie 3 cele"
        _, asked, discs = mali._banner_parts(view, room=600)
        assert (asked, discs) == ("Zachowajcie 3 cele", ["p1", "p3", "p4"])
        assert mali._banner_parts(view, room=math.inf)[2] == ["p1"]
    view["to_act"] = ["p1", "p2", "p3", "p4"]
    with lang.use("it"):
        assert mali.banner_lines(view)[1] == "Tutti: tenete 3 obiettivi"


@pytest.mark.parametrize("language", ["en", "pl", "it"])
def test_a_side_panel_name_keeps_its_size_beside_its_badges(language: str) -> None:
    """The acting player's badge no longer shrinks "Pomarańczowy" in the side panel: where the name
    and its badges do not fit on one line, the badges follow the line below."""
    view = PUBLIC["basic_midgame"]()  # the orange player acts
    with lang.use(language), recording() as drawn:
        mali._draw_players(ImageDraw.Draw(Image.new("RGB", mali.SIZE)), view)
        names = {colour_name(p["colour"]) for p in view["players"]}
    shown = [d for d in drawn if d.text in names]
    assert {d.text for d in shown} == names
    assert all(d.shown == d.text and d.size == 24 for d in shown), shown


@pytest.mark.parametrize("language", ["en", "pl", "it"])
def test_a_long_name_keeps_its_size_beside_both_badges(language: str) -> None:
    """Extended game, the start player also acting: "Pomarańczowy" with START and TURN and an
    info line with objectives was cut to "Pomar…"; now the badges split between the two lines, or go
    under the cards."""
    turns = []
    for seat in ("p1", "p2", "p3"):
        view = PUBLIC["extended_cards"]()
        view["start_player"], view["to_act"] = seat, [seat]
        me = next(p for p in view["players"] if p["seat"] == seat)
        for player in view["players"]:  # the longest colour name, and much to say on the line below
            if player["colour"] == "orange":
                player["colour"] = me["colour"]
        me["colour"], me["delivered"] = "orange", ["O05", "O19", "O29"]
        with lang.use(language), recording() as drawn:
            mali._draw_players(ImageDraw.Draw(Image.new("RGB", mali.SIZE)), view)
            names = {colour_name(p["colour"]) for p in view["players"]}
            start, turn = mali.tx()._("START"), mali.tx()._("▶ TURN")
        shown = [d for d in drawn if d.text in names]
        assert {d.text for d in shown} == names
        assert all(d.shown == d.text and d.size == 24 for d in shown), shown
        # the start badge always; the turn's where it has room (the row's frame says it too)
        assert start in {d.text for d in drawn}
        turns.append(turn in {d.text for d in drawn})
    assert any(turns), "somewhere both badges fit"
