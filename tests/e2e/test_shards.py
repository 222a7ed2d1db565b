"""Shards on one PostgreSQL (issue #23): three `python -m bot` processes, the owner of shard 0,
the owner of shard 1 and a standby for shard 0, serve 40 games over 20 servers. Moves come by
command, by the buttons under the posts and by the panels in DMs (which Discord sends to shard 0,
so half of them reach a process that does not own the game); deadlines and reminders fall due;
the owner of shard 0 is killed (-9) in the middle of the burst and the standby takes over.
Then: every acknowledged move is in the log exactly once, no legal move was refused, and no
post, DM or reminder was sent twice or lost."""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import make_engine, upgrade
from bot.shards import shard_of
from localdiscord.world import DISCORD_EPOCH_MS
from tests.e2e.harness import bot_process, database, read_rest
from tests.fakediscord import FakeDiscord, InteractionRecord, Message

SHARDS = "2"
SERVERS = 20
GAMES_PER_SERVER = 2
REMINDED = 5  # games whose reminder falls due
TIMED_OUT = 5  # games whose deadline passes
REFUSED = ("out of date", "not your turn", "moved on", "went wrong", "try again", "Too many moves")


@dataclass
class Table:
    gid: int
    guild: Any
    channel: Any
    users: list[Any]
    shard: int
    moves: list[tuple[str, InteractionRecord]] = field(default_factory=list)


def guild_ids(count: int) -> list[int]:
    """Guild ids spread over the two shards by Discord's formula (real snowflakes, one ms apart)."""
    base = int(time.time() * 1000) - DISCORD_EPOCH_MS - count
    return [((base + i) << 22) | (i + 1) for i in range(count)]


def refused(rec: InteractionRecord) -> str | None:
    said = " ".join(m.text for m in ([rec.original] if rec.original else []) + rec.followups)
    return said if any(word in said for word in REFUSED) else None


def dm_panel(sim: FakeDiscord, user: Any, gid: int) -> Message | None:
    """The DM that carries the player's panel of game `gid` (sent when it started)."""
    for message in sim.dm_messages(user):
        if any((c.custom_id or "").startswith((f"tr:s:{gid}:", f"tr:a:{gid}:")) for c in message.components):
            return message
    return None


def turn_posts(sim: FakeDiscord, t: Table) -> list[Message]:
    """The game's posts with a "My turn" button."""
    return [m for m in sim.channel_messages(t.channel) if any(c.custom_id == f"tr:p:{t.gid}" for c in m.components)]


@pytest.fixture
async def pg_url(tmp_path: Path) -> AsyncIterator[str]:
    async for url in database("postgresql", tmp_path):
        yield url


class Bots:
    """`python -m bot` processes on one database, by name, with their logs."""

    def __init__(self, sim: FakeDiscord, url: str) -> None:
        self.sim, self.url = sim, url
        self.procs: dict[str, asyncio.subprocess.Process] = {}
        self.logs: dict[str, list[str]] = {}
        self._readers: list[asyncio.Task[None]] = []

    async def launch(self, name: str, settings: dict[str, str], ready: str = "Logged in as") -> None:
        proc, lines = await bot_process(self.sim, self.url, settings, ready=ready)
        self.procs[name], self.logs[name] = proc, lines
        self._readers.append(asyncio.create_task(read_rest(proc, lines)))

    async def said(self, name: str, words: str, timeout: float = 30) -> None:
        await self.sim.wait_for(lambda: any(words in line for line in self.logs[name]), timeout=timeout,
                                message=f"{name} never logged {words!r}", interval=0.02)

    async def stop(self) -> None:
        for proc in self.procs.values():
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs.values():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(proc.wait(), 10)
            if proc.returncode is None:
                proc.kill()
        for task in self._readers:
            task.cancel()


async def play_from(sim: FakeDiscord, user: Any, panel: Message, gid: int) -> InteractionRecord | None:
    """Choose the first card offered on a panel (a select or a button)."""
    for c in panel.components:
        cid = c.custom_id or ""
        if c.is_select and cid.startswith(f"tr:s:{gid}:"):
            return await sim.select(user, panel, cid, [c.option_values[0]])
        if cid.startswith(f"tr:a:{gid}:"):
            return await sim.click(user, panel, custom_id=cid)
    return None


async def open_game(sim: FakeDiscord, t: Table) -> None:
    """/game new, Join and Start, as the two players do."""
    opened = await sim.slash(t.users[0], t.channel, "game new", options={"game": "mali", "players": 2})
    assert opened.acknowledged, opened.errors

    def posted() -> Message | None:
        return next((m for m in [opened.message, *opened.followups, *sim.channel_messages(t.channel)]
                     if m is not None and re.search(r"table #(\d+)", m.text)), None)

    table = await sim.wait_for(posted, timeout=20)
    found = re.search(r"table #(\d+)", table.text)
    assert found is not None
    t.gid = int(found[1])
    await sim.click(t.users[1], table, label="Join")
    await sim.click(t.users[0], table, label="Start")


