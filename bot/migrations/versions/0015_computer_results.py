"""results.computers: whether a result's game had computer players (issue #24).

Such a game moves no rating, and the leaderboard leaves it out unless asked. Results stored
before this revision come from games of people only.

Revision ID: 0015_computer_results
Revises: 0012_commands
Create Date: 2026-11-26
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015_computer_results"
down_revision: str | Sequence[str] | None = "0012_commands"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTER TABLE on both databases (see 0007_versions).
    op.add_column("results", sa.Column("computers", sa.Boolean(), nullable=False,
                                       server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("results", "computers")  # SQLite 3.35+ drops a column in place
