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

__all__ = ["SIZE", "board_png", "private_png", "render_board", "summary_png", "warm"]
