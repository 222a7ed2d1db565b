"""Every refusal of the service: a ServiceError with a friendly `.message` (why + what is possible)."""
from __future__ import annotations

import lang
from bot.computers import is_computer, name
from games.base import Say, english


def mention(seat: str | int) -> str:
    """A user's mention; a computer's name ("Computer 1 (hard)")."""
    return name(str(seat)) if is_computer(str(seat)) else f"<@{seat}>"


def mentions(seats: list[str]) -> str:
    return ", ".join(mention(s) for s in seats) if seats else "nobody"


class ServiceError(Exception):
    """Base of every refusal: its words (a Say of `domain`'s catalog, or a text already worded);
    `.message` words them in the current language (lang.use: the reader's, in an interaction)."""

    def __init__(self, words: Say | str, domain: str = "core") -> None:
        super().__init__(english(words))
        self.words = words
        self.domain = domain

    @property
    def message(self) -> str:
        return lang.here(self.domain).say(self.words)


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
