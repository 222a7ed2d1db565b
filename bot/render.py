"""Board images, drawn in worker processes: a drawing holds Python's lock for tens of
milliseconds, which from a thread would stall the event loop for every game and every player.

One pool per process, shared by every bot in it (the tests start many), started on first use;
a dead worker is replaced and the image drawn again. Each game's posts are drawn one at a time
and from the newest state (the presenter's per-game lock), so a burst of moves on one game costs
one image per post, never one per move. The last images drawn are kept (`KEPT`): a panel opened
again on the same position (a player's crop, their private card) is not drawn twice.
"""
from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, Literal

import lang
import renderers
from bot import memory
from bot.workers import pool as worker_pool
from games.base import canonical

if TYPE_CHECKING:
    import discord

Kind = Literal["board", "private", "summary", "crop"]
log = logging.getLogger(__name__)

POOL = worker_pool("render")
KEPT = 24  # images kept in this process, newest last (a board or crop is about 100-300 kB)
_kept: OrderedDict[tuple[str, str, str, bytes], bytes] = OrderedDict()


def _draw(key: str, kind: str, view: dict[str, Any], language: str) -> bytes | None:
    """In a worker: draw, then hand the drawing's freed memory back to the system (glibc keeps
    it otherwise, and a worker's size would creep up with every board)."""
    try:
        return renderers.draw(key, kind, view, language)
    finally:
        memory.trim()


async def render_bytes(workers: int, key: str, kind: Kind, view: dict[str, Any],
                       language: str | None = None) -> bytes | None:
    """The image's PNG bytes, drawn by the pool (once more on a new pool if a worker died);
    `workers=0` draws in a thread of this process instead (a game registered at run time). Its
    words are in `language`, else the current one (lang.use: a table's for a board, a reader's
    for a private image)."""
    words = language or lang.current()
    try:
        seen = (key, kind, words, hashlib.sha256(canonical(view).encode()).digest())
    except (TypeError, ValueError):  # not plain data: drawn, not kept
        seen = None
    if seen is not None and (kept := _kept.get(seen)) is not None:
        _kept.move_to_end(seen)
        return kept
    if workers <= 0:
        data = await asyncio.to_thread(renderers.draw, key, kind, view, words)
    else:
        try:
            data = await POOL.run(workers, _draw, key, kind, view, words)
        except BrokenProcessPool:
            return None
    if seen is not None and data is not None:
        _kept[seen] = data
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return data


def warm(workers: int) -> None:
    """Start the pool's workers now, so that the first board does not wait for them. A game's
    cached base images are built by its first board: a worker holds only the games played."""
    if workers > 0:
        POOL.get(workers).submit(renderers.keys)


async def render_file(workers: int, key: str, kind: Kind, view: dict[str, Any],
                      filename: str, language: str | None = None) -> discord.File | None:
    import discord  # here, not above: the workers import this module and never need Discord

    data = await render_bytes(workers, key, kind, view, language)
    if data is None:
        return None
    return discord.File(io.BytesIO(data), filename=filename)
