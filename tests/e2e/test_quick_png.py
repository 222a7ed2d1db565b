"""The bots of these tests encode every image quickly (tests/e2e/conftest.py), the same pixels."""
from __future__ import annotations

import io
import sys

from PIL import Image, ImageDraw

import renderers.common
from tests.e2e.conftest import QUICK_PNG_LEVEL


def test_every_renderer_module_encodes_quickly_here_and_the_pixels_are_the_same() -> None:
    real = renderers.common.encode_png
    users = {name: module for name, module in sys.modules.items()
             if name.split(".")[0] == "renderers" and hasattr(module, "encode_png") and module is not renderers.common}
    assert {"renderers.mali", "renderers.westerplatte.board", "renderers.africa.board"} <= set(users)
    assert all(module.encode_png is not real for module in users.values()), \
        [name for name, module in users.items() if module.encode_png is real]
    img = Image.new("RGB", (64, 48), (200, 30, 40))
    ImageDraw.Draw(img).ellipse((5, 5, 50, 40), fill=(10, 120, 240))
    quick = users["renderers.westerplatte.board"].encode_png(img)
    assert quick != real(img) and quick == real(img, compress_level=QUICK_PNG_LEVEL)
    assert Image.open(io.BytesIO(quick)).tobytes() == img.tobytes()
