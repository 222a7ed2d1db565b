"""A whole game of each game in Polish and in Italian, through the Discord simulator with the same
drivers as the English ones (tests/e2e/test_whole_games.py): each game finishes, and no text the bot
sent, nor any text drawn on its images, is English: none holds an English text of the catalogs
(lang/locales/*.pot) of three words or more verbatim, none is a whole English text of them, and none
holds three of English's small words (a text no catalog holds yet); every image is drawn in the
language.

The Polish games set the language as Discord says it (the guild's preferred locale, the users'
client locale), the Italian ones as the bot stores it (`/game server-language`, `/game language`).

`WRITE_TRANSCRIPTS=1` also writes each game's public posts, in order, to
docs/transcripts/<game>.<pl|it>.txt (nothing is compared with those files).

The games wait on the conversion of every area (issue #25): they run with `LANG_GAMES=1`
    LANG_GAMES=1 .venv/bin/pytest -q -n 0 tests/lang/test_whole_games_languages.py
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import lang
from lang.catalog import complete, po_path, pot_path, read_catalog
from tests.e2e.africa_driver import AfricaPlayers
from tests.e2e.harness import settle, start_bot
from tests.e2e.mali_driver import MaliPlayers
from tests.e2e.maquis_driver import MaquisPlayers
from tests.e2e.test_whole_games import open_and_play, open_table
from tests.e2e.texts import WORD, Image, drawn_images, pseudo_checked, sent_texts
from tests.e2e.westerplatte_driver import WesterplattePlayers
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = ROOT / "docs" / "transcripts"
LANG_GAMES = os.environ.get("LANG_GAMES", "") not in ("", "0")
WRITE = os.environ.get("WRITE_TRANSCRIPTS", "") not in ("", "0")
EDGES = re.compile(r"[^\W_].*[^\W_]|[^\W_]", re.DOTALL)
HOW = {"pl": "locale", "it": "service"}  # how each language is set: both ways are played

# The shortest whole games the e2e tests know (tests/e2e/test_<game>_games.py's seeds).
GAMES = [
    pytest.param("mali", 2, {"variant": "basic"}, 2, MaliPlayers, id="mali"),
    pytest.param("africa", 2, {"options": "sealed_auction=false"}, 30, AfricaPlayers, id="africa"),
    pytest.param("westerplatte", 4, {"variant": "medium"}, 7, WesterplattePlayers, id="westerplatte"),
    pytest.param("maquis", 1, {"options": "difficulty=normal"}, 4, MaquisPlayers, id="maquis"),
]


# -- the English of the catalogs -----------------------------------------------------------------


@dataclass(frozen=True)
class English:
    """The catalogs' English that a reader of a language must never meet: whole texts, and every
    part of three words or more between placeholders; less what that language writes the same."""

    whole: frozenset[str]
    phrases: frozenset[str]

    def found_in(self, text: str) -> str | None:
        """The English `text` is, or holds; None when it has none."""
        bare = text.strip()
        if bare in self.whole:
            return bare
        return next((phrase for phrase in self.phrases if phrase in text), None)


def literal_parts(msgid: str) -> list[str]:
    """The words of a text between its placeholders ("{player} moves {scout} to {space}." ->
    [" moves ", " to ", "."])."""
    try:
        return [literal for literal, _, _, _ in string.Formatter().parse(msgid)]
    except ValueError:
        return [msgid]


def words_of(part: str) -> str:
    """A part from its first word to its last ("**. Press **Join** to take a seat." -> "Press
    **Join** to take a seat"): the marks around it belong to the placeholders' values."""
    found = EDGES.search(part)
    return found[0] if found else ""


def forms(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, tuple | list) else [str(value)]


@cache
def english(language: str) -> English:
    """The catalogs' English (every domain's template), less what `language`'s catalogs (any
    domain's) write the same: a name, a word both languages share."""
    templates = sorted(pot_path("core").parent.glob("*.pot"))
    same: set[str] = set()
    for pot in templates:
        translated = po_path(language, pot.stem)
        if translated.exists():
            for message in read_catalog(translated, locale=language):
                if message.id and complete(message):
                    same |= set(forms(message.string))
    whole: set[str] = set()
    phrases: set[str] = set()
    for pot in templates:
        for message in read_catalog(pot):
            for msgid in forms(message.id) if message.id else []:
                if msgid in same or not WORD.search(msgid):
                    continue
                if "{" not in msgid and len(msgid.strip()) > 2:  # a letter or two ("W") is no English
                    whole.add(msgid.strip())
                for literal in literal_parts(msgid):
                    part = words_of(literal)
                    if len(WORD.findall(part)) >= 3 and not any(part in text for text in same):
                        phrases.add(part)
    return English(frozenset(whole), frozenset(phrases))


def test_the_english_of_the_catalogs_is_found() -> None:
    found = english("en-nothing-translated")
    assert found.found_in("Join") == "Join"  # a whole text (the lobby's button)
    table = "{player} opened a table for **{game}**. Press **Join** to take a seat."
    assert "Press **Join** to take a seat" in found.phrases
    assert found.found_in("Ala otworzyła stół. Press **Join** to take a seat.") == "Press **Join** to take a seat"
    assert found.found_in(table.format(player="<@1>", game="Maquis")) is not None
    assert found.found_in("Dołącz") is None and found.found_in("Ala dołącza do stołu nr 3.") is None
    assert literal_parts("{player} moves {scout} to {space}.") == ["", " moves ", " to ", "."]


# English's small words, none of them a Polish or an Italian word: three of them in one text are
# English, whether or not a catalog holds it yet (a text never converted is in none).
SMALL_WORDS = frozenset({"the", "and", "you", "your", "is", "are", "has", "have", "with", "this", "that", "of",
                         "for", "from", "will", "was", "were", "been", "their", "there", "which", "what", "when",
                         "who", "can", "must", "not", "it", "its", "an", "by", "or", "at", "any", "each"})


def small_words(text: str) -> list[str]:
    """The distinct English small words of a text (three or more: it is English)."""
    return sorted({w for w in WORD.findall(re.sub(r"<[^>]*>|`[^`]*`|https?://\S+", " ", text))
                   if w.lower() in SMALL_WORDS})


def test_english_small_words_give_english_away() -> None:
    assert small_words("Your turn: choose one of the cards.") == ["Your", "of", "the"]
    assert len(small_words("Twoja tura: wybierz jedną z kart. To jest stół nr 3 na kanale <#12>.")) < 3
    assert len(small_words("Tocca a te: scegli una delle carte, o passa. Il tavolo è in `/game new`.")) < 3
    assert len(small_words("7 giorni di Westerplatte: it is `/game help for the rules`")) == 2


def english_found(sim: FakeDiscord, images: Iterable[Image], language: str) -> list[str]:
    """Every sent or drawn text that is, or holds, English of the catalogs, or reads as English
    (three of its small words), and every image not drawn in `language`, with its place."""
    words = english(language)
    found: list[str] = []

    def check(text: str, place: str) -> None:
        hit = words.found_in(text)
        if hit is None and len(small := small_words(text)) >= 3:
            hit = " ".join(small)
        if hit is not None:
            found.append(f"{place}: {hit!r} in {text[:200]!r}")

    for sent in sent_texts(sim):
        if pseudo_checked(sent):
            check(sent.text, sent.place)
    for image in images:
        if image.language != language:
            found.append(f"{image.place}: drawn in {image.language!r}")
        for drawn in image.texts:
            check(drawn.text, f"{image.place} by {drawn.where}")
    return found


# -- the transcript ------------------------------------------------------------------------------


def transcript(sim: FakeDiscord, channels: Iterable[int]) -> str:
    """The bot's public posts in the channels (the table's channel, the game's thread if it has
    one), in the order sent, as they read now: text, embeds, attached files; mentions as names,
    timestamps without the time of the run (the same transcript from one run to the next)."""
    posts = sorted((m for cid in set(channels) for m in sim.channel_messages(sim.channels[cid])
                    if m.author is sim.bot_user), key=lambda m: m.id)
    names = {user.id: user.username for user in sim.users.values()}

    def named(text: str) -> str:  # mentions as names, Discord's timestamps without the time of the run
        text = re.sub(r"<t:\d+(:[tTdDfFsSR])?>", r"<t:…\1>", text)
        return re.sub(r"<@!?(\d+)>", lambda m: "@" + names.get(int(m[1]), m[1]), text)

    lines: list[str] = []
    for post in posts:
        place = sim.channels[post.channel.id]
        lines.append(f"--- {'thread' if place.is_thread else 'channel'} #{place.name}")
        if post.content:
            lines.append(named(post.content))
        for embed in post.embeds:
            lines += [named(str(embed[k])) for k in ("title", "description") if embed.get(k)]
            lines += [named(f"{f.get('name')}: {f.get('value')}") for f in embed.get("fields") or []]
            if (embed.get("footer") or {}).get("text"):
                lines.append(named(embed["footer"]["text"]))
        lines += [f"[{a.filename}]" for a in post.attachments]
    return "\n".join(lines) + "\n"


def test_a_transcript_names_people_and_keeps_the_order(fake_discord: FakeDiscord) -> None:
    sim = fake_discord
    assert sim.channel is not None and sim.guild is not None
    thread = sim.add_thread(sim.channel, "Maquis #1")
    sim.create_bot_message(sim.channel, f"<@{sim.alice.id}> opened a table.")
    sim.create_bot_message(thread, "Day 1.", embeds=[{"title": "Board", "fields": [{"name": "a", "value": "b"}]}])
    sim.create_bot_message(sim.channel, "Maquis #1 ended <t:1795708317:R>.")
    sim.create_bot_message(sim.add_text_channel(sim.guild, "elsewhere"), "Not this game's.")
    assert transcript(sim, [sim.channel.id, thread.id]) == (
        "--- channel #general\n@alice opened a table.\n--- thread #Maquis #1\nDay 1.\nBoard\na: b\n"
        "--- channel #general\nMaquis #1 ended <t:…:R>.\n")


# -- the games -----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["pl", "it"])
async def test_a_table_opens_in_the_language_both_ways(fake_discord: FakeDiscord, tmp_path: Path,
                                                       language: str) -> None:
    """Set as Discord says it (the locales) or as the bot stores it: the table is opened in the
    language, and its card's buttons speak it (what the conversions need to show the rest)."""
    for how in ("service", "locale"):  # the server keeps its preferred locale from here on
        bot = await start_bot(fake_discord, f"sqlite+aiosqlite:///{tmp_path / f'{how}.sqlite3'}")
        _, card, _ = await open_table(fake_discord, bot, "maquis", 1, {}, language, how)
        await settle()
        core = lang.texts(language, "core")
        labels = [c.label for c in card.components if c.custom_id and c.custom_id.startswith("tr:t:")]
        assert core._("Join") != "Join" and core._("Join") in labels, (how, labels)
        await fake_discord.disconnect(bot)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["pl", "it"])
@pytest.mark.parametrize(("key", "players", "options", "seed", "driver"), GAMES)
async def test_a_whole_game_speaks_the_language(fake_discord: FakeDiscord, tmp_path: Path, key: str, players: int,
                                                options: dict[str, Any], seed: int, driver: type[Any],
                                                language: str) -> None:
    with drawn_images() as images:
        findings = await open_and_play(fake_discord, tmp_path, key, players, options, seed, driver,
                                       language=language, by=HOW[language])
    assert images, "the game drew no image"
    if WRITE:
        TRANSCRIPTS.mkdir(parents=True, exist_ok=True)
        assert fake_discord.channel is not None
        text = transcript(fake_discord, [fake_discord.channel.id, findings.where])
        (TRANSCRIPTS / f"{key}.{language}.txt").write_text(text, encoding="utf-8")
    found = english_found(fake_discord, images, language)
    assert found == [], "\n".join(found[:60]) + f"\n({len(found)} English texts in all)"
