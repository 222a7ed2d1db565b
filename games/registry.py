"""Every game the project plays: one line per game, naming its package under games/, renderers/
and cogs/ (docs/dev/games.md)."""
from __future__ import annotations

import importlib

from games.base import Game

PACKAGES: tuple[str, ...] = (
    "mali",
    "africa",
    "westerplatte",
    "maquis",
)


def _load(package: str) -> Game:
    game: Game = importlib.import_module(f"games.{package}").GAME
    return game


GAMES: dict[str, Game] = {g.key: g for g in map(_load, PACKAGES)}


def get(key: str) -> Game:
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"No game {key!r}; known: {', '.join(sorted(GAMES))}") from None
