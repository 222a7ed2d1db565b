"""REST routes under /api/v10 (aiohttp), plus the attachment CDN.

A middleware does the cross-cutting work for every request: logging, injected
failures (``sim.fail_next``), auth, body parsing (JSON or multipart), upload
size, OpenAPI validation, and turning :class:`ApiError` into Discord's error JSON.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import limits
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    PING,
    PONG,
    UPDATE_MESSAGE,
    InteractionRecord,
    Modal,
)
from .world import DM, MESSAGE_FLAG_EPHEMERAL, MESSAGE_FLAG_LOADING, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message

if TYPE_CHECKING:
    from .simulator import FakeDiscord

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ApiError(Exception):
    """Raised by handlers; rendered as ``{"message": ..., "code": ...}`` with an HTTP status."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        d: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            d["errors"] = self.errors
        return d


def invalid_form(errors: dict[str, Any]) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", errors)


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


UNKNOWN_CHANNEL, UNKNOWN_GUILD, UNKNOWN_MEMBER, UNKNOWN_MESSAGE = 10003, 10004, 10007, 10008
UNKNOWN_USER, UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, UNKNOWN_COMMAND = 10013, 10015, 10062, 10063


@dataclass
class UploadedFile:
    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class RequestLog:
    method: str
    path: str  # without /api/v10
    body: Any
    status: int = 0
    files: list[str] = field(default_factory=list)
    at: float = field(default_factory=time.monotonic)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass
class FailRule:
    method: str
    regex: re.Pattern[str]
    status: int
    times: int
    retry_after: float
    code: int
    message: str | None
    is_global: bool
    hits: int = 0


