"""The search's play-outs with `computer_horizon = "turn"`: they stop at the searcher's next turn
after another seat has acted, the end, or the depth; with "round", at the searcher's first decision
in a later round than the one they started in (the game's `computer_round`)."""
from __future__ import annotations

import random

import pytest

import computer
from computer.playout import rollout_to_round, rollout_to_turn
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
    seen: list[object] = []

    def search(*args: object) -> object:
        seen.append(args[8])
        return args[2][0]  # type: ignore[index]

    monkeypatch.setattr(computer, "ismcts", search)
    state = game.setup(["a", "b"], {}, 5)
    computer.choose(game, game.view(state, "a"), "a", "medium", 1)
    monkeypatch.setattr(game, "computer_horizon", "turn", raising=False)
    computer.choose(game, game.view(state, "a"), "a", "medium", 1)
    monkeypatch.setattr(game, "computer_horizon", "round", raising=False)
    computer.choose(game, game.view(state, "a"), "a", "medium", 1)
    assert seen == [None, "turn", "round"]


def test_a_play_out_stops_at_the_searcher_s_first_decision_of_a_later_round(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ToyGuided()
    # two prizes a round: a round is four bids of two seats
    monkeypatch.setattr(game, "computer_round", lambda s: len(s["history"]) // 2, raising=False)
    state = game.setup(["a", "b"], {}, 3)
    sealed = Sealed(game, game.view(state, "a"), "a")
    rng = random.Random(1)
    start = sealed.sample(rng)
    assert sealed.round(start) == 0
    work = sealed.work
    end = rollout_to_round(sealed, start, rng, 40, 0)
    assert sealed.work - work == 4 and sealed.round(end) == 1 and "a" in sealed.to_act(end)
    assert rollout_to_round(sealed, end, rng, 40, 0) is end  # already in a later round: nothing to play
    work = sealed.work
    last = rollout_to_round(sealed, end, rng, 40, 1)
    assert sealed.work - work == 4 and sealed.outcome(last) is not None  # the game ends before round 2
    work = sealed.work
    rollout_to_round(sealed, start, rng, 3, 0)
    assert sealed.work == work + 3  # the depth still bounds it


def test_a_game_without_rounds_has_one() -> None:
    game = ToyGuided()
    state = game.setup(["a", "b"], {}, 3)
    sealed = Sealed(game, game.view(state, "a"), "a")
    assert sealed.round(sealed.sample(random.Random(1))) == 0


def test_heart_of_africa_judges_an_auction_after_the_turn_it_bought() -> None:
    """Heart of Africa's search plays a bid out through the turn the auction buys (and the pool's
    cubes handed out at its end) to the searcher's bid in the next round: stopping as the bought
    turn began, its medium bid its whole stock of cubes (bench/README.md)."""
    from games.africa import GAME
    from tests.conformance.walk import walk

    assert getattr(GAME, "computer_horizon", None) == "round"
    state = next(s for s in walk(GAME, 2, {"target_vp": 42, "sealed_auction": False}, 5)
                 if s["stage"] == "auction" and s["round"] >= 2 and s["outcome"] is None)
    seat = GAME.to_act(state)[0]
    sealed = Sealed(GAME, computer.view_for(GAME, state, seat), seat)
    rng = random.Random(2)
    start = sealed.sample(rng)
    rounds = []
    for _ in range(8):
        end = rollout_to_round(sealed, start, rng, 60, sealed.round(start))
        if sealed.outcome(end) is None:
            # the engine bids for a seat without cubes: its first decision may be a round later
            assert sealed.round(end) > state["round"] and seat in sealed.to_act(end)
            rounds.append(sealed.round(end))
    assert state["round"] + 1 in rounds
