"""A computer never goes round in circles in one turn (issue #24): handed the positions it had
earlier in the turn (`computer.position` of each view it decided from, as bot/thinker.py keeps
them), it never goes back to one, so a turn ends. Mali's easy computer used to pick an order up and
drop it again for ever, until the bot's cap (bot.thinker.ROUND_IN_CIRCLES) played the default."""
from __future__ import annotations

import random
from typing import Any

import pytest

import computer
from bot.thinker import ROUND_IN_CIRCLES
from games.mali import GAME
from tests.conformance.walk import walk

CHEAP_ITERATIONS = {"medium": 8, "hard": 16}  # the search's budgets here: its loop-free-ness, not its play
CHEAP_WORK = {"easy": 300, "medium": 300, "hard": 600}
OPTIONS = {v: {"variant": v, "jump_costs_one_point": False} for v in ("basic", "extended")}


@pytest.fixture(autouse=True)
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    for strength, n in CHEAP_ITERATIONS.items():
        monkeypatch.setitem(computer.ITERATIONS, strength, n)
    for strength, n in CHEAP_WORK.items():
        monkeypatch.setitem(computer.WORK, strength, n)


def turn_starts(variant: str, players: int, seed: int) -> list[tuple[Any, str]]:
    """The first position of every turn on the board, with orders on the track, in one random game."""
    found: list[tuple[Any, str]] = []
    last = None
    for state in walk(GAME, players, OPTIONS[variant], seed):
        cur = state["current"]
        seat = cur["seat"] if cur is not None and state["pending"] is None else None
        if seat is not None and seat != last and state["track"] and any(state["track"]):
            found.append((state, seat))
        last = seat
    return found


def play_turn(state: Any, seat: str, strength: str, seed: int) -> tuple[Any, list[str]]:
    """The computer plays `seat`'s turn to its end; the positions it decided from, in order."""
    had: list[str] = []
    while GAME.outcome(state) is None and seat in GAME.to_act(state):
        view = GAME.view(state, seat)
        here = computer.position(view, seat)
        assert here not in had, f"{seat} is back where it was {len(had) - had.index(here)} moves ago"
        action = computer.choose(GAME, view, seat, strength, seed + len(had), tuple(had))
        had.append(here)
        assert len(had) < ROUND_IN_CIRCLES, f"{seat}'s turn does not end: {had}"
        state, _ = GAME.apply(state, seat, action)
    return state, had


@pytest.mark.parametrize("strength", computer.STRENGTHS)
@pytest.mark.parametrize("variant", sorted(OPTIONS))
def test_a_computer_turn_never_comes_back_to_a_position(variant: str, strength: str) -> None:
    rng = random.Random(f"{variant}-{strength}")
    turns = 0
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        starts = turn_starts(variant, players, seed)
        for state, seat in rng.sample(starts, min(4, len(starts))):
            play_turn(state, seat, strength, rng.randrange(10**6))
            turns += 1
    assert turns == 12


def test_an_order_picked_up_is_not_dropped_again_in_the_same_place() -> None:
    """Right after a pick-up, the drop that would undo it leads back to a position of this turn:
    no strength plays it, whatever the seed (it stays legal: the rules let a scout drop an order at
    any time)."""
    tried = 0
    for state in walk(GAME, 3, OPTIONS["basic"], 4):
        cur = state["current"]
        if cur is None or state["pending"] is not None:
            continue
        seat = cur["seat"]
        picks = [a for a in GAME.legal_actions(state, seat) if a["type"] == "pick_up"
                 and state["scouts"][a["scout"]]["carrying"] is None]
        if not picks:
            continue
        before = computer.position(GAME.view(state, seat), seat)
        after, _ = GAME.apply(state, seat, picks[0])
        undo = {"type": "drop", "scout": picks[0]["scout"]}
        if undo not in GAME.legal_actions(after, seat):
            continue  # nothing else to do: the pick-up ended the turn
        view = GAME.view(after, seat)
        for strength in computer.STRENGTHS:
            for seed in range(3):
                assert computer.choose(GAME, view, seat, strength, seed, (before,)) != undo
        tried += 1
        if tried == 3:
            break
    assert tried == 3
