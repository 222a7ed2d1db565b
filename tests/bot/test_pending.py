"""The bot's record of its work in hand: what a dispatcher started, kept until it ends."""
from __future__ import annotations

import asyncio

from bot.pending import Pending


async def test_the_tasks_a_dispatcher_starts_are_kept_until_they_end() -> None:
    pending = Pending()
    release = asyncio.Event()
    outside = asyncio.create_task(asyncio.Event().wait())  # not started by the dispatcher: not followed

    async def handle() -> None:
        await release.wait()

    def dispatch(n: int) -> None:
        for _ in range(n):
            asyncio.get_running_loop().create_task(handle())

    pending.follow(dispatch)(2)
    assert len(pending) == 2 and outside not in pending.tasks
    assert not await pending.wait(timeout=0.01)  # still being handled
    release.set()
    assert await pending.wait(timeout=5)
    assert len(pending) == 0
    outside.cancel()


async def test_a_dispatcher_that_fails_still_has_its_tasks_followed() -> None:
    pending = Pending()
    gate = asyncio.Event()

    def dispatch() -> None:
        asyncio.get_running_loop().create_task(gate.wait())
        raise RuntimeError("after starting a task")

    try:
        pending.follow(dispatch)()
    except RuntimeError:
        pass
    assert len(pending) == 1
    gate.set()
    assert await pending.wait(timeout=5)


class Tree:
    def _from_interaction(self, interaction: object) -> None:
        asyncio.get_running_loop().create_task(asyncio.sleep(0))


class Views:
    def dispatch_view(self, *args: object) -> None:
        asyncio.get_running_loop().create_task(asyncio.sleep(0))

    def dispatch_modal(self, *args: object) -> None:
        asyncio.get_running_loop().create_task(asyncio.sleep(0))


async def test_the_tree_and_the_view_store_are_followed() -> None:
    pending, tree, views = Pending(), Tree(), Views()
    pending.follow_dispatchers(tree, views)
    tree._from_interaction(object())
    views.dispatch_view(2, "tr:p:1", object())
    views.dispatch_modal("form", object(), [], {})
    assert len(pending) == 3
    assert await pending.wait(timeout=5)
