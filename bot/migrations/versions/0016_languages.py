"""players.language and the servers table: who reads which language (issue #25).

A player's own language (`/game language`; none: their Discord client's) and a server's (set by its
admins; none: the guild's preferred locale). A table's language is in games.settings.

Revision ID: 0016_languages
Revises: 0015_computer_results
Create Date: 2026-11-26
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016_languages"
down_revision: str | Sequence[str] | None = "0015_computer_results"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("players", sa.Column("language", sa.String(8), nullable=True))
    op.create_table(
        "servers",
        sa.Column("guild_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("language", sa.String(8), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("servers")
    op.drop_column("players", "language")
