"""outbox.post: the nonce of the channel post that tells the row, written before that post is sent
(issue #23: exactly once across a takeover); messages.token and token_at: a panel shown through an
interaction by a process that does not own its game, so that the owner closes it.

A delivery sent again after a kill repeats exactly that post (the same rows, the same nonce:
Discord gives back the message already made) before it posts the rows added since. Rows stored
before this revision have none: they are posted as they were.

Revision ID: 0017_outbox_posts
Revises: 0016_languages
Create Date: 2026-11-26
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017_outbox_posts"
down_revision: str | Sequence[str] | None = "0016_languages"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTER TABLE on both databases (see 0007_versions).
    op.add_column("outbox", sa.Column("post", sa.String(25), nullable=True))
    op.add_column("messages", sa.Column("token", sa.Text(), nullable=True))
    op.add_column("messages", sa.Column("token_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("messages", "token_at")  # SQLite 3.35+ drops a column in place
    op.drop_column("messages", "token")
    op.drop_column("outbox", "post")
