"""Where each seat's private panels stand, so that a panel whose turn has passed is closed.

A panel is a DM (the bot's own message: edited by its id; kept in the `messages` table as
"dm:<seat>", so a restart still closes it) or an ephemeral message (edited through the token of the
interaction that last showed it, for its 15 minutes; kept in memory, the newest EPHEMERAL_KEPT of
them). `retire` edits every panel of a game whose seat no longer owes a move, or has played since it
was shown: it says so in words at the top, and its buttons stay on it, disabled.

Only the process owning the game's shard retires its panels (bot/shards.py). A process that shows
a panel of a game it does not own (Discord sends DMs' interactions to shard 0) stores it for the
owner, an ephemeral one with its token ("tok:<seat>", `token`, `token_at`), and tells the owner
(NOTIFY), which reads the game's stored panels again before it next retires them (`reread`).
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

import lang
from bot.languages import player_language, table_language

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import GameRecord, OutboxEntry

log = logging.getLogger(__name__)

TOKEN_LIFE = timedelta(minutes=14)  # an interaction's token edits its messages for 15 minutes
GAMES_KEPT = 2048  # games whose panels are remembered (the least recently shown go first)
PER_GAME = 64  # panels remembered per game (the oldest go first)
EPHEMERAL_KEPT = 2000  # ephemeral panels remembered in all (each holds its interaction's token)
DM_KIND = "dm:"
TOKEN_KIND = "tok:"  # an interaction's answer shown by a process that does not own the game
MAX_CONTENT = 2000


@dataclass
class Shown:
    """One panel as it stands: whose, built at which row version, and how to edit it."""
    game_id: int
    seat: str
    version: int
    message_id: int
    content: str | None = None  # None: not known here (a DM remembered from the database)
    components: discord.ui.View | None = None  # the buttons and selects it shows
    followup: discord.Webhook | None = None  # an ephemeral panel: edited through its interaction's token
    dm_channel: int | None = None  # a DM panel: edited as the bot's own message
    token_from: datetime | None = None  # when that interaction was made (its token lasts 15 minutes)
    stored: bool = False  # an ephemeral one kept in the `messages` table too (shown by a non-owner)


class Closed(discord.ui.View):
    """The disabled components of a closed panel (nothing to dispatch, never stored)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


def closed_view(view: discord.ui.View | None) -> Closed:
    closed = Closed()
    for child in view.children if view is not None else []:
        item: Any = getattr(child, "item", child)  # a DynamicItem wraps its button or select
        if hasattr(item, "disabled"):
            item.disabled = True
            closed.add_item(item)
    return closed


def why_closed(record: GameRecord, rows: list[OutboxEntry], panel: Shown) -> str | None:
    """Why a panel is closed now, in words; None while it stands."""
    if panel.version > record.version:
        return None  # shown after this delivery read the game
    tx = lang.here("core")
    if record.status != "running":
        return tx._("Game #{number} is over: these choices are closed.", number=record.id)
    if panel.seat not in record.to_act:
        who = ", ".join(record.mention(s) for s in record.to_act)
        if who:
            return tx._("⌛ **Your turn has passed:** these choices are closed. The game is waiting on "
                        "{players} now.", players=who)
        return tx._("⌛ **Your turn has passed:** these choices are closed.")
    if any(r.payload.get("actor") == panel.seat and r.version > panel.version for r in rows):
        return tx._("⌛ **These choices have passed:** you have played since they were shown. Your newest "
                    "panel, or `/game play`, has your choices now.")
    return None


