"""Where things go on the Heart of Africa images: the data's layout, below a header band."""
from __future__ import annotations

from typing import Any

from games.africa.board import RAW

LAYOUT: dict[str, Any] = RAW["image"]["layout"]
BOARD_W = int(RAW["image"]["width"])
BOARD_H = int(RAW["image"]["height"])
HEADER = 190
WIDTH = BOARD_W
HEIGHT = BOARD_H + HEADER
AREAS: list[dict[str, Any]] = RAW["areas"]
IMPASSABLE: list[dict[str, Any]] = RAW["impassable"]

COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (200, 40, 40), "blue": (40, 90, 200), "yellow": (235, 190, 20),
    "green": (40, 150, 60), "black": (35, 35, 35),
}
RESOURCE_RGB: dict[str, tuple[int, int, int]] = {
    "bananas": (240, 210, 60), "diamonds": (150, 210, 235), "gold": (215, 165, 30),
    "ivory": (240, 232, 205), "africa": (170, 120, 70),
}


def xy(p: list[float] | tuple[float, float]) -> tuple[float, float]:
    """Board coordinates to image coordinates (below the header)."""
    return float(p[0]), float(p[1]) + HEADER


def box(b: list[float]) -> tuple[float, float, float, float]:
    return float(b[0]), float(b[1]) + HEADER, float(b[2]), float(b[3]) + HEADER
