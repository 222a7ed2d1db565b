"""Who reads which language (issue #25).

- A reader (a private reply, an autocomplete answer, a private image): the language they chose
  with `/game language`, else their Discord client's (`interaction.locale`), else English.
- A DM (no interaction): the language they chose, else their Discord client's as last seen in an
  interaction of theirs (kept on their player row), else the table's, else English.
- A table (its public posts, thread name and board images): the language it was opened with
  (`/game new language:`), which defaults to the server's: set by its admins, else the guild's
  preferred locale, else English.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import lang

if TYPE_CHECKING:
    import discord

    from bot.service import GameService
    from bot.service.records import GameRecord, PlayerRecord

log = logging.getLogger(__name__)

SETTING = "language"  # the key of a table's language in games.settings


READABLE = (*lang.LANGUAGES, lang.PSEUDO)  # what may be stored; the pseudo-locale only by tests, never offered


def chosen_or_locale(choice: str | None, locale: object) -> str:
    """A stored choice when it is a language we have, else the Discord locale's (English when none)."""
    if choice in READABLE:
        return str(choice)
    return lang.of_discord_locale(locale)


async def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of what only this user reads (kept on the interaction once found). On the way,
    their Discord client's language is kept on their player row when it changed (their DMs')."""
    known = interaction.extras.get(SETTING)
    if isinstance(known, str):
        return known
    service: GameService = interaction.client.service
    player = await service.get_player(interaction.user.id)
    await note_discord_language(service, player, interaction.locale)
    language = chosen_or_locale(player.language, interaction.locale)
    interaction.extras[SETTING] = language
    return language


async def note_discord_language(service: GameService, player: PlayerRecord, locale: object) -> None:
    """Keep the language of the player's Discord client (`locale`: en, pl or it; any other locale
    reads English) when their row, just read, says otherwise: the common case writes nothing. A
    failure to write is logged and never stops the interaction."""
    seen = lang.of_discord_locale(locale)
    if player.discord_language == seen:
        return
    try:
        await service.set_discord_language(player.user_id, seen)
    except Exception:
        log.exception("could not keep the Discord language %s of %s", seen, player.user_id)


async def player_language(service: GameService, user_id: int, table: str | None = None) -> str:
    """The language of a DM sent with no interaction to read a locale from (a turn's reminder, a
    secret dealt at the start): the player's `/game language`, else their Discord client's as last
    seen in an interaction of theirs (a locale other than Polish or Italian reads English, as their
    private replies do), else the language of the `table` the DM is about (a player never seen
    yet), else English."""
    player = await service.get_player(user_id)
    if player.language in READABLE:
        return str(player.language)
    if player.discord_language in lang.LANGUAGES:
        return str(player.discord_language)
    return table if table is not None else "en"


async def server_language(service: GameService, guild_id: int | None, guild_locale: object) -> str:
    """A server's language: its admins' choice, else the guild's preferred locale's."""
    stored = await service.server_language(guild_id) if guild_id else None
    return chosen_or_locale(stored, guild_locale)


def table_language(record: GameRecord) -> str:
    """The language of a table's public posts, thread name and board images."""
    stored = record.settings.get(SETTING)
    return stored if stored in READABLE else "en"
