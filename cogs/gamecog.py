"""The shape of a game's cog: `GameCog` holds what every `/<key> ...` group shares (help, panel,
the `game` option's choices, finding the game and the user's turn, the user's legal choices), and
`perform` plays an action; a game's cog declares only its own commands and texts."""
from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import lang
from bot import gate
from bot.service import ServiceError
from bot.service.errors import texts_of, title
from bot.translator import slash
from cogs.common import (
    OffersGames,
    answer_after_commit,
    bot_of,
    find_game,
    legal_choices,
    oops,
    own_lines,
    reply,
    running_game,
    seat_of,
)
from cogs.panel import panel_message, show_panel, waiting_on
from games import registry

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import Applied, GameRecord

log = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[1]  # the rules documents are under docs/rules/

GAME_HELP = "Which game (when several share the channel)"
Choices = list[tuple[dict[str, Any], str]]


def help_page(key: str, colour: str, topics: Sequence[tuple[str, str]], texts: Mapping[str, str],
              rules: str | None = None) -> Callable[[str], discord.Embed]:
    """A game's help by topic, in the reader's language: `texts[topic]` (the overview when unknown)
    under the game's title and the topic's name, with the other topics, the command as the reader's
    Discord names it, and where the full rules are below. `topics` are (value, name) pairs, names and
    texts marked (lang.N_) in the game's own catalog."""
    names = dict(topics)

    def page(topic: str) -> discord.Embed:
        shown = topic if topic in names and topic in texts else "overview"
        language, core, own = lang.current(), lang.here("core"), texts_of(key)
        game = registry.GAMES.get(key)
        embed = discord.Embed(title=core._("{game} · {topic}", game=title(game) if game else key,
                                           topic=own._(names[shown])),
                              description=own._(texts[shown]), colour=discord.Colour.from_str(colour))
        others = " · ".join(own._(name) for value, name in topics if value != shown)
        command = slash(language, f"{key} help topic")
        if rules:
            footer = core._("More: {command}: {topics} · full rules: {rules}", command=command, topics=others,
                            rules=rules_in(rules, language))
        else:
            footer = core._("More: {command}: {topics}", command=command, topics=others)
        embed.set_footer(text=footer)
        return embed

    return page


def rules_in(rules: str, language: str) -> str:
    """The rules document in the reader's language where there is one (docs/rules/mali.pl.md),
    otherwise the English one."""
    own = f"{rules.removesuffix('.md')}.{language}.md"
    return own if (ROOT / own).is_file() else rules


def game_help(name: str, topics: Sequence[tuple[str, str]],
              page: Callable[[str], discord.Embed]) -> app_commands.Command[Any, ..., None]:
    """A game's `/<key> help [topic]`: `topics` are (value, name) pairs, `page(topic)` the embed
    (help_page's). Its description and the topics' names are English here: Discord shows them in
    each reader's language through the command translator (bot/translator.py)."""
    async def show_help(cog: commands.Cog, interaction: discord.Interaction, topic: str = "overview") -> None:
        await reply(interaction, embed=page(topic))

    show_help.__qualname__ = "GameCog.help"  # a method: discord.py passes the cog first
    described = app_commands.describe(topic="What to read about")(show_help)
    chosen = app_commands.choices(topic=[app_commands.Choice(name=n, value=v) for v, n in topics])(described)
    return app_commands.command(name="help", description=f"How to play {name}, and the commands")(chosen)


