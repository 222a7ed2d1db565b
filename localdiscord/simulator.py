"""``FakeDiscord``: server lifecycle, the world, the clock, failure injection, problem tracking."""

from __future__ import annotations

import asyncio
import inspect
import json
import mimetypes
import re
import socket
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import web

from .client import UserActions
from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MEMBERS, INTENT_GUILD_MESSAGES, Gateway
from .interactions import InteractionRecord
from .limits import MAX_UPLOAD_BYTES
from .seams import point_discord_py_at
from .server import API, ApiError, FailRule, RequestLog, RestApi, UploadedFile, template_regex
from .world import (
    ALL_PERMISSIONS,
    DEFAULT_EVERYONE,
    DM,
    MESSAGE_FLAG_EPHEMERAL,
    MESSAGE_FLAG_LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    VOICE,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    Snowflakes,
    User,
    perm_value,
)

# Message flags a sender may set (crossposted etc. are Discord's to set)
_SETTABLE_FLAGS = (1 << 2) | (1 << 6) | (1 << 12) | (1 << 15)
# How long a message's nonce is checked for uniqueness (Discord: "the past few minutes")
NONCE_SECONDS = 5 * 60


class SpecCheck(Protocol):
    """Checks a REST request body (e.g. against Discord's OpenAPI spec; the tests supply one)."""

    def validate(self, method: str, path: str, body: Any) -> str | None: ...


@dataclass
class Rejection:
    """A 4xx/5xx the simulator answered on its own (not an injected failure)."""

    method: str
    path: str
    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None

    def __str__(self) -> str:
        extra = f" {self.errors}" if self.errors else ""
        return f"{self.method} {self.path} -> {self.status} code {self.code} {self.message!r}{extra}"


_SENDING: set[asyncio.Future[Any]] = set()  # gateway events sent in the background (`_later`)


