"""Heart of Africa's evaluate(state, seat) for the computer's search (issue #24)."""
from __future__ import annotations

from games.africa import GAME
from games.africa.board import AREAS
from games.africa.evaluate import area_score
from games.africa.state import clone, value
from tests.conformance.walk import walk
from tests.games.africa.helpers import clear_map, new


def test_values_lie_in_0_1_and_a_finished_game_says_who_won() -> None:
    for n, options in ((2, {"target_vp": 42, "sealed_auction": False}),
                       (5, {"target_vp": 42, "sealed_auction": True})):
        state = None
        for state in walk(GAME, n, options, seed=n):
            for seat in state["seats"]:
                assert 0.0 <= GAME.evaluate(state, seat) <= 1.0  # type: ignore[attr-defined]
        assert state is not None and state["outcome"] is not None
        for seat in state["seats"]:
            won = seat in state["outcome"]["winners"]
            assert GAME.evaluate(state, seat) == (1.0 if won else 0.0)  # type: ignore[attr-defined]


def test_more_vp_and_a_valuable_area_raise_the_value() -> None:
    s = new(3)
    clear_map(s)
    base = GAME.evaluate(s, "s1")  # type: ignore[attr-defined]
    richer = clone(s)
    richer["players"][0]["vp"] += 5
    assert GAME.evaluate(richer, "s1") > base  # type: ignore[attr-defined]
    assert GAME.evaluate(richer, "s2") < GAME.evaluate(s, "s2")  # type: ignore[attr-defined]
    area = max(AREAS, key=lambda a: value(s, a))
    held = clone(s)
    held["areas"][area]["traders"][0] = 2
    assert area_score(held, 0) >= value(s, area) > 0
    assert GAME.evaluate(held, "s1") > base  # type: ignore[attr-defined]
    held["areas"][area]["neutrals"] = 3
    assert area_score(held, 0) == value(s, area) - 3
