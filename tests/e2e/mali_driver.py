"""Plays Mali Powstańcy through the Discord simulator the way people would.

It reads the game only to decide (like a player looking at the board), and acts only through
Discord: slash commands, the turn message's "My turn" button, panel buttons and selects. A simple
greedy plan (carry orders home, fetch the nearest one) makes games reach a scored end.
"""
from __future__ import annotations

import random
from collections import Counter, deque
from functools import lru_cache
from typing import Any

from bot.app import TabletopBot
from games.mali import BOARD, reachable
from tests.e2e.harness import settle, turn_messages, user_of
from tests.fakediscord import FakeDiscord

DECISIONS = ("choose_scout", "soldier_to", "block_path", "displace")
ACTION_COMMANDS = {"swap_scouts": "mali swap-scouts", "squad_jump": "mali squad-jump",
                   "swap_orders": "mali swap-orders", "peek": "mali peek"}


@lru_cache(maxsize=None)
def distances(source: str) -> dict[str, int]:
    seen = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there, _ in BOARD.steps[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def decision_value(action: dict[str, Any]) -> str:
    return ":".join([action["type"]] + [str(action[k]) for k in ("scout", "to", "edge") if k in action])


class MaliPlayers:
    def __init__(self, sim: FakeDiscord, bot: TabletopBot, gid: int, seed: int) -> None:
        self.sim, self.bot, self.gid = sim, bot, gid
        self.rng = random.Random(seed)
        self.used: Counter[str] = Counter()

    async def play(self, limit: int = 4000) -> Any:
        for _ in range(limit):
            record = await self.bot.service.get(self.gid)
            if record.status != "running":
                return record
            seat = self.rng.choice(record.to_act)
            await self.turn(record, seat)
            await settle()
        raise AssertionError(f"game {self.gid} did not finish in {limit} interactions")

    def where(self, record: Any) -> Any:
        return self.sim.channels[record.where]

    async def slash(self, seat: str, record: Any, command: str, **options: Any) -> None:
        self.used[f"/{command}"] += 1
        result = await self.sim.slash(user_of(self.sim, seat), self.where(record), command,
                                      options={**options, "game": self.gid})
        await settle()
        text = "\n".join(m.content for m in result.messages)
        assert "went wrong" not in text, text

    async def panel(self, seat: str, record: Any, action: dict[str, Any]) -> bool:
        """Play `action` from the player's panel; False when the panel does not show it."""
        legal = record.game.legal_actions(record.state, seat)
        idx = str(legal.index(action))
        posts = turn_messages(self.sim, self.where(record), self.gid)
        if not posts:
            return False
        user = user_of(self.sim, seat)
        opened = await self.sim.click(user, posts[-1], custom_id=f"tr:p:{self.gid}")
        panel = opened.message
        for c in panel.components:
            if c.custom_id == f"tr:a:{self.gid}:{record.version}:{idx}":
                self.used["panel button"] += 1
                await self.sim.click(user, panel, custom_id=c.custom_id)
                return True
            if c.is_select and idx in c.option_values:
                self.used["panel select"] += 1
                await self.sim.select(user, panel, c.custom_id, [idx])
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
        elif kind == "step":
            await self.slash(seat, record, "mali move", scout=action["scout"], to=action["to"])
        else:  # pragma: no cover - a new action type needs a command
            raise AssertionError(f"no command for {action}")

    async def turn(self, record: Any, seat: str) -> None:
        legal = record.game.legal_actions(record.state, seat)
        kinds = {a["type"] for a in legal}
        if kinds & {"choose_card", "choose_objectives", "place_scout", *DECISIONS}:
            await self.do(seat, record, self.rng.choice(legal))
            return
        view = record.game.view(record.state, seat)
        me = next(p for p in view["players"] if p["seat"] == seat)
        held = {s["carrying"] for s in me["scouts"] if s["carrying"]}
        grab = [a for a in legal if a["type"] == "pick_up" and a["order"] not in held
                and self.carrying(view, seat, a["scout"]) is None]
        if grab:
            await self.do(seat, record, grab[0])
            return
        extra = [a for a in legal if a["type"] in ACTION_COMMANDS]
        if extra and self.rng.random() < 0.4:
            await self.do(seat, record, self.rng.choice(extra))
            return
        walk = self.best_walk(record, seat, view) if "step" in kinds else None
        if walk is not None:
            scout, target = walk
            self.used["/mali move"] += 1
            await self.sim.slash(user_of(self.sim, seat), self.where(record), "mali move",
                                 options={"scout": scout, "to": target, "game": self.gid})
            await settle()
            return
        jumps = [a for a in legal if a["type"] == "jump"]
        if jumps and self.rng.random() < 0.3:
            await self.do(seat, record, self.rng.choice(jumps))
            return
        for kind in ("finish_moving", "end_turn"):
            if kind in kinds:
                await self.do(seat, record, {"type": kind})
                return
        await self.do(seat, record, self.rng.choice(legal))

    @staticmethod
    def carrying(view: dict[str, Any], seat: str, scout: str) -> str | None:
        me = next(p for p in view["players"] if p["seat"] == seat)
        return next((s["carrying"] for s in me["scouts"] if s["name"] == scout), None)

    def best_walk(self, record: Any, seat: str, view: dict[str, Any]) -> tuple[str, str] | None:
        """The scout and reachable node that bring a scout nearest its goal, if any gets closer."""
        me = next(p for p in view["players"] if p["seat"] == seat)
        track = {o for space in view["track"] for o in space if o != "VICTORY"}
        held = {s["carrying"] for s in me["scouts"] if s["carrying"]}
        origins = [view["orders"][o]["from"] for o in track if o not in held and o in view["orders"]]
        best: tuple[int, str, str] | None = None
        for scout in me["scouts"]:
            if scout["status"] != "board" or not scout["at"]:
                continue
            order = scout["carrying"]
            goals = [view["orders"][order]["to"]] if order in view["orders"] else origins
            if not goals:
                continue
            routes = reachable(record.state, seat, scout["name"])
            now = min(distances(scout["at"]).get(g, 99) for g in goals)
            for node in routes:
                left = min(distances(node).get(g, 99) for g in goals)
                gain = now - left
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, scout["name"], node)
        return None if best is None else (best[1], best[2])
