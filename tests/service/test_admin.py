"""Abandoning, dropping players, finding games, threads, table messages and player prefs."""
from __future__ import annotations

import pytest

from bot.service import GameService, Illegal, NotAllowed, NotInGame, WrongStatus
from tests.service.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    check_consistent,
    started,
)


async def test_abandon_rules(service: GameService) -> None:
    table = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {})
    await service.join(table.id, BOB)
    with pytest.raises(NotAllowed, match=f"<@{ALICE}>"):
        await service.abandon(table.id, BOB, is_admin=False)
    assert (await service.abandon(table.id, ALICE, is_admin=False)).status == "abandoned"
    with pytest.raises(WrongStatus, match="abandoned"):
        await service.abandon(table.id, ALICE, is_admin=True)
    game = await started(service)
    with pytest.raises(NotAllowed):
        await service.abandon(game.id, BOB, is_admin=False)
    record = await service.abandon(game.id, CAROL, is_admin=True)  # an admin, not seated
    assert record.status == "abandoned" and record.to_act == [] and record.deadline_at is None
    assert record.version == game.version + 1
    with pytest.raises(WrongStatus):
        await service.act(game.id, ALICE, {"type": "bid", "value": 1})


async def test_drop_player_permissions(service: GameService) -> None:
    game = await started(service, 3)
    with pytest.raises(NotAllowed):
        await service.drop_player(game.id, "s3", by="player", user_id=BOB)
    with pytest.raises(NotInGame):
        await service.drop_player(game.id, "999", by="admin")
    applied = await service.drop_player(game.id, "s3", by="player", user_id=CAROL)
    assert applied.after_to_act == ["s1", "s2"] and not applied.finished
    assert applied.events[0]["type"] == "dropped"
    with pytest.raises(Illegal, match="not playing"):  # the game's own words
        await service.drop_player(game.id, "s3", by="admin", user_id=ALICE)
    applied = await service.drop_player(game.id, "s2", by="admin", user_id=ALICE)
    assert applied.finished and applied.record.status == "finished"
    await check_consistent(service, game.id)
    table = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {})
    with pytest.raises(WrongStatus):
        await service.drop_player(table.id, str(ALICE))


async def test_in_channel_and_in_guild(service: GameService) -> None:
    here = await started(service, channel=CHANNEL)
    table = await service.open_table(GUILD, CHANNEL, BOB, "race", {}, {})
    elsewhere = await service.open_table(GUILD, CHANNEL + 1, CAROL, "race", {}, {})
    other_guild = await service.open_table(GUILD + 1, CHANNEL, CAROL, "race", {}, {})
    done = await service.open_table(GUILD, CHANNEL, CAROL, "race", {}, {})
    await service.abandon(done.id, CAROL, is_admin=False)
    assert [g.id for g in await service.in_channel(GUILD, CHANNEL)] == [here.id, table.id]
    record = await service.set_thread(here.id, 777)
    assert record.thread_id == 777 and record.where == 777
    assert [g.id for g in await service.in_channel(GUILD, 777)] == [here.id]
    assert [g.id for g in await service.in_channel(GUILD, CHANNEL)] == [here.id, table.id]
    assert [g.id for g in await service.in_guild(GUILD)] == [here.id, table.id, elsewhere.id]
    assert len(await service.in_guild(GUILD, active_only=False)) == 4
    assert [g.id for g in await service.in_guild(GUILD + 1)] == [other_guild.id]
    running = (await service.in_channel(GUILD, 777))[0]
    assert running.waiting_users == [str(ALICE), str(BOB)] and running.state is not None


async def test_table_message_and_messages(service: GameService) -> None:
    game = await started(service)
    record = await service.set_table_message(game.id, CHANNEL, 5001)
    assert record.table_message_id == 5001 and record.version == game.version + 1
    record = await service.set_table_message(game.id, CHANNEL, 5002)
    assert [(m.kind, m.message_id) for m in await service.messages(game.id)] == [("table", 5002)]
    await service.add_message(game.id, "prompt", CHANNEL, 6001, record.version)
    prompts = await service.messages(game.id, "prompt")
    assert [(m.message_id, m.version) for m in prompts] == [(6001, record.version)]
    await service.forget_messages(game.id, [6001])
    assert await service.messages(game.id, "prompt") == []


async def test_player_prefs(service: GameService) -> None:
    fresh = await service.get_player(ALICE)
    # Turn DMs are opt-in.
    assert (fresh.notify, fresh.dm_closed, fresh.last_reminder_at) == (False, False, None)
    assert (await service.set_notify(ALICE, True)).notify is True
    assert (await service.set_notify(ALICE, False)).notify is False
    closed = await service.set_dm_closed(ALICE, True)
    assert (closed.notify, closed.dm_closed) == (False, True)
    assert (await service.set_dm_closed(ALICE, False)).dm_closed is False
    big = 1_234_567_890_123_456_789  # Discord snowflakes need 64 bits
    assert (await service.set_notify(big, True)).user_id == big
