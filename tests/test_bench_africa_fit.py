"""bench/africa_fit.py: the conditional logit recovers known weights, and a game's positions hold
every player's features and who won."""
from __future__ import annotations

import math
import random
from typing import Any

from bench import africa_fit as fitter


def test_the_fit_recovers_the_weights_that_drew_the_winners() -> None:
    rng = random.Random(4)
    truth = (0.8, -0.5)
    data: list[fitter.Position] = []
    for _ in range(3000):
        rows: list[fitter.Row] = [(rng.uniform(-2, 2), rng.uniform(-2, 2)) for _ in range(rng.choice((2, 3, 4)))]
        won = rng.choices(range(len(rows)), fitter.chances(truth, rows))[0]
        data.append((rows, won))
    w = fitter.fit(data)
    assert all(abs(a - b) < 0.12 for a, b in zip(w, truth, strict=True)), w
    assert fitter.loglik(w, data) > fitter.loglik((0.0, 0.0), data) > fitter.uniform(data) - 1e-9
    assert math.isclose(sum(fitter.chances(w, data[0][0])), 1.0)


def test_a_game_s_positions_hold_every_player_and_the_winner() -> None:
    def quick(state: Any, seat: str, legal: list[dict[str, Any]], rng: random.Random,
              had: list[str]) -> dict[str, Any]:
        return legal[rng.randrange(len(legal))]  # the whole game in a moment, not easy's seconds

    for index, players in ((0, 2), (3, 3)):
        found = fitter.positions(index, quick)
        assert found
        for rows, won in found:
            assert len(rows) == players and 0 <= won < players
            assert all(len(r) == len(fitter.HAND) for r in rows)
        assert len({won for _, won in found}) == 1  # one game, one winner
