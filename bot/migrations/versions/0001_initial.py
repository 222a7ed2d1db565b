"""The first schema: games, actions, players, messages.

Revision ID: 0001_initial
Revises:
Create Date: 2025-11-22
"""
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001_initial"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def json() -> sa.types.TypeEngine[Any]:
    return sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True),
                                                   "postgresql")


def stamp() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("thread_id", sa.BigInteger(), nullable=True),
        sa.Column("key", sa.String(32), nullable=False),
        sa.Column("options", json(), nullable=False),
        sa.Column("settings", json(), nullable=False),
        sa.Column("creator_id", sa.BigInteger(), nullable=False),
        sa.Column("seats", json(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("state", json(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("turn_started_at", stamp(), nullable=True),
        sa.Column("deadline_at", stamp(), nullable=True),
        sa.Column("reminded", json(), nullable=False),
        sa.Column("created_at", stamp(), nullable=False),
        sa.Column("updated_at", stamp(), nullable=False),
    )
    op.create_index("ix_games_guild_id", "games", ["guild_id"])
    op.create_index("ix_games_status", "games", ["status"])
    op.create_index("ix_games_channel", "games", ["guild_id", "channel_id"])
    op.create_index("ix_games_thread", "games", ["thread_id"])

    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("action", json(), nullable=True),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("created_at", stamp(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq"),
    )

    op.create_table(
        "players",
        sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("notify", sa.Boolean(), nullable=False),
        sa.Column("dm_closed", sa.Boolean(), nullable=False),
        sa.Column("last_reminder_at", stamp(), nullable=True),
    )

    op.create_table(
        "messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_index("ix_messages_game_id", "messages", ["game_id"])


def downgrade() -> None:
    op.drop_table("messages")
    op.drop_table("players")
    op.drop_table("actions")
    op.drop_table("games")
