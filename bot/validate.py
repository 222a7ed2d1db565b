"""Every option of a slash command checked against the command's own declaration (type,
required, range, length, choices, a user or channel Discord resolved) before discord.py converts
it: Discord's client enforces these, but a forged or buggy payload is not bound by it."""
from __future__ import annotations

import asyncio
import math
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import AppCommandOptionType as T
from discord import app_commands

if TYPE_CHECKING:
    from discord.types.interactions import ApplicationCommandInteractionData

MAX_TEXT = 6000  # Discord's longest string option
SUBCOMMANDS = (T.subcommand.value, T.subcommand_group.value)
RESOLVED = {T.user: ("users",), T.mentionable: ("users", "roles"), T.channel: ("channels",),
            T.role: ("roles",), T.attachment: ("attachments",)}
KIND = {T.string: "text", T.integer: "a whole number", T.number: "a number", T.boolean: "true or false",
        T.user: "a user", T.channel: "a channel", T.role: "a role", T.mentionable: "a user or a role",
        T.attachment: "a file"}
NOTHING_DONE = "Nothing was done."
UNKNOWN_COMMAND = ("I don't know that command (it may belong to an older version of the bot). "
                   "`/game help` lists the commands. " + NOTHING_DONE)


def shown(value: Any) -> str:
    """A given value as the user may be shown it, short."""
    text = "nothing" if value is None else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def accepts(param: app_commands.Parameter) -> str:
    """What an option takes, in words: "a whole number from 1 to 14"."""
    kind = KIND.get(param.type, "a value")
    choices = param.choices
    if choices and not param.autocomplete:
        names = ", ".join(str(c.value) for c in choices[:10])
        return f"one of the offered choices ({names})"
    low, high = param.min_value, param.max_value
    if param.type is T.string:
        if low is not None and high is not None:
            return f"text of {low} to {high} characters"
        return f"text of at most {high if high is not None else MAX_TEXT} characters"
    if low is not None and high is not None:
        return f"{kind} from {low} to {high}"
    if low is not None:
        return f"{kind} of at least {low}"
    if high is not None:
        return f"{kind} of at most {high}"
    return kind


def _in_range(param: app_commands.Parameter, value: float) -> bool:
    low, high = param.min_value, param.max_value
    return (low is None or value >= low) and (high is None or value <= high)


def value_fits(param: app_commands.Parameter, value: Any, resolved: dict[str, Any]) -> bool:
    """Whether one option's raw value is what the parameter declares."""
    kind = param.type
    choices = param.choices
    if kind is T.string:
        if not isinstance(value, str):
            return False
        low, high = param.min_value, param.max_value
        if not (low or 0) <= len(value) <= (high if high is not None else MAX_TEXT):
            return False
    elif kind is T.integer:
        if type(value) is not int or not _in_range(param, value):
            return False
    elif kind is T.number:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if not math.isfinite(value) or not _in_range(param, value):
            return False
    elif kind is T.boolean:
        return isinstance(value, bool)
    elif kind in RESOLVED:
        if not isinstance(value, str) or not value.isascii() or not value.isdigit():
            return False
        return any(isinstance(resolved.get(where), dict) and value in resolved[where]
                   for where in RESOLVED[kind])
    else:
        return False
    if choices and not param.autocomplete:
        return any(value == c.value for c in choices)
    return True


def refusal(tree: app_commands.CommandTree[Any], data: object) -> str | None:
    """Why a slash command's options cannot be used (None when every one is what it declares)."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return "That command arrived garbled, so I can't run it. " + NOTHING_DONE
    kind = data.get("type", 1)
    if kind != discord.AppCommandType.chat_input.value:  # a context menu: none of ours takes options
        try:
            known = tree.get_command(data["name"], type=discord.AppCommandType(kind))
        except (ValueError, TypeError):
            known = None
        return None if known is not None else UNKNOWN_COMMAND
    try:
        # discord.py's own lookup: a payload that is not the shape it reads raises, and is refused below
        command, options = tree._get_app_command_options(cast("ApplicationCommandInteractionData", data))
    except app_commands.CommandNotFound:
        return UNKNOWN_COMMAND
    except (app_commands.AppCommandError, KeyError, TypeError, AttributeError, ValueError):
        return "That command arrived garbled (or without its subcommand), so I can't run it. " + NOTHING_DONE
    if not isinstance(command, app_commands.Command):
        return "That command needs a subcommand, e.g. `/game help`. " + NOTHING_DONE
    if not isinstance(options, list) or not all(isinstance(o, dict) for o in options):
        return "That command's options arrived garbled, so I can't run it. " + NOTHING_DONE
    params = {p.display_name: p for p in command.parameters}
    resolved = data.get("resolved") or {}
    resolved = resolved if isinstance(resolved, dict) else {}
    seen: set[str] = set()
    for option in options:
        name = option.get("name")
        param = params.get(name) if isinstance(name, str) else None
        if param is None or name in seen:
            return (f"`/{command.qualified_name}` has no option {shown(name)} (or got it twice). "
                    + NOTHING_DONE)
        seen.add(param.display_name)
        if option.get("type") != param.type.value or option.get("type") in SUBCOMMANDS \
                or not value_fits(param, option.get("value"), resolved):
            return (f"`{param.display_name}` must be {accepts(param)}; {shown(option.get('value'))} is not. "
                    + NOTHING_DONE)
    missing = [p.display_name for p in command.parameters if p.required and p.display_name not in seen]
    if missing:
        return f"`{missing[0]}` is required: give {accepts(params[missing[0]])}. " + NOTHING_DONE
    return None


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """Answer privately (the lock is the one cogs.common's replies take, under the same key)."""
    lock = interaction.extras.setdefault("answer_lock", asyncio.Lock())
    async with lock:
        if interaction.response.is_done():
            await interaction.followup.send(text[:2000], ephemeral=True)
        else:
            await interaction.response.send_message(text[:2000], ephemeral=True)