class FakeDiscord(UserActions):
    """A loopback Discord for discord.py bots. See the package docstring for an example."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "TestBot",
        default_world: bool = True,
        ack_timeout: float = 3.0,
        token_lifetime: float = 15 * 60,
        response_timeout: float = 5.0,
        settle: float = 0.05,
        defer_grace: float = 1.0,
        spec: SpecCheck | None = None,
        dispatch_bot_messages: bool = True,
        upload_limit: int = MAX_UPLOAD_BYTES,
        heartbeat_interval: float = 41.25,
        bot_permissions: Any = ALL_PERMISSIONS,
    ) -> None:
        self.token = token
        self.ack_timeout = ack_timeout  # seconds the bot has to acknowledge an interaction
        self.token_lifetime = token_lifetime  # interaction webhook token lifetime
        self.response_timeout = response_timeout  # how long sim.slash() etc. wait at most
        self.settle = settle  # quiet period after the last response activity before returning
        # Set by a test that can tell: the connected bots have no work in hand. A user action
        # then returns as soon as it says so, rather than after the quiet period.
        self.idle: Callable[[], bool] | None = None
        self.defer_grace = defer_grace  # after a type-6 defer, how long to wait for the edit that usually follows
        self.dispatch_bot_messages = dispatch_bot_messages
        self.upload_limit = upload_limit
        self.application_flags = 0
        self.spec: SpecCheck | None = spec  # None: request bodies are not checked

        self.snowflakes = Snowflakes()
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}  # insertion order == creation order
        # (author, channel, nonce) -> the message created with `enforce_nonce` (see nonced())
        self.nonces: dict[tuple[int, int, str], Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self._dms: dict[int, Channel] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.sync_count = 0
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}

        self.requests: list[RequestLog] = []
        self.spec_violations: list[str] = []
        self.unexpected_requests: list[str] = []
        self.rejections: list[Rejection] = []
        self.expected_codes: set[int] = set()
        self._failures: list[FailRule] = []
        self._offset = 0.0

        self.owner = self.add_user("owner")
        self.bot_user = self.add_user(bot_name, bot=True)
        self.application_id = self.bot_user.id
        self._bot_permissions = perm_value(bot_permissions)

        self.gateway = Gateway(self)
        self.gateway.heartbeat_interval_ms = int(heartbeat_interval * 1000)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._restore: Callable[[], None] | None = None
        self._clients: list[tuple[Any, asyncio.Task[None]]] = []

        self.guild: Guild | None = None
        self.channel: Channel | None = None
        if default_world:
            self.guild = self.add_guild("Test Guild", owner=self.owner)
            self.channel = self.add_text_channel(self.guild, "general")
            self.alice, self.bob, self.carol, self.dave = (
                self.add_member(self.guild, self.add_user(n)).user for n in ("alice", "bob", "carol", "dave"))

    # -- lifecycle -------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base_url + API

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> FakeDiscord:
        app = RestApi(self).build_app()
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.1)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()
        return self

    async def close(self) -> None:
        for client, task in self._clients:
            try:
                await asyncio.wait_for(client.close(), 5)
            except Exception:  # noqa: BLE001 - a client that fails to close is stopped below
                pass
            if not task.done():
                task.cancel()
            try:
                await task
            except BaseException:  # noqa: BLE001 - the client's task ended, however it ended
                pass
        self._clients.clear()
        await self.gateway.drop(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._restore is not None:
            self._restore()
            self._restore = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    def point_discord_py(self) -> None:
        """Point discord.py's three seams here (restored by :meth:`close`)."""
        restore = point_discord_py_at(self.api_base, self.gateway_url)
        if self._restore is None:
            self._restore = restore

    async def connect(self, client: Any, *, wait_ready: bool = True, timeout: float = 15.0) -> Any:
        """Start ``client`` (a discord.Client / commands.Bot) against the simulator.

        Waits for ``on_ready`` (tip: build test bots with ``guild_ready_timeout=0.1``; discord.py
        otherwise waits 2 s after the last GUILD_CREATE) or, with ``wait_ready=False``, only
        until every guild is in the client's cache. Stopped again by :meth:`close`.
        """
        self.point_discord_py()
        task = asyncio.create_task(client.start(self.token), name="fakediscord-bot")
        self._clients.append((client, task))

        def ready() -> bool:
            if task.done():
                task.result()  # re-raise the bot's startup error
            if wait_ready:
                return bool(client.is_ready())
            return all(client.get_guild(g) is not None for g in self.guilds) and self.gateway.identify_count > 0

        await self.wait_for(ready, timeout=timeout, message="bot did not become ready")
        return client

    async def disconnect(self, client: Any) -> None:
        """Stop a client started with :meth:`connect` (e.g. to start a new one, as after a restart)."""
        await client.close()
        self._clients = [(c, t) for c, t in self._clients if c is not client]

    # -- clock -----------------------------------------------------------------------------------
    def now(self) -> float:
        """Simulator clock (monotonic seconds); :meth:`advance` moves it forward."""
        return time.monotonic() + self._offset

    def wall(self) -> float:
        return time.time() + self._offset

    def nonced(self, author: User, channel: Channel, nonce: str) -> Message | None:
        """The message `author` created in `channel` with this nonce and `enforce_nonce` within the
        last NONCE_SECONDS, which Discord returns instead of creating another."""
        msg = self.nonces.get((author.id, channel.id, nonce))
        if msg is None or msg.deleted or self.wall() - msg.created_at > NONCE_SECONDS:
            return None
        return msg

    def advance(self, seconds: float) -> None:
        """Pretend ``seconds`` passed (interaction deadlines, token expiry, timestamps)."""
        self._offset += seconds

    # -- world building --------------------------------------------------------------------------
    def add_user(self, username: str, *, bot: bool = False, dm_open: bool = True,
                 global_name: str | None = None, user_id: int | None = None, locale: str = "en-US") -> User:
        """A user; `locale` is their Discord client's language (their interactions' `locale`)."""
        user = User(user_id or self.snowflakes.next(), username, global_name=global_name, bot=bot, dm_open=dm_open,
                    locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str = "Guild", *, owner: User | None = None, guild_id: int | None = None,
                  preferred_locale: str = "en-US") -> Guild:
        gid = guild_id or self.snowflakes.next()
        owner = owner or self.owner
        guild = Guild(gid, name, owner.id, roles=[Role(gid, "@everyone", permissions=DEFAULT_EVERYONE)],
                      preferred_locale=preferred_locale)
        self.guilds[gid] = guild
        bot_role = Role(self.snowflakes.next(), self.bot_user.username, permissions=self._bot_permissions,
                        position=1, managed=True)
        guild.roles.append(bot_role)
        guild.members[owner.id] = Member(owner, guild)
        guild.members[self.bot_user.id] = Member(self.bot_user, guild, roles=[bot_role])
        self._later(self.gateway.dispatch("GUILD_CREATE", guild.to_payload()) if self._live() else None)
        return guild

    def add_role(self, guild: Guild, name: str, *, permissions: Any = 0) -> Role:
        role = Role(self.snowflakes.next(), name, permissions=perm_value(permissions), position=len(guild.roles))
        guild.roles.append(role)
        if self._live():
            self._later(self.gateway.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id),
                                                                    "role": role.to_payload()}))
        return role

    def add_member(self, guild: Guild, user: User, *, roles: Iterable[Role] = (), permissions: Any = 0,
                   nick: str | None = None) -> Member:
        """Add ``user`` to ``guild``. ``permissions`` (int or discord.Permissions) become a role of their own."""
        roles = list(roles)
        value = perm_value(permissions)
        if value:
            roles.append(self.add_role(guild, f"{user.username}-perms", permissions=value))
        member = Member(user, guild, roles=roles, nick=nick, joined_at=self.wall())
        guild.members[user.id] = member
        if self._live():
            self._later(self.gateway.dispatch("GUILD_MEMBER_ADD", member.to_payload() | {"guild_id": str(guild.id)},
                                              intent=INTENT_GUILD_MEMBERS))
        return member

    def add_text_channel(self, guild: Guild, name: str, *, topic: str | None = None,
                         voice: bool = False, channel_id: int | None = None) -> Channel:
        ch = Channel(channel_id or self.snowflakes.next(), VOICE if voice else TEXT, name=name, guild=guild,
                     position=len(guild.channels), topic=topic)
        guild.channels.append(ch)
        self.channels[ch.id] = ch
        if self._live():
            self._later(self.gateway.dispatch("CHANNEL_CREATE", ch.to_payload()))
        return ch

    def add_thread(self, parent: Channel, name: str, *, private: bool = False, owner: User | None = None,
                   thread_id: int | None = None, _dispatch: bool = True) -> Channel:
        assert parent.guild is not None
        owner = owner or self.bot_user
        th = Channel(thread_id or self.snowflakes.next(), PRIVATE_THREAD if private else PUBLIC_THREAD, name=name,
                     guild=parent.guild, parent_id=parent.id, owner_id=owner.id, created_at=self.wall(),
                     thread_members={owner.id})
        parent.guild.channels.append(th)
        self.channels[th.id] = th
        if _dispatch and self._live():
            self._later(self.gateway.dispatch("THREAD_CREATE", th.to_payload() | {"newly_created": True}))
        return th

    def create_bot_message(self, channel: Any, content: str = "", *, components: list[dict[str, Any]] | None = None,
                           embeds: list[dict[str, Any]] | None = None) -> Message:
        """Put a message "from the bot" into the world without the bot sending it (e.g. a message
        with persistent-view buttons left over from a previous run)."""
        payload = {"content": content, "components": components or [], "embeds": embeds or []}
        return self._create_message(self.get_channel(channel), payload, [])

    def dm_channel(self, user: User) -> Channel:
        ch = self._dms.get(user.id)
        if ch is None:
            ch = Channel(self.snowflakes.next(), DM, recipient=user)
            self._dms[user.id] = ch
            self.channels[ch.id] = ch
        return ch

    def member(self, guild: Guild, user: User) -> Member:
        m = guild.member(user)
        if m is None:
            raise LookupError(f"{user!r} is not in {guild!r}")
        return m

    def bot_permissions(self, channel: Channel) -> int:
        if channel.guild is None:
            return self._bot_permissions
        m = channel.guild.member(self.bot_user)
        return m.permissions if m else 0

    def get_user(self, value: Any) -> User:
        """A world user from a User, discord.User/Member, id, or username."""
        if isinstance(value, User):
            return value
        if isinstance(value, str) and not value.isdigit():
            for u in self.users.values():
                if u.username == value:
                    return u
            raise LookupError(f"no user named {value!r}")
        uid = int(getattr(value, "id", value))
        if uid not in self.users:
            raise LookupError(f"no user {value!r}")
        return self.users[uid]

    def get_channel(self, value: Any) -> Channel:
        if isinstance(value, Channel):
            return value
        cid = int(getattr(value, "id", value))
        if cid not in self.channels:
            raise LookupError(f"no channel {value!r}")
        return self.channels[cid]

    def _live(self) -> bool:
        return bool(self.gateway.sessions)

    @staticmethod
    def _later(coro: Awaitable[Any] | None) -> None:
        if coro is not None:
            sent = asyncio.ensure_future(coro)
            _SENDING.add(sent)  # kept until sent: the loop holds only weak references to tasks
            sent.add_done_callback(_SENDING.discard)

    # -- reading ---------------------------------------------------------------------------------
    def channel_messages(self, channel: Any, *, include_ephemeral: bool = False) -> list[Message]:
        """Messages in ``channel`` oldest first (ephemeral ones only on request)."""
        ch = self.get_channel(channel)
        return [m for m in self.messages.values()
                if m.channel is ch and not m.deleted and (include_ephemeral or not m.ephemeral)]

    def last_message(self, channel: Any, *, include_ephemeral: bool = False) -> Message | None:
        msgs = self.channel_messages(channel, include_ephemeral=include_ephemeral)
        return msgs[-1] if msgs else None

    def dm_messages(self, user: Any) -> list[Message]:
        ch = self._dms.get(self.get_user(user).id)
        return self.channel_messages(ch) if ch else []

    def ephemeral_messages(self, user: Any, channel: Any = None) -> list[Message]:
        """Ephemeral messages only ``user`` can see (optionally in one channel), oldest first."""
        uid = self.get_user(user).id
        ch = self.get_channel(channel) if channel is not None else None
        return [m for m in self.messages.values() if m.ephemeral and m.ephemeral_for == uid and not m.deleted
                and (ch is None or m.channel is ch)]

    def visible_messages(self, user: Any, channel: Any) -> list[Message]:
        """What ``user`` sees in ``channel``: public messages plus their own ephemeral ones."""
        uid = self.get_user(user).id
        return [m for m in self.channel_messages(channel, include_ephemeral=True)
                if not m.ephemeral or m.ephemeral_for == uid]

    @property
    def last_interaction(self) -> InteractionRecord | None:
        return next(reversed(self.interactions.values()), None) if self.interactions else None

    @property
    def gateway_connections(self) -> int:
        """Websocket connections accepted so far (1 after login; grows on reconnects)."""
        return self.gateway.connection_count

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0, *,
                       message: str = "condition not met", interval: float = 0.01) -> Any:
        """Poll ``predicate`` (sync, or returning an awaitable) until truthy; returns its value."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if inspect.isawaitable(value):
                value = await value
            if value:
                return value
            if loop.time() >= deadline:
                raise TimeoutError(f"fakediscord.wait_for: {message} within {timeout}s")
            await asyncio.sleep(interval)

    # -- gateway control -------------------------------------------------------------------------
    async def drop_gateway(self, *, resumable: bool = True) -> None:
        """Close the bot's websocket (4000 -> discord.py RESUMEs; ``resumable=False`` forces re-IDENTIFY)."""
        if not resumable:
            await self.gateway.invalidate_sessions()
        await self.gateway.drop(code=4000)

    async def wait_reconnected(self, before: int, timeout: float = 10.0) -> None:
        """Wait until a connection newer than ``before`` (a ``gateway_connections`` value) is resumed/identified."""
        def ok() -> bool:
            return self.gateway.connection_count > before and any(
                s.connection is not None for s in self.gateway.sessions.values())
        await self.wait_for(ok, timeout=timeout, message="bot did not reconnect")

    # -- failures & problems ---------------------------------------------------------------------
    def fail_next(self, route: str, *, status: int = 429, times: int = 1, retry_after: float = 0.1,
                  code: int = 0, message: str | None = None, is_global: bool = False) -> FailRule:
        """Make the next ``times`` requests matching ``"METHOD /path/{template}"`` fail with ``status``."""
        method, _, path = route.partition(" ")
        rule = FailRule(method.upper(), template_regex(path.strip()), status, times, retry_after, code, message,
                        is_global)
        self._failures.append(rule)
        return rule

    def _take_failure(self, method: str, path: str) -> web.Response | None:
        for rule in self._failures:
            if rule.hits < rule.times and rule.method in (method, "*") and rule.regex.match(path):
                rule.hits += 1
                return _failure_response(rule)
        return None

    def _record_rejection(self, method: str, path: str, e: ApiError) -> None:
        self.rejections.append(Rejection(method, path, e.status, e.code, e.message, e.errors))

    def expect_errors(self, *codes: int) -> None:
        """Declare Discord error codes this test provokes on purpose (``assert_clean`` ignores them)."""
        self.expected_codes.update(codes)

    @property
    def failed_interactions(self) -> list[InteractionRecord]:
        return [r for r in self.interactions.values() if r.response_type is None and r.errors]

    def problems(self) -> list[str]:
        out = [f"spec violation: {v}" for v in self.spec_violations]
        out += [f"unexpected request (404): {u}" for u in self.unexpected_requests]
        out += [f"rejected: {r}" for r in self.rejections if r.code not in self.expected_codes]
        if 10062 not in self.expected_codes:
            out += [f"interaction failed: {r!r}" for r in self.failed_interactions]
        return out

    def assert_clean(self) -> None:
        """Raise AssertionError listing spec violations, unknown routes, and unexpected Discord errors."""
        problems = self.problems()
        if problems:
            raise AssertionError("fakediscord found problems:\n  " + "\n  ".join(problems))

    # -- messages (used by the REST handlers and by user actions) --------------------------------
    def _attachments(self, payload: dict[str, Any], files: list[UploadedFile],
                     existing: list[Attachment]) -> list[Attachment]:
        by_index = {f.index: f for f in files}
        spec = payload.get("attachments")
        existing_ids = {str(a.id) for a in existing}
        wanted: list[dict[str, Any]]
        if spec is None:
            kept, wanted = list(existing), [{"id": f.index} for f in files]
        else:
            keep_ids = {str(x.get("id")) for x in spec}
            kept = [a for a in existing if str(a.id) in keep_ids]
            wanted = [x for x in spec if str(x.get("id")) not in existing_ids]
        used = set()
        out = list(kept)
        for entry in wanted:
            f = by_index.get(int(entry.get("id", -1)))
            if f is None:
                continue
            used.add(f.index)
            out.append(self._new_attachment(entry.get("filename") or f.filename, f, entry.get("description")))
        out += [self._new_attachment(f.filename, f, None) for f in files if f.index not in used]
        return out

    def _new_attachment(self, filename: str, f: UploadedFile, description: str | None) -> Attachment:
        aid = self.snowflakes.next()
        ctype = f.content_type if f.content_type not in (None, "application/octet-stream") else None
        ctype = ctype or mimetypes.guess_type(filename)[0]
        att = Attachment(aid, filename, f.data, f"{self.base_url}/attachments/{aid}/{filename}", ctype, description)
        self.attachments[aid] = att
        return att

    @staticmethod
    def _number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Discord gives every component a numeric ``id`` if the sender did not."""
        counter = [0]
        taken = set()

        def collect(items: list[dict[str, Any]]) -> None:
            for c in items:
                if isinstance(c.get("id"), int):
                    taken.add(c["id"])
                collect(c.get("components") or [])
                for k in ("accessory", "component"):
                    if isinstance(c.get(k), dict):
                        collect([c[k]])

        def assign(items: list[dict[str, Any]]) -> None:
            for c in items:
                if not isinstance(c.get("id"), int):
                    counter[0] += 1
                    while counter[0] in taken:
                        counter[0] += 1
                    c["id"] = counter[0]
                assign(c.get("components") or [])
                for k in ("accessory", "component"):
                    if isinstance(c.get(k), dict):
                        assign([c[k]])

        collect(components)
        assign(components)
        return components

    def _create_message(self, channel: Channel, payload: dict[str, Any], files: list[UploadedFile], *,
                        interaction: InteractionRecord | None = None, followup: bool = False,
                        author: User | None = None) -> Message:
        flags = int(payload.get("flags") or 0) & (_SETTABLE_FLAGS | MESSAGE_FLAG_LOADING)
        if interaction is None:
            flags &= ~(MESSAGE_FLAG_EPHEMERAL | MESSAGE_FLAG_LOADING)
        ref = payload.get("message_reference")
        mtype = 0
        if interaction is not None and not followup and interaction.type == 2:
            mtype = 20  # CHAT_INPUT_COMMAND
        elif ref or (interaction is not None and (followup or interaction.type != 2)):
            mtype = 19  # REPLY
        msg = Message(
            id=self.snowflakes.next(),
            channel=channel,
            author=author or self.bot_user,
            content=payload.get("content") or "",
            embeds=[_normalize_embed(e) for e in payload.get("embeds") or []],
            raw_components=self._number_components(list(payload.get("components") or [])),
            attachments=self._attachments(payload, files, []),
            flags=flags,
            type=mtype,
            created_at=self.wall(),
            tts=bool(payload.get("tts")),
            message_reference=({"type": 0, "message_id": str(ref.get("message_id")), "channel_id": str(
                ref.get("channel_id") or channel.id)} | ({"guild_id": str(channel.guild_id)} if channel.guild else {})
                               if ref and ref.get("message_id") else None),
            webhook_id=self.application_id if interaction is not None else None,
            application_id=self.application_id if interaction is not None else None,
            interaction=interaction,
            ephemeral_for=interaction.user.id if interaction is not None and flags & MESSAGE_FLAG_EPHEMERAL else None,
            pinged=_pinged(payload),
        )
        self.messages[msg.id] = msg
        return msg

    async def _edit_message(self, msg: Message, payload: dict[str, Any], files: list[UploadedFile], *,
                            clear_loading: bool = False) -> Message:
        msg.history.append({"content": msg.content, "embeds": msg.embeds, "components": msg.raw_components,
                            "attachments": list(msg.attachments)})
        was_loading = msg.loading
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = [_normalize_embed(e) for e in payload["embeds"] or []]
        if "components" in payload:
            msg.raw_components = self._number_components(list(payload["components"] or []))
        if "attachments" in payload or files:
            msg.attachments = self._attachments(payload, files, msg.attachments)
        if "flags" in payload and payload["flags"] is not None:
            keep = msg.flags & (MESSAGE_FLAG_EPHEMERAL | MESSAGE_FLAG_LOADING)
            msg.flags = (int(payload["flags"]) & ((1 << 2) | (1 << 12) | (1 << 15))) | keep
        if clear_loading:
            msg.flags &= ~MESSAGE_FLAG_LOADING
        if not was_loading:
            msg.edited_at = self.wall()
        if not msg.ephemeral:
            await self._dispatch_message("MESSAGE_UPDATE", msg)
        return msg

    async def _delete_message(self, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            d = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild:
                d["guild_id"] = str(msg.channel.guild.id)
            await self.gateway.dispatch("MESSAGE_DELETE", d, intent=_message_intent(msg.channel))

    async def _dispatch_message(self, event: str, msg: Message) -> None:
        if msg.author is self.bot_user and not self.dispatch_bot_messages:
            return
        d = msg.to_payload()
        if msg.channel.guild is not None:
            m = msg.channel.guild.member(msg.author)
            if m is not None:
                d["member"] = m.to_payload(with_user=False)
        await self.gateway.dispatch(event, d, intent=_message_intent(msg.channel))


def _pinged(payload: dict[str, Any]) -> list[int]:
    """The users a new message notifies, as Discord decides from its content and allowed_mentions."""
    mentioned = [int(x) for x in re.findall(r"<@!?(\d+)>", payload.get("content") or "")]
    allowed = payload.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return list(dict.fromkeys(mentioned))
    listed = {int(u) for u in allowed.get("users") or []}
    return [u for u in dict.fromkeys(mentioned) if u in listed]


def _message_intent(channel: Channel) -> int:
    return INTENT_DIRECT_MESSAGES if channel.type == DM else INTENT_GUILD_MESSAGES


def _normalize_embed(e: dict[str, Any]) -> dict[str, Any]:
    e = dict(e)
    e.setdefault("type", "rich")
    if e.get("fields"):
        e["fields"] = [{"inline": False, **f} for f in e["fields"]]
    return e


def _failure_response(rule: FailRule) -> web.Response:
    if rule.status == 429:
        body = {"message": rule.message or "You are being rate limited.", "retry_after": rule.retry_after,
                "global": rule.is_global}
        if rule.code:
            body["code"] = rule.code
        headers = {
            "Retry-After": str(max(1, int(rule.retry_after + 0.999))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + rule.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
            "X-RateLimit-Bucket": "fakediscord-bucket",
            "X-RateLimit-Scope": "shared" if not rule.is_global else "global",
            "Via": "1.1 google",  # discord.py treats a 429 without Via as a Cloudflare ban
        }
        if rule.is_global:
            headers["X-RateLimit-Global"] = "true"
        return web.Response(status=429, body=json.dumps(body).encode(),
                            headers={"Content-Type": "application/json"} | headers)
    default = {500: "500: Internal Server Error", 502: "502: Bad Gateway", 503: "503: Service Unavailable",
               403: "Missing Permissions", 404: "404: Not Found"}.get(rule.status, f"{rule.status}")
    body = {"message": rule.message or default, "code": rule.code}
    return web.Response(status=rule.status, body=json.dumps(body).encode(),
                        headers={"Content-Type": "application/json"})

