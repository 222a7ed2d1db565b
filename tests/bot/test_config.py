"""Settings and the entry point."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_exits_at_once_with_help(tmp_path: Path) -> None:
    """Where the local table is off (the Docker images: LOCAL_TABLE=0), no token is an error."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path,
                          env={**env, "PYTHONPATH": str(ROOT), "LOCAL_TABLE": "0"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert "discord.com/developers/applications" in done.stderr


def test_settings_from_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    monkeypatch.setenv("DATABASE_URL", "sqlite+aiosqlite:///x.db")
    monkeypatch.setenv("TICK_SECONDS", "5")
    s = Settings.from_env(tmp_path / "missing.env")
    assert (s.token, s.dev_guild_id, s.database_url, s.tick_seconds) == ("abc", 123, "sqlite+aiosqlite:///x.db", 5.0)


def test_settings_from_dotenv_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=from-file\n")
    assert Settings.from_env(env).token == "from-file"


def test_bad_guild_id_is_explained(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DEV_GUILD_ID", "my-server")
    with pytest.raises(ConfigError, match="DEV_GUILD_ID must be a number"):
        Settings.from_env(tmp_path / "missing.env")


def test_env_example_lists_every_setting() -> None:
    example = (ROOT / ".env.example").read_text()
    readme = (ROOT / "README.md").read_text()
    source = (ROOT / "bot" / "config.py").read_text()
    import re

    names = set(re.findall(r'os\.environ\.get\("([A-Z_]+)"', source)) | {"DISCORD_TOKEN"}
    for name in names:
        assert name in example, f"{name} missing from .env.example"
        assert name in readme, f"{name} missing from README settings"


def test_docker_images_run_on_discord_only() -> None:
    """The images refuse to start without a token instead of serving a local table nobody can reach."""
    assert "LOCAL_TABLE=0" in (ROOT / "Dockerfile").read_text()
