"""Deadlines, time-outs and reminders, with an injected clock (no sleeping)."""
from __future__ import annotations

from datetime import timedelta

from bot import gate
from bot.db import make_engine
from bot.service import GameService
from tests.service.helpers import (
    ALICE,
    BOB,
    Clock,
    Db,
    check_consistent,
    started,
)
from tests.service.toygame import GAME

A, B, C = "s1", "s2", "s3"  # the seats of ALICE, BOB and CAROL, in join order


async def test_no_limit_means_no_deadline(service: GameService, clock: Clock) -> None:
    game = await started(service, settings={"turn_hours": 0, "on_timeout": "default"})
    assert game.deadline_at is None and game.turn_started_at == clock.now
    clock.advance(days=300)
    assert await service.due() == [] and await service.timeout(game.id) is None
    assert await service.due_reminders() == []


async def test_timeout_default_one_action_per_overdue_seat(service: GameService,
                                                           clock: Clock) -> None:
    game = await started(service, settings={"turn_hours": 10, "on_timeout": "default"})
    start = clock.now
    assert game.deadline_at == start + timedelta(hours=10)
    clock.advance(hours=9, minutes=59)
    assert await service.due() == [] and await service.timeout(game.id) is None
    await service.act(game.id, ALICE, {"type": "bid", "value": 3})
    clock.advance(minutes=1)
    assert [g.id for g in await service.due()] == [game.id]
    applied = await service.timeout(game.id)
    assert applied is not None and applied.before_to_act == [B]
    assert applied.after_to_act == [A]  # the move phase: ALICE's turn, a new window
    # The line names no secret: the default bid shows only as the engine's public event.
    assert applied.events[0]["type"] == "timeout" and "bid 1" not in applied.events[0]["text"]
    public = [e["text"] for e in applied.events if not e.get("private_to")]
    assert public[1:] == ["s2 has bid.", "Bids: {'s1': 3, 's2': 1}."]
    assert applied.events[0]["text"].startswith(f"<@{BOB}> ran out of time")
    record = applied.record
    assert record.turn_started_at == clock.now
    assert record.deadline_at == clock.now + timedelta(hours=10) and record.reminded == []
    log = await service.log(game.id)
    assert (log[-1].seat, log[-1].kind, log[-1].by, log[-1].action) == (
        B, "action", "timeout", {"type": "bid", "value": 1})
    assert await service.due() == [] and await service.timeout(game.id) is None
    clock.advance(hours=10)
    applied = await service.timeout(game.id)
    assert applied is not None and [e.by for e in await service.log(game.id)][-1] == "timeout"
    assert applied.after_to_act == [B]
    await check_consistent(service, game.id)


async def test_timeout_default_in_a_simultaneous_round(service: GameService,
                                                       clock: Clock) -> None:
    game = await started(service, 3, settings={"turn_hours": 5, "on_timeout": "default"})
    clock.advance(hours=6)
    applied = await service.timeout(game.id)
    assert applied is not None and applied.before_to_act == [A, B, C]
    log = await service.log(game.id)
    assert [(e.seat, e.by) for e in log] == [(A, "timeout"), (B, "timeout"), (C, "timeout")]
    assert applied.record.state.phase == "move"
    await check_consistent(service, game.id)


async def test_timeout_drop(service: GameService, clock: Clock) -> None:
    game = await started(service, 3, settings={"turn_hours": 24, "on_timeout": "drop"})
    await service.act(game.id, ALICE, {"type": "bid", "value": 1})
    await service.act(game.id, BOB, {"type": "bid", "value": 1})
    clock.advance(hours=25)
    applied = await service.timeout(game.id)
    assert applied is not None and not applied.finished
    assert applied.record.state.dropped == [C] and applied.after_to_act == [A]
    entry = (await service.log(game.id))[-1]
    assert (entry.seat, entry.kind, entry.by, entry.action) == (C, "drop", "timeout", None)
    clock.advance(hours=25)  # ALICE is gone too: one player left, the game ends
    applied = await service.timeout(game.id)
    assert applied is not None and applied.finished
    assert applied.record.status == "finished" and applied.record.deadline_at is None
    outcome = gate.outcome(applied.record)
    assert outcome and outcome["reason"] == "abandoned"
    assert await service.due() == []
    await check_consistent(service, game.id)


