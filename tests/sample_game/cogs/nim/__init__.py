"""/nim take: the sample game's one command, and how its views read in messages."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.presentation import Name, PlainUI
from cogs.gamecog import GameCog, perform

if TYPE_CHECKING:
    from bot.app import TabletopBot


class NimUI(PlainUI):
    def status_line(self, view: dict[str, Any]) -> str:
        return f"{view['pile']} stones left"

    def waiting_line(self, view: dict[str, Any], name: Name) -> str:
        return "".join(f"{name(s)} takes 1 to 3 stones." for s in view["to_act"])

    def private_text(self, view: dict[str, Any]) -> str:
        return f"Your lucky number is {view['me']['lucky']}."


class NimCog(GameCog, group_name="nim", group_description="Play Nim"):
    key = "nim"  # and /nim panel, the `game` option's choices, `running`, `turn_record`: from GameCog

    @app_commands.command(name="take", description="Take stones from the pile")
    async def take(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 3],
                   game: int | None = None) -> None:
        record = await self.running(interaction, game)
        if record is not None:
            await perform(interaction, record, {"type": "take", "count": count})


async def setup(bot: TabletopBot) -> None:
    bot.game_uis["nim"] = NimUI("nim")
    await bot.add_cog(NimCog(bot))
