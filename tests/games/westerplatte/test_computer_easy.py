"""Westerplatte's easy computer (issue 24) keeps the greedy team plan (playout.py) unless another
move is clearly better (`computer_easy_margin`): without it, easy left the plan for moves its
evaluation preferred by a hair and lost every solo game that the plan itself wins four times in ten."""
from __future__ import annotations

from typing import Any

import pytest

import computer
from games.base import canonical
from games.westerplatte import GAME

OPTIONS = {"difficulty": "medium", "mine_on_occupied_path": False, "low_morale_stays_at_bottom": False}


def decision(seed: int, index: int) -> tuple[Any, dict[str, Any]]:
    """The state of a solo game played by the plan at its `index`-th real choice, and the plan's move."""
    state = GAME.setup(["a"], OPTIONS, seed)
    seen = 0
    while True:
        legal = GAME.legal_actions(state, "a")
        weights = GAME.playout_weights(state, "a", legal)  # type: ignore[attr-defined]
        plan = legal[max(range(len(legal)), key=lambda i: weights[i])]
        if len(legal) > 1:
            if seen == index:
                return state, plan
            seen += 1
        state, _ = GAME.apply(state, "a", plan)


@pytest.mark.parametrize("index", [2, 3])
def test_easy_keeps_the_plan_when_no_move_is_clearly_better(monkeypatch: pytest.MonkeyPatch, index: int) -> None:
    state, plan = decision(7, index)
    view = computer.view_for(GAME, state, "a")
    assert canonical(computer.choose(GAME, view, "a", "easy", 11)) == canonical(plan)
    monkeypatch.setattr(type(GAME), "computer_easy_margin", None)
    assert canonical(computer.choose(GAME, view, "a", "easy", 11)) != canonical(plan)  # what easy did
