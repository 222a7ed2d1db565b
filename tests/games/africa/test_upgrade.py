"""Stored states of the old shape (keys in letters) upgrade to the state the engine plays now.

data/old_shape.json was written by the engine before the rename (its "made_by" says which): a
seeded game's actions and old-shape dumps after some of them, chosen to hold every renamed key
and value. Replaying the same actions now must give exactly the upgraded dumps.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.africa import GAME
from games.africa.upgrade import STEP, WORDS, downgrade_state, records, upgrade_state
from games.base import canonical
from games.upgrades import steps_named
from tests.games.africa.helpers import forced_already

OLD = json.loads((Path(__file__).with_name("data") / "old_shape.json").read_text(encoding="utf-8"))
STEPS = sorted(int(k) for k in OLD["old_dumps"])


def replayed(upto: int) -> Any:
    s = GAME.setup(OLD["seats"], OLD["options"], OLD["seed"])
    for seat, action in OLD["actions"][:upto]:
        if not forced_already(s, seat, action):
            s, _ = GAME.apply(s, seat, action)
    return s


def _states() -> dict[int, Any]:
    out: dict[int, Any] = {}
    s = GAME.setup(OLD["seats"], OLD["options"], OLD["seed"])
    for n, (seat, action) in enumerate(OLD["actions"], 1):
        if not forced_already(s, seat, action):
            s, _ = GAME.apply(s, seat, action)
        if n in STEPS:
            out[n] = GAME.dump(s)
    return out


NEW = _states()


def test_the_old_dumps_hold_every_renamed_key_and_value() -> None:
    """The fixture is not vacuous: each old key and letter value is in some old dump."""
    seen: set[tuple[str, str]] = set()
    for dump in OLD["old_dumps"].values():
        for kind, record in records(dump):
            seen |= {(kind, k) for k in record}
            seen |= {(kind, f"{k}={v}") for k, v in record.items() if isinstance(v, str)}
    keys = {(kind, old) for kind, pairs in WORDS.keys.items() for old in pairs}
    values = {(kind, f"{key}={old}") for kind, by_key in WORDS.values.items() for key, pairs in by_key.items()
              for old in pairs}
    assert keys | values | {("state", k) for k in WORDS.dropped} <= seen


@pytest.mark.parametrize("step", STEPS)
def test_an_old_dump_upgrades_to_the_state_replayed_now(step: int) -> None:
    old = OLD["old_dumps"][str(step)]
    assert canonical(upgrade_state(old)) == canonical(NEW[step])


@pytest.mark.parametrize("step", STEPS)
def test_a_dump_downgrades_to_the_old_shape(step: int) -> None:
    assert canonical(downgrade_state(NEW[step])) == canonical(OLD["old_dumps"][str(step)])


@pytest.mark.parametrize("step", STEPS)
def test_the_steps_are_pure_and_leave_their_own_shape_alone(step: int) -> None:
    old, new = OLD["old_dumps"][str(step)], NEW[step]
    before_old, before_new = canonical(old), canonical(new)
    assert canonical(upgrade_state(new)) == before_new
    assert canonical(downgrade_state(old)) == before_old
    assert (canonical(old), canonical(new)) == (before_old, before_new)


def test_an_upgraded_game_plays_on_as_the_fresh_one() -> None:
    """The old dump in the middle of the game, upgraded, plays the rest of the log to the same end."""
    middle = STEPS[len(STEPS) // 2]
    s = GAME.load(upgrade_state(OLD["old_dumps"][str(middle)]))
    for seat, action in OLD["actions"][middle:]:
        if not forced_already(s, seat, action):
            s, _ = GAME.apply(s, seat, action)
    assert canonical(GAME.dump(s)) == canonical(replayed(len(OLD["actions"])))


def test_the_migration_finds_the_step_by_its_name() -> None:
    found = steps_named(STEP)
    assert list(found) == ["africa"] and found["africa"].upgrade is upgrade_state
    assert found["africa"].downgrade is downgrade_state
    assert steps_named("no_such_step") == {}
