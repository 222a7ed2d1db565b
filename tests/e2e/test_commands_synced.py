"""The slash commands as Discord receives them: every command and option explained."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.harness import sqlite, start_bot
from tests.fakediscord import FakeDiscord


def walk(options: list[dict[str, Any]], path: str) -> list[tuple[str, str]]:
    out = []
    for o in options:
        out.append((f"{path} {o['name']}", o.get("description", "")))
        out += walk(o.get("options") or [], f"{path} {o['name']}")
    return out


async def test_every_command_and_option_is_described(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    commands = {c["name"]: c for c in sim.global_commands}
    assert {"game", "mali"} <= set(commands)
    described = [(c["name"], c.get("description", "")) for c in commands.values()]
    for command in commands.values():
        described += walk(command.get("options") or [], command["name"])
    missing = [name for name, text in described if not text or text == "…"]
    assert missing == []
    subcommands = {o["name"] for o in commands["mali"]["options"]}
    assert {"help", "card", "move", "jump", "place", "pickup", "drop", "end", "finish", "choose", "objectives",
            "swap-scouts", "squad-jump", "swap-orders", "peek", "panel"} <= subcommands
    assert {"new", "join", "leave", "start", "list", "status", "log", "hand", "play", "abandon", "kick",
            "notify"} <= {o["name"] for o in commands["game"]["options"]}
