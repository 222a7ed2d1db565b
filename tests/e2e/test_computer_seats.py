"""Computer players at the table, through the Discord simulator (issue #24): seated by `/game new`
and the table's menu, a whole game of one person against computers, a co-operative game with a
computer member, a seat handed to the computer mid-game and back, the deadline policy "the
computer plays for them", the event loop never held up while a computer thinks, and a restart
mid-thought."""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.app import TabletopBot
from bot.service.records import GameRecord
from tests.e2e.harness import settle, sqlite, start_bot
from tests.e2e.mali_driver import MaliPlayers
from tests.fakediscord import FakeDiscord, Message


def table_of(opened: Any) -> tuple[int, Message]:
    assert opened.message is not None, opened
    found = re.search(r"table #(\d+)", opened.message.text)
    assert found is not None, opened.message.text
    return int(found[1]), opened.message


async def quiet(bot: TabletopBot, gid: int) -> GameRecord:
    """The game once no computer thinks and the bot handles no interaction."""
    for _ in range(3):
        await settle()
        await bot.thinker.idle()
    return await bot.service.get(gid)


def public_texts(sim: FakeDiscord) -> str:
    return "\n".join(m.text for m in sim.channel_messages(sim.channel))


async def play_people(sim: FakeDiscord, bot: TabletopBot, gid: int, seed: int, limit: int = 3000) -> GameRecord:
    """Play the people's seats of a Mali game at random through Discord (the driver's commands and
    panels) and let the computers play theirs, until the game ends."""
    driver = MaliPlayers(sim, bot, gid, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        record = await quiet(bot, gid)
        if record.status != "running":
            return record
        people = [s for s in record.to_act if not record.computer(s)]
        assert people, f"the game waits on computers only ({record.to_act}) and none plays"
        seat = people[0]
        action = rng.choice(record.game.legal_actions(record.state, seat))
        await driver.do(seat, record, action)
    raise AssertionError(f"game {gid} did not finish")


@pytest.mark.slow
async def test_one_person_plays_a_whole_game_of_mali_against_computers(fake_discord: FakeDiscord,
                                                                        tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=11)
    opened = await sim.slash(sim.alice, sim.channel, "game new",
                             options={"game": "mali", "players": 3, "computer": 1, "strength": "easy"})
    gid, table = table_of(opened)
    assert "Computer 1 (easy)" in (table.embeds[0]["fields"][-1]["value"] if table.embeds else table.text)
    picked = await sim.select(sim.alice, table, f"tr:t:cpu:{gid}", ["easy"])  # the table's menu
    assert "Computer 2 (easy) takes a seat" in "\n".join(m.text for m in picked.messages) + public_texts(sim)
    record = await bot.service.get(gid)
    assert [record.user_of(s) for s in record.seats] == [str(sim.alice.id), "cpu:easy:1", "cpu:easy:2"]
    await sim.click(sim.alice, table, label="Start")
    record = await play_people(sim, bot, gid, seed=11)

    assert record.status == "finished"
    log = await bot.service.log(gid, limit=None)
    by = {e.by for e in log if e.seat != "s1"}
    assert by == {"computer"}, by  # every computer move logged as the computer's
    assert any(e.seat == "s1" and e.by == "player" for e in log)
    text = public_texts(sim)
    assert "Computer 1 (easy)" in text and "Computer 2 (easy)" in text and "cpu:" not in text
    assert bot.thinker.decisions >= sum(1 for e in log if e.seat != "s1")
    stats = await sim.slash(sim.alice, sim.channel, "game stats")
    assert "1 with computer players" in stats.message.text if stats.message else False
    board = await sim.slash(sim.alice, sim.channel, "game leaderboard", options={"game": "mali"})
    assert "No finished games of Mali" in (board.message.text if board.message else "")  # rated: none
    counted = await sim.slash(sim.alice, sim.channel, "game leaderboard",
                              options={"game": "mali", "computers": True})
    assert counted.message is not None and "of 1" in counted.message.text, counted.message
