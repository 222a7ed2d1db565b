"""The Docker files (no Docker here to run them: their text is checked)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def services() -> dict[str, str]:
    """docker-compose.yml's services, each name with its block of text."""
    text = (ROOT / "docker-compose.yml").read_text()
    body = text.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    return dict(re.findall(r"^  ([\w-]+):\n((?:    .*\n|\n)*)", body + "\n", flags=re.MULTILINE))


def test_no_profile_starts_two_bots_on_one_token() -> None:
    bots = {name: block for name, block in services().items() if "<<: *bot" in block}
    assert set(bots) == {"bot", "bot-pg", "shard-0", "shard-1", "standby-0"}
    profiles = {name: re.findall(r'^    profiles: \["([\w-]+)"\]', block, flags=re.MULTILINE)
                for name, block in bots.items()}
    assert all(len(p) == 1 for p in profiles.values()), profiles  # none is started by every `up`
    alone = [p[0] for name, p in profiles.items() if not name.startswith(("shard-", "standby-"))]
    assert len(set(alone)) == len(alone) and "shards" not in alone
    # The shards profile's processes: shards 0 and 1 of 2, and a standby of shard 0 (bot/shards.py)
    shards = {name: re.findall(r'SHARD_IDS: "([\d,]+)"', block) for name, block in bots.items()
              if profiles[name] == ["shards"]}
    assert shards == {"shard-0": ["0"], "shard-1": ["1"], "standby-0": ["0"]}


def test_the_bots_run_under_init_with_an_optional_env_file_and_discord_only() -> None:
    text = (ROOT / "docker-compose.yml").read_text()
    common = text.split("x-bot: &bot\n", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"^  init: true", common, flags=re.MULTILINE)
    assert re.search(r"^  env_file:\n    - path: \.env\n      required: false$", common, flags=re.MULTILINE)
    for name in ("bot", "bot-pg"):
        assert 'LOCAL_TABLE: "0"' in services()[name]  # a .env copied from .env.example says 1
    assert "bot.sqlite3" not in text  # the bot's default, written in bot/config.py only


def test_the_image_installs_the_lock_and_stops_on_sigterm() -> None:
    docker = (ROOT / "Dockerfile").read_text()
    assert "COPY requirements.lock ." in docker
    assert "--require-hashes -r requirements.lock" in docker
    assert "LOCAL_TABLE=0" in docker
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert ".env" in ignored and "requirements.lock" not in ignored
