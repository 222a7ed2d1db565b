"""bench/computer.py runs (CPU seconds per computer decision): it must not rot between
measurements. Nothing here asserts a time."""
from __future__ import annotations

import json

import pytest

from bench import computer as bench


def test_the_computer_benchmark_times_every_strength(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--games", "toy", "--positions", "2"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["players"], r["strength"]) for r in rows] == [
        (p, s) for p in (2, 3) for s in ("easy", "medium", "hard")]
    for row in rows:
        assert row["game"] == "toy" and row["positions"] == 2
        assert 0 <= row["median_cpu_s"] <= row["max_cpu_s"]
        assert row["iterations"] == (0 if row["strength"] == "easy" else bench.computer.budget(
            bench.games()["toy"], row["strength"]))


def test_a_game_without_a_sampler_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(["--games", "nosuchgame"])
    assert "no sampler for nosuchgame" in capsys.readouterr().err
