"""SQLAlchemy 2 models: the tables of docs/dev/service.md."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    Text,
    TypeDecorator,
    false,
    true,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def json_type() -> JSON:
    """JSON everywhere, JSONB on PostgreSQL; Python None is stored as SQL NULL."""
    return JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")


class UTCDateTime(TypeDecorator[datetime]):
    """Aware datetimes in, aware UTC datetimes out (SQLite keeps no zone: naive means UTC)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    @property
    def python_type(self) -> type[datetime]:
        return datetime

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: pass an aware UTC datetime")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger, index=True)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    thread_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    key: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(json_type())
    settings: Mapped[dict[str, Any]] = mapped_column(json_type())
    creator_id: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[str]] = mapped_column(json_type())  # the game's seats, in seat order
    users: Mapped[dict[str, str]] = mapped_column(json_type())  # seat -> Discord user id
    status: Mapped[str] = mapped_column(String(16), index=True)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    state: Mapped[dict[str, Any] | None] = mapped_column(json_type(), nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)  # +1 on every write of the row
    # +1 on every write a player can see (not bookkeeping): what a panel is built at
    state_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    last_seq: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    table_message_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    turn_started_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    deadline_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    remind_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)  # 75% of the window
    reminded: Mapped[list[str]] = mapped_column(json_type())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # Kept beside the state so that lists, the scheduler and autocomplete never load a state:
    waiting: Mapped[list[str] | None] = mapped_column(json_type(), nullable=True)  # seats that owe an action
    result: Mapped[dict[str, Any] | None] = mapped_column(json_type(), nullable=True)  # public outcome

    __table_args__ = (
        Index("ix_games_channel_status", "channel_id", "status"),
        Index("ix_games_thread_status", "thread_id", "status"),
        Index("ix_games_due", "status", "deadline_at"),
        Index("ix_games_remind", "status", "remind_at"),
        Index("ix_games_guild_status", "guild_id", "status", "updated_at"),
    )


class ActionRow(Base):
    """The move log. (game_id, seq) is the primary key: two writers can never log the same seq."""

    __tablename__ = "actions"

    game_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))
    action: Mapped[dict[str, Any] | None] = mapped_column(json_type(), nullable=True)
    by: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    user_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # who sat in the seat
    events: Mapped[list[dict[str, Any]] | None] = mapped_column(json_type(), nullable=True)  # public
    barrier: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    undone: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The seq of the first entry its command logged (one write); None before 0012: alone.
    command: Mapped[int | None] = mapped_column(Integer, nullable=True)

    __table_args__ = (Index("ix_actions_user", "user_id"),)


class OutboxRow(Base):
    """What a write has to tell: stored with the move, delivered in version order by the poster."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    first_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    last_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    payload: Mapped[dict[str, Any]] = mapped_column(json_type())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    dm_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    posted_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # The nonce of the post that tells it, written before that post is sent (bot/presenter.py).
    post: Mapped[str | None] = mapped_column(String(25), nullable=True)

    __table_args__ = (
        Index("ix_outbox_game_version", "game_id", "version"),
        Index("ix_outbox_unposted", "posted_at", "game_id"),
    )


class ResultRow(Base):
    """How one player's game ended: the base of statistics and ratings."""

    __tablename__ = "results"

    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    key: Mapped[str] = mapped_column(String(32))
    seat: Mapped[str] = mapped_column(String(32))
    won: Mapped[bool] = mapped_column(Boolean)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rank: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)  # counted for the Elo rating
    left: Mapped[bool] = mapped_column(Boolean)  # resigned, dropped or timed out of the game
    # the game had computer players: no rating moved, and leaderboards leave it out unless asked
    computers: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    ended_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index("ix_results_player", "guild_id", "user_id", "key"),)


class RatingRow(Base):
    """A player's Elo rating for one game in one server (competitive games only)."""

    __tablename__ = "ratings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class PlayerRow(Base):
    __tablename__ = "players"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    notify: Mapped[bool] = mapped_column(Boolean, default=False)  # a DM when a turn begins
    mention: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    quiet_from: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)  # the player's hours
    quiet_to: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    utc_offset: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    dm_closed: Mapped[bool] = mapped_column(Boolean, default=False)
    last_reminder_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)  # None: the Discord client's
    # the language of their Discord app when last seen (en, pl, it); None: never seen since 0018
    discord_language: Mapped[str | None] = mapped_column(String(8), nullable=True)


class ServerRow(Base):
    """A server's settings, set by its admins (`/game server-language`)."""

    __tablename__ = "servers"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)  # None: the guild's preferred locale


class MessageRow(Base):
    """What the bot posted and may edit later (e.g. to disable stale prompts)."""

    __tablename__ = "messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(16))
    channel_id: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int] = mapped_column(Integer)
    # A panel answered through an interaction by a process not owning the game: its token, to
    # edit it (for 15 minutes from token_at), so the owner closes it (bot/panels.py).
    token: Mapped[str | None] = mapped_column(Text, nullable=True)
    token_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
