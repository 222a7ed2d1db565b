"""Shared steps for the service tests."""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameRecord, GameService
from games.base import canonical

GUILD, CHANNEL = 1000, 2000
ALICE, BOB, CAROL, DAVE, ERIN = 11, 22, 33, 44, 55
PLAYERS = (ALICE, BOB, CAROL, DAVE)


@dataclass
class Db:
    backend: str
    url: str
    schema: str | None
    engine: AsyncEngine


class Clock:
    """An injected clock: tests move time instead of sleeping."""

    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


async def started(service: GameService, players: int = 2, *, target: int = 20,
                  settings: dict[str, Any] | None = None, seed: int = 7,
                  channel: int = CHANNEL) -> GameRecord:
    """A running race between the first `players` of PLAYERS, ALICE the creator."""
    record = await service.open_table(GUILD, channel, ALICE, "race", {"target": target},
                                      settings or {})
    for user in PLAYERS[1:players]:
        await service.join(record.id, user)
    return (await service.start(record.id, ALICE, seed=seed)).record


async def random_move(service: GameService, game_id: int, rng: random.Random) -> None:
    record = await service.get(game_id)
    seat = rng.choice(record.to_act)
    action = rng.choice(record.game.legal_actions(record.state, seat))
    await service.act(game_id, record.user_of(seat), action)


async def check_consistent(service: GameService, game_id: int) -> GameRecord:
    """The log is contiguous and replaying it gives the snapshot."""
    record = await service.get(game_id)
    log = await service.log(game_id, limit=None)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert canonical(record.game.dump(await service.rebuild(game_id))) == canonical(record.snapshot)
    return record
