"""Computer players at the table, through the Discord simulator (issue #24): seated by `/game new`
and the table's menu, a whole game of one person against computers, a co-operative game with a
computer member, a seat handed to the computer mid-game and back, the deadline policy "the
computer plays for them", the event loop never held up while a computer thinks, and a restart
mid-thought."""
from __future__ import annotations

import asyncio
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot import thinker
from bot.app import TabletopBot
from bot.service.records import GameRecord
from tests.e2e.africa_driver import AfricaPlayers
from tests.e2e.cheap_mind import decide_cheaply
from tests.e2e.harness import Clock, settle, sqlite, start_bot, stop_bot
from tests.e2e.mali_driver import MaliPlayers
from tests.e2e.maquis_driver import MaquisPlayers
from tests.e2e.westerplatte_driver import WesterplattePlayers
from tests.fakediscord import FakeDiscord, Message


@pytest.fixture
def cheap_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The thinker pool decides by tests/e2e/cheap_mind.py: easy on one sampled state a choice."""
    monkeypatch.setattr(thinker, "decide", decide_cheaply)


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


async def play_people(sim: FakeDiscord, bot: TabletopBot, gid: int, seed: int, limit: int = 3000,
                      finish: bool = True, driver: Any = None) -> GameRecord:
    """Play the people's seats at random through Discord (a game's driver: commands and panels;
    Mali's unless given) and let the computers play theirs, until the game ends (`finish`; else
    `limit` moves)."""
    driver = driver or MaliPlayers(sim, bot, gid, seed)
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
    if not finish:
        return await quiet(bot, gid)
    raise AssertionError(f"game {gid} did not finish")


@pytest.mark.slow
async def test_one_person_plays_a_whole_game_of_mali_against_computers(fake_discord: FakeDiscord,
                                                                        tmp_path: Path, cheap_computers: None) -> None:
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
    # each computer move was decided, or (its turn going round in circles) the safe default
    assert bot.thinker.decisions + bot.thinker.defaults >= sum(1 for e in log if e.seat != "s1")
    stats = await sim.slash(sim.alice, sim.channel, "game stats")
    assert "1 with computer players" in stats.message.text if stats.message else False
    board = await sim.slash(sim.alice, sim.channel, "game leaderboard", options={"game": "mali"})
    assert "No finished games of Mali" in (board.message.text if board.message else "")  # rated: none
    counted = await sim.slash(sim.alice, sim.channel, "game leaderboard",
                              options={"game": "mali", "computers": True})
    assert counted.message is not None and "of 1" in counted.message.text, counted.message


async def mali_table(sim: FakeDiscord, bot: TabletopBot, options: dict[str, Any],
                     joiners: list[Any] | None = None) -> tuple[int, Message]:
    """alice opens a Mali table with `options`, `joiners` join, alice starts it."""
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", **options})
    gid, table = table_of(opened)
    for user in joiners or []:
        await sim.click(user, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    return gid, table


async def test_a_seat_goes_to_the_computer_mid_game_and_back(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=5)
    gid, _ = await mali_table(sim, bot, {"players": 2}, [sim.bob])
    driver = MaliPlayers(sim, bot, gid, 5)
    record = await quiet(bot, gid)
    for seat in list(record.to_act):  # both choose their cards: bob's seat s2 owes one now
        if seat == "s1":
            await driver.do(seat, record, record.game.legal_actions(record.state, seat)[0])
    record = await quiet(bot, gid)
    assert record.to_act == ["s2"]

    refused = await sim.slash(sim.bob, sim.channel, "game replace",
                              options={"player": sim.bob, "computer": "easy", "game": gid})
    assert "Only the game's creator" in said_text(refused)  # bob is not the creator
    handed = await sim.slash(sim.alice, sim.channel, "game replace",
                             options={"player": sim.bob, "computer": "easy", "game": gid})
    assert f"Computer 1 (easy) now plays <@{sim.bob.id}>'s seat" in said_text(handed)
    record = await quiet(bot, gid)
    assert record.user_of("s2") == "cpu:easy:1" and "s2" not in record.to_act  # it played bob's card
    assert f"Computer 1 (easy) takes over <@{sim.bob.id}>'s seat." in public_texts(sim)
    moved = [e for e in await bot.service.log(gid, limit=None) if e.seat == "s2"]
    assert [e.by for e in moved] == ["computer"]

    for _ in range(30):  # alice plays on; the computer answers each of its turns
        record = await quiet(bot, gid)
        if "s1" in record.to_act:
            break
    back = await sim.slash(sim.alice, sim.channel, "game replace",
                           options={"computer_number": 1, "new_player": sim.bob, "game": gid})
    assert f"<@{sim.bob.id}> now plays Computer 1 (easy)'s seat" in said_text(back)
    record = await quiet(bot, gid)
    assert record.user_of("s2") == str(sim.bob.id) and record.computer_seats == []
    missing = await sim.slash(sim.alice, sim.channel, "game replace",
                              options={"computer_number": 1, "new_player": sim.carol, "game": gid})
    assert "There is no Computer 1" in said_text(missing)
    both = await sim.slash(sim.alice, sim.channel, "game replace", options={"player": sim.bob, "game": gid})
    assert "Say whose seat" in said_text(both)
    # bob plays his seat again: the game waits on people only, and moves on when they move
    played = await play_people(sim, bot, gid, seed=5, limit=6, finish=False)
    assert all(e.by in ("player", "computer") for e in await bot.service.log(gid, limit=None))
    assert played.status == "running"


def said_text(result: Any) -> str:
    return "\n".join(m.text for m in result.messages)


async def test_the_computer_plays_for_a_player_whose_time_ran_out(fake_discord: FakeDiscord,
                                                                  tmp_path: Path) -> None:
    sim = fake_discord
    clock = Clock()
    bot = await start_bot(sim, sqlite(tmp_path), clock=clock, seed=7)
    gid, table = await mali_table(sim, bot, {"players": 2, "turn_hours": 12, "on_timeout": "computer",
                                             "strength": "easy"}, [sim.bob])
    assert "then the computer (easy) plays for them" in table.embeds[0]["fields"][1]["value"]
    record = await quiet(bot, gid)
    assert set(record.to_act) == {"s1", "s2"} and not record.computer_seats
    clock.advance(hours=13)
    await bot.scheduler.tick()
    record = await quiet(bot, gid)
    entries = await bot.service.log(gid, limit=None)
    assert [(e.seat, e.by) for e in entries] == [("s1", "timeout"), ("s2", "timeout")]
    assert bot.thinker.decisions == 2  # the computer decided both, each from that seat's view
    assert record.status == "running"
    text = public_texts(sim)
    assert f"<@{sim.alice.id}> ran out of time: the computer played for them." in text
    assert f"<@{sim.bob.id}> ran out of time: the computer played for them." in text
    assert record.users == {"s1": str(sim.alice.id), "s2": str(sim.bob.id)}  # they keep their seats
    undo = await sim.slash(sim.bob, sim.channel, "game undo", options={"game": gid})
    assert "played for you when your time ran out" in said_text(undo)


async def test_the_event_loop_never_waits_on_a_thinking_computer(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A hard computer thinks for a second or more in the pool while the loop keeps ticking every
    10 ms and alice's commands are answered. Its first decision comes too late (alice's card, played
    just before it lands, moved the game on): dropped, and made again. (Boards are drawn in their
    pool too: drawn in a thread, one held the loop.)"""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=9, render_workers=1)
    gaps: list[float] = []
    stop = asyncio.Event()

    async def ticking() -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while not stop.is_set():
            await asyncio.sleep(0.01)
            now = loop.time()
            gaps.append(now - last)
            last = now

    act = bot.service.act
    alice_first: list[str] = []

    async def alice_moves_first(game_id: int, user_id: int | str, action: dict[str, Any], **kw: Any) -> Any:
        if kw.get("by") == "computer" and not alice_first:  # the computer's first decision lands
            record = await bot.service.get(game_id)
            alice_first.append(str(await act(game_id, sim.alice.id, record.game.legal_actions(record.state, "s1")[0])))
        return await act(game_id, user_id, action, **kw)

    bot.service.act = alice_moves_first  # type: ignore[method-assign]
    ticker = asyncio.create_task(ticking())
    gid, _ = await mali_table(sim, bot, {"players": 2, "computer": 1, "strength": "hard"})
    status = await sim.slash(sim.alice, sim.channel, "game status", options={"game": gid})
    assert status.message is not None  # answered while the computer thinks
    record = await quiet(bot, gid)
    stop.set()
    await ticker
    log = await bot.service.log(gid, limit=None)
    assert [(e.seat, e.by) for e in log] == [("s1", "player"), ("s2", "computer")] and alice_first
    assert bot.thinker.dropped == 1 and bot.thinker.decisions == 2  # stale once, then made again
    assert "s2" not in record.to_act
    assert thinker.POOL.executor is not None
    assert all(p.pid != os.getpid() for p in thinker.POOL.executor._processes.values())
    assert max(gaps) < 0.5, f"the event loop stalled for {max(gaps):.2f} s"


