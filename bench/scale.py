"""Flat cost with many stored games: the same service paths with 10 and with 10,000 stored games.

Run: .venv/bin/python bench/scale.py [--stored 10000] [--share 0.1] [--postgres URL]
Stored games are real: every registered game is played at random to various points, and each
stored row carries that state and its log (finished, abandoned and running games, spread over 50
servers). The server the bench plays in holds `--share` of them (a big server: 10% by default;
an even spread over 50 servers would be 2%), so its lookups meet many of its own games.
Then, on a database holding `--stored` games and on one holding 10, side by side:
- the scheduler's tick (due deadlines and reminders) and the longest event-loop stall during it,
  an hour ahead (the large database then has up to 50 overdue games to return, the small one none)
  and idle (60 hours back: nothing due on either, the selections' own cost);
- the `game` autocomplete (`offered`: one query, typed text and a limit of 25; p50, p99), and beside
  it what it was before (`in_guild`, every open or running game of the server, filtered in Python);
- finding the game in a channel and making a move (median).
The two databases are open at once and measured in turn, figure by figure.
Prints one JSON object per backend with the ratios. No test asserts a time.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import update

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stored import NOW, pct, populate, templates
from bot.db import make_engine, upgrade
from bot.service import GameService
from bot.service.store import GAMES
from games.simulate import choose, playout_rng

__all__ = ["Side", "backend", "pct", "populate", "templates"]

GUILD, CHANNEL = 777, 888


class LoopWatch:
    """The longest stall of the event loop while it runs (a 1 ms heartbeat)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _beat(self) -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            self.longest = max(self.longest, (now - last) * 1000 - 1)
            last = now

    def __enter__(self) -> LoopWatch:
        self._task = asyncio.get_running_loop().create_task(self._beat())
        return self

    def __exit__(self, *exc: Any) -> None:
        assert self._task is not None
        self._task.cancel()


class Side:
    """One database (`stored` games) and the bench's own tables in it."""

    def __init__(self, engine: Any, service: GameService, game_id: int) -> None:
        self.engine, self.service, self.game_id = engine, service, game_id
        self.ticks: list[float] = []
        self.idle_ticks: list[float] = []
        self.stalls: list[float] = []
        self.autocomplete: list[float] = []
        self.autocomplete_before: list[float] = []
        self.due_rows: list[int] = []
        self.moves: list[float] = []
        self.rng = playout_rng(9)
        self.in_server = 0  # stored games moved into the bench's server

    @classmethod
    async def open(cls, url: str, stored: int, shapes: list[dict[str, Any]], schema: str | None,
                   share: float = 0.0) -> Side:
        engine = make_engine(url, schema=schema)
        await upgrade(engine)
        await populate(engine, stored, shapes)
        moved = 0
        if share > 0:  # every n-th stored game moves to the bench's server (in channels of their own)
            async with engine.begin() as conn:
                moved = (await conn.execute(update(GAMES).where(GAMES.c.id % round(1 / share) == 0)
                                            .values(guild_id=GUILD))).rowcount
        service = GameService(engine, clock=lambda: NOW)
        # The bench's own table: a running Mali game in its channel, among a few others of its server.
        table = await service.open_table(GUILD, CHANNEL, 1, "mali", {}, {"turn_hours": 24})
        await service.join(table.id, 2)
        await service.start(table.id, 1, seed=3)
        for k in range(8):
            other = await service.open_table(GUILD, CHANNEL + 1 + k, 1, "mali", {}, {})
            await service.join(other.id, 2)
            await service.start(other.id, 1, seed=k)
        side = cls(engine, service, table.id)
        side.in_server = moved
        return side

    async def tick(self) -> None:
        with LoopWatch() as watch:
            started = time.perf_counter()
            due = await self.service.due(NOW + timedelta(hours=1))
            await self.service.due_reminders(NOW + timedelta(hours=1))
            self.due_rows.append(len(due))
            self.ticks.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            idle = await self.service.due(NOW - timedelta(hours=60))
            idle += [r for r, _ in await self.service.due_reminders(NOW - timedelta(hours=60))]
            assert not idle, "something due 60 hours back"
            self.idle_ticks.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.005)
        self.stalls.append(watch.longest)

    async def complete(self, typed: str) -> None:
        """The `game` option typed into from a channel without games: now, and as it was."""
        started = time.perf_counter()
        await self.service.offered(GUILD, CHANNEL + 100, typed)
        self.autocomplete.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        records = await self.service.in_guild(GUILD)
        _ = [r for r in records if typed in f"#{r.id} {r.game.title} ({r.status}, {len(r.seats)} players)".lower()][:25]
        self.autocomplete_before.append((time.perf_counter() - started) * 1000)

    async def move(self) -> None:
        """Find the game in its channel and make a move (a finished game is replaced, untimed)."""
        started = time.perf_counter()
        found = [r for r in await self.service.in_channel(GUILD, CHANNEL) if r.id == self.game_id]
        record = found[0] if found else await self.service.get(self.game_id)
        if record.status != "running":
            fresh = await self.service.open_table(GUILD, CHANNEL, 1, "mali", {}, {"turn_hours": 24})
            await self.service.join(fresh.id, 2)
            record = (await self.service.start(fresh.id, 1, seed=len(self.moves))).record
            self.game_id = record.id
            started = time.perf_counter()
        seat, action = choose(record.game, record.state, self.rng)
        await self.service.act(self.game_id, record.user_of(seat), action)
        self.moves.append((time.perf_counter() - started) * 1000)

    def figures(self) -> dict[str, Any]:
        return {"tick_ms": round(statistics.median(self.ticks), 2),
                "tick_idle_ms": round(statistics.median(self.idle_ticks), 2),
                "tick_stall_ms": round(max(self.stalls), 2),
                "autocomplete_p50_ms": pct(self.autocomplete, 0.5),
                "autocomplete_p99_ms": pct(self.autocomplete, 0.99),
                "autocomplete_before_p50_ms": pct(self.autocomplete_before, 0.5),
                "autocomplete_before_p99_ms": pct(self.autocomplete_before, 0.99),
                "due_rows_a_tick": max(self.due_rows),
                "lookup_and_move_ms": round(statistics.median(self.moves), 2)}


