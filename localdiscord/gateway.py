"""The gateway websocket: HELLO / IDENTIFY / READY / GUILD_CREATE, heartbeats, RESUME, dispatch.

One :class:`Session` per IDENTIFY keeps the sequence number and every dispatch
sent, so a RESUME (after ``sim.drop_gateway()``) replays what was missed.
Shards as Discord has them: IDENTIFY's ``shard`` [id, count]; a guild's events go to
shard ``(guild_id >> 22) % count``, DMs' to shard 0; a shard out of range, or one already
identified on a live connection, is closed with 4010 (Invalid shard).
Payloads are zlib-stream compressed when the URL carries ``compress=zlib-stream``
(one compressobj per connection, each payload ``compress() + flush(Z_SYNC_FLUSH)``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .simulator import FakeDiscord

log = logging.getLogger("fakediscord.gateway")

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, ACK = (
    0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11)

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INVALID_SHARD = 4010


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's formula: the shard a guild's events go to (a DM's: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass
class Session:
    id: str
    intents: int
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)  # dispatches, for RESUME replay
    connection: Connection | None = None
    shard: tuple[int, int] = (0, 1)  # [shard id, shard count] as identified

    def serves(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.shard[1]) == self.shard[0]

    @property
    def live(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed


class Connection:
    """One websocket; encodes (and maybe compresses) outgoing payloads."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._zstd: Any = None
        if compress == "zstd-stream":
            # only requested when discord.py found zstandard itself; not installed here, hence the ignore
            import zstandard  # type: ignore[import-not-found]

            self._zstd = zstandard.ZstdCompressor().compressobj()
        self.session: Session | None = None
        self.lock = asyncio.Lock()

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        async with self.lock:
            if self.ws.closed:
                return
            if self._zlib is not None:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            elif self._zstd is not None:
                import zstandard

                data = self._zstd.compress(text.encode()) + self._zstd.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)


class Gateway:
    def __init__(self, sim: FakeDiscord) -> None:
        self.sim = sim
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []  # live ones
        self.connection_count = 0  # total websocket connections ever accepted
        self.identify_count = 0
        self.compression: list[str | None] = []  # ``compress`` query param of each connection
        self.resume_count = 0
        self.heartbeat_interval_ms = 41250
        self.identified = asyncio.Event()
        self.close_codes: list[int | None] = []  # each ended connection's (1000: the client closed it)
        self.refused_shards: list[tuple[int, int]] = []  # IDENTIFYs closed with 4010

    @property
    def live_sessions(self) -> list[Session]:
        return [c.session for c in self.connections if c.session is not None and not c.ws.closed]

    # -- dispatching ---------------------------------------------------------------------------

    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Send a DISPATCH to every identified session of the shard the event belongs to (its
        guild's; shard 0 for a DM), buffered for RESUME if disconnected."""
        guild = data.get("guild_id")
        if guild is None and event.startswith("GUILD_"):
            guild = data.get("id")
        guild_id = int(guild) if guild is not None else None
        for session in list(self.sessions.values()):
            if intent and not session.intents & intent:
                continue
            if not session.serves(guild_id):
                continue
            await self._send_dispatch(session, event, data)

    async def _send_dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.sent.append(payload)
        conn = session.connection
        if conn is not None and not conn.ws.closed:
            try:
                await conn.send(payload)
            except ConnectionError:  # it will RESUME and get it replayed
                pass

    async def drop(self, code: int = 4000) -> None:
        """Close every live websocket (4000 is resumable: discord.py reconnects and RESUMEs)."""
        for conn in list(self.connections):
            await conn.ws.close(code=code, message=b"simulated drop")

    async def invalidate_sessions(self) -> None:
        """Forget all sessions: the next RESUME gets INVALID_SESSION(false) -> fresh IDENTIFY."""
        self.sessions.clear()

    # -- the websocket handler -----------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = Connection(ws, request.query.get("compress"))
        self.compression.append(conn.compress)
        self.connections.append(conn)
        self.connection_count += 1
        try:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None,
                             "t": None})
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_payload(conn, json.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await self._on_payload(conn, json.loads(msg.data.decode()))
                elif msg.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.close_codes.append(ws.close_code)
            self.connections.remove(conn)
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
        return ws

    async def _on_payload(self, conn: Connection, payload: dict[str, Any]) -> None:
        op, d = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            await conn.send({"op": ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(conn, d or {})
        elif op == RESUME:
            await self._resume(conn, d or {})
        elif op == REQUEST_MEMBERS:
            await self._members_chunk(conn, d or {})
        elif op in (PRESENCE, VOICE):
            pass
        else:
            log.warning("unknown gateway op %s", op)

    async def _identify(self, conn: Connection, d: dict[str, Any]) -> None:
        sim = self.sim
        if d.get("token") != sim.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard_id, count = (int(x) for x in (d.get("shard") or [0, 1]))
        taken = any(s.shard == (shard_id, count) and s.live for s in self.sessions.values())
        if not 0 <= shard_id < count or taken:
            self.refused_shards.append((shard_id, count))
            await conn.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return
        session = Session(id=secrets.token_hex(16), intents=int(d.get("intents") or 0), shard=(shard_id, count))
        self.sessions[session.id] = session
        conn.session = session
        session.connection = conn
        self.identify_count += 1
        guilds = [g for g in sim.guilds.values() if session.serves(g.id)]
        await self._send_dispatch(session, "READY", {
            "v": 10,
            "user": sim.bot_user.to_payload() | {"verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": sim.gateway_url,
            "application": {"id": str(sim.application_id), "flags": sim.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "shard": [shard_id, count],
            "_trace": ["fakediscord"],
        })
        for g in guilds:
            await self._send_dispatch(session, "GUILD_CREATE", g.to_payload())
        self.identified.set()

    async def _resume(self, conn: Connection, d: dict[str, Any]) -> None:
        session = self.sessions.get(d.get("session_id") or "")
        if session is None or d.get("token") != self.sim.token:
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        self.resume_count += 1
        conn.session = session
        session.connection = conn
        last = int(d.get("seq") or 0)
        for payload in session.sent:
            if payload["s"] > last:
                await conn.send(payload)
        await self._send_dispatch(session, "RESUMED", {"_trace": ["fakediscord"]})

    async def _members_chunk(self, conn: Connection, d: dict[str, Any]) -> None:
        if conn.session is None:
            return
        guild = self.sim.guilds.get(int(d.get("guild_id") or 0))
        if guild is None:
            return
        members = list(guild.members.values())
        if d.get("user_ids"):
            wanted = {int(u) for u in d["user_ids"]}
            members = [m for m in members if m.id in wanted]
        elif d.get("query"):
            members = [m for m in members if m.user.username.lower().startswith(str(d["query"]).lower())]
        data = {"guild_id": str(guild.id), "members": [m.to_payload() for m in members],
                "chunk_index": 0, "chunk_count": 1}
        if d.get("nonce"):
            data["nonce"] = d["nonce"]
        await self._send_dispatch(conn.session, "GUILD_MEMBERS_CHUNK", data)
