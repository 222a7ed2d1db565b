"""Stored game states whose keys were letters (`wh`, `sv`, `res`...) are rewritten in words.

The rewrite belongs to the games: every registered game with a state step named after this
revision (games/upgrades.py) gets its stored states (games.state, by games.key) rewritten by it,
in batches of rows (bot/migrations/states.py); downgrade runs the step back. The log (actions.action,
actions.events) is left as it is: no renamed key is in an action or an event.

Revision ID: 0008_africa_words
Revises: 0007_versions
Create Date: 2026-11-26
"""
from collections.abc import Sequence

from alembic import op

from bot.migrations.states import run_step

revision: str = "0008_africa_words"
down_revision: str | Sequence[str] | None = "0007_versions"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    run_step(op.get_bind(), revision)


def downgrade() -> None:
    run_step(op.get_bind(), revision, down=True)
