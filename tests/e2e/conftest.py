"""Every end-to-end test fails if a game its bots kept in memory disagreed with the database, or
was changed in place, when the bot closed (bot/service/cache.py; tests/e2e/harness.py)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.harness import DISAGREEMENTS


@pytest.fixture(autouse=True)
def kept_games_checked() -> Iterator[None]:
    DISAGREEMENTS.clear()
    yield  # set up before the simulator's fixture, so checked after it closed the bots
    found, DISAGREEMENTS[:] = list(DISAGREEMENTS), []
    assert not found, found
