"""The local table: without a token, the unmodified bot plays on a Discord simulator in this process,
and a web page on 127.0.0.1 shows its server, channels and DMs to the people at the table."""
from __future__ import annotations

import asyncio
import itertools
import logging
import signal
import sys
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.config import Settings
from bot.workers import close_all as close_workers

if TYPE_CHECKING:
    from localdiscord import FakeDiscord, Guild

log = logging.getLogger(__name__)

HOW_TO_DISCORD = """\
To run the bot on real Discord instead: create an application at
https://discord.com/developers/applications, copy its bot token (Bot -> Reset Token) into a .env
file beside README.md as DISCORD_TOKEN=your-token, and start it again (README.md, "Running the bot").
"""


def banner(url: str) -> str:
    return (f"\nTabletop Resistance: no DISCORD_TOKEN is set, so the bot plays on a local table.\n"
            f"  Open {url} in a browser (one player per tab: {url}?user=bob).\n"
            f"  Games are stored in the same database as on Discord and survive restarts. Ctrl+C stops it.\n\n"
            f"{HOW_TO_DISCORD}")


async def run_local(settings: Settings, *, port: int | None = None, open_browser: bool | None = None,
                    ready: asyncio.Event | None = None) -> None:
    """Start the simulator, the page and the bot; run until cancelled."""
    from bot.app import TabletopBot
    from localdiscord import FakeDiscord
    from localdiscord.web import LocalTable, build_local_world, restore_world

    sim = FakeDiscord(default_world=False, bot_name="Tabletop Resistance", ack_timeout=3.0,
                      response_timeout=20.0)
    guild = build_local_world(sim)
    kept = world_file(settings.database_url)
    restore_world(sim, guild, kept)
    await sim.start()
    table = LocalTable(sim, guild)
    saver = asyncio.create_task(keep_world(sim, guild, kept), name="local-table-save")
    try:
        await table.start(settings.local_table_port if port is None else port)
        local = settings.model_copy(update={"token": sim.token, "api_base": sim.api_base,
                                            "gateway_url": sim.gateway_url, "dev_guild_id": None,
                                            "sync_commands": True})
        bot = TabletopBot(local, guild_ready_timeout=0.1)
        await sim.connect(bot, timeout=120)
        replay_seeds(bot)
        print(banner(table.url), flush=True)
        if open_browser is None:
            open_browser = sys.stdout.isatty() and settings.local_table_open
        if open_browser:
            try:
                webbrowser.open(table.url)
            except (webbrowser.Error, OSError):  # no browser here: the address is printed above
                pass
        if ready is not None:
            ready.set()
        stop = asyncio.Event()
        try:  # a polite stop (kill, a service manager) saves the server like Ctrl+C does
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
            pass
        await stop.wait()
        await bot.close()
    finally:
        from localdiscord.web import save_world

        saver.cancel()
        save_world(sim, guild, kept)
        await table.close()
        await sim.close()
        await asyncio.to_thread(close_workers)


def replay_seeds(bot: Any) -> None:
    """With LOCAL_TABLE_SEED=n, the games started get the seeds n, n+1, ... instead of random ones:
    the same moves replay the same games (for demonstrations and the browser tests)."""
    first: int | None = bot.settings.local_table_seed
    if first is not None:
        seeds = itertools.count(first)
        bot.service.new_seed = lambda: next(seeds)


def world_file(database_url: str) -> Path:
    """Beside the SQLite file (or in data/): the local server's threads and people."""
    if database_url.startswith("sqlite") and ":///" in database_url:
        return Path(database_url.split(":///", 1)[1]).with_name("local-table.json")
    return Path("data") / "local-table.json"


async def keep_world(sim: FakeDiscord, guild: Guild, path: Path, every: float = 5.0) -> None:
    """Save the local server's threads and people every few seconds (a crash loses at most those)."""
    from localdiscord.web import save_world

    while True:
        await asyncio.sleep(every)
        try:
            save_world(sim, guild, path)
        except OSError as exc:
            log.warning("could not save the local table's server to %s: %s", path, exc)
