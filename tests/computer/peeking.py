"""The peeking test of issue #24, for every game that has `sample` (the per-game tests call it).

`assert_no_peeking(game, state, seat)`: a twin state that `seat` sees identically (the game's own
`sample` of the seat's view: other seats' secrets and the deck orders drawn anew) must give the
same decision at every strength for the same seed, and a legal one in both. Each decision runs
on `Watched(game, view, seat)`, a wrapper that hands out boxed states only from `sample` and
`apply` and refuses every other state (the true one included), so a computer's code path that
reads a state it did not sample fails here, whatever route it takes to the engine. Honesty does
not depend on the budget: by default the search runs small (SMALL iterations, and SMALL_WORK for
easy: the first sample and about one more) to keep tests short.

`computer_game(game, strengths, options, seed)`: the one whole-game loop of every game's test, the
computer deciding every choice of every seat (watched) on small budgets (CHEAP: a whole game
checks legality and an end, not strength, which bench/ measures).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import computer
from games.base import Action, Event, Game, Option, Outcome, Say, View, canonical, viewer
from tests.conformance.walk import pick
from tests.games.sampling import positions

SMALL = {"medium": 12, "hard": 24}
SMALL_WORK = {"easy": 300}  # over the game's own budgets
CHEAP_ITERATIONS = {"medium": 6, "hard": 6}
CHEAP_WORK = {"easy": 1, "medium": 300, "hard": 300}  # easy: one sample a choice
CHEAP_DEPTH = 4  # play-out steps before the evaluation (easy looks half as far)
MAX_MOVES = 5000


class Box:
    __slots__ = ("owner", "state")

    def __init__(self, state: Any, owner: Watched) -> None:
        self.state = state
        self.owner = owner


class Watched:
    """`game` for one decision of `seat` from `view`: every state must come from its `sample`."""

    def __init__(self, game: Game, view: View, seat: str, iterations: dict[str, int] | None = None,
                 work: dict[str, int] | None = None, depth: int | None = None) -> None:
        self._game = game
        self._view = canonical(view)
        self._seat = seat
        self.key: str = game.key
        self.title: str = game.title
        self.min_players: int = game.min_players
        self.max_players: int = game.max_players
        self.options: tuple[Option, ...] = game.options
        self.cooperative: bool = game.cooperative
        self.samples = 0
        self.calls = 0
        for name in dir(game):  # the game's budgets and settings (computer_anchor, computer_horizon, ...)
            if name.startswith("computer_") and not callable(getattr(game, name)):
                setattr(self, name, getattr(game, name))
        if iterations is not None:
            self.computer_iterations = iterations
        if depth is not None:
            self.computer_depth = depth
        if work is not None:
            self.computer_work = {**(getattr(game, "computer_work", None) or {}), **work}
        for name in dir(game):  # what the computer may ask of a sampled state, each one guarded
            if name in ("playout_weights", "computer_round") or name.startswith("evaluate"):
                setattr(self, name, self._guarded(getattr(game, name)))
        if hasattr(game, "sample"):
            self.sample = self._sample
        if hasattr(game, "computer_view"):
            self.computer_view = self._guarded(getattr(game, "computer_view"))  # noqa: B009

    def _open(self, box: Any) -> Any:
        if type(box) is not Box or box.owner is not self:
            raise AssertionError(f"the computer read a state it did not sample: {type(box).__name__}")
        self.calls += 1
        return box.state

    def _guarded(self, method: Any) -> Any:
        def call(state: Any, *args: Any) -> Any:
            return method(self._open(state), *args)
        return call

    def _sample(self, view: View, seat: str, rng: random.Random) -> Box:
        if seat != self._seat or canonical(view) != self._view:
            raise AssertionError(f"the computer sampled from another view than {self._seat}'s own")
        self.samples += 1
        return Box(self._game.sample(view, seat, rng), self)  # type: ignore[attr-defined]

    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> Any:
        raise AssertionError("the computer set up a game of its own")

    def load(self, data: dict[str, Any]) -> Any:
        raise AssertionError("the computer loaded a state")

    def dump(self, state: Any) -> dict[str, Any]:
        return self._game.dump(self._open(state))

    def to_act(self, state: Any) -> list[str]:
        return self._game.to_act(self._open(state))

    def legal_actions(self, state: Any, seat: str) -> list[Action]:
        return self._game.legal_actions(self._open(state), seat)

    def apply(self, state: Any, seat: str, action: Action) -> tuple[Any, list[Event]]:
        after, events = self._game.apply(self._open(state), seat, action)
        return Box(after, self), events

    def view(self, state: Any, seat: str | None) -> View:
        return self._game.view(self._open(state), seat)

    def outcome(self, state: Any) -> Outcome | None:
        return self._game.outcome(self._open(state))

    def describe(self, state: Any, seat: str, action: Action) -> str | Say:
        return self._game.describe(self._open(state), seat, action)

    def default_action(self, state: Any, seat: str) -> Action:
        return self._game.default_action(self._open(state), seat)

    def drop(self, state: Any, seat: str) -> tuple[Any, list[Event]]:
        after, events = self._game.drop(self._open(state), seat)
        return Box(after, self), events

    def undo_barrier(self, before: Any, seat: str, action: Action, after: Any) -> bool:
        return self._game.undo_barrier(self._open(before), seat, action, self._open(after))


def watched_choose(game: Game, view: View, seat: str, strength: str, seed: int,
                   iterations: dict[str, int] | None = None, work: dict[str, int] | None = None,
                   depth: int | None = None, had: tuple[str, ...] = ()) -> Action:
    """`computer.choose` on the watched game: fails if the decision reads a state it did not sample.
    `had`: the seat's positions earlier in its turn (computer.choose)."""
    watch = Watched(game, view, seat, iterations, work, depth)
    action = computer.choose(watch, view, seat, strength, seed, had)
    assert watch.samples > 0, "the computer decided without sampling a state"
    return action


