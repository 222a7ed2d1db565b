"""Text helpers for what the bot writes: naming a user, a game's clock, long lists of lines."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

import lang
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
    tx = lang.here("core")
    since = discord.utils.format_dt(record.turn_started_at, "R")
    if record.deadline_at is None:
        return tx._("⏳ waiting since {since} · no deadline", since=since)
    return tx._("⏳ waiting since {since} · deadline {deadline}", since=since,
                deadline=discord.utils.format_dt(record.deadline_at, "R"))


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
    more = lang.here("core").n_("… {count} earlier line: see `/game log`", "… {count} earlier lines: see `/game log`",
                                dropped)
    return "\n".join([more, *reversed(kept)])


def fit(text: str, limit: int) -> str:
    """The text if it fits, else cut at the last whole word that leaves room for "…"; a short
    bracketed end (a cost, a count: "… (1 AP + 2 cubes)") is kept, and the words before it cut."""
    if len(text) <= limit:
        return text
    tail = BRACKETED_END.search(text)
    if tail and len(tail.group()) <= limit // 3:
        return _cut(text[:tail.start()], limit - len(tail.group())) + tail.group()
    return _cut(text, limit)


BRACKETED_END = re.compile(r" \([^()]*\)$")


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    space = len(cut) if text[len(cut)] == " " else cut.rfind(" ")  # a word ends where it is cut
    return (cut[:space] if space > 0 else cut).rstrip(" ,;:—-") + "…"


def chunk_lines(lines: list[str], limit: int) -> list[str]:
    """Lines packed into as few texts of at most `limit` characters as they fit in, never cutting
    a line (a line longer than `limit` alone is cut at a word by `fit`)."""
    chunks: list[str] = []
    for line in lines:
        line = fit(line, limit)
        if chunks and len(chunks[-1]) + 1 + len(line) <= limit:
            chunks[-1] += "\n" + line
        else:
            chunks.append(line)
    return chunks
