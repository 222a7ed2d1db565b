"""When many moves arrive at once, the players' own answers come before the posts to the tables:
a delivery waits while moves are being answered (at most ANSWERS_FIRST seconds)."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot import presenter as presenter_module
from bot.presenter import Presenter


class Service:
    def __init__(self) -> None:
        self.asked: list[int] = []

    async def get(self, game_id: int) -> Any:
        self.asked.append(game_id)
        raise LookupError("no such game here")  # the delivery stops here: the test is its start


async def test_a_post_waits_for_the_moves_being_answered() -> None:
    service = Service()
    presenter = Presenter(SimpleNamespace(service=service))  # type: ignore[arg-type]
    async with presenter.answering():
        delivery = asyncio.create_task(presenter.deliver(7))
        await asyncio.sleep(0.05)
        assert service.asked == []
        async with presenter.answering():
            await asyncio.sleep(0.02)
        assert service.asked == []  # another move finished, but this one is still being answered
    with pytest.raises(LookupError):
        await delivery
    assert service.asked == [7]


async def test_a_post_never_waits_longer_than_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presenter_module, "ANSWERS_FIRST", 0.05)
    service = Service()
    presenter = Presenter(SimpleNamespace(service=service))  # type: ignore[arg-type]
    async with presenter.answering():
        with pytest.raises(LookupError):
            await presenter.deliver(3)
        assert service.asked == [3]
    with pytest.raises(LookupError):
        await presenter.deliver(4)  # nothing being answered: at once
    assert service.asked == [3, 4]
