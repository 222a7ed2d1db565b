"""Maquis images: drawn from views only; secrets never change the public image."""
from __future__ import annotations

import io
import random

from PIL import Image

from games.maquis import GAME
from games.maquis.playout import playout_weights
from renderers import get
from renderers.common import fit, font
from renderers.maquis import board_png, private_png, summary_png
from renderers.maquis.board import W, header_lines
from tests.games.maquis.helpers import activate, new, position, stock


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_registered() -> None:
    assert get("maquis").board_png is board_png


def test_public_image_ignores_secrets() -> None:
    """The deck order and the mole's peek are secret: changing them leaves the board image alone."""
    s = new(left="infiltration", seats=("a", "b"))
    stock(s, intel=2)
    position(s, ["mission_left"])
    s, _ = activate(s, "mission_left", "box", mission="mission_left", box="plant_the_mole")
    assert s["peek"] is not None
    other = GAME.load(GAME.dump(s))
    other["deck"] = list(reversed(other["deck"]))
    other["peek"] = other["deck"][0]
    assert board_png(GAME.view(s, None)) == board_png(GAME.view(other, None))
    assert summary_png(GAME.view(s, None)) == summary_png(GAME.view(other, None))
    assert private_png(GAME.view(s, "a")) != private_png(GAME.view(other, "a"))


def test_renders_every_phase_of_random_play() -> None:
    seen: set[str] = set()
    for seed, opts in ((1, {"missions": "first_game"}),
                       (2, {"missions": "chosen", "mission_left": "take_out_the_bridges",
                            "mission_right": "destroy_the_aa_guns"}),
                       (3, {"missions": "chosen", "mission_left": "double_agent",
                            "mission_right": "bomb_the_barracks"})):
        full = {"difficulty": "normal", "mission_left": "none", "mission_right": "none", **opts}
        s = GAME.setup(["s1", "s2"], full, seed)
        rng = random.Random(seed)
        while True:
            if s["phase"] not in seen or GAME.outcome(s) is not None:
                seen.add(s["phase"])
                assert _size(board_png(GAME.view(s, None))) == (1600, 1480)
                summary_png(GAME.view(s, None))
                private_png(GAME.view(s, "s1"))
            if GAME.outcome(s) is not None:
                break
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            a = rng.choices(legal, playout_weights(s, seat, legal))[0]
            s, _ = GAME.apply(s, seat, a)
    assert {"placement", "action", "over"} <= seen


def test_the_final_header_says_the_result_whole() -> None:
    """Issue 22: the final board's header was cut before "Draw"; the result's word comes first now
    and neither line is cut."""
    v = GAME.view(new(), None)
    v["outcome"] = {"winners": [], "scores": {"s1": 1}, "reason": "draw",
                    "result": "The Days are over with one mission done: a Draw."}
    v["points"] = 1
    line1, line2 = header_lines(v)
    assert line1 == "Game over · Draw · 1 point" and line2.endswith("a Draw.")
    assert fit(line1, font(52, True), W - 48) == line1 and fit(line2, font(42), W - 48) == line2
    team = GAME.view(new(seats=("a", "b")), None)
    assert "Member" not in " ".join(header_lines(team)) and "team of 2" in header_lines(team)[0]


def test_the_discard_pile_and_the_missions_outlook_are_drawn() -> None:
    """The public discard pile (ruling 12) and a mission out of reach change the board image."""
    s = new(left="sabotage", right="coded_messages")
    s["day"] = 6
    v = GAME.view(s, None)
    s["day"] = 7
    lost = GAME.view(s, None)
    assert board_png(v) != board_png({**lost, "day": 6, "day_label": v["day_label"]})
    moved = dict(v, discard=["patrol_01", "patrol_02"], deck_size=8)
    assert board_png(v) != board_png(moved)


def test_no_private_image_without_a_secret() -> None:
    """"My secrets" with nothing secret answers in words (ui.private_text), not an image."""
    s = new(seats=("a", "b"))
    assert private_png(GAME.view(s, "a")) is None
