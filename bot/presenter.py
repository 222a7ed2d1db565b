"""What the channel, the players' DMs and the table see: the poster of the outbox.

Every write stores what it has to tell (public events, private events, who newly owes a move) in
the outbox, in the same transaction as the move. `deliver(game_id)` posts it: in version order,
always with the game's latest board, so an older board never follows a newer one; what a crash or
a failed post left behind goes out with the next delivery (the scheduler also drains the outbox).
Only views reach these messages (bot/gate.py).
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, TypedDict, Unpack
from weakref import WeakValueDictionary

import discord

import lang
from bot import gate
from bot.languages import player_language, table_language
from bot.panels import Panels, Shown
from bot.presentation import GameUI, PlainUI, TableControls
from bot.render import Kind, render_file
from bot.service.errors import title
from bot.service.records import event_words
from bot.texts import clip_lines, clock_line

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import GameRecord, OutboxEntry, PlayerRecord

log = logging.getLogger(__name__)

# Where a game can be played: channels that take messages and hand out one of theirs by id.
GameChannel = discord.TextChannel | discord.VoiceChannel | discord.StageChannel | discord.Thread | discord.DMChannel
GAME_CHANNELS = (discord.TextChannel, discord.VoiceChannel, discord.StageChannel, discord.Thread, discord.DMChannel)


class Letter(TypedDict, total=False):
    """What a DM carries."""
    content: str
    file: discord.File
    view: discord.ui.View
    nonce: str

CROP_NAME = "your-part"  # a seat's crop is "<key>-<game>-your-part.png" (its panel's edits replace it)
DM_CLOSED = 50007
THREAD_MADE = 160004  # "A thread has already been created for this message"
MAX_CONTENT = 2000
BOARD_MEMORY = 2048  # games whose last posted board signature is remembered
ANSWERS_FIRST = 1.0  # seconds a post waits at most for the moves being answered


def nonce(kind: str, *parts: object) -> str:
    """Discord's nonce (25 characters at most) for one thing told, named by `parts`. discord.py
    sends it with `enforce_nonce`: the same message sent again within a few minutes, by this
    process or by the one that took its shards over, gets the message already sent back."""
    return kind[:1] + hashlib.blake2b("|".join(map(str, parts)).encode(), digest_size=12).hexdigest()


def posts(rows: list[OutboxEntry]) -> list[list[OutboxEntry]]:
    """The channel posts that tell these outbox rows, in order: each post begun before (its rows
    carry its nonce) exactly as it was begun, then the rows no post has told, when one of them
    asks for a post (a flush; otherwise they wait for one). Begun posts come first: a post
    begins with every unposted row up to the game's version, so later rows follow them."""
    begun: dict[str, list[OutboxEntry]] = {}
    fresh: list[OutboxEntry] = []
    for row in rows:
        if row.posted_at is None:
            (begun.setdefault(row.post, []) if row.post is not None else fresh).append(row)
    return [*begun.values(), *([fresh] if any(r.payload.get("flush") for r in fresh) else [])]


def rows_nonce(kind: str, game_id: int, rows: list[OutboxEntry]) -> str:
    """The nonce of what these outbox rows tell: their first and last row, each by id and version
    (SQLite may give a deleted row's id again, never at the same version)."""
    first, last = rows[0], rows[-1]
    return nonce(kind, game_id, first.id, first.version, last.id, last.version)


