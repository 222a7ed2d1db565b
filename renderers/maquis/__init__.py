"""Maquis images, drawn only from the engine's views (games/maquis/views.py).

board_png(public_view): the town, the missions, the tracks, the stock; summary_png(public_view): the
result card; private_png(private_view): what only the team sees (the mole's peek); crop_png(private view
with its "choices"): the seat's part of the town for a phone (phone.py)."""
from __future__ import annotations

from renderers.maquis.board import board_png, private_png, summary_png, warm
from renderers.maquis.phone import crop_png

__all__ = ["board_png", "crop_png", "private_png", "summary_png", "warm"]
