"""Heart of Africa images: valid PNGs at every stage random play reaches; no secret on the board."""
from __future__ import annotations

import copy
import io
from functools import cache
from typing import Any

import pytest
from PIL import Image

import renderers
from games.africa import GAME
from games.africa.board import SV_IDS
from games.africa.samples import sample_states
from renderers import africa
from renderers.africa.geometry import HEIGHT, WIDTH

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@cache
def _samples() -> dict[str, Any]:
    out = dict(sample_states(4, 5))
    out.update({f"sealed-{k}": v for k, v in sample_states(3, 2, sealed=True).items()})
    return out


def _open(data: bytes) -> Image.Image:
    assert data.startswith(PNG_MAGIC) and len(data) < 2 * 1024 * 1024
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_registered() -> None:
    assert renderers.get("africa") is africa


def test_stages_reached() -> None:
    names = set(_samples())
    assert {"setup", "auction", "turn", "commit", "draw", "over"} <= names


@pytest.mark.parametrize("name", ["setup", "auction", "turn", "commit", "draw",
                                  "pending_retreat", "over", "sealed-auction"])
def test_every_stage_renders(name: str) -> None:
    s = _samples()[name]
    assert _open(africa.board_png(GAME.view(s, None))).size == (WIDTH, HEIGHT)
    seat = s["seats"][len(name) % len(s["seats"])]
    assert _open(africa.private_png(GAME.view(s, seat))).size[0] == 1000
    assert _open(africa.summary_png(GAME.view(s, None))).size[0] == 1000


def test_board_refuses_a_private_view() -> None:
    s = _samples()["turn"]
    with pytest.raises(ValueError, match="public view only"):
        africa.board_png(GAME.view(s, "s1"))


def test_public_image_ignores_secrets() -> None:
    """Only a secret changes (a special victory token's face, a hidden commitment): the public
    image stays the same byte for byte."""
    s = _samples()["commit"]
    other = copy.deepcopy(s)
    p = other["players"][0]
    unused = [t for t in SV_IDS if all(t not in q["special_victory_tokens"] for q in other["players"])]
    p["special_victory_tokens"] = [unused[0]]
    for c in other["conflict"]["commitments"].values():
        if not c["done"]:
            c["cubes"] = 3
    assert africa.board_png(GAME.view(s, None)) == africa.board_png(GAME.view(other, None))
    assert africa.private_png(GAME.view(s, "s1")) != africa.private_png(GAME.view(other, "s1"))
