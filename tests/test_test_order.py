"""The suite's schedule (tests/conftest.py): the kept slow tests start first, longest first."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest

from tests.conftest import SLOW_LIST, known_durations, longest_first


@dataclass
class Item:
    nodeid: str


def ids(items: list[Any]) -> list[str]:
    return [item.nodeid for item in items]


def test_known_slow_tests_go_first_longest_first_and_the_rest_keep_their_order() -> None:
    items = [Item(n) for n in ("a.py::one", "a.py::two", "b.py::three", "b.py::four", "c.py::five")]
    durations = {"b.py::four": 3.0, "a.py::two": 9.5, "c.py::five": 4.0, "gone.py::old": 50.0}
    ordered = longest_first(cast(list[pytest.Item], items), durations)
    assert ids(ordered) == ["a.py::two", "c.py::five", "b.py::four", "a.py::one", "b.py::three"]


def test_the_list_reads_seconds_and_ids_and_skips_comments(tmp_path: Path) -> None:
    kept = tmp_path / "slow.txt"
    kept.write_text("# header\n\n12.5 tests/x.py::test_a[2p-basic]  # note\n3 tests/y.py::test_b\n")
    assert known_durations(kept) == {"tests/x.py::test_a[2p-basic]": 12.5, "tests/y.py::test_b": 3.0}


def test_the_kept_list_names_test_files_that_exist() -> None:
    root = SLOW_LIST.parent.parent
    durations = known_durations()
    assert len(durations) >= 20 and all(seconds > 0 for seconds in durations.values())
    assert all((root / nodeid.split("::")[0]).is_file() for nodeid in durations), \
        [n for n in durations if not (root / n.split("::")[0]).is_file()]
