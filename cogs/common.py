"""What every game cog shares: finding the game, replying, and playing one action."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from bot.service import ServiceError

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import Applied, GameRecord

log = logging.getLogger(__name__)

T = TypeVar("T")
DEFER_AFTER = 1.0  # seconds; Discord wants an answer within 3

OOPS = ("Something went wrong on our side and nothing was changed. "
        "Please try again; if it keeps happening, tell the server admins (game #{gid}).")


def bot_of(interaction: discord.Interaction) -> "TabletopBot":
    return interaction.client  # type: ignore[return-value]


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Answer ephemerally, whether or not the interaction was acknowledged yet."""
    kwargs.setdefault("ephemeral", True)
    if content is not None:
        kwargs["content"] = content[:2000]
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def in_time(interaction: discord.Interaction, work: Awaitable[T], *, update: bool = False) -> T:
    """Run `work`, acknowledging the interaction only if it is not done soon enough.

    A quick move is then answered with one request instead of an acknowledgement and a follow-up.
    `update`: a component click whose message will be edited (deferred update) rather than answered."""
    task = asyncio.ensure_future(work)
    if not interaction.response.is_done():
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        if not done:
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
    return await task


def where_id(interaction: discord.Interaction) -> int:
    return interaction.channel_id or 0


async def find_game(interaction: discord.Interaction, game_id: int | None,
                    key: str | None = None, running_only: bool = False) -> "GameRecord | None":
    """The game the command means: the given id, or the only one in this channel.

    Replies with a friendly refusal and returns None when it cannot tell."""
    service = bot_of(interaction).service
    if game_id is not None:
        try:
            record = await service.get(game_id)
        except ServiceError as exc:
            await reply(interaction, exc.message)
            return None
        if key and record.key != key:
            await reply(interaction, f"Game #{game_id} is {record.game.title}, not this game.")
            return None
        return record
    guild_id = interaction.guild_id or 0
    records = await service.in_channel(guild_id, where_id(interaction))
    if key:
        records = [r for r in records if r.key == key]
    if running_only:
        records = [r for r in records if r.status == "running"]
    if len(records) == 1:
        return records[0]
    if not records:
        what = "a game of this kind" if key else "a game"
        await reply(interaction, f"There is no {what} in this channel. "
                                 "Open a table with `/game new`, or pick one with the `game` option.")
        return None
    listing = ", ".join(f"#{r.id} {r.game.title} ({r.status})" for r in records[:10])
    await reply(interaction, f"Several games share this channel ({listing}). "
                             "Say which with the `game` option.")
    return None


async def game_autocomplete(interaction: discord.Interaction, current: str,
                            key: str | None = None) -> list[app_commands.Choice[int]]:
    service = bot_of(interaction).service
    records = await service.in_channel(interaction.guild_id or 0, where_id(interaction))
    if not records and interaction.guild_id:
        records = await service.in_guild(interaction.guild_id)
    choices = []
    for r in records:
        if key and r.key != key:
            continue
        label = f"#{r.id} {r.game.title} ({r.status}, {len(r.seats)} players)"
        if current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=r.id))
    return choices[:25]


def seat_of(interaction: discord.Interaction) -> str:
    return str(interaction.user.id)


async def perform(interaction: discord.Interaction, record: "GameRecord", action: dict[str, Any], *,
                  expected_version: int | None = None, quiet: bool = False) -> "Applied | None":
    """Play one action for the interaction's user through the one path, then tell everyone."""
    bot = bot_of(interaction)
    seat = seat_of(interaction)
    try:
        applied = await in_time(interaction, bot.service.act(record.id, seat, action,
                                                             expected_version=expected_version))
    except ServiceError as exc:
        await reply(interaction, exc.message)
        return None
    except Exception:
        log.exception("action failed: game %s seat %s action %s", record.id, seat, action)
        await reply(interaction, OOPS.format(gid=record.id))
        return None
    if not quiet:
        await confirm(interaction, applied, own_private(applied, seat))
    await bot.presenter.after(applied, actor=seat)
    return applied


def own_private(applied: "Applied", seat: str) -> list[dict[str, Any]]:
    return [e for e in applied.events if e.get("private_to") == seat]


async def confirm(interaction: discord.Interaction, applied: "Applied",
                  mine: list[dict[str, Any]]) -> None:
    """Tell the actor what happened, with their private events and their next choices."""
    from cogs.panel import panel_message

    seat = seat_of(interaction)
    own = [e["text"] for e in applied.events if e.get("seat") == seat and not e.get("private_to")]
    lines = own[-6:] + [f"🔒 {e['text']}" for e in mine]
    text = "\n".join(lines) or "Done."
    record = applied.record
    if seat in record.to_act:
        content, view = await panel_message(bot_of(interaction), record, seat)
        await reply(interaction, f"{text}\n\n{content}"[:2000], view=view)
    else:
        await reply(interaction, text[:2000])
