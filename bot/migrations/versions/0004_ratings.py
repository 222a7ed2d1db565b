"""Results and ratings: one row per player of an ended game, Elo ratings per server and game.

Revision ID: 0004_ratings
Revises: 0003_notify
Create Date: 2026-11-23
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_ratings"
down_revision: str | Sequence[str] | None = "0003_notify"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "results",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("key", sa.String(32), nullable=False),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("left", sa.Boolean(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "user_id"),
    )
    op.create_index("ix_results_player", "results", ["guild_id", "user_id", "key"])
    op.create_table(
        "ratings",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("key", sa.String(32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "key", "user_id"),
    )
    op.create_index("ix_actions_user", "actions", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_actions_user", "actions")
    op.drop_table("ratings")
    op.drop_index("ix_results_player", "results")
    op.drop_table("results")
