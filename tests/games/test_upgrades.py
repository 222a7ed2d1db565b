"""games/upgrades.py: renames kept as data, run both ways on a dump without touching it."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.upgrades import Renames


def records(s: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    yield "state", s
    for item in s["items"]:
        yield "item", item


RENAMES = Renames(records, keys={"state": {"fl": "flag"}, "item": {"t": "kind", "n": "count"}},
                  values={"item": {"kind": {"nx": "next_turn"}}}, dropped={"spare": []})
OLD = {"fl": True, "spare": [], "items": [{"t": "nx", "n": 2}, {"t": "other", "n": 0}]}
NEW = {"flag": True, "items": [{"kind": "next_turn", "count": 2}, {"kind": "other", "count": 0}]}


def test_upgrade_and_downgrade() -> None:
    assert RENAMES.upgrade(OLD) == NEW
    assert RENAMES.downgrade(NEW) == OLD
    assert RENAMES.upgrade(NEW) == NEW and RENAMES.downgrade(OLD) == OLD


def test_the_input_is_left_alone() -> None:
    old = {"fl": True, "spare": [], "items": [{"t": "nx", "n": 2}]}
    RENAMES.upgrade(old)
    assert old == {"fl": True, "spare": [], "items": [{"t": "nx", "n": 2}]}
    down = RENAMES.downgrade({"flag": False, "items": []})
    down["spare"].append(1)
    assert RENAMES.dropped == {"spare": []}


def test_a_record_in_both_shapes_is_refused() -> None:
    with pytest.raises(ValueError, match="both 'fl' and 'flag'"):
        RENAMES.upgrade({"fl": True, "flag": False, "items": []})