async def test_a_restart_mid_thought_loses_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    url = sqlite(tmp_path)
    bot = await start_bot(sim, url, seed=13)
    gid, _ = await mali_table(sim, bot, {"players": 2, "computer": 1, "strength": "hard"})
    assert any(not t.done() for t in bot.thinker._tasks.values())  # thinking
    await stop_bot(sim, bot)  # mid-thought: the decision is lost with the process
    again = await start_bot(sim, url)
    await sim.wait_for(lambda: again.thinker.decisions > 0, timeout=60)  # its first tick wakes it
    record = await quiet(again, gid)
    assert "s2" not in record.to_act and record.to_act == ["s1"]
    assert [e.by for e in await again.service.log(gid, limit=None) if e.seat == "s2"] == ["computer"]


DRIVERS: dict[str, Any] = {"maquis": MaquisPlayers, "westerplatte": WesterplattePlayers}


@pytest.mark.slow
async def test_one_person_plays_a_whole_game_of_heart_of_africa_against_computers(
        fake_discord: FakeDiscord, tmp_path: Path, cheap_computers: None) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=17)
    opened = await sim.slash(sim.alice, sim.channel, "game new",
                             options={"game": "africa", "players": 3, "computer": 2, "strength": "easy"})
    gid, table = table_of(opened)
    await sim.click(sim.alice, table, label="Start")
    driver = AfricaPlayers(sim, bot, gid, 17)
    record = await play_people(sim, bot, gid, seed=17, driver=driver)
    assert record.status == "finished" and record.computer_seats == ["s2", "s3"]
    log = await bot.service.log(gid, limit=None)
    assert {e.by for e in log if e.seat != "s1"} == {"computer"} and any(e.seat == "s1" for e in log)
    assert "cpu:" not in public_texts(sim)


@pytest.mark.slow
@pytest.mark.parametrize("key", ["maquis", "westerplatte"])
async def test_a_computer_is_a_team_member(fake_discord: FakeDiscord, tmp_path: Path, key: str,
                                           cheap_computers: None) -> None:
    """A Maquis team member, a Westerplatte officer: the computer plays its part of the team."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=21)
    opened = await sim.slash(sim.alice, sim.channel, "game new",
                             options={"game": key, "players": 2, "computer": 1, "strength": "easy"})
    gid, table = table_of(opened)
    await sim.click(sim.alice, table, label="Start")
    driver = DRIVERS[key](sim, bot, gid, 21, panel_share=0.3, service_share=0.0)
    record = await play_people(sim, bot, gid, seed=21, driver=driver, limit=2000)
    assert record.status == "finished" and record.users["s2"] == "cpu:easy:1"
    log = await bot.service.log(gid, limit=None)
    assert {e.by for e in log if e.seat == "s2"} == {"computer"} and any(e.seat == "s1" for e in log)
    text = public_texts(sim)
    assert "Computer 1 (easy)" in text and "cpu:" not in text
    assert "with computer players" in said_text(await sim.slash(sim.alice, sim.channel, "game history"))
