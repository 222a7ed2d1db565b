"""RULINGS (general): a choice that cannot change the outcome is never asked; the engine takes it."""
from __future__ import annotations

import random

import pytest

from games.mali import GAME, flow
from games.mali.legal import objectives_forced
from tests.games.mali.helpers import new


@pytest.mark.parametrize(("variant", "jcop"), [("basic", False), ("basic", True), ("extended", False)])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_nobody_is_ever_asked_a_choice_with_one_answer(variant: str, jcop: bool, players: int, seed: int) -> None:
    rng = random.Random(seed)
    s = new(players, variant, jcop=jcop, seed=seed)
    for _ in range(3000):
        owing = GAME.to_act(s)
        if not owing:
            break
        for seat in owing:
            legal = GAME.legal_actions(s, seat)
            assert len(legal) > 1, (seat, legal, s["phase"])
        if s["phase"] == "objectives":  # a draft of copies only is never all that is left to wait for
            assert not all(objectives_forced(s, s["seats"].index(seat)) for seat in owing), owing
        seat = rng.choice(owing)
        legal = GAME.legal_actions(s, seat)
        weights = GAME.playout_weights(s, seat, legal)  # type: ignore[attr-defined]
        s, _ = GAME.apply(s, seat, rng.choices(legal, weights)[0])
    assert s["outcome"] is not None


def test_the_last_movement_card_is_played_by_the_engine_and_said_in_public() -> None:
    s = new(2)
    s["players"][0]["hand"], s["players"][0]["played"] = [4], [1, 2, 3, 5]
    s["players"][1]["hand"], s["players"][1]["played"] = [2], [1, 3, 4, 5]
    events: list[dict] = []
    flow.advance(s, events)
    assert s["phase"] == "movement"
    assert [p["card"] for p in s["players"]] == [4, 2]
    forced = [e for e in events if e["type"] == "card_forced"]
    assert len(forced) == 1 and "private_to" not in forced[0]
    assert "Red 4" in forced[0]["text"] and "Green 2" in forced[0]["text"]
