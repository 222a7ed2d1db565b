"""The search's play-outs with `computer_horizon = "turn"`: they stop at the searcher's next turn
after another seat has acted, the end, or the depth."""
from __future__ import annotations

import random

import pytest

import computer
from computer.playout import rollout_to_turn
from computer.sealed import Sealed
from tests.computer.toy import ToyGuided


def test_a_play_out_stops_at_the_searcher_s_next_turn_after_another_seat_acted() -> None:
    game = ToyGuided()
    state = game.setup(["a", "b"], {}, 3)
    sealed = Sealed(game, game.view(state, "a"), "a")
    rng = random.Random(1)
    start = sealed.sample(rng)
    work = sealed.work
    end = rollout_to_turn(sealed, start, rng, 40, False)
    assert sealed.work - work == 2  # a's bid and b's: then a bids again in the next round
    assert "a" in sealed.to_act(end) and sealed.outcome(end) is None
    work = sealed.work
    assert rollout_to_turn(sealed, start, rng, 40, True) is start  # another seat acted already
    assert sealed.work == work
    rollout_to_turn(sealed, start, rng, 1, False)
    assert sealed.work == work + 1  # the depth still bounds it


def test_a_game_s_horizon_reaches_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ToyGuided()
    seen: list[bool] = []

    def search(*args: object) -> object:
        seen.append(bool(args[8]))
        return args[2][0]  # type: ignore[index]

    monkeypatch.setattr(computer, "ismcts", search)
    state = game.setup(["a", "b"], {}, 5)
    computer.choose(game, game.view(state, "a"), "a", "medium", 1)
    monkeypatch.setattr(game, "computer_horizon", "turn", raising=False)
    computer.choose(game, game.view(state, "a"), "a", "medium", 1)
    assert seen == [False, True]
