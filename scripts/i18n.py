"""The catalogs' upkeep (run through scripts/i18n.sh):

extract  write each domain's template, lang/locales/<domain>.pot, from the code (pybabel extract
         with lang/babel.cfg) and, for `commands`, from the slash command tree itself
update   bring every lang/locales/<language>/LC_MESSAGES/<domain>.po up to its template (new texts
         come in untranslated, changed ones fuzzy); a missing catalog is created
check    say what is missing or wrong, and whether a template is older than the code (exit 1 if
         anything is): what tests/lang checks too
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402

from lang import catalog, check  # noqa: E402

# Where each domain's texts are written (the `commands` domain is read from the command tree).
SOURCES: dict[str, list[str]] = {
    "core": [
        "games/base.py",
        "bot",
        "cogs/lobby.py",
        "cogs/common.py",
        "cogs/panel.py",
        "cogs/gamecog.py",
        "cogs/listing.py",
        "renderers/common.py",
        "renderers/crop.py",
    ],
    "mali": ["games/mali", "cogs/mali", "renderers/mali"],
    "africa": ["games/africa", "cogs/africa", "renderers/africa"],
    "westerplatte": ["games/westerplatte", "cogs/westerplatte", "renderers/westerplatte"],
    "maquis": ["games/maquis", "cogs/maquis", "renderers/maquis"],
}
# lang.Texts's methods, lang.N_ and lang.NP_; the engines' games.base say, say_n, say_p (words made without a
# language).
KEYWORDS = ["_", "n_:1,2", "p_:1c,2", "np_:1c,2,3", "N_", "NP_:1c,2", "say", "say_n:1,2", "say_p:1c,2"]
HEADER = "Tabletop Resistance"


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "--quiet", *args], cwd=ROOT, check=True)


def extract_code(domain: str, out: Path) -> None:
    paths = [p for p in SOURCES[domain] if (ROOT / p).exists()]
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    # Sorted by text, each with its file but no line number: an edit elsewhere in a file moves nothing.
    pybabel(
        "extract",
        "-F",
        "lang/babel.cfg",
        "--no-default-keywords",
        *keywords,
        "--sort-output",
        "--add-location=file",
        "--project",
        HEADER,
        "--no-wrap",
        "-o",
        str(out),
        *paths,
    )


async def command_payloads() -> list[dict[str, Any]]:
    """The slash commands as the bot declares them (every cog loaded, nothing started)."""
    from bot.app import TabletopBot, extensions
    from bot.config import Settings

    bot = TabletopBot(Settings(_env_file=None, token="", database_url="sqlite+aiosqlite:///:memory:"))  # type: ignore[call-arg]
    bot.presenter = _NoPresenter()  # type: ignore[assignment]
    for name in extensions():
        await bot.load_extension(name)
    return [c.to_dict(bot.tree) for c in bot.tree.get_commands()]


class _NoPresenter:
    """The lobby hands the presenter its table controls: nothing posts while the tree is read."""

    def use_controls(self, _controls: object) -> None:
        return None


def extract_commands(out: Path) -> None:
    from bot.translator import tree_texts

    template = Catalog(project=HEADER, domain="commands")
    for context, text in tree_texts(asyncio.run(command_payloads())):
        template.add(text, context=context)
    with out.open("wb") as f:
        write_po(f, template, width=0, sort_output=True)


def extract_all(folder: Path) -> dict[str, Path]:
    """Every domain's template, made afresh in `folder`."""
    made = {domain: folder / f"{domain}.pot" for domain in catalog.DOMAINS}
    for domain in SOURCES:
        extract_code(domain, made[domain])
    extract_commands(made["commands"])
    return made


def texts_of(path: Path) -> list[str]:
    """A template's lines but its date: what tells whether its texts changed."""
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return [line for line in lines if not line.startswith('"POT-Creation-Date:')]


def extract() -> None:
    """Write a template only when its texts changed (not its date): helpers working on other domains,
    or on code only, never touch the same catalog file."""
    with tempfile.TemporaryDirectory() as tmp:
        for domain, made in extract_all(Path(tmp)).items():
            if texts_of(made) != texts_of(catalog.pot_path(domain)):
                made.replace(catalog.pot_path(domain))


def stale() -> list[str]:
    """The templates that differ from what the code says now."""
    found: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for domain, made in extract_all(Path(tmp)).items():
            fresh = {(m.context, str(m.id)) for m in catalog.read_catalog(made) if m.id}
            kept = {(m.context, str(m.id)) for m in catalog.read_catalog(catalog.pot_path(domain)) if m.id}
            if fresh != kept:
                new, gone = sorted(fresh - kept, key=str), sorted(kept - fresh, key=str)
                found.append(
                    f"{domain}.pot is out of date (run scripts/i18n.sh extract, then update): "
                    f"{len(new)} new text(s) {new[:3]}, {len(gone)} gone {gone[:3]}"
                )
    return found


def update() -> None:
    for domain in catalog.DOMAINS:
        for language in catalog.LANGUAGES[1:]:
            po = catalog.po_path(language, domain)
            args = [
                "-D",
                domain,
                "-i",
                str(catalog.pot_path(domain)),
                "-d",
                str(catalog.LOCALES),
                "-l",
                language,
                "--no-wrap",
            ]
            if po.exists():
                pybabel("update", *args, "--ignore-obsolete", "--ignore-pot-creation-date")
            else:
                pybabel("init", *args)


def main(argv: list[str]) -> int:
    what = argv[0] if argv else ""
    if what == "extract":
        extract()
    elif what == "update":
        update()
    elif what == "check":
        found = stale() + check.all_problems()
        print("\n".join(found) or "every catalog is complete and up to date")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
