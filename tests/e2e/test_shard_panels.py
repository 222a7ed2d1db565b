"""A panel shown by a process that does not own its game is closed by the owner (issue #23).
Two bots on one PostgreSQL, the owners of shards 0 and 1; the game is in a server of shard 1.
Alice asks for her panel in a DM, so Discord sends the command to shard 0: that process answers
it, stores the answer's token for the owner and tells it. When her turn passes, the owner closes
that panel through the stored token."""
from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import TabletopBot
from bot.config import Settings
from bot.db import upgrade
from bot.shards import shard_of
from localdiscord.world import DISCORD_EPOCH_MS
from tests.e2e.harness import BOTS, Clock, database, settle
from tests.fakediscord import FakeDiscord, Message


@pytest.fixture
async def pg_url(tmp_path: Path) -> AsyncIterator[str]:
    async for url in database("postgresql", tmp_path):
        yield url


async def shard_bot(sim: FakeDiscord, url: str, shard: int) -> TabletopBot:
    settings = Settings(token=sim.token, database_url=url, api_base=sim.api_base, gateway_url=sim.gateway_url,
                        tick_seconds=3600, render_workers=0, shard_count=2, shard_ids=(shard,))
    bot = TabletopBot(settings, clock=Clock(), guild_ready_timeout=0.1)
    await sim.connect(bot)
    BOTS.add(bot)
    return bot


def panel_of(message: Message | None, gid: int) -> bool:
    return message is not None and any((c.custom_id or "").startswith((f"tr:s:{gid}:", f"tr:a:{gid}:"))
                                       for c in message.components)


async def test_the_owner_closes_a_panel_another_process_showed(fake_discord: FakeDiscord, pg_url: str) -> None:
    sim = fake_discord
    stamp = int(time.time() * 1000) - DISCORD_EPOCH_MS
    guild_id = ((stamp | 1) << 22) | 1  # an odd timestamp: shard 1 of 2
    assert shard_of(guild_id, 2) == 1
    guild = sim.add_guild("one", guild_id=guild_id)
    channel = sim.add_text_channel(guild, "table")
    for user in (sim.alice, sim.bob):
        sim.add_member(guild, user)
    await upgrade(pg_url)
    zero = await shard_bot(sim, pg_url, 0)  # syncs the commands
    one = await shard_bot(sim, pg_url, 1)
    opened = await sim.slash(sim.alice, channel, "game new", options={"game": "mali", "players": 2})
    assert opened.message is not None
    found = re.search(r"table #(\d+)", opened.message.text)
    assert found is not None
    gid = int(found[1])
    await sim.click(sim.bob, opened.message, label="Join")
    await sim.click(sim.alice, opened.message, label="Start")
    await settle()

    asked = await sim.slash(sim.alice, sim.dm_channel(sim.alice), "game play", options={"game": gid})
    await settle()
    shown = asked.message
    assert shown is not None and panel_of(shown, gid), asked
    assert shown.id in zero.presenter.panels.ephemeral and shown.id not in one.presenter.panels.ephemeral
    stored = [m for m in await one.service.messages(gid) if m.message_id == shown.id]
    assert len(stored) == 1 and stored[0].kind.startswith("tok:") and stored[0].token, stored

    played = await sim.slash(sim.alice, channel, "mali card", options={"value": 3, "game": gid})
    assert played.acknowledged, played.errors
    await settle()
    closed = await sim.wait_for(lambda: "passed:** these choices are closed" in sim.messages[shown.id].text
                                and sim.messages[shown.id], timeout=15)
    assert all(c.disabled for c in closed.components if c.custom_id), closed.components
    assert not [m for m in await one.service.messages(gid) if m.message_id == shown.id]  # forgotten
    assert not sim.spec_violations
