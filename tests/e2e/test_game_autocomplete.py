"""The `game` option as a player types in it: the channel's games first, then the server's,
matched on the typed number or name, at most 25, never another server's nor an ended game."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.harness import sqlite, start_bot
from tests.fakediscord import FakeDiscord


async def test_the_game_option_offers_the_channels_games_then_the_servers(fake_discord: FakeDiscord,
                                                                          tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    assert sim.guild is not None
    other = sim.add_text_channel(sim.guild, "other")
    elsewhere = sim.add_guild("Elsewhere", owner=sim.dave)
    sim.add_member(elsewhere, sim.alice)
    there = sim.add_text_channel(elsewhere, "games")

    async def table(channel: Any, key: str) -> int:
        opened = await sim.slash(sim.alice, channel, "game new", options={"game": key})
        assert opened.message is not None, opened
        found = re.search(r"table #(\d+)", opened.message.text)
        assert found is not None
        return int(found[1])

    far_mali = await table(other, "mali")
    far_maquis = await table(other, "maquis")
    foreign = await table(there, "mali")
    here = await table(sim.channel, "maquis")
    ended = await table(sim.channel, "mali")
    await bot.service.abandon(ended, sim.alice.id, is_admin=True)

    async def offered(channel: Any, command: str, typed: str = "") -> list[tuple[int, str]]:
        choices = await sim.autocomplete(sim.alice, channel, command, {"game": typed}, focused="game")
        return [(c["value"], c["name"]) for c in choices]

    everything = await offered(sim.channel, "game status")
    assert [v for v, _ in everything] == [here, far_mali, far_maquis]  # this channel's first
    assert everything[0][1] == f"#{here} Maquis (open, 1 player)"
    assert [v for v, _ in await offered(other, "game status")] == [far_mali, far_maquis, here]
    assert [v for v, _ in await offered(sim.channel, "game status", "mali")] == [far_mali]
    assert [v for v, _ in await offered(sim.channel, "game status", f"#{far_maquis}")] == [far_maquis]
    assert [v for v, _ in await offered(sim.channel, "mali panel")] == [far_mali]  # its cog's kind only
    assert [v for v, _ in await offered(sim.channel, "game status", "nothing like it")] == []
    assert [v for v, _ in await offered(there, "game status")] == [foreign]  # the other server's own

    for _ in range(30):
        await table(other, "africa")
    crowded = await offered(sim.channel, "game status")
    assert len(crowded) == 25 and crowded[0][0] == here and crowded[1:3] == everything[1:3]
