"""Plays 7 Days of Westerplatte through the Discord simulator the way people would.

It decides exactly as `python -m games.simulate` does for the same seed (the engine's greedy team,
`playout_weights`), so a seed known to end in a victory or a defeat does so here too, and acts only
through Discord: slash commands, the turn message's "My turn" button, panel buttons, group menus and
selects, picked at random.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.app import TabletopBot
from cogs.westerplatte import decision_value
from cogs.westerplatte.ui import WesterplatteUI
from games.simulate import choose, playout_rng
from games.westerplatte.board import ROMAN
from tests.e2e.harness import settle, user_of, went_wrong
from tests.e2e.panel_driver import PanelPlayer
from tests.fakediscord import FakeDiscord, Message

DECISIONS = ("guardhouse", "bonus", "loss", "give", "lose_ammo", "brick")


class WesterplattePlayers(PanelPlayer):
    ui = WesterplatteUI()

    def __init__(self, sim: FakeDiscord, bot: TabletopBot, gid: int, seed: int, panel_share: float = 0.25,
                 service_share: float = 0.4) -> None:
        self.sim, self.bot, self.gid = sim, bot, gid
        self.decide = playout_rng(seed)  # the same choices as games.simulate for this seed
        self.rng = random.Random(seed)  # how to say it: panel or command
        self.panel_share, self.service_share = panel_share, service_share
        self.used: Counter[str] = Counter()
        self.replies: list[Message] = []
        self.commanded: set[str] = set()

    async def play(self, limit: int = 2000) -> Any:
        for _ in range(limit):
            record = await self.bot.service.get(self.gid)
            if record.status != "running":
                return record
            seat, action = choose(record.game, record.state, self.decide)
            await self.do(seat, record, action)
            await settle()
            after = await self.bot.service.get(self.gid)
            assert after.version > record.version, f"{action} by {seat} was not applied"
        raise AssertionError(f"game {self.gid} did not finish in {limit} interactions")

    async def slash(self, seat: str, record: Any, command: str, **options: Any) -> None:
        self.used[f"/{command}"] += 1
        result = await self.sim.slash(user_of(self.sim, seat, record), self.where(record), command,
                                      options={**options, "game": self.gid})
        await settle()
        self.replies += result.messages
        text = "\n".join(m.content for m in result.messages)
        assert result.ephemeral and not went_wrong(text, self.language), text

    async def do(self, seat: str, record: Any, action: dict[str, Any]) -> None:
        """Play one action: by panel part of the time, straight through the service (what a click
        does, without the round trip: it keeps the test fast) part of the time, else by its slash command."""
        roll = self.rng.random()
        kind = action["type"]
        if kind not in self.commanded:  # every kind of action is played by its command at least once
            self.commanded.add(kind)
            roll = 0.5
        if roll < self.panel_share and await self.panel(seat, record, action):
            return
        if roll > 1 - self.service_share:
            self.used["service"] += 1
            await self.bot.service.act(self.gid, record.user_of(seat), action)
            await self.bot.presenter.deliver(self.gid)
            return
        if kind == "move":
            await self.slash(seat, record, "westerplatte move", to=action["to"])
        elif kind == "end_turn":
            await self.slash(seat, record, "westerplatte end")
        elif kind in ("extra_movement", "extra_action"):
            await self.slash(seat, record, "westerplatte token", kind=kind)
        elif kind == "attack":
            await self.slash(seat, record, "westerplatte attack", ammo=",".join(action["officers"]))
        elif kind == "mortar":
            await self.slash(seat, record, "westerplatte mortar", path=action["path"].upper())
        elif kind == "mine":
            await self.slash(seat, record, "westerplatte mine", path=action["path"].upper(),
                             space=ROMAN[action["space"]])
        elif kind == "rebuild":
            await self.slash(seat, record, "westerplatte rebuild", wall=action["wall"])
        elif kind == "supply":
            await self.slash(seat, record, "westerplatte supply")
        elif kind == "morale":
            await self.slash(seat, record, "westerplatte morale")
        elif kind == "push_back":
            await self.slash(seat, record, "westerplatte pushback", paths=",".join(action["paths"]))
        elif kind in DECISIONS:
            await self.slash(seat, record, "westerplatte choose", option=decision_value(action))
        else:  # pragma: no cover - a new action type needs a command
            raise AssertionError(f"no command for {action}")