async def move(sim: FakeDiscord, t: Table, seat: int, how: str) -> None:
    """The seat chooses a card: by command, from its DM panel, or from the panel of the button
    under the last post."""
    user = t.users[seat]
    if how == "command":
        rec = await sim.slash(user, t.channel, "mali card", options={"value": 3})
    elif how == "dm":
        panel = dm_panel(sim, user, t.gid)
        assert panel is not None
        got = await play_from(sim, user, panel, t.gid)
        assert got is not None, panel.components
        rec = got
    else:
        rec = await sim.click(user, turn_posts(sim, t)[-1], custom_id=f"tr:p:{t.gid}")
        if rec.acknowledged and rec.message is not None and rec.message.components:
            got = await play_from(sim, user, rec.message, t.gid)
            assert got is not None
            rec = got
    t.moves.append((f"s{seat + 1}", rec))


async def make_due(engine: AsyncEngine, reminded: list[Table], timed_out: list[Table]) -> None:
    """Reminders due (past 75% of a window), and deadlines passed."""
    async with engine.begin() as conn:
        await conn.execute(text(
            "UPDATE games SET turn_started_at = now() - interval '3 hours', "
            "deadline_at = now() + interval '1 hour', remind_at = now() - interval '1 second' "
            "WHERE id = ANY(:ids)"), {"ids": [t.gid for t in reminded]})
        await conn.execute(text("UPDATE games SET deadline_at = now() - interval '1 second' WHERE id = ANY(:ids)"),
                           {"ids": [t.gid for t in timed_out]})


async def scalar(engine: AsyncEngine, sql: str, **params: Any) -> Any:
    async with engine.connect() as conn:
        return (await conn.execute(text(sql), params)).scalar_one()


async def all_told(engine: AsyncEngine) -> bool:
    """Nothing left unposted in the outbox, no reminder or deadline still due."""
    return not await scalar(engine, "SELECT (SELECT count(*) FROM outbox WHERE posted_at IS NULL) "
                                    "+ (SELECT count(*) FROM games WHERE remind_at <= now() OR deadline_at <= now())")


async def logged(engine: AsyncEngine) -> dict[int, Counter[str]]:
    """Per game, the log's entries counted by seat and kind."""
    async with engine.connect() as conn:
        rows = (await conn.execute(text("SELECT game_id, seat, kind, count(*) FROM actions "
                                        "GROUP BY game_id, seat, kind"))).all()
    per_game: dict[int, Counter[str]] = {}
    for gid, seat, kind, n in rows:
        per_game.setdefault(gid, Counter())[f"{seat}:{kind}"] += n
    return per_game


def check_told_once(sim: FakeDiscord, tables: list[Table], reminded: list[Table], timed_out: list[Table]) -> None:
    """Each post, DM and reminder once: the start, each move's line, a time-out, the packages."""
    for t in tables:
        posts = [m for m in sim.channel_messages(t.channel) if f"game #{t.gid}" in m.text]
        lines = Counter(line for m in posts for line in m.text.splitlines()
                        if line.startswith(("Players:", "Time is up", "⏰")) or "chose" in line)
        assert all(n == 1 for n in lines.values()), (t.gid, lines)
        assert sum(1 for line in lines if line.startswith("Players:")) == 1, (t.gid, [m.text for m in posts])
        for user in t.users:
            packages = [m for m in sim.dm_messages(user)  # as sent: a DM panel's choice edits it
                        if f"game #{t.gid} has started" in (m.history[0]["content"] if m.history else m.text)]
            assert len(packages) == 1, (t.gid, user.username, [m.text[:80] for m in sim.dm_messages(user)])
    for t in timed_out:
        assert len([m for m in sim.channel_messages(t.channel) if "Time is up" in m.text]) == 1, t.gid
    for t in reminded:
        for user in t.users:
            told = [m for m in sim.dm_messages(user) + sim.channel_messages(t.channel)
                    if m.text.startswith("⏰") and f"<@{user.id}>" in m.text and f"game #{t.gid}" in m.text]
            assert len(told) == 1, (t.gid, user.username, [m.text for m in told])


def world(sim: FakeDiscord) -> list[Table]:
    """SERVERS servers over the two shards, GAMES_PER_SERVER channels each, two new players a table."""
    tables: list[Table] = []
    names = iter(range(10**6))
    for n, guild_id in enumerate(guild_ids(SERVERS)):
        guild = sim.add_guild(f"server {n}", guild_id=guild_id)
        for k in range(GAMES_PER_SERVER):
            channel = sim.add_text_channel(guild, f"table-{k}")
            players = [sim.add_user(f"p{next(names)}") for _ in range(2)]
            for p in players:
                sim.add_member(guild, p)
            tables.append(Table(0, guild, channel, players, shard_of(guild_id, int(SHARDS))))
    assert {t.shard for t in tables} == {0, 1}
    return tables


