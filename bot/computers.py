"""Computer seats (issue #24): a seat held by the computer holds the user id `cpu:<strength>:<n>`
(n = 1..4, distinct in a game), shown as "Computer <n> (<strength>)". Pure: names no Discord."""
from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping

import computer
import lang
from games.base import Game, Say, say
from lang import N_

STRENGTHS = computer.STRENGTHS
MOST = 4  # computers at one table
STRENGTH_WORDS = {
    "easy": N_("easy: the move that looks best right now"),
    "medium": N_("medium: a search over what the hidden parts may be, a moment a move"),
    "hard": N_("hard: the same search, several times longer (up to about 2 s a move)"),
}
STRENGTH_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}  # each in the reader's words
_ID = re.compile(r"cpu:(easy|medium|hard):([1-4])")


def user_id(strength: str, n: int) -> str:
    return f"cpu:{strength}:{n}"


def parse(user: str) -> tuple[str, int] | None:
    """(strength, n) of a computer's user id, None for anyone else."""
    found = _ID.fullmatch(str(user))
    return (found[1], int(found[2])) if found else None


def is_computer(user: str) -> bool:
    return parse(user) is not None


def name_words(user: str) -> Say | str:
    """A computer's name as words worded per reader ("Computer 2 (hard)", "Komputer 2 (trudny)"),
    kept in stored lines; the id itself for anything else."""
    found = parse(user)
    if not found:
        return str(user)
    return say("Computer {number} ({strength})", number=found[1], strength=say(STRENGTH_NAMES[found[0]]))


def name(user: str) -> str:
    """"Computer 2 (hard)" for a computer's user id, in the current language (lang.use); the id
    itself for anything else."""
    return lang.here("core").say(name_words(user))


def next_id(users: Mapping[str, str], strength: str) -> str | None:
    """A computer's user id for a new computer at a table seated by `users` (None: 4 already)."""
    taken = {p[1] for u in users.values() if (p := parse(u)) is not None}
    free = [n for n in range(1, MOST + 1) if n not in taken]
    return user_id(strength, free[0]) if free else None


def humans(users: Mapping[str, str]) -> list[str]:
    """The seats held by people."""
    return [s for s, u in users.items() if not is_computer(u)]


def plays(game: Game) -> bool:
    """Whether the computer can play this game: it needs the game's `sample` (never peeking)."""
    return callable(getattr(game, "sample", None))


def refusal(game: Game) -> Say | None:
    """Why a game can't have computer players (None when it can), as words worded per reader."""
    if plays(game):
        return None
    return say("The computer can't play {game} yet, so it can't take a seat or play for anyone there.",
               game={"in": game.key, "words": say(game.title)})  # bot.service.errors.title_words


def seed_of(game_id: int, state_version: int, seat: str) -> int:
    """The computer's seed for one decision: the same game, version and seat think the same
    (a restart thinks again and comes to the same move). Public facts only: never the game's own
    seed, which would make the decision depend on what the seat cannot see."""
    digest = hashlib.sha256(f"{game_id}:{state_version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2
