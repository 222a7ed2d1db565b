"""Settings from the environment or a .env file."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/bot.sqlite3"

TOKEN_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

1. Open https://discord.com/developers/applications and create an application.
2. Under "Bot", press "Reset Token" and copy the token.
3. Put it in a .env file beside README.md:   DISCORD_TOKEN=your-token
   (see .env.example for every other setting), or export it in the shell.
4. Invite the bot with the link described in README.md ("Inviting the bot").
"""


class ConfigError(Exception):
    pass


class MissingToken(ConfigError):
    """No DISCORD_TOKEN: `python -m bot` then starts the local table (unless LOCAL_TABLE=0)."""


def local_table_allowed() -> bool:
    """False where the bot must run on Discord only (the Docker images set LOCAL_TABLE=0)."""
    return os.environ.get("LOCAL_TABLE", "1").strip().lower() not in ("0", "false", "no", "off")


@dataclass(frozen=True)
class Settings:
    token: str
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    log_level: str = "INFO"
    tick_seconds: float = 60.0
    render_workers: int = 1  # processes drawing images
    sync_commands: bool = True

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env", *, need_token: bool = True) -> Settings:
        """The settings; without DISCORD_TOKEN, MissingToken (or, need_token=False, token "")."""
        if env_file and Path(env_file).exists():
            load_dotenv(env_file, override=False)
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if not token and need_token:
            raise MissingToken(TOKEN_HELP)
        return cls(
            token=token,
            database_url=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL),
            dev_guild_id=_int_or_none("DEV_GUILD_ID"),
            api_base=os.environ.get("DISCORD_API_BASE") or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL") or None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").upper(),
            tick_seconds=float(os.environ.get("TICK_SECONDS", "60")),
            render_workers=int(os.environ.get("RENDER_WORKERS", "1")),
            sync_commands=os.environ.get("SYNC_COMMANDS", "true").lower() != "false",
        )


def _int_or_none(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"{name} must be a number (a Discord id), not {value!r}.") from None


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
