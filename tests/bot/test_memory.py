"""bot.memory in a fresh process: the objects alive at start are frozen once (the garbage
collector's full passes then skip them), and the allocator calls are safe to make."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import gc
from bot import memory
assert gc.get_freeze_count() == 0
memory.limit_arenas()
memory.freeze_startup()
frozen = gc.get_freeze_count()
assert frozen > 1000, frozen
garbage = [[] for _ in range(100)]
memory.freeze_startup()  # once a process: what came later stays collectable
assert gc.get_freeze_count() == frozen
memory.trim()
print("ok")
"""


def test_freeze_once_and_allocator_calls() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
