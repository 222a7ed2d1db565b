"""Numbers, dates and durations as each language writes them (Babel's CLDR data)."""

from __future__ import annotations

import datetime as dt

from babel import dates, numbers

BABEL_LOCALES = {"en": "en", "pl": "pl", "it": "it", "pseudo": "en"}


def locale_of(language: str) -> str:
    return BABEL_LOCALES.get(language, "en")


def number(value: float, language: str) -> str:
    """1234.5 -> "1,234.5" (en), "1234,5" (pl: groups from five digits), "1.234,5" (it)."""
    return numbers.format_decimal(value, locale=locale_of(language))


def date(value: dt.date, language: str) -> str:
    """26 Nov 2026 as "Nov 26, 2026", "26 lis 2026", "26 nov 2026"."""
    return dates.format_date(value, format="medium", locale=locale_of(language))


def datetime_text(value: dt.datetime, language: str) -> str:
    return dates.format_datetime(value, format="short", locale=locale_of(language))


def duration(value: dt.timedelta, language: str) -> str:
    """A time span in words, rounded to its largest unit: "2 days", "2 dni", "2 giorni"."""
    return dates.format_timedelta(value, threshold=1, locale=locale_of(language))
