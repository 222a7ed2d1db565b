"""The catalogs: lang/locales/<language>/LC_MESSAGES/<domain>.po, compiled in memory at first use
(Babel reads the .po and writes the .mo that gettext reads: nothing compiled is kept that could drift
from the sources). The pseudo-locale is made from the English templates (lang/locales/<domain>.pot)."""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import io
import logging
import string
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "pl", "it")  # a new language: its catalogs, and one entry here and in NAMES
NAMES: Mapping[str, str] = {"en": "English", "pl": "Polski", "it": "Italiano"}
PSEUDO = "pseudo"  # every translated text wrapped in ⟦…⟧ (tests find the texts left untranslated)
DOMAINS: tuple[str, ...] = ("commands", "core", "mali", "africa", "westerplatte", "maquis")
LOCALES = Path(__file__).resolve().parent / "locales"
OPEN, CLOSE = "⟦", "⟧"


def of_discord_locale(locale: object) -> str:
    """The language of a Discord locale (`discord.Locale` or its value: "pl", "it", "en-US"…):
    Polish and Italian are ours, anything else reads English."""
    value = str(getattr(locale, "value", locale) or "").lower()
    base = value.split("-")[0]
    return base if base in LANGUAGES else "en"


def po_path(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def pot_path(domain: str) -> Path:
    return LOCALES / f"{domain}.pot"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def complete(message: Any) -> bool:
    """A translation every form of which is filled, and not marked fuzzy."""
    if message.fuzzy or not message.id:
        return False
    forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return bool(forms) and all(forms)


def pseudo_catalog(domain: str) -> Catalog:
    """The English template with every text wrapped in markers (placeholders stay as they are)."""
    template = read_catalog(pot_path(domain))
    out = Catalog(locale="en", domain=domain)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(f"{OPEN}{form}{CLOSE}" for form in message.id)
            out.add(tuple(message.id), forms, context=message.context)
        else:
            out.add(message.id, f"{OPEN}{message.id}{CLOSE}", context=message.context)
    return out


class Missing(gettext.NullTranslations):
    """Where a catalog has no translation: the English, logged once per (language, domain, msgid)."""

    def __init__(self, language: str, domain: str) -> None:
        super().__init__()
        self.language, self.domain = language, domain
        self.told: set[tuple[str | None, str]] = set()
        self.lock = threading.Lock()

    def tell(self, context: str | None, msgid: str) -> None:
        with self.lock:
            if (context, msgid) in self.told:
                return
            self.told.add((context, msgid))
        log.warning(
            "no %s translation in %s for %r%s: English instead",
            self.language,
            self.domain,
            msgid,
            f" (context {context!r})" if context else "",
        )

    def gettext(self, message: str) -> str:
        self.tell(None, message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.tell(None, msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.tell(context, message)
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.tell(context, msgid1)
        return msgid1 if n == 1 else msgid2


class Compiled(gettext.GNUTranslations):
    """A compiled catalog that can also say whether it holds a text itself (no fallback, no English)."""

    _catalog: dict[Any, str]  # gettext's own: filled from the .mo when it is read

    def entry(self, context: str, msgid: str) -> str | None:
        """The translation of `msgid` under `context`, or None where this catalog has none."""
        found = self._catalog.get(self.CONTEXT % (context, msgid))
        return found if isinstance(found, str) and found else None


def compile_catalog(catalog: Catalog) -> Compiled:
    """The catalog's complete translations as gettext reads them (the .mo, in memory)."""
    for message in list(catalog):
        if message.id and not complete(message):
            catalog.delete(message.id, context=message.context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Compiled(buffer)


@functools.cache
def translations(language: str, domain: str) -> gettext.NullTranslations:
    """A domain's texts in a language; English is the msgids themselves. Made once per process."""
    if domain not in DOMAINS:
        raise ValueError(f"unknown text domain {domain!r}: one of {', '.join(DOMAINS)}")
    if language == "en":
        return gettext.NullTranslations()
    fallback = Missing(language, domain)
    if language == PSEUDO:
        compiled: gettext.NullTranslations = compile_catalog(pseudo_catalog(domain))
    elif language in LANGUAGES and po_path(language, domain).exists():
        compiled = compile_catalog(read_catalog(po_path(language, domain), locale=language))
    else:
        return fallback
    compiled.add_fallback(fallback)
    return compiled


class Worded(str):
    """A value worded for a sentence (an area, "Egipt") that also knows its grammatical forms. As
    it is, and with no format spec, it is the plain wording; a translated sentence asks for a form
    with a spec, `{area:in}` -> "w Egipcie", which is the catalog's entry for the same msgid under
    the context "<ctx>:in" (see `Texts.worded`). A form the catalog lacks (English, a language
    without it) is the plain wording; a spec of str.format's own (`{area:>12}`) formats it."""

    form: Callable[[str], str | None] | None = None

    def __new__(cls, text: str, form: Callable[[str], str | None] | None = None) -> Worded:
        made = super().__new__(cls, text)
        made.form = form
        return made

    def __format__(self, spec: str) -> str:
        plain = str(self)
        if not spec:
            return plain
        if spec.isalpha():
            found = self.form(spec) if self.form is not None else None
            return plain if found is None else found
        return format(plain, spec)

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return str, (str(self),)  # copied or pickled: the plain wording


class Texts:
    """One domain's texts in one language. Placeholders are str.format's, by name: `{player}`; a
    translation may ask a worded value for a grammatical form with a spec: `{area:in}` (`Worded`).
    The methods are gettext's names, which the extraction looks for: `_`, `n_` (plural), `p_` (with
    a context), `np_`."""

    def __init__(self, language: str, domain: str) -> None:
        self.language = language
        self.domain = domain
        self.gettext = translations(language, domain)

    def _(self, msgid: str, /, **params: object) -> str:
        return fill(self.gettext.gettext(msgid), params)

    def n_(self, singular: str, plural: str, count: int, /, **params: object) -> str:
        """The form for `count` (Polish has three); `{count}` is filled with it unless given."""
        params.setdefault("count", count)
        return fill(self.gettext.ngettext(singular, plural, count), params)

    def p_(self, context: str, msgid: str, /, **params: object) -> str:
        return fill(self.gettext.pgettext(context, msgid), params)

    def np_(self, context: str, singular: str, plural: str, count: int, /, **params: object) -> str:
        params.setdefault("count", count)
        return fill(self.gettext.npgettext(context, singular, plural, count), params)

    def say(self, words: object) -> str:
        """Words an engine made without a language (games.base `say`, `say_n`, `say_p`: {"msg",
        "args", "plural", "n", "ctx"}), in this language; their Say values too, lists joined with
        ", ". Any other value (a name, a number, an English text from older code) as it is."""
        if isinstance(words, list | tuple):
            return ", ".join(self.say(w) for w in words)
        if not (isinstance(words, Mapping) and isinstance(words.get("msg"), str)):
            return str(words)
        args = self.args(words)
        context = words.get("ctx")
        if "plural" in words:
            n = int(words["n"])
            if context:
                return self.np_(context, words["msg"], words["plural"], n, **args)
            return self.n_(words["msg"], words["plural"], n, **args)
        if context:
            return self.p_(context, words["msg"], **args)
        return self._(words["msg"], **args)

    def args(self, words: Mapping[str, Any]) -> dict[str, object]:
        """A Say's values as its sentence gets them: a Say worded (`worded`), a list joined."""
        return {k: self.worded(v) if isinstance(v, Mapping) else self.say(v) if isinstance(v, list | tuple) else v
                for k, v in (words.get("args") or {}).items()}

    def worded(self, words: object) -> str:
        """`say(words)` as a value for a sentence: a Say with a context (an area: `say_p("area",
        "Egypt")`) is a `Worded`, "Egipt", whose form `{area:in}` in a translation is this catalog's
        entry for "Egypt" under the context "area:in" ("w Egipcie"), filled like the Say."""
        plain = self.say(words)
        if not (isinstance(words, Mapping) and isinstance(words.get("msg"), str) and isinstance(words.get("ctx"), str)
                and "plural" not in words):
            return plain
        context, msgid = str(words["ctx"]), str(words["msg"])

        def form(spec: str) -> str | None:
            found = self.entry(f"{context}:{spec}", msgid)
            return None if found is None else fill(found, self.args(words))

        return Worded(plain, form)

    def entry(self, context: str, msgid: str) -> str | None:
        """This language's own translation of `msgid` under `context`, or None where it has none
        (English has none: its texts are the msgids)."""
        return self.gettext.entry(context, msgid) if isinstance(self.gettext, Compiled) else None

    def number(self, value: float) -> str:
        from lang.formatting import number

        return number(value, self.language)


class Lenient(string.Formatter):
    """str.format's filling, but a word-like spec that a value does not understand is left out: a
    form asked of a plain value ("{area:in}" filled with "Kongo", a name, an English text stored by
    an older game) gives the value as it is. A spec the value knows (`{x:.1f}`, a `Worded`'s form)
    works as ever."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        try:
            return format(value, format_spec)
        except (ValueError, TypeError):
            if format_spec.isalpha():
                return format(value, "")
            raise


LENIENT = Lenient()


def fill(text: str, params: Mapping[str, object]) -> str:
    """`text` with its named placeholders filled; a text without any is returned whole (braces too).
    Never fails: a spec a value does not understand is left out (`Lenient`), a text that cannot be
    filled at all is logged and returned as it is."""
    if not params and "{" not in text:
        return text
    try:
        return text.format_map(params)
    except (ValueError, TypeError):
        pass  # a spec that a value does not understand: filled again, leniently
    except (KeyError, IndexError) as exc:
        log.error("text %r could not be filled with %s: %s", text, sorted(params), exc)
        return text
    try:
        return LENIENT.vformat(text, (), params)
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        log.error("text %r could not be filled with %s: %s", text, sorted(params), exc)
        return text


def placeholders(text: str) -> set[str]:
    """The named placeholders of a text: {"player", "count"} for "{player} has {count} cards"."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return {"<malformed>"}


@functools.cache
def texts(language: str, domain: str) -> Texts:
    """The texts of `domain` ("core", "mali", …) in `language` ("en", "pl", "it" or "pseudo")."""
    return Texts(language, domain)


# The language of what is being worded now (Django's "active language"): set where the reader is
# known (an interaction: its reader's; a delivery: the table's) with `use`, read deep inside a
# game's presentation with `here`, so that no signature between bot/ and a game's cog changes.
# A ContextVar: each asyncio task and thread has its own.
CURRENT: contextvars.ContextVar[str] = contextvars.ContextVar("language", default="en")


@contextlib.contextmanager
def use(language: str) -> Iterator[str]:
    """Word everything within in `language` (then the language before it again)."""
    token = CURRENT.set(language if language in LANGUAGES or language == PSEUDO else "en")
    try:
        yield CURRENT.get()
    finally:
        CURRENT.reset(token)


def current() -> str:
    """The language set by the innermost `use` (English when none is)."""
    return CURRENT.get()


def here(domain: str) -> Texts:
    """`domain`'s texts in the current language (see `use`)."""
    return texts(CURRENT.get(), domain)
