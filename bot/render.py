"""Board images, drawn off the event loop so heartbeats and other games never wait on them."""
from __future__ import annotations

import asyncio
import io
from concurrent.futures import Executor
from typing import Any, Literal

import discord

Kind = Literal["board", "private", "summary"]


def _draw(key: str, kind: Kind, view: dict[str, Any]) -> bytes | None:
    import renderers

    if not renderers.has(key):
        return None
    return getattr(renderers.get(key), f"{kind}_png")(view)


async def render_file(pool: Executor, key: str, kind: Kind, view: dict[str, Any],
                      filename: str) -> discord.File | None:
    loop = asyncio.get_running_loop()
    data = await loop.run_in_executor(pool, _draw, key, kind, view)
    if data is None:
        return None
    return discord.File(io.BytesIO(data), filename=filename)
