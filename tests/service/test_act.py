"""Moves: refusals, stale buttons, whole games, the log and rebuilding from it."""
from __future__ import annotations

import random
from typing import Any

import pytest

from bot import gate
from bot.service import (
    GameService,
    Illegal,
    NotInGame,
    NotYourTurn,
    StaleAction,
    WrongStatus,
)
from tests.service.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    Clock,
    Db,
    check_consistent,
    started,
)
from tests.service.toygame import Race


async def to_move_phase(service: GameService, game_id: int) -> None:
    """Both bid 3 (no one reaches 20), so the race is in its move phase, ALICE first."""
    await service.act(game_id, ALICE, {"type": "bid", "value": 3})
    await service.act(game_id, BOB, {"type": "bid", "value": 3})


async def test_act_refusals_change_nothing(service: GameService) -> None:
    game = await started(service)
    await to_move_phase(service, game.id)
    before = await service.get(game.id)
    log_before = await service.log(game.id)
    with pytest.raises(NotInGame):
        await service.act(game.id, CAROL, {"type": "roll"})
    with pytest.raises(NotYourTurn) as turn:
        await service.act(game.id, BOB, {"type": "roll"})
    assert turn.value.message == f"It's not your turn: the game is waiting on <@{ALICE}>."
    with pytest.raises(Illegal) as illegal:
        await service.act(game.id, ALICE, {"type": "step", "n": 5})
    assert illegal.value.message == "Step 1 or 2, or roll."
    after = await service.get(game.id)
    assert after.version == before.version and after.snapshot == before.snapshot
    assert await service.log(game.id) == log_before


async def test_act_on_open_or_finished_game(service: GameService) -> None:
    table = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {})
    with pytest.raises(WrongStatus, match="not started"):
        await service.act(table.id, ALICE, {"type": "roll"})
    game = await started(service, target=10, seed=3)
    while (await service.get(game.id)).status == "running":
        record = await service.get(game.id)
        seat = record.to_act[0]
        await service.act(game.id, record.user_of(seat), {"type": "bid", "value": 3}
                          if record.state.phase == "bid" else {"type": "step", "n": 2})
    with pytest.raises(WrongStatus, match="over"):
        await service.act(game.id, ALICE, {"type": "roll"})


async def test_applied_carries_events_and_views(service: GameService) -> None:
    game = await started(service)
    first = await service.act(game.id, ALICE, {"type": "bid", "value": 2},
                              expected_version=game.version)
    assert first.before_to_act == ["s1", "s2"] and first.after_to_act == ["s2"]
    assert first.record.version == game.version + 1 and not first.finished
    assert {"type": "bid", "private_to": "s1", "text": "You bid 2."} in first.events
    assert first.public_before and first.public_after and "me" not in first.public_after
    assert first.public_after["bid"] == ["s1"]
    # ALICE acted but BOB still owes in the same round: his window is unchanged
    assert first.record.deadline_at == game.deadline_at


async def test_stale_button_refused_unless_still_legal(service: GameService) -> None:
    game = await started(service)
    shown = game.version
    await service.act(game.id, ALICE, {"type": "bid", "value": 1}, expected_version=shown)
    # ALICE's second click on the old message: she has bid, so it no longer applies
    with pytest.raises(StaleAction, match="out of date"):
        await service.act(game.id, ALICE, {"type": "bid", "value": 2}, expected_version=shown)
    # BOB's button from the same old message is still legal: applied
    applied = await service.act(game.id, BOB, {"type": "bid", "value": 1},
                                expected_version=shown)
    assert applied.record.version == shown + 2
    assert applied.record.state.phase == "move"
    # the same stale button again for a move that is illegal now: stale, not illegal
    with pytest.raises(StaleAction):
        await service.act(game.id, BOB, {"type": "bid", "value": 1}, expected_version=shown)
    # without expected_version the same thing is a plain refusal
    with pytest.raises(NotYourTurn):
        await service.act(game.id, BOB, {"type": "bid", "value": 1})


