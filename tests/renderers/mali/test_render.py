"""Mali images: drawn from views only, valid PNGs, no secrets on the public board."""
from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

import lang
import renderers
from games.mali import GAME
from renderers import mali
from renderers.common import font
from renderers.mali.samples import PUBLIC, private_samples

MIB = 1024 * 1024
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _open(data: bytes) -> Image.Image:
    assert data.startswith(PNG_MAGIC)
    assert len(data) < MIB
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_registry_returns_the_mali_module() -> None:
    assert renderers.get("mali") is mali
    with pytest.raises(KeyError):
        renderers.get("nope")


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_sample_board_renders(name: str) -> None:
    img = _open(mali.board_png(PUBLIC[name]()))
    assert img.size == mali.SIZE


@pytest.mark.parametrize("name", [n for n in sorted(PUBLIC) if PUBLIC[n]()["outcome"]])
def test_every_ended_sample_has_a_summary(name: str) -> None:
    img = _open(mali.summary_png(PUBLIC[name]()))
    assert img.width == 1200


@pytest.mark.parametrize("name", sorted(private_samples()))
def test_every_private_sample_renders(name: str) -> None:
    img = _open(mali.private_png(private_samples()[name]))
    assert img.width == 900


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", ["objectives", "cards", "movement", "soldier", "time", "over"])
def test_player_counts_and_phases(players: int, phase: str) -> None:
    view = PUBLIC["basic_midgame"]() if phase != "objectives" else PUBLIC["extended_draft"]()
    view["players"] = view["players"][:players]
    view["phase"] = phase
    view["to_act"] = [p["seat"] for p in view["players"][:1]]
    _open(mali.board_png(view))


def test_board_refuses_a_private_view() -> None:
    view = private_samples()["basic_chosen"]
    with pytest.raises(ValueError, match="board images are public"):
        mali.board_png(view)
    with pytest.raises(ValueError, match="board images are public"):
        mali.render_board(view)


def test_private_and_summary_refuse_the_wrong_view() -> None:
    with pytest.raises(ValueError, match="needs a private view"):
        mali.private_png(PUBLIC["basic_midgame"]())
    with pytest.raises(ValueError, match="needs a finished game"):
        mali.summary_png(PUBLIC["basic_midgame"]())


def test_no_secret_reaches_the_board() -> None:
    public = PUBLIC["extended_cards"]()
    a = private_samples()["extended_choosing"]
    b = copy.deepcopy(a)
    b["me"].update(card=5, objectives=[], peeked=[], objective_hand=[])
    strip = lambda v: {k: val for k, val in v.items() if k != "me"}  # noqa: E731
    assert mali.board_png(strip(a)) == mali.board_png(strip(b)) == mali.board_png(public)


def test_the_board_does_not_depend_on_what_the_view_hides() -> None:
    # the public view carries no card values until reveal and no objectives: two games that differ
    # only there give the same public view, hence the same image
    a = PUBLIC["extended_cards"]()
    b = PUBLIC["extended_cards"]()
    assert a == b
    assert mali.board_png(a) == mali.board_png(b)


def test_same_view_same_bytes() -> None:
    view = PUBLIC["basic_midgame"]()
    assert mali.board_png(view) == mali.board_png(copy.deepcopy(view))
    ended = PUBLIC["ended_extended"]()
    assert mali.summary_png(ended) == mali.summary_png(copy.deepcopy(ended))


def test_board_changes_when_the_state_does() -> None:
    view = PUBLIC["basic_midgame"]()
    moved = copy.deepcopy(view)
    moved["soldier"] = "plac_narutowicza"
    assert mali.board_png(view) != mali.board_png(moved)


