"""Settings and the entry point."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.config import DEFAULT_DATABASE_URL, ConfigError, Settings

ROOT = Path(__file__).resolve().parents[2]
NAMES = {str(f.validation_alias): name for name, f in Settings.model_fields.items()}


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No setting in the environment; returns a .env path that does not exist yet."""
    for alias in NAMES:
        monkeypatch.delenv(alias, raising=False)
    return tmp_path / ".env"


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in NAMES}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path,
                          env={**base, "PYTHONPATH": str(ROOT), **env},
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("off", ["0", "no", "false", "off"])
def test_missing_token_exits_at_once_with_help(tmp_path: Path, off: str) -> None:
    """Where the local table is off (the Docker images: LOCAL_TABLE=0), no token is an error."""
    done = run_bot(tmp_path, LOCAL_TABLE=off)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert "discord.com/developers/applications" in done.stderr


@pytest.mark.parametrize(("name", "value"), [("TICK_SECONDS", "abc"), ("LOG_LEVEL", "LOUD")])
def test_a_bad_value_is_one_clear_line_not_a_traceback(tmp_path: Path, name: str, value: str) -> None:
    done = run_bot(tmp_path, DISCORD_TOKEN="x", **{name: value})
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"Bad setting: {name} must be ") and repr(value) in lines[0]


