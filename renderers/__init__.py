"""Board images: one package per game, `renderers/<key>/`, each drawing only from the game's views.

A game's renderer is found by convention (docs/dev/games.md): `renderers.<key>` for every key in
`games.registry.PACKAGES` that has such a package, exporting `board_png`, `private_png`,
`summary_png` and optionally `crop_png` (a seat's part of the map for a phone, renderers/crop.py) and
`warm`. No game is named here.

Renderers may import from `games/`; never from the bot, Discord or a database.
"""
from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

import lang


def _module_name(key: str) -> str:
    return f"{__name__}.{key}"


def _has_renderer(key: str) -> bool:
    """Whether renderers/<key>/ exists (found without importing it)."""
    return importlib.util.find_spec(_module_name(key)) is not None


def keys() -> list[str]:
    """The registered games that have a renderer package (looked up now, not at import)."""
    from games import registry

    return [key for key in registry.PACKAGES if _has_renderer(key)]


def has(key: str) -> bool:
    from games import registry

    return key in registry.PACKAGES and _has_renderer(key)


def get(key: str) -> ModuleType:
    """The renderer module for a game key (imported on first use)."""
    if not has(key):
        raise KeyError(f"No renderer for {key!r}; known: {', '.join(sorted(keys()))}")
    return importlib.import_module(_module_name(key))


def draw(key: str, kind: str, view: dict[str, object], language: str = "en") -> bytes | None:
    """One image of a game as PNG bytes (`kind`: board, private, summary or crop); None when the
    game has no renderer, no crop, or nothing to crop. Plain data in and out, so it can run in a
    worker process. Its words are in `language` (lang.here(domain) reads it while it draws)."""
    if not has(key):
        return None
    module = get(key)
    if kind == "crop" and not hasattr(module, "crop_png"):
        return None
    with lang.use(language):
        result: bytes | None = getattr(module, f"{kind}_png")(view)
    return result


def warm_all() -> None:
    """Build every renderer's cached base images now (a worker does this once, as it starts)."""
    for key in keys():
        warm = getattr(get(key), "warm", None)
        if warm is not None:
            warm()
