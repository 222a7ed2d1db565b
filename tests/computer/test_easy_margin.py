"""Easy's `computer_easy_margin` (computer/greedy.py): easy keeps the move the game's playout
weights favour most unless its one-ply look ahead finds another better on average by the margin."""
from __future__ import annotations

import pytest

import computer
from games.base import canonical
from tests.computer.test_choose import positions
from tests.computer.toy import ToyGuided


def test_easy_leaves_the_game_s_plan_only_for_a_move_better_by_the_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ToyGuided()
    left = 0
    for n, state in enumerate(positions(game, 2, 20)):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        weights = game.playout_weights(state, seat, legal)
        plan = canonical(legal[max(range(len(legal)), key=lambda i: weights[i])])
        view = game.view(state, seat)
        monkeypatch.delattr(game, "computer_easy_margin", raising=False)
        free = canonical(computer.choose(game, view, seat, "easy", n))
        left += free != plan
        monkeypatch.setattr(game, "computer_easy_margin", 0.0, raising=False)
        assert canonical(computer.choose(game, view, seat, "easy", n)) == free  # no margin: easy's own best
        monkeypatch.setattr(game, "computer_easy_margin", 1.0, raising=False)
        assert canonical(computer.choose(game, view, seat, "easy", n)) == plan  # nothing is better by 1
        monkeypatch.setattr(game, "computer_easy_margin", 0.05, raising=False)
        assert canonical(computer.choose(game, view, seat, "easy", n)) in (plan, free)
    assert left  # easy without a margin does leave the plan in some of these positions
