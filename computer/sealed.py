"""The game as the computer may use it: only on states it sampled from one seat's view.

`Sealed(game, view, seat)` hands out `Handle`s, never states: `sample` makes one from the view
through the game's own `sample`, and `apply` makes one from another. Every other method takes a
handle and refuses anything else (a raw state, or a handle of another `Sealed`), with `Peeking`.
The search and the greedy policy reach the game only through this class, so a computer's code
path cannot read a state other than one it sampled (tests/computer/test_honesty.py).
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

from games.base import Action, Game, Outcome, View, canonical, viewer


class NoSampler(Exception):
    """The game has no `sample`: the computer cannot play it without peeking, so it refuses."""


class Peeking(Exception):
    """A computer's code path reached for a state it did not sample."""


class BadSample(Exception):
    """The game's `sample` made a state that the seat would not see as the view it was given."""


def digest(view: View, seat: str) -> bytes:
    """What `seat` knows (its view), as a short digest: a node of the search, a position of a turn."""
    return hashlib.blake2b(f"{seat}\n{canonical(view)}".encode(), digest_size=16).digest()


class Handle:
    """A sampled state (or one reached from it by legal actions), opaque to the computer."""

    __slots__ = ("_owner", "_state")

    def __init__(self, state: Any, owner: Sealed) -> None:
        self._state = state
        self._owner = owner


class Sealed:
    def __init__(self, game: Game, view: View, seat: str) -> None:
        sampler: Callable[[View, str, random.Random], Any] | None = getattr(game, "sample", None)
        if sampler is None:
            raise NoSampler(f"The computer cannot play {game.title} yet: the game cannot sample what a "
                            "seat does not see, and the computer never peeks.")
        self._game = game
        self._sampler = sampler
        self._viewer = viewer(game)  # the view the computer got (computer.view_for), from any state
        self._view = view
        self.seat = seat
        self.cooperative = bool(game.cooperative)
        self._weights: Callable[[Any, str, list[Action]], list[float]] | None = getattr(game, "playout_weights", None)
        self._evaluate: Callable[[Any, str], float] | None = getattr(game, "evaluate", None)
        self._round: Callable[[Any], int] | None = getattr(game, "computer_round", None)
        self._checked = False
        self.work = 0  # engine actions applied, states sampled and views read: the search's budget

    @property
    def has_weights(self) -> bool:
        return self._weights is not None

    @property
    def has_evaluate(self) -> bool:
        return self._evaluate is not None

    def _open(self, handle: Handle) -> Any:
        if type(handle) is not Handle or handle._owner is not self:
            raise Peeking("The computer may only use states it sampled from its own view.")
        return handle._state

    def sample(self, rng: random.Random) -> Handle:
        """A full state drawn at random among those the seat would see as its view. The first one is
        checked against the view (a wrong sampler would make the computer play another game)."""
        state = self._sampler(self._view, self.seat, rng)
        self.work += 1
        if not self._checked:
            if canonical(self._viewer(state, self.seat)) != canonical(self._view):
                raise BadSample(f"{self._game.title}'s sample does not match the view of {self.seat}.")
            self._checked = True
        return Handle(state, self)

    def to_act(self, handle: Handle) -> list[str]:
        return self._game.to_act(self._open(handle))

    def legal(self, handle: Handle, seat: str) -> list[Action]:
        return self._game.legal_actions(self._open(handle), seat)

    def apply(self, handle: Handle, seat: str, action: Action) -> Handle:
        state, _events = self._game.apply(self._open(handle), seat, action)
        self.work += 1
        return Handle(state, self)

    def outcome(self, handle: Handle) -> Outcome | None:
        return self._game.outcome(self._open(handle))

    def weights(self, handle: Handle, seat: str, legal: list[Action]) -> list[float] | None:
        """The game's weights for random play (None: the game has none, play uniformly)."""
        if self._weights is None:
            return None
        return self._weights(self._open(handle), seat, legal)

    def evaluate(self, handle: Handle, seat: str) -> float:
        """The game's estimate in [0, 1] of how well a non-final state goes for `seat`."""
        if self._evaluate is None:
            raise TypeError(f"{self._game.title} offers no evaluation")
        return min(1.0, max(0.0, float(self._evaluate(self._open(handle), seat))))

    def round(self, handle: Handle) -> int:
        """The game's round in this state (`computer_round`; a game without one has a single round)."""
        return 0 if self._round is None else int(self._round(self._open(handle)))

    def key(self, handle: Handle, seat: str) -> bytes:
        """What `seat` knows in this state (its view), as a short digest: the search's tree node."""
        view = self._viewer(self._open(handle), seat)
        self.work += 1
        return digest(view, seat)
