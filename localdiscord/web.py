"""The local table: a web page, close enough to a Discord channel to play on, over a running simulator.

``LocalTable(sim).start(port)`` serves, on 127.0.0.1 only:

* ``/`` the page (``static/table.html``), ``/static/...`` its script and style;
* ``GET /api/world?user=&locale=`` the server, its channels and threads, the members, the user's DM
  channel and the bot's synced slash commands; ``locale`` (``en-US``, ``pl``, ``it``: the page's
  language, ``static/words.js``) becomes the user's Discord app language, which the bot answers in;
* ``GET /api/messages?user=&channel=`` what that user sees in that channel (their own ephemeral
  replies included, nobody else's; a DM channel only for its recipient);
* ``POST /api/command``, ``/api/autocomplete``, ``/api/click``, ``/api/select``, ``/api/say``,
  ``/api/users``: the simulator's user actions, as that user;
* ``/attachments/{id}/{filename}`` the images the bot uploaded.

A user is named by id or username (``?user=bob``); an unknown name joins the server as a new
member with an id derived from the name, so a bookmark plays as the same person after a restart.
"""
from __future__ import annotations

import json
import re
import zlib
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler

from .interactions import CommandError
from .simulator import FakeDiscord
from .world import DM, Channel, Guild, Message, User

STATIC = Path(__file__).with_name("static")
NAME_RE = re.compile(r"^[a-z0-9_.]{2,32}$")
# Fixed ids for the local world (far below any time-based snowflake), so the bot's saved games
# still point at the same server, channels and people after a restart.
LOCAL_IDS = 100_000_000_000_000_000
LOCALES = ("en-US", "pl", "it")  # the page's languages (static/words.js), as Discord names them


def stable_id(kind: str, name: str) -> int:
    return LOCAL_IDS + (zlib.crc32(f"{kind}:{name}".encode()) << 8) + len(kind)


def build_local_world(sim: FakeDiscord, *, guild_name: str = "Tabletop (local)",
                      channels: tuple[str, ...] = ("general", "games", "classroom"),
                      users: tuple[str, ...] = ("alice", "bob", "carol", "dave")) -> Guild:
    """A server with a few channels and people, with the same ids on every run."""
    guild = sim.add_guild(guild_name, owner=sim.owner, guild_id=stable_id("guild", guild_name))
    for name in channels:
        sim.add_text_channel(guild, name, channel_id=stable_id("channel", name),
                             topic="Play here: type / for the bot's commands")
    for name in users:
        sim.add_member(guild, sim.add_user(name, user_id=stable_id("user", name)))
    return guild


def save_world(sim: FakeDiscord, guild: Guild, path: Path) -> None:
    """Keep what the bot made of the local server (its threads) and who joined, for the next start."""
    threads = [{"id": ch.id, "name": ch.name, "parent": ch.parent_id, "private": ch.type == 12,
                "archived": ch.archived, "members": sorted(ch.thread_members)}
               for ch in guild.channels if ch.is_thread]
    users = [m.user.username for m in guild.members.values()
             if not m.user.bot and m.user is not sim.owner and m.user.id == stable_id("user", m.user.username)]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"threads": threads, "users": users}, indent=1))
    tmp.replace(path)


def restore_world(sim: FakeDiscord, guild: Guild, path: Path) -> None:
    """Bring back the threads and people :func:`save_world` kept (before the bot connects)."""
    if not path.is_file():
        return
    try:
        saved = json.loads(path.read_text())
    except ValueError:
        return
    for name in saved.get("users", []):
        if NAME_RE.match(name) and not any(u.username == name for u in sim.users.values()):
            sim.add_member(guild, sim.add_user(name, user_id=stable_id("user", name)))
    for t in saved.get("threads", []):
        parent = sim.channels.get(int(t["parent"] or 0))
        if parent is None or parent.guild is not guild or int(t["id"]) in sim.channels:
            continue
        thread = sim.add_thread(parent, str(t["name"]), private=bool(t["private"]), thread_id=int(t["id"]),
                                _dispatch=False)
        thread.archived = bool(t.get("archived"))
        thread.thread_members |= {int(m) for m in t.get("members", [])}


