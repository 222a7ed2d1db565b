"""The evaluation for the computer's search (issue 24): in [0, 1], by the end for a finished game,
and lower when the missions, morale or the partisans fare worse."""
from __future__ import annotations

from games.maquis import GAME
from games.maquis.evaluate import evaluate
from games.maquis.state import clone
from tests.games.maquis.helpers import new
from tests.games.sampling import positions

OPTIONS = {"difficulty": "normal", "missions": "random_mixed", "mission_left": "none", "mission_right": "none"}


def test_in_range_over_random_games_and_exposed_on_the_game() -> None:
    for seed in range(6):
        for s in positions(GAME, ["a", "b"], OPTIONS, seed, keep=0.3):
            v = getattr(GAME, "evaluate")(s, "a")  # noqa: B009 - optional on the Game protocol
            assert 0.0 <= v <= 1.0
            out = GAME.outcome(s)
            if out is not None:
                assert (v >= 0.95) == bool(out["winners"])
            else:
                assert 0.05 <= v <= 0.9


def test_ends_in_order() -> None:
    s = new()
    ends = []
    for reason in ("major_victory", "victory", "draw", "days_over", "morale"):
        x = clone(s)
        x["outcome"] = {"winners": [], "scores": {}, "reason": reason, "result": ""}
        ends.append(evaluate(x, "s1"))
    assert ends == [1.0, 0.95, 0.4, 0.0, 0.0]


def test_progress_raises_it_and_losses_lower_it() -> None:
    s = new(left="sabotage", right="underground_newspaper")
    base = evaluate(s, "s1")
    boxed = clone(s)
    boxed["boxes"]["mission_right"] = ["issue_1"]
    done = clone(s)
    done["results"]["mission_right"] = "success"
    assert base < evaluate(boxed, "s1") < evaluate(done, "s1")
    low = clone(s)
    low["morale"] = 2
    caught = clone(s)
    caught["partisans"][0]["status"] = "arrested"
    assert evaluate(low, "s1") < base
    assert evaluate(caught, "s1") < base
