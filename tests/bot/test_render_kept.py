"""An image asked for again on the same view, kind and language is not drawn again."""
from __future__ import annotations

from typing import Any

import pytest

import renderers
from bot import render


async def test_the_same_image_is_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, str, str]] = []

    def draw(key: str, kind: str, view: dict[str, Any], language: str = "en") -> bytes:
        drawn.append((key, kind, language))
        return f"{key}:{kind}:{language}:{sorted(view.items())}".encode()

    monkeypatch.setattr(renderers, "draw", draw)
    monkeypatch.setattr(render, "_kept", type(render._kept)())
    view = {"round": 3, "scouts": {"a": "p1"}}
    first = await render.render_bytes(0, "toy", "crop", view, "pl")
    again = await render.render_bytes(0, "toy", "crop", {"scouts": {"a": "p1"}, "round": 3}, "pl")
    assert first == again and len(drawn) == 1, "the same view (keys in another order) was drawn again"
    await render.render_bytes(0, "toy", "crop", view, "it")
    await render.render_bytes(0, "toy", "board", view, "pl")
    await render.render_bytes(0, "toy", "crop", {**view, "round": 4}, "pl")
    assert len(drawn) == 4, "another language, kind or view must be drawn"
    for n in range(render.KEPT + 1):
        await render.render_bytes(0, "toy", "crop", {"n": n}, "pl")
    await render.render_bytes(0, "toy", "crop", view, "pl")
    assert len(drawn) == 4 + render.KEPT + 2, "the oldest image is let go"
