"""Running the real bot against the Discord simulator, on SQLite or PostgreSQL."""
from __future__ import annotations

import asyncio
import functools
import os
import re
import secrets
import sys
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no types (no py.typed)
import pytest

import lang
from bot import gate
from bot.app import TabletopBot
from bot.config import Settings
from bot.service import GameService
from bot.service.records import GameRecord, LogEntry
from games.base import canonical
from tests.fakediscord import FakeDiscord, InteractionRecord, Message, User

ROOT = Path(__file__).resolve().parents[2]


async def bot_process(sim: FakeDiscord, url: str, more: dict[str, str] | None = None,
                      ready: str = "Logged in as") -> tuple[asyncio.subprocess.Process, list[str]]:
    """`python -m bot` as its own process against the simulator, once logged in (or once a line
    holds `ready`), and its log lines so far (`read_rest` keeps reading the later ones); `more`:
    more settings."""
    env = {**os.environ, "DISCORD_TOKEN": sim.token, "DATABASE_URL": url, "DISCORD_API_BASE": sim.api_base,
           "DISCORD_GATEWAY_URL": sim.gateway_url, "TICK_SECONDS": "3600", "LOG_LEVEL": "INFO",
           "PYTHONPATH": str(ROOT), **(more or {})}
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=ROOT, env=env,
                                                stderr=asyncio.subprocess.PIPE)
    assert proc.stderr is not None
    lines: list[str] = []
    async with asyncio.timeout(60):
        while not any(ready in line for line in lines):
            line = (await proc.stderr.readline()).decode()
            if not line:
                raise AssertionError("the bot exited before it was ready:\n" + "".join(lines))
            lines.append(line)
    return proc, lines


async def read_rest(proc: asyncio.subprocess.Process, lines: list[str]) -> None:
    """The process's later log lines, until it ends."""
    assert proc.stderr is not None
    while line := (await proc.stderr.readline()).decode():
        lines.append(line)

PG_ADMIN = os.environ.get("E2E_PG_DSN", "postgresql://postgres@127.0.0.1:5432/test")
_pg_state: dict[str, str | None] = {}


async def pg_refusal() -> str | None:
    """None when PostgreSQL answers, else why it is skipped (asked once per run)."""
    if "reason" not in _pg_state:
        try:
            conn = await asyncpg.connect(PG_ADMIN, timeout=2)
            await conn.close()
            _pg_state["reason"] = None
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            _pg_state["reason"] = f"PostgreSQL at 127.0.0.1:5432 did not answer: skipped ({type(exc).__name__})"
    return _pg_state["reason"]


async def database(kind: str, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh, empty database URL: a SQLite file, or a new PostgreSQL database dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
        return
    reason = await pg_refusal()
    if reason:
        pytest.skip(reason)
    name = f"e2e_{secrets.token_hex(5)}"
    admin = await asyncpg.connect(PG_ADMIN, timeout=5)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}"
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


