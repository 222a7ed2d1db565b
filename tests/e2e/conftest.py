"""Every end-to-end test fails if a game its bots kept in memory disagreed with the database, or
was changed in place, when the bot closed (bot/service/cache.py; tests/e2e/harness.py).

The bots here encode their images at zlib level 1: PNG is lossless, so every image holds the same
pixels, drawn and decoded the same way, only bigger and several times quicker to encode (a whole
game posts dozens of boards). The renderers' own tests (tests/renderers/) keep each renderer's level.
"""
from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from PIL import Image

import renderers.common
from renderers import get as renderer
from renderers import keys as renderer_keys
from tests.e2e.harness import DISAGREEMENTS

QUICK_PNG_LEVEL = 1


@pytest.fixture(autouse=True)
def kept_games_checked() -> Iterator[None]:
    DISAGREEMENTS.clear()
    yield  # set up before the simulator's fixture, so checked after it closed the bots
    found, DISAGREEMENTS[:] = list(DISAGREEMENTS), []
    assert not found, found


@pytest.fixture(autouse=True)
def quick_png(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every renderer module's `encode_png`, for the bots drawing in this process, at level 1."""
    real = renderers.common.encode_png

    def quick(img: Image.Image, compress_level: int = 6) -> bytes:
        return real(img, compress_level=QUICK_PNG_LEVEL)

    for key in renderer_keys():
        renderer(key)  # imports the renderer and its modules, so that all are patched below
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] == "renderers" and module is not renderers.common \
                and getattr(module, "encode_png", None) is real:
            monkeypatch.setattr(module, "encode_png", quick)
