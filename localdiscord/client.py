"""The user side: a test acts AS a user (slash commands, autocomplete, clicks, selects, modals, messages).

Each action dispatches INTERACTION_CREATE over the gateway, then waits until the
bot has acknowledged it (or ``ack_timeout`` passes: the interaction "failed"),
until a "thinking" defer has been filled, and until the interaction has been
quiet for ``settle`` seconds (or, where a test set ``sim.idle``, until that says the bot has no
work in hand); at most ``timeout`` (default ``sim.response_timeout``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    CommandError,
    InteractionRecord,
    Modal,
    base_payload,
    build_command_data,
    modal_submit_components,
    new_token,
)
from .world import Channel, Component, Message, User

IDLE_POLL = 0.005  # seconds between asking a test's `idle` probe

if TYPE_CHECKING:
    from .gateway import Gateway
    from .server import UploadedFile
    from .simulator import FakeDiscord
    from .world import Guild, Snowflakes

SimulatorError = CommandError


class UserActions:
    """Mixed into :class:`FakeDiscord`."""

    if TYPE_CHECKING:
        # What these methods use of FakeDiscord, the one class this is mixed into.
        ack_timeout: float
        response_timeout: float
        settle: float
        idle: Callable[[], bool] | None
        defer_grace: float
        snowflakes: Snowflakes
        guilds: dict[int, Guild]
        interactions: dict[int, InteractionRecord]
        interactions_by_token: dict[str, InteractionRecord]
        gateway: Gateway

        def now(self) -> float: ...
        def bot_permissions(self, channel: Channel) -> int: ...
        def get_user(self, value: Any) -> User: ...
        def get_channel(self, value: Any) -> Channel: ...
        def _create_message(self, channel: Channel, payload: dict[str, Any], files: list[UploadedFile], *,
                            interaction: InteractionRecord | None = None, followup: bool = False,
                            author: User | None = None) -> Message: ...
        async def _dispatch_message(self, event: str, msg: Message) -> None: ...

    @property
    def _sim(self) -> FakeDiscord:
        """``self``, typed as the simulator (for the helpers that take it)."""
        return cast("FakeDiscord", self)

    # -- slash commands --------------------------------------------------------------------------
    async def slash(self, user: Any, channel: Any, command: str,
                    options: dict[str, Any] | None = None, *, timeout: float | None = None) -> InteractionRecord:
        """Run ``/command [group] [sub]`` with ``options`` (Python values; users/channels as world objects)."""
        user, ch = self.get_user(user), self.get_channel(channel)
        data, name = build_command_data(self._sim, ch, command, dict(options or {}))
        self._check_command_permission(user, ch, name)
        return await self._interact(APPLICATION_COMMAND, user, ch, data, command_name=command, timeout=timeout)

    def _check_command_permission(self, user: User, channel: Channel, name: str) -> None:
        """Discord hides commands whose ``default_member_permissions`` the member lacks."""
        from .interactions import find_command

        required = find_command(self._sim, channel, name).get("default_member_permissions")
        member = channel.guild.member(user) if channel.guild else None
        if required is not None and member is not None and member.permissions & int(required) != int(required):
            raise SimulatorError(f"{user!r} lacks permissions {int(required):#x} for /{name} "
                                 "(Discord would not show the command)")

    async def autocomplete(self, user: Any, channel: Any, command: str,
                           options: dict[str, Any] | None = None, *, focused: str,
                           timeout: float | None = None) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its current text is ``options.get(focused, "")``); returns the choices."""
        user, ch = self.get_user(user), self.get_channel(channel)
        data, _ = build_command_data(self._sim, ch, command, dict(options or {}), focused=focused)
        rec = await self._interact(AUTOCOMPLETE, user, ch, data, command_name=command, timeout=timeout)
        return list(rec.choices or [])

    # -- components ------------------------------------------------------------------------------
    @staticmethod
    def _target_message(target: Message | InteractionRecord, user: User) -> Message:
        msg = target.message if isinstance(target, InteractionRecord) else target
        if msg is None:
            raise SimulatorError(f"{target!r} has no message")
        if msg.deleted:
            raise SimulatorError(f"{msg!r} was deleted")
        if msg.ephemeral and msg.ephemeral_for != user.id:
            raise SimulatorError(f"{user!r} cannot see ephemeral {msg!r}")
        return msg

    def _check_can_use(self, user: User, msg: Message, comp: Component) -> None:
        if comp.disabled:
            raise SimulatorError(f"component {comp.label or comp.custom_id!r} is disabled")
        if msg.loading:
            raise SimulatorError(f"{msg!r} is still loading")

    async def click(self, user: Any, message: Message | InteractionRecord,
                    custom_id: str | None = None, *, label: str | None = None, prefix: str | None = None,
                    timeout: float | None = None) -> InteractionRecord:
        """Press a button found by ``custom_id``, ``label`` or custom_id ``prefix``."""
        user = self.get_user(user)
        msg = self._target_message(message, user)
        comp = msg.component(custom_id, label=label, prefix=prefix)
        if comp.type != 2:
            raise SimulatorError(f"{comp.kind} {comp.custom_id!r} is not a button")
        if comp.url or not comp.custom_id:
            raise SimulatorError(f"button {comp.label!r} is a link/premium button (no interaction)")
        self._check_can_use(user, msg, comp)
        data = {"custom_id": comp.custom_id, "component_type": 2, "id": comp.raw.get("id")}
        return await self._interact(MESSAGE_COMPONENT, user, msg.channel, data, source=msg, timeout=timeout)

    async def select(self, user: Any, message: Message | InteractionRecord,
                     custom_id: str | None, values: list[Any], *, prefix: str | None = None,
                     timeout: float | None = None) -> InteractionRecord:
        """Choose ``values`` in a select (option values; users/channels/roles for the typed selects)."""
        user = self.get_user(user)
        msg = self._target_message(message, user)
        comp = msg.component(custom_id, prefix=prefix)
        if not comp.is_select:
            raise SimulatorError(f"{comp.kind} {comp.custom_id!r} is not a select")
        self._check_can_use(user, msg, comp)
        lo, hi = comp.raw.get("min_values", 1), comp.raw.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise SimulatorError(f"select {comp.custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": comp.custom_id, "component_type": comp.type,
                                "id": comp.raw.get("id")}
        resolved: dict[str, dict[str, Any]] = {}
        if comp.type == 3:
            allowed = comp.option_values
            bad = [v for v in values if v not in allowed]
            if bad:
                raise SimulatorError(f"select {comp.custom_id!r}: {bad} not among options {allowed}")
            data["values"] = [str(v) for v in values]
        else:
            data["values"] = [self._resolve_select_value(comp.type, v, msg.channel, resolved) for v in values]
            data["resolved"] = resolved
        return await self._interact(MESSAGE_COMPONENT, user, msg.channel, data, source=msg, timeout=timeout)

    def _resolve_select_value(self, ctype: int, value: Any, channel: Channel,
                              resolved: dict[str, dict[str, Any]]) -> str:
        if ctype in (5, 7) and not isinstance(value, Channel):
            try:
                user = self.get_user(value)
            except LookupError:
                user = None
            if user is not None:
                resolved.setdefault("users", {})[str(user.id)] = user.to_payload()
                m = channel.guild.member(user) if channel.guild else None
                if m is not None:
                    resolved.setdefault("members", {})[str(user.id)] = m.to_payload(with_user=False,
                                                                                   with_permissions=True)
                return str(user.id)
        if ctype == 8:
            ch = self.get_channel(value)
            p = ch.to_payload()
            fields = {k: p[k] for k in ("id", "type", "name", "parent_id") if k in p}
            resolved.setdefault("channels", {})[str(ch.id)] = fields | {"permissions": str(self.bot_permissions(ch))}
            return str(ch.id)
        rid = int(getattr(value, "id", value))
        for g in self.guilds.values():
            for r in g.roles:
                if r.id == rid:
                    resolved.setdefault("roles", {})[str(r.id)] = r.to_payload()
                    return str(r.id)
        raise SimulatorError(f"cannot resolve select value {value!r}")

    # -- modals ----------------------------------------------------------------------------------
    async def submit_modal(self, user: Any, modal: Modal | InteractionRecord,
                           values: dict[str, Any], *, timeout: float | None = None) -> InteractionRecord:
        """Fill and submit a modal the bot opened (pass the record whose response was the modal)."""
        m = modal.modal if isinstance(modal, InteractionRecord) else modal
        if m is None:
            raise SimulatorError(f"{modal!r} did not open a modal")
        user = self.get_user(user)
        if user is not m.interaction.user:
            raise SimulatorError(f"the modal was shown to {m.interaction.user!r}, not {user!r}")
        for c in m.text_inputs:
            v = c.raw.get("value") if c.custom_id is None else values.get(c.custom_id, c.raw.get("value"))
            text = "" if v is None else str(v)
            if c.raw.get("required", True) and not text:
                raise SimulatorError(f"modal input {c.custom_id!r} is required")
            if text and len(text) < (c.raw.get("min_length") or 0):
                raise SimulatorError(f"modal input {c.custom_id!r} is shorter than min_length")
            if len(text) > (c.raw.get("max_length") or 4000):
                raise SimulatorError(f"modal input {c.custom_id!r} is longer than max_length")
        data = {"custom_id": m.custom_id, "components": modal_submit_components(m, values)}
        src = m.interaction.source_message
        return await self._interact(MODAL_SUBMIT, user, m.interaction.channel, data, source=src, timeout=timeout)

    # -- plain messages --------------------------------------------------------------------------
    async def send_message(self, user: Any, channel: Any, content: str) -> Message:
        """``user`` posts ``content`` in ``channel`` (MESSAGE_CREATE to the bot, e.g. for prefix commands)."""
        user, ch = self.get_user(user), self.get_channel(channel)
        msg = self._create_message(ch, {"content": content}, [], author=user)
        await self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    # -- the common path -------------------------------------------------------------------------
    async def _interact(self, itype: int, user: User, channel: Channel, data: dict[str, Any], *,
                        source: Message | None = None, command_name: str | None = None,
                        timeout: float | None = None) -> InteractionRecord:
        if not self.gateway.sessions:
            raise SimulatorError("no bot is connected to the gateway (await sim.connect(bot) first)")
        iid, token = self.snowflakes.next(), new_token()
        payload = base_payload(self._sim, itype, iid, token, user, channel)
        payload["data"] = {k: v for k, v in data.items() if v is not None}
        if source is not None:
            payload["message"] = source.to_payload()
        rec = InteractionRecord(id=iid, token=token, type=itype, user=user, channel=channel, created_at=self.now(),
                                payload=payload, source_message=source,
                                command_name=command_name.split()[0] if command_name else None)
        self.interactions[iid] = rec
        self.interactions_by_token[token] = rec
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        await self._await_response(rec, self.response_timeout if timeout is None else timeout)
        return rec

    async def _await_response(self, rec: InteractionRecord, timeout: float) -> None:
        start = time.monotonic()

        async def wait_activity(seconds: float) -> None:
            rec.activity.clear()
            try:
                await asyncio.wait_for(rec.activity.wait(), max(seconds, 0.001))
            except TimeoutError:
                pass

        # 1) acknowledgement (Discord gives up after ack_timeout)
        ack_deadline = start + min(self.ack_timeout + 0.25, timeout)
        while not rec.acknowledged and time.monotonic() < ack_deadline:
            await wait_activity(ack_deadline - time.monotonic())
        if not rec.acknowledged:
            if not any("not acknowledged" in e for e in rec.errors):
                rec.errors.append(f"not acknowledged within {self.ack_timeout}s "
                                  "(the user sees 'This interaction failed')")
            return
        # 2) a 'thinking' defer must be filled; a deferred update is usually followed by an edit
        acked = time.monotonic()
        if rec.response_type == DEFERRED_UPDATE and not rec.followups:
            edits = len(rec.original.history) if rec.original is not None else 0
            grace_end = min(acked + self.defer_grace, start + timeout)
            while time.monotonic() < grace_end and not rec.followups and (
                    rec.original is None or len(rec.original.history) == edits) and not self._idle():
                await wait_activity(self._poll(grace_end - time.monotonic()))
        # 3) then wait for a quiet period
        while True:
            now = time.monotonic()
            if now - start >= timeout:
                return
            loading = rec.original is not None and rec.original.loading and not rec.original.deleted
            quiet = now - rec.last_activity
            if not loading and (quiet >= self.settle or self._idle()):
                return
            await wait_activity(self._poll((timeout - (now - start)) if loading else (self.settle - quiet)))

    def _idle(self) -> bool:
        return self.idle is not None and self.idle()

    def _poll(self, seconds: float) -> float:
        """How long to wait for activity: with an `idle` probe, briefly, to ask it again."""
        return min(seconds, IDLE_POLL) if self.idle is not None else seconds
