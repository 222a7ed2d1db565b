"""The thinker keeps the positions a computer seat had in its turn and hands them to the computer
(bot/thinker.py; computer.choose's `had`), so that a turn never comes back to a position: Mali's
easy computer used to pick an order up and drop it for ever, until ROUND_IN_CIRCLES (kept as a
net) played the default move."""
from __future__ import annotations

import random
from itertools import pairwise
from typing import Any, cast

import pytest

import computer
from bot import thinker
from bot.app import TabletopBot
from bot.service import GameService
from games import registry
from tests.service.helpers import ALICE, CHANNEL, GUILD, Clock, Db


@pytest.fixture
def service(db: Db, clock: Clock) -> GameService:
    return GameService(db.engine, clock=clock, games={"mali": registry.get("mali")})


class Presenter:
    async def deliver(self, game_id: int) -> None:
        return None


class Bot:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.presenter = Presenter()


async def test_a_computer_turn_hands_its_earlier_positions_and_never_comes_back(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await service.open_table(GUILD, CHANNEL, ALICE, "mali", {}, {"max_players": 2})
    await service.add_computer(table.id, "easy", ALICE)
    gid = (await service.start(table.id, ALICE, seed=3)).record.id
    asked: list[tuple[str, tuple[str, ...]]] = []  # (the computer's position, the earlier ones it was given)
    real = thinker.think

    async def spy(workers: int, key: str, view: dict[str, Any], seat: str, strength: str, seed: int,
                  had: tuple[str, ...] = ()) -> Any:
        asked.append((computer.position(view, seat), had))
        return await real(workers, key, view, seat, strength, seed, had)

    monkeypatch.setattr(thinker, "think", spy)
    minds = thinker.Thinker(cast(TabletopBot, Bot(service)), workers=0)
    rng = random.Random(3)
    for _ in range(400):
        record = await service.get(gid)
        if record.status != "running" or len(asked) >= 30:
            break
        if any(record.computer(s) for s in record.to_act):
            minds.wake(gid)
            await minds.idle()
            continue
        seat = record.to_act[0]
        await service.act(gid, record.user_of(seat), rng.choice(record.game.legal_actions(record.state, seat)))
    assert len(asked) >= 30 and minds.defaults == 0
    longest = 0
    for (before, earlier), (here, had) in pairwise(asked):
        assert here not in had
        assert had in ((), (*earlier, before)), "a turn's positions are handed on whole, or a new turn starts"
        longest = max(longest, len(had))
    assert longest >= 2  # turns of several moves were played with their positions
