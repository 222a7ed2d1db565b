"""The engine owns secrecy: outside bot/gate.py (and the service modules that store games), nothing
in bot/, cogs/ or renderers/ reads a game's state, calls the engine on it or imports engine code
(issue 21, "Secrets"). Checked on the syntax tree: imports, attribute access and getattr."""
from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from games.registry import PACKAGES

ROOT = Path(__file__).resolve().parents[2]
# The gate, and the service modules that load, play and persist states.
ENGINE_USERS = {"bot/gate.py", "bot/service/service.py", "bot/service/store.py"}
STATE = {"state", "snapshot"}  # a record's loaded state, and its stored dump
ENGINE = {"view", "describe", "legal_actions", "apply", "drop", "default_action", "outcome",
          "undo_barrier", "playout_weights", "queries"}
# What may be imported from games/: the interface, the registry, and each game's board data.
OPEN_MODULES = {"games.base", "games.registry"}
OPEN_NAMES = {"games": {"registry"}, "games.simulate": {"parse_value"}}
GETTERS = {"getattr", "hasattr", "setattr", "attrgetter", "methodcaller"}


def _board_names(package: str) -> set[str]:
    """The names a game's package may lend: its board data (games.<key>.board)."""
    return set(vars(importlib.import_module(f"{package}.board")))


def _import_problem(module: str, names: list[str]) -> str | None:
    if module != "games" and not module.startswith("games."):
        return None
    if module in OPEN_MODULES:
        return None
    parts = module.split(".")
    if len(parts) == 3 and parts[1] in PACKAGES and parts[2] == "board":
        return None
    allowed = OPEN_NAMES.get(module)
    if allowed is None and len(parts) == 2 and parts[1] in PACKAGES:
        allowed = _board_names(module)
    wrong = [n for n in names if allowed is None or n not in allowed]
    return f"imports {', '.join(wrong) or module} from {module}" if wrong or not names else None


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _allowed(node: ast.Attribute) -> bool:
    """The gate's own functions (`gate.outcome(record)`), and discord.py's `app_commands.describe`
    (a decorator, not the engine's describe)."""
    owner = _name(node.value)
    return owner == "gate" or (node.attr == "describe" and owner == "app_commands")


def problems(source: str, engine_user: bool = False) -> list[str]:
    """Where `source` reaches past the gate: (line, what) for each engine import, each `.state`
    (`.snapshot`) and each engine method it names, plain or through getattr. `engine_user`: the
    gate or the service, which may read states and call the engine (but import no engine code)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            for alias in node.names:
                why = _import_problem(alias.name, [])
                if why:
                    found.append(f"{line}: {why}")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            why = _import_problem(node.module, [a.name for a in node.names])
            if why:
                found.append(f"{line}: {why}")
        elif isinstance(node, ast.Call) and _name(node.func) in ("__import__", "import_module") \
                and node.args and isinstance(node.args[0], ast.Constant):
            why = _import_problem(str(node.args[0].value), [])
            if why:
                found.append(f"{line}: {why}")
        if engine_user:
            continue
        if isinstance(node, ast.Attribute) and node.attr in STATE | ENGINE and not _allowed(node):
            found.append(f"{line}: .{node.attr}")
        elif isinstance(node, ast.Call) and _name(node.func) in GETTERS:
            named = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            found += [f"{line}: {_name(node.func)}({n!r})" for n in named
                      if n.split(".")[-1] in STATE | ENGINE]
        elif isinstance(node, ast.Name) and node.id in ("vars", "asdict", "astuple"):
            found.append(f"{line}: {node.id}()")
        elif isinstance(node, ast.Attribute) and node.attr in ("__dict__", "__getattribute__"):
            found.append(f"{line}: .{node.attr}")
    return found


def _modules() -> list[Path]:
    return sorted(p for folder in ("bot", "cogs", "renderers") for p in (ROOT / folder).glob("**/*.py")
                  if "migrations" not in p.parts)


def test_only_the_gate_reads_game_state() -> None:
    found = []
    for path in _modules():
        name = path.relative_to(ROOT).as_posix()
        found += [f"{name}:{p}" for p in problems(path.read_text(), name in ENGINE_USERS)]
    assert not found, "ask through bot/gate.py instead:\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    "record.state['x']",
    "x = record.state",
    "getattr(record, 'state')",
    "getattr(record, 'snapshot', None)",
    "r.game.view(r.state, None)",
    "view = record.game.view",
    "record.game.legal_actions(s, seat)",
    "record.outcome",
    "operator.attrgetter('state')(record)",
    "vars(record)['state']",
    "record.__dict__['state']",
    "from dataclasses import asdict\nasdict(record)['state']",
    "from games.mali import GAME",
    "from games.mali import reachable",
    "from games.mali.route import walk_actions",
    "from games.africa.apply import apply",
    "import games.maquis.rules",
    "from games import mali",
    "import games.mali as m",
    "importlib.import_module('games.mali.legal')",
    "object.__getattribute__(record, 'state')",
])
def test_the_check_catches_a_read_past_the_gate(source: str) -> None:
    assert problems(source)


@pytest.mark.parametrize("source", [
    "view = gate.public(record)\nrecord.to_act\nrecord.game.title",
    "from games.mali import BOARD",
    "from games.africa.board import AREA",
    "import games.maquis.board",
    "from games.base import Action",
    "from games import registry",
    "view['outcome']",
    "gate.outcome(record)",
    "@app_commands.describe(to='Where to')\ndef move(to: str) -> None: ...",
])
def test_the_check_lets_views_through(source: str) -> None:
    assert not problems(source)


def test_engine_users_import_no_engine_code() -> None:
    assert problems("from games.mali.legal import reachable", engine_user=True)
    assert not problems("record.game.view(record.state, None)", engine_user=True)


def test_the_bot_names_no_game() -> None:
    """bot/ and the lobby are the same for every game: no game's key or action type in them."""
    from games.registry import GAMES

    words = set(GAMES) | {"mali", "choose_card", "choose_objectives", "scout", "objective"}
    found = []
    for path in sorted([*ROOT.glob("bot/**/*.py"), ROOT / "cogs/lobby.py", ROOT / "cogs/panel.py",
                        ROOT / "cogs/common.py"]):
        text = path.read_text().lower()
        found += [f"{path.relative_to(ROOT)}: {w}" for w in words if re.search(rf"\b{w}\b", text)]
    assert not found, found
