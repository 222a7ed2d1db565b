"""Every text marked for translation reaches its catalog: a literal given to `_`, `n_`, `p_`,
`np_`, `N_`, `NP_`, `say`, `say_n` or `say_p` inside an f-string is missed by the extraction (pybabel reads
no f-string's expressions), so the catalog never gets it and every reader sees English."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKERS = {"_", "n_", "p_", "np_", "N_", "NP_", "say", "say_n", "say_p"}
FOLDERS = ("bot", "cogs", "renderers", "games")


def marked_in_fstrings(source: str) -> list[int]:
    """The lines where a marker gets a literal text inside an f-string."""
    lines: list[int] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for inner in ast.walk(node):
            if not isinstance(inner, ast.Call):
                continue
            name = inner.func.attr if isinstance(inner.func, ast.Attribute) else getattr(inner.func, "id", "")
            text = 1 if name in ("p_", "np_", "NP_", "say_p") else 0  # after the context
            literal = inner.args[text] if len(inner.args) > text else None
            if name in MARKERS and isinstance(literal, ast.Constant) and isinstance(literal.value, str):
                lines.append(inner.lineno)
    return lines


def test_the_check_finds_a_marked_literal_in_an_fstring() -> None:
    assert marked_in_fstrings("x = f\"{n} {tx._('off the board')}\"") == [1]
    assert marked_in_fstrings("off = tx._('off the board')\nx = f'{n} {off}'") == []
    assert marked_in_fstrings("x = f\"{tx.p_('button', 'End')}\"") == [1]
    assert marked_in_fstrings("x = f\"{tx.p_('choice', name)}\"") == []  # a variable: marked elsewhere
    assert marked_in_fstrings("x = f\"{lang.NP_('area', 'Congo')}\"") == [1]


def test_no_marked_literal_sits_in_an_fstring() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}" for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))
             for line in marked_in_fstrings(path.read_text(encoding="utf-8"))]
    assert found == [], "marked texts the extraction cannot see: " + ", ".join(found)