async def test_two_owners_and_a_standby_lose_nothing_and_say_nothing_twice(fake_discord: FakeDiscord,
                                                                            pg_url: str) -> None:
    sim = fake_discord
    sim.expect_errors(10062)  # interactions sent to the killed shard before the takeover: checked below
    tables = world(sim)
    bots = Bots(sim, pg_url)
    engine = make_engine(pg_url)
    t0 = time.monotonic()
    # images in a worker: a board drawn on the event loop (about 1.4 s under load) would leave
    # interactions unacknowledged past Discord's 3 s
    quick = {"SHARD_COUNT": SHARDS, "TICK_SECONDS": "0.5", "RENDER_WORKERS": "1"}
    try:
        await upgrade(engine)  # once, before the three start together
        await asyncio.gather(bots.launch("a", {**quick, "SHARD_IDS": "0"}),  # owns shard 0: syncs the commands
                             bots.launch("b", {**quick, "SHARD_IDS": "1"}))
        await bots.launch("c", {**quick, "SHARD_IDS": "0"}, ready="standby:")  # a's standby, once a holds it
        print(f"{time.monotonic() - t0:.1f} s: three processes up")
        gate = asyncio.Semaphore(4)

        async def gated(t: Table) -> None:
            async with gate:
                await open_game(sim, t)

        await asyncio.gather(*(gated(t) for t in tables))
        await sim.wait_for(lambda: all(dm_panel(sim, t.users[1], t.gid) and turn_posts(sim, t) for t in tables),
                           timeout=40)
        print(f"{time.monotonic() - t0:.1f} s: {len(tables)} games started")
        reminded, timed_out = tables[:REMINDED], tables[REMINDED:REMINDED + TIMED_OUT]
        played = tables[REMINDED + TIMED_OUT:]
        await make_due(engine, reminded, timed_out)

        async def burst(t: Table, i: int) -> None:
            await move(sim, t, 1, "dm" if i % 2 == 0 else "button")
            await move(sim, t, 0, "command")

        async def kill_soon() -> float:
            await asyncio.sleep(0.6)
            bots.procs["a"].send_signal(signal.SIGKILL)
            return time.monotonic()

        killing = asyncio.create_task(kill_soon())
        await asyncio.gather(*(burst(t, i) for i, t in enumerate(played)))
        killed_at = await killing
        await bots.procs["a"].wait()
        await bots.said("c", "Logged in as")
        took_over = time.monotonic() - killed_at
        print(f"{time.monotonic() - t0:.1f} s: the burst is over, the standby took over")

        # A move not acknowledged (sent while shard 0 had no owner) is tried again, as its player
        # would, if the game still waits on it.
        unanswered = 0
        for t in played:
            for seat, rec in list(t.moves):
                if not rec.acknowledged:
                    unanswered += 1
                    assert t.shard == 0 or rec.channel.guild is None, (t.gid, seat, rec.errors)
                    if seat in await scalar(engine, "SELECT waiting FROM games WHERE id = :g", g=t.gid):
                        await move(sim, t, int(seat[1]) - 1, "command")
        for t in played:
            for seat, rec in t.moves:
                assert refused(rec) is None, (t.gid, seat, refused(rec))

        await sim.wait_for(lambda: all_told(engine), timeout=40, message="the outbox or the scheduler never caught up",
                           interval=0.2)
        print(f"{time.monotonic() - t0:.1f} s: everything told")
        await asyncio.sleep(1.5)  # a post or reminder said twice would come now

        per_game = await logged(engine)
        for t in played:  # every move exactly once: both seats chose their card
            assert per_game.get(t.gid) == Counter({"s1:action": 1, "s2:action": 1}), (t.gid, per_game.get(t.gid))
        for t in reminded + timed_out:
            assert t.gid not in per_game, (t.gid, per_game[t.gid])
        check_told_once(sim, tables, reminded, timed_out)
        assert bots.procs["b"].returncode is None and bots.procs["c"].returncode is None
        assert not sim.gateway.refused_shards
        print(f"takeover after kill -9: {took_over:.2f} s; {unanswered} moves unanswered meanwhile")
        assert took_over < 15
    finally:
        await bots.stop()
        await engine.dispose()


