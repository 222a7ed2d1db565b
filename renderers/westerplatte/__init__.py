"""7 Days of Westerplatte images, drawn from the game's views only."""
from __future__ import annotations

from renderers.westerplatte.board import (
    SIZE,
    board_png,
    private_png,
    render_board,
    summary_png,
    warm,
)
from renderers.westerplatte.phone import crop_png

__all__ = ["SIZE", "board_png", "crop_png", "private_png", "render_board", "summary_png", "warm"]
