"""Lists, the scheduler and autocomplete read no state: who owes a move (`waiting`) and the
public outcome (`result`) are kept beside it, by every write, and filled for older rows."""
from __future__ import annotations

import random

from sqlalchemy import update

from bot import gate
from bot.service import GameRecord, GameService
from bot.service.store import GAMES
from tests.service.helpers import ALICE, CHANNEL, GUILD, Clock, Db, random_move, started


def same(light: GameRecord, full: GameRecord) -> None:
    for name in ("id", "status", "to_act", "deadline_at", "remind_at", "users", "version"):
        assert getattr(light, name) == getattr(full, name), name
    assert gate.outcome(light) == gate.outcome(full)


async def test_light_records_agree_with_the_state_after_every_move(service: GameService,
                                                                   clock: Clock) -> None:
    games = [await started(service, 2, target=10, settings={"turn_hours": 5}, seed=s,
                           channel=CHANNEL + s) for s in range(3)]
    table = await service.open_table(GUILD, CHANNEL + 9, ALICE, "race", {}, {})
    rng = random.Random(4)
    for _ in range(60):
        gid = rng.choice([g.id for g in games])
        if (await service.get(gid)).status == "running":
            await random_move(service, gid, rng)
        light = {r.id: r for r in await service.in_guild(GUILD, active_only=False)}
        assert all(r.state is None and r.snapshot is None for r in light.values())
        for record in [*games, table]:
            same(light[record.id], await service.get(record.id))
    assert light[table.id].to_act == [] and gate.outcome(light[table.id]) is None
    clock.advance(hours=6)
    due = await service.due()
    assert {r.id for r in due} == {r.id for r in light.values() if r.status == "running"}
    for record in due:
        same(record, await service.get(record.id))
    finished = [r for r in light.values() if r.status == "finished"]
    assert finished, "some race should have ended in 60 moves"
    history = await service.history(GUILD)
    assert {r.id for r in history} == {r.id for r in finished}
    assert all((o := gate.outcome(r)) and o["winners"] for r in history)


async def test_rows_stored_before_the_columns_are_filled_at_start(service: GameService, db: Db) -> None:
    running = await started(service, 2, target=10)
    done = await started(service, 2, target=10, channel=CHANNEL + 1)
    rng = random.Random(1)
    while (await service.get(done.id)).status == "running":
        await random_move(service, done.id, rng)
    await service.abandon(running.id, ALICE)
    fresh = await started(service, 2, channel=CHANNEL + 2)
    await service.act(fresh.id, ALICE, {"type": "bid", "value": 2})
    expected = {r.id: await service.get(r.id) for r in (running, done, fresh)}
    async with db.engine.begin() as conn:  # as a database upgraded from 0005 holds them
        await conn.execute(update(GAMES).values(waiting=None, result=None))
    assert await service.backfill(batch=2) == 3
    assert await service.backfill() == 0
    light = {r.id: r for r in await service.in_guild(GUILD, active_only=False)}
    for gid, full in expected.items():
        same(light[gid], full)
    assert light[fresh.id].to_act == ["s2"] and gate.outcome(light[done.id]) is not None
    assert light[running.id].to_act == [] and light[running.id].status == "abandoned"
