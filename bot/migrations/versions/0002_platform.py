"""The platform: seats mapped to users, public events and undo marks in the log, the outbox.

Revision ID: 0002_platform
Revises: 0001_initial
Create Date: 2026-11-23
"""
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0002_platform"
down_revision: str | Sequence[str] | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def json() -> sa.types.TypeEngine[Any]:
    return sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True),
                                                   "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("users", json(), nullable=True))
        games.add_column(sa.Column("last_seq", sa.Integer(), nullable=False,
                                   server_default="0"))
    # Games made before seats and users were told apart: each seat was its user's id.
    games_t = sa.table("games", sa.column("id", sa.Integer()), sa.column("seats", sa.JSON()),
                       sa.column("users", sa.JSON()), sa.column("last_seq", sa.Integer()))
    actions_t = sa.table("actions", sa.column("game_id", sa.Integer()),
                         sa.column("seq", sa.Integer()))
    bind = op.get_bind()
    for gid, seats in bind.execute(sa.select(games_t.c.id, games_t.c.seats)).all():
        last = bind.execute(sa.select(sa.func.max(actions_t.c.seq))
                            .where(actions_t.c.game_id == gid)).scalar() or 0
        bind.execute(sa.update(games_t).where(games_t.c.id == gid).values(
            users={str(s): str(s) for s in seats or []}, last_seq=last))
    with op.batch_alter_table("games") as games:
        games.alter_column("users", existing_type=json(), nullable=False)

    with op.batch_alter_table("actions") as actions:
        actions.add_column(sa.Column("user_id", sa.BigInteger(), nullable=True))
        actions.add_column(sa.Column("events", json(), nullable=True))
        actions.add_column(sa.Column("barrier", sa.Boolean(), nullable=False,
                                     server_default=sa.true()))
        actions.add_column(sa.Column("undone", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))

    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("first_seq", sa.Integer(), nullable=True),
        sa.Column("last_seq", sa.Integer(), nullable=True),
        sa.Column("payload", json(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("dm_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("posted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_outbox_game_version", "outbox", ["game_id", "version"])
    op.create_index("ix_outbox_unposted", "outbox", ["posted_at", "game_id"])


def downgrade() -> None:
    op.drop_index("ix_outbox_unposted", "outbox")
    op.drop_index("ix_outbox_game_version", "outbox")
    op.drop_table("outbox")
    with op.batch_alter_table("actions") as actions:
        for name in ("undone", "barrier", "events", "user_id"):
            actions.drop_column(name)
    with op.batch_alter_table("games") as games:
        games.drop_column("last_seq")
        games.drop_column("users")
