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

import lang
from lang import N_

if TYPE_CHECKING:
    from discord.types.interactions import ApplicationCommandInteractionData

MAX_TEXT = 6000  # Discord's longest string option
SUBCOMMANDS = (T.subcommand.value, T.subcommand_group.value)
RESOLVED = {T.user: ("users",), T.mentionable: ("users", "roles"), T.channel: ("channels",),
            T.role: ("roles",), T.attachment: ("attachments",)}
# Marked texts, worded in the reader's language where read (the refusal runs in the command's task).
KIND = {T.string: N_("text"), T.integer: N_("a whole number"), T.number: N_("a number"),
        T.boolean: N_("true or false"), T.user: N_("a user"), T.channel: N_("a channel"), T.role: N_("a role"),
        T.mentionable: N_("a user or a role"), T.attachment: N_("a file")}


def done_nothing(text: str) -> str:
    """A refusal's reason, then that nothing was done."""
    nothing = lang.here("core")._("Nothing was done.")  # not in the f-string: the extraction would miss it
    return f"{text} {nothing}"


def unknown_command() -> str:
    return done_nothing(lang.here("core")._("I don't know that command (it may belong to an older version of the "
                                            "bot). `/game help` lists the commands."))


def shown(value: Any) -> str:
    """A given value as the user may be shown it, short."""
    text = lang.here("core")._("nothing") if value is None else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def accepts(param: app_commands.Parameter) -> str:
    """What an option takes, in words: "a whole number from 1 to 14"."""
    tx = lang.here("core")
    kind = tx._(KIND[param.type]) if param.type in KIND else tx._("a value")
    choices = param.choices
    if choices and not param.autocomplete:
        names = ", ".join(str(c.value) for c in choices[:10])
        return tx._("one of the offered choices ({choices})", choices=names)
    low, high = param.min_value, param.max_value
    if param.type is T.string:
        if low is not None and high is not None:
            return tx._("text of {least} to {most} characters", least=low, most=high)
        return tx._("text of at most {most} characters", most=high if high is not None else MAX_TEXT)
    if low is not None and high is not None:
        return tx._("{kind} from {least} to {most}", kind=kind, least=low, most=high)
    if low is not None:
        return tx._("{kind} of at least {least}", kind=kind, least=low)
    if high is not None:
        return tx._("{kind} of at most {most}", kind=kind, most=high)
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
    """Why a slash command's options cannot be used (None when every one is what it declares), in the
    current language."""
    tx = lang.here("core")
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return done_nothing(tx._("That command arrived garbled, so I can't run it."))
    kind = data.get("type", 1)
    if kind != discord.AppCommandType.chat_input.value:  # a context menu: none of ours takes options
        try:
            known = tree.get_command(data["name"], type=discord.AppCommandType(kind))
        except (ValueError, TypeError):
            known = None
        return None if known is not None else unknown_command()
    try:
        # discord.py's own lookup: a payload that is not the shape it reads raises, and is refused below
        command, options = tree._get_app_command_options(cast("ApplicationCommandInteractionData", data))
    except app_commands.CommandNotFound:
        return unknown_command()
    except (app_commands.AppCommandError, KeyError, TypeError, AttributeError, ValueError):
        return done_nothing(tx._("That command arrived garbled (or without its subcommand), so I can't run it."))
    if not isinstance(command, app_commands.Command):
        return done_nothing(tx._("That command needs a subcommand, e.g. `/game help`."))
    if not isinstance(options, list) or not all(isinstance(o, dict) for o in options):
        return done_nothing(tx._("That command's options arrived garbled, so I can't run it."))
    params = {p.display_name: p for p in command.parameters}
    resolved = data.get("resolved") or {}
    resolved = resolved if isinstance(resolved, dict) else {}
    seen: set[str] = set()
    for option in options:
        name = option.get("name")
        param = params.get(name) if isinstance(name, str) else None
        if param is None or name in seen:
            return done_nothing(tx._("`/{command}` has no option {name} (or got it twice).",
                                     command=command.qualified_name, name=shown(name)))
        seen.add(param.display_name)
        if option.get("type") != param.type.value or option.get("type") in SUBCOMMANDS \
                or not value_fits(param, option.get("value"), resolved):
            return done_nothing(tx._("`{option}` must be {accepted}; {value} is not.", option=param.display_name,
                                     accepted=accepts(param), value=shown(option.get("value"))))
    missing = [p.display_name for p in command.parameters if p.required and p.display_name not in seen]
    if missing:
        return done_nothing(tx._("`{option}` is required: give {accepted}.", option=missing[0],
                                 accepted=accepts(params[missing[0]])))
    return None


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """Answer privately (the lock is the one cogs.common's replies take, under the same key)."""
    lock = interaction.extras.setdefault("answer_lock", asyncio.Lock())
    async with lock:
        if interaction.response.is_done():
            await interaction.followup.send(text[:2000], ephemeral=True)
        else:
            await interaction.response.send_message(text[:2000], ephemeral=True)
