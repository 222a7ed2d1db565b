"""Undo is a version-checked write, and takes back only the caller's own moves (issue 21)."""
from __future__ import annotations

import pytest

from bot.service import GameRecord, GameService, NotAllowed, StaleAction
from games.mali import GAME as MALI
from tests.service.helpers import ALICE, BOB, CHANNEL, DAVE, GUILD, Clock, Db, check_consistent
from tests.service.undo_paths import two_undoable


async def two_moves_to_take_back(service: GameService) -> tuple[GameRecord, GameRecord, str]:
    """A Mali game where a seat just made two undoable moves: the game after the first, after
    the second, and the seat."""
    record = await service.open_table(GUILD, CHANNEL, ALICE, "mali", {"variant": "basic"}, {})
    await service.join(record.id, BOB)
    record = (await service.start(record.id, ALICE, seed=1)).record
    path = two_undoable(MALI, record.state)
    for seat, action in path.prefix:
        await service.act(record.id, record.user_of(seat), action)
    user = record.user_of(path.seat)
    first = (await service.act(record.id, user, path.first)).record
    second = (await service.act(record.id, user, path.second)).record
    return first, second, path.seat


@pytest.fixture
def mali_service(db: Db, clock: Clock) -> GameService:
    return GameService(db.engine, clock=clock, games={"mali": MALI})


async def test_a_second_undo_at_the_same_version_takes_nothing_more_back(mali_service: GameService) -> None:
    service = mali_service
    first, second, seat = await two_moves_to_take_back(service)
    user = second.user_of(seat)
    undone = await service.undo(second.id, user, expected_version=second.state_version)
    assert undone.record.state_version == second.state_version + 1 and undone.record.snapshot == first.snapshot
    with pytest.raises(StaleAction, match="out of date"):  # the double click
        await service.undo(second.id, user, expected_version=second.state_version)
    after = await service.get(second.id)
    assert after.version == undone.record.version and after.snapshot == first.snapshot
    assert [e.undone for e in await service.log(second.id)][-2:] == [False, True]
    again = await service.undo(second.id, user, expected_version=after.state_version)
    assert again.record.state_version == after.state_version + 1
    await check_consistent(service, second.id)


async def test_after_a_replace_the_new_holder_cannot_take_back_the_old_ones_move(
        mali_service: GameService) -> None:
    service = mali_service
    _first, second, seat = await two_moves_to_take_back(service)
    old = second.user_of(seat)
    assert await service.can_undo(second.id, seat, second.version, user_id=old)
    handed = await service.replace(second.id, old, DAVE, ALICE, is_admin=True)
    assert not await service.can_undo(second.id, seat, handed.version, user_id=DAVE)  # remembered entry
    assert not await service.can_undo(second.id, seat, user_id=DAVE)  # read from the log
    with pytest.raises(NotAllowed, match="held it before you"):
        await service.undo(second.id, DAVE, expected_version=handed.state_version)
    with pytest.raises(NotAllowed, match="held it before you"):
        await service.undo(second.id, DAVE)
    after = await service.get(second.id)
    assert after.version == handed.version and after.snapshot == second.snapshot
    await check_consistent(service, second.id)


async def test_bookkeeping_does_not_stale_an_undo_button(mali_service: GameService) -> None:
    """An Undo button carries the game's state version: a table message or a reminder recorded
    since it was shown moves only the row's write version, and the click still takes back one move."""
    service = mali_service
    first, second, seat = await two_moves_to_take_back(service)
    await service.set_table_message(second.id, CHANNEL, 4242)
    await service.mark_reminded(second.id, seat)
    kept = await service.get(second.id)
    assert kept.version > second.version and kept.state_version == second.state_version
    undone = await service.undo(second.id, second.user_of(seat), expected_version=second.state_version)
    assert undone.record.snapshot == first.snapshot
    with pytest.raises(StaleAction, match="out of date"):
        await service.undo(second.id, second.user_of(seat), expected_version=second.state_version)
    await check_consistent(service, second.id)
