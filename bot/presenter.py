"""What the channel, the players' DMs and the table see after each accepted move.

Only views and events reach this module's messages: public ones to channels, a seat's own private
events and view to that seat. Events are gathered per game and posted when the turn passes.
"""
from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.render import Kind, render_file

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import Applied, GameRecord

log = logging.getLogger(__name__)

DM_CLOSED = 50007
MAX_CONTENT = 2000
VOLATILE_KEYS = ("to_act", "pending", "current")
BOUNDARY_KEYS = ("phase", "round")  # a change here is announced even when the same seats act on


def mention(seat: str) -> str:
    return f"<@{seat}>" if seat.isdigit() else seat


def public_events(events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if not e.get("private_to")]


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


class Presenter:
    def __init__(self, bot: "TabletopBot") -> None:
        self.bot = bot
        self.pending: dict[int, list[dict[str, Any]]] = defaultdict(list)
        self.last_board: dict[int, str] = {}
        self.locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # Set by the lobby cog: builds the persistent buttons under a turn message, and a seat's own
        # choices (text and components) for a DM.
        self.turn_view: Callable[["GameRecord"], discord.ui.View | None] = lambda record: None
        self.private_panel: Callable[["GameRecord", str], Awaitable[tuple[str, discord.ui.View] | None]] | None = None

    # --- helpers -----------------------------------------------------------------------------
    def ui(self, key: str) -> Any:
        return self.bot.game_uis.get(key)

    def board_signature(self, key: str, view: dict[str, Any]) -> str:
        ui = self.ui(key)
        if ui is not None and hasattr(ui, "board_signature"):
            return ui.board_signature(view)
        stable = {k: v for k, v in view.items() if k not in VOLATILE_KEYS}
        return json.dumps(stable, sort_keys=True, default=str)

    def status_line(self, record: "GameRecord", view: dict[str, Any]) -> str:
        ui = self.ui(record.key)
        extra = ui.status_line(view) if ui is not None else ""
        head = f"**{record.game.title}** · game #{record.id}"
        return f"{head} · {extra}" if extra else head

    def waiting_line(self, record: "GameRecord", view: dict[str, Any]) -> str:
        if not record.to_act:
            return ""
        ui = self.ui(record.key)
        if ui is not None and hasattr(ui, "waiting_line"):
            return ui.waiting_line(view, mention)
        return "Waiting on " + ", ".join(mention(s) for s in record.to_act) + "."

    async def channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("cannot reach channel %s", channel_id)
                return None
        return channel  # type: ignore[return-value]

    async def image(self, record: "GameRecord", kind: Kind, view: dict[str, Any]) -> discord.File | None:
        """One of the game's images as a file; None (and logged) when drawing it failed."""
        name = {"board": "board", "summary": "summary", "private": "yours"}[kind]
        try:
            return await render_file(self.bot.render_pool, record.key, kind, view,
                                     f"{record.key}-{record.id}-{name}.png")
        except Exception:
            log.exception("%s image failed for game %s", kind, record.id)
            return None

    async def board_file(self, record: "GameRecord", view: dict[str, Any]) -> discord.File | None:
        return await self.image(record, "board", view)

    # --- after a move ------------------------------------------------------------------------
    async def after(self, applied: "Applied", actor: str | None, reason: str = "move") -> list[dict[str, Any]]:
        """Deliver one accepted move's events; return the actor's own private events."""
        record = applied.record
        mine: list[dict[str, Any]] = []
        for event in applied.events:
            owner = event.get("private_to")
            if owner is None:
                continue
            if owner == actor:
                mine.append(event)
            else:
                await self.send_private(record, owner, event["text"])
        if reason == "start":
            ui = self.ui(record.key)
            if ui is not None and hasattr(ui, "opening_lines"):
                opening = ui.opening_lines(applied.public_after, mention)
                self.pending[record.id].extend({"type": "opening", "text": t} for t in opening)
        self.pending[record.id].extend(public_events(applied.events))
        turn_passed = applied.before_to_act != applied.after_to_act
        before = applied.public_before or {}
        boundary = any(before.get(k) != (applied.public_after or {}).get(k) for k in BOUNDARY_KEYS)
        if turn_passed or boundary or applied.finished or reason != "move":
            fresh = boundary or reason == "start"
            newly = [s for s in applied.after_to_act if fresh or s not in applied.before_to_act]
            await self.flush(record, applied.public_after, newly=newly)
        return mine

    async def flush(self, record: "GameRecord", view: dict[str, Any],
                    newly: list[str] | None = None) -> discord.Message | None:
        """Post the gathered lines (and the board, when it changed); DM whoever newly owes a move
        and asked for turn DMs (`newly`; None: everyone waiting)."""
        async with self.locks[record.id]:
            events = self.pending.pop(record.id, [])
            lines = [e["text"] for e in events]
            channel = await self.channel(record.where)
            if channel is None:
                self.pending[record.id][:0] = events  # kept for the next post
                return None
            waiting = self.waiting_line(record, view)
            body = clip_lines(lines, MAX_CONTENT - 300)
            content = "\n".join(x for x in (self.status_line(record, view), body, waiting) if x)
            files: list[discord.File] = []
            signature = self.board_signature(record.key, view)
            board_shown = False
            if signature != self.last_board.get(record.id):
                file = await self.board_file(record, view)
                if file is not None:
                    files.append(file)
                    board_shown = True
            finished = record.status == "finished"
            if finished:
                summary = await self.summary(record, view)
                content = "\n".join([content, summary[0]])[:MAX_CONTENT]
                if summary[1] is not None:
                    files.append(summary[1])
            turn_view = None if finished else self.turn_view(record)
            try:
                message = await channel.send(content=content[:MAX_CONTENT], files=files,
                                             view=turn_view or discord.utils.MISSING)
            except discord.HTTPException:
                log.exception("could not post the update of game %s", record.id)
                # Nothing is lost: the next post carries these lines and the board again.
                self.pending[record.id][:0] = events
                return None
            if board_shown:
                self.last_board[record.id] = signature
        if not finished:
            await self.notify_turn(record, message, record.to_act if newly is None else newly)
        return message

    async def summary(self, record: "GameRecord", view: dict[str, Any]) -> tuple[str, discord.File | None]:
        outcome = view.get("outcome") or {}
        ui = self.ui(record.key)
        if ui is not None and hasattr(ui, "outcome_text"):
            text = ui.outcome_text(view, mention)
        else:
            winners = outcome.get("winners") or []
            text = ("🏆 Winner(s): " + ", ".join(mention(w) for w in winners)) if winners \
                else "The game is over: nobody wins."
        return text, await self.image(record, "summary", view)

    # --- private delivery --------------------------------------------------------------------
    async def dm(self, user_id: str, **kwargs: Any) -> bool | None:
        """DM a user. True: sent; False: DMs closed (50007); None: another failure."""
        try:
            user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
            await user.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED:
                await self.bot.service.set_dm_closed(int(user_id), True)
                return False
            log.warning("DM to %s refused: %s", user_id, exc)
            return None
        except (discord.HTTPException, ValueError) as exc:
            log.warning("DM to %s failed: %s", user_id, exc)
            return None
        await self.bot.service.set_dm_closed(int(user_id), False)
        return True

    async def fallback(self, record: "GameRecord", seat: str) -> None:
        channel = await self.channel(record.where)
        if channel is not None:
            await channel.send(
                f"{mention(seat)} I can't send you direct messages, so your secret information "
                f"for game #{record.id} waits for you in `/game hand` (only you will see it). "
                "To get it by DM, allow direct messages from server members.")

    async def send_private(self, record: "GameRecord", seat: str, text: str) -> None:
        sent = await self.dm(seat, content=f"**{record.game.title}** · game #{record.id}\n{text}"[:MAX_CONTENT])
        if sent is False:
            await self.fallback(record, seat)

    async def private_package(self, record: "GameRecord", seat: str) -> tuple[str, discord.File | None]:
        view = record.game.view(record.state, seat)
        ui = self.ui(record.key)
        text = ui.private_text(view) if ui is not None and hasattr(ui, "private_text") else ""
        return text, await self.image(record, "private", view)

    async def game_started(self, record: "GameRecord") -> None:
        """Check every player's DMs at the start, and hand out their secrets."""
        closed: list[str] = []
        for seat in record.seats:
            text, file = await self.private_package(record, seat)
            content = (f"**{record.game.title}** · game #{record.id} has started. "
                       f"Your private information comes here.\n{text}")[:MAX_CONTENT]
            kwargs: dict[str, Any] = {"content": content}
            if file is not None:
                kwargs["file"] = file
            panel = await self.private_panel(record, seat) if self.private_panel else None
            if panel is not None:
                kwargs["content"] = f"{content}\n\n{panel[0]}"[:MAX_CONTENT]
                kwargs["view"] = panel[1]
            if await self.dm(seat, **kwargs) is False:
                closed.append(seat)
        if closed:
            channel = await self.channel(record.where)
            if channel is not None:
                who = ", ".join(mention(s) for s in closed)
                await channel.send(
                    f"{who}: your DMs are closed, so I can't send you your private information. "
                    f"Use `/game hand` in this channel at any time to see it (only you will see it).")

    # --- turn notifications ------------------------------------------------------------------
    async def notify_turn(self, record: "GameRecord", message: discord.Message, seats: list[str]) -> None:
        for seat in seats:
            if not seat.isdigit():
                continue
            player = await self.bot.service.get_player(int(seat))
            if player is not None and player.notify:
                await self.dm(seat, content=(f"Your move in **{record.game.title}** (game #{record.id}): "
                                             f"{message.jump_url}"))

    async def remind(self, record: "GameRecord", seat: str) -> None:
        deadline = record.deadline_at
        when = discord.utils.format_dt(deadline, "R") if deadline else "soon"
        text = (f"⏰ {mention(seat)}, game #{record.id} ({record.game.title}) is waiting on you; "
                f"the turn's time runs out {when}.")
        player = await self.bot.service.get_player(int(seat)) if seat.isdigit() else None
        if player is not None and player.notify and await self.dm(seat, content=text):
            return
        channel = await self.channel(record.where)
        if channel is not None:
            await channel.send(text)
