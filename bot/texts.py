"""Text helpers for what the bot writes: naming a user, a game's clock, long lists of lines."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import computers

if TYPE_CHECKING:
    from bot.service import GameRecord


def mention(user: str) -> str:
    return f"<@{user}>" if user.isdigit() else computers.name(user)


def clock_line(record: GameRecord) -> str:
    """Since when the game waits, and until when ("waiting since 3 hours ago · deadline in 21
    hours"), in Discord timestamps that every reader sees in their own time zone."""
    if record.status != "running" or not record.to_act or record.turn_started_at is None:
        return ""
    since = f"⏳ waiting since {discord.utils.format_dt(record.turn_started_at, 'R')}"
    if record.deadline_at is None:
        return f"{since} · no deadline"
    return f"{since} · deadline {discord.utils.format_dt(record.deadline_at, 'R')}"


def clip_lines(lines: list[str], limit: int) -> str:
    """Join lines, keeping the newest ones when they do not all fit."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    size = 60
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    dropped = len(lines) - len(kept)
    return "\n".join([f"… {dropped} earlier line(s): see `/game log`", *reversed(kept)])
