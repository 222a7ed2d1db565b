"""The games this process last read or wrote, kept whole so that a move, its panel and its post
need not read them again (docs/dev/service.md, "Games kept in memory").

A record is kept per game at its newest version: every write of this process puts the record it
wrote, and every read puts what it read unless a newer version is kept. A write that reads the
stored row and finds another version forgets the kept one, and so does a write that lost a race.
Writes never trust a kept record blindly: they check its version in the same statement that
writes, so a stale one (written meanwhile by another process) is only planned again. A process
keeps only the games of the shards it owns (bot/shards.py); another process's write to one of them
is told by NOTIFY, and the kept copy forgotten (`TabletopBot.written_elsewhere`).
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from bot.service.records import GameRecord

BOT_SIZE = 128  # the bot's cache: the games played at the same moment on a busy day (~15 KB each)


class GameCache:
    """At most `size` whole records (never light ones), the least recently used dropped first.
    Safe from the database's worker threads (records are built there) and from the loop."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._records: OrderedDict[int, GameRecord] = OrderedDict()
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._records)

    def get(self, game_id: int) -> GameRecord | None:
        if self.size <= 0:
            return None
        with self._guard:
            record = self._records.get(game_id)
            if record is not None:
                self._records.move_to_end(game_id)
            return record

    def put(self, record: GameRecord) -> GameRecord:
        """Keep `record` unless a newer version is kept; the newest of the two."""
        if self.size <= 0:
            return record
        with self._guard:
            held = self._records.get(record.id)
            if held is not None and held.version >= record.version:
                self._records.move_to_end(record.id)
                return held
            self._records[record.id] = record
            self._records.move_to_end(record.id)
            while len(self._records) > self.size:
                self._records.popitem(last=False)
            return record

    def forget(self, game_id: int, unless_version: int | None = None) -> None:
        """Drop the game's record (kept if it is at `unless_version`: the stored one)."""
        with self._guard:
            held = self._records.get(game_id)
            if held is not None and held.version != unless_version:
                del self._records[game_id]

    def records(self) -> list[GameRecord]:
        """Every kept record, least recently used first."""
        with self._guard:
            return list(self._records.values())
