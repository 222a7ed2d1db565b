"""Notification preferences: mentions on or off, and a quiet window in the player's own hours.

Revision ID: 0003_notify
Revises: 0002_platform
Create Date: 2026-11-23
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_notify"
down_revision: str | Sequence[str] | None = "0002_platform"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("mention", sa.Boolean(), nullable=False, server_default=sa.true()))
        players.add_column(sa.Column("quiet_from", sa.SmallInteger(), nullable=True))
        players.add_column(sa.Column("quiet_to", sa.SmallInteger(), nullable=True))
        players.add_column(sa.Column("utc_offset", sa.SmallInteger(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("players") as players:
        for name in ("utc_offset", "quiet_to", "quiet_from", "mention"):
            players.drop_column(name)
