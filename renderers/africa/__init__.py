"""Heart of Africa images, drawn only from the engine's views.

board_png(public view): the map, tracks, rows and a header; refuses a private view.
private_png(seat view): one player's hand and secrets.
summary_png(public view): the players side by side (the end of the game, or any time).
crop_png(seat view with its "choices"): the seat's part of the map for a phone.
"""
from __future__ import annotations

from renderers.africa.board import board_png, render_board
from renderers.africa.panels import private_png, summary_png
from renderers.africa.phone import crop_png

__all__ = ["board_png", "crop_png", "private_png", "render_board", "summary_png", "warm"]


def warm() -> None:
    """Load the fonts once."""
    from renderers.common import font
    for size in (14, 16, 18, 19, 20, 26, 42, 48):
        font(size)
        font(size, True)
