"""Computer seats in the service (issue #24): seating and removing computers at an open table,
handing a seat to the computer and back, a computer's version-checked move, the deadline policy
"computer", and results of games with computers (no rating; the leaderboard leaves them out unless
asked). Mali has the computer's `sample`; the toy race has none, so the computer refuses it."""
from __future__ import annotations

import random

import pytest

from bot.service import (
    AlreadyJoined,
    GameService,
    Illegal,
    NotAllowed,
    NotInGame,
    StaleAction,
    TableFull,
)
from bot.service.records import GameRecord
from games import registry
from tests.service.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock, Db
from tests.service.toygame import GAME


@pytest.fixture
def service(db: Db, clock: Clock) -> GameService:
    return GameService(db.engine, clock=clock, games={GAME.key: GAME, "mali": registry.get("mali")})


async def mali_table(service: GameService, players: int = 3) -> GameRecord:
    return await service.open_table(GUILD, CHANNEL, ALICE, "mali", {}, {"max_players": players})


async def test_the_creator_seats_and_removes_computers(service: GameService) -> None:
    table = await mali_table(service)
    with pytest.raises(NotAllowed, match="Only the table's creator"):
        await service.add_computer(table.id, "easy", BOB)
    with pytest.raises(Illegal, match="easy, medium, hard"):
        await service.add_computer(table.id, "brilliant", ALICE)
    table = await service.add_computer(table.id, "hard", ALICE)
    table = await service.add_computer(table.id, "easy", ALICE)
    assert table.users == {"s1": str(ALICE), "s2": "cpu:hard:1", "s3": "cpu:easy:2"}
    assert [table.mention(s) for s in table.seats] == [f"<@{ALICE}>", "Computer 1 (hard)", "Computer 2 (easy)"]
    with pytest.raises(TableFull, match="no seat for a computer"):
        await service.add_computer(table.id, "easy", ALICE)
    table = await service.remove_computer(table.id, ALICE)
    assert table.seats == ["s1", "s2"] and table.computer_seats == ["s2"]
    table = await service.add_computer(table.id, "medium", ALICE)
    assert table.users["s3"] == "cpu:medium:2"  # the lowest free number
    race = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {})
    with pytest.raises(NotAllowed, match="can't play Counting race"):
        await service.add_computer(race.id, "easy", ALICE)
    with pytest.raises(NotInGame, match="no computer player"):
        await service.remove_computer(race.id, ALICE)
    with pytest.raises(Illegal, match="can't play Counting race"):
        await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {"on_timeout": "computer"})


async def test_one_person_and_computers_start_and_a_lone_creator_leaving_ends_the_table(
        service: GameService) -> None:
    table = await service.add_computer((await mali_table(service, 2)).id, "easy", ALICE)
    started = (await service.start(table.id, ALICE, seed=3)).record
    assert started.status == "running" and set(started.to_act) == {"s1", "s2"}
    other = await service.add_computer((await mali_table(service, 2)).id, "easy", ALICE)
    left = await service.leave(other.id, ALICE)
    assert left.status == "abandoned"  # computers alone never hold a table
    third = await mali_table(service)
    await service.add_computer(third.id, "easy", ALICE)
    await service.join(third.id, BOB)
    moved = await service.leave(third.id, ALICE)
    assert moved.creator_id == BOB and moved.status == "open"  # the person, never the computer


async def test_a_computer_move_is_refused_once_the_game_moved_on(service: GameService) -> None:
    table = await service.add_computer((await mali_table(service, 2)).id, "easy", ALICE)
    record = (await service.start(table.id, ALICE, seed=3)).record
    seen = record.state_version
    mine = record.game.legal_actions(record.state, "s2")[0]
    await service.act(record.id, ALICE, record.game.legal_actions(record.state, "s1")[0])
    with pytest.raises(StaleAction):  # decided on an older version: dropped, decided again
        await service.act(record.id, "cpu:easy:1", mine, expected_version=seen, by="computer", exact=True)
    applied = await service.act(record.id, "cpu:easy:1", mine, expected_version=seen + 1,
                                by="computer", exact=True)
    assert applied.record.state_version == seen + 2
    entries = await service.log(record.id, limit=None)
    assert [(e.seat, e.by, e.user_id) for e in entries] == [("s1", "player", ALICE), ("s2", "computer", None)]


