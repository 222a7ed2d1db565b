"""Is every catalog complete? Every msgid of each template has a Polish and an Italian translation, the
language's plural forms, every form filled, and the same placeholders as the English."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog

from lang.catalog import DOMAINS, LANGUAGES, placeholders, po_path, pot_path, read_catalog

# The Plural-Forms each language must declare (gettext's own, as in the GNU gettext manual).
PLURAL_FORMS = {
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "it": "nplurals=2; plural=(n != 1);",
}


def header_plural_forms(path: Path) -> str:
    """The Plural-Forms line as written in the .po (Babel would put its own in its place)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith('"Plural-Forms:'):
            return line.removeprefix('"Plural-Forms:').removesuffix('"').removesuffix("\\n").strip()
    return ""


def problems(language: str, domain: str, template: Catalog | None = None, po: Path | None = None) -> list[str]:
    """What is wrong with one catalog, one line each (nothing: it is complete)."""
    path = po or po_path(language, domain)
    where = f"{language}/{domain}"
    if not path.exists():
        return [f"{where}: no catalog at {path}"]
    template = template if template is not None else read_catalog(pot_path(domain))
    found: list[str] = []
    forms = header_plural_forms(path)
    if " ".join(forms.split()) != PLURAL_FORMS[language]:
        found.append(f"{where}: Plural-Forms is {forms!r}, not {PLURAL_FORMS[language]!r}")
    nplurals = int(PLURAL_FORMS[language].split(";")[0].split("=")[1])
    catalog = read_catalog(path, locale=language)
    for wanted in template:
        if not wanted.id:
            continue
        key = wanted.id[0] if isinstance(wanted.id, tuple | list) else wanted.id
        label = f"{where}: {key!r}" + (f" (context {wanted.context!r})" if wanted.context else "")
        message = catalog.get(wanted.id, context=wanted.context)
        if message is None or message.fuzzy:
            found.append(f"{label}: {'fuzzy' if message else 'missing'}")
            continue
        english = list(wanted.id) if isinstance(wanted.id, tuple | list) else [wanted.id]
        given = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
        if len(english) > 1 and len(given) != nplurals:
            found.append(f"{label}: {len(given)} plural forms, not {nplurals}")
            continue
        if not all(given):
            found.append(f"{label}: not translated" + (" in every plural form" if len(english) > 1 else ""))
            continue
        names = set().union(*(placeholders(str(e)) for e in english))
        for form in given:
            have = placeholders(str(form))
            # A singular may say "one" instead of {count}; every other placeholder must be there.
            if have != names and not (len(english) > 1 and have | {"count"} == names | {"count"}):
                found.append(f"{label}: placeholders {sorted(have)} in {form!r}, not {sorted(names)}")
    return found


def all_problems() -> list[str]:
    found: list[str] = []
    for domain in DOMAINS:
        template = read_catalog(pot_path(domain))
        for language in LANGUAGES:
            if language != "en":
                found += problems(language, domain, template)
    return found
