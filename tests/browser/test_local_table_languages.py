"""The local table in the browser's language: a Polish browser (its Accept-Language) reads the page's
own words in Polish, and the bot answers that player in Polish (the page tells the simulator its
Discord app speaks it); `?lang=it` makes a tab Italian whatever the browser speaks.

Skipped, saying why, where no Chromium (or Selenium) is installed.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import lang
from tests.browser.table import Table, browser_refusal, local_table

PLAYERS = {"alice", "bob", "carol", "dave"}  # the local server's people: names, not words
pytestmark = pytest.mark.skipif(browser_refusal() is not None, reason=browser_refusal() or "")

OWN_WORDS = """
    const words = WORDS[LANG] || {};
    // the heading shows the server's own name once loaded: no word of the page's
    const shown = [...document.querySelectorAll("[data-t]:not(#guild-name)")].map((n) => n.textContent.trim());
    for (const n of document.querySelectorAll("[data-t-attr]")) {
      for (const name of n.dataset.tAttr.split(" ")) shown.push(n.getAttribute(name));
    }
    shown.push(...[...document.querySelectorAll("#dm-list a, #messages .empty, #member-list li")]
      .map((n) => n.textContent.trim()));
    return {page: LANG, html: document.documentElement.lang, shown, words};
"""


def own_words(table: Table) -> dict[str, Any]:
    """The page's language and its own words as shown (not the bot's), with the page's dictionary."""
    return dict(table.js(OWN_WORDS))


def template(text: str) -> re.Pattern[str]:
    """A text of the page's dictionary as a pattern: each {placeholder} any value."""
    return re.compile(".+".join(re.escape(part) for part in re.split(r"\{\w+\}", text)))


def assert_speaks(found: dict[str, Any], language: str) -> None:
    """The page is in `language`, and every word of its own it shows is one of that language's."""
    words: dict[str, str] = found["words"]
    assert found["page"] == found["html"] == language, found
    english = {key for key, value in words.items() if key != value}
    patterns = [template(value) for value in words.values()]
    shown = [text for text in found["shown"] if text not in PLAYERS]
    assert len(shown) >= 18, shown
    left = [text for text in shown if text in english or not any(p.fullmatch(text) for p in patterns)]
    assert left == [], f"page words not in {language}: {left}"


def test_a_polish_browser_reads_the_local_table_in_polish(tmp_path: Path) -> None:
    with local_table(tmp_path) as url:
        table = Table(url, language="pl")
        try:
            table.open("alice")
            table.wait(lambda: table.js("return document.querySelector('#messages .empty') !== null"),
                       "the empty channel's words")
            found = own_words(table)
            assert_speaks(found, "pl")
            assert table.js("return document.getElementById('menu-toggle').textContent") == "Kanały"
            assert table.js("return document.getElementById('send').textContent") == "Wyślij"
            assert "alice (ty)" in found["shown"]
            # the bot answers this player in Polish too: their Discord app speaks the page's language
            table.command("game help")
            core = lang.texts("pl", "core")
            reply = table.wait_text("Tylko ty to widzisz.")
            assert core._("Commands") in reply and core._("Commands") != "Commands", reply
            assert "Only you can see this." not in table.page_text()
            # ?lang= wins over the browser's language, for this tab
            table.driver.get(url + "?user=bob&lang=it")
            table.wait(lambda: table.js("return document.querySelectorAll('#channel-list a').length") > 0,
                       "the channel list")
            table.wait(lambda: table.js("return document.querySelector('#messages li') !== null"), "the messages")
            assert_speaks(own_words(table), "it")
            assert table.js("return document.getElementById('menu-toggle').textContent") == "Canali"
        finally:
            table.close()
