"""A phone sees its own part (issue #22): the private "My turn" reply carries a crop of the board round
what the player can act with now, in each game, and none when no choice is on the board."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.app import TabletopBot
from cogs.panel import seat_groups
from renderers import crop
from tests.e2e.harness import act_id, message_of, option_of, settle, sqlite, start_bot, turn_messages, user_of, view_of
from tests.fakediscord import FakeDiscord, Message

SIZE = (crop.OUT_W, crop.OUT_H + crop.TITLE_H)
MAP_TYPES = {"mali": {"step", "jump", "place_scout"}, "africa": {"start_area", "move", "recruit"},
             "westerplatte": {"move", "rebuild", "guardhouse"}, "maquis": {"place", "activate", "shoot"}}


async def table(sim: FakeDiscord, bot: TabletopBot, key: str, players: int) -> int:
    users = [sim.alice, sim.bob, sim.carol, sim.dave][:players]
    opened = await sim.slash(users[0], sim.channel, "game new", options={"game": key, "players": players})
    found = re.search(r"table #(\d+)", message_of(opened).text)
    assert found is not None
    for user in users[1:]:
        await sim.click(user, message_of(opened), label="Join")
    await sim.click(users[0], message_of(opened), label="Start")
    await settle()
    return int(found[1])


async def my_turn(sim: FakeDiscord, bot: TabletopBot, gid: int, seat: str) -> Message:
    """What the seat's player gets from the "My turn" button under the game's last turn message."""
    record = await bot.service.get(gid)
    posts = turn_messages(sim, sim.channel, gid)
    assert posts
    pressed = await sim.click(user_of(sim, seat, record), posts[-1], custom_id=f"tr:p:{gid}")
    await settle()
    assert not pressed.errors
    answer = message_of(pressed)
    assert answer.ephemeral and answer.components, answer.text
    return answer


def crops(message: Message) -> list[Any]:
    return [a for a in message.attachments if a.filename.endswith("-your-part.png")]


async def play_until(bot: TabletopBot, gid: int, wanted: set[str], limit: int = 200,
                     points: int = 0) -> str:
    """Play each seat's first legal action (through the service) until a seat to act can take an
    action of a `wanted` type (with at least `points` movement points left); that seat."""
    for _ in range(limit):
        record = await bot.service.get(gid)
        for seat in record.to_act:
            left = (view_of(record, seat).get("current") or {}).get("points_left", 0)
            if any(a["type"] in wanted for a in record.game.legal_actions(record.state, seat)) and left >= points:
                return seat
        seat = record.to_act[0]
        action = record.game.legal_actions(record.state, seat)[0]
        await bot.service.act(gid, record.user_of(seat), action, guild_id=record.guild_id)
        await bot.presenter.deliver(gid)
    raise AssertionError(f"no seat could take {wanted} in {limit} actions")


@pytest.mark.parametrize("key", ["mali", "africa", "westerplatte", "maquis"])
async def test_my_turn_carries_the_seats_part_of_the_board(fake_discord: FakeDiscord, tmp_path: Path,
                                                           key: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=3)
    gid = await table(sim, bot, key, 2)
    record = await bot.service.get(gid)
    if key == "mali":  # the first choice is a movement card: nothing on the map, no crop
        seat = record.to_act[0]
        assert not crops(await my_turn(sim, bot, gid, seat))
    seat = await play_until(bot, gid, MAP_TYPES[key])
    answer = await my_turn(sim, bot, gid, seat)
    found = crops(answer)
    assert len(found) == 1, [a.filename for a in answer.attachments]
    assert found[0].filename == f"{key}-{gid}-your-part.png"
    assert found[0].image().size == SIZE and found[0].size < 2 * 1024 * 1024


async def test_a_move_from_the_panel_draws_its_crop_anew(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The panel edited with the result and the next choices carries the crop of the board now: the
    one shown before the move would show the scout where it was."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=3)
    gid = await table(sim, bot, "mali", 2)
    seat = await play_until(bot, gid, {"step"}, points=2)  # the seat still moves after one step
    panel = await my_turn(sim, bot, gid, seat)
    before = crops(panel)[0].data
    record = await bot.service.get(gid)
    legal = record.game.legal_actions(record.state, seat)
    idx = next(i for i, a in enumerate(legal) if a["type"] == "step")
    user = user_of(sim, seat, record)
    group = next((c for c in panel.components if (c.custom_id or "").startswith(f"tr:g:{gid}:")), None)
    if group is not None:  # the scout first, then where it goes
        grouped, groups = seat_groups(bot.presenter.ui("mali"), view_of(record, seat), legal)
        names = grouped or []
        shown = await sim.select(user, panel, group.custom_id or "", [str(groups.index(names[idx]))])
        await settle()
        panel = shown.updated_message or panel
        assert crops(panel) and crops(panel)[0].data == before  # the same position: the same crop
    button = act_id(panel, gid, record.state_version, idx)
    if button is not None:
        pressed = await sim.click(user, panel, custom_id=button)
    else:
        select = next(c for c in panel.components if c.is_select and option_of(c.option_values, idx))
        pressed = await sim.select(user, panel, select.custom_id or "",
                                   [option_of(select.option_values, idx) or ""])
    await settle()
    after = pressed.updated_message
    assert after is not None and not pressed.errors
    now = await bot.service.get(gid)
    assert now.state_version == record.state_version + 1
    assert seat in now.to_act
    assert len(crops(after)) == 1 and crops(after)[0].data != before
