"""pytest fixtures. Register in tests/conftest.py with::

    pytest_plugins = ["tests.fakediscord.pytest_plugin"]

``fake_discord``: a started :class:`FakeDiscord` with the default world; at teardown it
stops any bot started with ``sim.connect(bot)``, restores discord.py's seams and calls
``sim.assert_clean()``. Tune it per test with ``@pytest.mark.fakediscord(ack_timeout=0.3, ...)``
(keyword arguments for FakeDiscord).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from . import FakeDiscord


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fakediscord(**kwargs): options for the fake_discord fixture")


@pytest.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    marker = request.node.get_closest_marker("fakediscord")
    kwargs = dict(marker.kwargs) if marker else {}
    sim = FakeDiscord(**kwargs)
    await sim.start()
    try:
        yield sim
    finally:
        await sim.close()
    sim.assert_clean()
