"""localdiscord: a loopback Discord that an unmodified discord.py bot talks to over real HTTP + websocket.

It is the product's local table (``python -m bot`` without a token; see :mod:`localdiscord.web`)
and the tests' Discord simulator (``tests.fakediscord`` re-exports it and adds the check of
every REST body against Discord's OpenAPI spec; here a body is checked only when a ``spec``
checker is passed). Discord's limits and error codes are enforced.

The bot is pointed here only through discord.py's own seams (``Route.BASE`` for
REST and interaction webhooks, ``DiscordWebSocket.DEFAULT_GATEWAY``); see
:func:`point_discord_py_at`.

Example (with the ``fake_discord`` fixture from ``tests.fakediscord.pytest_plugin``)::

    import discord
    from discord import app_commands
    from discord.ext import commands

    async def test_hello(fake_discord):
        sim = fake_discord                      # started; default world: sim.guild, sim.channel,
                                                # sim.alice / bob / carol / dave
        bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(),
                           guild_ready_timeout=0.1)   # else discord.py waits 2 s for guilds

        @bot.tree.command(description="Say hi")
        async def hello(interaction: discord.Interaction, times: int = 1):
            await interaction.response.send_message("hi " * times, ephemeral=True)

        async def setup_hook():
            await bot.tree.sync()               # the simulator builds interactions from synced commands
        bot.setup_hook = setup_hook

        await sim.connect(bot)                  # logs in, READY, GUILD_CREATE; stopped by sim.close()
        result = await sim.slash(sim.alice, sim.channel, "hello", options={"times": 2})
        assert result.response_type == 4 and result.ephemeral
        assert result.message.content == "hi hi "
        assert sim.ephemeral_messages(sim.alice)[-1] is result.message
        # buttons:  await sim.click(sim.alice, msg, label="Join") / custom_id="..." / prefix="game:"
        # selects:  await sim.select(sim.alice, msg, "pick", ["a"])
        # modals:   r = await sim.click(...); await sim.submit_modal(sim.alice, r, {"name": "x"})
        # later:    await sim.wait_for(lambda: sim.last_message(sim.channel) is not None)
        # the fixture calls sim.assert_clean() at teardown (spec violations, unknown routes,
        # Discord errors not declared with sim.expect_errors(50007, ...)).

Without the fixture: ``sim = FakeDiscord(); await sim.start(); ...; await sim.close()``.
"""

from .interactions import CommandError, InteractionRecord, InteractionResult, Modal
from .seams import point_discord_py_at
from .simulator import FakeDiscord, Rejection, SpecCheck
from .world import Attachment, Channel, Component, Guild, Member, Message, Role, User

SimulatorError = CommandError

__all__ = [
    "Attachment",
    "Channel",
    "CommandError",
    "Component",
    "FakeDiscord",
    "Guild",
    "InteractionRecord",
    "InteractionResult",
    "Member",
    "Message",
    "Modal",
    "Rejection",
    "Role",
    "SimulatorError",
    "SpecCheck",
    "User",
    "point_discord_py_at",
]
