"""Settings from the environment or a .env file (pydantic-settings: typed and checked at start)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/bot.sqlite3"

TOKEN_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

1. Open https://discord.com/developers/applications and create an application.
2. Under "Bot", press "Reset Token" and copy the token.
3. Put it in a .env file beside README.md:   DISCORD_TOKEN=your-token
   (see .env.example for every other setting), or export it in the shell.
4. Invite the bot with the link described in README.md ("Inviting the bot").
"""

BOOLEAN = "true or false (also 1/0, yes/no, on/off)"


class ConfigError(Exception):
    """A setting with a bad value: the message names it, one line each."""


def _setting(default: Any, name: str, must_be: str, **more: Any) -> Any:
    """A field read from the environment variable `name`; `must_be` completes "NAME must be ..."."""
    return Field(default, validation_alias=name, description=must_be, **more)


class Settings(BaseSettings):
    """What the bot runs with. Built directly (tests, benchmarks) it reads nothing from the
    environment; `Settings.from_env()` reads the environment and a .env file."""

    model_config = SettingsConfigDict(frozen=True, validate_by_name=True, validate_by_alias=True,
                                      env_ignore_empty=True, str_strip_whitespace=True, extra="ignore")

    token: str = _setting("", "DISCORD_TOKEN", "the bot's token", repr=False)  # never in a log
    database_url: str = _setting(DEFAULT_DATABASE_URL, "DATABASE_URL",
                                 "a SQLite or PostgreSQL URL (sqlite+aiosqlite:///data/bot.sqlite3, "
                                 "postgresql://user:password@host/db)")
    dev_guild_id: int | None = _setting(None, "DEV_GUILD_ID", "a number (a Discord server's id)")
    api_base: str | None = _setting(None, "DISCORD_API_BASE", "an http:// or https:// URL")
    gateway_url: str | None = _setting(None, "DISCORD_GATEWAY_URL", "a ws:// or wss:// URL")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = _setting(
        "INFO", "LOG_LEVEL", "one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
    tick_seconds: float = _setting(60.0, "TICK_SECONDS", "a number of seconds above 0")
    render_workers: int = _setting(1, "RENDER_WORKERS", "a whole number, 0 or more (processes drawing images)")
    think_workers: int = _setting(1, "THINK_WORKERS",
                                  "a whole number, 0 or more (processes where computer players think)")
    sync_commands: bool = _setting(True, "SYNC_COMMANDS", BOOLEAN)
    local_table: bool = _setting(True, "LOCAL_TABLE", BOOLEAN)
    local_table_port: int = _setting(8765, "LOCAL_TABLE_PORT", "a port number, 0 to 65535 (0: any free port)")
    local_table_open: bool = _setting(True, "LOCAL_TABLE_OPEN", BOOLEAN)
    local_table_seed: int | None = _setting(None, "LOCAL_TABLE_SEED", "a whole number (the first game's seed)")
    shard_count: int = _setting(1, "SHARD_COUNT", "a whole number from 1 to 4096 (Discord shards in all)")
    # The shards this process runs (bot/shards.py); None: all of them.
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = _setting(
        None, "SHARD_IDS", "shard numbers separated by commas, each from 0 to SHARD_COUNT - 1 (0,1)")

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        """The environment's settings, then the .env file's; a bad value raises ConfigError."""
        try:
            read = _FromEnvironment(_env_file=env_file)  # type: ignore[call-arg]  # BaseSettings takes it
        except ValidationError as exc:
            raise ConfigError(explain(exc)) from None
        return cls.model_validate(read.model_dump())

    @field_validator("*", mode="before")
    @classmethod
    def _strip(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.upper() if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _database(cls, value: str) -> str:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            backend = make_url(value).get_backend_name()
        except ArgumentError:
            backend = ""
        if backend not in ("sqlite", "postgresql"):
            raise ValueError("not a SQLite or PostgreSQL URL")
        return value

    @field_validator("api_base", "gateway_url")
    @classmethod
    def _endpoint(cls, value: str | None, info: ValidationInfo) -> str | None:
        schemes = ("http://", "https://") if info.field_name == "api_base" else ("ws://", "wss://")
        if value is not None and not value.startswith(schemes):
            raise ValueError("wrong scheme")
        return value

    @field_validator("tick_seconds")
    @classmethod
    def _positive(cls, value: float) -> float:
        if not value > 0:
            raise ValueError("not above 0")
        return value

    @field_validator("render_workers", "think_workers", "dev_guild_id", "local_table_seed")
    @classmethod
    def _not_negative(cls, value: int | None) -> int | None:
        if value is not None and value < 0:
            raise ValueError("negative")
        return value

    @field_validator("shard_count")
    @classmethod
    def _shard_count(cls, value: int) -> int:
        if not 1 <= value <= 4096:
            raise ValueError("out of range")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: Any) -> Any:
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",")]
            if not all(p.isdigit() for p in parts):
                raise ValueError("not numbers separated by commas")
            return tuple(int(p) for p in parts)
        return value

    @field_validator("shard_ids")
    @classmethod
    def _shard_ids(cls, value: tuple[int, ...] | None, info: ValidationInfo) -> tuple[int, ...] | None:
        count = info.data.get("shard_count")
        if value is None:
            return None
        if not value or count is None or any(not 0 <= i < count for i in value) or len(set(value)) != len(value):
            raise ValueError("out of range or repeated")
        return tuple(sorted(value))

    @property
    def shards(self) -> tuple[int, ...]:
        """The shards this process runs."""
        return self.shard_ids if self.shard_ids is not None else tuple(range(self.shard_count))

    @field_validator("local_table_port")
    @classmethod
    def _port(cls, value: int) -> int:
        if not 0 <= value <= 65535:
            raise ValueError("not a port")
        return value


class _FromEnvironment(Settings):
    """Settings read from the environment (first) and the .env file."""

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, dotenv_settings)


def explain(exc: ValidationError) -> str:
    """One line per bad setting: its name, what it must be, and the value given."""
    by_alias = {f.validation_alias: f.description for f in Settings.model_fields.values()}
    lines = []
    for error in exc.errors():
        name = str(error["loc"][0]) if error["loc"] else "?"
        must_be = by_alias.get(name, "valid")
        lines.append(f"Bad setting: {name} must be {must_be}, not {error['input']!r}.")
    return "\n".join(dict.fromkeys(lines))


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """Use discord.py's own seams to reach another Discord-compatible endpoint (tests, proxies)."""
    import discord.gateway
    import discord.http
    import discord.webhook.async_
    import yarl

    if api_base:
        discord.http.Route.BASE = api_base
        discord.webhook.async_.Route.BASE = api_base
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
