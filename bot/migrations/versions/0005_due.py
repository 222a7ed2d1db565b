"""Deadlines and reminders found by index: games.remind_at, and indexes on what is due.

Revision ID: 0005_due
Revises: 0004_ratings
Create Date: 2026-11-23
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_due"
down_revision: str | Sequence[str] | None = "0004_ratings"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

REMIND_AT = 0.75


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True))
    table = sa.table("games", sa.column("id", sa.Integer()), sa.column("status", sa.String()),
                     sa.column("turn_started_at", sa.DateTime(timezone=True)),
                     sa.column("deadline_at", sa.DateTime(timezone=True)),
                     sa.column("remind_at", sa.DateTime(timezone=True)))
    bind = op.get_bind()
    rows = bind.execute(sa.select(table.c.id, table.c.turn_started_at, table.c.deadline_at).where(
        table.c.status == "running", table.c.deadline_at.is_not(None),
        table.c.turn_started_at.is_not(None))).all()
    for gid, start, end in rows:
        bind.execute(sa.update(table).where(table.c.id == gid).values(
            remind_at=start + (end - start) * REMIND_AT))
    op.create_index("ix_games_due", "games", ["status", "deadline_at"])
    op.create_index("ix_games_remind", "games", ["status", "remind_at"])


def downgrade() -> None:
    op.drop_index("ix_games_remind", "games")
    op.drop_index("ix_games_due", "games")
    with op.batch_alter_table("games") as games:
        games.drop_column("remind_at")
