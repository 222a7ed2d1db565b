"""The real bot under load, with 10,000 stored games and with 10, side by side (issue: fast at scale).

Run: .venv/bin/python bench/load.py [--stored 10000] [--postgres URL] [--only commit,roundtrip,...]
         [--games 100] [--minute-seconds 60] [--diagnose]
The bot runs as its own process (`python -m bench.bot_child ...`), connected to the Discord
simulator in this process, so its memory and its event loop's lag are its own. Its database (a SQLite
file; a fresh PostgreSQL database when one answers) first gets `--stored` real games of every
registered game (bench/stored.py). Then `--games` Mali games are opened, joined and started by slash
commands in as many channels, and a few moves are played in each. Figures, each measured in the run:

- commit: one durable commit of a game's snapshot (a real Mali one, ~1.9 KB): raw sqlite3 / aiosqlite
  / the bot's unit of work (`bot.db.Database.run`) / a plain SQLAlchemy AsyncSession, for
  comparison (PostgreSQL: asyncpg's one statement in autocommit / the bot's / the session), interleaved;
- roundtrip: a move's round trip (slash command to the bot's last answer) interleaved with a no-op
  command's (`/mali help`) and one raw durable commit of the snapshot (PostgreSQL: one statement in
  autocommit, as the bot sends a move), each after the same idle, medians; then the same commit back
  to back. Printed: move / (no-op + the commit after an idle gap), move / (no-op + the back-to-back
  commit), and move / no-op;
- memory: the bot process's RSS with the games being played;
- lag: the bot's event-loop lag (5 ms heartbeat, every sample) while a move arrives on each game,
  spread over one minute (`--minute-seconds`); board images are drawn as usual;
- burst: a move on each game, all at once: time to the first answer (reply or defer) and to the last.
Prints one JSON object per backend: both runs, their ratios, and the issue's figures with their goals.
`--diagnose` also times the bot's stages and profiles its event loop thread during the lag and burst
phases; `--debug-loop` runs it in asyncio debug mode and lists its slow callbacks (figures are then
not comparable).
No test asserts a time.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import itertools
import json
import logging
import os
import pstats
import re
import secrets
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import bindparam, select, update  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402
from sqlalchemy.ext.asyncio import async_sessionmaker  # noqa: E402

from bench.mali_roundtrip import command_for  # noqa: E402
from bench.stored import pct, populate, templates  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.db import Database, canonical_json, make_engine, upgrade  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.service.store import GAMES  # noqa: E402
from games.simulate import choose, playout_rng  # noqa: E402
from localdiscord.world import Channel, User  # noqa: E402
from tests.fakediscord import FakeDiscord, InteractionRecord  # noqa: E402

FIGURES = ("commit", "roundtrip", "memory", "lag", "burst")
BOT_FIGURES = ("roundtrip", "memory", "lag", "burst")
HEARTBEAT = 0.005  # seconds between the lag heartbeat's beats
GOALS = {"move_over_noop_plus_commit": 1.5, "bot_over_raw_async": 1.5, "rss_mb_many": 200.0,
         "rss_many_over_10": 1.1, "lag_p99_ms": 50.0, "lag_max_ms": 100.0, "burst_final_p99_ms": 1000.0,
         "burst_first_over_1s": 0}


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def spread(values: list[float], scale: float = 1.0) -> dict[str, float | None]:
    """p50 / p99 / max of `values` (times `scale`), None when there are none."""
    if not values:
        return {"p50": None, "p99": None, "max": None}
    scaled = [v * scale for v in values]
    return {"p50": pct(scaled, 0.5), "p99": pct(scaled, 0.99), "max": round(max(scaled), 2)}


# --- the bot's own process ---------------------------------------------------------------------

def _status(pid: int | str) -> dict[str, float]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = round(int(value.split()[0]) / 1024, 1)
    return fields


def _children() -> list[int]:
    """The processes this one started (the render workers and multiprocessing's tracker)."""
    me, out = os.getpid(), []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == me:
                    out.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return out


def rss() -> dict[str, Any]:
    """This process's resident memory now and at its peak, and its child processes' now, in MB
    (Linux /proc); `total_mb` is the bot's with its render workers."""
    own = _status("self")
    children: dict[str, float] = {}
    for pid in _children():
        try:
            command = Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
            name = "resource tracker" if "resource_tracker" in command else f"render worker {pid}"
            children[name] = _status(pid).get("VmRSS", 0.0)
        except OSError:
            continue
    workers = sum(children.values())
    return {"rss_mb": own.get("VmRSS", 0.0), "peak_rss_mb": own.get("VmHWM", 0.0),
            "workers_rss_mb": round(workers, 1), "children_mb": children,
            "total_mb": round(own.get("VmRSS", 0.0) + workers, 1)}


class Heartbeat:
    """The event loop's lag: how late each beat of a `HEARTBEAT` sleep wakes (every sample kept
    while recording)."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self.recording = False
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._beat(), name="load-heartbeat")

    async def _beat(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while True:
            await asyncio.sleep(HEARTBEAT)
            now = loop.time()
            if self.recording:
                self.samples.append(max(0.0, now - last - HEARTBEAT))
            last = now

    def record(self) -> None:
        self.samples, self.recording = [], True

    def result(self) -> dict[str, Any]:
        self.recording = False
        samples = self.samples
        return {**{f"lag_{k}_ms": v for k, v in spread(samples, 1000).items()}, "beats": len(samples),
                "beats_over_50ms": sum(s > 0.05 for s in samples), "beats_over_100ms": sum(s > 0.1 for s in samples)}

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()


class SlowCallbacks(logging.Handler):
    """asyncio's debug-mode warnings about callbacks that held the loop too long."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[tuple[float, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        found = re.search(r"took ([0-9.]+) seconds", text)
        if found:
            self.seen.append((float(found[1]), text[:600]))

    def top(self, n: int = 12) -> list[str]:
        return [f"{d * 1000:.0f} ms: {t}" for d, t in sorted(self.seen, reverse=True)[:n]]


class Stages:
    """Wall time of the bot's stages (wrapping its methods in this process only): count, total, p50, max."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}

    def wrap(self, owner: Any, name: str, label: str) -> None:
        original = getattr(owner, name)
        times = self.times.setdefault(label, [])

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                times.append(time.perf_counter() - started)

        setattr(owner, name, timed)

    def install(self) -> Stages:
        import discord.http

        import bot.presenter
        import cogs.gamecog
        from bot.presenter import Presenter

        self.wrap(GameService, "in_channel", "service.in_channel (find_game)")
        self.wrap(GameService, "get", "service.get")
        self.wrap(GameService, "act_many", "service.act_many (the write)")
        self.wrap(cogs.gamecog, "confirm", "cogs.gamecog.confirm (answer the mover)")
        self.wrap(Presenter, "deliver", "presenter.deliver (post to the table)")
        self.wrap(bot.presenter, "render_file", "render_file (board image, thread pool)")
        self.wrap(discord.http.HTTPClient, "request", "discord REST request")
        return self

    def clear(self) -> None:
        for times in self.times.values():
            times.clear()

    def result(self) -> dict[str, dict[str, float]]:
        return {label: {"count": len(t), "total_ms": ms(sum(t)), "p50_ms": ms(statistics.median(t)),
                        "max_ms": ms(max(t))} for label, t in self.times.items() if t}


def profile_lines(profile: cProfile.Profile, sort: str, n: int = 25) -> list[str]:
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats(sort).print_stats(n)
    lines = out.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip().startswith("ncalls")), 0)
    return [" ".join(line.split()) for line in lines[start:] if line.strip()]


async def bot_child(cfg: dict[str, Any]) -> None:
    """The bot's process: the real bot against the simulator, answering the bench on stdin/stdout."""
    protocol = os.fdopen(os.dup(1), "w", buffering=1)
    sys.stdout = sys.stderr  # nothing but answers on the protocol's pipe
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.app import TabletopBot
    from bot.config import point_discord_at

    loop = asyncio.get_running_loop()
    slow = SlowCallbacks()
    if cfg["debug_loop"]:
        loop.set_debug(True)
        loop.slow_callback_duration = 0.02
        logging.getLogger("asyncio").addHandler(slow)
    stages = Stages().install() if cfg["diagnose"] else None
    point_discord_at(cfg["api_base"], cfg["gateway_url"])
    settings = Settings(token=cfg["token"], database_url=cfg["url"], api_base=cfg["api_base"],
                        gateway_url=cfg["gateway_url"], tick_seconds=cfg["tick_seconds"],
                        render_workers=cfg["render_workers"])
    bot = TabletopBot(settings, guild_ready_timeout=0.1)
    runner = loop.create_task(bot.start(settings.token))
    while not bot.is_ready():
        if runner.done():
            runner.result()
        await asyncio.sleep(0.02)
    seeds = itertools.count(1)
    bot.service.new_seed = lambda: next(seeds)  # type: ignore[method-assign]
    heart = Heartbeat()
    heart.start()
    profile: cProfile.Profile | None = None

    def send(answer: dict[str, Any]) -> None:
        protocol.write(json.dumps(answer) + "\n")

    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    send({"ready": True, "pid": os.getpid(), **rss()})
    while line := await reader.readline():
        op = json.loads(line)["op"]
        answer: dict[str, Any] = {}
        if op == "rss":
            answer = rss()
        elif op == "settle":
            await bot.pending.wait(120.0)  # the bot's own work in hand (bot/pending.py)
        elif op == "watch":  # start recording lag (and, diagnosing, slow callbacks, stages, the profile)
            heart.record()
            slow.seen.clear()
            if stages is not None:
                stages.clear()
            if cfg["diagnose"]:
                profile = cProfile.Profile()
                profile.enable()
        elif op == "watched":
            answer = {**heart.result(), "service_stats": dict(bot.service.stats)}
            if profile is not None:
                profile.disable()
                answer["profile_tottime"] = profile_lines(profile, "tottime")
                answer["profile_cumtime"] = profile_lines(profile, "cumulative", 40)
                profile = None
            if cfg["debug_loop"]:
                answer["slow_callbacks"] = slow.top()
                answer["slow_callback_count"] = len(slow.seen)
            if stages is not None:
                answer["stages"] = stages.result()
        elif op == "quit":
            break
        send(answer)
    heart.stop()
    await bot.close()
    runner.cancel()
    send({"bye": True})


class BotProcess:
    """The bench's handle on the bot's process."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.log: deque[str] = deque(maxlen=60)
        self.ready: dict[str, Any] = {}
        self._drain = asyncio.get_running_loop().create_task(self._stderr())

    @classmethod
    async def launch(cls, sim: FakeDiscord, url: str, *, diagnose: bool, tick_seconds: float,
                     render_workers: int, debug_loop: bool = False) -> BotProcess:
        cfg = {"token": sim.token, "url": url, "api_base": sim.api_base, "gateway_url": sim.gateway_url,
               "diagnose": diagnose, "debug_loop": debug_loop, "tick_seconds": tick_seconds,
               "render_workers": render_workers}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.bot_child", json.dumps(cfg), cwd=ROOT,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        bot = cls(proc)
        try:
            async with asyncio.timeout(120):
                bot.ready = await bot._answer()
        except BaseException:
            await bot.stop()
            raise
        return bot

    async def _stderr(self) -> None:
        assert self.proc.stderr is not None
        while line := await self.proc.stderr.readline():
            self.log.append(line.decode(errors="replace").rstrip())

    async def _answer(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await self.proc.stdout.readline()
        if not line:
            await asyncio.sleep(0.2)
            raise RuntimeError("the bot's process ended:\n" + "\n".join(self.log))
        answer: dict[str, Any] = json.loads(line)
        return answer

    async def call(self, op: str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps({"op": op}) + "\n").encode())
        await self.proc.stdin.drain()
        async with asyncio.timeout(300):
            return await self._answer()

    async def stop(self) -> None:
        if self.proc.returncode is None:
            try:
                await asyncio.wait_for(self.call("quit"), 20)
                await asyncio.wait_for(self.proc.wait(), 20)
            except (Exception, asyncio.CancelledError):  # noqa: BLE001 - whatever went wrong, the child is killed
                self.proc.kill()
                await self.proc.wait()
        self._drain.cancel()


# --- the tables being played --------------------------------------------------------------------

@dataclass
class Table:
    channel: Channel
    players: tuple[User, User]
    gid: int = 0
    rng: Any = field(default=None)


@dataclass
class Move:
    table: Table
    user: User
    command: str
    options: dict[str, Any]
    version: int


@dataclass
class Run:
    """One bot process against the simulator, with its tables."""

    sim: FakeDiscord
    bot: BotProcess
    service: GameService  # the bench's own reader of the same database, to pick legal moves
    tables: list[Table]
    unanswered_opens: int = 0  # `/game new` left unanswered past 3 s while setting up (then tried again)


async def open_table(sim: FakeDiscord, service: GameService, table: Table) -> int:
    """A 2-player Mali game in the table's channel, opened, joined and started by slash command and
    buttons; returns how many times `/game new` went unanswered in Discord's 3 s first (then tried again)."""
    first, second = table.players
    failures = 0
    while True:
        opened = await sim.slash(first, table.channel, "game new", options={"game": "mali", "players": 2})
        found = re.search(r"table #(\d+)", opened.message.text if opened.message else "")
        if found is not None and opened.message is not None:
            break
        failures += 1
        if failures == 5:
            raise RuntimeError(f"no table opened: {opened!r} {opened.content!r}")
        await asyncio.sleep(1)
    await sim.click(second, opened.message, label="Join")
    await sim.click(first, opened.message, label="Start")
    table.gid = int(found[1])
    table.rng = playout_rng(table.gid)
    for _ in range(100):
        if (await service.get(table.gid)).status == "running":
            return failures
        await asyncio.sleep(0.05)
    raise RuntimeError(f"game #{table.gid} did not start")


async def next_move(run: Run, table: Table) -> Move:
    """A legal move of the table's game, as the slash command its player would use (a finished game
    is replaced by a new one in the same channel)."""
    record = await run.service.get(table.gid)
    if record.status != "running":
        run.unanswered_opens += await open_table(run.sim, run.service, table)
        await run.bot.call("settle")
        record = await run.service.get(table.gid)
    seat, action = choose(record.game, record.state, table.rng)
    name, options = command_for(action)
    return Move(table, run.sim.users[int(record.user_of(seat))], name, {**options, "game": table.gid},
                record.version)


async def play(run: Run, move: Move) -> InteractionRecord:
    return await run.sim.slash(move.user, move.table.channel, move.command, options=move.options)


async def applied(run: Run, moves: list[Move]) -> int:
    """How many of the moves were saved (their game's version went up)."""
    versions = [(await run.service.get(m.table.gid)).version for m in moves]
    return sum(v > m.version for v, m in zip(versions, moves, strict=True))


async def set_up(run: Run, warm_moves: int) -> None:
    """Open every table (five at a time) and play `warm_moves` moves in each."""
    gate = asyncio.Semaphore(5)

    async def one(table: Table) -> None:
        async with gate:
            run.unanswered_opens += await open_table(run.sim, run.service, table)
            for _ in range(warm_moves):
                await play(run, await next_move(run, table))

    await asyncio.gather(*(one(t) for t in run.tables))
    await run.bot.call("settle")


def first_answer(rec: InteractionRecord) -> float | None:
    return None if rec.acknowledged_at is None else rec.acknowledged_at - rec.created_at


def last_answer(rec: InteractionRecord) -> float:
    return rec.last_activity - rec.created_at


# --- the figures ------------------------------------------------------------------------------------

RAW_UPDATE = "UPDATE games SET state = ?, version = version + 1 WHERE id = ?"


async def raw_commit(url: str, state: dict[str, Any],
                     gid: int) -> tuple[str, Callable[[], Awaitable[None]], Callable[[], Awaitable[None]]]:
    """The raw async driver's durable commit of the snapshot into game `gid` (aiosqlite; asyncpg:
    one statement in autocommit, one round trip, like the bot's move): its name, the commit, and
    its closer."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        import aiosqlite

        assert parsed.database is not None
        conn = await aiosqlite.connect(parsed.database, timeout=15)
        await conn.execute("PRAGMA busy_timeout=15000")
        await conn.execute("PRAGMA foreign_keys=ON")

        async def by_aiosqlite() -> None:
            await conn.execute(RAW_UPDATE, (canonical_json(state), gid))
            await conn.commit()

        return "aiosqlite", by_aiosqlite, conn.close
    import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no types

    pg = await asyncpg.connect(parsed.set(drivername="postgresql").render_as_string(hide_password=False))

    async def by_asyncpg() -> None:  # one statement in autocommit, as the bot sends a move
        await pg.execute("UPDATE games SET state = $1::jsonb, version = version + 1 WHERE id = $2",
                         canonical_json(state), gid)

    return "asyncpg", by_asyncpg, pg.close


async def first_game(engine: Any) -> int:
    """The first stored game's id (the raw commits write into it)."""
    async with engine.connect() as conn:
        return int((await conn.execute(select(GAMES.c.id).order_by(GAMES.c.id).limit(1))).scalar_one())


async def commit_costs(url: str, rounds: int, state: dict[str, Any]) -> dict[str, Any]:
    """One durable commit of a game's snapshot (its row's JSON state and version), by each path in
    turn, `rounds` times: medians in ms."""
    engine = make_engine(url)
    sessions = async_sessionmaker(engine, expire_on_commit=False)  # the ORM's way, for comparison
    gid = await first_game(engine)
    statement = update(GAMES).where(GAMES.c.id == gid)

    database = Database(engine)
    # As the bot writes: a statement built once (bot/service/store.py), its values bound per commit.
    prebuilt = update(GAMES).where(GAMES.c.id == bindparam("w_id")).values(version=GAMES.c.version + 1)

    async def by_bot() -> None:
        await database.run(lambda conn: conn.execute(prebuilt, {"state": state, "w_id": gid}))

    async def by_session() -> None:
        async with sessions() as session:
            await session.execute(statement.values(state=state, version=GAMES.c.version + 1))
            await session.commit()

    raw_name, raw, raw_close = await raw_commit(url, state, gid)
    paths: dict[str, Callable[[], Awaitable[None]]] = {"bot": by_bot, "session": by_session}
    closers: list[Callable[[], Awaitable[None]]] = [engine.dispose, raw_close]
    facts: dict[str, Any] = {"snapshot_bytes": len(canonical_json(state))}
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database
        assert path is not None
        plain = sqlite3.connect(path, timeout=15)
        plain.execute("PRAGMA busy_timeout=15000")
        plain.execute("PRAGMA foreign_keys=ON")
        facts["journal_mode"] = plain.execute("PRAGMA journal_mode").fetchone()[0]
        facts["synchronous"] = plain.execute("PRAGMA synchronous").fetchone()[0]

        async def by_sqlite3() -> None:
            plain.execute(RAW_UPDATE, (canonical_json(state), gid))
            plain.commit()

        async def close_plain() -> None:
            plain.close()

        paths = {"sqlite3": by_sqlite3, raw_name: raw, **paths}
        closers.append(close_plain)
    else:
        paths = {raw_name: raw, **paths}
    raw_async = raw_name
    times: dict[str, list[float]] = {name: [] for name in paths}
    try:
        for _ in range(3):  # warm every path (connections, prepared statements)
            for run in paths.values():
                await run()
        for _ in range(rounds):
            for name, run in paths.items():
                started = time.perf_counter()
                await run()
                times[name].append(time.perf_counter() - started)
    finally:
        for close in closers:
            await close()
    medians = {f"{name}_ms": ms(statistics.median(t)) for name, t in times.items()}
    return {**facts, **medians, "raw_async": raw_async,
            "bot_over_raw_async": round(medians["bot_ms"] / medians[f"{raw_async}_ms"], 2),
            "session_over_raw_async": round(medians["session_ms"] / medians[f"{raw_async}_ms"], 2),
            **({"bot_over_sqlite3": round(medians["bot_ms"] / medians["sqlite3_ms"], 2),
                "session_over_sqlite3": round(medians["session_ms"] / medians["sqlite3_ms"], 2),
                "aiosqlite_over_sqlite3": round(medians["aiosqlite_ms"] / medians["sqlite3_ms"], 2)}
               if "sqlite3_ms" in medians else {})}


async def roundtrip(run: Run, moves: int, raw: Callable[[], Awaitable[None]]) -> dict[str, Any]:
    """Moves by slash command on the first table, each followed by `/mali help` (timed alike, from
    the interaction's creation to the bot's last answer) and by one raw durable commit of the
    snapshot (`raw`, from this process), the bot settled before each: the three in the same rhythm."""
    table = run.tables[0]
    move_s: list[float] = []
    noop_s: list[float] = []
    commit_s: list[float] = []
    await run.bot.call("watch")
    for _ in range(moves):
        move = await next_move(run, table)
        move_s.append(last_answer(await play(run, move)))
        await run.bot.call("settle")
        noop_s.append(last_answer(await run.sim.slash(move.user, table.channel, "mali help")))
        await run.bot.call("settle")
        started = time.perf_counter()
        await raw()
        commit_s.append(time.perf_counter() - started)
        await run.bot.call("settle")
    hot_s: list[float] = []  # the same commit back to back: the floor without the idle gap's cost
    for _ in range(moves):
        started = time.perf_counter()
        await raw()
        hot_s.append(time.perf_counter() - started)
    watched = await run.bot.call("watched")
    median_move, median_noop = statistics.median(move_s), statistics.median(noop_s)
    return {**{k: v for k, v in watched.items() if k.startswith(("stages", "profile", "slow_"))},
            "moves": len(move_s), "move_ms": ms(median_move), "noop_ms": ms(median_noop),
            "raw_commit_ms": ms(statistics.median(commit_s)), "raw_commit_hot_ms": ms(statistics.median(hot_s)),
            "move_p90_ms": pct([m * 1000 for m in move_s], 0.9),
            "move_over_noop": round(median_move / median_noop, 2)}


async def lag_over_a_minute(run: Run, minute: float) -> dict[str, Any]:
    """A move on every table, arriving evenly spread over `minute` seconds, while the bot's heartbeat
    records its loop's lag (until every move was handled and posted)."""
    moves = [await next_move(run, t) for t in run.tables]
    loop = asyncio.get_running_loop()
    await run.bot.call("watch")
    start = loop.time()

    async def arrive(i: int, move: Move) -> InteractionRecord:
        await asyncio.sleep(max(0.0, start + i * minute / len(moves) - loop.time()))
        return await play(run, move)

    with SimLag() as sim_lag:
        records = await asyncio.gather(*(arrive(i, m) for i, m in enumerate(moves)))
        await run.bot.call("settle")
    watched = await run.bot.call("watched")
    answers = [last_answer(r) for r in records]
    return {"moves": len(moves), "seconds": round(loop.time() - start, 1), **watched,
            **{f"answer_{k}_ms": v for k, v in spread(answers, 1000).items()},
            "applied": await applied(run, moves), "failed": sum(bool(r.errors) for r in records),
            "simulator_lag_max_ms": sim_lag.max_ms()}


async def burst(run: Run) -> dict[str, Any]:
    """A move on every table, all at once: each one's time to its first answer (a reply or a defer),
    to its last answer, and to the table's post of it."""
    moves = [await next_move(run, t) for t in run.tables]
    before = {id(t.channel): len(run.sim.channel_messages(t.channel)) for t in run.tables}
    await run.bot.call("watch")
    offset = time.time() - time.monotonic()  # messages carry wall time; interactions, monotonic
    with SimLag() as sim_lag:
        records = await asyncio.gather(*(play(run, m) for m in moves))
        await run.bot.call("settle")
    watched = await run.bot.call("watched")
    first = [f for f in map(first_answer, records) if f is not None]
    final = [last_answer(r) for r in records]
    posted: list[float] = []
    for move, rec in zip(moves, records, strict=True):
        news = [m for m in run.sim.channel_messages(move.table.channel)[before[id(move.table.channel)]:]
                if m.interaction is None]
        if news:
            posted.append(news[0].created_at - offset - rec.created_at)
    return {"moves": len(moves), **{f"first_{k}_ms": v for k, v in spread(first, 1000).items()},
            **{f"final_{k}_ms": v for k, v in spread(final, 1000).items()},
            **{f"table_post_{k}_ms": v for k, v in spread(posted, 1000).items()},
            "first_over_1s": sum(f > 1 for f in first), "final_over_1s": sum(f > 1 for f in final),
            "deferred": sum(r.response_type == 5 for r in records),
            "unanswered": sum(r.acknowledged_at is None for r in records),
            "applied": await applied(run, moves), "failed": sum(bool(r.errors) for r in records),
            "bot_lag_p99_ms": watched["lag_p99_ms"], "bot_lag_max_ms": watched["lag_max_ms"],
            "simulator_lag_max_ms": sim_lag.max_ms(),
            **{k: v for k, v in watched.items() if not k.startswith(("lag_", "beats"))}}


class SimLag:
    """The simulator's own loop lag meanwhile (so a slow simulator is not taken for a slow bot)."""

    def __init__(self) -> None:
        self.heart = Heartbeat()

    def __enter__(self) -> SimLag:
        self.heart.start()
        self.heart.record()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.heart.stop()

    def max_ms(self) -> float | None:
        return self.heart.result()["lag_max_ms"]


async def measure(url: str, stored: int, shapes: list[dict[str, Any]], args: argparse.Namespace) -> dict[str, Any]:
    engine = make_engine(url)
    await upgrade(engine)
    await populate(engine, stored, shapes)
    await engine.dispose()
    out: dict[str, Any] = {"stored": stored}
    if "commit" in args.only:
        out["commit"] = await commit_costs(url, args.commits, snapshot(shapes))
    if not set(args.only) & set(BOT_FIGURES):
        return out
    sim = FakeDiscord(validate_spec=False)  # the tests check the spec; here it would only add noise
    sim.response_timeout = 60.0
    await sim.start()
    guild = sim.guild
    assert guild is not None
    tables = [Table(sim.add_text_channel(guild, f"table-{i}"),
                    (sim.add_member(guild, sim.add_user(f"p{i}a")).user,
                     sim.add_member(guild, sim.add_user(f"p{i}b")).user)) for i in range(args.games)]
    reader = make_engine(url)
    bot = await BotProcess.launch(sim, url, diagnose=args.diagnose, tick_seconds=args.tick_seconds,
                                  render_workers=args.render_workers, debug_loop=args.debug_loop)
    try:
        out["memory"] = {"bot_ready": {k: bot.ready[k] for k in ("rss_mb", "peak_rss_mb")}}
        run = Run(sim, bot, GameService(reader), tables)
        started = time.perf_counter()
        await set_up(run, args.warm_moves)
        out["set_up_s"] = round(time.perf_counter() - started, 1)
        out["set_up_unanswered_opens"] = run.unanswered_opens
        out["memory"]["games_being_played"] = await bot.call("rss")
        if "roundtrip" in args.only:
            _, raw, close = await raw_commit(url, snapshot(shapes), await first_game(reader))
            try:
                out["roundtrip"] = await roundtrip(run, args.moves, raw)
            finally:
                await close()
        if "lag" in args.only:
            out["lag"] = await lag_over_a_minute(run, args.minute_seconds)
        if "burst" in args.only:
            out["burst"] = await burst(run)
        out["memory"]["after_load"] = await bot.call("rss")
    finally:
        await bot.stop()
        await sim.close()
        await reader.dispose()
    return out


def snapshot(shapes: list[dict[str, Any]]) -> dict[str, Any]:
    """A Mali state of the median size among the stored ones (the games played here are Mali's:
    1.4-2.9 KB of JSON: this one 1.9 KB), as the bot's moves write it: no padding."""
    mali = sorted((s["state"] for s in shapes if s["key"] == "mali"), key=lambda s: len(canonical_json(s)))
    state: dict[str, Any] = mali[len(mali) // 2]
    return state


def figures(many: dict[str, Any], few: dict[str, Any]) -> dict[str, Any]:
    """The issue's figures, from the run with many stored games (memory: against the run with 10)."""
    out: dict[str, Any] = {}
    commit, trip = many.get("commit"), many.get("roundtrip")
    if commit:
        out["bot_over_raw_async"] = commit["bot_over_raw_async"]
        out["session_over_raw_async"] = commit["session_over_raw_async"]
        if "bot_over_sqlite3" in commit:
            out["bot_over_sqlite3"] = commit["bot_over_sqlite3"]
    if trip:
        # Two floors: the no-op plus one raw durable commit timed in the move's rhythm (after the
        # same idle), and plus the same commit timed back to back (warm: no idle gap's cost).
        floor = trip["noop_ms"] + trip["raw_commit_ms"]
        hot = trip["noop_ms"] + trip["raw_commit_hot_ms"]
        out["move_over_noop_plus_commit"] = round(trip["move_ms"] / floor, 2)
        out["move_over_noop_plus_hot_commit"] = round(trip["move_ms"] / hot, 2)
        out["noop_plus_commit_over_noop"] = round(floor / trip["noop_ms"], 2)
        out["move_over_noop"] = trip["move_over_noop"]
    if "memory" in many and "memory" in few:
        big, small = many["memory"]["after_load"]["total_mb"], few["memory"]["after_load"]["total_mb"]
        out.update(rss_mb_many=big, rss_mb_10=small, rss_many_over_10=round(big / small, 2))
    if "lag" in many:
        out.update(lag_p99_ms=many["lag"]["lag_p99_ms"], lag_max_ms=many["lag"]["lag_max_ms"])
    if "burst" in many:
        out.update(burst_first_p99_ms=many["burst"]["first_p99_ms"], burst_final_p99_ms=many["burst"]["final_p99_ms"],
                   burst_first_over_1s=many["burst"]["first_over_1s"],
                   burst_final_over_1s=many["burst"]["final_over_1s"])
    meets = {k: (out[k] <= goal) for k, goal in GOALS.items() if k in out and out[k] is not None}
    return {**out, "goals": {k: v for k, v in GOALS.items() if k in out}, "meets": meets}


def ratios(many: dict[str, Any], few: dict[str, Any]) -> dict[str, Any]:
    """many / few for every number both runs measured."""
    out: dict[str, Any] = {}
    for key, value in many.items():
        other = few.get(key)
        if isinstance(value, dict) and isinstance(other, dict):
            inner = ratios(value, other)
            if inner:
                out[key] = inner
        elif (isinstance(value, int | float) and not isinstance(value, bool) and isinstance(other, int | float)
              and other and key != "stored"):
            out[key] = round(value / other, 2)
    return out


async def backend(name: str, url_for: Callable[[str], str], shapes: list[dict[str, Any]],
                  args: argparse.Namespace) -> dict[str, Any]:
    many = await measure(url_for("many"), args.stored, shapes, args)
    few = {} if args.skip_10 else await measure(url_for("few"), 10, shapes, args)
    return {"backend": name, "stored": args.stored, "games": args.games, "figures": figures(many, few),
            "with_many": many, "with_10": few, "ratio": ratios(many, few)}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stored", type=int, default=10_000, help="stored games (the other run has 10)")
    parser.add_argument("--postgres", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test",
                        help="a PostgreSQL database to create the bench's databases from ('' to skip)")
    parser.add_argument("--only", default=",".join(FIGURES), help=f"figures to measure, of {','.join(FIGURES)}")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--games", type=int, default=100, help="games being played")
    parser.add_argument("--warm-moves", type=int, default=3, help="moves played in each game first")
    parser.add_argument("--moves", type=int, default=40, help="moves timed for the round trip")
    parser.add_argument("--commits", type=int, default=100, help="commits timed by each path")
    parser.add_argument("--minute-seconds", type=float, default=60.0, help="the lag figure's minute")
    parser.add_argument("--tick-seconds", type=float, default=60.0, help="the bot's scheduler tick")
    parser.add_argument("--render-workers", type=int, default=Settings().render_workers,
                        help="the bot's render processes (its default, as in production)")
    parser.add_argument("--skip-10", action="store_true", help="no side-by-side run with 10 stored games")
    parser.add_argument("--diagnose", action="store_true",
                        help="stage times and a profile of the bot's loop thread (slower: not figures)")
    parser.add_argument("--debug-loop", action="store_true",
                        help="asyncio debug mode, slow callbacks logged (much slower: not figures)")
    args = parser.parse_args(argv)
    args.only = [f.strip() for f in args.only.split(",") if f.strip()]
    unknown = set(args.only) - set(FIGURES)
    if unknown:
        parser.error(f"unknown figures {sorted(unknown)}: choose from {','.join(FIGURES)}")
    return args


async def main(argv: list[str] | None = None, emit: Callable[[dict[str, Any]], None] | None = None) -> None:
    """Every figure; the bot's warnings are silenced meanwhile (they are not figures) and the
    process's logging is given back as it was (a test runs this in-process)."""
    before = logging.root.manager.disable
    logging.disable(logging.WARNING)
    try:
        await every_figure(argv, emit)
    finally:
        logging.disable(before)


async def every_figure(argv: list[str] | None, emit: Callable[[dict[str, Any]], None] | None) -> None:
    args = parse(argv)
    say = emit or (lambda result: print(json.dumps(result), flush=True))
    shapes = templates()
    backends = args.backends.split(",")
    if "sqlite" in backends:
        with tempfile.TemporaryDirectory() as tmp:
            say(await backend("sqlite", lambda tag: f"sqlite+aiosqlite:///{Path(tmp) / tag}.sqlite3", shapes, args))
    if "postgresql" not in backends:
        return
    try:
        import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no types

        admin_dsn = make_url(args.postgres).set(drivername="postgresql").render_as_string(hide_password=False)
        admin = await asyncpg.connect(admin_dsn, timeout=3)
    except Exception as exc:  # noqa: BLE001 - any failure means: no PostgreSQL here
        say({"backend": "postgresql", "skipped": f"{type(exc).__name__}: {exc}"})
        return
    names = {tag: f"load_{tag}_{secrets.token_hex(4)}" for tag in ("many", "few")}
    try:
        for db in names.values():
            await admin.execute(f'CREATE DATABASE "{db}"')
        base = make_url(args.postgres).set(drivername="postgresql+asyncpg")
        say(await backend("postgresql", lambda tag: base.set(database=names[tag]).render_as_string(
            hide_password=False), shapes, args))
    finally:
        for db in names.values():
            await admin.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
        await admin.close()


if __name__ == "__main__":
    asyncio.run(main())
