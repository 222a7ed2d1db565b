"""Every button and select the bot sends is a persistent item found by its custom_id, so discord.py
keeps none of the views it sends. Before, each private panel stayed in memory for 15 minutes,
held by a waiting task of its own: at a hundred moves a minute, thousands of them."""
from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.harness import settle, sqlite, start_bot, two_player_game
from tests.fakediscord import FakeDiscord


async def test_sent_views_are_not_kept_and_their_buttons_still_work(fake_discord: FakeDiscord,
                                                                     tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)  # the table's buttons: Join, then Start
    sent = 0
    for _ in range(3):  # panels by command, and their buttons pressed
        record = await bot.service.get(gid)
        seat = record.to_act[0]
        user = sim.alice if record.user_of(seat) == str(sim.alice.id) else sim.bob
        panel = await sim.slash(user, sim.channel, "mali panel")
        await settle()
        assert panel.message is not None and panel.message.components, panel.content
        sent += 1
        comp = panel.message.components[0]
        if comp.is_select:  # a select of actions (the cards), else a button of one
            pressed = await sim.select(user, panel.message, comp.custom_id, [comp.raw["options"][0]["value"]])
        else:
            pressed = await sim.click(user, panel.message, comp.custom_id)
        await settle()
        assert not pressed.errors and (await bot.service.get(gid)).version > record.version
    store = bot._connection._view_store
    assert sent == 3
    assert store._views == {} and store._synced_message_views == {}
    waiting = [t for t in asyncio.all_tasks() if "timeout_task" in repr(t.get_coro())]
    assert waiting == []
