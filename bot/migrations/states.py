"""Stored states rewritten by a game's state step (games/upgrades.py), for the migrations that
change a game's state's shape: each names its step after its own revision and calls `run_step`."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from bot.models import json_type
from games.upgrades import steps_named

BATCH = 100  # rows read and written at a time (a state is ~15 KB)
GAMES = sa.table("games", sa.column("id", sa.Integer()), sa.column("key", sa.String()),
                 sa.column("state", json_type()))


def rewrite(bind: Connection, key: str, change: Callable[[dict[str, Any]], dict[str, Any]],
            batch: int = BATCH) -> int:
    """Rewrite every stored state of the game `key` with `change`, `batch` rows at a time; the
    number of rows rewritten. Tables and games without a state yet are left alone."""
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


def run_step(bind: Connection, name: str, down: bool = False) -> dict[str, int]:
    """Every registered game's step called `name`, up (or down) on its stored states; rows per game."""
    return {key: rewrite(bind, key, step.downgrade if down else step.upgrade)
            for key, step in steps_named(name).items()}
