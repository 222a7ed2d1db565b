"""The rules pages' translations (docs/rules/<game>.<lang>.md) keep their English page's shape,
are really translated, and the README links every one that exists, in its game's paragraph."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
GAMES = {
    "mali": "Mali Powstańcy. Warszawa 1944",
    "africa": "Heart of Africa",
    "westerplatte": "7 Days of Westerplatte",
    "maquis": "Maquis",
}
LANGUAGES = {"pl": "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ", "it": "àèéìòùÈ"}
TRANSLATIONS = [(game, lang) for game in GAMES for lang in LANGUAGES if (RULES / f"{game}.{lang}.md").exists()]
LINK = re.compile(r"\]\((docs/rules/[^)\s]+\.md)\)")


def body_lines(text: str) -> list[str]:
    """The page's lines outside fenced code blocks."""
    lines: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def heading_levels(text: str) -> list[int]:
    levels: list[int] = []
    for line in body_lines(text):
        match = re.match(r"(#{1,6}) \S", line)
        if match:
            levels.append(len(match.group(1)))
    return levels


def table_rows(text: str) -> int:
    return sum(1 for line in body_lines(text) if line.lstrip().startswith("|"))


def prose(text: str) -> set[str]:
    """Long lines of running text (not headings, tables or code), for spotting untranslated copy."""
    return {
        line.strip()
        for line in body_lines(text)
        if len(re.sub(r"`[^`]*`", "", line).strip()) > 40 and not line.lstrip().startswith(("|", "#"))
    }


def readme_section(readme: str, title: str) -> str:
    """The text of the README's `### <title>` section, up to the next heading."""
    match = re.search(rf"^### {re.escape(title)}\n(.*?)(?=^#)", readme, re.DOTALL | re.MULTILINE)
    assert match, f"README has no '### {title}' section"
    return match.group(1)


def test_the_helpers_see_headings_rows_and_fences() -> None:
    text = "# A\n\n## B\n```\n# not a heading\n| not a row |\n```\n| x |\n|---|\n### C\n#D\n"
    assert heading_levels(text) == [1, 2, 3]
    assert table_rows(text) == 2
    assert prose("a" * 41 + "\n| " + "b" * 50 + "\n`" + "c" * 50 + "` d\n") == {"a" * 41}


def test_there_is_at_least_one_translation() -> None:
    assert TRANSLATIONS, "no docs/rules/<game>.<pl|it>.md exists"


@pytest.mark.parametrize(("game", "lang"), TRANSLATIONS)
def test_a_translation_keeps_the_english_headings_and_tables(game: str, lang: str) -> None:
    english = (RULES / f"{game}.md").read_text(encoding="utf-8")
    translated = (RULES / f"{game}.{lang}.md").read_text(encoding="utf-8")
    assert heading_levels(translated) == heading_levels(english)
    assert table_rows(translated) == table_rows(english)


@pytest.mark.parametrize(("game", "lang"), TRANSLATIONS)
def test_a_translation_is_translated(game: str, lang: str) -> None:
    english = (RULES / f"{game}.md").read_text(encoding="utf-8")
    translated = (RULES / f"{game}.{lang}.md").read_text(encoding="utf-8")
    copied = prose(english) & prose(translated)
    assert not copied, f"lines left in English: {sorted(copied)[:3]}"
    letters = sum(translated.count(letter) for letter in LANGUAGES[lang])
    assert letters >= 20, f"only {letters} letters of the language's own in {game}.{lang}.md"


def test_the_readme_links_every_translation_in_its_games_paragraph() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game, title in GAMES.items():
        section = readme_section(readme, title)
        linked = set(LINK.findall(section))
        for lang in LANGUAGES:
            page = f"docs/rules/{game}.{lang}.md"
            if (ROOT / page).exists():
                assert page in linked, f"the README's {title} paragraph does not link {page}"


def test_every_rules_page_the_readme_links_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in LINK.findall(readme):
        assert (ROOT / page).exists(), f"the README links {page}, which does not exist"


def test_the_glossary_gives_every_games_terms_in_three_languages_with_a_source() -> None:
    glossary = (RULES / "glossary.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", glossary, re.MULTILINE)
    assert set(GAMES.values()) <= set(headings)
    rows = [line for line in body_lines(glossary) if line.startswith("|")]
    assert len(rows) > 4 * 40
    for row in rows:
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        assert len(cells) == 4 and all(cells), f"a glossary row needs English, Polski, Italiano, source: {row}"