def twin(game: Game, state: Any, seat: str, tries: int = 5) -> Any:
    """A state `seat` sees exactly as `state`, with every hidden part drawn anew (None when every
    draw gives `state` back: the seat sees everything)."""
    view = viewer(game)(state, seat)
    for k in range(tries):
        other = game.sample(view, seat, random.Random(1000 + k))  # type: ignore[attr-defined]
        assert canonical(viewer(game)(other, seat)) == canonical(view), "the game's sample does not match the view"
        if canonical(game.dump(other)) != canonical(game.dump(state)):
            return other
    return None


def assert_no_peeking(game: Game, state: Any, seat: str, seeds: tuple[int, ...] = (1, 2),
                      strengths: tuple[str, ...] = computer.STRENGTHS, must_differ: bool = True,
                      iterations: dict[str, int] | None = SMALL,
                      work: dict[str, int] | None = SMALL_WORK) -> None:
    """Two states `seat` sees identically give the same decision at every strength and seed, legal
    in both, and no decision reads a state it did not sample. `iterations`, `work`: the search's
    budgets (None: the game's own)."""
    other = twin(game, state, seat)
    if other is None:
        assert not must_differ, f"nothing is hidden from {seat} here: choose a position with secrets"
        other = state
    legal = [canonical(a) for a in game.legal_actions(state, seat)]
    assert legal == [canonical(a) for a in game.legal_actions(other, seat)], "the twin's choices differ"
    for strength in strengths:
        for seed in seeds:
            mine = watched_choose(game, viewer(game)(state, seat), seat, strength, seed, iterations, work)
            theirs = watched_choose(game, viewer(game)(other, seat), seat, strength, seed, iterations, work)
            assert canonical(mine) == canonical(theirs), (strength, seed, mine, theirs)
            assert canonical(mine) in legal, (strength, seed, mine)


TABLES = ((1, 1), (2, 2), (4, 3))  # (players, seed) of the games choice_positions draws from


def choice_positions(game: Game, options: dict[str, Any], tables: tuple[tuple[int, int], ...] = TABLES,
                     per_game: int = 2) -> list[Any]:
    """Undecided positions where the first seat to act has a choice, `per_game` from one random
    game (tests/games/sampling.py) of each (players, seed) of `tables`."""
    out = []
    for n, seed in tables:
        found = positions(game, [f"s{i + 1}" for i in range(n)], options, seed, keep=0.15)
        out += [s for s in found if game.outcome(s) is None
                and len(game.legal_actions(s, game.to_act(s)[0])) > 1][1:1 + per_game]
    return out


def computer_game(game: Game, strengths: dict[str, str], options: dict[str, Any], seed: int,
                  searched_every: int = 0) -> Iterator[tuple[Any, str, Action, Any]]:
    """A whole game whose every choice (two or more legal actions) the computer makes from the
    seat's view, watched, on CHEAP budgets: each seat (`strengths`' keys) at its strength, but every
    `searched_every`-th choice (0: none) by medium and hard in turn. Yields each move as (state,
    seat, action, state after); fails unless the game ends within MAX_MOVES. Like the bot, it hands
    the computer the seat's positions earlier in its turn (until another seat moves)."""
    state = game.setup(sorted(strengths), options, seed)
    rng = random.Random(seed)
    choices = 0
    last, had = "", list[str]()
    for n in range(MAX_MOVES):
        if game.outcome(state) is not None:
            return
        seat, action = pick(game, state, rng)
        if seat != last:
            last, had = seat, []
        legal = [canonical(a) for a in game.legal_actions(state, seat)]
        if len(legal) > 1:
            strength = strengths[seat]
            if searched_every and choices % searched_every == 0:
                strength = ("medium", "hard")[choices // searched_every % 2]
            view = viewer(game)(state, seat)
            action = watched_choose(game, view, seat, strength, n, CHEAP_ITERATIONS, CHEAP_WORK, CHEAP_DEPTH,
                                    computer.remember(had, view, seat))
            assert canonical(action) in legal, (seat, strength, action)
            choices += 1
        after, _ = game.apply(state, seat, action)
        yield state, seat, action, after
        state = after
    raise AssertionError(f"the computer's game of {game.key} did not end in {MAX_MOVES} moves")


def assert_refused_without_sample(game: Game, state: Any) -> None:
    """The game without its `sample`: the computer refuses to play it rather than peek."""
    class Blind:
        def __getattr__(self, name: str) -> Any:
            if name == "sample":
                raise AttributeError(name)
            return getattr(game, name)

    seat = game.to_act(state)[0]
    with pytest.raises(computer.NoSampler):
        computer.choose(Blind(), viewer(game)(state, seat), seat, "easy", 1)  # type: ignore[arg-type]
