"""Short key -> game object, for every game the project plays."""
from __future__ import annotations

from games.base import Game
from games.mali import GAME as MALI

GAMES: dict[str, Game] = {g.key: g for g in (MALI,)}


def get(key: str) -> Game:
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"No game {key!r}; known: {', '.join(sorted(GAMES))}") from None
