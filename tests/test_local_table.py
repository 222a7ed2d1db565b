"""The README's run command without a token serves the local table (no browser needed here;
tests/browser/ plays on it in a real one)."""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from tests.browser.table import local_table


def test_no_token_serves_the_page_and_the_bot_is_on_it(tmp_path: Path) -> None:
    with local_table(tmp_path) as url:
        page = urllib.request.urlopen(url, timeout=10).read().decode()
        assert "/static/table.js" in page and "command-input" in page
        for name in ("table.js", "table.css"):
            assert urllib.request.urlopen(url + "static/" + name, timeout=10).status == 200
        world = json.load(urllib.request.urlopen(url + "api/world?user=alice", timeout=10))
        assert world["bot"]["online"]
        assert {"general", "games"} <= {c["name"] for c in world["channels"]}
        assert {"game", "mali", "africa", "westerplatte"} <= {c["name"] for c in world["commands"]}
        assert {"alice", "bob", "carol"} <= {m["name"] for m in world["members"]}
        # another user's DMs are not shown
        bob = json.load(urllib.request.urlopen(url + "api/world?user=bob", timeout=10))
        try:
            urllib.request.urlopen(url + f"api/messages?user=alice&channel={bob['dm']}", timeout=10)
            raise AssertionError("alice read bob's DMs")
        except urllib.error.HTTPError as exc:
            assert exc.code == 400
    assert (tmp_path / "bot.sqlite3").is_file()  # the same SQLite store as on Discord
