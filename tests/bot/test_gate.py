"""The engine owns secrecy: outside bot/gate.py (and the service that stores games), nothing in
bot/ or cogs/ reads a game's state or builds text from it (issue: platform, "one gate")."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = {"bot/gate.py", "bot/service/service.py", "bot/service/store.py", "bot/service/records.py"}
READS_STATE = re.compile(r"\.state\b|\.game\.(view|describe|legal_actions|apply|drop|default_action)\(|"
                         r"\bGAME\.(view|describe|legal_actions|apply)\(")


def test_only_the_gate_reads_game_state() -> None:
    found = []
    for path in sorted([*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")]):
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED or "/migrations/" in name:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if READS_STATE.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "read through bot/gate.py instead:\n" + "\n".join(found)


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
