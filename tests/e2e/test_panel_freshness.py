"""A panel stays good through bookkeeping: a reminder marked or the table message recorded writes
the game's row, but not its state, so a click on a panel shown before is played, not refused
with "the game has moved on"."""
from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import settle, sqlite, start_bot, two_player_game
from tests.fakediscord import FakeDiscord


async def test_a_panel_shown_before_a_bookkeeping_write_still_plays(fake_discord: FakeDiscord,
                                                                    tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    record = await bot.service.get(gid)
    seat = record.to_act[0]
    user = sim.alice if record.user_of(seat) == str(sim.alice.id) else sim.bob
    panel = await sim.slash(user, sim.channel, "mali panel")
    await settle()
    assert panel.message is not None and panel.message.components, panel.content
    # Bookkeeping meanwhile: the scheduler marks a reminder, the table message is recorded again.
    await bot.service.mark_reminded(gid, seat)
    kept = await bot.service.set_table_message(gid, record.channel_id, record.table_message_id or 1)
    assert kept.version == record.version + 2 and kept.state_version == record.state_version
    comp = panel.message.components[0]
    if comp.is_select:
        pressed = await sim.select(user, panel.message, comp.custom_id, [comp.raw["options"][0]["value"]])
    else:
        pressed = await sim.click(user, panel.message, comp.custom_id)
    await settle()
    said = " ".join(m.content for m in pressed.messages)
    assert not pressed.errors and "out of date" not in said and "moved on" not in said
    after = await bot.service.get(gid)
    assert after.state_version == record.state_version + 1
    assert len(await bot.service.log(gid)) == 1
