"""Every refusal of the service: a ServiceError with a friendly `.message` (why + what is possible)."""
from __future__ import annotations

from bot.computers import is_computer, name


def mention(seat: str | int) -> str:
    """A user's mention; a computer's name ("Computer 1 (hard)")."""
    return name(str(seat)) if is_computer(str(seat)) else f"<@{seat}>"


def mentions(seats: list[str]) -> str:
    return ", ".join(mention(s) for s in seats) if seats else "nobody"


class ServiceError(Exception):
    """Base of every refusal; `.message` is ready to show to the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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
