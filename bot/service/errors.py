"""Every refusal of the service: a ServiceError with a friendly `.message` (why + what is possible)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import lang
from bot.computers import is_computer, name_words
from games.base import Say, english, say

IN = "in"  # a Say arg {"in": domain, "words": ...}: words of another domain (a game's), worded in it


def mention(seat: str | int) -> Say | str:
    """A user's mention; a computer's name ("Computer 1 (hard)") as words worded per reader."""
    return name_words(str(seat)) if is_computer(str(seat)) else f"<@{seat}>"


def mentions(seats: list[str]) -> Say | list[Say | str]:
    return [mention(s) for s in seats] if seats else say("nobody")


def of_game(domain: str, words: Any) -> dict[str, Any]:
    """A Say arg made of another domain's words (a game's events, an engine's refusal): worded in
    that domain's catalog where the Say around it is worded in `core`'s; several joined by spaces."""
    return {IN: domain, "words": words}


def resolved(words: Any) -> Any:
    """`words` with every `of_game` arg worded already (in the current language), so that the rest
    is worded in one domain (lang.Texts.say)."""
    if isinstance(words, Mapping):
        if isinstance(words.get(IN), str) and "words" in words:
            inner = words["words"]
            tx = lang.here(words[IN])
            parts = inner if isinstance(inner, list | tuple) else [inner]
            return " ".join(tx.say(w) for w in parts)
        if isinstance(words.get("msg"), str) and words.get("args"):
            return {**words, "args": {k: resolved(v) for k, v in words["args"].items()}}
        return words
    if isinstance(words, list | tuple):
        return [resolved(w) for w in words]
    return words


def title(game: Any) -> str:
    """A game's title in the current language (its catalog's; a game without one as it is)."""
    return texts_of(game.key)._(game.title)


def title_words(game: Any) -> dict[str, Any]:
    """A game's title as a Say arg, worded in the game's catalog when the Say around it is."""
    return of_game(game.key, say(game.title))


def texts_of(domain: str) -> lang.Texts:
    """A domain's texts in the current language; a game without a catalog of its own (a test's toy
    game, a new game) reads its texts as they are (English)."""
    return lang.here(domain) if domain in lang.DOMAINS else lang.texts("en", "core")


def word(domain: str, words: Any) -> str:
    """Words (a Say, possibly with other domains' words in it, or a stored English text) in the
    current language; a domain without a catalog (a test's toy game) in English."""
    if domain not in lang.DOMAINS:
        return english_words(words)
    return lang.here(domain).say(resolved(words))


def english_words(words: Any) -> str:
    """The English of words that may hold `of_game` args (for logs, tests and the stored "text")."""
    return english(_english_args(words))


def _english_args(words: Any) -> Any:
    if isinstance(words, Mapping):
        if isinstance(words.get(IN), str) and "words" in words:
            inner = words["words"]
            return " ".join(english(w) for w in (inner if isinstance(inner, list | tuple) else [inner]))
        if isinstance(words.get("msg"), str) and words.get("args"):
            return {**words, "args": {k: _english_args(v) for k, v in words["args"].items()}}
        return words
    if isinstance(words, list | tuple):
        return [_english_args(w) for w in words]
    return words


class ServiceError(Exception):
    """Base of every refusal: its words (a Say of `domain`'s catalog, or a text already worded);
    `.message` words them in the current language (lang.use: the reader's, in an interaction)."""

    def __init__(self, words: Say | str, domain: str = "core") -> None:
        super().__init__(english_words(words))
        self.words = words
        self.domain = domain

    @property
    def message(self) -> str:
        return word(self.domain, self.words)


class NoSuchGame(ServiceError):
    pass


class UnknownGame(ServiceError):
    """open_table with a key that is not in the games registry."""


class NotInGame(ServiceError):
    pass


class NotYourTurn(ServiceError):
    pass


class StaleAction(ServiceError):
    pass


class TableFull(ServiceError):
    pass


class AlreadyJoined(ServiceError):
    pass


class NotAllowed(ServiceError):
    pass


class WrongStatus(ServiceError):
    pass


class Illegal(ServiceError):
    """Wraps games.IllegalAction (and bad options or settings); keeps the game's text."""


class Conflict(ServiceError):
    pass
