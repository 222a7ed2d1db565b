"""The worker pool the render pool and the thinkers share: work runs in another process, a dead
worker is replaced once per call, and close stops the workers."""

from __future__ import annotations

import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.workers import Pool


async def test_work_runs_in_a_worker_and_survives_a_dead_one() -> None:
    pool = Pool("test")
    try:
        pid = await pool.run(1, os.getpid)
        assert pid != os.getpid()
        first = pool.get(1)
        assert pool.get(1) is first  # one pool, kept between calls
        for process in list(first._processes.values()):
            process.kill()
            process.join()
        again = await pool.run(1, os.getpid)
        assert again not in (pid, os.getpid())
        assert pool.executor is not None and pool.executor is not first  # a new pool
    finally:
        pool.close()


async def test_a_worker_that_dies_twice_raises_and_the_next_call_starts_anew() -> None:
    pool = Pool("test")
    try:
        with pytest.raises(BrokenProcessPool):
            await pool.run(1, os._exit, 3)
        assert pool.executor is None  # the broken pool is forgotten
        assert await pool.run(1, abs, -4) == 4
    finally:
        pool.close()


async def test_close_stops_the_workers_and_a_later_call_starts_a_new_pool() -> None:
    pool = Pool("test")
    await pool.run(2, abs, -1)
    executor = pool.get(2)
    processes = list(executor._processes.values())
    assert processes
    pool.close()
    assert pool.executor is None
    assert all(not p.is_alive() for p in processes)
    pool.close()  # twice is harmless
    try:
        assert await pool.run(1, abs, -2) == 2
        assert pool.executor is not executor
    finally:
        pool.close()


async def test_close_all_stops_every_pool_made_by_pool() -> None:
    from bot import render, thinker, workers

    assert render.POOL in workers.POOLS and thinker.POOL in workers.POOLS
    made = workers.pool("test")
    try:
        await made.run(1, abs, -3)
        processes = list(made.get(1)._processes.values())
        workers.close_all()
        assert made.executor is None and render.POOL.executor is None and thinker.POOL.executor is None
        assert all(not p.is_alive() for p in processes)
    finally:
        workers.POOLS.remove(made)
