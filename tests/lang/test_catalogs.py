"""The catalogs (issue #25): complete in Polish and Italian, checked the way a wrong one would fail,
and read the way the bot reads them (plural forms, pseudo-locale, English for what is missing)."""

from __future__ import annotations

import datetime as dt
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

import lang
from lang import catalog, check

ROOT = Path(__file__).resolve().parents[2]
POLISH = check.PLURAL_FORMS["pl"]
TEMPLATE = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"

msgid "Join"
msgstr ""

msgid "{player} opened a table."
msgstr ""

msgid "{count} player"
msgid_plural "{count} players"
msgstr[0] ""
msgstr[1] ""
"""


def po(plural_forms: str, body: str) -> str:
    header = '"Content-Type: text/plain; charset=utf-8\\n"\n' + f'"Plural-Forms: {plural_forms}\\n"\n'
    return f'msgid ""\nmsgstr ""\n{header}\n{body}'


GOOD_PL = po(
    POLISH,
    """msgid "Join"
msgstr "Dołącz"

msgid "{player} opened a table."
msgstr "{player} otwiera stół."

msgid "{count} player"
msgid_plural "{count} players"
msgstr[0] "{count} gracz"
msgstr[1] "{count} graczy"
msgstr[2] "{count} graczy"
""",
)


def doctored(tmp_path: Path, text: str) -> tuple[Catalog, Path]:
    (tmp_path / "t.pot").write_text(TEMPLATE, encoding="utf-8")
    (tmp_path / "pl.po").write_text(text, encoding="utf-8")
    return catalog.read_catalog(tmp_path / "t.pot"), tmp_path / "pl.po"


def test_every_catalog_is_complete() -> None:
    """Every msgid of every template has a Polish and an Italian translation, with the language's plural
    forms, every form filled and the English placeholders (what `scripts/i18n.sh check` says)."""
    assert check.all_problems() == []
    for domain in lang.DOMAINS:
        assert catalog.pot_path(domain).exists(), domain
    assert len(catalog.read_catalog(catalog.pot_path("commands"))) > 300  # the whole command tree


def test_the_templates_are_what_the_code_says() -> None:
    """A text written in the code (or a command, option or choice) and not extracted fails: the
    completeness test would not see it. `scripts/i18n.sh check` extracts afresh and compares."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "i18n.py"), "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every catalog is complete and up to date" in done.stdout


def test_a_good_doctored_catalog_passes(tmp_path: Path) -> None:
    template, path = doctored(tmp_path, GOOD_PL)
    assert check.problems("pl", "t", template, path) == []


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (('msgstr "Dołącz"', 'msgstr ""'), "'Join': not translated"),
        (('msgid "Join"\nmsgstr "Dołącz"\n', ""), "'Join': missing"),
        (('msgstr "{player} otwiera stół."', 'msgstr "{gracz} otwiera stół."'), "placeholders ['gracz']"),
        (('msgstr[2] "{count} graczy"\n', ""), "not translated in every plural form"),  # Babel pads the forms
        (('msgstr[2] "{count} graczy"', 'msgstr[2] ""'), "not translated in every plural form"),
        ((POLISH, "nplurals=2; plural=(n != 1);"), "Plural-Forms is"),
        (('msgid "Join"\nmsgstr "Dołącz"', '#, fuzzy\nmsgid "Join"\nmsgstr "Dołącz"'), "'Join': fuzzy"),
    ],
)
def test_a_missing_or_wrong_translation_fails(tmp_path: Path, change: tuple[str, str], found: str) -> None:
    old, new = change
    assert old in GOOD_PL
    template, path = doctored(tmp_path, GOOD_PL.replace(old, new))
    said = check.problems("pl", "t", template, path)
    assert any(found in line for line in said), said


def test_polish_has_three_plural_forms(tmp_path: Path) -> None:
    _, path = doctored(tmp_path, GOOD_PL.replace('msgstr[1] "{count} graczy"', 'msgstr[1] "{count} gracze"'))
    compiled = catalog.compile_catalog(catalog.read_catalog(path, locale="pl"))
    said = {n: compiled.ngettext("{count} player", "{count} players", n) for n in (1, 2, 4, 5, 12, 22, 25, 112)}
    assert said == {
        1: "{count} gracz",
        2: "{count} gracze",
        4: "{count} gracze",
        5: "{count} graczy",
        12: "{count} graczy",
        22: "{count} gracze",
        25: "{count} graczy",
        112: "{count} graczy",
    }


