"""players.discord_language: the language of a player's Discord app when last seen (issue #25).

Every interaction carries the user's Discord locale; the bot keeps its language (en, pl or it:
any other locale reads English) so that a DM sent with no interaction (a turn's reminder, a secret
dealt at the start) is in it when the player chose no language with `/game language`. Rows stored
before this revision have none until the player's next interaction: their DMs follow the table.

Revision ID: 0018_discord_language
Revises: 0017_outbox_posts
Create Date: 2026-11-26
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018_discord_language"
down_revision: str | Sequence[str] | None = "0017_outbox_posts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("players", sa.Column("discord_language", sa.String(8), nullable=True))


def downgrade() -> None:
    op.drop_column("players", "discord_language")  # SQLite 3.35+ drops a column in place
