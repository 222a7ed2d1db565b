"""Stored game states whose keys were letters (`jcop`, a task's `t`, `ctx`) are rewritten in words,
by the registered games' state steps named after this revision (bot/migrations/states.py).
The log is left as it is: no renamed key is in an action or an event.

Revision ID: 0009_mali_words
Revises: 0008_africa_words
Create Date: 2026-11-26
"""
from collections.abc import Sequence

from alembic import op

from bot.migrations.states import run_step

revision: str = "0009_mali_words"
down_revision: str | Sequence[str] | None = "0008_africa_words"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    run_step(op.get_bind(), revision)


def downgrade() -> None:
    run_step(op.get_bind(), revision, down=True)