class GameCog(OffersGames, commands.GroupCog):
    """A game's command group. A subclass sets `key` and `help = game_help(...)`, and may change
    the refusals' texts (`not_playing`, `not_your_turn`, `waiting`) and `open_panel`."""

    key: ClassVar[str]
    # Marked texts, worded where read: a subclass's own in its game's catalog.
    not_playing: ClassVar[str] = lang.N_("You're not playing in game #{gid}.")
    not_your_turn: ClassVar[str] = lang.N_("It's not your turn.")

    def refusal_texts(self, which: str) -> lang.Texts:
        """The catalog of a refusal's text: core's for GameCog's own, the game's for its cog's."""
        return lang.here("core") if getattr(type(self), which) == getattr(GameCog, which) else texts_of(self.key)

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()
        self.offer_games()

    # --- finding the game and the user's turn --------------------------------------------------
    async def running(self, interaction: discord.Interaction, game: int | None) -> GameRecord | None:
        """The running game of this kind the command means; otherwise a friendly refusal and None."""
        return await find_game(interaction, game, key=self.key, running_only=True)

    def waiting(self, record: GameRecord) -> str:
        """Whom the game waits on, after a refusal."""
        return waiting_on(record)

    async def turn_record(self, interaction: discord.Interaction,
                          game: int | None) -> tuple[GameRecord, str] | None:
        """The game and the user's seat, when it is the user's turn; otherwise a friendly refusal."""
        record = await self.running(interaction, game)
        if record is None:
            return None
        seat = seat_of(interaction, record)
        if seat is None:
            text = self.refusal_texts("not_playing")._(self.not_playing, gid=record.id).strip()
            await reply(interaction, f"{text} {self.waiting(record)}")
            return None
        if seat not in record.to_act:
            text = self.refusal_texts("not_your_turn")._(self.not_your_turn).strip()
            await reply(interaction, f"{text} {self.waiting(record)}")
            return None
        return record, seat

    # --- for autocompletes -------------------------------------------------------------------
    async def current_record(self, interaction: discord.Interaction) -> GameRecord | None:
        """The running game an autocomplete is about (its `game` option, or the channel's)."""
        return await running_game(interaction, self.key)

    async def legal_of(self, interaction: discord.Interaction, *types: str) -> tuple[GameRecord | None, Choices]:
        """The user's legal actions of these types, with their labels (for the user's eyes)."""
        return await legal_choices(interaction, self.key, *types)

    async def my_choices(self, interaction: discord.Interaction) -> tuple[GameRecord | None, str | None, Choices]:
        """The game, the user's seat and all the user's legal actions with their labels."""
        record = await self.current_record(interaction)
        if record is None:
            return None, None, []
        seat = seat_of(interaction, record)
        if seat is None:
            return record, None, []
        return record, seat, gate.choices(record, seat)

    # --- the panel -----------------------------------------------------------------------------
    @app_commands.command(name="panel", description="Your choices now, as buttons (only you see them)")
    @app_commands.describe(game=GAME_HELP)
    async def panel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await self.running(interaction, game)
        if record is not None:
            await self.open_panel(interaction, record)

    async def open_panel(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """What `/<key> panel` shows: the user's panel of buttons."""
        await show_panel(interaction, record.id)


# --- playing -----------------------------------------------------------------------------------

async def perform(interaction: discord.Interaction, record: GameRecord,
                  actions: dict[str, Any] | list[dict[str, Any]], *,
                  expected_version: int | None = None, quiet: bool = False) -> Applied | None:
    """Play one action (or several, all or nothing) for the interaction's user through the one
    write path, answer the user, then deliver what the table is told."""
    bot = bot_of(interaction)
    batch = actions if isinstance(actions, list) else [actions]
    async with bot.presenter.answering():
        try:
            applied = await bot.service.act_many(
                record.id, interaction.user.id, batch, expected_version=expected_version,
                guild_id=record.guild_id, known=record)
        except ServiceError as exc:
            await reply(interaction, exc.message)
            return None
        except Exception:
            log.exception("action failed: game %s user %s actions %s", record.id,
                          interaction.user.id, batch)
            await reply(interaction, oops(record.id))
            return None
        interaction.extras["committed"] = True
        if not quiet:
            await answer_after_commit(interaction, confirm(interaction, applied))
    await bot.presenter.deliver(record.id)
    return applied


async def confirm(interaction: discord.Interaction, applied: Applied) -> None:
    """Tell the actor what happened, with their private events and their next choices."""
    record = applied.record
    seat = seat_of(interaction, record)
    bot = bot_of(interaction)
    text = "\n".join(own_lines(bot, applied, seat)) or "Done."
    quiet = discord.AllowedMentions.none()  # the players are named, not pinged
    if seat is not None and seat in record.to_act:
        content, view = await panel_message(bot, record, seat)
        await reply(interaction, f"{text}\n\n{content}"[:2000], view=view, allowed_mentions=quiet)
    else:
        await reply(interaction, text[:2000], allowed_mentions=quiet)