class Ticker(Race):
    """One player who may tick or tock forever: every action stays legal after it is played."""

    key, min_players = "ticker", 1

    def to_act(self, state: Any) -> list[str]:
        return [state.seats[0]]

    def legal_actions(self, state: Any, seat: str) -> list[dict[str, Any]]:
        return [{"type": "tick"}, {"type": "tock"}]

    def apply(self, state: Any, seat: str, action: dict[str, Any]) -> tuple[Any, list[Any]]:
        state = self._copy(state)
        state.pos[seat] += 1
        return state, [{"type": action["type"], "text": action["type"]}]


async def test_stale_repeat_of_last_move_is_a_double_click(db: Db, clock: Clock) -> None:
    service = GameService(db.engine, clock=clock, games={"ticker": Ticker()})
    table = await service.open_table(GUILD, CHANNEL, ALICE, "ticker", {}, {})
    shown = (await service.start(table.id, ALICE, seed=1)).record.version
    await service.act(table.id, ALICE, {"type": "tick"}, expected_version=shown)
    with pytest.raises(StaleAction):  # the second click of a double click
        await service.act(table.id, ALICE, {"type": "tick"}, expected_version=shown)
    await service.act(table.id, ALICE, {"type": "tock"}, expected_version=shown)  # still legal
    await service.act(table.id, ALICE, {"type": "tock"})  # a fresh (non-button) move
    assert [e.action for e in await service.log(table.id)] == [
        {"type": "tick"}, {"type": "tock"}, {"type": "tock"}]


@pytest.mark.parametrize("players", [2, 4])
async def test_whole_game_random_play_and_rebuild(service: GameService, players: int) -> None:
    rng = random.Random(players)
    game = await started(service, players, seed=players * 101)
    moves = 0
    while (record := await service.get(game.id)).status == "running":
        seat = rng.choice(record.to_act)
        action = rng.choice(record.game.legal_actions(record.state, seat))
        applied = await service.act(game.id, record.user_of(seat), action, expected_version=record.version)
        moves += 1
        assert applied.record.version == record.version + 1
        assert applied.finished == (applied.record.status == "finished")
    assert record.status == "finished" and applied.finished and record.to_act == []
    outcome = gate.outcome(record)
    assert outcome and outcome["reason"] == "target"
    assert record.deadline_at is None
    assert record.version == game.version + moves
    record = await check_consistent(service, game.id)
    log = await service.log(game.id, limit=None)
    assert len(log) == moves and all(e.kind == "action" and e.by == "player" for e in log)
    tail = await service.log(game.id, limit=5)
    assert [e.seq for e in tail] == list(range(moves - 4, moves + 1))
    assert all(e.created_at.tzinfo is not None for e in tail)


async def test_rebuild_replays_drops(service: GameService) -> None:
    game = await started(service, 3)
    await service.act(game.id, ALICE, {"type": "bid", "value": 2})
    await service.drop_player(game.id, "s3", by="admin")
    await service.act(game.id, BOB, {"type": "bid", "value": 3})
    log = await service.log(game.id)
    assert [(e.seq, e.kind, e.by) for e in log] == [
        (1, "action", "player"), (2, "drop", "admin"), (3, "action", "player")]
    assert log[1].action is None and log[1].seat == "s3" and log[1].user_id == CAROL
    await check_consistent(service, game.id)


async def test_rebuild_after_random_moves_drops_and_timeouts(service: GameService,
                                                             clock: Clock) -> None:
    rng = random.Random(42)
    game = await started(service, 4, target=50, seed=99,
                         settings={"turn_hours": 1, "on_timeout": "default"})
    for step in range(120):
        record = await service.get(game.id)
        if record.status != "running":
            break
        roll = rng.random()
        if roll < 0.03 and len(record.state.dropped) < 2:
            await service.drop_player(game.id, rng.choice(record.to_act), by="admin")
        elif roll < 0.1:
            clock.advance(hours=2)
            assert await service.timeout(game.id) is not None
        else:
            seat = rng.choice(record.to_act)
            action = rng.choice(record.game.legal_actions(record.state, seat))
            await service.act(game.id, record.user_of(seat), action)
        if step % 40 == 0:
            await check_consistent(service, game.id)
    log = await service.log(game.id, limit=None)
    assert {e.by for e in log} == {"player", "timeout", "admin"}
    await check_consistent(service, game.id)
