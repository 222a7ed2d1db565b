"""The bot's worker processes (the render pool's and the thinkers'): what each does first, and
the pool they live in."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)


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


class Pool:
    """One process's pool of spawned workers, shared by every bot in it (the tests start many):
    started on first use, replaced when a worker dies, shut down at close."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.executor: ProcessPoolExecutor | None = None
        self._guard = threading.Lock()

    def get(self, workers: int) -> ProcessPoolExecutor:
        """The pool (started with `workers` processes on first use)."""
        with self._guard:
            if self.executor is None:
                self.executor = ProcessPoolExecutor(max_workers=max(1, workers),
                                                    mp_context=multiprocessing.get_context("spawn"),
                                                    initializer=start, initargs=(os.getpid(),))
            return self.executor

    def restart(self, broken: ProcessPoolExecutor) -> None:
        """Forget a broken pool (unless another caller already did): the next `get` starts anew."""
        with self._guard:
            if self.executor is broken:
                self.executor = None
        broken.shutdown(wait=False, cancel_futures=True)

    async def run(self, workers: int, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in a worker, once more on a new pool if a worker died (BrokenProcessPool
        the second time)."""
        loop = asyncio.get_running_loop()
        current = self.get(workers)
        try:
            return await loop.run_in_executor(current, fn, *args)
        except BrokenProcessPool:
            log.warning("a %s worker died; starting a new pool", self.name)
            self.restart(current)
        current = self.get(workers)
        try:
            return await loop.run_in_executor(current, fn, *args)
        except BrokenProcessPool:
            log.warning("a %s worker died again; the next call starts a new pool", self.name)
            self.restart(current)
            raise

    def close(self) -> None:
        """Stop the workers and wait for them (a new `get` starts a fresh pool)."""
        with self._guard:
            executor, self.executor = self.executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


POOLS: list[Pool] = []  # every pool made (`close_all`)


def pool(name: str) -> Pool:
    """A new pool, closed with the others by `close_all`."""
    made = Pool(name)
    POOLS.append(made)
    return made


def close_all() -> None:
    """Stop every pool's workers and their threads: at the end of `python -m bot`, before the
    interpreter tears down, rather than leaving them to its exit hooks."""
    for each in POOLS:
        each.close()
