"""The process's memory: glibc's allocator told to hold less of what Python has freed.

Large objects (a game's JSON, a drawing) come from glibc's malloc, which gives each thread that
allocates its own arena and keeps freed memory for reuse. With the database threads, a bot that
had answered a burst of moves kept some 15 MB more than it needed. Nothing here changes behaviour;
on another C library these do nothing."""
from __future__ import annotations

import ctypes
import gc

M_ARENA_MAX = -8  # mallopt's parameter (malloc.h)
ARENAS = 2

_libc: ctypes.CDLL | None
try:
    _libc = ctypes.CDLL("libc.so.6")
    _libc.malloc_trim, _libc.mallopt  # noqa: B018 - glibc has both
except (OSError, AttributeError):  # not glibc
    _libc = None


def limit_arenas(arenas: int = ARENAS) -> None:
    """At most `arenas` malloc arenas for the process's threads (as MALLOC_ARENA_MAX would)."""
    if _libc is not None:
        _libc.mallopt(M_ARENA_MAX, arenas)


def trim() -> None:
    """Hand memory that the process has freed back to the system."""
    if _libc is not None:
        _libc.malloc_trim(0)


_frozen = False


def freeze_startup() -> None:
    """Once a process, when the bot is ready: every object alive then (modules, game data, the
    caches built at start) leaves the garbage collector's watch. A full collection walks only what
    came later: it had stalled the event loop for 200 ms at a time on a 2-core machine."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()