@pytest.mark.parametrize(("name", "value", "says"), [
    ("TICK_SECONDS", "abc", "a number of seconds above 0"),
    ("TICK_SECONDS", "0", "a number of seconds above 0"),
    ("LOG_LEVEL", "LOUD", "one of DEBUG, INFO"),
    ("DEV_GUILD_ID", "my-server", "a number (a Discord server's id)"),
    ("RENDER_WORKERS", "-1", "a whole number, 0 or more"),
    ("RENDER_WORKERS", "2.5", "a whole number, 0 or more"),
    ("SYNC_COMMANDS", "maybe", "true or false"),
    ("LOCAL_TABLE", "2", "true or false"),
    ("LOCAL_TABLE_PORT", "70000", "a port number"),
    ("DATABASE_URL", "mysql://u@h/db", "a SQLite or PostgreSQL URL"),
    ("DATABASE_URL", "data/bot.sqlite3", "a SQLite or PostgreSQL URL"),
    ("DISCORD_API_BASE", "127.0.0.1:8080/api", "an http:// or https:// URL"),
    ("DISCORD_GATEWAY_URL", "http://127.0.0.1/gw", "a ws:// or wss:// URL"),
])
def test_bad_values_are_explained(monkeypatch: pytest.MonkeyPatch, clean_env: Path,
                                  name: str, value: str, says: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(clean_env)
    assert str(caught.value) == f"Bad setting: {name} must be {must_be(name)}, not {value!r}."
    assert says in str(caught.value)


def must_be(alias: str) -> str:
    description = Settings.model_fields[NAMES[alias]].description
    assert description
    return description


def test_every_bad_value_gets_its_own_line(monkeypatch: pytest.MonkeyPatch, clean_env: Path) -> None:
    monkeypatch.setenv("TICK_SECONDS", "abc")
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(clean_env)
    lines = str(caught.value).splitlines()
    assert len(lines) == 2
    assert {line.split()[2] for line in lines} == {"TICK_SECONDS", "LOG_LEVEL"}


@pytest.mark.parametrize(("value", "meaning"), [
    ("0", False), ("false", False), ("no", False), ("off", False), ("FALSE", False), (" No ", False),
    ("1", True), ("true", True), ("yes", True), ("on", True), ("True", True),
])
@pytest.mark.parametrize("name", ["SYNC_COMMANDS", "LOCAL_TABLE", "LOCAL_TABLE_OPEN"])
def test_booleans_accept_the_usual_spellings_alike(monkeypatch: pytest.MonkeyPatch, clean_env: Path,
                                                   name: str, value: str, meaning: bool) -> None:
    monkeypatch.setenv(name, value)
    assert getattr(Settings.from_env(clean_env), NAMES[name]) is meaning


def test_defaults(clean_env: Path) -> None:
    s = Settings.from_env(clean_env)
    assert s == Settings()
    assert (s.token, s.database_url, s.dev_guild_id, s.api_base, s.gateway_url) == (
        "", DEFAULT_DATABASE_URL, None, None, None)
    assert (s.log_level, s.tick_seconds, s.render_workers, s.sync_commands) == ("INFO", 60.0, 1, True)
    assert (s.local_table, s.local_table_port, s.local_table_open) == (True, 8765, True)


def test_empty_values_mean_the_default(monkeypatch: pytest.MonkeyPatch, clean_env: Path) -> None:
    """`DEV_GUILD_ID=` as .env.example writes it: not set, rather than a bad number."""
    for alias in NAMES:
        monkeypatch.setenv(alias, "")
    assert Settings.from_env(clean_env) == Settings()


def test_settings_from_env(monkeypatch: pytest.MonkeyPatch, clean_env: Path) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", " abc ")
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    monkeypatch.setenv("DATABASE_URL", "sqlite+aiosqlite:///x.db")
    monkeypatch.setenv("TICK_SECONDS", "5")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    s = Settings.from_env(clean_env)
    assert (s.token, s.dev_guild_id, s.database_url, s.tick_seconds) == ("abc", 123, "sqlite+aiosqlite:///x.db", 5.0)
    assert s.log_level == "DEBUG"
    assert "abc" not in repr(s)  # the token stays out of logs


def test_settings_from_dotenv_file(monkeypatch: pytest.MonkeyPatch, clean_env: Path) -> None:
    clean_env.write_text("DISCORD_TOKEN=from-file\nTICK_SECONDS=7\nSYNC_COMMANDS=0\n")
    monkeypatch.setenv("TICK_SECONDS", "9")  # the environment wins over the file
    s = Settings.from_env(clean_env)
    assert (s.token, s.tick_seconds, s.sync_commands) == ("from-file", 9.0, False)


def test_a_bad_value_in_the_dotenv_file_is_named_too(clean_env: Path) -> None:
    clean_env.write_text("DISCORD_TOKEN=x\nRENDER_WORKERS=many\nSOMETHING_ELSE=ignored\n")
    with pytest.raises(ConfigError, match=r"^Bad setting: RENDER_WORKERS must be a whole number, 0 or more .*'many'"):
        Settings.from_env(clean_env)


def test_built_directly_reads_no_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests and benchmarks build Settings by hand: a developer's TICK_SECONDS must not leak in."""
    monkeypatch.setenv("TICK_SECONDS", "5")
    monkeypatch.setenv("DISCORD_TOKEN", "leaked")
    s = Settings(token="given")
    assert (s.token, s.tick_seconds) == ("given", 60.0)


def test_the_default_database_url_is_written_once() -> None:
    from bot import db

    assert db.database_url.__module__ == "bot.db"
    files = [*(ROOT / "bot").rglob("*.py"), *(ROOT / n for n in (
        "alembic.ini", "Dockerfile", "docker-compose.yml", "scripts/run.sh", "scripts/setup.sh"))]
    holding = [p.relative_to(ROOT).as_posix() for p in files if "bot.sqlite3" in p.read_text()]
    assert holding == ["bot/config.py"]


def test_alembic_and_the_database_layer_use_the_bot_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot import db

    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert db.database_url() == DEFAULT_DATABASE_URL == Settings().database_url


def readme_settings() -> dict[str, str]:
    """README's Settings table: each setting's name and its default cell."""
    text = (ROOT / "README.md").read_text()
    table = text.split("### Settings", 1)[1].split("| setting |", 1)[1].split("\n\n", 1)[0]
    rows: dict[str, str] = {}
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        for name in re.findall(r"`([A-Z_]+)`", cells[0]):
            rows[name] = cells[1]
    return rows


def test_readme_settings_table_is_true_to_the_code() -> None:
    rows = readme_settings()
    assert set(rows) == set(NAMES), "README's Settings table and bot/config.py name different settings"
    for alias, cell in rows.items():
        default = Settings.model_fields[NAMES[alias]].default
        shown = re.fullmatch(r"`([^`]*)`", cell)
        if shown is None:  # "none", "Discord's": nothing set
            assert default in (None, ""), f"README says {alias} has no default; the code's is {default!r}"
        else:
            parsed: Any = getattr(Settings.model_validate({alias: shown[1]}), NAMES[alias])
            assert parsed == default, f"README's default for {alias} is {shown[1]}; the code's is {default!r}"


def env_example() -> dict[str, str]:
    text = (ROOT / ".env.example").read_text()
    return dict(re.findall(r"^([A-Z_]+)=(.*)$", text, flags=re.MULTILINE))


def test_env_example_names_every_setting() -> None:
    text = (ROOT / ".env.example").read_text()
    for alias in NAMES:
        assert re.search(rf"^#? ?{alias}=", text, flags=re.MULTILINE), f"{alias} missing from .env.example"


def test_env_example_copied_as_it_is_changes_nothing(clean_env: Path) -> None:
    """Its values are the code's defaults: copying it to .env is the same as having none."""
    assert env_example()
    clean_env.write_text((ROOT / ".env.example").read_text())
    assert Settings.from_env(clean_env) == Settings()


def comment_of(alias: str) -> str:
    """The comment above a setting in .env.example."""
    text = (ROOT / ".env.example").read_text()
    return text.split(f"{alias}=")[0].rsplit("\n\n", 1)[-1]


def test_env_example_says_what_the_code_does() -> None:
    text = (ROOT / ".env.example").read_text()
    assert "asyncpg" not in text  # PostgreSQL goes through psycopg 3, whatever driver a URL names
    assert "processes" in comment_of("RENDER_WORKERS").lower() and "thread" not in comment_of("RENDER_WORKERS")
    assert "several processes" not in comment_of("SYNC_COMMANDS")  # one bot process per token


def test_docker_images_run_on_discord_only() -> None:
    """The images refuse to start without a token instead of serving a local table nobody can reach."""
    assert "LOCAL_TABLE=0" in (ROOT / "Dockerfile").read_text()
