"""The Discord client: wires settings, database, rules service, presenter, scheduler and cogs."""
from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

import lang
from bot import memory, render, validate
from bot.config import Settings, point_discord_at
from bot.languages import reader_language
from bot.pending import Pending
from bot.presentation import GameUI
from bot.shards import Ownership, Shards, ownership
from bot.translator import CommandTranslator
from bot.workers import close_all as close_workers

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

    from bot.presenter import Presenter
    from bot.scheduler import Scheduler
    from bot.service import GameService
    from bot.thinker import Thinker

log = logging.getLogger(__name__)

LOBBY = "cogs.lobby"
CLOSE_GRACE = 10.0  # seconds the interactions being handled get to finish when the bot closes


def extensions() -> list[str]:
    """The lobby, and the cogs package of every registered game that has one."""
    import importlib.util

    from games.registry import PACKAGES

    return [LOBBY, *(f"cogs.{p}" for p in PACKAGES if importlib.util.find_spec(f"cogs.{p}"))]


def utcnow() -> datetime:
    return datetime.now(UTC)


def read_in_reader_language(store: Any) -> None:
    """Every button and select of ours (a DynamicItem, dispatched by discord.py's view store in a
    task of its own) is handled in its reader's language: set in that task before the item is
    made, checked or called (bot/languages.py), as Tree.interaction_check does for commands."""
    original = store.schedule_dynamic_item_call

    async def scheduled(component_type: int, factory: Any, interaction: discord.Interaction,
                        custom_id: str, match: Any) -> None:
        try:
            language = await reader_language(interaction)
        except Exception:
            log.exception("could not read the language of %s's click", interaction.user.id)
            language = lang.of_discord_locale(interaction.locale)
        lang.CURRENT.set(language)  # this task's own context
        await original(component_type, factory, interaction, custom_id, match)

    store.schedule_dynamic_item_call = scheduled


class Tree(discord.app_commands.CommandTree["TabletopBot"]):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """A slash command runs only when every option is what the command declares (bot/validate.py);
        otherwise the user is told privately which option and what it takes. From here on, this
        command's task words its answers in the reader's language (lang.use, bot/languages.py)."""
        lang.CURRENT.set(await reader_language(interaction))  # the invoker task's own context
        if interaction.type is not discord.InteractionType.application_command:
            return True  # an autocomplete's half-typed text is the callback's to read
        why = validate.refusal(self, interaction.data)
        if why is None:
            return True
        log.info("command refused: %s by %s: %s", dict(interaction.data or {}).get("name"),
                 interaction.user.id, why)
        try:
            await validate.refuse(interaction, why)
        except discord.HTTPException as exc:
            log.warning("could not refuse interaction %s: %s", interaction.id, exc)
        return False

    async def on_error(self, interaction: discord.Interaction,
                       error: discord.app_commands.AppCommandError) -> None:
        """An unexpected error: log it with what was asked, and tell the user what became of it."""
        data: dict[str, Any] = dict(interaction.data or {})
        log.error("command failed: %s %s by %s in %s", data.get("name"), data.get("options"),
                  interaction.user.id, interaction.channel_id, exc_info=error)
        tx = lang.here("core")  # the reader's: set by interaction_check in this task
        if interaction.extras.get("committed"):
            text = tx._("Your move was saved, but I could not show you the result. "
                        "`/game status` shows the game as it is now.")
        else:
            text = tx._("Something went wrong on our side and nothing was changed. Please try again.")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass


class TabletopBot(commands.AutoShardedBot):
    """One bot for every game; game cogs register their UI in `game_uis`. It runs the shards of
    its settings (bot/shards.py): their gateways, and their games once it owns them."""

    def __init__(self, settings: Settings, *, clock: Callable[[], datetime] = utcnow,
                 **client_options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # The bot never reads messages back from discord.py's cache (its posts are in the database),
        # and the default cache of 1,000 messages cost about 15 MB once games were being played.
        client_options.setdefault("max_messages", None)
        client_options.setdefault("shard_count", settings.shard_count)
        client_options.setdefault("shard_ids", list(settings.shards))
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=Tree, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
                         **client_options)
        self.settings = settings
        self.clock = clock
        self.game_uis: dict[str, GameUI] = {}
        self.dynamic_items: list[type[discord.ui.DynamicItem[Any]]] = []  # every persistent item
        self.service: GameService
        self.presenter: Presenter
        self.scheduler: Scheduler
        self.thinker: Thinker
        self._engine: AsyncEngine | None = None
        self.shard_set = Shards(settings.shard_count, settings.shards)
        self.ownership: Ownership = Ownership()
        self._told: set[asyncio.Task[Any]] = set()  # deliveries of writes made by other processes
        self.exit_when_lost = False  # `run`: the process ends the moment it loses its shards
        self.pending = Pending()  # the interactions being handled (tests wait on it)
        read_in_reader_language(self._connection._view_store)
        self.pending.follow_dispatchers(self.tree, self._connection._view_store)

    async def setup_hook(self) -> None:
        from bot import db
        from bot.presenter import Presenter
        from bot.scheduler import Scheduler
        from bot.service import GameService
        from bot.service import cache as service_cache
        from bot.thinker import Thinker

        memory.limit_arenas()  # before the database threads start
        await db.upgrade(self.settings.database_url)
        self._engine = db.make_engine(self.settings.database_url)
        self.service = GameService(self._engine, clock=self.clock,
                                   cached_games=service_cache.BOT_SIZE)
        self.service.shards = self.shard_set
        self.presenter = Presenter(self)
        self.thinker = Thinker(self, self.settings.think_workers)
        self.presenter.watchers.append(self.thinker.notice)
        render.warm(self.settings.render_workers)
        await self.tree.set_translator(CommandTranslator())  # the command tree in Polish and Italian too
        for name in extensions():
            await self.load_extension(name)
        # A standby waits here, ready but off the gateway, until the owner of its shards is gone.
        self.ownership = ownership(self.settings.database_url, self.shard_set, on_standby=log.warning)
        try:
            await self.ownership.acquire()
        except Exception:
            if self.is_closed():
                log.info("stopped while waiting as a standby")
                return
            raise
        self.service.ownership = self.ownership
        self.ownership.listen(self.written_elsewhere, self.ownership_lost)
        log.info("owning %s", self.shard_set.label())
        first = 0 in self.shard_set.ids  # what is done once per bot, by shard 0's owner
        filled = await self.service.backfill() if first else 0  # rows stored before games.waiting existed
        if filled:
            log.info("filled who-owes-a-move for %d stored games", filled)
        if self.settings.sync_commands and first:
            await self.sync_commands()
        self.scheduler = Scheduler(self, self.settings.tick_seconds)
        self.scheduler.start()

    def written_elsewhere(self, game_id: int, _guild_id: int | None, version: int) -> None:
        """Another process wrote a game of this one's shards (a DM interaction reaches shard 0):
        forget the kept copy unless it is that version, and post what the write left."""
        self.service.cache.forget(game_id, unless_version=version)
        self.presenter.panels.reread(game_id)  # it may have shown a panel of the game
        task = asyncio.create_task(self._deliver_told(game_id), name=f"told-{game_id}")
        self._told.add(task)
        task.add_done_callback(self._told.discard)

    async def _deliver_told(self, game_id: int) -> None:
        try:
            await self.presenter.deliver(game_id)
        except Exception:
            log.exception("delivering game %s, written by another process, failed", game_id)

    def ownership_lost(self) -> None:
        """The connection holding the shards dropped: a standby may own them already, so this
        process must not post one more line. `python -m bot` ends at once (its supervisor starts
        it again); a bot run in a test closes."""
        if self.is_closed():
            return
        log.critical("lost the database connection that holds %s: stopping at once so that no post "
                     "is made twice", self.shard_set.label())
        if self.exit_when_lost:
            logging.shutdown()
            os._exit(75)
        task = asyncio.create_task(self.close(), name="bot-close-lost")
        self._told.add(task)

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Register persistent components, and remember them: the lobby refuses a component none takes."""
        self.dynamic_items.extend(items)
        super().add_dynamic_items(*items)

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("Logged in as %s in %d servers", self.user, len(self.guilds))
        memory.freeze_startup()

    async def close(self) -> None:
        if hasattr(self, "scheduler"):
            await self.scheduler.stop()
        if hasattr(self, "thinker"):
            await self.thinker.stop()
        current = asyncio.current_task()
        answering = {t for t in self.pending.tasks if t is not current}
        if answering:  # the interactions in hand finish while the gateway and HTTP are still open
            await asyncio.wait(answering, timeout=CLOSE_GRACE)
        await super().close()
        # What is still running is cancelled and awaited: a task holding a database connection
        # gives it back before the engine closes. `dispose` closes only the connections given
        # back; one left checked out stays open (SQLite keeps its -wal file) until the
        # interpreter's teardown finalizes it from its aiosqlite thread.
        leftover = [t for t in (*self.pending.tasks, *self._told) if t is not current and not t.done()]
        for task in leftover:
            task.cancel()
        await asyncio.gather(*leftover, return_exceptions=True)
        if self._engine is not None:
            await self._engine.dispose()
        await self.ownership.close()  # last: nothing of this process posts after a standby takes over


async def run(settings: Settings) -> None:
    """Run on Discord until SIGTERM (docker stop, a service manager) or Ctrl+C: then the scheduler,
    the gateway and the database are closed, and this returns."""
    point_discord_at(settings.api_base, settings.gateway_url)
    bot = TabletopBot(settings)
    bot.exit_when_lost = True
    closing: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not closing:
            log.info("stopping: closing the gateway and the database")
            closing.append(asyncio.create_task(bot.close(), name="bot-close"))

    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, stop)
        except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
            pass
    try:
        async with bot:
            await bot.start(settings.token)
            if closing:  # start returns as soon as closing begins: let the close finish
                await closing[0]
    finally:
        await asyncio.to_thread(close_workers)
    log.info("stopped")