async def test_timeout_wait_only_moves_the_deadline_on(service: GameService, clock: Clock) -> None:
    game = await started(service, settings={"turn_hours": 12, "on_timeout": "wait"})
    await service.mark_reminded(game.id, A)
    clock.advance(hours=13)
    before = await service.get(game.id)
    applied = await service.timeout(game.id)
    assert applied is not None and applied.events[0]["type"] == "timeout"
    record = applied.record
    assert record.snapshot == before.snapshot and await service.log(game.id) == []
    assert record.version == before.version + 1 and record.reminded == []
    assert record.turn_started_at == before.turn_started_at  # the turn clock keeps running
    assert record.deadline_at == clock.now + timedelta(hours=12)
    assert await service.timeout(game.id) is None


async def test_reminders_at_75_percent_rate_limited_across_games(service: GameService,
                                                                 clock: Clock) -> None:
    settings = {"turn_hours": 24, "on_timeout": "wait"}
    one = await started(service, settings=settings, channel=1)
    clock.advance(minutes=1)
    two = await started(service, settings=settings, channel=2)
    clock.advance(hours=17, minutes=58)  # 75% of one's 24 h window is at 18 h
    assert await service.due_reminders() == []
    clock.advance(minutes=1)
    assert [(g.id, s) for g, s in await service.due_reminders()] == [(one.id, A), (one.id, B)]
    await service.mark_reminded(one.id, A)
    clock.advance(minutes=1)  # two's 75% too, but one reminder per player per call and
    # ALICE was just reminded (4 h gap across games)
    assert [(g.id, s) for g, s in await service.due_reminders()] == [(one.id, B)]
    await service.mark_reminded(one.id, B)
    assert await service.due_reminders() == []
    assert (await service.get(one.id)).reminded == [A, B]
    player = await service.get_player(ALICE)
    assert player.last_reminder_at == clock.now - timedelta(minutes=1)
    clock.advance(hours=4)  # both gaps are over: they still owe in game two
    assert [(g.id, s) for g, s in await service.due_reminders()] == [(two.id, A), (two.id, B)]
    # BOB acts in game one: the remaining seat keeps its reminded mark, BOB's leaves
    await service.act(one.id, BOB, {"type": "bid", "value": 1})
    assert (await service.get(one.id)).reminded == [A]


async def test_deadlines_survive_a_restart(db: Db, clock: Clock) -> None:
    first = GameService(db.engine, clock=clock, games={GAME.key: GAME})
    game = await started(first, settings={"turn_hours": 2, "on_timeout": "default"})
    engine = make_engine(db.url, schema=db.schema)  # a new process: new engine, new service
    try:
        second = GameService(engine, clock=clock, games={GAME.key: GAME})
        clock.advance(hours=3)
        assert [g.id for g in await second.due()] == [game.id]
        assert await second.timeout(game.id) is not None
    finally:
        await engine.dispose()


async def test_reminders_come_from_an_index_and_leave_it_once_sent(service: GameService, clock: Clock) -> None:
    """Only games whose reminder time passed are read; once everyone waited on was reminded the
    game is no longer due, until a new window begins (issue: flat cost with many stored games)."""
    game = await started(service, 2, settings={"turn_hours": 8})
    assert game.remind_at == game.turn_started_at + timedelta(hours=6)  # type: ignore[operator]
    clock.advance(hours=5)
    assert await service.due_reminders() == []
    clock.advance(hours=2)
    due = await service.due_reminders()
    assert sorted(s for _, s in due) == [A, B]
    for record, seat in due:
        await service.mark_reminded(record.id, seat)
    record = await service.get(game.id)
    assert record.remind_at is None
    clock.advance(hours=30)
    assert await service.due_reminders() == []
    await service.act(game.id, ALICE, {"type": "bid", "value": 1})
    await service.act(game.id, BOB, {"type": "bid", "value": 1})
    moved = await service.get(game.id)
    assert moved.remind_at == moved.turn_started_at + timedelta(hours=6)  # type: ignore[operator]
