"""A phone sees its own part (issue #22): the private "My turn" reply carries a crop of the board round
what the player can act with now, in each game, and none when no choice is on the board."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.app import TabletopBot
from renderers import crop
from tests.e2e.harness import message_of, settle, sqlite, start_bot, turn_messages, user_of
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


async def play_until(bot: TabletopBot, gid: int, wanted: set[str], limit: int = 200) -> str:
    """Play each seat's first legal action (through the service) until a seat to act can take an
    action of a `wanted` type; that seat."""
    for _ in range(limit):
        record = await bot.service.get(gid)
        for seat in record.to_act:
            if any(a["type"] in wanted for a in record.game.legal_actions(record.state, seat)):
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