async def test_a_second_process_for_a_held_shard_waits_as_its_standby(fake_discord: FakeDiscord,
                                                                    pg_url: str) -> None:
    """... off the gateway, and takes over when the owner is gone (here it stops cleanly)."""
    sim = fake_discord
    bots = Bots(sim, pg_url)
    ids = "1"
    settings = {"SHARD_COUNT": "2", "SHARD_IDS": ids}
    try:
        await bots.launch("owner", settings)
        await bots.launch("standby", settings, ready="standby:")
        await bots.launch("stopped", settings, ready="standby:")
        bots.procs["stopped"].send_signal(signal.SIGTERM)  # a standby stops cleanly while it waits
        assert await asyncio.wait_for(bots.procs["stopped"].wait(), 20) == 0
        assert not any("Logged in as" in line for line in bots.logs["standby"])
        assert len([s for s in sim.gateway.live_sessions if s.shard == (int(ids), 2)]) == 1
        bots.procs["owner"].send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(bots.procs["owner"].wait(), 20) == 0
        await bots.said("standby", "Logged in as")
    finally:
        await bots.stop()


async def identify(session: aiohttp.ClientSession, sim: FakeDiscord,
                   shard: list[int]) -> tuple[aiohttp.ClientWebSocketResponse, dict[str, Any] | None]:
    """A raw gateway connection identified as `shard`; READY's data, or None when it was closed."""
    ws = await session.ws_connect(sim.gateway_url)
    hello = await ws.receive_json(timeout=5)
    assert hello["op"] == 10
    await ws.send_json({"op": 2, "d": {"token": sim.token, "intents": 1, "shard": shard, "properties": {}}})
    message = await ws.receive(timeout=5)
    if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
        return ws, None
    ready = json.loads(message.data)
    assert ready["t"] == "READY"
    return ws, ready["d"]


async def events(ws: aiohttp.ClientWebSocketResponse, seconds: float = 0.3) -> list[str]:
    """The dispatches' names that arrive within `seconds`."""
    names: list[str] = []
    with contextlib.suppress(TimeoutError):
        while True:
            names.append((await ws.receive_json(timeout=seconds))["t"])
    return names


@pytest.mark.fakediscord(default_world=False)
async def test_the_simulator_speaks_shards(fake_discord: FakeDiscord) -> None:
    """IDENTIFY with [shard id, count]; a guild's events to its shard, a DM's to shard 0; a shard
    out of range or identified twice is closed with 4010."""
    sim = fake_discord
    ids = guild_ids(2)  # once: they come from the clock
    zero, one = ids if shard_of(ids[0], 2) == 0 else ids[::-1]
    sim.add_guild("zero", guild_id=zero)
    async with aiohttp.ClientSession() as session:
        ws0, ready0 = await identify(session, sim, [0, 2])
        ws1, ready1 = await identify(session, sim, [1, 2])
        assert ready0 is not None and ready1 is not None and ready1["shard"] == [1, 2]
        assert zero in {int(g["id"]) for g in ready0["guilds"]}
        assert zero not in {int(g["id"]) for g in ready1["guilds"]}
        assert "GUILD_CREATE" in await events(ws0) and "GUILD_CREATE" not in await events(ws1, 0.1)
        again, refused = await identify(session, sim, [1, 2])
        assert refused is None and again.close_code == 4010
        wrong, refused = await identify(session, sim, [2, 2])
        assert refused is None and wrong.close_code == 4010
        assert sim.gateway.refused_shards == [(1, 2), (2, 2)]
        sim.add_guild("one", guild_id=one)
        assert "GUILD_CREATE" in await events(ws1) and "GUILD_CREATE" not in await events(ws0, 0.1)
        await sim.gateway.dispatch("INTERACTION_CREATE", {"id": "1", "type": 1})  # a DM's: no guild
        assert await events(ws0) == ["INTERACTION_CREATE"] and await events(ws1, 0.1) == []
        await ws1.close()
        await asyncio.sleep(0.1)
        back, ready = await identify(session, sim, [1, 2])  # the shard's connection gone: a standby may
        assert ready is not None
        for ws in (ws0, back):
            await ws.close()


async def test_on_sqlite_a_second_bot_process_says_so_and_exits(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    bots = Bots(sim, url)
    try:
        await bots.launch("first", {})
        with pytest.raises(AssertionError, match="the bot exited before it was ready"):
            await bot_process(sim, url)
        second = await asyncio.create_subprocess_exec(  # the same again, to read what it said
            sys.executable, "-m", "bot", cwd=Path(__file__).resolve().parents[2], stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "DISCORD_TOKEN": sim.token, "DATABASE_URL": url, "DISCORD_API_BASE": sim.api_base,
                 "DISCORD_GATEWAY_URL": sim.gateway_url, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
        _, said = await asyncio.wait_for(second.communicate(), 60)
        assert second.returncode == 2
        assert "Another bot process is already running on" in said.decode()
        assert bots.procs["first"].returncode is None and len(sim.gateway.live_sessions) == 1
    finally:
        await bots.stop()
