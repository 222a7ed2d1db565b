"""Stored states of the old shape (`jcop`, a task's `t`, the pending choice's `ctx`) upgrade to the
state the engine plays now.

data/old_shape_*.json were written by the engine before the rename (their "made_by" says which): a
seeded game per variant, its actions and old-shape dumps after some of them, chosen to hold every
renamed key. Replaying the same actions now must give exactly the upgraded dumps.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.base import canonical, english, is_say
from games.mali import GAME
from games.mali.upgrade import STEP, WORDS, downgrade_state, records, upgrade_state
from games.upgrades import steps_named

DATA = Path(__file__).with_name("data")
OLD = {v: json.loads((DATA / f"old_shape_{v}.json").read_text(encoding="utf-8")) for v in ("basic", "extended")}


def replayed(old: dict[str, Any]) -> dict[int, Any]:
    """The engine's dumps now after each numbered action of the fixture's game."""
    wanted = {int(k) for k in old["old_dumps"]}
    s = GAME.setup(old["seats"], old["options"], old["seed"])
    out: dict[int, Any] = {}
    for n, (seat, action) in enumerate(old["actions"], 1):
        s, _ = GAME.apply(s, seat, action)
        if n in wanted:
            out[n] = without_discards(GAME.dump(s))
    return out


def without_discards(dump: dict[str, Any]) -> dict[str, Any]:
    """The players' `objective_discards` came after these fixtures (and a state without them still
    loads and samples: tests/games/mali/test_sample.py): left out of the comparison."""
    for p in dump["players"]:
        p.pop("objective_discards", None)
    pending = dump.get("pending") or {}
    if is_say(pending.get("why")):  # a pending choice's reason is a Say now (issue 25): its English then
        pending["why"] = english(pending["why"])
    return dump


NEW = {v: replayed(old) for v, old in OLD.items()}
CASES = [(v, int(k)) for v, old in OLD.items() for k in old["old_dumps"]]


def test_the_old_dumps_hold_every_renamed_key() -> None:
    seen = {(kind, key) for old in OLD.values() for dump in old["old_dumps"].values()
            for kind, record in records(dump) for key in record}
    assert {(kind, key) for kind, pairs in WORDS.keys.items() for key in pairs} <= seen


@pytest.mark.parametrize(("variant", "step"), CASES)
def test_an_old_dump_upgrades_to_the_state_replayed_now_and_back(variant: str, step: int) -> None:
    old, new = OLD[variant]["old_dumps"][str(step)], NEW[variant][step]
    assert canonical(upgrade_state(old)) == canonical(new)
    assert canonical(downgrade_state(new)) == canonical(old)
    assert canonical(upgrade_state(new)) == canonical(new)


@pytest.mark.parametrize("variant", sorted(OLD))
def test_an_upgraded_game_plays_on_as_the_fresh_one(variant: str) -> None:
    old = OLD[variant]
    first = min(int(k) for k in old["old_dumps"])
    s = GAME.load(upgrade_state(old["old_dumps"][str(first)]))
    for seat, action in old["actions"][first:]:
        s, _ = GAME.apply(s, seat, action)
    last = len(old["actions"])
    assert canonical(without_discards(GAME.dump(s))) == canonical(NEW[variant][last])


def test_the_migration_finds_the_step_by_its_name() -> None:
    assert steps_named(STEP) == {"mali": GAME.state_steps[STEP]}  # type: ignore[attr-defined]