async def test_a_seat_goes_to_the_computer_and_back(service: GameService) -> None:
    table = await mali_table(service, 2)
    await service.join(table.id, BOB)
    record = (await service.start(table.id, ALICE, seed=4)).record
    with pytest.raises(Illegal, match="Say who takes the seat"):
        await service.replace(record.id, BOB, None, ALICE)
    handed = await service.replace(record.id, BOB, None, ALICE, computer="hard")
    assert handed.users["s2"] == "cpu:hard:1" and handed.computer_seats == ["s2"]
    with pytest.raises(AlreadyJoined):
        await service.replace(record.id, ALICE, "cpu:hard:1", ALICE)
    mine = await service.replace(record.id, ALICE, None, ALICE, computer="easy")
    assert mine.users == {"s1": "cpu:easy:2", "s2": "cpu:hard:1"} and mine.creator_id == ALICE  # still the creator
    back = await service.replace(record.id, "cpu:hard:1", BOB, ALICE)
    assert back.users["s2"] == str(BOB)
    back = await service.replace(record.id, "cpu:easy:2", CAROL, ALICE)
    assert back.users["s1"] == str(CAROL) and back.creator_id == ALICE
    lines = [e["text"] for r in await service.undelivered(record.id, back.version) for e in r.payload["events"]]
    assert f"Computer 1 (hard) takes over <@{BOB}>'s seat." in lines
    assert f"<@{BOB}> takes over Computer 1 (hard)'s seat." in lines


async def test_the_computer_plays_a_timed_out_seat_or_its_default(service: GameService, clock: Clock) -> None:
    table = await service.open_table(GUILD, CHANNEL, ALICE, "mali", {},
                                     {"max_players": 2, "turn_hours": 12, "on_timeout": "computer",
                                      "computer_strength": "hard"})
    await service.join(table.id, BOB)
    record = (await service.start(table.id, ALICE, seed=5)).record
    clock.advance(hours=13)
    assert await service.timeout(record.id) is None  # nothing decided yet: nothing done
    chosen = {"s1": record.game.legal_actions(record.state, "s1")[-1], "s2": {"type": "nonsense"}}
    assert await service.timeout(record.id, chosen, expected_version=record.state_version - 1) is None
    applied = await service.timeout(record.id, chosen, expected_version=record.state_version)
    assert applied is not None
    entries = await service.log(record.id, limit=None)
    assert entries[0].action == chosen["s1"]
    assert entries[1].action == record.game.default_action(record.state, "s2")  # no legal choice: the default
    assert [e.by for e in entries] == ["timeout", "timeout"]
    with pytest.raises(Illegal, match="easy, medium, hard"):
        await service.open_table(GUILD, CHANNEL, ALICE, "mali", {}, {"computer_strength": "genius"})


async def finish(service: GameService, game_id: int, seed: int) -> GameRecord:
    rng = random.Random(seed)
    for _ in range(5000):
        record = await service.get(game_id)
        if record.status != "running":
            return record
        seat = rng.choice(record.to_act)
        await service.act(game_id, record.user_of(seat), rng.choice(record.game.legal_actions(record.state, seat)))
    raise AssertionError("the game did not end")


async def test_games_with_computers_move_no_rating_and_count_only_when_asked(service: GameService) -> None:
    table = await mali_table(service, 3)
    await service.join(table.id, BOB)
    await service.add_computer(table.id, "easy", ALICE)
    await service.start(table.id, ALICE, seed=8)
    record = await finish(service, table.id, 8)
    assert record.status == "finished" and await service.record_results(record.id)
    assert await service.leaderboard(GUILD, "mali") == []  # no rating moved
    counted = await service.leaderboard(GUILD, "mali", computers=True)
    assert {r["user_id"] for r in counted} == {ALICE, BOB} and all(r["games"] == 1 for r in counted)
    stats = await service.player_stats(GUILD, ALICE)
    assert stats["games"][0]["with_computers"] == 1 and stats["games"][0]["rating"] is None


async def test_a_computer_going_round_in_circles_plays_the_default_move(service: GameService) -> None:
    table = await service.add_computer((await mali_table(service, 2)).id, "easy", ALICE)
    record = (await service.start(table.id, ALICE, seed=3)).record
    with pytest.raises(StaleAction):
        await service.act_default(record.id, "cpu:easy:1", expected_version=record.state_version - 1)
    applied = await service.act_default(record.id, "cpu:easy:1", expected_version=record.state_version)
    entry = (await service.log(record.id, limit=None))[-1]
    assert (entry.seat, entry.by, entry.action) == ("s2", "computer", record.game.default_action(record.state, "s2"))
    assert "s2" not in applied.after_to_act
