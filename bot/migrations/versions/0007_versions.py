"""games.state_version: the game's own version, apart from the row's write version, and indexes
that find a channel's or a thread's games directly.

`version` counts every write of the row (a move, and bookkeeping too: a reminder marked, the
table message or thread recorded); `state_version` counts only the writes a player can see (the
state, the seats, the status...), so a panel built at one stays good through bookkeeping. Rows
start with state_version = version, so panels already shown stay good after the upgrade.

Finding the game in a channel (`guild_id`, active, `channel_id` or `thread_id`) scanned a
server's active games on SQLite (it took the guild/status index): (channel_id, status) and
(thread_id, status) serve each half of it. (guild_id, channel_id) and (thread_id) are dropped.

Revision ID: 0007_versions
Revises: 0006_waiting
Create Date: 2026-11-26
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_versions"
down_revision: str | Sequence[str] | None = "0006_waiting"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTER TABLE on both databases: SQLite's batch mode would copy `games` into a new table
    # and drop the old one, and with foreign keys on that drop deletes every game's log and posts.
    op.add_column("games", sa.Column("state_version", sa.Integer(), nullable=False, server_default="0"))
    op.execute("UPDATE games SET state_version = version")
    op.drop_index("ix_games_channel", "games")
    op.drop_index("ix_games_thread", "games")
    op.create_index("ix_games_channel_status", "games", ["channel_id", "status"])
    op.create_index("ix_games_thread_status", "games", ["thread_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_games_thread_status", "games")
    op.drop_index("ix_games_channel_status", "games")
    op.create_index("ix_games_thread", "games", ["thread_id"])
    op.create_index("ix_games_channel", "games", ["guild_id", "channel_id"])
    op.drop_column("games", "state_version")  # SQLite 3.35+ drops a column in place (see upgrade)
