"""The simulated world: users, guilds, channels, members, messages, attachments.

Everything here is plain data plus ``to_payload()`` methods producing the JSON
shapes Discord sends (and discord.py parses).
"""

from __future__ import annotations

import datetime as _dt
import io
import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

DISCORD_EPOCH_MS = 1420070400000

# Permission bits used by the simulator (full list lives in discord.Permissions).
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ALL_PERMISSIONS = (1 << 53) - 1
# What @everyone gets by default on a fresh Discord guild (view, send, read history, ...).
DEFAULT_EVERYONE = 0x0000_0006_3206_3E41 & ~ADMINISTRATOR & ~MANAGE_GUILD

MESSAGE_FLAG_EPHEMERAL = 1 << 6
MESSAGE_FLAG_LOADING = 1 << 7
MESSAGE_FLAG_COMPONENTS_V2 = 1 << 15


class Snowflakes:
    """Monotonic snowflake generator (timestamps are real, so created_at makes sense)."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


def iso(ts: float) -> str:
    return _dt.datetime.fromtimestamp(ts, _dt.UTC).isoformat()


def perm_value(p: Any) -> int:
    """Accept an int or a discord.Permissions (anything with ``.value``)."""
    return int(getattr(p, "value", p) or 0)


@dataclass(eq=False)
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dm_open: bool = True  # False -> DMs from the bot fail with 403 / 50007
    locale: str = "en-US"  # the user's client language: sent as every interaction's `locale`

    @property
    def name(self) -> str:
        return self.username

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"<User {self.username} {self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    roles: list[Role] = field(default_factory=list)
    nick: str | None = None
    joined_at: float = field(default_factory=time.time)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def permissions(self) -> int:
        """Guild-level permissions (owner / administrator get everything)."""
        if self.user.id == self.guild.owner_id:
            return ALL_PERMISSIONS
        value = self.guild.everyone.permissions
        for r in self.roles:
            value |= r.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def to_payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        d: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            d["user"] = self.user.to_payload()
        if with_permissions:
            d["permissions"] = str(self.permissions)
        return d


# Channel types (subset of discord.ChannelType)
TEXT, DM, VOICE, CATEGORY, NEWS_THREAD, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 2, 4, 10, 11, 12
THREAD_TYPES = (NEWS_THREAD, PUBLIC_THREAD, PRIVATE_THREAD)


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None = None
    guild: Guild | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient: User | None = None  # DMs
    owner_id: int | None = None  # threads
    archived: bool = False
    locked: bool = False
    thread_members: set[int] = field(default_factory=set)
    created_at: float = field(default_factory=time.time)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def guild_id(self) -> int | None:
        return self.guild.id if self.guild else None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": str(self.id), "type": self.type, "flags": 0}
        if self.type == DM:
            assert self.recipient is not None
            d.update(recipients=[self.recipient.to_payload()], last_message_id=None)
            return d
        d.update(
            name=self.name,
            guild_id=str(self.guild_id),
            position=self.position,
            parent_id=str(self.parent_id) if self.parent_id else None,
            nsfw=False,
            last_message_id=None,
            rate_limit_per_user=0,
        )
        if self.is_thread:
            d.update(
                owner_id=str(self.owner_id) if self.owner_id else None,
                message_count=0,
                member_count=len(self.thread_members),
                total_message_sent=0,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso(self.created_at),
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": iso(self.created_at),
                },
            )
        else:
            d.update(permission_overwrites=[], topic=self.topic, default_auto_archive_duration=1440)
            if self.type == VOICE:
                d.update(bitrate=64000, user_limit=0, rtc_region=None)
        return d

    def __repr__(self) -> str:
        return f"<Channel #{self.name or 'dm'} {self.id} type={self.type}>"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)  # includes threads
    members: dict[int, Member] = field(default_factory=dict)
    preferred_locale: str = "en-US"  # the server's language: interactions' `guild_locale`

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def member(self, user: User | int) -> Member | None:
        return self.members.get(getattr(user, "id", user))  # type: ignore[arg-type]

    def to_payload(self, *, for_gateway: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": "us-west",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
        }
        if for_gateway:
            d.update(
                joined_at=iso(time.time()),
                large=False,
                unavailable=False,
                member_count=len(self.members),
                voice_states=[],
                members=[m.to_payload() for m in self.members.values()],
                channels=[c.to_payload() for c in self.channels if not c.is_thread],
                threads=[c.to_payload() for c in self.channels if c.is_thread and not c.archived],
                presences=[],
                stage_instances=[],
                guild_scheduled_events=[],
                soundboard_sounds=[],
            )
        return d

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def bytes(self) -> bytes:
        return self.data

    @property
    def size(self) -> int:
        return len(self.data)

    def image(self) -> Any:
        """The attachment decoded by Pillow (``PIL.Image.Image``)."""
        from PIL import Image

        img = Image.open(io.BytesIO(self.data))
        img.load()
        return img

    async def fetch_image(self) -> Any:
        """Async spelling of :meth:`image` (no I/O is needed; data is in memory)."""
        return self.image()

    def to_payload(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            d["content_type"] = self.content_type
        if self.description:
            d["description"] = self.description
        if self.content_type and self.content_type.startswith("image/"):
            size = self.dimensions()
            if size is not None:  # not a decodable image: Discord just omits the size
                d.update(width=size[0], height=size[1])
        return d

    def dimensions(self) -> tuple[int, int] | None:
        """Width and height from the image header (no full decode)."""
        from PIL import Image

        try:
            with Image.open(io.BytesIO(self.data)) as img:
                return img.size
        except Exception:  # noqa: BLE001 - not an image Pillow can read: no size
            return None


@dataclass
class Component:
    """One interactive (or display) component, flattened out of rows/containers."""

    type: int
    raw: dict[str, Any]

    custom_id: str | None = None
    label: str | None = None
    disabled: bool = False
    style: int | None = None
    url: str | None = None
    options: list[dict[str, Any]] = field(default_factory=list)
    placeholder: str | None = None
    row: int = 0

    KIND: ClassVar[dict[int, str]] = {
        2: "button", 3: "string_select", 4: "text_input", 5: "user_select", 6: "role_select",
        7: "mentionable_select", 8: "channel_select", 10: "text_display", 11: "thumbnail",
        12: "media_gallery", 13: "file", 14: "separator", 18: "label", 19: "file_upload"}

    @property
    def kind(self) -> str:
        return self.KIND.get(self.type, str(self.type))

    @property
    def is_select(self) -> bool:
        return self.type in (3, 5, 6, 7, 8)

    @property
    def option_values(self) -> list[str]:
        return [o["value"] for o in self.options]  # required in a select option

    @property
    def content(self) -> str | None:  # text displays (components v2)
        return self.raw.get("content")

    @classmethod
    def from_raw(cls, raw: dict[str, Any], row: int = 0) -> Component:
        return cls(
            type=raw.get("type", 0),
            raw=raw,
            custom_id=raw.get("custom_id"),
            label=raw.get("label"),
            disabled=bool(raw.get("disabled", False)),
            style=raw.get("style"),
            url=raw.get("url"),
            options=list(raw.get("options") or []),
            placeholder=raw.get("placeholder"),
            row=row,
        )


def iter_components(raw: list[dict[str, Any]]) -> Iterator[Component]:
    """Flatten action rows / containers / sections / labels into leaf components."""

    def walk(items: list[dict[str, Any]], row: int) -> Iterator[Component]:
        for i, c in enumerate(items):
            t = c.get("type")
            r = i if row < 0 else row
            if t in (1, 17):  # action row, container
                yield from walk(c.get("components") or [], i if t == 1 else -1)
            elif t == 9:  # section: texts + accessory
                yield from walk(c.get("components") or [], r)
                if c.get("accessory"):
                    yield Component.from_raw(c["accessory"], r)
            elif t == 18:  # label (modal): wraps one component
                if c.get("component"):
                    comp = Component.from_raw(c["component"], r)
                    comp.label = comp.label or c.get("label")
                    yield comp
            else:
                yield Component.from_raw(c, r)

    return walk(raw, -1)


@dataclass(eq=False)
class Message:
    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    raw_components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: float = field(default_factory=time.time)
    edited_at: float | None = None
    message_reference: dict[str, Any] | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction: Any = None  # InteractionRecord that produced it
    ephemeral_for: int | None = None  # user id allowed to see an ephemeral message
    deleted: bool = False
    tts: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)  # previous versions (content/embeds/components)
    pinged: list[int] = field(default_factory=list)  # users this message notified (allowed_mentions)
    nonce: str | None = None  # as sent (Discord returns it with the message it created)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MESSAGE_FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & MESSAGE_FLAG_LOADING)

    @property
    def components(self) -> list[Component]:
        return list(iter_components(self.raw_components))

    @property
    def buttons(self) -> list[Component]:
        return [c for c in self.components if c.type == 2]

    @property
    def selects(self) -> list[Component]:
        return [c for c in self.components if c.is_select]

    @property
    def text(self) -> str:
        """Content plus embed titles/descriptions/fields and v2 text displays, for loose assertions."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name", ""), f.get("value", "")]
        parts += [c.content or "" for c in self.components if c.type == 10]
        return "\n".join(p for p in parts if p)

    def component(self, custom_id: str | None = None, *, label: str | None = None,
                  prefix: str | None = None) -> Component:
        """Find a component by exact custom_id, label, or custom_id prefix (raises if absent)."""
        for c in self.components:
            if custom_id is not None and c.custom_id == custom_id:
                return c
            if label is not None and c.label == label:
                return c
            if prefix is not None and (c.custom_id or "").startswith(prefix):
                return c
        wanted = custom_id or label or prefix
        have = [(c.kind, c.label, c.custom_id) for c in self.components]
        raise LookupError(f"no component {wanted!r} on message {self.id}; has {have}")

    def button(self, label: str | None = None, *, custom_id: str | None = None,
               prefix: str | None = None) -> Component:
        return self.component(custom_id, label=label, prefix=prefix)

    def find_buttons(self, predicate: Callable[[Component], bool]) -> list[Component]:
        return [c for c in self.buttons if predicate(c)]

    def to_payload(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "content": self.content,
            "author": self.author.to_payload(),
            "attachments": [a.to_payload() for a in self.attachments],
            "embeds": self.embeds,
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": self.tts,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None,
            "flags": self.flags,
            "components": self.raw_components,
        }
        if self.channel.guild is not None:
            d["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id:
            d["webhook_id"] = str(self.webhook_id)
        if self.application_id:
            d["application_id"] = str(self.application_id)
        if self.message_reference:
            d["message_reference"] = self.message_reference
        if self.interaction is not None:
            d["interaction_metadata"] = self.interaction.metadata_payload()
        if self.nonce is not None:
            d["nonce"] = self.nonce
        return d

    def __repr__(self) -> str:
        c = self.content if len(self.content) < 40 else self.content[:37] + "..."
        eph = " ephemeral" if self.ephemeral else ""
        return (f"<Message {self.id}{eph} in {self.channel.id}: {c!r} embeds={len(self.embeds)} "
                f"components={len(self.components)}>")
