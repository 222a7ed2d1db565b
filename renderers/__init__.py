"""Board images: one module per game, each drawing only from the game's view dicts.

Renderers may import from `games/`; never from the bot, Discord or a database.
"""
from __future__ import annotations

import importlib
from types import ModuleType

RENDERERS: dict[str, str] = {"mali": "renderers.mali", "maquis": "renderers.maquis"}


def get(key: str) -> ModuleType:
    """The renderer module for a game key (imported on first use)."""
    try:
        name = RENDERERS[key]
    except KeyError:
        raise KeyError(f"No renderer for {key!r}; known: {', '.join(sorted(RENDERERS))}") from None
    return importlib.import_module(name)
