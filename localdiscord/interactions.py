"""Interaction records and the INTERACTION_CREATE payloads the simulator sends.

Slash options are typed from the command definitions the bot synced (so a test
writes ``options={"players": 4, "opponent": bob}`` and gets integer / user
options with ``resolved`` filled, exactly as Discord would send them).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .world import Channel, Component, Message, User, iter_components

if TYPE_CHECKING:
    from .simulator import FakeDiscord

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Callback (response) types
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    1, 4, 5, 6, 7, 8, 9)

# Application command option types
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)


class CommandError(LookupError):
    """The test asked for a command/option the bot did not sync (or a value of the wrong kind)."""


@dataclass
class Modal:
    """A modal the bot opened (callback type 9)."""

    custom_id: str
    title: str
    raw_components: list[dict[str, Any]]
    interaction: InteractionRecord

    @property
    def components(self) -> list[Component]:
        return list(iter_components(self.raw_components))

    @property
    def text_inputs(self) -> list[Component]:
        return [c for c in self.components if c.type == 4]


@dataclass(eq=False)
class InteractionRecord:
    """What happened to one interaction. Returned by ``sim.slash/click/select/submit_modal``.

    It keeps updating after it is returned (late follow-ups land in ``followups``).
    """

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    created_at: float  # simulator clock (``sim.now()``)
    payload: dict[str, Any] = field(default_factory=dict)
    source_message: Message | None = None  # message the component was on
    command_name: str | None = None

    response_type: int | None = None
    acknowledged_at: float | None = None
    original: Message | None = None  # the @original message (new one, or the updated component message)
    followups: list[Message] = field(default_factory=list)
    modal: Modal | None = None
    choices: list[dict[str, Any]] | None = None  # autocomplete results
    errors: list[str] = field(default_factory=list)  # rejected callbacks etc.
    activity: asyncio.Event = field(default_factory=asyncio.Event)
    last_activity: float = 0.0

    # -- convenience -----------------------------------------------------------------------------
    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def ephemeral(self) -> bool:
        return bool(self.original and self.original.ephemeral)

    @property
    def messages(self) -> list[Message]:
        """Initial response message (if any) followed by follow-ups, in order."""
        out = [self.original] if self.original is not None and self.response_type in (4, 5) else []
        return [m for m in out + self.followups if not m.deleted]

    @property
    def message(self) -> Message | None:
        """The visible result: the response message, else the edited component message, else a follow-up."""
        if self.original is not None and not self.original.deleted:
            return self.original
        return self.followups[0] if self.followups else None

    @property
    def content(self) -> str:
        m = self.message
        return m.content if m else ""

    @property
    def updated_message(self) -> Message | None:
        """For component interactions answered with type 7 / 6 + edit: the edited message."""
        return self.original if self.response_type in (6, 7) else None

    def metadata_payload(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_payload(),
            "authorizing_integration_owners": self.payload.get("authorizing_integration_owners", {}),
        }
        if self.command_name:
            d["name"] = self.command_name
        if self.original is not None:
            d["original_response_message_id"] = str(self.original.id)
        if self.source_message is not None:
            d["interacted_message_id"] = str(self.source_message.id)
        return d

    def touch(self) -> None:
        self.last_activity = time.monotonic()  # real time: drives the "quiet period" wait
        self.activity.set()

    def __repr__(self) -> str:
        return (f"<Interaction {self.id} type={self.type} response={self.response_type} "
                f"messages={len(self.messages)} modal={bool(self.modal)} errors={self.errors}>")


# Backwards-friendly name used in the brief.
InteractionResult = InteractionRecord


def new_token() -> str:
    return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)


def base_payload(sim: FakeDiscord, itype: int, iid: int, token: str, user: User, channel: Channel) -> dict[str, Any]:
    """Fields common to every interaction Discord sends (guild or DM context)."""
    d: dict[str, Any] = {
        "id": str(iid),
        "application_id": str(sim.application_id),
        "type": itype,
        "token": token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": channel.to_payload(),
        "locale": user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": sim.upload_limit,
        "app_permissions": str(sim.bot_permissions(channel)),
    }
    guild = channel.guild
    if guild is not None:
        member = guild.member(user)
        if member is None:
            raise CommandError(f"{user!r} is not a member of {guild!r}")
        d.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            guild_locale=guild.preferred_locale,
            member=member.to_payload(with_permissions=True),
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        d.update(user=user.to_payload(), authorizing_integration_owners={"0": "0"}, context=1)
    return d


def _resolve_option(sim: FakeDiscord, opt: dict[str, Any], value: Any, channel: Channel,
                    resolved: dict[str, dict[str, Any]]) -> Any:
    """Convert a test's Python value into the wire value for option ``opt`` (filling ``resolved``).

    ``value``: a str, int, float or bool, a world User or Channel, or anything with an ``id``."""
    t, name = opt["type"], opt["name"]
    choices = opt.get("choices")
    if choices and not opt.get("autocomplete"):
        # accept either the choice value or its display name
        for c in choices:
            if value == c["value"] or value == c["name"]:
                return c["value"]
        raise CommandError(f"option {name!r}: {value!r} is not one of the choices {[c['value'] for c in choices]}")
    if t == STRING:
        return str(value)
    if t == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandError(f"option {name!r} expects an integer, got {value!r}")
        return value
    if t == NUMBER:
        return float(value)
    if t == BOOLEAN:
        return bool(value)
    if t in (USER, MENTIONABLE):
        user = sim.get_user(value)
        resolved.setdefault("users", {})[str(user.id)] = user.to_payload()
        guild = channel.guild
        member = guild.member(user) if guild else None
        if member is not None:
            resolved.setdefault("members", {})[str(user.id)] = member.to_payload(with_user=False, with_permissions=True)
        return str(user.id)
    if t == CHANNEL:
        ch = sim.get_channel(value)
        p = ch.to_payload()
        entry: dict[str, Any] = {k: p[k] for k in ("id", "type", "name", "parent_id", "thread_metadata") if k in p}
        entry["permissions"] = str(sim.bot_permissions(ch))
        resolved.setdefault("channels", {})[str(ch.id)] = entry
        return str(ch.id)
    if t == ROLE:
        role_id = int(getattr(value, "id", value))
        for g in sim.guilds.values():
            for r in g.roles:
                if r.id == role_id:
                    resolved.setdefault("roles", {})[str(r.id)] = r.to_payload()
                    return str(r.id)
        raise CommandError(f"option {name!r}: unknown role {value!r}")
    raise CommandError(f"option {name!r}: option type {t} is not supported by the simulator")


def find_command(sim: FakeDiscord, channel: Channel, name: str) -> dict[str, Any]:
    """Synced definition of top-level command ``name`` visible in ``channel`` (guild first)."""
    guild = channel.guild
    if guild is not None:
        for cmd in sim.guild_commands.get(guild.id, []):
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
    for cmd in sim.global_commands:
        if cmd["name"] == name and cmd.get("type", 1) == 1:
            return cmd
    have = [c["name"] for c in sim.global_commands] + [c["name"] for c in sim.guild_commands.get(getattr(guild, "id",
                                                                                                         0), [])]
    raise CommandError(f"no synced slash command {name!r} (synced: {have}); did the bot call tree.sync()?")


def build_command_data(sim: FakeDiscord, channel: Channel, path: str, options: dict[str, Any],
                       *, focused: str | None = None) -> tuple[dict[str, Any], str]:
    """Build ``data`` for an APPLICATION_COMMAND / AUTOCOMPLETE interaction from ``"cmd sub ..."``."""
    parts = path.split()
    if not parts:
        raise CommandError("empty command path")
    cmd = find_command(sim, channel, parts[0])
    data: dict[str, Any] = {"id": str(cmd["id"]), "name": cmd["name"], "type": 1}
    if cmd.get("guild_id"):
        data["guild_id"] = str(cmd["guild_id"])
    container_opts: list[dict[str, Any]] = data.setdefault("options", [])
    defs: list[dict[str, Any]] = cmd.get("options") or []
    for part in parts[1:]:
        sub = next((o for o in defs if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            raise CommandError(f"{path!r}: {part!r} is not a subcommand (has {[o['name'] for o in defs]})")
        entry: dict[str, Any] = {"name": sub["name"], "type": sub["type"], "options": []}
        container_opts.append(entry)
        container_opts = entry["options"]
        defs = sub.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in defs):
        raise CommandError(f"{path!r} needs a subcommand: one of {[o['name'] for o in defs]}")
    resolved: dict[str, dict[str, Any]] = {}
    by_name = {o["name"]: o for o in defs}
    for key, value in options.items():
        opt = by_name.get(key)
        if opt is None:
            raise CommandError(f"{path!r} has no option {key!r} (has {list(by_name)})")
        if key == focused:
            # Discord sends the partial text as a string while the user types
            container_opts.append({"name": key, "type": opt["type"], "value": str(value), "focused": True})
            continue
        container_opts.append({"name": key, "type": opt["type"],
                               "value": _resolve_option(sim, opt, value, channel, resolved)})
    if focused is not None and focused not in options:
        opt = by_name.get(focused)
        if opt is None:
            raise CommandError(f"{path!r} has no option {focused!r}")
        container_opts.append({"name": focused, "type": opt["type"], "value": "", "focused": True})
    if focused is None:
        missing = [o["name"] for o in defs if o.get("required") and o["name"] not in options]
        if missing:
            raise CommandError(f"{path!r}: required option(s) {missing} not given (Discord would not send this)")
    if resolved:
        data["resolved"] = resolved
    if not data["options"]:
        del data["options"]
    return data, cmd["name"]


def modal_submit_components(modal: Modal, values: dict[str, Any]) -> list[dict[str, Any]]:
    """Mirror the modal's layout with submitted values (rows or labels)."""
    unknown = set(values) - {c.custom_id for c in modal.components if c.custom_id}
    if unknown:
        raise CommandError(f"modal {modal.custom_id!r} has no inputs {sorted(unknown)}")

    def leaf(c: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"type": c["type"], "custom_id": c.get("custom_id")}
        if "id" in c:
            out["id"] = c["id"]
        custom_id, default = c.get("custom_id"), c.get("value") if c["type"] == 4 else None
        v = default if custom_id is None else values.get(custom_id, default)
        if c["type"] == 4:
            out["value"] = "" if v is None else str(v)
        else:
            out["values"] = [str(x) for x in (v or [])]
        return out

    result: list[dict[str, Any]] = []
    for top in modal.raw_components:
        if top.get("type") == 1:
            result.append({"type": 1, "components": [leaf(c) for c in top.get("components") or []]})
        elif top.get("type") == 18 and top.get("component"):
            entry = {"type": 18, "component": leaf(top["component"])}
            if "id" in top:
                entry["id"] = top["id"]
            result.append(entry)
        elif top.get("type") == 10:
            entry = {"type": 10}
            if "id" in top:
                entry["id"] = top["id"]
            result.append(entry)
    return result
