"""Issue 24's peeking test for Maquis: positions whose patrol deck is hidden (but the top card the
mole peeked at) give every seat the same decision at every strength, from its sampled states only;
and the computer plays a whole game for every seat (easy, and a few searched moves)."""
from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import computer
from games.maquis import GAME
from tests.computer.peeking import SMALL, assert_no_peeking, watched_choose
from tests.games.sampling import positions

OPTIONS = {"difficulty": "normal", "missions": "random_mixed", "mission_left": "none", "mission_right": "none"}


@cache
def some_positions() -> list[dict[str, Any]]:
    """Undecided positions with a choice (several legal actions) at 1, 2 and 4 players."""
    out = []
    for n, seed in ((1, 1), (2, 2), (4, 3)):
        found = positions(GAME, [f"s{i + 1}" for i in range(n)], OPTIONS, seed, keep=0.15)
        out += [s for s in found if GAME.outcome(s) is None
                and len(GAME.legal_actions(s, GAME.to_act(s)[0])) > 1][1:3]
    return out


@pytest.mark.parametrize("k", range(6))
def test_no_peeking_at_every_strength(k: int) -> None:
    s = some_positions()[k]
    assert_no_peeking(GAME, s, GAME.to_act(s)[0], seeds=(1,))


@pytest.mark.parametrize("players", [1])  # a team: tests/e2e/test_computer_seats.py (CPU: the suite's budget)
def test_the_computer_plays_a_whole_game_for_every_seat(players: int) -> None:
    """Easy plays every move of every seat to the end; every tenth move is the searched one of
    medium or hard (small budgets), each legal and from the seat's view alone."""
    seats = [f"s{i + 1}" for i in range(players)]
    s = GAME.setup(seats, {**OPTIONS, "difficulty": "easy"}, 11)
    moved = set()
    for n in range(2000):
        if GAME.outcome(s) is not None:
            break
        seat = GAME.to_act(s)[0]
        strength = "easy" if n % 10 else ("medium", "hard")[n // 10 % 2]
        action = watched_choose(GAME, computer.view_for(GAME, s, seat), seat, strength, n, SMALL)
        assert action in GAME.legal_actions(s, seat)
        moved.add(seat)
        s, _ = GAME.apply(s, seat, action)
    assert GAME.outcome(s) is not None
    assert moved == set(seats)


def test_without_sample_the_computer_refuses() -> None:
    class Blind:
        """Maquis without its sampler."""

        def __getattr__(self, name: str) -> Any:
            if name == "sample":
                raise AttributeError(name)
            return getattr(GAME, name)

    s = some_positions()[0]
    seat = GAME.to_act(s)[0]
    with pytest.raises(computer.NoSampler):
        computer.choose(Blind(), computer.view_for(GAME, s, seat), seat, "easy", 1)  # type: ignore[arg-type]
