"""Plays Heart of Africa through the Discord simulator the way people would.

It decides exactly as `python -m games.simulate` does for the same seed (so a known seed ends the
same way here), and acts only through Discord: `/africa` commands, the turn message's "My turn"
button, and the panel's buttons and selects (a grouped panel: the piece or area first, then the
target). Adding a token to a commitment has no command of its own (`/africa commit` adds tokens and
commits in one go), so the driver adds tokens on the panel.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import lang
from bot.app import TabletopBot
from cogs.africa import change_value, conflict_value, piece_value, score_value, target_name
from cogs.africa.ui import AfricaUI, area_name
from cogs.panel import seat_groups
from games.africa.board import token_name
from games.simulate import choose, playout_rng
from tests.e2e.harness import act_id, option_of, settle, turn_messages, user_of, view_of, went_wrong
from tests.fakediscord import FakeDiscord

UI = AfricaUI()


class AfricaPlayers:
    language = "en"  # the players' language (open_and_play sets it): they type names as their Discord shows them

    def __init__(self, sim: FakeDiscord, bot: TabletopBot, gid: int, seed: int, panel_share: float = 0.5) -> None:
        self.sim, self.bot, self.gid = sim, bot, gid
        self.decide = playout_rng(seed)  # the same choices as games.simulate for this seed
        self.rng = random.Random(seed)  # how to say it: panel or command
        self.panel_share = panel_share
        self.used: Counter[str] = Counter()
        self.held: dict[str, set[str]] = {}  # every special victory token each seat ever held

    async def play(self, limit: int = 3000) -> Any:
        for _ in range(limit):
            record = await self.bot.service.get(self.gid)
            for seat in record.seats:
                self.held.setdefault(seat, set()).update(view_of(record, seat)["me"]["special_victory_tokens"])
            if record.status != "running":
                return record
            seat, action = choose(record.game, record.state, self.decide)
            await self.do(seat, record, action)
            await settle()
            after = await self.bot.service.get(self.gid)
            assert after.version > record.version, f"{action} by {seat} was not applied"
        raise AssertionError(f"game {self.gid} did not finish in {limit} interactions")

    def where(self, record: Any) -> Any:
        return self.sim.channels[record.where]

    async def slash(self, seat: str, record: Any, command: str, **options: Any) -> None:
        self.used[f"/{command}"] += 1
        result = await self.sim.slash(user_of(self.sim, seat, record), self.where(record), command,
                                      options={**options, "game": self.gid})
        await settle()
        text = "\n".join(m.content for m in result.messages)
        assert result.ephemeral, text
        assert not went_wrong(text, self.language), (command, options, text)

    async def panel(self, seat: str, record: Any, action: dict[str, Any]) -> bool:
        """Play `action` from the player's panel; False when the panel does not show it."""
        legal = record.game.legal_actions(record.state, seat)
        index = legal.index(action)
        idx = str(index)
        posts = turn_messages(self.sim, self.where(record), self.gid)
        if not posts:
            return False
        user = user_of(self.sim, seat, record)
        opened = await self.sim.click(user, posts[-1], custom_id=f"tr:p:{self.gid}")
        panel = opened.message
        if panel is None or not panel.ephemeral:
            return False
        if await self.pick(user, panel, record, idx):
            return True
        with lang.use(self.language):  # the groups as the bot names them for this player
            names, groups = seat_groups(UI, view_of(record, seat), legal)
        if not names or not names[index]:
            return False
        menu = f"tr:g:{self.gid}:{record.state_version}:"
        group = next((c for c in panel.components if (c.custom_id or "").startswith(menu)), None)
        if group is None:
            return False
        self.used["panel group"] += 1
        await self.sim.select(user, panel, group.custom_id, [str(groups.index(names[index]))])
        return await self.pick(user, panel, record, idx)

    async def pick(self, user: Any, panel: Any, record: Any, idx: str) -> bool:
        for c in panel.components:
            if c.custom_id is not None and c.custom_id == act_id(panel, self.gid, record.state_version, idx):
                self.used["panel button"] += 1
                await self.sim.click(user, panel, custom_id=c.custom_id)
                return True
            value = option_of(c.option_values, idx) if c.is_select else None
            if value is not None and c.custom_id.startswith(f"tr:s:{self.gid}:"):
                self.used["panel select"] += 1
                await self.sim.select(user, panel, c.custom_id, [value])
                return True
        return False

    async def do(self, seat: str, record: Any, action: dict[str, Any]) -> None:
        """Play one action: by the panel part of the time, by its slash command otherwise."""
        kind = action["type"]
        if (kind == "add_token" or self.rng.random() < self.panel_share) and await self.panel(seat, record, action):
            return
        assert kind != "add_token", "the panel did not offer a token to add"
        with lang.use(self.language):  # areas, pieces and tokens named in the players' language
            await self.by_command(seat, record, action)

    async def by_command(self, seat: str, record: Any, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind == "start_area":
            await self.slash(seat, record, "africa start", area=area_name(action["area"]))
        elif kind == "bid":
            await self.slash(seat, record, "africa bid", amount=action["amount"])
        elif kind == "pass":
            await self.slash(seat, record, "africa pass")
        elif kind == "place_neutral":
            await self.slash(seat, record, "africa place-neutral", area=area_name(action["area"]))
        elif kind == "move":
            await self.slash(seat, record, "africa move", piece=piece_value(action["piece"], action["from"]),
                             to=area_name(action["to"]))
        elif kind == "recruit":
            await self.slash(seat, record, "africa recruit", area=area_name(action["area"]))
        elif kind == "change_resource":
            await self.slash(seat, record, "africa resource", change=change_value(action["marker"], action["step"]))
        elif kind == "use":
            target = target_name(action) or None
            options = {"token": token_name(action["token"])} | ({"target": target} if target else {})
            await self.slash(seat, record, "africa special", **options)
        elif kind == "finish":
            await self.slash(seat, record, "africa finish")
        elif kind == "move_neutral":
            await self.slash(seat, record, "africa move-neutral",
                             **{"from": area_name(action["from"]), "to": area_name(action["to"])})
        elif kind == "fight":
            fight = conflict_value(action["area"], action["against"])
            await self.slash(seat, record, "africa conflict", **{"with": fight})
        elif kind == "fight_neutrals":
            await self.slash(seat, record, "africa conflict", **{"with": conflict_value(action["area"], "neutrals")})
        elif kind == "commit":
            await self.slash(seat, record, "africa commit", cubes=action["cubes"])
        elif kind == "retreat_token":
            await self.slash(seat, record, "africa retreat-token")
        elif kind in ("keep", "refuse", "redraw"):
            await self.slash(seat, record, "africa drawn", choice=kind)
        elif kind == "retreat":
            await self.slash(seat, record, "africa retreat", to=area_name(action["to"]))
        elif kind in ("buy_reputation", "decline"):
            await self.slash(seat, record, "africa reputation", buy=kind == "buy_reputation")
        elif kind == "score":
            bonus = score_value(action) if "token" in action else ""
            await self.slash(seat, record, "africa score", **({"bonus": bonus} if bonus else {}))
        else:  # pragma: no cover - a new action type needs a command
            raise AssertionError(f"no command for {action}")
