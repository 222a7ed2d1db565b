"""What every cog shares: finding the game, replying, and the legal choices of the user."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar, Unpack, cast

import discord
from discord import app_commands
from discord.ext import commands

import lang
from bot import gate
from bot.service import ServiceError, valid_id
from bot.service.errors import title
from bot.texts import fit

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import Applied, GameRecord

ChoiceT = TypeVar("ChoiceT", str, int, float)

log = logging.getLogger(__name__)

KEEP_ALIVE_AFTER = 0.8  # seconds after an interaction was made: acknowledge it if still unanswered

OOPS = lang.N_("Something went wrong on our side and nothing was changed. "
               "Please try again; if it keeps happening, tell the server admins (game #{gid}).")


def oops(gid: int) -> str:
    """The apology for an unexpected failure, in the current language."""
    return lang.here("core")._(OOPS, gid=gid)


class Components(discord.ui.View):
    """A message's buttons and selects, every one a persistent `DynamicItem` that the bot
    dispatches by its custom_id. discord.py would otherwise keep each private panel for 15
    minutes, with a waiting task of its own: memory that grew with every panel sent."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True  # nothing to wait for: never stored


class Panel(Components):
    """A seat's own choices: the presenter keeps where each was shown (its game, seat and the
    game's row version then) and closes it once the seat's turn has passed."""

    def __init__(self, game_id: int, seat: str, version: int) -> None:
        super().__init__()
        self.game_id, self.seat, self.version = game_id, seat, version


def bot_of(interaction: discord.Interaction) -> TabletopBot:
    """The bot an interaction came to: our cogs are loaded by no other client."""
    return cast("TabletopBot", interaction.client)


def _answer_lock(interaction: discord.Interaction) -> asyncio.Lock:
    """One answer at a time per interaction: the keep-alive and a handler never both acknowledge."""
    lock = interaction.extras.get("answer_lock")
    if lock is None:
        lock = interaction.extras["answer_lock"] = asyncio.Lock()
    return lock


class Answer(TypedDict, total=False):
    """What an answer to an interaction may carry (discord.py's send_message and followup.send take
    them all)."""
    content: str
    embed: discord.Embed
    embeds: list[discord.Embed]
    file: discord.File
    files: list[discord.File]
    view: discord.ui.View
    ephemeral: bool
    allowed_mentions: discord.AllowedMentions


async def reply(interaction: discord.Interaction, content: str | None = None, /,
                **kwargs: Unpack[Answer]) -> discord.Message | None:
    """Answer ephemerally (`ephemeral=False`: publicly), whether or not the interaction was
    acknowledged yet; the message when it was sent publicly as a follow-up."""
    kwargs.setdefault("ephemeral", True)
    if content is not None:
        kwargs["content"] = content[:2000]
    panel = kwargs.get("view")
    track = isinstance(panel, Panel) and (kwargs["ephemeral"] or interaction.guild_id is None)
    shown: int | None = None
    message: discord.Message | None = None
    async with _answer_lock(interaction):
        if not interaction.response.is_done():
            shown = (await interaction.response.send_message(**kwargs)).message_id
        else:
            if interaction.extras.pop("thinking_privately", False) and not kwargs["ephemeral"]:
                # A private "thinking…" would turn the first follow-up private: settle it first.
                await interaction.edit_original_response(content=lang.here("core")._("Done: see the channel."))
            if kwargs["ephemeral"] and not track:
                await interaction.followup.send(**kwargs)
            else:
                # Fetched back: a caller may keep a public one (the table of /game new), and a
                # panel's message is remembered.
                message = await interaction.followup.send(wait=True, **kwargs)
                shown = message.id
    if track and shown is not None:
        await panel_shown(interaction, panel, shown, kwargs.get("content", ""), dm=False)
    return None if kwargs["ephemeral"] else message


