"""Tests of the fake Discord, driven by a real (small) discord.py bot."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import FakeDiscord, SimulatorError, point_discord_py_at

pytest_plugins = ["tests.fakediscord.pytest_plugin"]  # harmless if tests/conftest.py registers it too


# --------------------------------------------------------------------------------------------------
# A small bot exercising the features the real bot uses
# --------------------------------------------------------------------------------------------------
class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Name", custom_id="modal:name",
                                                                 max_length=20)
    motto: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Motto", custom_id="modal:motto",
                                                                  required=False,
                                                                  style=discord.TextStyle.paragraph)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello {self.name.value}! ({self.motto.value or '-'})")


class Panel(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.joined: list[str] = []

    @discord.ui.button(label="Join", custom_id="panel:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.joined.append(interaction.user.name)
        button.label = f"Join ({len(self.joined)})"
        await interaction.response.edit_message(content=f"Players: {', '.join(self.joined)}", view=self)
        await interaction.followup.send(f"{interaction.user.name} joined", ephemeral=True)

    @discord.ui.button(label="Later", custom_id="panel:later")
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.05)
        await interaction.edit_original_response(content="edited after defer")

    @discord.ui.button(label="Form", custom_id="panel:form")
    async def form(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(NameModal())

    @discord.ui.button(label="Off", custom_id="panel:off", disabled=True)
    async def off(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        raise AssertionError("disabled buttons cannot be clicked")

    @discord.ui.select(custom_id="panel:pick", max_values=2, options=[
        discord.SelectOption(label="Red", value="red"), discord.SelectOption(label="Blue", value="blue"),
        discord.SelectOption(label="Green", value="green")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message("picked " + "+".join(select.values), ephemeral=True)


class Persist(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Persistent", custom_id="persist:ok")
    async def ok(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("persisted", ephemeral=True)


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"counter:(?P<n>[0-9]+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count={self.n + 1}", view=view)


def png_bytes(color: str = "red", size: tuple[int, int] = (8, 6)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, "PNG")
    return buf.getvalue()


def make_bot() -> commands.Bot:
    intents = discord.Intents.default()
    intents.members = True
    intents.message_content = True
    bot = commands.Bot(command_prefix="!", intents=intents, guild_ready_timeout=0.05)
    bot.saved = {}  # type: ignore[attr-defined]
    bot.seen_messages = []  # type: ignore[attr-defined]
    tree = bot.tree

    @tree.command(description="Public pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    game = app_commands.Group(name="game", description="Games")

    @game.command(name="new", description="New game")
    @app_commands.choices(game=[app_commands.Choice(name="Mali", value="mali"),
                                app_commands.Choice(name="Go", value="go")])
    async def game_new(interaction: discord.Interaction, game: app_commands.Choice[str],
                       players: app_commands.Range[int, 2, 6], ranked: bool = False) -> None:
        await interaction.response.send_message(f"new {game.value} for {players} ranked={ranked}", ephemeral=True)

    tree.add_command(game)

    admin = app_commands.Group(name="admin", description="Admin",
                               default_permissions=discord.Permissions(manage_guild=True))
    config = app_commands.Group(name="config", description="Config", parent=admin)

    @config.command(name="set", description="Set a flag")
    async def config_set(interaction: discord.Interaction, key: str, value: bool) -> None:
        assert isinstance(interaction.user, discord.Member)
        await interaction.response.send_message(
            f"{key}={value} manage_guild={interaction.user.guild_permissions.manage_guild}", ephemeral=True)

    tree.add_command(admin)

    mali = app_commands.Group(name="mali", description="Mali")

    @mali.command(description="Move a piece")
    async def move(interaction: discord.Interaction, piece: str, to: str) -> None:
        await interaction.response.send_message(f"{piece}->{to}")

    @move.autocomplete("to")
    async def move_to(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        piece = interaction.namespace.piece
        return [app_commands.Choice(name=f"{piece} to {sq}", value=sq)
                for sq in ("a1", "a2", "b1", "b2") if sq.startswith(current)]

    tree.add_command(mali)

    @tree.command(description="Resolved user/channel")
    async def who(interaction: discord.Interaction, user: discord.Member, where: discord.TextChannel) -> None:
        await interaction.response.send_message(f"{user.name} in #{where.name} ({type(user).__name__})")

    @tree.command(description="Panel with components")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Players: -", view=Panel())

    @tree.command(description="Counter (dynamic item)")
    async def counter(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        await interaction.response.send_message("count=0", view=view)

    @tree.command(description="DM someone")
    async def dm(interaction: discord.Interaction, user: discord.User) -> None:
        try:
            await user.send(f"psst from {interaction.user.name}")
        except discord.Forbidden as e:
            await interaction.response.send_message(f"forbidden {e.code}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @tree.command(description="Image")
    async def image(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("board", file=discord.File(io.BytesIO(png_bytes()), "board.png"))

    @tree.command(description="Too long")
    async def long(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as e:
            bot.saved["long_error"] = e  # type: ignore[attr-defined]
            await interaction.response.send_message(f"error {e.code}", ephemeral=True)

    @tree.command(description="Slow")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.5)
        try:
            await interaction.response.send_message("too late")
        except discord.HTTPException as e:
            bot.saved["slow_error"] = e  # type: ignore[attr-defined]

    @tree.command(description="Twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        try:  # a second acknowledgement, sent raw (discord.py itself refuses locally)
            route = discord.http.Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback",
                                       interaction_id=interaction.id, interaction_token=interaction.token)
            await bot.http.request(route, json={"type": 4, "data": {"content": "two"}})
        except discord.HTTPException as e:
            bot.saved["twice_error"] = e  # type: ignore[attr-defined]

    @tree.command(description="Remember the interaction")
    async def remember(interaction: discord.Interaction) -> None:
        bot.saved["interaction"] = interaction  # type: ignore[attr-defined]
        await interaction.response.send_message("remembered", ephemeral=True)

    @tree.command(description="Defer ephemerally, then use the original-response helpers")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content="step 1")
        original = await interaction.original_response()
        assert original.content == "step 1"
        await interaction.followup.send("extra", ephemeral=True)
        note = await interaction.followup.send("temp", ephemeral=True, wait=True)
        await note.delete()

    @tree.command(description="Components v2 layout with a file in the callback itself")
    async def card(interaction: discord.Interaction) -> None:
        class Card(discord.ui.LayoutView):
            box: discord.ui.Container[Card] = discord.ui.Container(
                discord.ui.TextDisplay("## Scoreboard"),
                discord.ui.ActionRow(discord.ui.Button(label="Refresh", custom_id="card:refresh")),
            )

        await interaction.response.send_message(view=Card(), file=discord.File(io.BytesIO(png_bytes("green")), "c.png"))

    @tree.command(description="Thread")
    async def thread(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        t = await interaction.channel.create_thread(name="side", type=discord.ChannelType.public_thread)
        await t.send("in thread")
        await interaction.response.send_message(f"thread {t.name}")

    @bot.event
    async def on_message(message: discord.Message) -> None:
        bot.seen_messages.append(message)  # type: ignore[attr-defined]
        await bot.process_commands(message)

    @bot.command(name="echo")
    async def echo(ctx: commands.Context, *, text: str) -> None:
        await ctx.reply(text)

    async def setup_hook() -> None:
        bot.add_view(Persist())
        bot.add_dynamic_items(Counter)
        await tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def env(fake_discord: FakeDiscord) -> tuple[FakeDiscord, commands.Bot]:
    bot = make_bot()
    await fake_discord.connect(bot)
    return fake_discord, bot


# --------------------------------------------------------------------------------------------------
# Connection, sync, READY
# --------------------------------------------------------------------------------------------------
async def test_login_ready_guild_objects(env) -> None:
    sim, bot = env
    assert bot.user is not None and bot.user.id == sim.bot_user.id
    assert bot.application_id == sim.application_id
    guild = bot.get_guild(sim.guild.id)
    assert guild is not None and guild.name == "Test Guild"
    ch = guild.get_channel(sim.channel.id)
    assert isinstance(ch, discord.TextChannel) and ch.name == "general"
    alice = guild.get_member(sim.alice.id)
    assert isinstance(alice, discord.Member) and alice.name == "alice"
    assert guild.me.guild_permissions.administrator
    names = {c["name"] for c in sim.global_commands}
    assert {"ping", "game", "admin", "mali", "who", "panel"} <= names
    assert sim.sync_count == 1
    assert sim.gateway_connections == 1


async def test_point_discord_py_at_sets_exactly_the_three_seams(fake_discord) -> None:
    import discord.gateway
    import discord.http
    import discord.webhook.async_

    restore = point_discord_py_at("http://127.0.0.1:1/api/v10", "ws://127.0.0.1:1/gateway")
    try:
        assert discord.http.Route.BASE == "http://127.0.0.1:1/api/v10"
        assert discord.webhook.async_.Route.BASE == "http://127.0.0.1:1/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:1/gateway"
    finally:
        restore()
    assert discord.http.Route.BASE == "https://discord.com/api/v10"


# --------------------------------------------------------------------------------------------------
# Slash commands, autocomplete
# --------------------------------------------------------------------------------------------------
async def test_slash_public_and_ephemeral(env) -> None:
    sim, _bot = env
    r = await sim.slash(sim.alice, sim.channel, "ping")
    assert r.response_type == 4 and not r.ephemeral and r.content == "pong"
    assert sim.last_message(sim.channel) is r.message
    r = await sim.slash(sim.bob, sim.channel, "game new", options={"game": "mali", "players": 4})
    assert r.ephemeral and r.content == "new mali for 4 ranked=False"
    assert sim.ephemeral_messages(sim.bob) == [r.message]
    assert r.message not in sim.channel_messages(sim.channel)
    assert sim.ephemeral_messages(sim.alice) == []
    # choices by display name, booleans
    r = await sim.slash(sim.bob, sim.channel, "game new", options={"game": "Go", "players": 2, "ranked": True})
    assert r.content == "new go for 2 ranked=True"


async def test_an_idle_probe_ends_the_wait_for_a_quiet_period(env) -> None:
    """With `sim.idle` set, a user action returns once the probe says the bot's work is done, not
    after the quiet period (here far longer than the bound the test allows)."""
    sim, _bot = env
    asked: list[bool] = []

    def idle() -> bool:
        asked.append(True)
        return True

    sim.settle, sim.response_timeout = 60.0, 120.0
    sim.idle = idle
    r = await asyncio.wait_for(sim.slash(sim.alice, sim.channel, "ping"), 10.0)
    assert r.content == "pong" and asked


async def test_subcommand_group_and_permissions(env) -> None:
    sim, bot = env
    with pytest.raises(SimulatorError, match="lacks permissions"):
        await sim.slash(sim.alice, sim.channel, "admin config set", options={"key": "x", "value": True})
    boss = sim.add_user("boss")
    sim.add_member(sim.guild, boss, permissions=discord.Permissions(manage_guild=True))
    await sim.wait_for(lambda: bot.get_guild(sim.guild.id).get_member(boss.id))
    r = await sim.slash(boss, sim.channel, "admin config set", options={"key": "x", "value": True})
    assert r.content == "x=True manage_guild=True"
    with pytest.raises(SimulatorError, match="required option"):
        await sim.slash(boss, sim.channel, "admin config set", options={"key": "x"})
    with pytest.raises(SimulatorError, match="needs a subcommand"):
        await sim.slash(boss, sim.channel, "admin config")


async def test_resolved_user_and_channel(env) -> None:
    sim, _bot = env
    r = await sim.slash(sim.alice, sim.channel, "who", options={"user": sim.bob, "where": sim.channel})
    assert r.content == "bob in #general (Member)"


async def test_autocomplete(env) -> None:
    sim, _bot = env
    choices = await sim.autocomplete(sim.alice, sim.channel, "mali move", options={"piece": "K", "to": "a"},
                                     focused="to")
    assert choices == [{"name": "K to a1", "value": "a1"}, {"name": "K to a2", "value": "a2"}]
    r = await sim.slash(sim.alice, sim.channel, "mali move", options={"piece": "K", "to": "a2"})
    assert r.content == "K->a2"


# --------------------------------------------------------------------------------------------------
# Components: buttons, selects, modals, persistent and dynamic items
# --------------------------------------------------------------------------------------------------
async def test_button_edit_and_followup(env) -> None:
    sim, _bot = env
    r = await sim.slash(sim.alice, sim.channel, "panel")
    msg = r.message
    assert [b.label for b in msg.buttons] == ["Join", "Later", "Form", "Off"]
    assert msg.button("Off").disabled
    c = await sim.click(sim.bob, msg, label="Join")
    assert c.response_type == 7 and c.updated_message is msg
    assert msg.content == "Players: bob" and msg.button(custom_id="panel:join").label == "Join (1)"
    assert [m.content for m in c.followups] == ["bob joined"] and c.followups[0].ephemeral
    assert sim.ephemeral_messages(sim.bob)[-1].content == "bob joined"
    c = await sim.click(sim.carol, msg, prefix="panel:jo")
    assert msg.content == "Players: bob, carol"
    c = await sim.click(sim.carol, msg, "panel:later")
    assert c.response_type == 6 and msg.content == "edited after defer"
    with pytest.raises(SimulatorError, match="disabled"):
        await sim.click(sim.carol, msg, label="Off")
    with pytest.raises(SimulatorError, match="cannot see"):
        await sim.click(sim.alice, sim.ephemeral_messages(sim.bob)[-1], label="Join")


async def test_select(env) -> None:
    sim, _bot = env
    msg = (await sim.slash(sim.alice, sim.channel, "panel")).message
    sel = msg.component("panel:pick")
    assert sel.kind == "string_select" and sel.option_values == ["red", "blue", "green"]
    r = await sim.select(sim.alice, msg, "panel:pick", ["red", "green"])
    assert r.content == "picked red+green" and r.ephemeral
    with pytest.raises(SimulatorError):
        await sim.select(sim.alice, msg, "panel:pick", ["purple"])


async def test_modal(env) -> None:
    sim, _bot = env
    msg = (await sim.slash(sim.alice, sim.channel, "panel")).message
    r = await sim.click(sim.alice, msg, label="Form")
    assert r.response_type == 9 and r.modal is not None and r.modal.title == "Your name"
    assert [c.custom_id for c in r.modal.text_inputs] == ["modal:name", "modal:motto"]
    with pytest.raises(SimulatorError, match="required"):
        await sim.submit_modal(sim.alice, r, {"modal:motto": "x"})
    with pytest.raises(SimulatorError, match="shown to"):
        await sim.submit_modal(sim.bob, r, {"modal:name": "Bob"})
    s = await sim.submit_modal(sim.alice, r, {"modal:name": "Alice"})
    assert s.content == "Hello Alice! (-)"


async def test_persistent_view_and_dynamic_item(env) -> None:
    sim, _bot = env
    # a message left over from a "previous run": only the persistent view registration can handle it
    old = sim.create_bot_message(sim.channel, "old", components=[
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "Persistent", "custom_id": "persist:ok"}]}])
    r = await sim.click(sim.alice, old, "persist:ok")
    assert r.content == "persisted"
    msg = (await sim.slash(sim.alice, sim.channel, "counter")).message
    for i in range(1, 3):
        await sim.click(sim.bob, msg, prefix="counter:")
        assert msg.content == f"count={i}" and msg.buttons[0].custom_id == f"counter:{i}"


# --------------------------------------------------------------------------------------------------
# DMs, files, threads, plain messages
# --------------------------------------------------------------------------------------------------
async def test_dm_open_and_closed(env) -> None:
    sim, _bot = env
    r = await sim.slash(sim.alice, sim.channel, "dm", options={"user": sim.bob})
    assert r.content == "sent" and sim.dm_messages(sim.bob)[-1].content == "psst from alice"
    sim.carol.dm_open = False
    sim.expect_errors(50007)
    r = await sim.slash(sim.alice, sim.channel, "dm", options={"user": sim.carol})
    assert r.content == "forbidden 50007" and sim.dm_messages(sim.carol) == []


async def test_file_attachment_image(env) -> None:
    sim, bot = env
    r = await sim.slash(sim.alice, sim.channel, "image")
    assert r.response_type == 5
    msg = r.message
    assert msg is r.original and not msg.loading and msg.content == "board"
    att = msg.attachments[0]
    assert att.filename == "board.png" and att.content_type == "image/png"
    img = att.image()
    assert img.size == (8, 6) and img.getpixel((0, 0)) == (255, 0, 0)
    assert (await att.fetch_image()).size == (8, 6)
    # discord.py can download it from the simulator's CDN
    data = await bot.get_channel(sim.channel.id).fetch_message(msg.id)
    assert await data.attachments[0].read() == att.bytes


async def test_channel_send_file_and_thread_and_prefix(env) -> None:
    sim, bot = env
    ch = bot.get_channel(sim.channel.id)
    sent = await ch.send("hello", file=discord.File(io.BytesIO(png_bytes("blue")), "b.png"),
                         embed=discord.Embed(title="T", description="D"))
    m = sim.messages[sent.id]
    assert m.attachments[0].image().getpixel((1, 1)) == (0, 0, 255) and m.embeds[0]["title"] == "T"
    edited = await sent.edit(content="bye", attachments=[])
    assert m.content == "bye" and m.attachments == [] and edited.content == "bye"
    r = await sim.slash(sim.alice, sim.channel, "thread")
    assert r.content == "thread side"
    t = next(c for c in sim.channels.values() if c.name == "side")
    assert sim.last_message(t).content == "in thread"
    user_msg = await sim.send_message(sim.alice, sim.channel, "!echo hi there")
    reply = await sim.wait_for(lambda: sim.last_message(sim.channel).content == "hi there"
                               and sim.last_message(sim.channel))
    assert reply.message_reference["message_id"] == str(user_msg.id)
    thread = await ch.get_partial_message(sent.id).create_thread(name="from msg")
    assert thread.id == sent.id and sim.channels[thread.id].parent_id == sim.channel.id
    await thread.send("inside")
    assert sim.last_message(thread.id).content == "inside"
    fetched = await bot.fetch_channel(thread.id)
    assert isinstance(fetched, discord.Thread) and fetched.name == "from msg"
    await sent.delete()
    assert m.deleted and m not in sim.channel_messages(sim.channel)


async def test_ephemeral_defer_and_original_response(env) -> None:
    sim, _bot = env
    r = await sim.slash(sim.alice, sim.channel, "secret")
    assert r.response_type == 5 and r.ephemeral and r.original.content == "step 1"
    assert [m.content for m in r.messages] == ["step 1", "extra"]
    assert all(m.ephemeral_for == sim.alice.id for m in r.messages)
    assert [m.content for m in sim.ephemeral_messages(sim.alice)] == ["step 1", "extra"]
    assert sim.channel_messages(sim.channel) == []


async def test_layout_view_and_callback_file(env) -> None:
    sim, _bot = env
    r = await sim.slash(sim.alice, sim.channel, "card")
    msg = r.message
    assert msg.flags & (1 << 15)  # IS_COMPONENTS_V2
    assert "## Scoreboard" in msg.text and msg.button("Refresh").custom_id == "card:refresh"
    assert msg.attachments[0].image().getpixel((0, 0)) == (0, 128, 0)


async def test_guild_command_sync_preferred(env) -> None:
    sim, bot = env
    guild = discord.Object(sim.guild.id)

    @app_commands.command(name="ping", description="guild-only ping")
    async def guild_ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("guild pong")

    bot.tree.add_command(guild_ping, guild=guild)
    synced = await bot.tree.sync(guild=guild)
    assert [c.name for c in synced] == ["ping"] and synced[0].guild_id == sim.guild.id
    assert [c["name"] for c in sim.guild_commands[sim.guild.id]] == ["ping"]
    r = await sim.slash(sim.alice, sim.channel, "ping")
    assert r.content == "guild pong"
    dm = sim.dm_channel(sim.alice)  # in DMs only the global command exists
    r = await sim.slash(sim.alice, dm, "ping")
    assert r.content == "pong" and r.message.channel is dm


def test_missing_spec_warns_once(monkeypatch, tmp_path) -> None:
    from tests.fakediscord import spec

    monkeypatch.setenv("DISCORD_OPENAPI", str(tmp_path / "absent.json"))
    monkeypatch.setattr(spec, "_warned", False)
    with pytest.warns(UserWarning, match="not found") as rec:
        a, b = FakeDiscord(), FakeDiscord()
    assert len(rec) == 1 and a.spec is None and b.spec is None


# --------------------------------------------------------------------------------------------------
# Interaction timing rules
# --------------------------------------------------------------------------------------------------
async def test_unacknowledged_interaction_10062(env) -> None:
    sim, bot = env
    sim.ack_timeout = 0.3  # (or @pytest.mark.fakediscord(ack_timeout=0.3) once the plugin is registered)
    sim.expect_errors(10062)
    r = await sim.slash(sim.alice, sim.channel, "slow")
    assert not r.acknowledged and any("not acknowledged" in e for e in r.errors)
    await sim.wait_for(lambda: "slow_error" in bot.saved)
    e = bot.saved["slow_error"]
    assert isinstance(e, discord.NotFound) and e.code == 10062 and e.text == "Unknown interaction"
    assert sim.failed_interactions == [r]


async def test_double_ack_40060(env) -> None:
    sim, bot = env
    sim.expect_errors(40060)
    r = await sim.slash(sim.alice, sim.channel, "twice")
    await sim.wait_for(lambda: "twice_error" in bot.saved)
    e = bot.saved["twice_error"]
    assert e.status == 400 and e.code == 40060 and "already been acknowledged" in e.text
    assert r.content == "one" and any("40060" in x for x in r.errors)


async def test_followup_after_15_minutes_fails(env) -> None:
    sim, bot = env
    await sim.slash(sim.alice, sim.channel, "remember")
    inter: discord.Interaction = bot.saved["interaction"]
    m = await inter.followup.send("still ok", wait=True)
    assert m.content == "still ok"
    sim.advance(15 * 60 + 1)
    sim.expect_errors(50027)
    with pytest.raises(discord.HTTPException) as ei:
        await inter.followup.send("too late")
    assert ei.value.status == 401 and ei.value.code == 50027
    with pytest.raises(discord.HTTPException):
        await inter.edit_original_response(content="nope")


# --------------------------------------------------------------------------------------------------
# Limits
# --------------------------------------------------------------------------------------------------
async def _post_raw(bot: commands.Bot, channel_id: int, body: dict) -> None:
    await bot.http.request(discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id),
                           json=body)


def _row(*components: dict) -> dict:
    return {"type": 1, "components": list(components)}


def _button(i: int, label: str = "b", custom_id: str | None = None) -> dict:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id or f"b{i}"}


async def test_content_limit_via_interaction(env) -> None:
    sim, bot = env
    sim.expect_errors(50035)
    r = await sim.slash(sim.alice, sim.channel, "long")
    assert r.content == "error 50035"
    e = bot.saved["long_error"]
    assert e.status == 400 and "data.content" in e.text and "2000 or fewer" in e.text


@pytest.mark.parametrize(("body", "where"), [
    ({"content": "x" * 2001}, "content"),
    ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
    ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields"),
    ({"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}, "embeds.0.fields.0.name"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "embeds.0.fields.0.value"),
    ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "embeds.0.footer.text"),
    ({"embeds": [{"author": {"name": "a" * 257}}]}, "embeds.0.author.name"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
    ({"embeds": [{"title": "t"}] * 11}, "embeds"),
    ({"components": [_row(_button(i)) for i in range(6)]}, "components"),
    ({"components": [_row(*[_button(i) for i in range(6)])]}, "components.0.components"),
    ({"components": [_row({"type": 3, "custom_id": "s", "options": [
        {"label": str(i), "value": str(i)} for i in range(26)]})]}, "components.0.components.0.options"),
    ({"components": [_row(_button(0, custom_id="c" * 101))]}, "components.0.components.0.custom_id"),
    ({"components": [_row(_button(0, label="l" * 81))]}, "components.0.components.0.label"),
])
async def test_limits_50035(env, body: dict, where: str) -> None:
    sim, bot = env
    sim.expect_errors(50035)
    with pytest.raises(discord.HTTPException) as ei:
        await _post_raw(bot, sim.channel.id, body)
    assert ei.value.status == 400 and ei.value.code == 50035
    assert f"In {where}" in ei.value.text, ei.value.text
    assert sim.channel_messages(sim.channel) == []
    assert sim.spec_violations == []  # Discord refused it; not double-reported


async def test_nonce_longer_than_25_is_refused(env) -> None:
    sim, bot = env
    sim.expect_errors(50035)
    with pytest.raises(discord.HTTPException) as ei:
        await bot.get_channel(sim.channel.id).send("hi", nonce="n" * 26)
    assert ei.value.code == 50035 and "In nonce" in ei.value.text
    assert sim.channel_messages(sim.channel) == []


async def test_enforce_nonce_returns_the_earlier_message(env) -> None:
    """The same author, channel and nonce with enforce_nonce (discord.py sends it with every nonce)
    within a few minutes: Discord returns the first message and creates nothing."""
    sim, bot = env
    ch = bot.get_channel(sim.channel.id)
    first = await ch.send("first", nonce="n1")
    again = await ch.send("again, after a crash", nonce="n1")
    assert again.id == first.id and again.content == "first" and again.nonce == "n1"
    assert [m.content for m in sim.channel_messages(sim.channel)] == ["first"]
    assert len(bot.seen_messages) == 1  # no second MESSAGE_CREATE either
    other = await bot.fetch_channel(sim.add_text_channel(sim.guild, "other").id)
    assert isinstance(other, discord.TextChannel)
    assert (await other.send("elsewhere", nonce="n1")).id != first.id  # per channel
    assert (await ch.send("new nonce", nonce="n2")).id != first.id
    await _post_raw(bot, sim.channel.id, {"content": "not enforced", "nonce": "n1"})
    # a DM: the bot's DM channel with the user, the same rule
    bob = await bot.fetch_user(sim.bob.id)
    dm = await bob.send("psst", nonce="n1")
    assert (await bob.send("psst again", nonce="n1")).id == dm.id
    assert [m.content for m in sim.dm_messages(sim.bob)] == ["psst"]
    # after the window, or once the first is deleted, the nonce makes a new message
    sim.advance(5 * 60 + 1)
    later = await ch.send("later", nonce="n1")
    assert later.id != first.id
    await later.delete()
    assert (await ch.send("after the delete", nonce="n1")).id != later.id
    assert [m.content for m in sim.channel_messages(sim.channel)] == [
        "first", "new nonce", "not enforced", "after the delete"]
    assert sim.spec_violations == []


async def test_file_too_large_40005(env) -> None:
    sim, bot = env
    sim.expect_errors(40005)
    ch = bot.get_channel(sim.channel.id)
    with pytest.raises(discord.HTTPException) as ei:
        await ch.send(file=discord.File(io.BytesIO(b"\0" * (10 * 1024 * 1024 + 1)), "big.bin"))
    assert ei.value.status == 413 and ei.value.code == 40005


async def test_empty_message_50006(env) -> None:
    sim, bot = env
    sim.expect_errors(50006)
    with pytest.raises(discord.HTTPException) as ei:
        await _post_raw(bot, sim.channel.id, {"content": ""})
    assert ei.value.code == 50006


# --------------------------------------------------------------------------------------------------
# Failures: 429, 500, gateway drops
# --------------------------------------------------------------------------------------------------
async def test_429_then_retry_succeeds(env, monkeypatch: pytest.MonkeyPatch) -> None:
    sim, bot = env
    asked: list[float] = []

    class Recorded:  # discord.py's `asyncio`, keeping the delays it sleeps for
        def __getattr__(self, name: str) -> Any:
            return getattr(asyncio, name)

        async def sleep(self, delay: float, result: Any = None) -> Any:
            asked.append(delay)
            return await asyncio.sleep(delay, result)

    monkeypatch.setattr(discord.http, "asyncio", Recorded())
    sim.fail_next("POST /channels/{channel_id}/messages", status=429, retry_after=0.2)
    m = await bot.get_channel(sim.channel.id).send("after rate limit")
    assert [d for d in asked if d] == [0.2]  # the simulator's Retry-After reached discord.py, which waited
    posts = [r.status for r in sim.requests if r.method == "POST" and r.path.endswith("/messages")]
    assert posts == [429, 200] and sim.messages[m.id].content == "after rate limit"


async def test_429_on_interaction_callback(env) -> None:
    sim, _bot = env
    sim.fail_next("POST /interactions/{interaction_id}/{token}/callback", status=429, retry_after=0.05)
    r = await sim.slash(sim.alice, sim.channel, "ping")
    assert r.content == "pong"


async def test_500_is_retried(env) -> None:
    sim, bot = env
    sim.fail_next("GET /channels/{channel_id}", status=500)
    ch = await bot.fetch_channel(sim.channel.id)  # discord.py sleeps 1 s, then retries
    assert ch.name == "general"
    sim.fail_next(f"GET /channels/{sim.channel.id}", status=403, code=50001, message="Missing Access")
    with pytest.raises(discord.Forbidden) as ei:
        await bot.fetch_channel(sim.channel.id)
    assert ei.value.code == 50001


async def test_gateway_drop_resumes_and_replays(env) -> None:
    sim, bot = env
    assert sim.gateway.compression == ["zlib-stream"]  # discord.py's default transport compression
    before = sim.gateway_connections
    resumed = asyncio.Event()

    async def on_resumed() -> None:
        resumed.set()

    bot.add_listener(on_resumed)
    await sim.drop_gateway()
    # dispatched while disconnected: buffered and replayed on RESUME
    r = await sim.slash(sim.alice, sim.channel, "ping")
    assert r.content == "pong"
    await asyncio.wait_for(resumed.wait(), 2)
    assert sim.gateway_connections == before + 1 and sim.gateway.resume_count == 1


async def test_gateway_invalid_session_reidentifies(env) -> None:
    """Slow (~5 s): discord.py waits 5 s before any non-initial IDENTIFY."""
    sim, bot = env
    before = sim.gateway_connections
    await sim.drop_gateway(resumable=False)  # RESUME -> INVALID_SESSION(false) -> IDENTIFY
    await sim.wait_reconnected(before, timeout=10)
    await sim.wait_for(lambda: sim.gateway.identify_count == 2 and bot.get_guild(sim.guild.id), timeout=10)
    r = await sim.slash(sim.alice, sim.channel, "ping")
    assert r.content == "pong"


# --------------------------------------------------------------------------------------------------
# Spec validation and unknown routes
# --------------------------------------------------------------------------------------------------
async def test_spec_validation_catches_bad_body(env) -> None:
    sim, bot = env
    if sim.spec is None:
        pytest.skip("OpenAPI spec not available")
    await _post_raw(bot, sim.channel.id, {"content": "ok", "tts": "yes"})
    assert len(sim.spec_violations) == 1 and "tts" in sim.spec_violations[0], sim.spec_violations
    with pytest.raises(AssertionError, match="spec violation"):
        sim.assert_clean()
    sim.spec_violations.clear()
    await _post_raw(bot, sim.channel.id, {"content": "ok", "tts": False})
    assert sim.spec_violations == []


async def test_unknown_route_recorded(env) -> None:
    sim, bot = env
    with pytest.raises(discord.NotFound) as ei:
        await bot.http.request(discord.http.Route("GET", "/channels/{channel_id}/nonsense", channel_id=1))
    assert ei.value.code == 0 and ei.value.text == "404: Not Found"
    assert sim.unexpected_requests == ["GET /api/v10/channels/1/nonsense"]
    sim.unexpected_requests.clear()


async def test_plain_json_gateway_without_compression() -> None:
    """A raw websocket client without compress= gets plain JSON frames."""
    import aiohttp

    async with FakeDiscord() as sim:
        async with aiohttp.ClientSession() as s, s.ws_connect(sim.gateway_url + "?v=10&encoding=json") as ws:
            hello = await ws.receive_json()
            assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
            await ws.send_json({"op": 2, "d": {"token": sim.token, "intents": 513, "properties": {}}})
            ready = await ws.receive_json()
            assert ready["t"] == "READY" and ready["d"]["resume_gateway_url"] == sim.gateway_url
            guild = await ws.receive_json()
            assert guild["t"] == "GUILD_CREATE" and guild["d"]["name"] == "Test Guild"
            await ws.send_json({"op": 1, "d": 2})
            assert (await ws.receive_json())["op"] == 11
        sim.assert_clean()
