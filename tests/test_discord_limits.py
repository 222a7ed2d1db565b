"""The simulator refuses what Discord refuses (400 / 50035 "Invalid Form Body"), so that a test
fails when the bot would send more than Discord takes: messages, components, modals, autocomplete
choices, command definitions and thread names."""
from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord

pytest_plugins = ["tests.fakediscord.pytest_plugin"]


def small_bot() -> commands.Bot:
    intents = discord.Intents.default()
    bot = commands.Bot(command_prefix="!", intents=intents, guild_ready_timeout=0.05)

    @bot.tree.command(description="Pick something")
    async def pick(interaction: discord.Interaction, what: str) -> None:
        await interaction.response.send_message(what)

    @pick.autocomplete("what")
    async def offer(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if current == "long":
            return [app_commands.Choice(name="n" * 101, value="v")]
        if current == "empty":
            return [app_commands.Choice(name="", value="v")]
        if current == "value":
            return [app_commands.Choice(name="n", value="v" * 101)]
        if current == "many":
            return [app_commands.Choice(name=str(i), value=str(i)) for i in range(26)]
        return [app_commands.Choice(name="n" * 100, value="v" * 100)]

    @bot.tree.command(description="A form")
    async def form(interaction: discord.Interaction, placeholder: int) -> None:
        modal = discord.ui.Modal(title="Form")
        modal.add_item(discord.ui.TextInput(label="Text", placeholder="p" * placeholder))
        await interaction.response.send_modal(modal)

    async def setup_hook() -> None:
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def env(fake_discord: FakeDiscord) -> tuple[FakeDiscord, commands.Bot]:
    bot = small_bot()
    await fake_discord.connect(bot)
    return fake_discord, bot


def rejected(sim: FakeDiscord) -> str:
    return "\n".join(str(r) for r in sim.rejections)


async def test_autocomplete_choices_within_limits_are_shown(env: Any) -> None:
    sim, _ = env
    choices = await sim.autocomplete(sim.alice, sim.channel, "pick", {"what": "fits"}, focused="what")
    assert choices == [{"name": "n" * 100, "value": "v" * 100}]
    assert sim.rejections == []


@pytest.mark.fakediscord(ack_timeout=0.5)
@pytest.mark.parametrize(("typed", "where"), [("long", "data.choices.0.name"), ("empty", "data.choices.0.name"),
                                              ("value", "data.choices.0.value"), ("many", "data.choices")])
async def test_autocomplete_beyond_the_limits_is_refused(env: Any, typed: str, where: str) -> None:
    sim, _ = env
    sim.expect_errors(50035, 10062)  # refused, so never answered: "This interaction failed"
    choices = await sim.autocomplete(sim.alice, sim.channel, "pick", {"what": typed}, focused="what")
    assert choices == []  # the user sees nothing offered
    assert [r.code for r in sim.rejections] == [50035], rejected(sim)
    node: Any = sim.rejections[0].errors
    for key in where.split("."):
        node = node[key]
    assert node["_errors"], rejected(sim)
    assert sim.failed_interactions  # and a test that does not expect it fails (sim.assert_clean)


@pytest.mark.fakediscord(ack_timeout=0.5)
async def test_a_modal_text_input_placeholder_is_limited(env: Any) -> None:
    sim, _ = env
    fine = await sim.slash(sim.alice, sim.channel, "form", options={"placeholder": 100})
    assert fine.modal is not None
    sim.expect_errors(50035, 10062)
    await sim.slash(sim.alice, sim.channel, "form", options={"placeholder": 101})
    assert [r.code for r in sim.rejections] == [50035] and "placeholder" in str(sim.rejections[0].errors)
    assert sim.failed_interactions


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(**extra: Any) -> dict[str, Any]:
    return {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}], **extra}


@pytest.mark.parametrize(("body", "where"), [
    ({"embeds": [{"fields": [{"name": "", "value": "v"}]}]}, "embeds.0.fields.0.name"),
    ({"embeds": [{"fields": [{"name": "n", "value": ""}]}]}, "embeds.0.fields.0.value"),
    ({"components": [row(select(placeholder="p" * 151))]}, "components.0.components.0.placeholder"),
    ({"components": [row(select(options=[{"label": "a", "value": "a", "description": "d" * 101}]))]},
     "components.0.components.0.options.0.description"),
    ({"components": [row(select(options=[{"label": "", "value": "a"}]))]},
     "components.0.components.0.options.0.label"),
    ({"components": [row(select(options=[]))]}, "components.0.components.0.options"),
    ({"components": [row(select(max_values=2))]}, "components.0.components.0.max_values"),
    ({"components": [row({"type": 2, "style": 1, "custom_id": "b"})]}, "components.0.components.0.label"),
])
async def test_message_limits(env: Any, body: dict[str, Any], where: str) -> None:
    sim, bot = env
    sim.expect_errors(50035)
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.request(discord.http.Route("POST", "/channels/{channel_id}/messages",
                                                  channel_id=sim.channel.id), json={"content": "x", **body})
    assert caught.value.code == 50035 and f"In {where}" in caught.value.text, caught.value.text
    assert sim.channel_messages(sim.channel) == []


@pytest.mark.parametrize(("command", "where"), [
    ({"name": "x", "description": "d" * 101}, "description"),
    ({"name": "x", "description": ""}, "description"),
    ({"name": "x" * 33, "description": "d"}, "name"),
    ({"name": "x", "description": "d", "options": [
        {"type": 3, "name": "o", "description": "o", "choices": [{"name": "c" * 101, "value": "c"}]}]},
     "options.0.choices.0.name"),
])
async def test_command_definitions_are_limited(env: Any, command: dict[str, Any], where: str) -> None:
    sim, bot = env
    sim.expect_errors(50035)
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.upsert_global_command(sim.application_id, command)
    assert caught.value.code == 50035 and f"In {where}" in caught.value.text, caught.value.text
    with pytest.raises(discord.HTTPException):
        await bot.http.bulk_upsert_global_commands(sim.application_id, [command])


async def test_a_thread_name_is_limited(env: Any) -> None:
    sim, bot = env
    channel = bot.get_channel(sim.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.create_thread(name="t" * 100, type=discord.ChannelType.public_thread)
    sim.expect_errors(50035)
    with pytest.raises(discord.HTTPException) as caught:
        await channel.create_thread(name="t" * 101, type=discord.ChannelType.public_thread)
    assert caught.value.code == 50035 and "In name" in caught.value.text
