"""`/game list` for a busy server: the caller's games first (those waiting on them at the top),
then the open tables, then the rest, in pages that fit a Discord message."""

from __future__ import annotations

from typing import TYPE_CHECKING

import lang
from bot.service.errors import title
from bot.texts import fit
from cogs.panel import waiting_on

if TYPE_CHECKING:
    from bot.service import GameRecord

PAGE_CHARS = 1400  # a page's lines: its head, its footer and three finished games fit in the rest
PAGE_LINES = 20
LINE_CHARS = 300


def ordered(records: list[GameRecord], user_id: int) -> list[GameRecord]:
    """The caller's games (waiting on them first), then the open tables, then the rest; newest
    first within each."""
    me = str(user_id)

    def rank(r: GameRecord) -> tuple[int, float, int]:
        seat = r.seat_of(me)
        if seat is not None:
            group = 0 if r.status == "running" and seat in r.to_act else 1
        else:
            group = 2 if r.status == "open" else 3
        return group, -r.updated_at.timestamp(), -r.id

    return sorted(records, key=rank)


def line(record: GameRecord, user_id: int) -> str:
    tx = lang.here("core")
    where = f"<#{record.where}>"
    mine = " · " + tx._("**yours**") if record.seat_of(str(user_id)) is not None else ""
    if record.status == "open":
        text = tx.n_("#{number} **{game}** · open table in {channel} · {count} seated",
                     "#{number} **{game}** · open table in {channel} · {count} seated", len(record.seats),
                     number=record.id, game=title(record.game), channel=where) + mine
    else:
        text = f"#{record.id} **{title(record.game)}** · {where}{mine} · {waiting_on(record)}"
    return fit(text, LINE_CHARS)


def pages(lines: list[str]) -> list[list[str]]:
    """The lines in pages of at most PAGE_LINES lines and PAGE_CHARS characters."""
    out: list[list[str]] = []
    page: list[str] = []
    size = 0
    for text in lines:
        if page and (len(page) == PAGE_LINES or size + len(text) + 1 > PAGE_CHARS):
            out.append(page)
            page, size = [], 0
        page.append(text)
        size += len(text) + 1
    if page:
        out.append(page)
    return out


def listing(records: list[GameRecord], user_id: int, number: int) -> tuple[list[str], str]:
    """Page `number` (from 1) of the server's games, and what follows it ("" on the last page);
    a page past the end says how many there are."""
    tx = lang.here("core")
    shown = pages([line(r, user_id) for r in ordered(records, user_id)])
    if number > len(shown):
        return [tx.n_("There is only {count} page of games: page {page} is empty.",
                      "There are only {count} pages of games: page {page} is empty.", len(shown), page=number)], ""
    page = shown[number - 1]
    after = sum(len(p) for p in shown[number:])
    more = tx.n_("… and {count} more: `/game list page:{page}`.", "… and {count} more: `/game list page:{page}`.",
                 after, page=number + 1) if after else ""
    head = tx._("Page {page} of {pages}:", page=number, pages=len(shown)) if len(shown) > 1 else ""
    return ([head] if head else []) + page, more