@dataclass
class Clock:
    """The bot's clock, moved by tests instead of sleeping."""

    now: datetime = field(default_factory=lambda: datetime.now(UTC))

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def sqlite(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"


async def two_player_game(sim: FakeDiscord, bot: TabletopBot, variant: str = "basic") -> int:
    """A started 2-player Mali game: alice opens the table, bob joins by button, alice starts."""
    table = answer_of(await sim.slash(sim.alice, sim.channel, "game new",
                                      options={"game": "mali", "players": 2, "variant": variant}))
    gid = table_id(table)
    await sim.click(sim.bob, table, custom_id=table_button(table, "join"))
    await sim.click(sim.alice, table, custom_id=table_button(table, "start"))
    await settle()
    assert (await bot.service.get(gid)).status == "running"
    return gid


def settings_for(sim: FakeDiscord, url: str, render_workers: int = 1) -> Settings:
    return Settings(token=sim.token, database_url=url, api_base=sim.api_base, gateway_url=sim.gateway_url,
                    tick_seconds=3600, render_workers=render_workers)


BOTS: weakref.WeakSet[TabletopBot] = weakref.WeakSet()  # every bot `start_bot` started


async def start_bot(sim: FakeDiscord, url: str, clock: Clock | None = None,
                    seed: int | None = None, render_workers: int = 0) -> TabletopBot:
    """The real bot, connected to the simulator; `seed` fixes the seed of the games it starts;
    `render_workers=0` draws images in this process (a game registered only in this process)."""
    bot = TabletopBot(settings_for(sim, url, render_workers), clock=clock or Clock(),
                      guild_ready_timeout=0.1)
    await sim.connect(bot)
    BOTS.add(bot)
    sim.idle = bots_idle  # a user action returns once the bot's work is done, not after a guessed pause
    check_kept_games_on_close(bot)
    if seed is not None:
        bot.service.new_seed = lambda: seed  # type: ignore[method-assign]
    return bot


def bots_idle() -> bool:
    """No bot `start_bot` started is handling an interaction (`bot.pending`)."""
    return not any(len(bot.pending) for bot in list(BOTS))


DISAGREEMENTS: list[str] = []  # found as bots close (tests/e2e/conftest.py fails the test on any)


def check_kept_games_on_close(bot: TabletopBot) -> None:
    """Check the bot's kept games as it closes (by `stop_bot`, or by the simulator at the end)."""
    close = bot.close

    async def checked_close() -> None:
        try:
            await kept_games_agree(bot)
        except AssertionError as exc:
            DISAGREEMENTS.append(str(exc))
        except Exception:  # noqa: BLE001 - the test's database may be gone already: nothing to compare
            pass
        await close()

    bot.close = checked_close  # type: ignore[method-assign]


async def kept_games_agree(bot: TabletopBot) -> None:
    """Every game the bot keeps in memory is the stored game, or an older version of it, and was
    never changed in place: the engine's state still dumps to the record's snapshot."""
    if bot._engine is None:  # never set up: it keeps no games
        return
    stored = GameService(bot._engine)
    for record in bot.service.cache.records():
        fresh = await stored.get(record.id)
        assert record.version <= fresh.version, f"game #{record.id}: kept version ahead of the database"
        if record.version == fresh.version:
            assert canonical(record.snapshot) == canonical(fresh.snapshot), f"game #{record.id} differs"
        if record.state is not None:
            assert canonical(record.game.dump(record.state)) == canonical(record.snapshot), \
                f"game #{record.id}: its kept state was changed in place"


async def stop_bot(sim: FakeDiscord, bot: TabletopBot) -> None:
    await sim.disconnect(bot)


async def settle(timeout: float = 30.0) -> None:
    """Wait until every bot has finished handling every interaction (posts after the reply too):
    the bot's own record of its work in hand (`bot.pending`)."""
    for bot in list(BOTS):
        if not await bot.pending.wait(timeout):
            raise AssertionError("the bot kept handling interactions for too long")


def turn_messages(sim: FakeDiscord, channel: Any, gid: int) -> list[Message]:
    return [m for m in sim.channel_messages(channel)
            if any(c.custom_id == f"tr:p:{gid}" for c in m.components)]


def texts(messages: list[Message]) -> str:
    return "\n".join(m.text for m in messages)


def user_of(sim: FakeDiscord, seat: str, record: Any) -> User:
    """The simulated user who holds a seat of the game."""
    return sim.users[int(record.user_of(seat))]


def seat_of(record: GameRecord, user: User) -> str:
    """The seat a simulated user holds in the game (they must hold one)."""
    seat = record.seat_of(user.id)
    assert seat is not None, f"{user!r} holds no seat in game #{record.id}"
    return seat


def message_of(result: InteractionRecord) -> Message:
    """The message an interaction answered with (it must have one)."""
    assert result.message is not None, result
    return result.message


def answer_of(result: InteractionRecord) -> Message:
    """The message an interaction answered with, whether or not the bot's keep-alive acknowledged
    it first (it does after 0.8 s, under load): the newest of its response and follow-ups (a
    deferred command's answer follows its "Done: see the channel."; a component's deferred update
    leaves the clicked message as it was), else the clicked message as its answer edited it."""
    return result.messages[-1] if result.messages else message_of(result)


def said(result: InteractionRecord) -> str:
    """Everything an interaction answered with, as text (its messages, one per line)."""
    return "\n".join(m.text for m in result.messages)


def view_of(record: GameRecord, seat: str | None = None) -> dict[str, Any]:
    """What `seat` sees of a game that has a state (None: the public view)."""
    view = gate.public(record) if seat is None else gate.private(record, seat)
    assert view is not None, f"game #{record.id} has no state"
    return view


def action_of(entry: LogEntry) -> dict[str, Any]:
    """The action of a log entry that carries one."""
    assert entry.action is not None, entry
    return entry.action


def act_id(message: Message, gid: int, version: int, idx: int | str) -> str | None:
    """The custom_id of the panel button on `message` that plays the action at index `idx` of the
    seat's legal actions at `version` ("tr:a:game:version:index:fingerprint"); None without one."""
    head = f"tr:a:{gid}:{version}:{idx}"
    return next((c.custom_id for c in message.components
                 if c.custom_id is not None and (c.custom_id == head or c.custom_id.startswith(head + ":"))), None)


def option_of(values: list[str], idx: int | str) -> str | None:
    """The value among a panel select's option `values` that plays the action at index `idx`
    ("index:fingerprint"); None when the select has none."""
    return next((v for v in values if v.split(":")[0] == str(idx)), None)


TABLE_ID = re.compile(r"tr:t:(?:join|leave|start):(\d+)")


def table_id(message: Message) -> int:
    """The number of the table a lobby card belongs to, read from its buttons' custom_ids (never
    from its words: the same in every language)."""
    found = [int(m[1]) for c in message.components if c.custom_id and (m := TABLE_ID.fullmatch(c.custom_id))]
    assert found, f"no table buttons on {message!r}"
    return found[0]


def table_button(message: Message, op: str) -> str:
    """The custom_id of a lobby card's button: "join", "leave" or "start"."""
    return f"tr:t:{op}:{table_id(message)}"


APP_OOPS = "Something went wrong on our side and nothing was changed. Please try again."  # bot.app's


@functools.cache
def oops_phrases(language: str) -> frozenset[str]:
    """How the bot says "something went wrong" in `language` (and in English): the first sentence
    of each of its two catalog texts for it, as the catalog words it."""
    from cogs.common import OOPS

    phrases = {"went wrong"}
    for msgid in (OOPS, APP_OOPS):
        worded = lang.texts(language, "core")._(msgid, gid="{gid}")
        phrases.add(worded.split(". ")[0].strip(" ."))
    return frozenset(phrases)


def went_wrong(text: str, language: str = "en") -> bool:
    """Whether a reply says the bot failed (in English or in `language`)."""
    return any(phrase in text for phrase in oops_phrases(language))
