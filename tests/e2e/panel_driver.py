"""Playing an action from a player's panel, as a person would: "My turn", then the button or the
select that holds it, through the game's group menu when its panel has one (shared by the drivers)."""
from __future__ import annotations

from collections import Counter
from typing import Any

import lang
from bot.presentation import GameUI
from cogs.panel import seat_groups
from tests.e2e.harness import act_id, message_of, option_of, settle, turn_messages, user_of, view_of
from tests.fakediscord import FakeDiscord, Message


class PanelPlayer:
    """Needs `sim`, `gid`, `ui`, `used`, `replies` and `where(record)` from the driver."""

    sim: FakeDiscord
    gid: int
    ui: GameUI
    used: Counter[str]
    replies: list[Message]
    language = "en"  # the players' language (open_and_play sets it): how the bot words groups and failures

    def where(self, record: Any) -> Any:
        return self.sim.channels[record.where]

    async def panel(self, seat: str, record: Any, action: dict[str, Any]) -> bool:
        """Play `action` from the player's panel; False when the panel does not show it."""
        legal = record.game.legal_actions(record.state, seat)
        idx = str(legal.index(action))
        posts = turn_messages(self.sim, self.where(record), self.gid)
        if not posts:
            return False
        user = user_of(self.sim, seat, record)
        opened = await self.sim.click(user, posts[-1], custom_id=f"tr:p:{self.gid}")
        panel = message_of(opened)
        self.replies.append(panel)
        if await self.press(user, panel, record, idx):
            return True
        group = next((c for c in panel.components if (c.custom_id or "").startswith(f"tr:g:{self.gid}:")), None)
        if group is None:
            return False
        with lang.use(self.language):  # the groups as the bot names them for this player
            grouped, groups = seat_groups(self.ui, view_of(record, seat), legal)
        names = grouped or []
        if not names[int(idx)]:
            return False
        shown = await self.sim.select(user, panel, group.custom_id or "", [str(groups.index(names[int(idx)]))])
        await settle()
        self.used["panel group menu"] += 1
        return await self.press(user, shown.updated_message or panel, record, idx, grouped=True)

    async def press(self, user: Any, panel: Message, record: Any, idx: str, grouped: bool = False) -> bool:
        for c in panel.components:
            if c.custom_id is not None and c.custom_id == act_id(panel, self.gid, record.state_version, idx):
                self.used["panel button" + (" in a group" if grouped else "")] += 1
                await self.sim.click(user, panel, custom_id=c.custom_id)
                return True
            value = option_of(c.option_values, idx) if c.is_select else None
            if value is not None and (c.custom_id or "").startswith(f"tr:s:{self.gid}:"):
                self.used["panel select" + (" in a group" if grouped else "")] += 1
                await self.sim.select(user, panel, c.custom_id or "", [value])
                return True
        return False
