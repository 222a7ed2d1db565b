"""Stored states of the old shape (a task's `t`, `n` and `d`) upgrade to the state the engine plays
now.

data/old_shape.json was written by the engine before the rename (its "made_by" says which): a
seeded game's actions and old-shape dumps after some of them, chosen to hold tasks of every kind
a stored game keeps. Replaying the same actions now must give exactly the upgraded dumps.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.base import canonical
from games.upgrades import steps_named
from games.westerplatte import GAME
from games.westerplatte.upgrade import STEP, downgrade_state, records, upgrade_state

OLD = json.loads((Path(__file__).with_name("data") / "old_shape.json").read_text(encoding="utf-8"))
STEPS = sorted(int(k) for k in OLD["old_dumps"])


def _replayed() -> dict[int, Any]:
    s = GAME.setup(OLD["seats"], OLD["options"], OLD["seed"])
    out: dict[int, Any] = {}
    for n, (seat, action) in enumerate(OLD["actions"], 1):
        s, _ = GAME.apply(s, seat, action)
        if n in STEPS:
            out[n] = GAME.dump(s)
    return out


NEW = _replayed()


def test_the_old_dumps_hold_tasks_in_the_old_shape() -> None:
    seen = {(kind, key) for dump in OLD["old_dumps"].values() for kind, record in records(dump)
            for key in record}
    assert {("task", "t"), ("task", "n")} <= seen


@pytest.mark.parametrize("step", STEPS)
def test_an_old_dump_upgrades_to_the_state_replayed_now_and_back(step: int) -> None:
    old, new = OLD["old_dumps"][str(step)], NEW[step]
    assert canonical(upgrade_state(old)) == canonical(new)
    assert canonical(downgrade_state(new)) == canonical(old)
    assert canonical(upgrade_state(new)) == canonical(new)


def test_a_morale_task_keeps_its_change() -> None:
    """A morale task is run as soon as it is queued, so no fixture dump holds one: by hand."""
    old = {**OLD["old_dumps"][str(STEPS[0])], "tasks": [{"t": "morale", "d": -1}, {"t": "next_turn"}]}
    new = upgrade_state(old)
    assert new["tasks"] == [{"kind": "morale", "change": -1}, {"kind": "next_turn"}]
    assert downgrade_state(new) == old


def test_an_upgraded_game_plays_on_as_the_fresh_one() -> None:
    first = STEPS[0]
    s = GAME.load(upgrade_state(OLD["old_dumps"][str(first)]))
    for seat, action in OLD["actions"][first:]:
        s, _ = GAME.apply(s, seat, action)
    assert canonical(GAME.dump(s)) == canonical(NEW[STEPS[-1]])


def test_the_migration_finds_the_step_by_its_name() -> None:
    assert steps_named(STEP) == {"westerplatte": GAME.state_steps[STEP]}  # type: ignore[attr-defined]
