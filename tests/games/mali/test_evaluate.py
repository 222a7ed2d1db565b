"""Mali's evaluate(state, seat) for the computer's search (issue #24)."""
from __future__ import annotations

from games.mali import GAME
from games.mali.state import ORDERS, clone
from tests.conformance.walk import walk
from tests.games.mali.helpers import new

OPTIONS = [{"variant": "basic", "jump_costs_one_point": False},
           {"variant": "extended", "jump_costs_one_point": False}]


def test_values_lie_in_0_1_and_a_finished_game_says_who_won() -> None:
    for n, options in ((2, OPTIONS[0]), (3, OPTIONS[1]), (4, OPTIONS[0])):
        state = None
        for state in walk(GAME, n, options, seed=n):
            for seat in state["seats"]:
                assert 0.0 <= GAME.evaluate(state, seat) <= 1.0  # type: ignore[attr-defined]
        assert state is not None and state["outcome"] is not None
        winners = state["outcome"]["winners"]
        for seat in state["seats"]:
            expected = 1.0 / len(winners) if seat in winners else 0.0
            assert GAME.evaluate(state, seat) == expected  # type: ignore[attr-defined]


def test_a_delivered_order_raises_its_deliverer_and_lowers_the_rival() -> None:
    s = new(2, "extended")
    before = {seat: GAME.evaluate(s, seat) for seat in s["seats"]}  # type: ignore[attr-defined]
    richer = clone(s)
    oid = max(ORDERS, key=lambda o: ORDERS[o]["points"])
    richer["players"][0]["delivered"].append(oid)
    assert GAME.evaluate(richer, "r") > before["r"]  # type: ignore[attr-defined]
    assert GAME.evaluate(richer, "g") < before["g"]  # type: ignore[attr-defined]


def test_the_germans_nearing_their_win_lowers_everyone() -> None:
    s = new(2, "basic")
    worse = clone(s)
    worse["blocked"].append({"edge": None, "location": "x", "district": "y"})
    for seat in s["seats"]:
        assert GAME.evaluate(worse, seat) < GAME.evaluate(s, seat)  # type: ignore[attr-defined]
