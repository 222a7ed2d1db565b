"""Every component the bot sends is taken by exactly one registered item, found by its own template:
no catch-all lists the others' prefixes (Mali's draft select `tr:mo:` was once missing from such a
list, and so answered twice). A component of a new kind needs no edit anywhere else."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord

from games.simulate import choose
from tests.e2e.harness import said, settle, sqlite, start_bot, two_player_game
from tests.e2e.mali_driver import MaliPlayers
from tests.fakediscord import FakeDiscord


def taken_by(bot: Any, custom_id: str) -> list[str]:
    return [c.__name__ for c in bot.dynamic_items if c.__discord_ui_compiled_template__.fullmatch(custom_id)]


async def test_every_component_sent_in_a_game_has_exactly_one_handler(fake_discord: FakeDiscord,
                                                                      tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=3)
    gid = await two_player_game(sim, bot, "extended")  # the objective draft first: `tr:mo:`
    for user in (sim.alice, sim.bob):
        shown = await sim.slash(user, sim.channel, "mali objectives", options={"game": gid})
        await settle()
        assert shown.message is not None and shown.message.component(None, prefix=f"tr:mo:{gid}:")
    players = MaliPlayers(sim, bot, gid, seed=3)
    for _ in range(30):
        record = await bot.service.get(gid)
        if record.status != "running":
            break
        seat, action = choose(record.game, record.state, players.decide)
        await players.do(seat, record, action)
        await settle()
    replay = await sim.slash(sim.alice, sim.channel, "game replay", options={"game": gid, "step": 1})
    await settle()
    assert replay.messages, said(replay)
    sent = {c.custom_id for m in sim.messages.values() for c in m.components if c.custom_id}
    prefixes = {re.sub(r":.*", "", i.removeprefix("tr:")) for i in sent}
    assert {"mo", "t", "p", "h", "a", "r"} <= prefixes, prefixes
    wrong = {i: taken_by(bot, i) for i in sent if len(taken_by(bot, i)) != 1}
    assert not wrong, wrong


class Knock(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tr:knock:(?P<n>\d+)"):
    """A component of a kind the bot has never had, registered the way every game's are."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Knock", custom_id=f"tr:knock:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Knock:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Who's there?", ephemeral=True)


async def test_a_new_kind_of_component_is_routed_and_an_unknown_one_refused(fake_discord: FakeDiscord,
                                                                           tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    bot.add_dynamic_items(Knock)
    for custom_id, answer in (("tr:knock:7", "Who's there?"), ("tr:knack:7", "out of date")):
        message = sim.create_bot_message(sim.channel, "a door", components=[{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}]}])
        click = await sim.click(sim.alice, message, custom_id=custom_id)
        await settle()
        assert click.ephemeral and said(click).count(answer) == 1, (custom_id, said(click))
        assert len(click.messages) == 1, (custom_id, [m.text for m in click.messages])
