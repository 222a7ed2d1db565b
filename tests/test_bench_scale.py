"""The scale benchmark runs (a few stored games, SQLite): it must not rot between measurements.
Nothing here asserts a time."""
from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_scale_benchmark_measures_every_figure(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("bench_scale", ROOT / "bench" / "scale.py")
    assert spec is not None and spec.loader is not None
    scale = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scale)
    shapes = scale.templates(per_game=1)
    assert {s["key"] for s in shapes} >= {"mali"}
    result = asyncio.run(scale.backend(
        "sqlite", lambda tag: (f"sqlite+aiosqlite:///{tmp_path / tag}.sqlite3", None), 40, shapes))
    assert set(result["ratio"]) == {"tick_ms", "tick_idle_ms", "tick_stall_ms", "autocomplete_p50_ms",
                                    "autocomplete_p99_ms", "autocomplete_before_p50_ms",
                                    "autocomplete_before_p99_ms", "due_rows_a_tick", "lookup_and_move_ms"}
    assert result["with_many"]["lookup_and_move_ms"] > 0
    assert result["stored_in_server"] == 4  # a tenth of the 40 stored games share the bench's server
