"""Images are drawn in worker processes (never on the event loop's thread); a dead worker is
replaced and the image drawn again."""
from __future__ import annotations

import os

from bot import render
from renderers.mali.samples import basic_midgame


async def test_images_come_from_another_process_and_survive_a_dead_worker() -> None:
    view = basic_midgame()
    first = await render.render_bytes(1, "mali", "board", view)
    assert first is not None and first.startswith(b"\x89PNG")
    workers = render.POOL.get(1)._processes  # the standard library's own map of live workers
    assert workers and all(pid != os.getpid() for pid in workers)
    for process in list(workers.values()):
        process.kill()
        process.join()
    again = await render.render_bytes(1, "mali", "board", view)
    assert again == first
    assert await render.render_bytes(1, "no-such-game", "board", view) is None
