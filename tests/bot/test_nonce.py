"""The nonces of what the bot tells (bot/presenter.py): at most Discord's 25 characters, the same
for the same thing told, another for anything else."""
from __future__ import annotations

from datetime import UTC, datetime

from bot.presenter import nonce, posts, rows_nonce
from bot.service import OutboxEntry
from localdiscord.limits import MAX_NONCE


def row(id_: int, version: int, *, flush: bool = False, post: str | None = None,
        posted: bool = False) -> OutboxEntry:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return OutboxEntry(id=id_, game_id=7, version=version, first_seq=None, last_seq=None, payload={"flush": flush},
                       created_at=at, dm_at=None, posted_at=at if posted else None, post=post)


def test_rows_nonce_is_short_and_names_the_first_and_last_row() -> None:
    big = 2**63 - 1
    told = rows_nonce("p", 2**31 - 1, [row(big, big), row(big, big)])
    assert len(told) <= MAX_NONCE and told.startswith("p")
    rows = [row(10, 4), row(11, 5), row(12, 6)]
    assert rows_nonce("p", 7, rows) == rows_nonce("p", 7, [row(10, 4), row(12, 6)])  # the same post
    others = {rows_nonce("p", 7, rows[:2]),  # fewer rows
              rows_nonce("p", 7, [row(10, 4), row(12, 9)]),  # SQLite gave a deleted row's id again
              rows_nonce("p", 8, rows), rows_nonce("d", 7, rows)}
    assert rows_nonce("p", 7, rows) not in others and len(others) == 4


def test_nonce_of_parts() -> None:
    assert nonce("r", 7, "s1", None) == nonce("r", 7, "s1", None) != nonce("r", 7, "s2", None)
    assert len(nonce("k", 7, 12, "s1", "has started")) == MAX_NONCE


def test_posts_make_each_begun_post_again_as_it_was_then_the_rest() -> None:
    done = row(1, 1, flush=True, post="pA", posted=True)
    begun = [row(2, 2, post="pB"), row(3, 3, flush=True, post="pB")]
    again = [row(4, 4, flush=True, post="pC")]
    fresh = [row(5, 5), row(6, 6, flush=True)]
    assert posts([done, *begun, *again, *fresh]) == [begun, again, fresh]
    assert posts([*begun, row(5, 5)]) == [begun]  # the rest waits for a row that asks for a post
    assert posts([done]) == [] and posts(fresh) == [fresh]
