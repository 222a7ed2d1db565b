"""Opening, joining, leaving and starting tables."""
from __future__ import annotations

import pytest

from bot.service import (
    AlreadyJoined,
    GameService,
    Illegal,
    NoSuchGame,
    NotAllowed,
    NotInGame,
    TableFull,
    UnknownGame,
    WrongStatus,
)
from tests.service.helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, ERIN, GUILD


async def test_open_table_seats_creator_and_resolves_options(service: GameService) -> None:
    record = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {"turn_hours": 24})
    assert record.status == "open" and record.players == [str(ALICE)]
    assert record.creator_id == ALICE and record.options == {"target": 20}
    assert record.settings == {"turn_hours": 24, "on_timeout": "wait", "use_thread": False,
                               "max_players": 4}
    assert record.state is None and record.snapshot is None and record.to_act == []
    assert record.version == 0 and record.where == CHANNEL
    assert record.created_at.tzinfo is not None
    assert (await service.get(record.id)) == record


async def test_open_table_refuses_bad_key_options_settings(service: GameService) -> None:
    with pytest.raises(UnknownGame, match="race"):
        await service.open_table(GUILD, CHANNEL, ALICE, "chess", {}, {})
    with pytest.raises(Illegal, match="target must be one of"):
        await service.open_table(GUILD, CHANNEL, ALICE, "race", {"target": 3}, {})
    with pytest.raises(Illegal, match="on_timeout"):
        await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {"on_timeout": "nap"})
    with pytest.raises(Illegal, match="turn_hours"):
        await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {"turn_hours": -1})
    with pytest.raises(Illegal, match="takes 2 to 4 players"):
        await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {"max_players": 5})
    with pytest.raises(NoSuchGame):
        await service.get(999)


async def test_join_until_full(service: GameService) -> None:
    record = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {})
    for user in (BOB, CAROL, DAVE):
        record = await service.join(record.id, user)
    assert record.players == [str(u) for u in (ALICE, BOB, CAROL, DAVE)]
    assert record.version == 3
    with pytest.raises(TableFull) as full:
        await service.join(record.id, ERIN)
    assert "full (4 players)" in full.value.message
    with pytest.raises(AlreadyJoined):
        await service.join(record.id, BOB)


async def test_max_players_setting_caps_the_table(service: GameService) -> None:
    record = await service.open_table(GUILD, CHANNEL, ALICE, "race", {},
                                      {"max_players": 2, "note": "kept as given"})
    assert record.settings["note"] == "kept as given"
    await service.join(record.id, str(BOB))  # a seat string works as well as an int id
    with pytest.raises(TableFull, match="full \\(2 players\\)"):
        await service.join(record.id, CAROL)
    applied = await service.start(record.id, str(ALICE))
    assert applied.record.players == [str(ALICE), str(BOB)]


async def test_leave_passes_creation_and_last_one_abandons(service: GameService) -> None:
    record = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {})
    await service.join(record.id, BOB)
    with pytest.raises(NotInGame):
        await service.leave(record.id, CAROL)
    record = await service.leave(record.id, ALICE)
    assert record.players == [str(BOB)] and record.creator_id == BOB and record.status == "open"
    record = await service.leave(record.id, BOB)
    assert record.players == [] and record.status == "abandoned"
    with pytest.raises(WrongStatus):
        await service.join(record.id, CAROL)


async def test_start_rules(service: GameService) -> None:
    record = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {"turn_hours": 10})
    with pytest.raises(NotAllowed, match="needs 2 to 4 players; the table has 1"):
        await service.start(record.id, ALICE)
    await service.join(record.id, BOB)
    with pytest.raises(NotAllowed, match=f"<@{ALICE}>"):
        await service.start(record.id, BOB)
    applied = await service.start(record.id, ALICE)
    game = applied.record
    assert game.status == "running" and game.seed is not None and game.state is not None
    assert applied.before_to_act == [] and applied.after_to_act == ["s1", "s2"]
    assert game.to_act == applied.after_to_act and applied.public_before is None
    assert applied.public_after is not None and "me" not in applied.public_after
    assert game.deadline_at is not None and game.turn_started_at is not None
    assert game.deadline_at - game.turn_started_at == __import__("datetime").timedelta(hours=10)
    with pytest.raises(WrongStatus, match="already running"):
        await service.start(record.id, ALICE)
    with pytest.raises(WrongStatus):
        await service.join(record.id, CAROL)
    with pytest.raises(WrongStatus, match="not started"):
        await service.leave(record.id, BOB)
    again = await service.get(record.id)
    assert again.game.dump(again.state) == game.snapshot and again.version == game.version


async def test_seed_is_kept_and_big(service: GameService) -> None:
    record = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {})
    await service.join(record.id, BOB)
    big = 2**62 + 12345
    started = (await service.start(record.id, ALICE, seed=big)).record
    assert (await service.get(started.id)).seed == big
