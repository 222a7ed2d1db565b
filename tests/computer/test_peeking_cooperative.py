"""Issue 24's peeking test for the co-operative games, Maquis and 7 Days of Westerplatte: positions
whose hidden parts (Maquis: the patrol deck, but the top card the mole peeked at; Westerplatte: the
German deck and the events to come) are drawn anew give every seat the same decision at every
strength, from its sampled states only; and the computer plays a whole game for every seat (easy,
and a few searched moves)."""
from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from games.base import Game
from games.maquis import GAME as MAQUIS
from games.westerplatte import GAME as WESTERPLATTE
from tests.computer.peeking import assert_no_peeking, assert_refused_without_sample, choice_positions, computer_game

GAMES = {"maquis": MAQUIS, "westerplatte": WESTERPLATTE}
OPTIONS: dict[str, dict[str, Any]] = {
    "maquis": {"difficulty": "normal", "missions": "random_mixed", "mission_left": "none", "mission_right": "none"},
    "westerplatte": {"difficulty": "hard", "mine_on_occupied_path": True, "low_morale_stays_at_bottom": False},
}
# The whole game's team and difficulty: Maquis solo (a team: tests/e2e/test_computer_seats.py), and
# three Westerplatte officers (solo runs two officers: tests/e2e/test_computer_seats.py plays one).
WHOLE_GAME: dict[str, tuple[int, str]] = {"maquis": (1, "easy"), "westerplatte": (3, "medium")}


@cache
def some_positions(key: str) -> list[dict[str, Any]]:
    return choice_positions(GAMES[key], OPTIONS[key])


@pytest.mark.parametrize("k", range(6))
@pytest.mark.parametrize("key", sorted(GAMES))
def test_no_peeking_at_every_strength(key: str, k: int) -> None:
    game: Game = GAMES[key]
    s = some_positions(key)[k]
    assert_no_peeking(game, s, game.to_act(s)[0], seeds=(1,))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_computer_plays_a_whole_game_for_every_seat(key: str) -> None:
    """Easy makes every choice of every seat to the end; every tenth is the searched one of medium
    or hard (small budgets), each legal and from the seat's view alone."""
    game: Game = GAMES[key]
    players, difficulty = WHOLE_GAME[key]
    seats = {f"s{i + 1}": "easy" for i in range(players)}
    moves = list(computer_game(game, seats, {**OPTIONS[key], "difficulty": difficulty}, 11, searched_every=10))
    assert game.outcome(moves[-1][3]) is not None
    assert {seat for s, seat, _, _ in moves if len(game.legal_actions(s, seat)) > 1} == set(seats)  # decided


@pytest.mark.parametrize("key", sorted(GAMES))
def test_without_sample_the_computer_refuses(key: str) -> None:
    assert_refused_without_sample(GAMES[key], some_positions(key)[0])
