"""What every worker process of the bot does first (the render pool's and the thinkers')."""
from __future__ import annotations

import contextlib
import os
import threading
import time


def start(parent: int) -> None:
    """In each worker: work at a lower priority than the bot (answers first), and exit when
    the bot is gone, even killed (an orphan would hold the bot's output open for ever)."""
    with contextlib.suppress(OSError):
        os.nice(5)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
