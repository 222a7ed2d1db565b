"""Shared pytest set-up: the Discord simulator's fixtures, and the longest tests run first."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["tests.fakediscord.pytest_plugin"]

SLOW_LIST = Path(__file__).with_name("slow_tests.txt")


def known_durations(path: Path = SLOW_LIST) -> dict[str, float]:
    """Test id -> seconds it took, from the kept list ("seconds test-id" a line, '#' comments)."""
    found: dict[str, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            seconds, nodeid = line.split(maxsplit=1)
            found[nodeid] = float(seconds)
    return found


def longest_first(items: list[pytest.Item], durations: dict[str, float]) -> list[pytest.Item]:
    """The known slow tests first, longest first, then every other test in its collected order:
    with the workers fed one test at a time (scripts/test.sh), no long test starts last."""
    slow = sorted((item for item in items if item.nodeid in durations), key=lambda i: -durations[i.nodeid])
    return slow + [item for item in items if item.nodeid not in durations]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items[:] = longest_first(items, known_durations())


@pytest.fixture(autouse=True)
def patient_keep_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    """The keep-alive acknowledges a command still unanswered after 2 s here, not 0.8 s: on a busy
    test machine a first command (a player's row written, the catalogs read) can take a second,
    and a test that reads the command's own answer would find only "Done: see the channel." The
    keep-alive's tests set their own delay (tests/e2e/test_keep_alive.py)."""
    from cogs import common

    monkeypatch.setattr(common, "KEEP_ALIVE_AFTER", 2.0)