class LocalTable:
    def __init__(self, sim: FakeDiscord, guild: Guild, *, action_timeout: float = 20.0) -> None:
        self.sim = sim
        self.guild = guild
        self.action_timeout = action_timeout
        self.port = 0
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def build_app(self) -> web.Application:
        app = web.Application(middlewares=[self.only_local])
        add = app.router.add_route
        add("GET", "/", self.index)
        add("GET", "/static/{name}", self.static)
        add("GET", "/api/world", self.world)
        add("GET", "/api/messages", self.messages)
        add("POST", "/api/command", self.command)
        add("POST", "/api/autocomplete", self.autocomplete)
        add("POST", "/api/click", self.click)
        add("POST", "/api/select", self.select)
        add("POST", "/api/say", self.say)
        add("POST", "/api/users", self.join)
        add("GET", "/attachments/{attachment_id}/{filename}", self.attachment)
        return app

    async def start(self, port: int = 0) -> LocalTable:
        """Serve on 127.0.0.1:``port`` (0, or a port in use: a free one)."""
        self._runner = web.AppRunner(self.build_app(), access_log=None, handle_signals=False,
                                     shutdown_timeout=0.1)
        await self._runner.setup()
        try:
            site = web.TCPSite(self._runner, "127.0.0.1", port)
            await site.start()
        except OSError:
            if port == 0:
                raise
            site = web.TCPSite(self._runner, "127.0.0.1", 0)
            await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- guards ----------------------------------------------------------------------------------
    @web.middleware
    async def only_local(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse requests addressed to another host name (a web page elsewhere rebinding its DNS)."""
        host = (request.host or "").rsplit(":", 1)[0].strip("[]")
        if host not in ("127.0.0.1", "localhost", "::1"):
            return web.Response(status=403, text="The local table answers only on 127.0.0.1")
        try:
            return await handler(request)
        except (CommandError, LookupError, ValueError, KeyError, TypeError) as exc:
            text = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
            return web.json_response({"error": text}, status=400)

    def _user(self, value: Any) -> User:
        value = str(value or "").strip()
        if value.isdigit() and int(value) in self.sim.users:
            user = self.sim.users[int(value)]
        else:
            name = value.lower()
            user = next((u for u in self.sim.users.values() if u.username == name), None)  # type: ignore[assignment]
            if user is None:
                if not NAME_RE.match(name):
                    raise ValueError("a user name is 2 to 32 letters, digits, '_' or '.'")
                user = self.sim.add_user(name, user_id=stable_id("user", name))
        if user.bot or user is self.sim.owner:
            raise ValueError("that user is not a player")
        if self.guild.member(user) is None:
            self.sim.add_member(self.guild, user)
        return user

    def _channel(self, value: Any, user: User) -> Channel:
        channel = self.sim.channels.get(int(value))
        if channel is None:
            raise LookupError("no such channel")
        if channel.type == DM:
            if channel.recipient is not user:
                raise LookupError("that is someone else's direct messages")
        elif channel.guild is not self.guild:
            raise LookupError("no such channel")
        return channel

    def _message(self, value: Any, user: User) -> Message:
        msg = self.sim.messages.get(int(value))
        if msg is None or msg.deleted:
            raise LookupError("that message is gone")
        self._channel(msg.channel.id, user)
        if msg.ephemeral and msg.ephemeral_for != user.id:
            raise LookupError("that message is gone")
        return msg

    # -- pages -----------------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "table.html", headers={"Cache-Control": "no-cache"})

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = STATIC / name
        if "/" in name or name.startswith(".") or not path.is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Cache-Control": "no-cache"})

    async def attachment(self, request: web.Request) -> web.StreamResponse:
        att = self.sim.attachments.get(int(request.match_info["attachment_id"]))
        if att is None:
            raise web.HTTPNotFound()
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream",
                            headers={"Cache-Control": "max-age=86400"})

    # -- reading ---------------------------------------------------------------------------------
    async def world(self, request: web.Request) -> web.Response:
        user = self._user(request.query.get("user"))
        locale = request.query.get("locale")
        if locale in LOCALES:  # the page's language is the player's Discord app's: the bot answers in it
            user.locale = locale
        dm = self.sim.dm_channel(user)
        channels = []
        for ch in self.guild.channels:
            if ch.type != 0 and not ch.is_thread:
                continue
            if ch.is_thread and (ch.archived or (ch.type == 12 and user.id not in ch.thread_members)):
                continue
            channels.append({"id": str(ch.id), "name": ch.name, "topic": ch.topic,
                             "thread": ch.is_thread, "parent": str(ch.parent_id) if ch.parent_id else None})
        members = [{"id": str(m.user.id), "name": m.user.username, "bot": m.user.bot}
                   for m in self.guild.members.values() if m.user is not self.sim.owner]
        commands = [c for c in self.sim.global_commands + self.sim.guild_commands.get(self.guild.id, [])
                    if c.get("type", 1) == 1]
        return web.json_response({
            "guild": {"id": str(self.guild.id), "name": self.guild.name},
            "me": {"id": str(user.id), "name": user.username},
            "dm": str(dm.id),
            "bot": {"id": str(self.sim.bot_user.id), "name": self.sim.bot_user.username,
                    "online": bool(self.sim.gateway.sessions)},
            "channels": channels,
            "members": members,
            "commands": commands,
        })

    async def messages(self, request: web.Request) -> web.Response:
        user = self._user(request.query.get("user"))
        channel = self._channel(request.query.get("channel", "0"), user)
        shown = self.sim.visible_messages(user, channel)[-100:]
        return web.json_response({"messages": [self._message_json(m) for m in shown]})

    def _message_json(self, m: Message) -> dict[str, Any]:
        by_name = {a.filename: a for a in m.attachments}
        used: set[str] = set()

        def resolve(url: str | None) -> str | None:
            if url and url.startswith("attachment://"):
                att = by_name.get(url[len("attachment://"):])
                if att is None:
                    return None
                used.add(att.filename)
                return f"/attachments/{att.id}/{att.filename}"
            return url

        embeds = []
        for e in m.embeds:
            e = json.loads(json.dumps(e))
            for key in ("image", "thumbnail"):
                if isinstance(e.get(key), dict):
                    e[key]["url"] = resolve(e[key].get("url"))
            embeds.append(e)
        files = [{"url": f"/attachments/{a.id}/{a.filename}", "filename": a.filename,
                  "image": bool(a.content_type and a.content_type.startswith("image/")),
                  "description": a.description}
                 for a in m.attachments if a.filename not in used]
        return {
            "id": str(m.id),
            "author": {"id": str(m.author.id), "name": m.author.username, "bot": m.author.bot},
            "content": m.content,
            "embeds": embeds,
            "files": files,
            "components": m.raw_components,
            "ephemeral": m.ephemeral,
            "loading": m.loading,
            "edited": m.edited_at is not None,
            "time": m.created_at,
            "command": (m.interaction.command_name if m.interaction is not None
                        and m.interaction.command_name else None),
            "by": (m.interaction.user.username if m.interaction is not None else None),
        }

    # -- acting ----------------------------------------------------------------------------------
    async def _body(self, request: web.Request) -> tuple[dict[str, Any], User]:
        body = await request.json()
        if not isinstance(body, dict):
            raise ValueError("expected a JSON object")
        return body, self._user(body.get("user"))

    @staticmethod
    def _outcome(rec: Any) -> web.Response:
        failed = [e for e in rec.errors if "not acknowledged" in e]
        if failed:
            return web.json_response({"error": "This interaction failed (the bot did not answer in time)."})
        return web.json_response({"ok": True})

    async def command(self, request: web.Request) -> web.Response:
        body, user = await self._body(request)
        channel = self._channel(body.get("channel", "0"), user)
        options = self._options(channel, str(body.get("command", "")), dict(body.get("options") or {}))
        rec = await self.sim.slash(user, channel, str(body.get("command", "")), options,
                                   timeout=self.action_timeout)
        return self._outcome(rec)

    async def autocomplete(self, request: web.Request) -> web.Response:
        body, user = await self._body(request)
        channel = self._channel(body.get("channel", "0"), user)
        focused = str(body.get("focused", ""))
        raw = dict(body.get("options") or {})
        options = self._options(channel, str(body.get("command", "")),
                                {k: v for k, v in raw.items() if k != focused}, complete=True)
        options[focused] = str(raw.get(focused, ""))
        choices = await self.sim.autocomplete(user, channel, str(body.get("command", "")), options,
                                              focused=focused, timeout=self.action_timeout)
        return web.json_response({"choices": choices})

    async def click(self, request: web.Request) -> web.Response:
        body, user = await self._body(request)
        msg = self._message(body.get("message", "0"), user)
        rec = await self.sim.click(user, msg, str(body.get("custom_id")), timeout=self.action_timeout)
        return self._outcome(rec)

    async def select(self, request: web.Request) -> web.Response:
        body, user = await self._body(request)
        msg = self._message(body.get("message", "0"), user)
        values = [str(v) for v in body.get("values") or []]
        rec = await self.sim.select(user, msg, str(body.get("custom_id")), values, timeout=self.action_timeout)
        return self._outcome(rec)

    async def say(self, request: web.Request) -> web.Response:
        body, user = await self._body(request)
        channel = self._channel(body.get("channel", "0"), user)
        text = str(body.get("content", "")).strip()
        if not text or len(text) > 2000:
            raise ValueError("a message is 1 to 2000 characters")
        await self.sim.send_message(user, channel, text)
        return web.json_response({"ok": True})

    async def join(self, request: web.Request) -> web.Response:
        _, user = await self._body(request)
        return web.json_response({"id": str(user.id), "name": user.username})

    def _options(self, channel: Channel, path: str, raw: dict[str, Any], *,
                 complete: bool = False) -> dict[str, Any]:
        """The page sends every option as text: convert it to what the option's type takes."""
        from .interactions import find_command

        parts = path.split()
        if not parts:
            raise CommandError("type a command")
        defs: list[dict[str, Any]] = find_command(self.sim, channel, parts[0]).get("options") or []
        for part in parts[1:]:
            sub = next((o for o in defs if o["name"] == part and o["type"] in (1, 2)), None)
            defs = (sub or {}).get("options") or []
        by_name = {o["name"]: o for o in defs}
        out: dict[str, Any] = {}
        for key, value in raw.items():
            opt = by_name.get(key)
            text = str(value).strip()
            if opt is None or text == "":
                continue
            t = opt["type"]
            if opt.get("choices") and not opt.get("autocomplete"):
                choice = next((c for c in opt["choices"] if str(c["value"]) == text or c["name"] == text), None)
                if choice is None:
                    raise CommandError(f"{key}: choose one of {', '.join(c['name'] for c in opt['choices'])}")
                out[key] = choice["value"]
            elif t == 4:
                try:
                    out[key] = int(text)
                except ValueError:
                    if complete:
                        continue
                    raise CommandError(f"{key}: a whole number, please") from None
            elif t == 10:
                out[key] = float(text)
            elif t == 5:
                out[key] = text.lower() in ("true", "yes", "1", "on")
            elif t in (6, 9):
                out[key] = self._user(text)
            elif t == 7:
                ch = self.sim.channels.get(int(text)) if text.isdigit() else None
                if ch is None or ch.guild is not self.guild:
                    raise CommandError(f"{key}: choose a channel of this server")
                out[key] = ch
            else:
                out[key] = text
        return out
