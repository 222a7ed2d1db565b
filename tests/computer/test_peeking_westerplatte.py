"""Issue 24's peeking test for 7 Days of Westerplatte: positions whose German deck and events to
come are hidden give every seat the same decision at every strength, from its sampled states only;
and the computer plays a whole game for every seat (easy, and a few searched moves)."""
from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from games.westerplatte import GAME
from tests.computer.peeking import assert_no_peeking, assert_refused_without_sample, choice_positions, computer_game

OPTIONS = {"difficulty": "hard", "mine_on_occupied_path": True, "low_morale_stays_at_bottom": False}


@cache
def some_positions() -> list[dict[str, Any]]:
    return choice_positions(GAME, OPTIONS)


@pytest.mark.parametrize("k", range(6))
def test_no_peeking_at_every_strength(k: int) -> None:
    s = some_positions()[k]
    assert_no_peeking(GAME, s, GAME.to_act(s)[0], seeds=(1,))


@pytest.mark.parametrize("players", [3])  # solo runs two officers: tests/e2e/test_computer_seats.py plays one
def test_the_computer_plays_a_whole_game_for_every_seat(players: int) -> None:
    """Easy makes every choice of every seat to the end; every tenth is the searched one of medium
    or hard (small budgets), each legal and from the seat's view alone."""
    seats = {f"s{i + 1}": "easy" for i in range(players)}
    moves = list(computer_game(GAME, seats, {**OPTIONS, "difficulty": "medium"}, 11, searched_every=10))
    assert GAME.outcome(moves[-1][3]) is not None
    assert {seat for s, seat, _, _ in moves if len(GAME.legal_actions(s, seat)) > 1} == set(seats)  # decided


def test_without_sample_the_computer_refuses() -> None:
    assert_refused_without_sample(GAME, some_positions()[0])
