"""Plays Maquis through the Discord simulator the way people would.

It decides exactly as `python -m games.simulate` does for the same seed (the engine's
`playout_weights`), so a seed known to end in a victory or a defeat does so here too, and acts only
through Discord: slash commands, the post's "My turn" button, panel buttons, group menus and selects.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import lang
from bot.app import TabletopBot
from cogs.maquis import option_value
from cogs.maquis.ui import MaquisUI
from cogs.panel import ungroup_single
from games.simulate import choose, playout_rng
from tests.e2e.harness import settle, user_of, view_of, went_wrong
from tests.e2e.panel_driver import PanelPlayer
from tests.fakediscord import FakeDiscord, Message


class MaquisPlayers(PanelPlayer):
    ui = MaquisUI()

    def __init__(self, sim: FakeDiscord, bot: TabletopBot, gid: int, seed: int, panel_share: float = 0.3,
                 service_share: float = 0.4) -> None:
        self.sim, self.bot, self.gid = sim, bot, gid
        self.decide = playout_rng(seed)  # the same choices as games.simulate for this seed
        self.rng = random.Random(seed)  # how to say it: panel, service or command
        self.panel_share, self.service_share = panel_share, service_share
        self.used: Counter[str] = Counter()
        self.replies: list[Message] = []
        self.commanded: set[str] = set()
        self.leaders: list[tuple[int, str]] = []  # (day, seat) as the Days went

    async def play(self, limit: int = 600) -> Any:
        for _ in range(limit):
            record = await self.bot.service.get(self.gid)
            if record.status != "running":
                return record
            seat, action = choose(record.game, record.state, self.decide)
            view = view_of(record)
            if not self.leaders or self.leaders[-1][0] != view["days_played"]:
                self.leaders.append((view["days_played"], view["leader"]))
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

    def in_a_group(self, seat: str, record: Any, action: dict[str, Any]) -> bool:
        """Whether the panel offers `action` inside a group (a partisan or a location first)."""
        legal = record.game.legal_actions(record.state, seat)
        with lang.use(self.language):  # the groups as the bot names them for this player
            names = ungroup_single(self.ui.panel_groups(view_of(record, seat), legal) or [])
        return len({n for n in names if n}) > 1 and bool(names[legal.index(action)])

    async def do(self, seat: str, record: Any, action: dict[str, Any]) -> None:
        roll = self.rng.random()
        kind = action["type"]
        if kind not in self.commanded:  # every kind of action is played by its command at least once
            self.commanded.add(kind)
            roll = 0.5
        if not self.used["panel group menu"] and self.in_a_group(seat, record, action):
            roll = 0.0  # the panel's group menu is used at least once, when the game offers one
        if roll < self.panel_share and await self.panel(seat, record, action):
            return
        if roll > 1 - self.service_share:
            self.used["service"] += 1
            await self.bot.service.act(self.gid, record.user_of(seat), action)
            await self.bot.presenter.deliver(self.gid)
            return
        if kind == "place":
            await self.slash(seat, record, "maquis place", location=action["at"], papers=action["papers"])
        elif kind == "activate":
            await self.slash(seat, record, "maquis activate", partisan=action["at"], action=option_value(action))
        elif kind == "shoot":
            await self.slash(seat, record, "maquis shoot", at=action["at"])
        elif kind == "go_home":
            await self.slash(seat, record, "maquis home")
        elif kind == "end_day":
            await self.slash(seat, record, "maquis end")
        elif kind == "hand_over":
            await self.slash(seat, record, "maquis handover")
        elif kind in ("arrange", "remove", "bridge"):
            await self.slash(seat, record, "maquis choose", option=f"{kind}:{option_value(action)}")
        else:  # pragma: no cover - a new action type needs a command
            raise AssertionError(f"no command for {action}")
