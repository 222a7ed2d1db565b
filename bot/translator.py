"""Slash commands in Discord's own way: each user's client shows the command tree in its language,
from the `commands` catalog (lang/locales/*/LC_MESSAGES/commands.po).

The catalog's ids are the English texts: a command, group or option name under the context "name",
a choice's name under "choice", a description with no context."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import lang

DOMAIN = "commands"
NAME = "name"
CHOICE = "choice"
NAMES = {Where.command_name, Where.group_name, Where.parameter_name}
DESCRIPTIONS = {Where.command_description, Where.group_description, Where.parameter_description}


def context_of(location: Where) -> str | None:
    """The msgctxt a text of this place is kept under; None for a description."""
    if location in NAMES:
        return NAME
    if location is Where.choice_name:
        return CHOICE
    return None


class CommandTranslator(app_commands.Translator):
    """Polish and Italian for every command, option and choice; other locales keep the English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        language = lang.of_discord_locale(locale)
        if language == "en":
            return None  # Discord shows the English of every locale we have no catalog for
        texts = lang.texts(language, DOMAIN)
        english = string.message
        key = context_of(context.location)
        translated = texts.p_(key, english) if key else texts._(english)
        return None if translated == english else translated


def slash(language: str, *paths: str) -> str:
    """Commands as a reader's Discord shows them: slash("pl", "game new") -> "/gra nowa"; several
    of one group share it: slash("en", "game join", "game leave") -> "/game join · leave"."""
    texts = lang.texts(language, DOMAIN)
    said = [[texts.p_(NAME, word) for word in path.split()] for path in paths]
    return "/" + " ".join(said[0]) + "".join(" · " + " ".join(words[1:]) for words in said[1:])


def tree_texts(payloads: list[dict[str, Any]]) -> Iterator[tuple[str | None, str]]:
    """Every (context, English text) of the command payloads (`command.to_dict(tree)`), for the catalog."""
    for payload in payloads:
        yield NAME, payload["name"]
        if payload.get("description"):
            yield None, payload["description"]
        for choice in payload.get("choices") or []:
            yield CHOICE, choice["name"]
        yield from tree_texts(payload.get("options") or [])
