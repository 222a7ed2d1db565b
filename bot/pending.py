"""The bot's work in hand: the tasks discord.py starts to handle each interaction, kept until they end.

discord.py starts one task per command (its tree), per component or form (its view store); the bot
follows those two dispatchers, so that tests and benches can wait for the bot's own work (`wait`)
rather than guess it from discord.py's task names. Listeners of the `interaction` event (the
keep-alive) are not followed: they watch the work, they are not part of it.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, ParamSpec

P = ParamSpec("P")

# The synchronous methods discord.py calls for every interaction it receives, each starting tasks.
DISPATCHERS = {"tree": ("_from_interaction",), "views": ("dispatch_view", "dispatch_modal")}


class Pending:
    """The tasks handling interactions that have not ended yet."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()

    def __len__(self) -> int:
        return len(self.tasks)

    def follow(self, start: Callable[P, None]) -> Callable[P, None]:
        """`start`, which starts tasks and returns, with every task it started kept until it ends."""

        def followed(*args: P.args, **kwargs: P.kwargs) -> None:
            before = asyncio.all_tasks()
            try:
                start(*args, **kwargs)
            finally:
                for task in asyncio.all_tasks() - before:
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)

        return followed

    def follow_dispatchers(self, tree: object, views: object) -> None:
        """Follow what the command tree and the view store start (the bot's own dispatchers)."""
        for owner, names in ((tree, DISPATCHERS["tree"]), (views, DISPATCHERS["views"])):
            for name in names:
                setattr(owner, name, self.follow(getattr(owner, name)))

    async def wait(self, timeout: float) -> bool:
        """Wait until no interaction is being handled; False when some still are after `timeout` s."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.tasks:
            left = end - loop.time()
            if left <= 0:
                return False
            await asyncio.wait(set(self.tasks), timeout=left)
        return True
