"""What list paths need without a game's state: games.waiting (the seats that owe an action) and
games.result (the public outcome of a finished game), and an index for a server's games by status.

Rows stored before this revision get both from their state at the bot's next start
(`GameService.backfill`), off the event loop.

Revision ID: 0006_waiting
Revises: 0005_due
Create Date: 2026-11-23
"""
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0006_waiting"
down_revision: str | Sequence[str] | None = "0005_due"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _json() -> sa.types.TypeEngine[Any]:
    return sa.JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("waiting", _json(), nullable=True))
        games.add_column(sa.Column("result", _json(), nullable=True))
    op.create_index("ix_games_guild_status", "games", ["guild_id", "status", "updated_at"])


def downgrade() -> None:
    op.drop_index("ix_games_guild_status", "games")
    with op.batch_alter_table("games") as games:
        games.drop_column("result")
        games.drop_column("waiting")
