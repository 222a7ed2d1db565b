"""The tests' Discord simulator: :mod:`localdiscord` (the product's local table), re-exported here,
with every REST request body checked against Discord's OpenAPI spec (see :mod:`.spec`).

``from tests.fakediscord import FakeDiscord`` (and ``tests.fakediscord.world`` etc.) keep working;
the fixture is in ``tests.fakediscord.pytest_plugin``. See :mod:`localdiscord` for an example.
"""

from __future__ import annotations

import sys
from typing import Any

import localdiscord
from localdiscord import (
    Attachment,
    Channel,
    CommandError,
    Component,
    Guild,
    InteractionRecord,
    InteractionResult,
    Member,
    Message,
    Modal,
    Rejection,
    Role,
    SimulatorError,
    SpecCheck,
    User,
    client,
    gateway,
    interactions,
    limits,
    point_discord_py_at,
    seams,
    server,
    simulator,
    world,
)

from .spec import load_spec

# The modules moved to localdiscord; their old names still import.
for _module in (client, gateway, interactions, limits, seams, server, simulator, world):
    sys.modules[f"{__name__}.{_module.__name__.rsplit('.', 1)[1]}"] = _module


class FakeDiscord(localdiscord.FakeDiscord):
    """:class:`localdiscord.FakeDiscord` checking every REST body against Discord's OpenAPI spec
    (``validate_spec=False`` to skip that; ``spec=`` for another checker)."""

    def __init__(self, *, validate_spec: bool = True, spec: SpecCheck | None = None, **kwargs: Any) -> None:
        super().__init__(spec=spec if spec is not None else (load_spec() if validate_spec else None), **kwargs)


__all__ = [
    "Attachment",
    "Channel",
    "CommandError",
    "Component",
    "FakeDiscord",
    "Guild",
    "InteractionRecord",
    "InteractionResult",
    "Member",
    "Message",
    "Modal",
    "Rejection",
    "Role",
    "SimulatorError",
    "SpecCheck",
    "User",
    "point_discord_py_at",
]
