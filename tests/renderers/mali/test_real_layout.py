"""Mali board against real engine views: no scout or order tag covers a district's name, its
undelivered squares or its big token, measured with the renderer's own fonts and positions."""
from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from games.mali.board import BOARD
from renderers import mali
from renderers.mali.geometry import BIG_TOKEN, Box, district_token_xy, label_boxes, undelivered_box

# (variant, seed, actions between two checked positions): both variants, 4 players each
GAMES = [("extended", 457, 20), ("basic", 315, 20), ("extended", 3, 15), ("basic", 8, 15)]


def _hit(p: Box, q: Box) -> bool:
    return min(p[2], q[2]) > max(p[0], q[0]) and min(p[3], q[3]) > max(p[1], q[1])


@cache
def _positions(variant: str, seed: int, every: int) -> tuple[tuple[int, Any], ...]:
    from games.mali import GAME
    from games.simulate import choose, playout_rng

    state = GAME.setup(["a", "b", "c", "d"], {"variant": variant, "jump_costs_one_point": False}, seed)
    rng = playout_rng(seed)
    out = []
    for step in range(3000):
        if GAME.outcome(state) is not None:
            break
        if step % every == 0:
            out.append((step, GAME.view(state, None)))
        seat, action = choose(GAME, state, rng)
        state, _ = GAME.apply(state, seat, action)
    out.append((step, GAME.view(state, None)))
    return tuple(out)


def _district_pieces(view: dict[str, Any]) -> list[tuple[str, Box]]:
    """What the board draws for each district in this view: its name, and its big token (fallen)
    or its undelivered squares (extended game)."""
    names = label_boxes()
    out = []
    for district_id in BOARD.districts:
        out.append((f"{district_id} name", names[district_id]))
        if district_id in view.get("fallen", []):
            x, y = district_token_xy(district_id)
            out.append((f"{district_id} big token",
                        (x - BIG_TOKEN, y - BIG_TOKEN, x + BIG_TOKEN, y + BIG_TOKEN)))
        elif view.get("variant") == "extended":
            out.append((f"{district_id} squares", undelivered_box(district_id)))
    return out


def _clashes(variant: str, seed: int, every: int) -> list[str]:
    out = []
    for step, view in _positions(variant, seed, every):
        pieces = _district_pieces(view)
        for kind, box in mali.token_boxes(view):
            if kind in ("scout", "tag"):
                out += [f"{variant}/{seed} step {step}: {kind} / {name}"
                        for name, other in pieces if _hit(box, other)]
    return out


def test_the_sample_games_reach_a_fallen_district() -> None:
    assert any(view.get("fallen") for g in GAMES for _, view in _positions(*g))


@pytest.mark.parametrize("game", GAMES, ids=[f"{v}-{s}" for v, s, _ in GAMES])
def test_scouts_and_tags_keep_off_the_district_names_and_pieces(game: tuple[str, int, int]) -> None:
    assert _clashes(*game) == []
