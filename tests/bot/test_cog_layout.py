"""Imports go one way: cogs -> bot -> computer -> games, and no circle among the shared cog modules (not even
an import tucked inside a function, as cogs/common.py once had of cogs/panel.py)."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (functions and TYPE_CHECKING blocks too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_the_shared_cog_modules_import_in_one_direction() -> None:
    shared = {p.stem: p for p in (ROOT / "cogs").glob("*.py") if p.stem != "__init__"}
    edges = {name: {m.removeprefix("cogs.") for m in imported(path) if m.removeprefix("cogs.") in shared}
             for name, path in shared.items()}
    assert edges["common"] == set(), edges["common"]

    def reaches(start: str, goal: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in edges[start])

    circles = sorted(name for name in shared if reaches(name, name))
    assert circles == [], {n: edges[n] for n in circles}


def test_the_bot_package_imports_no_cog() -> None:
    for path in sorted((ROOT / "bot").rglob("*.py")):
        wrong = sorted(m for m in imported(path) if m == "cogs" or m.startswith("cogs."))
        assert wrong == [], (path.relative_to(ROOT), wrong)


def test_the_computer_package_imports_games_only() -> None:
    """computer/ is pure (issue #24): the standard library and games, nothing of the service, the
    cogs, the renderers, Discord, the database or Pillow; and no game imports the computer."""
    for path in sorted((ROOT / "computer").rglob("*.py")):
        wrong = sorted(m for m in imported(path) if m.split(".")[0] not in sys.stdlib_module_names
                       and m.split(".")[0] not in ("__future__", "computer", "games"))
        assert wrong == [], (path.relative_to(ROOT), wrong)
    for path in sorted((ROOT / "games").rglob("*.py")):
        wrong = sorted(m for m in imported(path) if m.split(".")[0] == "computer")
        assert wrong == [], (path.relative_to(ROOT), wrong)


def test_the_lang_package_is_a_leaf() -> None:
    """lang/ (the texts and their catalogs, issue #25) imports nothing of the project and no Discord, so
    that bot/, cogs/ and renderers/ can all use it; games/ and computer/ stay free of words."""
    for path in sorted((ROOT / "lang").rglob("*.py")):
        wrong = sorted(m for m in imported(path) if m.split(".")[0] not in sys.stdlib_module_names
                       and m.split(".")[0] not in ("__future__", "lang", "babel"))
        assert wrong == [], (path.relative_to(ROOT), wrong)
    for package in ("games", "computer"):
        for path in sorted((ROOT / package).rglob("*.py")):
            wrong = sorted(m for m in imported(path) if m.split(".")[0] == "lang")
            assert wrong == [], (path.relative_to(ROOT), wrong)
