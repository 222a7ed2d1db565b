"""actions.command: which log entries one command wrote, so that undo takes back a whole command.

A command or a click that plays several actions (a route walked step by step) logs them in one
write; each of its entries notes the seq of the write's first entry. Entries logged before this
revision have none: each stands alone, as undo treated them then.

Revision ID: 0012_commands
Revises: 0011_maquis_words
Create Date: 2026-11-26
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012_commands"
down_revision: str | Sequence[str] | None = "0011_maquis_words"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTER TABLE on both databases (see 0007_versions: a batch copy of a table would
    # take the rows that point at it along).
    op.add_column("actions", sa.Column("command", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("actions", "command")  # SQLite 3.35+ drops a column in place
