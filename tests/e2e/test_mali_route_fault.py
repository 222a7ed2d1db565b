"""A fault in the engine while `/mali move` suggests where a scout can go: no suggestions (an
autocomplete has no way to explain), but the fault is logged, never hidden."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot import gate
from tests.e2e.harness import sqlite, start_bot, two_player_game
from tests.e2e.test_mali_commands import SEED, alice_moves_with_card_two
from tests.fakediscord import FakeDiscord


async def test_a_fault_in_the_route_question_is_logged(fake_discord: FakeDiscord, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    await alice_moves_with_card_two(sim, bot, gid)
    asked = gate.ask

    def broken(record: Any, seat: str, question: str, **given: Any) -> Any:
        if question == "reachable":
            raise RuntimeError("engine fault")
        return asked(record, seat, question, **given)

    monkeypatch.setattr(gate, "ask", broken)
    with caplog.at_level(logging.ERROR, logger="cogs.mali"):
        offered = await sim.autocomplete(sim.alice, sim.channel, "mali move", {"scout": "Janek"}, focused="to")
    assert offered == []
    faults = [r for r in caplog.records if r.name == "cogs.mali"]
    assert [r.getMessage() for r in faults] == [f"routes for scout 'Janek' in game {gid}"]
    assert faults[0].exc_info is not None and str(faults[0].exc_info[1]) == "engine fault"
