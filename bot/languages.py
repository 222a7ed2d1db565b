"""Who reads which language (issue #25).

- A reader (a private reply, a DM, an autocomplete answer, a private image): the language they chose
  with `/game language`, else their Discord client's (`interaction.locale`), else English.
- A table (its public posts, thread name and board images): the language it was opened with
  (`/game new language:`), which defaults to the server's: set by its admins, else the guild's
  preferred locale, else English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import lang

if TYPE_CHECKING:
    import discord

    from bot.service import GameService
    from bot.service.records import GameRecord

SETTING = "language"  # the key of a table's language in games.settings


READABLE = (*lang.LANGUAGES, lang.PSEUDO)  # what may be stored; the pseudo-locale only by tests, never offered


def chosen_or_locale(choice: str | None, locale: object) -> str:
    """A stored choice when it is a language we have, else the Discord locale's (English when none)."""
    if choice in READABLE:
        return str(choice)
    return lang.of_discord_locale(locale)


async def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of what only this user reads (kept on the interaction once found)."""
    known = interaction.extras.get(SETTING)
    if isinstance(known, str):
        return known
    service: GameService = interaction.client.service
    player = await service.get_player(interaction.user.id)
    language = chosen_or_locale(player.language, interaction.locale)
    interaction.extras[SETTING] = language
    return language


async def player_language(service: GameService, user_id: int, table: str | None = None) -> str:
    """The language of a DM sent with no interaction to read a locale from (a turn's reminder, a
    secret dealt at the start): the player's `/game language`, else the language of the `table`
    the DM is about (the one its players read there), else English."""
    player = await service.get_player(user_id)
    if player.language in READABLE or table is None:
        return chosen_or_locale(player.language, None)
    return table


async def server_language(service: GameService, guild_id: int | None, guild_locale: object) -> str:
    """A server's language: its admins' choice, else the guild's preferred locale's."""
    stored = await service.server_language(guild_id) if guild_id else None
    return chosen_or_locale(stored, guild_locale)


def table_language(record: GameRecord) -> str:
    """The language of a table's public posts, thread name and board images."""
    stored = record.settings.get(SETTING)
    return stored if stored in READABLE else "en"
