"""Computer players at the table (issue #24): whenever a computer seat owes a move, its decision
is made in a worker process (a search holds Python's lock for up to 2 s, which on the event loop
would stall every game), from that seat's own view (bot.gate.computer) and nothing else, then played
through the service like a person's move: same narration, same outbox.

A decision is version-checked: one made on a game that moved on since is dropped and made again.
Nothing of a decision is stored, so a restart mid-thought loses nothing: the scheduler's first
tick finds the games that wait on a computer and it thinks again (the same seed: the same move).
The same pool plays for a person whose time ran out at a table whose deadline policy is
"the computer plays for them".
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import computer
from bot import computers, gate
from bot.mind import decide
from bot.service.errors import NotInGame, NotYourTurn, StaleAction, WrongStatus
from bot.workers import pool as worker_pool
from games.base import Action

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import GameRecord

log = logging.getLogger(__name__)

STAND_IN = "medium"  # the strength that plays for a timed-out person unless the table says
ROUND_IN_CIRCLES = 50  # a computer's moves in a row in one turn before it plays the safe default
MOVED_ON = (StaleAction, NotYourTurn, NotInGame, WrongStatus)  # the decision came too late

POOL = worker_pool("thinking")


async def think(workers: int, key: str, view: dict[str, Any], seat: str, strength: str,
                seed: int, had: tuple[str, ...] = ()) -> Action:
    """`decide` in the pool (once more on a new pool if a worker died); `workers=0` thinks in
    a thread of this process instead (a game registered at run time). `had`: the positions the
    seat had earlier in this turn (computer.choose)."""
    if workers <= 0:
        return await asyncio.to_thread(decide, key, view, seat, strength, seed, had)
    return await POOL.run(workers, decide, key, view, seat, strength, seed, had)


class Thinker:
    """One task per game that waits on a computer: it decides and plays until the game waits
    on people only (or ends), then ends; `wake` starts it, or tells a running one to look again."""

    def __init__(self, bot: TabletopBot, workers: int) -> None:
        self.bot = bot
        self.workers = workers
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self.decisions = 0  # decisions made (played or dropped as stale)
        self.dropped = 0  # decisions dropped because the game moved on
        self.defaults = 0  # default moves played for a computer that went round in circles

    def notice(self, record: GameRecord) -> None:
        """Called with every game the presenter delivers: wake its computers if one must act."""
        if record.status == "running" and any(record.computer(s) for s in record.to_act):
            self.wake(record.id)

    def wake(self, game_id: int) -> None:
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._tasks[game_id] = asyncio.create_task(self._play(game_id), name=f"computer-{game_id}")

    def stand_in(self, game_id: int) -> None:
        """A deadline passed at a table whose policy is "the computer plays for them"."""
        key = -game_id  # its own task, beside the game's computer players
        task = self._tasks.get(key)
        if task is None or task.done():
            self._tasks[key] = asyncio.create_task(self._stand_in(game_id), name=f"stand-in-{game_id}")

    async def idle(self) -> None:
        """Until no computer is thinking or playing (tests)."""
        while tasks := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.wait(tasks)

    async def stop(self) -> None:
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    async def _decide(self, record: GameRecord, seat: str, strength: str, had: list[str] | None = None) -> Action:
        """The computer's move for `seat`; `had` (kept by the caller through one turn) gets this
        position, and the move never leads back to one of them."""
        view = gate.computer(record, seat)
        if view is None:
            raise RuntimeError(f"game #{record.id} has no view for {seat}")
        seed = computers.seed_of(record.id, record.state_version, seat)
        earlier = computer.remember(had, view, seat) if had is not None else ()
        action = await think(self.workers, record.key, view, seat, strength, seed, earlier)
        self.decisions += 1
        return action

    async def _play(self, game_id: int) -> None:
        service = self.bot.service
        streak: tuple[str, int] = ("", 0)  # the seat that moved last, and its moves in a row
        had: list[str] = []  # the positions that seat had in this turn (computer.position)
        try:
            while True:
                self._again.discard(game_id)
                record = await service.get(game_id)
                seats = [s for s in record.to_act if record.computer(s)] if record.status == "running" else []
                if not seats:
                    if game_id in self._again:
                        continue
                    return
                seat = seats[0]
                user = record.user_of(seat)
                found = computers.parse(user)
                assert found is not None
                streak = (seat, streak[1] + 1 if streak[0] == seat else 1)
                if streak[1] == 1:
                    had = []
                try:
                    if streak[1] > ROUND_IN_CIRCLES:  # its turn never ends (a search's blind spot)
                        log.warning("computer %s in game %s went round in circles: the default move", seat, game_id)
                        applied = await service.act_default(game_id, user, expected_version=record.state_version)
                        self.defaults += 1
                    else:
                        action = await self._decide(record, seat, found[0], had)
                        applied = await service.act(game_id, user, action, expected_version=record.state_version,
                                                    by="computer", exact=True)
                except MOVED_ON:
                    self.dropped += 1
                    continue  # the game moved on while it thought: think again
                if seat not in applied.after_to_act:
                    streak = ("", 0)
                await self.bot.presenter.deliver(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer could not play in game %s (the next tick tries again)", game_id)

    async def _stand_in(self, game_id: int) -> None:
        """Decide for every seat the deadline caught, then time them out with those moves; a
        seat the computer could not decide for gets the safe default move."""
        service = self.bot.service
        try:
            record = await service.get(game_id)
            deadline = record.deadline_at
            if record.status != "running" or deadline is None or service.now() < deadline:
                return
            strength = str(record.settings.get("computer_strength") or STAND_IN)
            chosen: dict[str, Action] = {}
            for seat in record.to_act:
                try:
                    chosen[seat] = await self._decide(record, seat, strength)
                except Exception:
                    log.exception("the computer could not decide for %s in game %s", seat, game_id)
            applied = await service.timeout(game_id, chosen, expected_version=record.state_version)
            if applied is not None:
                await self.bot.presenter.deliver(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer could not play for a timed-out seat in game %s", game_id)
