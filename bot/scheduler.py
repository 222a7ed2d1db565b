"""Deadlines and reminders. Both live in the database, so they survive restarts."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from bot import memory

if TYPE_CHECKING:
    from bot.app import TabletopBot

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self, bot: TabletopBot, tick_seconds: float) -> None:
        self.bot = bot
        self.tick_seconds = tick_seconds
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="scheduler")

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("scheduler tick failed")
            await asyncio.sleep(self.tick_seconds)

    async def tick(self) -> None:
        """One pass: post what the outbox still holds, apply every passed deadline, wake the
        computers that owe a move (after a restart, too), then send the reminders that are due.
        The outbox first: after a takeover, a post the last owner began without marking it is made
        again as it was begun (its rows and nonce are stored: Discord answers with the post already
        made), and the rows added since go in a post of their own (bot/presenter.py, `posts`)."""
        service, presenter = self.bot.service, self.bot.presenter
        await presenter.drain()
        now = self.bot.clock()
        for record in await service.due(now):
            if record.settings.get("on_timeout") == "computer":
                self.bot.thinker.stand_in(record.id)  # decided in the pool, then timed out
                continue
            try:
                applied = await service.timeout(record.id)
            except Exception:
                log.exception("time-out failed for game %s", record.id)
                continue
            if applied is not None:
                await presenter.deliver(record.id)
        for record in await service.computers_to_move():
            self.bot.thinker.wake(record.id)
        for record, seat in await service.due_reminders(now):
            await presenter.remind(record, seat)
            await service.mark_reminded(record.id, seat)
        memory.trim()  # what a busy minute freed, back to the system
