"""The load benchmark runs (the real bot in its own process, a few stored games and tables, SQLite):
it must not rot between measurements. Nothing here asserts a time."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from bench import load


def test_the_load_benchmark_measures_every_figure() -> None:
    results: list[dict[str, Any]] = []
    before = logging.root.manager.disable
    asyncio.run(load.main(["--stored", "20", "--games", "3", "--warm-moves", "1", "--moves", "2",
                           "--commits", "3", "--minute-seconds", "1", "--backends", "sqlite"], results.append))
    # It silences the bot's warnings while it measures, and gives the process's logging back
    # (left silenced, every later test in this worker that reads the log saw nothing).
    assert logging.root.manager.disable == before
    [result] = results
    assert result["backend"] == "sqlite"
    figures = result["figures"]
    assert set(figures["goals"]) == set(load.GOALS)
    assert set(figures) >= {"bot_over_raw_async", "bot_over_sqlite3", "session_over_raw_async",
                            "move_over_noop_plus_commit", "move_over_noop_plus_hot_commit",
                            "noop_plus_commit_over_noop", "move_over_noop", "rss_mb_many", "rss_mb_10",
                            "rss_many_over_10", "lag_p99_ms", "lag_max_ms", "burst_first_p99_ms",
                            "burst_final_p99_ms", "burst_first_over_1s", "burst_final_over_1s"}
    for run in (result["with_many"], result["with_10"]):
        assert set(run) >= {"commit", "memory", "roundtrip", "lag", "burst"}
        assert run["commit"]["sqlite3_ms"] > 0 and run["commit"]["bot_ms"] > 0 and run["commit"]["session_ms"] > 0
        assert run["memory"]["after_load"]["rss_mb"] > 0
        assert run["roundtrip"]["moves"] == 2 and run["roundtrip"]["move_ms"] > 0
        assert run["roundtrip"]["noop_ms"] > 0 and run["roundtrip"]["raw_commit_ms"] > 0
        assert run["roundtrip"]["raw_commit_hot_ms"] > 0  # the floor's commit back to back
        assert 1000 < run["commit"]["snapshot_bytes"] < 3000  # a real Mali snapshot, not padded
        assert run["lag"]["moves"] == 3 and run["lag"]["beats"] > 0 and run["lag"]["failed"] == 0
        assert run["burst"]["moves"] == 3 and run["burst"]["unanswered"] == 0 and run["burst"]["failed"] == 0
        assert run["burst"]["applied"] == 3