async def panel_shown(interaction: discord.Interaction, view: discord.ui.View | None, message_id: int,
                      content: str, *, dm: bool) -> None:
    """Tell the presenter what a private message of the user shows now: a panel (kept, to be
    closed once its turn has passed: a DM the bot sent (`dm`) as its own message, any other
    through this interaction's token) or something else (forgotten)."""
    presenter = getattr(interaction.client, "presenter", None)
    if presenter is None:
        return
    try:
        if isinstance(view, Panel):
            channel = interaction.channel_id if dm else None
            await presenter.panel_shown(view.game_id, view.seat, view.version, message_id, content, view,
                                        interaction=None if channel else interaction, dm_channel=channel)
        else:
            await presenter.panel_gone(message_id)
    except Exception:
        log.exception("could not remember the panel of message %s", message_id)


class Edit(TypedDict, total=False):
    """What an edit of an interaction's message may change (discord.py's edit_message and
    edit_original_response take them all; None clears)."""
    content: str | None
    embed: discord.Embed | None
    embeds: list[discord.Embed]
    attachments: list[discord.File | discord.Attachment]
    view: discord.ui.View | None
    allowed_mentions: discord.AllowedMentions | None


async def edit(interaction: discord.Interaction, **kwargs: Unpack[Edit]) -> None:
    """Edit the message a component belongs to (or the command's answer), acknowledged or not."""
    async with _answer_lock(interaction):
        if interaction.response.is_done():
            interaction.extras.pop("thinking_privately", None)
            message_id: int | None = (await interaction.edit_original_response(**kwargs)).id
        else:
            edited = await interaction.response.edit_message(**kwargs)
            message_id = edited.message_id if edited is not None else None
    message = interaction.message
    if message is not None and "view" in kwargs and (interaction.guild_id is None or message.flags.ephemeral):
        # A DM the bot sent is edited later as its own message; an answer to an interaction through its token.
        dm = interaction.guild_id is None and not message.flags.ephemeral and message.interaction_metadata is None
        await panel_shown(interaction, kwargs["view"], message_id or message.id, kwargs.get("content") or "", dm=dm)


async def defer(interaction: discord.Interaction, *, update: bool = False) -> None:
    """Acknowledge now unless already answered: privately "thinking…", or for `update` (a
    component whose message will be edited) with no message at all."""
    async with _answer_lock(interaction):
        if interaction.response.is_done():
            return
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            interaction.extras["thinking_privately"] = True


async def keep_alive(interaction: discord.Interaction) -> None:
    """Acknowledge any command, component or form still unanswered KEEP_ALIVE_AFTER seconds after it
    was made, so that a busy moment never costs a player their move (Discord drops an
    interaction not acknowledged within 3 s). `reply` and `edit` answer either way."""
    kind = interaction.type
    if kind not in (discord.InteractionType.application_command, discord.InteractionType.component,
                    discord.InteractionType.modal_submit):
        return
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    await asyncio.sleep(max(0.0, KEEP_ALIVE_AFTER - age))
    if interaction.response.is_done():
        return
    try:
        await defer(interaction, update=kind == discord.InteractionType.component)
    except discord.HTTPException as exc:
        log.warning("could not acknowledge interaction %s in time: %s", interaction.id, exc)


def on_own_private_message(interaction: discord.Interaction) -> bool:
    """Whether a component was pressed on a message only its presser sees (their ephemeral
    message, or the bot's DM with them) that carries that very component: only such a message is
    edited in place. Anything else (a forged id on a public post) gets a new private answer."""
    message = interaction.message
    if message is None or not (message.flags.ephemeral or interaction.guild_id is None):
        return False
    custom_id = dict(interaction.data or {}).get("custom_id")
    return any(getattr(item, "custom_id", None) == custom_id
               for row in message.components for item in getattr(row, "children", [row]))


STATUS_WORDS = {"open": lang.N_("open"), "running": lang.N_("running"), "finished": lang.N_("finished"),
                "abandoned": lang.N_("abandoned")}


