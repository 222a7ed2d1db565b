"""`computer_avoid` (computer.kept): kinds of action a computer takes only when nothing else is
legal. In Maquis two computers of one team handed the Day back and forth for ever (issue #24):
each search found handing over as good as any move, since it changes nothing the team can win by."""
from __future__ import annotations

import random
from typing import Any

import pytest

import computer
from games.base import Action, resolve_options
from games.maquis import GAME
from tests.conformance.walk import walk


def team_positions(seed: int, count: int) -> list[tuple[Any, str]]:
    """Positions of a random two-member game where the acting member may hand the Day over."""
    found: list[tuple[Any, str]] = []
    for state in walk(GAME, 2, resolve_options(GAME, {}), seed):
        waiting = GAME.to_act(state)
        if waiting:
            legal = GAME.legal_actions(state, waiting[0])
            if {"type": "hand_over"} in legal and len(legal) >= 3:
                found.append((state, waiting[0]))
    return found[:: max(1, len(found) // count)][:count]


def test_kept_leaves_out_the_avoided_kinds_unless_nothing_else_is_legal() -> None:
    legal: list[Action] = [{"type": "hand_over"}, {"type": "end_day"}]
    assert computer.kept(GAME, legal) == [{"type": "end_day"}]
    assert computer.kept(GAME, [{"type": "hand_over"}]) == [{"type": "hand_over"}]
    assert computer.kept(object(), legal) == legal  # type: ignore[arg-type]  # a game without the setting


@pytest.mark.parametrize("strength", ["easy", "medium", "hard"])
def test_a_computer_member_keeps_the_day(strength: str) -> None:
    positions = team_positions(5, 3)
    assert len(positions) == 3
    for n, (state, seat) in enumerate(positions):
        view = computer.view_for(GAME, state, seat)
        assert computer.choose(GAME, view, seat, strength, n) != {"type": "hand_over"}


def test_a_team_of_computers_finishes_its_game() -> None:
    """Two easy members play a whole game: before, hard's two members handed the Day over 341
    times in 400 moves of the strength bench's second game and never finished it."""
    state = GAME.setup(["p1", "p2"], resolve_options(GAME, {}), 11)
    rng = random.Random(11)
    for _ in range(600):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = legal[0] if len(legal) == 1 else computer.choose(
            GAME, computer.view_for(GAME, state, seat), seat, "easy", rng.randrange(2**31))
        assert action != {"type": "hand_over"}
        state, _ = GAME.apply(state, seat, action)
    assert GAME.outcome(state) is not None
