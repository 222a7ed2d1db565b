"""Every word a player reads, in English, Polish or Italian (issue #25): gettext catalogs per domain,
read with `texts(language, domain)`, and Babel's formatting of numbers, dates and durations.

A leaf package: it imports nothing of the project, and bot/, cogs/ and renderers/ may all use it.

    tx = lang.texts("pl", "core")
    tx._("Game #{number} started.", number=12)
    tx.n_("{count} player", "{count} players", 3)     # count is a placeholder too
    tx.p_("button", "Join")                            # msgctxt: the same English, another sense
    CHOICES = [lang.N_("no limit"), ...]               # marked for the catalog, translated where read
    AREAS = [lang.NP_("area", "Congo"), ...]           # the same, with a context: tx.p_("area", name)
    FORMS = [lang.NP_("area:in", "Congo"), ...]        # a form a translation asks for: "{area:in}"
    tx.worded(say_p("area", "Congo"))                  # "Kongo", whose "{area:in}" is "w Kongu"
"""

from __future__ import annotations

from lang.catalog import (
    CURRENT,
    DOMAINS,
    LANGUAGES,
    NAMES,
    PSEUDO,
    Texts,
    Worded,
    current,
    here,
    of_discord_locale,
    texts,
    use,
)
from lang.formatting import date, datetime_text, duration, number

__all__ = [
    "CURRENT",
    "DOMAINS",
    "LANGUAGES",
    "NAMES",
    "NP_",
    "N_",
    "PSEUDO",
    "Texts",
    "Worded",
    "current",
    "date",
    "datetime_text",
    "duration",
    "here",
    "number",
    "of_discord_locale",
    "texts",
    "use",
]


def N_(msgid: str) -> str:
    """A text to translate later, at its reader (a module-level constant): returned as it is; the
    extraction (scripts/i18n.sh) finds it."""
    return msgid


def NP_(context: str, msgid: str) -> str:
    """A text with a context (msgctxt) to translate later, at its reader with `p_(context, msgid)`:
    the msgid returned as it is; the extraction (scripts/i18n.sh) finds it with its context."""
    del context
    return msgid