def test_a_kept_map_is_the_map_drawn_again() -> None:
    """The map and panel of the last views are kept (a board and each seat's crop show the same):
    what is kept is what drawing afresh gives, and a caller drawing on its image changes nothing kept."""
    view = PUBLIC["basic_midgame"]()
    mali._drawn.clear()
    first = mali.render_board(view)
    assert len(mali._drawn) == 1
    ImageDraw.Draw(first).rectangle((0, 0, *mali.SIZE), fill=(1, 2, 3))
    kept = mali.render_board(copy.deepcopy(view))
    mali._drawn.clear()
    fresh = mali.render_board(view)
    assert ImageChops.difference(kept, fresh).getbbox() is None
    for n in range(mali.DRAWN_KEPT + 2):
        moved = copy.deepcopy(view)
        moved["round"] = n + 2
        mali.render_board(moved)
    assert len(mali._drawn) == mali.DRAWN_KEPT


def test_a_kept_map_is_kept_per_language() -> None:
    """A map kept from an English board is never shown on a Polish one: its panel's words differ."""
    view = PUBLIC["basic_midgame"]()
    mali._drawn.clear()
    english = mali.render_board(view)
    with lang.use("pl"):
        polish = mali.render_board(copy.deepcopy(view))
    assert len(mali._drawn) == 2
    mali._drawn.clear()
    with lang.use("pl"):
        fresh = mali.render_board(view)
    assert ImageChops.difference(polish, fresh).getbbox() is None
    assert ImageChops.difference(english, polish).getbbox() is not None


def _glyph(text: str) -> Image.Image:
    img = Image.new("L", (80, 80), 0)
    ImageDraw.Draw(img).text((10, 5), text, font=font(48, True), fill=255)
    return img


def test_polish_glyphs_render_with_the_bundled_font() -> None:
    fnt = font(40, True)
    for plain, polish in (("Z", "Ż"), ("S", "Ś"), ("o", "ó"), ("l", "ł"), ("e", "ę"), ("z", "ż")):
        assert ImageChops.difference(_glyph(plain), _glyph(polish)).getbbox() is not None
        assert fnt.getmask(polish).getbbox() is not None
    notdef = _glyph("\U000f0000")  # a private-use code point: DejaVu draws its .notdef box
    for ch in "ŻżŚśÓóŁłĘęĄąŃńĆćŹź":
        assert ImageChops.difference(_glyph(ch), notdef).getbbox() is not None, ch
    img = Image.new("L", (400, 60), 0)
    ImageDraw.Draw(img).text((5, 5), "Żoliborz", font=fnt, fill=255)
    assert img.getbbox() is not None


# --- against the real engine ------------------------------------------------------------------

@pytest.mark.parametrize(("players", "variant", "seed"), [(2, "basic", 1), (3, "extended", 2),
                                                   (4, "basic", 3), (4, "extended", 4)])
def test_real_views_render(players: int, variant: str, seed: int) -> None:
    game = GAME
    seats = [f"p{i + 1}" for i in range(players)]
    state = game.setup(seats, {"variant": variant}, seed)
    rng = random.Random(seed)
    for step in range(300):
        if game.outcome(state) is not None:
            break
        if step % 25 == 0:
            public = game.view(state, None)
            _open(mali.board_png(public))
            for seat in seats:
                private = game.view(state, seat)
                with pytest.raises(ValueError, match="board images are public"):
                    mali.board_png(private)
                _open(mali.private_png(private))
                assert mali.board_png({k: v for k, v in private.items() if k != "me"}) == \
                    mali.board_png(public)
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    public = game.view(state, None)
    _open(mali.board_png(public))
    if public.get("outcome"):
        _open(mali.summary_png(public))


@pytest.mark.parametrize(("variant", "seed"), [("basic", 11), ("extended", 12)])
def test_real_finished_game_summary(variant: str, seed: int) -> None:
    game = GAME
    seats = ["a", "b", "c"]
    state = game.setup(seats, {"variant": variant}, seed)
    rng = random.Random(seed)
    for _ in range(20000):
        if game.outcome(state) is not None:
            break
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    view = game.view(state, None)
    assert view["outcome"] is not None
    _open(mali.board_png(view))
    _open(mali.summary_png(view))