def test_the_real_polish_catalog_picks_its_plural_form() -> None:
    pl = lang.texts("pl", "core")
    assert pl.n_("{count} h per move, {then}", "{count} h per move, {then}", 24, then="…") == "24 godz. na ruch, …"
    assert pl.gettext.ngettext("{count} h per move, {then}", "{count} h per move, {then}", 5) != ""


def test_texts_fill_placeholders_and_plurals() -> None:
    en = lang.texts("en", "core")
    assert en._("{player} opened a table.", player="Ala") == "Ala opened a table."
    assert en.n_("{count} player", "{count} players", 1) == "1 player"
    assert en.n_("{count} player", "{count} players", 3) == "3 players"
    assert en.p_("button", "Join") == "Join"
    assert en._("Braces {stay} when nothing is given") == "Braces {stay} when nothing is given"


def test_the_command_tree_reads_polish_and_italian() -> None:
    assert lang.texts("pl", "commands").p_("name", "new") == "nowa"
    assert lang.texts("it", "commands").p_("name", "new") == "nuova"
    assert lang.texts("pl", "commands")._("Which game") == "Która gra"


def test_the_pseudo_locale_marks_every_translated_text() -> None:
    pseudo = lang.texts(lang.PSEUDO, "commands")
    assert pseudo._("Which game") == "⟦Which game⟧"
    assert pseudo.p_("name", "new") == "⟦new⟧"
    core = lang.texts(lang.PSEUDO, "core")
    assert core._("I will speak to you in {language}.", language="Polski") == "⟦I will speak to you in Polski.⟧"


def test_a_missing_translation_is_english_and_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="lang.catalog")
    missing = "A text no catalog has, for this test only ({n})"
    for language in ("pl", "pl", "it", lang.PSEUDO):
        assert lang.texts(language, "core")._(missing, n=2) == "A text no catalog has, for this test only (2)"
    told = [r.getMessage() for r in caplog.records if "for this test only" in r.getMessage()]
    assert len(told) == 3, told  # once per (language, domain, msgid): pl, it, pseudo
    assert any("no pl translation in core" in line for line in told)
    caplog.clear()
    assert lang.texts("pl", "core").n_("{count} lost text", "{count} lost texts", 5) == "5 lost texts"
    assert lang.texts("pl", "core").p_("context", "Another lost text") == "Another lost text"
    assert len(caplog.records) == 2


def test_an_unknown_domain_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown text domain"):
        lang.texts("pl", "chess")


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("pl", "pl"),
        ("it", "it"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", "en"),
        ("pt-BR", "en"),
        (None, "en"),
        ("", "en"),
    ],
)
def test_discord_locales(locale: str | None, language: str) -> None:
    assert lang.of_discord_locale(locale) == language


def test_discord_locale_enums() -> None:
    import discord

    assert lang.of_discord_locale(discord.Locale.polish) == "pl"
    assert lang.of_discord_locale(discord.Locale.italian) == "it"
    assert lang.of_discord_locale(discord.Locale.french) == "en"


def test_numbers_dates_and_durations_per_language() -> None:
    assert [lang.number(12345.5, x) for x in lang.LANGUAGES] == ["12,345.5", "12\xa0345,5", "12.345,5"]
    day = dt.date(2026, 11, 26)
    assert [lang.date(day, x) for x in lang.LANGUAGES] == ["Nov 26, 2026", "26 lis 2026", "26 nov 2026"]
    two = dt.timedelta(days=2)
    assert [lang.duration(two, x) for x in lang.LANGUAGES] == ["2 days", "2 dni", "2 giorni"]
    assert lang.duration(dt.timedelta(days=5), "pl") == "5 dni"
    assert lang.duration(dt.timedelta(hours=3), "pl") == "3 godziny"
