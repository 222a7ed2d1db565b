"""The local table: without a token, the unmodified bot plays on a Discord simulator in this process,
and a web page on 127.0.0.1 shows its server, channels and DMs to the people at the table."""
from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import sys
import webbrowser

from bot.config import Settings

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765

HOW_TO_DISCORD = """\
To run the bot on real Discord instead: create an application at
https://discord.com/developers/applications, copy its bot token (Bot -> Reset Token) into a .env
file beside README.md as DISCORD_TOKEN=your-token, and start it again (README.md, "Running the bot").
"""


def local_port() -> int:
    value = os.environ.get("LOCAL_TABLE_PORT", "").strip()
    return int(value) if value.isdigit() else DEFAULT_PORT


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
    from localdiscord.web import LocalTable, build_local_world

    sim = FakeDiscord(default_world=False, bot_name="Tabletop Resistance", ack_timeout=3.0,
                      response_timeout=20.0)
    guild = build_local_world(sim)
    await sim.start()
    table = LocalTable(sim, guild)
    try:
        await table.start(local_port() if port is None else port)
        local = dataclasses.replace(settings, token=sim.token, api_base=sim.api_base,
                                    gateway_url=sim.gateway_url, dev_guild_id=None, sync_commands=True)
        bot = TabletopBot(local, guild_ready_timeout=0.1)
        await sim.connect(bot, timeout=120)
        print(banner(table.url), flush=True)
        if open_browser is None:
            open_browser = sys.stdout.isatty() and os.environ.get("LOCAL_TABLE_OPEN", "1") != "0"
        if open_browser:
            try:
                webbrowser.open(table.url)
            except Exception:  # no browser here: the address is printed above
                pass
        if ready is not None:
            ready.set()
        await asyncio.Event().wait()
    finally:
        await table.close()
        await sim.close()