class Presenter:
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self.last_board: OrderedDict[int, str] = OrderedDict()
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._answering = 0  # moves being played and answered right now
        self._answered = asyncio.Event()
        self._answered.set()
        self.controls: TableControls | None = None  # the lobby's, once it is loaded
        self.panels = Panels(bot)  # the seats' private panels, closed once their turn has passed
        self.watchers: list[Callable[[GameRecord], None]] = []  # told of every game delivered

    def use_controls(self, controls: TableControls) -> None:
        """The buttons under a turn message and a seat's own choices come from `controls`."""
        self.controls = controls

    # --- helpers -----------------------------------------------------------------------------
    def ui(self, key: str) -> GameUI:
        found: GameUI | None = self.bot.game_uis.get(key)
        return found if found is not None else PlainUI(key)

    def status_line(self, record: GameRecord, view: dict[str, Any]) -> str:
        extra = self.ui(record.key).status_line(view)
        head = lang.here("core")._("**{game}** · game #{number}", game=title(record.game), number=record.id)
        return f"{head} · {extra}" if extra else head

    def waiting_line(self, record: GameRecord, view: dict[str, Any]) -> str:
        if not record.to_act:
            return ""
        return self.ui(record.key).waiting_line(view, record.mention)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def _remember_board(self, game_id: int, signature: str) -> None:
        self.last_board[game_id] = signature
        self.last_board.move_to_end(game_id)
        while len(self.last_board) > BOARD_MEMORY:
            self.last_board.popitem(last=False)

    async def channel(self, channel_id: int) -> GameChannel | None:
        """The channel or thread a game is played in; None (and logged) when it cannot be reached or
        takes no messages (a category or a forum)."""
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("cannot reach channel %s", channel_id)
                return None
        if not isinstance(channel, GAME_CHANNELS):
            log.warning("channel %s takes no messages (%s)", channel_id, type(channel).__name__)
            return None
        return channel

    async def image(self, record: GameRecord, kind: Kind, view: dict[str, Any]) -> discord.File | None:
        """One of the game's images as a file; None (and logged) when drawing it failed."""
        name = {"board": "board", "summary": "summary", "private": "yours", "crop": CROP_NAME}[kind]
        try:  # drawn in the current language: the table's for a post, the reader's for their own
            return await render_file(self.bot.settings.render_workers, record.key, kind, view,
                                     f"{record.key}-{record.id}-{name}.png", language=lang.current())
        except Exception:
            log.exception("%s image failed for game %s", kind, record.id)
            return None

    async def board_file(self, record: GameRecord, view: dict[str, Any]) -> discord.File | None:
        return await self.image(record, "board", view)

    async def crop_file(self, record: GameRecord, seat: str) -> discord.File | None:
        """The seat's part of the board for a phone: drawn from its own view and its own choices;
        None when the game draws none (or no choice names a place on the board)."""
        view = gate.private(record, seat)
        choices = gate.choices(record, seat)
        if view is None or not choices:
            return None
        return await self.image(record, "crop", {**view, "choices": [a for a, _ in choices]})

    # --- the outbox --------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def answering(self) -> AsyncIterator[None]:
        """Around playing and answering a move: posts to the tables wait for it (see deliver)."""
        self._answering += 1
        self._answered.clear()
        try:
            yield
        finally:
            self._answering -= 1
            if not self._answering:
                self._answered.set()

    async def deliver(self, game_id: int) -> discord.Message | None:
        """Tell what the game's writes left in the outbox: DMs first, then one channel post when
        a turn passed, a phase changed or the game ended; then close the panels whose turn has
        passed. Safe to call any number of times; only the process owning the game's shard posts
        (bot/shards.py).

        Players waiting on their own answers come first: when many moves arrive at once, the
        posts wait (at most ANSWERS_FIRST seconds) until every move in hand has been answered."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._answered.wait(), ANSWERS_FIRST)
        service = self.bot.service
        async with self._lock(game_id):
            record = await service.get(game_id)
            if not service.shards.owns(record.guild_id):
                return None  # its owner posts it: told of the write (bot/shards.py)
            for watcher in self.watchers:  # e.g. a computer that must act starts thinking
                watcher(record)
            if record.status == "finished":
                await service.record_results(game_id)
            rows = await service.undelivered(game_id, record.version)
            if not rows:
                return None
            # Public posts, the thread's name and the board in the table's language; each DM in
            # its reader's (see send_private and the others).
            with lang.use(table_language(record)):
                try:
                    return await self._tell(record, rows)
                finally:
                    await self._retire_panels(record, rows)

    async def _tell(self, record: GameRecord, rows: list[OutboxEntry]) -> discord.Message | None:
        """The DMs and the posts of these outbox rows (see `posts`); the last post made. Each post
        is marked with the DMs, after the turn DMs it begins: a kill before the mark makes the
        next delivery send them all again, with the same nonces."""
        service = self.bot.service
        if record.settings.get("use_thread") and record.thread_id is None \
                and any(r.payload.get("reason") == "start" and r.posted_at is None for r in rows):
            record = await self.open_thread(record)
        private = [r for r in rows if r.dm_at is None and r.payload.get("private")]
        for row in private:
            for n, event in enumerate(row.payload["private"]):
                await self.send_private(record, event["private_to"], event,
                                        told=nonce("d", record.id, row.id, row.version, n))
        dmed = [r.id for r in private]
        last: discord.Message | None = None
        notified: set[str] = set()
        for post in posts(rows):
            told = post[0].post
            if told is None:
                told = rows_nonce("p", record.id, post)
                if not await service.begin_post([r.id for r in post], told):
                    break  # an undo cancelled a row since: its own delivery tells the rest
            start = next((r for r in post if r.payload.get("reason") == "start"), None)
            if start is not None:
                await self.game_started(record, start)
            turn = await self._turn_begins(record, post)
            try:
                message = await self._post(record, post, turn, told)
            except Exception:
                await service.mark_delivered(dmed, dm=True)  # never DM twice
                raise
            if message is None:
                break  # kept: the next delivery makes this post again, with the same nonce
            if record.status == "running":  # a seat begun in an earlier post of these is told once
                await self.notify_turn(record, message, {s: p for s, p in turn.items() if s not in notified})
                notified |= turn.keys()
            # one commit for both: the DMs just sent and the post
            await service.mark_delivered([r.id for r in post], dm=True, posted=True, dm_only=dmed)
            dmed, last = [], message
        await service.mark_delivered(dmed, dm=True)
        return last

    async def open_thread(self, record: GameRecord) -> GameRecord:
        """Open the game's thread (a table set to play in one), from the table's message when it
        has one. Opened again after a kill before the thread was stored, Discord refuses a second
        thread on that message, and the first one is the message's id; without a message, the
        channel's active thread of the game's name made by the bot is the one. The game stays in
        its channel when no thread can be opened."""
        channel = await self.channel(record.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return record
        name = f"{title(record.game)[:70]} #{record.id}"
        me = self.bot.user.id if self.bot.user is not None else None
        try:
            if record.table_message_id:
                try:
                    made = await channel.get_partial_message(record.table_message_id).create_thread(name=name)
                    thread_id = made.id
                except discord.HTTPException as exc:
                    if exc.code != THREAD_MADE:
                        raise
                    thread_id = record.table_message_id
            else:
                found = [t for t in channel.threads if t.name == name and t.owner_id == me]
                thread_id = found[0].id if found else \
                    (await channel.create_thread(name=name, type=discord.ChannelType.public_thread)).id
        except discord.HTTPException:
            log.warning("could not open a thread for game %s; playing in the channel", record.id)
            return record
        await self.bot.service.set_thread(record.id, thread_id)
        return await self.bot.service.get(record.id)

    async def _retire_panels(self, record: GameRecord, rows: list[OutboxEntry]) -> None:
        try:
            await self.panels.retire(record, rows)
        except Exception:
            log.exception("closing the old panels of game %s failed", record.id)

    async def _turn_begins(self, record: GameRecord, rows: list[OutboxEntry]) -> dict[str, PlayerRecord]:
        """The seats whose turn newly begins with this post, with their players' preferences;
        never a seat right after its own action (it knows: it just played)."""
        newly = {s for r in rows for s in r.payload.get("newly", [])}
        actors = {r.payload.get("actor") for r in rows}
        seats = [s for s in record.to_act if s in newly and s not in actors and record.user_of(s).isdigit()]
        prefs = await self.bot.service.players([int(record.user_of(s)) for s in seats])
        return {s: prefs[int(record.user_of(s))] for s in seats}

    async def drain(self) -> None:
        """Deliver whatever is still waiting in the outbox (after a restart or failed posts)."""
        for game_id in await self.bot.service.games_to_post():
            try:
                await self.deliver(game_id)
            except Exception:
                log.exception("delivering game %s failed", game_id)

    async def _post(self, record: GameRecord, rows: list[OutboxEntry], turn: dict[str, PlayerRecord],
                    told: str) -> discord.Message | None:
        view = gate.public(record)
        channel = await self.channel(record.where)
        if channel is None or view is None:
            return None
        ui = self.ui(record.key)
        lines: list[str] = []
        if any(r.payload.get("reason") == "start" for r in rows):
            lines += ui.opening_lines(view, record.mention)
        lines += ui.narrate_named(view, [e for r in rows for e in r.payload.get("events", [])], record.mention)
        waiting = "\n".join(x for x in (self.waiting_line(record, view), clock_line(record)) if x)
        finished = record.status == "finished"
        ending, summary = await self.summary(record, view) if finished else ("", None)
        head = self.status_line(record, view)
        room = MAX_CONTENT - len(head) - len(waiting) - len(ending) - 8  # the outcome is never cut
        body = clip_lines(lines, max(room, 200))
        content = "\n".join(x for x in (head, body, waiting, ending) if x)
        files: list[discord.File] = []
        signature = ui.board_signature(view)
        board_shown = False
        if signature != self.last_board.get(record.id):
            file = await self.board_file(record, view)
            if file is not None:
                files.append(file)
                board_shown = True
        if summary is not None:
            files.append(summary)
        pinged = [discord.Object(player.user_id) for player in turn.values() if player.mention]
        addressed = {record.user_of(s) for r in rows for s in r.payload.get("ping", [])}  # e.g. a seat handed over
        pinged += [discord.Object(int(u)) for u in sorted(addressed) if u.isdigit()
                   and all(p.id != int(u) for p in pinged)]
        turn_view = None if finished or self.controls is None else self.controls.turn_view(record)
        try:
            message = await channel.send(
                content=content[:MAX_CONTENT], files=files, view=turn_view or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=pinged),
                nonce=told)
        except discord.HTTPException:
            log.exception("could not post the update of game %s", record.id)
            return None
        if board_shown:
            self._remember_board(record.id, signature)
        return message

    async def summary(self, record: GameRecord, view: dict[str, Any]) -> tuple[str, discord.File | None]:
        text = self.ui(record.key).outcome_text(view, record.mention)
        return text, await self.image(record, "summary", view)

    # --- private delivery --------------------------------------------------------------------
    async def dm(self, user_id: str, **kwargs: Unpack[Letter]) -> bool | None:
        """DM a user. True: sent; False: DMs closed (50007); None: another failure."""
        sent = await self.dm_message(user_id, **kwargs)
        return sent if sent is None or isinstance(sent, bool) else True

    async def dm_message(self, user_id: str, **kwargs: Unpack[Letter]) -> discord.Message | bool | None:
        """DM a user: the message sent; False: DMs closed (50007); None: another failure."""
        if not user_id.isdigit():
            return None
        try:
            user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
            message = await user.send(**kwargs)
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
        return message

    async def panel_shown(self, game_id: int, seat: str, version: int, message_id: int, content: str,
                          view: discord.ui.View, *, interaction: discord.Interaction | None = None,
                          dm_channel: int | None = None) -> None:
        """A seat's panel (built at the game's row `version`) is shown in an ephemeral message
        (edited later through `interaction`) or a DM (`dm_channel`): it is closed once its turn
        has passed."""
        followup = interaction.followup if interaction is not None else None
        made = interaction.created_at if interaction is not None else None
        await self.panels.shown(Shown(game_id, seat, version, message_id, content, view, followup, dm_channel, made))

    async def panel_gone(self, message_id: int) -> None:
        """A message that showed a panel shows something else now: nothing to close there."""
        await self.panels.gone(message_id)

    async def reader_of(self, record: GameRecord, seat: str) -> str:
        """The language of what only the seat's player reads with no interaction (a DM)."""
        user = record.user_of(seat)
        if not user.isdigit():
            return lang.current()
        return await player_language(self.bot.service, int(user), table_language(record))

    async def fallback(self, record: GameRecord, seat: str, told: str) -> None:
        """Say in the channel that the seat's DMs are closed (`told`: the nonce of the DM refused),
        in the table's language."""
        channel = await self.channel(record.where)
        if channel is not None:
            with lang.use(table_language(record)):
                text = lang.here("core")._(
                    "{player} I can't send you direct messages, so your secret information for game "
                    "#{number} waits for you in `/game hand` (only you will see it). To get it by DM, "
                    "allow direct messages from server members.", player=record.mention(seat), number=record.id)
            await channel.send(text, nonce=nonce("f", told))

    async def send_private(self, record: GameRecord, seat: str, event: dict[str, Any] | str, *, told: str) -> None:
        """DM a seat one private line (an event, worded in the player's language, or a text);
        `told`: its nonce (see `nonce`)."""
        with lang.use(await self.reader_of(record, seat)):
            text = event if isinstance(event, str) else event_words(record.key, event)
            content = lang.here("core")._("**{game}** · game #{number}\n{text}", game=title(record.game),
                                          number=record.id, text=text)[:MAX_CONTENT]
        if await self.dm(record.user_of(seat), content=content, nonce=told) is False:
            await self.fallback(record, seat, told)

    async def private_package(self, record: GameRecord, seat: str) -> tuple[str, discord.File | None]:
        view = gate.private(record, seat)
        if view is None:
            return "", None
        return self.ui(record.key).private_text(view), await self.image(record, "private", view)

    async def game_started(self, record: GameRecord, start: OutboxEntry) -> None:
        """Check every player's DMs at the start, and hand out their secrets: as the start's
        outbox row (`start`) is posted, named by it (sent again before its post is marked, Discord
        gives back what was sent)."""
        closed: list[str] = []
        for seat in record.seats:
            if record.computer(seat):
                continue  # a computer reads its view when it must act, never a DM
            told = nonce("k", record.id, start.id, start.version, seat)
            if not await self.send_package(record, seat, "started", told=told):
                closed.append(seat)
        if closed:
            channel = await self.channel(record.where)
            if channel is not None:
                who = ", ".join(record.mention(s) for s in closed)
                await channel.send(lang.here("core")._(
                    "{players}: your DMs are closed, so I can't send you your private information. "
                    "Use `/game hand` in this channel at any time to see it (only you will see it).", players=who),
                    nonce=nonce("c", record.id, start.id, start.version, *closed))

    async def send_package(self, record: GameRecord, seat: str, what: str, *, told: str | None = None) -> bool:
        """DM a seat's private information and choices, in the player's language; False when its DMs
        are closed. `what`: "started" (the game has started) or "handed" (the seat was handed to
        them). `told`: its nonce (by default: of the game's version, the seat and `what`)."""
        with lang.use(await self.reader_of(record, seat)):
            return await self._send_package(record, seat, what, told=told)

    async def _send_package(self, record: GameRecord, seat: str, what: str, *, told: str | None) -> bool:
        text, file = await self.private_package(record, seat)
        tx = lang.here("core")
        if what == "handed":
            head = tx._("**{game}** · game #{number} is yours now: you took over a seat. Your private "
                        "information comes here.", game=title(record.game), number=record.id)
        else:
            head = tx._("**{game}** · game #{number} has started. Your private information comes here.",
                        game=title(record.game), number=record.id)
        content = f"{head}\n{text}"[:MAX_CONTENT]
        kwargs: Letter = {"content": content, "nonce": told or nonce("k", record.id, record.version, seat, what)}
        if file is not None:
            kwargs["file"] = file
        panel = await self.controls.private_panel(record, seat) if self.controls is not None else None
        if panel is not None:
            kwargs["content"] = f"{content}\n\n{panel[0]}"[:MAX_CONTENT]
            kwargs["view"] = panel[1]
        sent = await self.dm_message(record.user_of(seat), **kwargs)
        if panel is not None and isinstance(sent, discord.Message):
            try:
                await self.panel_shown(record.id, seat, record.version, sent.id, kwargs["content"], panel[1],
                                       dm_channel=sent.channel.id)
            except Exception:
                log.exception("could not remember the DM panel of game %s", record.id)
        return sent is not False

    # --- turn notifications ------------------------------------------------------------------
    async def notify_turn(self, record: GameRecord, message: discord.Message,
                          turn: dict[str, PlayerRecord]) -> None:
        """One DM per newly begun turn, to those who asked for it, outside their quiet hours,
        saying what is asked."""
        now = self.bot.clock()
        for seat, player in turn.items():
            if not player.notify or player.quiet(now):
                continue
            mine = gate.private(record, seat) or {}
            with lang.use(await self.reader_of(record, seat)):
                tx = lang.here("core")
                asked = self.ui(record.key).panel_intro(mine) or tx._("It's your turn.")
                content = tx._("Your turn in **{game}** (game #{number}): {asked}\n{link}", game=title(record.game),
                               number=record.id, asked=asked, link=message.jump_url)
            await self.dm(record.user_of(seat), content=content[:MAX_CONTENT],
                          nonce=nonce("t", record.id, seat, message.id))

    async def remind(self, record: GameRecord, seat: str) -> None:
        """Remind the seat of its turn, by DM or in the channel; sent again for the same deadline
        (a takeover before it was marked), Discord gives back the reminder already sent."""
        deadline = record.deadline_at
        told = nonce("r", record.id, seat, deadline.isoformat() if deadline else None)
        user = record.user_of(seat)
        if record.computer(seat):
            return  # the computer is already thinking
        player = await self.bot.service.get_player(int(user)) if user.isdigit() else None
        if player is not None and player.notify and not player.quiet(self.bot.clock()):
            with lang.use(await self.reader_of(record, seat)):
                text = self.reminder(record, seat)
            if await self.dm(user, content=text, nonce=told):
                return
        with lang.use(table_language(record)):
            text = self.reminder(record, seat)
        channel = await self.channel(record.where)
        if channel is not None:
            pings = [discord.Object(int(user))] if player is not None and player.mention else []
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=pings), nonce=told)

    @staticmethod
    def reminder(record: GameRecord, seat: str) -> str:
        """A turn's reminder, in the current language."""
        tx = lang.here("core")
        deadline = record.deadline_at
        if deadline is None:
            return tx._("⏰ {player}, game #{number} ({game}) is waiting on you; the turn's time runs out soon.",
                        player=record.mention(seat), number=record.id, game=title(record.game))
        return tx._("⏰ {player}, game #{number} ({game}) is waiting on you; the turn's time runs out {when}.",
                    player=record.mention(seat), number=record.id, game=title(record.game),
                    when=discord.utils.format_dt(deadline, "R"))