async def backend(name: str, url_for: Any, stored: int, shapes: list[dict[str, Any]],
                  share: float = 0.1) -> dict[str, Any]:
    """Both databases open at once, every figure measured on each in turn (noise and the machine's
    drift fall on both alike)."""
    sides: list[Side] = []
    try:
        for tag, count in (("many", stored), ("few", 10)):
            url, schema = url_for(tag)
            sides.append(await Side.open(url, count, shapes, schema, share))
        many, few = sides
        for n in range(60):
            for side in sides:
                await side.complete(("", "m", "mali", "#1", "open")[n % 5])
        for _ in range(60):
            for side in sides:
                await side.move()
        # The ticks last, 10 a side: from the sixth run of a statement psycopg prepares it and
        # PostgreSQL may keep a generic plan, as in a bot that has run for a while.
        for _ in range(10):
            for side in sides:
                await asyncio.sleep(0.05)
                await side.tick()
    finally:
        for side in sides:
            await side.engine.dispose()
    a, b = many.figures(), few.figures()
    ratio = {k: round(a[k] / b[k], 2) if b[k] else None for k in a}
    return {"backend": name, "stored": stored, "share": share,
            "stored_in_server": many.in_server, "with_many": a, "with_10": b, "ratio": ratio}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--share", type=float, default=0.1, help="share of the stored games in the bench's server")
    parser.add_argument("--postgres", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    shapes = templates()
    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(await backend(
            "sqlite", lambda tag: (f"sqlite+aiosqlite:///{Path(tmp) / tag}.sqlite3", None), args.stored, shapes,
            args.share)))
    try:
        import asyncpg  # type: ignore[import-untyped]

        admin = await asyncpg.connect(args.postgres.replace("+asyncpg", ""), timeout=3)
    except Exception as exc:  # noqa: BLE001 - any failure means: no PostgreSQL here
        print(json.dumps({"backend": "postgresql", "skipped": f"{type(exc).__name__}: {exc}"}))
        return
    schemas = {tag: f"scale_{tag}_{int(time.time())}" for tag in ("many", "few")}
    try:
        for schema in schemas.values():
            await admin.execute(f'CREATE SCHEMA "{schema}"')
        print(json.dumps(await backend("postgresql", lambda tag: (args.postgres, schemas[tag]), args.stored, shapes,
                                          args.share)))
    finally:
        for schema in schemas.values():
            await admin.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await admin.close()


if __name__ == "__main__":
    asyncio.run(main())
