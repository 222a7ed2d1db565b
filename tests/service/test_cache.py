"""Games kept in memory (bot/service/cache.py): answered without a read, never trusted by a write,
and put right by the first write that finds them stale; on SQLite and PostgreSQL."""
from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from bot.db import Database
from bot.service import GameService, NoSuchGame, NotYourTurn, StaleAction
from bot.service.cache import GameCache
from bot.service.records import GameRecord
from tests.service.helpers import ALICE, BOB, GUILD, Clock, Db, check_consistent, started
from tests.service.toygame import GAME


def cached(db: Db, clock: Clock | None = None, size: int = 16) -> GameService:
    return GameService(db.engine, clock=clock, games={GAME.key: GAME}, cached_games=size)


class Reads:
    """Counts the units of work a service runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, service: GameService) -> None:
        self.count = 0
        run: Callable[..., Any] = service._db.run

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return await run(*args, **kwargs)

        monkeypatch.setattr(service._db, "run", counted)


def _record(game_id: int, version: int) -> GameRecord:
    base: dict[str, Any] = {f.name: None for f in dataclasses.fields(GameRecord)}
    return GameRecord(**{**base, "id": game_id, "version": version, "to_act": [], "result": None})


def test_the_cache_keeps_the_newest_version_of_each_game_and_at_most_its_size() -> None:
    cache = GameCache(2)
    old, new = _record(1, 3), _record(1, 4)
    assert cache.put(new) is new
    assert cache.put(old) is new and cache.get(1) is new  # a late read never goes back in time
    cache.put(_record(2, 1))
    cache.get(1)  # 1 was used last: 2 is the one to go
    cache.put(_record(3, 1))
    assert cache.get(2) is None and cache.get(1) is new and len(cache) == 2
    cache.forget(1, unless_version=4)
    assert cache.get(1) is new  # the stored version: kept
    cache.forget(1, unless_version=5)
    assert cache.get(1) is None
    off = GameCache(0)
    off.put(new)
    assert off.get(1) is None and len(off) == 0


async def test_a_game_read_or_written_is_answered_without_reading_it_again(
        db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    service = cached(db)
    game = await started(service)
    reads = Reads(monkeypatch, service)
    assert await service.get(game.id) is await service.get(game.id, GUILD)
    applied = await service.act(game.id, ALICE, {"type": "bid", "value": 1})
    assert reads.count == 1  # the write alone
    assert await service.get(game.id) is applied.record
    with pytest.raises(NoSuchGame):  # another server's game, from memory too
        await service.get(game.id, GUILD + 1)
    with pytest.raises(NoSuchGame):
        await service.get(0)
    assert reads.count == 1
    light = await service.in_guild(GUILD)
    assert light[0].state is None and (await service.get(game.id)).state is not None  # never a light one


async def test_without_a_cache_every_read_goes_to_the_database(db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    service = GameService(db.engine, games={GAME.key: GAME})
    game = await started(service)
    reads = Reads(monkeypatch, service)
    first, second = await service.get(game.id), await service.get(game.id)
    assert first == second and first is not second and reads.count == 2


async def test_a_stale_kept_game_is_planned_again_and_put_right_by_the_write(db: Db) -> None:
    one, two = cached(db), cached(db)  # as two processes would be
    game = await started(one)
    seen = await one.get(game.id)
    await two.act(game.id, ALICE, {"type": "bid", "value": 1})
    assert (await one.get(game.id)).version == seen.version  # `one` cannot know yet
    applied = await one.act(game.id, BOB, {"type": "bid", "value": 2})  # planned on the stored game
    assert applied.record.version == seen.version + 2
    assert await one.get(game.id) is applied.record
    await check_consistent(one, game.id)


async def test_a_refusal_based_on_a_stale_kept_game_puts_it_right(db: Db) -> None:
    one, two = cached(db), cached(db)
    game = await started(one)
    seen = await one.get(game.id)
    await two.act(game.id, ALICE, {"type": "bid", "value": 1})
    with pytest.raises(StaleAction):  # the button of the version `one` still shows
        await one.act(game.id, ALICE, {"type": "bid", "value": 1}, expected_version=seen.version)
    fresh = await one.get(game.id)
    assert fresh.version == seen.version + 1 and fresh.to_act == ["s2"]
    with pytest.raises(NotYourTurn):
        await one.act(game.id, ALICE, {"type": "bid", "value": 2})


async def test_a_write_that_lost_the_race_forgets_the_game(db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    service = cached(db)
    game = await started(service)
    assert service.cache.get(game.id) is not None

    def lose(conn: Any, *args: Any) -> bool:
        conn.rollback()
        return False

    monkeypatch.setattr(service, "max_tries", 1)
    monkeypatch.setattr(service, "_commit", lose)
    with pytest.raises(Exception, match="try again"):
        await service.act(game.id, ALICE, {"type": "bid", "value": 1})
    assert service.cache.get(game.id) is None


async def test_concurrent_moves_on_kept_games_lose_nothing(db: Db) -> None:
    one, two = cached(db), cached(db)
    game = await started(one, 4, target=1000)

    async def player(service: GameService, n: int) -> int:
        done = 0
        for i in range(12):
            record = await service.get(game.id)
            seat = record.to_act[(n + i) % len(record.to_act)]
            action = record.game.legal_actions(record.state, seat)[0]
            try:
                await service.act(game.id, record.user_of(seat), action, expected_version=record.version)
                done += 1
            except (StaleAction, NotYourTurn):
                await asyncio.sleep(0)
        return done

    done = sum(await asyncio.gather(*(player(s, n) for n, s in enumerate([one, two] * 3))))
    stored = GameService(db.engine, games={GAME.key: GAME})  # what the database holds
    record = await check_consistent(stored, game.id)
    assert done > 0 and record.version == game.version + done
    assert len(await stored.log(game.id, limit=None)) == done
    for service in (one, two):  # each keeps what it last saw: the stored game, or one it wrote before
        kept = await service.get(game.id)
        assert kept.version <= record.version
        assert kept.version < record.version or kept.snapshot == record.snapshot


async def test_the_database_is_not_asked_while_a_move_is_planned_on_a_kept_game(
        db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    service = cached(db)
    game = await started(service)
    kept = await service.get(game.id)
    runs: list[bool] = []
    run = Database.run

    async def spy(self: Database, work: Any, *, read: bool = False) -> Any:
        runs.append(read)
        return await run(self, work, read=read)

    monkeypatch.setattr(Database, "run", spy)
    await service.act_many(game.id, ALICE, [{"type": "bid", "value": 1}], known=kept)
    assert runs == [False]  # one unit of work: the write
