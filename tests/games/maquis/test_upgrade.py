"""Stored states of the old shape (a route's deferred gains naming their partisan `pid`) upgrade to
the state the engine plays now.

data/old_shape.json was written by the engine before the rename (its "made_by" says which): a
seeded game's actions up to a route with deferred gains, and the old-shape dump there. Replaying
the same actions now must give exactly the upgraded dump.
"""
from __future__ import annotations

import json
from pathlib import Path

from games.base import canonical
from games.maquis import GAME
from games.maquis.upgrade import STEP, downgrade_state, upgrade_state
from games.upgrades import steps_named

OLD = json.loads((Path(__file__).with_name("data") / "old_shape.json").read_text(encoding="utf-8"))
((STEP_AT, OLD_DUMP),) = OLD["old_dumps"].items()


def test_an_old_dump_upgrades_to_the_state_replayed_now_and_back() -> None:
    assert "pid" in OLD_DUMP["route"]["deferred"]
    s = GAME.setup(OLD["seats"], OLD["options"], OLD["seed"])
    for seat, action in OLD["actions"][:int(STEP_AT)]:
        s, _ = GAME.apply(s, seat, action)
    new = GAME.dump(s)
    assert canonical(upgrade_state(OLD_DUMP)) == canonical(new)
    assert canonical(downgrade_state(new)) == canonical(OLD_DUMP)
    assert canonical(upgrade_state(new)) == canonical(new)


def test_an_upgraded_route_plays_on_as_the_fresh_one() -> None:
    """The route's deferred gains are paid to the partisan they name, as in the game played fresh."""
    s = GAME.load(upgrade_state(OLD_DUMP))
    fresh = GAME.setup(OLD["seats"], OLD["options"], OLD["seed"])
    for seat, action in OLD["actions"]:
        fresh, _ = GAME.apply(fresh, seat, action)
    for _ in range(40):
        if GAME.outcome(s) is not None:
            break
        seat = GAME.to_act(s)[0]
        action = GAME.legal_actions(s, seat)[0]
        s, _ = GAME.apply(s, seat, action)
        fresh, _ = GAME.apply(fresh, seat, action)
        assert canonical(GAME.dump(s)) == canonical(GAME.dump(fresh))


def test_the_migration_finds_the_step_by_its_name() -> None:
    assert steps_named(STEP) == {"maquis": GAME.state_steps[STEP]}  # type: ignore[attr-defined]
