"""The evaluation for the computer's search (issue 24): in [0, 1], 1 for a won game, little for a
lost one, and lower when the wall or the days held are worse."""
from __future__ import annotations

from games.westerplatte import GAME
from games.westerplatte.board import GUARDHOUSES, PER_DAY
from games.westerplatte.evaluate import evaluate
from games.westerplatte.state import clone
from tests.games.sampling import positions

OPTIONS = {"difficulty": "medium", "mine_on_occupied_path": False, "low_morale_stays_at_bottom": False}


def test_in_range_over_random_games_and_exposed_on_the_game() -> None:
    for seed in range(6):
        for s in positions(GAME, ["a", "b"], OPTIONS, seed, keep=0.3):
            v = getattr(GAME, "evaluate")(s, "a")  # noqa: B009 - optional on the Game protocol
            assert 0.0 <= v <= 1.0
            out = GAME.outcome(s)
            if out is not None:
                assert v == 1.0 if out["winners"] else v <= 0.1
            else:
                assert 0.1 <= v < 1.0


def test_a_won_game_is_one_and_a_lost_game_little_more_for_days_held() -> None:
    s = GAME.setup(["a"], OPTIONS, 1)
    won, lost_early, lost_late = clone(s), clone(s), clone(s)
    won["outcome"] = {"winners": ["a"], "scores": {"a": 7}, "reason": "survived"}
    for x in (lost_early, lost_late):
        x["outcome"] = {"winners": [], "scores": {"a": 0}, "reason": "walls_destroyed"}
    lost_late["day"] = 6
    assert evaluate(won, "a") == 1.0
    assert 0.0 == evaluate(lost_early, "a") < evaluate(lost_late, "a") <= 0.1 < evaluate(s, "a")


def test_fewer_bricks_lower_it_and_days_held_with_a_sound_wall_raise_it() -> None:
    s = GAME.setup(["a"], OPTIONS, 2)
    base = evaluate(s, "a")
    weak = clone(s)
    weak["walls"][GUARDHOUSES[0]] = 1
    weaker = clone(weak)
    weaker["walls"][GUARDHOUSES[1]] = 1
    assert evaluate(weaker, "a") < evaluate(weak, "a") < base
    later = clone(s)
    later["day"] = 6
    later["piles"] = [[f"x{d}{k}" for k in range(PER_DAY)] for d in range(5)] + [[], []]
    assert evaluate(later, "a") > base
    poor = clone(s)
    for o in poor["officers"]:
        o["ammo"] = 0
    assert evaluate(poor, "a") < base