class Panels:
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self.games: OrderedDict[int, OrderedDict[int, Shown]] = OrderedDict()
        self.loaded: OrderedDict[int, None] = OrderedDict()  # games whose DM panels were read back
        self.ephemeral: OrderedDict[int, int] = OrderedDict()  # message id -> game, oldest first

    def _of(self, game_id: int) -> OrderedDict[int, Shown]:
        kept = self.games.get(game_id)
        if kept is None:
            kept = self.games[game_id] = OrderedDict()
        self.games.move_to_end(game_id)
        while len(self.games) > GAMES_KEPT:
            gone, _ = self.games.popitem(last=False)
            self.loaded.pop(gone, None)  # its DM panels are read back when it is played again
        return kept

    def _find(self, message_id: int) -> Shown | None:
        return next((kept[message_id] for kept in self.games.values() if message_id in kept), None)

    async def shown(self, panel: Shown) -> None:
        """A panel was shown (or a shown one was edited to new choices)."""
        before = self._find(panel.message_id)
        if before is not None:
            self.games[before.game_id].pop(panel.message_id, None)
        kept = self._of(panel.game_id)
        kept[panel.message_id] = panel
        while len(kept) > PER_GAME:
            kept.popitem(last=False)
            self.loaded.pop(panel.game_id, None)
        self.ephemeral.pop(panel.message_id, None)
        if panel.followup is not None:
            self.ephemeral[panel.message_id] = panel.game_id
            self._forget_old_tokens()
        service = self.bot.service
        if panel.dm_channel is not None:
            await service.forget_messages(panel.game_id, [panel.message_id])
            await service.add_message(panel.game_id, f"{DM_KIND}{panel.seat}"[:16], panel.dm_channel,
                                      panel.message_id, panel.version)
        elif panel.followup is None or panel.token_from is None or panel.followup.token is None:
            return
        if service.shards.all:
            return  # this process owns every game
        record = await service.get(panel.game_id)
        if service.shards.owns(record.guild_id):
            return
        if panel.dm_channel is None and panel.followup is not None and panel.followup.token is not None:
            await service.forget_messages(panel.game_id, [panel.message_id])
            await service.add_message(panel.game_id, f"{TOKEN_KIND}{panel.seat}"[:16], 0, panel.message_id,
                                      panel.version, token=panel.followup.token, token_at=panel.token_from)
        await service.ownership.notify(record.id, record.guild_id, record.version)

    def reread(self, game_id: int) -> None:
        """Another process stored a panel of the game: read them back before they are next retired."""
        self.loaded.pop(game_id, None)

    def _forget_old_tokens(self) -> None:
        """Drop the ephemeral panels whose token has run out, and the oldest beyond EPHEMERAL_KEPT."""
        now = discord.utils.utcnow()
        for message_id, game_id in list(self.ephemeral.items()):
            kept = self.games.get(game_id)
            panel = kept.get(message_id) if kept is not None else None
            stale = panel is None or panel.token_from is None or now - panel.token_from > TOKEN_LIFE
            if not stale and len(self.ephemeral) <= EPHEMERAL_KEPT:
                break
            del self.ephemeral[message_id]
            if panel is not None and panel.followup is not None:
                self.games[game_id].pop(message_id, None)

    async def gone(self, message_id: int) -> None:
        """A message that showed a panel shows something else now."""
        before = self._find(message_id)
        if before is None:
            return
        self.games[before.game_id].pop(message_id, None)
        self.ephemeral.pop(message_id, None)
        if before.dm_channel is not None:
            await self.bot.service.forget_messages(before.game_id, [message_id])

    async def _read_back(self, game_id: int) -> None:
        """The game's DM panels from the database, once per game (after a restart)."""
        if game_id in self.loaded:
            self.loaded.move_to_end(game_id)
            return
        kept = self._of(game_id)
        now, stale = discord.utils.utcnow(), []
        for row in await self.bot.service.messages(game_id):
            if row.message_id in kept:
                continue
            if row.kind.startswith(DM_KIND):
                kept[row.message_id] = Shown(game_id, row.kind[len(DM_KIND):], row.version, row.message_id,
                                             dm_channel=row.channel_id)
            elif row.kind.startswith(TOKEN_KIND) and row.token and row.token_at:
                if now - row.token_at > TOKEN_LIFE or self.bot.application_id is None:
                    stale.append(row.message_id)  # its token has run out: nothing can edit it
                    continue
                followup = discord.Webhook.partial(self.bot.application_id, row.token, client=self.bot)
                kept[row.message_id] = Shown(game_id, row.kind[len(TOKEN_KIND):], row.version, row.message_id,
                                             followup=followup, token_from=row.token_at, stored=True)
                self.ephemeral[row.message_id] = game_id
        if stale:
            await self.bot.service.forget_messages(game_id, stale)
        self.loaded[game_id] = None
        while len(self.loaded) > GAMES_KEPT:
            self.loaded.popitem(last=False)

    async def retire(self, record: GameRecord, rows: list[OutboxEntry]) -> None:
        """Close every panel of the game whose turn has passed (after the game's writes `rows`)."""
        await self._read_back(record.id)
        kept = self.games.get(record.id) or OrderedDict()
        closing: list[tuple[Shown, str]] = []
        for p in list(kept.values()):
            if why_closed(record, rows, p) is None:
                continue
            user = record.user_of(p.seat)  # the panel's reader: worded in their language
            language = await player_language(self.bot.service, int(user), table_language(record)) \
                if user.isdigit() else lang.current()
            with lang.use(language):
                closing.append((p, why_closed(record, rows, p) or ""))
        for panel, _ in closing:
            kept.pop(panel.message_id, None)
            self.ephemeral.pop(panel.message_id, None)
        dms = [p.message_id for p, _ in closing if p.dm_channel is not None or p.stored]
        if dms:
            await self.bot.service.forget_messages(record.id, dms)
        for panel, why in closing:
            try:
                await self._close(panel, why)
            except discord.HTTPException as exc:
                log.info("could not close panel message %s of game %s: %s", panel.message_id, record.id, exc)

    async def _close(self, panel: Shown, why: str) -> None:
        content, view = panel.content, panel.components
        if panel.followup is not None:
            if panel.token_from is None or discord.utils.utcnow() - panel.token_from > TOKEN_LIFE:
                return  # its token has run out: the panel's own clicks still answer
            if content is None:  # stored by another process: read back through the token
                answer = await panel.followup.fetch_message(panel.message_id)
                content, view = answer.content, discord.ui.View.from_message(answer, timeout=None)
            await panel.followup.edit_message(
                panel.message_id, content=f"{why}\n\n{content or ''}".strip()[:MAX_CONTENT],
                view=closed_view(view))
            return
        if panel.dm_channel is None:
            return
        message = self.bot.get_partial_messageable(panel.dm_channel).get_partial_message(panel.message_id)
        if content is None:
            fetched = await message.fetch()
            content, view = fetched.content, discord.ui.View.from_message(fetched, timeout=None)
        await message.edit(content=f"{why}\n\n{content}".strip()[:MAX_CONTENT], view=closed_view(view))
