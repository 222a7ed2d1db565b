"""Shards on one PostgreSQL (issue #23): moves per second with 1, 2 and 4 processes, the takeover
time after kill -9, and the extra cost of a non-owner's write.

Run: .venv/bin/python bench/shards.py [--postgres URL] [--seconds 5] [--games 8]
A fresh database is made beside URL's and dropped at the end. Each process owns one shard (an
advisory lock, as the bot takes it) and plays random legal Mali moves through the rules service
in its own shard's servers, `--games` games at once, for `--seconds`: the processes start
together and their moves are summed; the ratios are against one process, in the same run.
Takeover: a process holding shard 0 is killed (-9) while a standby waits on the lock; the time
from the kill to the standby holding the shard (median of 5). A non-owner's write: a move by the
process owning the game (its record kept in memory) against the same move by a process that
does not own it (reads the database, writes with the version check, NOTIFYs the owner), median
of alternating moves. Prints one JSON object. No test asserts a time.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.db import make_engine, upgrade
from bot.service import GameRecord, GameService
from bot.shards import AdvisoryLocks, Shards, shard_of
from games.simulate import choose

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = (101, 102)
CHANNEL = 900


def guild_of(shard: int, count: int, n: int = 0) -> int:
    """A guild id of `shard` of `count` (its n-th)."""
    guild = ((1000 + n * count + shard) << 22) | 1
    assert shard_of(guild, count) == shard
    return guild


async def new_game(service: GameService, guild: int, seed: int) -> GameRecord:
    record = await service.open_table(guild, CHANNEL, PLAYERS[0], "mali", {}, {})
    await service.join(record.id, PLAYERS[1])
    return (await service.start(record.id, PLAYERS[0], seed=seed)).record


async def play(service: GameService, record: GameRecord, rng: random.Random) -> GameRecord:
    """One random legal move of the game (a new game when it ended)."""
    seat, action = choose(record.game, record.state, rng)
    applied = await service.act(record.id, record.user_of(seat), action, known=record)
    if applied.record.status != "running":
        return await new_game(service, record.guild_id, rng.getrandbits(30))
    return applied.record


async def worker(url: str, shard: int, count: int, games: int, seconds: float) -> None:
    """One process owning `shard`: ready, then (on a line on stdin) moves for `seconds`; prints them."""
    locks = AdvisoryLocks(url, Shards(count, (shard,)))
    await locks.acquire()
    engine = make_engine(url)
    service = GameService(engine, cached_games=128)
    service.shards, service.ownership = locks.shards, locks
    rng = random.Random(shard)
    records = [await new_game(service, guild_of(shard, count, n), rng.getrandbits(30)) for n in range(games)]
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    moves = 0
    end = time.perf_counter() + seconds

    async def lane(i: int) -> None:
        nonlocal moves
        while time.perf_counter() < end:
            records[i] = await play(service, records[i], rng)
            moves += 1

    await asyncio.gather(*(lane(i) for i in range(games)))
    print(json.dumps({"moves": moves}), flush=True)
    await engine.dispose()
    await locks.close()


async def hold(url: str) -> None:
    """Hold shard 0 of 1 until killed."""
    locks = AdvisoryLocks(url, Shards(1, (0,)))
    await locks.acquire()
    print("ready", flush=True)
    await asyncio.sleep(3600)


async def spawn(*args: str) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(sys.executable, __file__, *args, cwd=ROOT,
                                                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert proc.stdout is not None
    line = (await proc.stdout.readline()).decode()
    if line.strip() != "ready":
        raise RuntimeError(f"a bench process failed to start: {line!r}")
    return proc


async def throughput(url: str, processes: int, games: int, seconds: float) -> float:
    procs = [await spawn("--worker", url, str(shard), str(processes), str(games), str(seconds))
             for shard in range(processes)]
    for proc in procs:  # all start together
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
    moves = 0
    for proc in procs:
        assert proc.stdout is not None
        moves += json.loads((await proc.stdout.readline()).decode())["moves"]
        await proc.wait()
    return moves / seconds


async def takeover(url: str) -> float:
    owner = await spawn("--hold", url)
    standby = AdvisoryLocks(url, Shards(1, (0,)), on_standby=lambda _text: None)
    waiting = asyncio.create_task(standby.acquire())
    await asyncio.sleep(0.3)
    assert not waiting.done()
    killed = time.perf_counter()
    owner.send_signal(signal.SIGKILL)
    await waiting
    took = time.perf_counter() - killed
    await owner.wait()
    await standby.close()
    return took


async def non_owner_cost(url: str, moves: int) -> dict[str, float]:
    """Milliseconds of a move (read + write) by the owner and by a non-owner, alternating."""
    owner_locks, other_locks = AdvisoryLocks(url, Shards(2, (0,))), AdvisoryLocks(url, Shards(2, (1,)))
    await owner_locks.acquire()
    await other_locks.acquire()
    told = 0

    def written(*_note: Any) -> None:
        nonlocal told
        told += 1

    owner_locks.listen(written, lambda: None)
    engine = make_engine(url)
    owner, other = GameService(engine, cached_games=128), GameService(engine, cached_games=128)
    owner.shards, owner.ownership = owner_locks.shards, owner_locks
    other.shards, other.ownership = other_locks.shards, other_locks
    rng = random.Random(5)
    game = await new_game(owner, guild_of(0, 2), 11)
    times: dict[str, list[float]] = {"owner": [], "non-owner": []}
    for i in range(moves):
        name, service = ("owner", owner) if i % 2 == 0 else ("non-owner", other)
        start = time.perf_counter()
        record = await service.get(game.id)
        game = await play(service, record, rng)
        times[name].append((time.perf_counter() - start) * 1000)
        if name == "non-owner":
            owner.cache.forget(game.id)  # as the owner does when told (counted apart below)
    await asyncio.sleep(0.5)
    await engine.dispose()
    await owner_locks.close()
    await other_locks.close()
    result = {f"{k} ms": round(statistics.median(v), 2) for k, v in times.items()}
    result["told"] = told
    return result


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--moves", type=int, default=400)
    args = parser.parse_args()
    base = make_url(args.postgres)
    name = f"bench_shards_{secrets.token_hex(4)}"
    admin_dsn = base.set(drivername="postgresql").render_as_string(hide_password=False)
    async with await psycopg.AsyncConnection.connect(admin_dsn, autocommit=True) as admin:
        await admin.execute(f'CREATE DATABASE "{name}"')
    url = base.set(database=name).render_as_string(hide_password=False)
    try:
        engine = make_engine(url)
        await upgrade(engine)
        await engine.dispose()
        rates = {n: await throughput(url, n, args.games, args.seconds) for n in (1, 2, 4)}
        takeovers = [await takeover(url) for _ in range(5)]
        cost = await non_owner_cost(url, args.moves)
    finally:
        async with await psycopg.AsyncConnection.connect(admin_dsn, autocommit=True) as admin:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    print(json.dumps({
        "cpus": os.cpu_count(), "load": [round(x, 1) for x in os.getloadavg()],
        "moves/s": {str(n): round(r, 1) for n, r in rates.items()},
        "ratio to one process": {str(n): round(r / rates[1], 2) for n, r in rates.items()},
        "takeover after kill -9 ms": {"median": round(statistics.median(takeovers) * 1000, 1),
                                      "max": round(max(takeovers) * 1000, 1)},
        "a move": cost,
    }, indent=1))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        url, shard, count, games, seconds = sys.argv[2:7]
        asyncio.run(worker(url, int(shard), int(count), int(games), float(seconds)))
    elif len(sys.argv) > 1 and sys.argv[1] == "--hold":
        asyncio.run(hold(sys.argv[2]))
    else:
        asyncio.run(main())
