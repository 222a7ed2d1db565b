"""Stored game states whose keys were letters (`wh`, `sv`, `res`...) are rewritten in words.

The rewrite belongs to the games: every registered game that has a state step named after this
revision (games/upgrades.py) gets its stored states (games.state, by games.key) rewritten by it,
in batches of rows; downgrade runs the step back. The log (actions.action, actions.events) is
left as it is: no renamed key is in an action or an event.

Revision ID: 0008_africa_words
Revises: 0007_versions
Create Date: 2026-11-26
"""
from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Connection

from games.upgrades import steps_named

revision: str = "0008_africa_words"
down_revision: str | Sequence[str] | None = "0006_waiting"  # TEMPORARY: "0007_versions" at merge
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 100  # rows read and written at a time (a state is ~15 KB)


def _json() -> sa.types.TypeEngine[Any]:
    return sa.JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")


GAMES = sa.table("games", sa.column("id", sa.Integer()), sa.column("key", sa.String()),
                 sa.column("state", _json()))


def rewrite(bind: Connection, key: str, change: Callable[[dict[str, Any]], dict[str, Any]],
            batch: int = BATCH) -> int:
    """Rewrite every stored state of the game `key` with `change`; the number of rows."""
    write = (sa.update(GAMES).where(GAMES.c.id == sa.bindparam("row_id"))
             .values(state=sa.bindparam("new_state")))
    done, last = 0, 0
    while True:
        rows = bind.execute(
            sa.select(GAMES.c.id, GAMES.c.state)
            .where(GAMES.c.key == key, GAMES.c.id > last, GAMES.c.state.is_not(None))
            .order_by(GAMES.c.id).limit(batch)).all()
        if not rows:
            return done
        bind.execute(write, [{"row_id": row_id, "new_state": change(state)} for row_id, state in rows])
        done += len(rows)
        last = rows[-1][0]


def upgrade() -> None:
    for key, step in steps_named(revision).items():
        rewrite(op.get_bind(), key, step.upgrade)


def downgrade() -> None:
    for key, step in steps_named(revision).items():
        rewrite(op.get_bind(), key, step.downgrade)
