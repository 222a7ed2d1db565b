"""The renderer registry finds renderers/<key>/ by convention, for every registered game."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import renderers
from games.registry import PACKAGES

SOURCE = Path(renderers.__file__).read_text(encoding="utf-8")


def test_every_game_with_a_renderer_package_is_found() -> None:
    for key in PACKAGES:
        has_package = importlib.util.find_spec(f"renderers.{key}") is not None
        assert renderers.has(key) == has_package and (key in renderers.keys()) == has_package  # noqa: SIM118 - a module's function
        if has_package:
            module = renderers.get(key)
            assert module.__name__ == f"renderers.{key}"
            for name in ("board_png", "private_png", "summary_png"):
                assert callable(getattr(module, name)), f"renderers.{key} has no {name}"


def test_the_registry_names_no_game() -> None:
    for key in PACKAGES:
        assert f'"{key}"' not in SOURCE and f"'{key}'" not in SOURCE


def test_an_unknown_game_has_no_renderer() -> None:
    with pytest.raises(KeyError, match="No renderer for 'nope'"):
        renderers.get("nope")