def template_regex(template: str) -> re.Pattern[str]:
    """``/channels/{channel_id}/messages`` -> regex matching concrete paths (literal ids work too)."""
    template = template.removeprefix(API)
    parts = re.split(r"(\{[^}]+\})", template)
    return re.compile("^" + "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts) + "$")


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json" (no charset): discord.py only parses JSON on that exact header value.
    h = {"Content-Type": "application/json"} | (headers or {})
    return web.Response(body=json.dumps(data, separators=(",", ":")).encode(), status=status, headers=h)


NO_CONTENT = 204
BODY: web.RequestKey[Any] = web.RequestKey("fakediscord_body", object)  # parsed JSON body (or payload_json)
FILES: web.RequestKey[list[UploadedFile]] = web.RequestKey("fakediscord_files", list)


class RestApi:
    def __init__(self, sim: FakeDiscord) -> None:
        self.sim = sim

    # -- app wiring ------------------------------------------------------------------------------
    def build_app(self) -> web.Application:
        app = web.Application(middlewares=[self.middleware], client_max_size=1024 ** 3)
        r = app.router
        add = r.add_route
        add("GET", API + "/users/@me", self.get_me)
        add("POST", API + "/users/@me/channels", self.create_dm)
        add("GET", API + "/users/{user_id}", self.get_user)
        add("GET", API + "/gateway", self.get_gateway)
        add("GET", API + "/gateway/bot", self.get_gateway)
        add("GET", API + "/oauth2/applications/@me", self.get_application)
        add("GET", API + "/applications/@me", self.get_application)
        for base in ("/applications/{app_id}/commands", "/applications/{app_id}/guilds/{guild_id}/commands"):
            add("GET", API + base, self.get_commands)
            add("PUT", API + base, self.put_commands)
            add("POST", API + base, self.post_command)
            add("GET", API + base + "/{command_id}", self.get_command)
            add("PATCH", API + base + "/{command_id}", self.patch_command)
            add("DELETE", API + base + "/{command_id}", self.delete_command)
        add("POST", API + "/interactions/{interaction_id}/{token}/callback", self.callback)
        add("POST", API + "/webhooks/{app_id}/{token}", self.followup)
        for method, handler in (("GET", self.get_webhook_message), ("PATCH", self.edit_webhook_message),
                                ("DELETE", self.delete_webhook_message)):
            add(method, API + "/webhooks/{app_id}/{token}/messages/{message_id}", handler)
        add("GET", API + "/channels/{channel_id}", self.get_channel)
        add("GET", API + "/channels/{channel_id}/messages", self.list_messages)
        add("POST", API + "/channels/{channel_id}/messages", self.create_message)
        add("GET", API + "/channels/{channel_id}/messages/{message_id}", self.get_message)
        add("PATCH", API + "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        add("DELETE", API + "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        add("POST", API + "/channels/{channel_id}/typing", self.no_content)
        add("PUT", API + "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self.no_content)
        add("DELETE", API + "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self.no_content)
        add("POST", API + "/channels/{channel_id}/threads", self.create_thread)
        add("POST", API + "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread)
        add("PUT", API + "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member)
        add("DELETE", API + "/channels/{channel_id}/thread-members/{user_id}", self.remove_thread_member)
        add("GET", API + "/guilds/{guild_id}", self.get_guild)
        add("GET", API + "/guilds/{guild_id}/channels", self.get_guild_channels)
        add("GET", API + "/guilds/{guild_id}/roles", self.get_guild_roles)
        add("GET", API + "/guilds/{guild_id}/members", self.list_members)
        add("GET", API + "/guilds/{guild_id}/members/{user_id}", self.get_member)
        add("GET", "/attachments/{attachment_id}/{filename}", self.get_attachment)
        add("GET", "/gateway", self.sim.gateway.handle)
        add("*", "/{tail:.*}", self.not_found)
        return app

    # -- middleware ------------------------------------------------------------------------------
    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        sim = self.sim
        path = request.path.removeprefix(API)
        log = RequestLog(request.method, path, None)
        sim.requests.append(log)
        if not request.path.startswith(API):  # CDN, gateway websocket
            resp = await handler(request)
            log.status = resp.status
            return resp
        injected = sim._take_failure(request.method, path)
        if injected is not None:
            log.status = injected.status
            return injected
        is_webhook = path.startswith(("/webhooks/", "/interactions/"))
        if not is_webhook and request.headers.get("Authorization") != f"Bot {sim.token}":
            log.status = 401
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        try:
            body, files = await self._parse_body(request)
        except ApiError as e:
            log.status = e.status
            sim._record_rejection(request.method, path, e)
            return _json(e.body(), status=e.status)
        log.body = body
        log.files = [f.filename for f in files]
        request[BODY], request[FILES] = body, files
        violation = None
        if sim.spec is not None and getattr(handler, "__name__", "") != "not_found":
            violation = sim.spec.validate(request.method, API + path, body)
        try:
            resp = await handler(request)
        except ApiError as e:
            # Discord refused it: the bot sees the error; spec complaints about the same body are moot.
            log.status = e.status
            sim._record_rejection(request.method, path, e)
            return _json(e.body(), status=e.status)
        if violation:
            sim.spec_violations.append(violation)
        log.status = resp.status
        return resp

    async def _parse_body(self, request: web.Request) -> tuple[Any, list[UploadedFile]]:
        if not request.can_read_body:
            return None, []
        ctype = request.content_type
        if ctype == "multipart/form-data":
            body: Any = None
            files: list[UploadedFile] = []
            reader = await request.multipart()
            total = 0
            async for part in reader:
                # aiohttp types a part "| None" (iteration stops instead) or a nested multipart,
                # which discord.py never sends.
                assert isinstance(part, BodyPartReader)
                name = part.name or ""
                data = await part.read(decode=False)
                if name == "payload_json":
                    body = json.loads(data)
                elif name.startswith("files["):
                    total += len(data)
                    idx = int(name[6:-1])
                    files.append(UploadedFile(idx, part.filename or f"file{idx}", bytes(data),
                                              part.headers.get("Content-Type")))
            if total > self.sim.upload_limit:
                raise ApiError(413, 40005, "Request entity too large")
            return body, files
        raw = await request.read()
        if not raw:
            return None, []
        try:
            return json.loads(raw), []
        except ValueError:
            raise ApiError(400, 50109, "The request body contains invalid JSON.") from None

    # -- helpers ---------------------------------------------------------------------------------
    def _channel(self, request: web.Request) -> Channel:
        ch = self.sim.channels.get(int(request.match_info["channel_id"]))
        if ch is None:
            raise unknown("Channel", UNKNOWN_CHANNEL)
        return ch

    def _message(self, request: web.Request, channel: Channel) -> Message:
        try:
            mid = int(request.match_info["message_id"])
        except ValueError:
            raise unknown("Message", UNKNOWN_MESSAGE) from None
        msg = self.sim.messages.get(mid)
        if msg is None or msg.deleted or msg.channel is not channel or msg.ephemeral:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return msg

    @staticmethod
    def _check_message_body(payload: dict[str, Any], files: list[UploadedFile], *, creating: bool,
                            prefix: list[str] | None = None) -> None:
        errors = limits.check_message(payload)
        if errors:
            raise invalid_form(limits.nest(prefix or [], errors))
        if creating and not (payload.get("content") or payload.get("embeds") or payload.get("components")
                             or files or payload.get("sticker_ids") or payload.get("poll")):
            raise ApiError(400, 50006, "Cannot send an empty message")

    async def no_content(self, request: web.Request) -> web.Response:
        return web.Response(status=NO_CONTENT)

    async def not_found(self, request: web.Request) -> web.Response:
        self.sim.unexpected_requests.append(f"{request.method} {request.path}")
        return _json({"message": "404: Not Found", "code": 0}, status=404)

    # -- users / gateway / application -----------------------------------------------------------
    async def get_me(self, request: web.Request) -> web.Response:
        return _json(self.sim.bot_user.to_payload() | {"verified": True, "mfa_enabled": False, "email": None})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.sim.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise unknown("User", UNKNOWN_USER)
        return _json(user.to_payload())

    async def get_gateway(self, request: web.Request) -> web.Response:
        d: dict[str, Any] = {"url": self.sim.gateway_url}
        if request.path.endswith("/bot"):
            shards = max(1, -(-len(self.sim.guilds) // 2500))  # Discord's advice: at most 2,500 servers a shard
            d.update(shards=shards, session_start_limit={"total": 1000, "remaining": 999, "reset_after": 0,
                                                         "max_concurrency": 1})
        return _json(d)

    async def get_application(self, request: web.Request) -> web.Response:
        sim = self.sim
        return _json({
            "id": str(sim.application_id), "name": sim.bot_user.username, "icon": None, "description": "",
            "summary": "", "type": None, "bot_public": True, "bot_require_code_grant": False,
            "verify_key": "0" * 64, "flags": sim.application_flags, "owner": sim.owner.to_payload(), "team": None,
            "bot": sim.bot_user.to_payload(), "rpc_origins": [], "interactions_endpoint_url": None,
            "redirect_uris": [], "tags": [], "approximate_guild_count": len(sim.guilds),
        })

    async def create_dm(self, request: web.Request) -> web.Response:
        body = request[BODY] or {}
        user = self.sim.users.get(int(body.get("recipient_id") or 0))
        if user is None:
            raise unknown("User", UNKNOWN_USER)
        return _json(self.sim.dm_channel(user).to_payload())

    # -- application commands --------------------------------------------------------------------
    def _command_list(self, request: web.Request) -> list[dict[str, Any]]:
        sim = self.sim
        if int(request.match_info["app_id"]) != sim.application_id:
            raise ApiError(403, 50001, "Missing Access")
        gid = request.match_info.get("guild_id")
        if gid is None:
            return sim.global_commands
        if int(gid) not in sim.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return sim.guild_commands.setdefault(int(gid), [])

    def _stored_command(self, request: web.Request, data: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
        sim = self.sim
        cmd = dict(data)
        cmd.update(
            id=old["id"] if old else str(sim.snowflakes.next()),
            application_id=str(sim.application_id),
            version=str(sim.snowflakes.next()),
            type=data.get("type", 1),
            description=data.get("description", ""),
            default_member_permissions=data.get("default_member_permissions"),
            nsfw=data.get("nsfw", False),
        )
        if request.match_info.get("guild_id"):
            cmd["guild_id"] = request.match_info["guild_id"]
        return cmd

    async def get_commands(self, request: web.Request) -> web.Response:
        return _json(self._command_list(request))

    @staticmethod
    def _check_commands(bodies: list[Any]) -> None:
        errors = {str(i): e for i, body in enumerate(bodies) if isinstance(body, dict)
                  for e in [limits.check_command(body)] if e}
        if errors:
            raise invalid_form(errors)

    async def put_commands(self, request: web.Request) -> web.Response:
        current = self._command_list(request)
        self._check_commands(list(request[BODY] or []))
        old = {(c["name"], c.get("type", 1)): c for c in current}
        new = [self._stored_command(request, d, old.get((d["name"], d.get("type", 1)))) for d in request[BODY] or []]
        current[:] = new
        self.sim.sync_count += 1
        return _json(new)

    async def post_command(self, request: web.Request) -> web.Response:
        current = self._command_list(request)
        data = request[BODY] or {}
        errors = limits.check_command(data)
        if errors:
            raise invalid_form(errors)
        key = (data.get("name"), data.get("type", 1))
        old = next((c for c in current if (c["name"], c.get("type", 1)) == key), None)
        cmd = self._stored_command(request, data, old)
        if old:
            current[current.index(old)] = cmd
        else:
            current.append(cmd)
        return _json(cmd, status=200 if old else 201)

    def _find_command(self, request: web.Request) -> dict[str, Any]:
        for c in self._command_list(request):
            if c["id"] == request.match_info["command_id"]:
                return c
        raise unknown("application command", UNKNOWN_COMMAND)

    async def get_command(self, request: web.Request) -> web.Response:
        return _json(self._find_command(request))

    async def patch_command(self, request: web.Request) -> web.Response:
        cmd = self._find_command(request)
        cmd.update(request[BODY] or {})
        return _json(cmd)

    async def delete_command(self, request: web.Request) -> web.Response:
        cmd = self._find_command(request)
        self._command_list(request).remove(cmd)
        return web.Response(status=NO_CONTENT)

    # -- interactions ----------------------------------------------------------------------------
    def _interaction(self, request: web.Request) -> InteractionRecord:
        sim = self.sim
        try:
            rec = sim.interactions.get(int(request.match_info["interaction_id"]))
        except ValueError:
            rec = None
        if rec is None or rec.token != request.match_info["token"]:
            raise unknown("interaction", UNKNOWN_INTERACTION)
        return rec

    async def callback(self, request: web.Request) -> web.Response:
        rec = self._interaction(request)
        body = request[BODY] or {}
        files: list[UploadedFile] = request[FILES]
        try:
            return await self._callback(rec, body, files, request.query.get("with_response"))
        except ApiError as e:
            rec.errors.append(f"callback type {body.get('type')}: {e.status} {e.code} {e.message}"
                              + (f" {e.errors}" if e.errors else ""))
            rec.touch()
            raise

    async def _callback(self, rec: InteractionRecord, body: dict[str, Any], files: list[UploadedFile],
                        with_response: str | None) -> web.Response:
        sim = self.sim
        if rec.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if sim.now() - rec.created_at > sim.ack_timeout:
            raise unknown("interaction", UNKNOWN_INTERACTION)
        rtype = body.get("type")
        data: dict[str, Any] = body.get("data") or {}
        allowed = {
            PING: {PONG},
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE}
            | ({DEFERRED_UPDATE, UPDATE_MESSAGE} if rec.source_message is not None else set()),
        }[rec.type]
        if rtype not in allowed:
            raise invalid_form({"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                                      "message": f"Interaction response type {rtype} is not valid "
                                                                 f"for interaction type {rec.type}"}]}})
        resource: dict[str, Any] = {"type": rtype}
        if rtype == CHANNEL_MESSAGE:
            self._check_message_body(data, files, creating=True, prefix=["data"])
            rec.original = sim._create_message(rec.channel, data, files, interaction=rec)
        elif rtype == DEFERRED_CHANNEL_MESSAGE:
            flags = MESSAGE_FLAG_LOADING | ((data.get("flags") or 0) & MESSAGE_FLAG_EPHEMERAL)
            rec.original = sim._create_message(rec.channel, {"flags": flags}, [], interaction=rec)
        elif rtype == DEFERRED_UPDATE:
            rec.original = rec.source_message
        elif rtype == UPDATE_MESSAGE:
            self._check_message_body(data, files, creating=False, prefix=["data"])
            assert rec.source_message is not None
            rec.original = await sim._edit_message(rec.source_message, data, files)
        elif rtype == AUTOCOMPLETE_RESULT:
            errors = limits.check_autocomplete(data)
            if errors:
                raise invalid_form(errors)
            rec.choices = list(data.get("choices") or [])
        elif rtype == MODAL:
            errors = limits.check_modal(data)
            if errors:
                raise invalid_form(errors)
            rec.modal = Modal(custom_id=data.get("custom_id", ""), title=data.get("title", ""),
                              raw_components=list(data.get("components") or []), interaction=rec)
        rec.response_type = rtype
        rec.acknowledged_at = sim.now()
        rec.touch()
        if rtype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE) and rec.original is not None:
            resource["message"] = rec.original.to_payload()
        if rtype in (CHANNEL_MESSAGE,
                     DEFERRED_CHANNEL_MESSAGE) and rec.original is not None and not rec.original.ephemeral:
            await sim._dispatch_message("MESSAGE_CREATE", rec.original)
        if not with_response or with_response.lower() in ("0", "false"):
            return web.Response(status=NO_CONTENT)
        meta: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        if rec.original is not None and rtype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            meta.update(response_message_id=str(rec.original.id),
                        response_message_loading=rtype == DEFERRED_CHANNEL_MESSAGE,
                        response_message_ephemeral=rec.original.ephemeral)
        return _json({"interaction": meta, "resource": resource})

    def _webhook_interaction(self, request: web.Request) -> InteractionRecord:
        """Interaction behind ``/webhooks/{app}/{token}``: must be acknowledged and < 15 min old."""
        sim = self.sim
        rec = sim.interactions_by_token.get(request.match_info["token"])
        if rec is None or str(sim.application_id) != request.match_info["app_id"]:
            raise unknown("Webhook", UNKNOWN_WEBHOOK)
        if sim.now() - rec.created_at > sim.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if rec.response_type is None:
            raise unknown("Webhook", UNKNOWN_WEBHOOK)
        return rec

    def _webhook_message(self, request: web.Request, rec: InteractionRecord) -> Message:
        mid = request.match_info["message_id"]
        if mid == "@original":
            msg = rec.original
        else:
            msg = self.sim.messages.get(int(mid)) if mid.isdigit() else None
            if msg is not None and msg is not rec.original and msg not in rec.followups:
                msg = None
        if msg is None or msg.deleted:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return msg

    async def followup(self, request: web.Request) -> web.Response:
        sim = self.sim
        rec = self._webhook_interaction(request)
        body, files = request[BODY] or {}, request[FILES]
        self._check_message_body(body, files, creating=True)
        orig = rec.original
        if rec.response_type == DEFERRED_CHANNEL_MESSAGE and orig is not None and orig.loading and not orig.deleted:
            # Discord: the first follow-up after a "thinking" defer replaces the loading message.
            eph = orig.flags & MESSAGE_FLAG_EPHEMERAL
            msg = await sim._edit_message(orig, {**body,
                                                 "flags": ((body.get("flags") or 0) & ~MESSAGE_FLAG_EPHEMERAL) | eph},
                                                 files,
                                          clear_loading=True)
        else:
            msg = sim._create_message(rec.channel, body, files, interaction=rec, followup=True)
            rec.followups.append(msg)
            if not msg.ephemeral:
                await sim._dispatch_message("MESSAGE_CREATE", msg)
        rec.touch()
        if request.query.get("wait", "false").lower() in ("1", "true"):
            return _json(msg.to_payload())
        return web.Response(status=NO_CONTENT)

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        rec = self._webhook_interaction(request)
        return _json(self._webhook_message(request, rec).to_payload())

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        sim = self.sim
        rec = self._webhook_interaction(request)
        msg = self._webhook_message(request, rec)
        body, files = request[BODY] or {}, request[FILES]
        self._check_message_body(body, files, creating=False)
        await sim._edit_message(msg, body, files, clear_loading=True)
        rec.touch()
        return _json(msg.to_payload())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        rec = self._webhook_interaction(request)
        msg = self._webhook_message(request, rec)
        await self.sim._delete_message(msg)
        rec.touch()
        return web.Response(status=NO_CONTENT)

    # -- channels & messages ---------------------------------------------------------------------
    async def get_channel(self, request: web.Request) -> web.Response:
        return _json(self._channel(request).to_payload())

    async def list_messages(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        q = request.query
        msgs = list(self.sim.channel_messages(ch))
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
        limit = min(int(q.get("limit", 50)), 100)
        if "after" in q:
            msgs = msgs[:limit]
        else:
            msgs = msgs[-limit:]
        return _json([m.to_payload() for m in reversed(msgs)])

    async def create_message(self, request: web.Request) -> web.Response:
        sim = self.sim
        ch = self._channel(request)
        body, files = request[BODY] or {}, request[FILES]
        self._check_message_body(body, files, creating=True)
        if ch.type == DM and ch.recipient is not None and not ch.recipient.dm_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        if ch.is_thread and ch.archived:
            raise ApiError(400, 50083, "Thread is archived")
        ref = body.get("message_reference")
        if ref and ref.get("message_id") and int(ref["message_id"]) not in sim.messages \
                and ref.get("fail_if_not_exists", True):
            raise invalid_form({"message_reference": {"_errors": [
                {"code": "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "message": "Unknown message"}]}})
        nonce = None if body.get("nonce") is None else str(body["nonce"])
        if nonce is not None and body.get("enforce_nonce"):
            earlier = sim.nonced(sim.bot_user, ch, nonce)
            if earlier is not None:  # sent again: Discord returns the first, creates nothing
                return _json(earlier.to_payload())
        msg = sim._create_message(ch, body, files)
        msg.nonce = nonce
        if nonce is not None and body.get("enforce_nonce"):
            sim.nonces[(sim.bot_user.id, ch.id, nonce)] = msg
        await sim._dispatch_message("MESSAGE_CREATE", msg)
        return _json(msg.to_payload())

    async def get_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        return _json(self._message(request, ch).to_payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        sim = self.sim
        ch = self._channel(request)
        msg = self._message(request, ch)
        if msg.author is not sim.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, files = request[BODY] or {}, request[FILES]
        self._check_message_body(body, files, creating=False)
        await sim._edit_message(msg, body, files)
        return _json(msg.to_payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        msg = self._message(request, ch)
        await self.sim._delete_message(msg)
        return web.Response(status=NO_CONTENT)

    async def create_thread(self, request: web.Request) -> web.Response:
        sim = self.sim
        parent = self._channel(request)
        body = request[BODY] or {}
        if parent.guild is None or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        errors = limits.check_thread(body)
        if errors:
            raise invalid_form(errors)
        msg = None
        if "message_id" in request.match_info:
            msg = self._message(request, parent)
            if msg.id in sim.channels:
                raise ApiError(400, 160004, "A thread has already been created for this message")
        ttype = body.get("type", PUBLIC_THREAD) if msg is None else PUBLIC_THREAD
        thread = sim.add_thread(parent, body.get("name", "thread"), private=ttype == PRIVATE_THREAD,
                                thread_id=msg.id if msg else None, owner=sim.bot_user, _dispatch=False)
        await sim.gateway.dispatch("THREAD_CREATE", thread.to_payload() | {"newly_created": True})
        return _json(thread.to_payload(), status=201)

    async def add_thread_member(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if not ch.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        user = self.sim.users.get(int(request.match_info["user_id"])) if request.match_info["user_id"] != "@me" \
            else self.sim.bot_user
        if user is None:
            raise unknown("User", UNKNOWN_USER)
        ch.thread_members.add(user.id)
        return web.Response(status=NO_CONTENT)

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        uid = request.match_info["user_id"]
        ch.thread_members.discard(self.sim.bot_user.id if uid == "@me" else int(uid))
        return web.Response(status=NO_CONTENT)

    # -- guilds ----------------------------------------------------------------------------------
    def _guild(self, request: web.Request) -> Any:
        g = self.sim.guilds.get(int(request.match_info["guild_id"]))
        if g is None:
            raise unknown("Guild", UNKNOWN_GUILD)
        return g

    async def get_guild(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        d = g.to_payload(for_gateway=False)
        if request.query.get("with_counts", "").lower() in ("1", "true"):
            d.update(approximate_member_count=len(g.members), approximate_presence_count=0)
        return _json(d)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        return _json([c.to_payload() for c in g.channels if not c.is_thread])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        return _json([r.to_payload() for r in self._guild(request).roles])

    async def list_members(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        ms = sorted((m for m in g.members.values() if m.id > after), key=lambda m: m.id)[:limit]
        return _json([m.to_payload() for m in ms])

    async def get_member(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        m = g.member(int(request.match_info["user_id"]))
        if m is None:
            raise unknown("Member", UNKNOWN_MEMBER)
        return _json(m.to_payload())

    # -- CDN -------------------------------------------------------------------------------------
    async def get_attachment(self, request: web.Request) -> web.Response:
        att = self.sim.attachments.get(int(request.match_info["attachment_id"]))
        if att is None:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
