"""Logs written by an older engine still replay once the engine takes a one-answer choice itself."""
from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.service.records import LogEntry
from bot.service.service import replay_log
from games.africa import AfricaGame
from games.base import IllegalAction

AFRICA = AfricaGame()
OLD = Path(__file__).resolve().parents[1] / "games/africa/data/old_shape.json"


def entries_of(actions: list[list[Any]]) -> list[LogEntry]:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return [LogEntry(game_id=1, seq=i + 1, seat=seat, kind="action", action=action, by="player",
                     created_at=now) for i, (seat, action) in enumerate(actions)]


def test_an_old_sealed_game_with_bids_the_engine_now_places_replays() -> None:
    data = json.loads(OLD.read_text())
    cur = {"seats": data["seats"], "options": data["options"], "seed": data["seed"]}
    entries = entries_of(data["actions"])
    forced = 0
    state = AFRICA.setup(data["seats"], data["options"], data["seed"])
    for entry in entries:
        if AFRICA.replayed(state, entry.seat, entry.action or {}) is not None:
            forced += 1
            with pytest.raises(IllegalAction):  # live, the same bid is no longer asked
                AFRICA.apply(state, entry.seat, entry.action or {})
            continue
        state, _ = AFRICA.apply(state, entry.seat, entry.action or {})
    assert forced, "the old log holds a sealed bid the engine now places itself"
    assert AFRICA.dump(replay_log(AFRICA, cur, entries)) == AFRICA.dump(state)
