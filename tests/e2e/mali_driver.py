"""Plays Mali Powstańcy through the Discord simulator the way people would.

It decides exactly as `python -m games.simulate` does for the same seed (so a seed known to end in a
victory or a defeat does so here too), and acts only through Discord: slash commands, the turn
message's "My turn" button, panel buttons and selects, picked at random.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.app import TabletopBot
from games.simulate import choose, playout_rng
from tests.e2e.harness import act_id, option_of, settle, turn_messages, user_of, went_wrong
from tests.fakediscord import FakeDiscord

DECISIONS = ("choose_scout", "soldier_to", "block_path", "displace")
ACTION_COMMANDS = {"swap_scouts": "mali swap-scouts", "squad_jump": "mali squad-jump",
                   "swap_orders": "mali swap-orders", "peek": "mali peek"}


def decision_value(action: dict[str, Any]) -> str:
    return ":".join([action["type"]] + [str(action[k]) for k in ("scout", "to", "edge") if k in action])


class MaliPlayers:
    language = "en"  # the players' language (open_and_play sets it): only how "something went wrong" reads

    def __init__(self, sim: FakeDiscord, bot: TabletopBot, gid: int, seed: int) -> None:
        self.sim, self.bot, self.gid = sim, bot, gid
        self.decide = playout_rng(seed)  # the same choices as games.simulate for this seed
        self.rng = random.Random(seed)  # how to say it: panel or command
        self.used: Counter[str] = Counter()
        self.block_labels: list[str] = []  # what each block-path choice was labelled (button or choice)

    async def play(self, limit: int = 4000) -> Any:
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

    def where(self, record: Any) -> Any:
        return self.sim.channels[record.where]

    async def slash(self, seat: str, record: Any, command: str, **options: Any) -> None:
        self.used[f"/{command}"] += 1
        result = await self.sim.slash(user_of(self.sim, seat, record), self.where(record), command,
                                      options={**options, "game": self.gid})
        await settle()
        text = "\n".join(m.content for m in result.messages)
        assert not went_wrong(text, self.language), text

    async def panel(self, seat: str, record: Any, action: dict[str, Any]) -> bool:
        """Play `action` from the player's panel; False when the panel does not show it."""
        legal = record.game.legal_actions(record.state, seat)
        idx = str(legal.index(action))
        posts = turn_messages(self.sim, self.where(record), self.gid)
        if not posts:
            return False
        user = user_of(self.sim, seat, record)
        opened = await self.sim.click(user, posts[-1], custom_id=f"tr:p:{self.gid}")
        panel = opened.message
        assert panel is not None
        for c in panel.components:
            if c.custom_id is not None and c.custom_id == act_id(panel, self.gid, record.state_version, idx):
                self.used["panel button"] += 1
                if action["type"] == "block_path":
                    self.block_labels.append(str(c.label))
                await self.sim.click(user, panel, custom_id=c.custom_id)
                return True
            value = option_of(c.option_values, idx) if c.is_select else None
            if value is not None:
                self.used["panel select"] += 1
                if action["type"] == "block_path":
                    self.block_labels += [o["label"] for o in c.options if o["value"] == value]
                await self.sim.select(user, panel, c.custom_id, [value])
                return True
        return False

    async def do(self, seat: str, record: Any, action: dict[str, Any]) -> None:
        """Play one action, by panel half of the time and by its slash command otherwise."""
        if self.rng.random() < 0.5 and await self.panel(seat, record, action):
            return
        kind = action["type"]
        if kind == "choose_card":
            await self.slash(seat, record, "mali card", value=action["value"])
        elif kind == "choose_objectives":
            await self.slash(seat, record, "mali objectives", keep=",".join(action["ids"]))
        elif kind in DECISIONS:
            if kind == "block_path":  # the name the `option` autocomplete shows for it
                offered = await self.sim.autocomplete(user_of(self.sim, seat, record), self.where(record),
                                                      "mali choose", {"game": self.gid}, focused="option")
                self.block_labels += [c["name"] for c in offered if c["value"] == decision_value(action)]
            await self.slash(seat, record, "mali choose", option=decision_value(action))
        elif kind == "place_scout":
            await self.slash(seat, record, "mali place", scout=action["scout"], to=action["to"])
        elif kind == "jump":
            await self.slash(seat, record, "mali jump", scout=action["scout"], to=action["to"])
        elif kind == "pick_up":
            await self.slash(seat, record, "mali pickup", scout=action["scout"], order=action["order"])
        elif kind == "drop":
            await self.slash(seat, record, "mali drop", scout=action["scout"])
        elif kind == "end_turn":
            await self.slash(seat, record, "mali end")
        elif kind == "finish_moving":
            await self.slash(seat, record, "mali finish")
        elif kind in ("swap_scouts", "swap_orders"):
            await self.slash(seat, record, ACTION_COMMANDS[kind], a=action["a"], b=action["b"])
        elif kind == "squad_jump":
            await self.slash(seat, record, ACTION_COMMANDS[kind], scout=action["scout"], to=action["to"])
        elif kind == "peek":
            await self.slash(seat, record, ACTION_COMMANDS[kind])
        elif kind == "step":  # one step: the route to a neighbour is the step itself
            await self.slash(seat, record, "mali move", scout=action["scout"], to=action["to"], pickups=False)
        else:  # pragma: no cover - a new action type needs a command
            raise AssertionError(f"no command for {action}")