def status_word(status: str) -> str:
    """A game's status ("open", "running"…) in the current language."""
    return lang.here("core")._(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def where_id(interaction: discord.Interaction) -> int:
    return interaction.channel_id or 0


def game_number(value: object) -> int | None:
    """A `game` option or a custom_id part as a game number, or None when it cannot be one."""
    if isinstance(value, str):
        text = value.strip().lstrip("#")
        value = int(text) if text.isascii() and text.isdigit() and len(text) < 20 else None
    return value if isinstance(value, int) and valid_id(value) else None


async def find_game(interaction: discord.Interaction, game_id: object,
                    key: str | None = None, running_only: bool = False,
                    finished_too: bool = False) -> GameRecord | None:
    """The game the command means: the given number, or the only one in this channel.

    Only games of the server the command was used in; in a DM, only the user's own games.
    Replies with a friendly refusal and returns None when it cannot tell."""
    service = bot_of(interaction).service
    tx = lang.here("core")
    if game_id is not None:
        number = game_number(game_id)
        if number is None:
            await reply(interaction, tx._("{text} is not a game number. Game numbers look like 12; the "
                                          "`game` option lists this channel's games.", text=repr(str(game_id)[:40])))
            return None
        try:
            record = await service.get(number, interaction.guild_id)
        except ServiceError as exc:
            await reply(interaction, exc.message)
            return None
        if interaction.guild_id is None and record.seat_of(interaction.user.id) is None:
            await reply(interaction, tx._("There is no game #{number} of yours. In a server, use the "
                                          "command in the game's channel.", number=number))
            return None
        if key and record.key != key:
            await reply(interaction, tx._("Game #{number} is {game}, not this game.", number=number,
                                          game=title(record.game)))
            return None
        return record
    if interaction.guild_id is None:
        await reply(interaction, tx._("Use this command in the server channel where the game is "
                                      "played, or give the game's number."))
        return None
    records = await service.in_channel(interaction.guild_id, where_id(interaction))
    if key:
        records = [r for r in records if r.key == key]
    if running_only:
        records = [r for r in records if r.status == "running"]
    if not records and finished_too:
        ended = await service.last_ended(interaction.guild_id, where_id(interaction))
        if ended is not None and (not key or ended.key == key):
            return ended
    if len(records) == 1:
        return records[0]
    if not records:
        if key:
            await reply(interaction, tx._("There is no game of this kind in this channel. Open a table with "
                                          "`/game new`, or pick one with the `game` option."))
        else:
            await reply(interaction, tx._("There is no game in this channel. Open a table with `/game new`, "
                                          "or pick one with the `game` option."))
        return None
    listing = ", ".join(f"#{r.id} {title(r.game)} ({status_word(r.status)})" for r in records[:10])
    await reply(interaction, tx._("Several games share this channel ({games}). Say which with the `game` option.",
                                  games=listing))
    return None


async def game_autocomplete(interaction: discord.Interaction, current: str,
                            key: str | None = None) -> list[app_commands.Choice[int]]:
    service = bot_of(interaction).service
    if interaction.guild_id is None:
        return []
    # One query, typed text and limit in it: the channel's games first, then the server's.
    records = await service.offered(interaction.guild_id, where_id(interaction), current, key=key, limit=25)
    tx = lang.here("core")
    return [app_commands.Choice(name=fit(tx.n_("#{number} {game} ({status}, {count} player)",
                                               "#{number} {game} ({status}, {count} players)", len(r.seats),
                                               number=r.id, game=title(r.game), status=status_word(r.status)), 100),
                                value=r.id) for r in records]


class OffersGames:
    """For a cog: every `game` number option of its commands offers the channel's games (only
    those of the cog's `key`, when it has one). The cog calls `offer_games()` once it is made."""

    async def game_choices(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[int]]:
        return await game_autocomplete(interaction, current, key=getattr(self, "key", None))

    def offer_games(self) -> None:
        if not isinstance(self, commands.Cog):
            raise TypeError("only a cog offers games")
        for command in self.walk_app_commands():
            if isinstance(command, app_commands.Command) and any(
                    p.name == "game" and p.type == discord.AppCommandOptionType.integer and not p.autocomplete
                    for p in command.parameters):
                # The class's function, not this cog's method: discord.py passes it the command's
                # cog, so a command that several cogs inherit (GameCog.panel) offers each its own.
                command.autocomplete("game")(OffersGames.game_choices)


def match(current: str, choices: list[app_commands.Choice[ChoiceT]]) -> list[app_commands.Choice[ChoiceT]]:
    """The autocomplete choices whose name or value holds what the user typed (at most 25)."""
    lowered = current.lower().strip()
    return [c for c in choices if lowered in c.name.lower() or lowered in str(c.value).lower()][:25]


def seat_of(interaction: discord.Interaction, record: GameRecord) -> str | None:
    """The seat the interaction's user holds in the game, or None."""
    return record.seat_of(interaction.user.id)


async def answer_after_commit(interaction: discord.Interaction, work: Awaitable[Any]) -> None:
    """Answer a user whose move is already saved; if that fails, say it was saved."""
    try:
        await work
    except Exception:
        log.exception("answering a saved move failed (channel %s)", interaction.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await reply(interaction, lang.here("core")._("Your move was saved. `/game status` shows the game now."))


def own_lines(bot: TabletopBot, applied: Applied, seat: str | None) -> list[str]:
    """What the actor is told of their own move: its public lines (but other seats' own), the
    players named as the channel's post names them, and their private events. A reply that
    shows them is sent without pings (AllowedMentions.none())."""
    record = applied.record
    ui = bot.presenter.ui(record.key)
    return applied.lines_for(seat, last=6, own=True, say=lambda e: ui.named_line(e, record.mention))


async def running_game(interaction: discord.Interaction, key: str) -> GameRecord | None:
    """The running game of `key` an autocomplete is about: its `game` option, or the channel's
    only one. None when there is none, or it cannot tell (autocompletes then offer nothing)."""
    bot = bot_of(interaction)
    given = getattr(interaction.namespace, "game", None)
    try:
        if given is not None:
            number = game_number(given)
            if number is None:
                return None
            record = await bot.service.get(number, interaction.guild_id)
            return record if record.key == key and record.status == "running" else None
        if interaction.guild_id is None:
            return None
        records = [r for r in await bot.service.in_channel(interaction.guild_id, interaction.channel_id or 0)
                   if r.key == key and r.status == "running"]
    except ServiceError:
        return None
    return records[0] if len(records) == 1 else None


async def legal_choices(interaction: discord.Interaction, key: str,
                        *types: str) -> tuple[GameRecord | None, list[tuple[dict[str, Any], str]]]:
    """The user's legal actions of these types in that game, with their labels (for their eyes)."""
    record = await running_game(interaction, key)
    if record is None:
        return None, []
    seat = seat_of(interaction, record)
    if seat is None:
        return record, []
    return record, [(a, label) for a, label in gate.choices(record, seat) if a["type"] in types]


async def refuse_with_choices(interaction: discord.Interaction, why: str, record: GameRecord, seat: str,
                              *types: str) -> None:
    """Why first, then what the user can do of these action types (or what the game asks now)."""
    legal = gate.choices(record, seat)
    same = [label for a, label in legal if a["type"] in types]
    tx = lang.here("core")
    if same:
        hint = tx._("You can: {choices}.", choices="; ".join(same[:6]) + ("; …" if len(same) > 6 else ""))
    else:
        hint = tx._("Your choices now: {choices}.", choices="; ".join(label for _, label in legal[:6]))
    await reply(interaction, f"{why} {hint}"[:2000])
