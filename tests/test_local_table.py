"""The README's run command without a token serves the local table (no browser needed here;
tests/browser/ plays on it in a real one)."""
from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser.table import ROOT, local_table


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
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url + f"api/messages?user=alice&channel={bob['dm']}", timeout=10)
        assert refused.value.code == 400
    assert (tmp_path / "bot.sqlite3").is_file()  # the same SQLite store as on Discord


def _post(url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    answer: dict[str, Any] = json.load(urllib.request.urlopen(request, timeout=30))
    return answer


def _messages(url: str, user: str, channel: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.load(urllib.request.urlopen(
        url + f"api/messages?user={user}&channel={channel}", timeout=10))["messages"]
    return found


def _shown(url: str, user: str, channel: str, *words: str, within: float = 30.0) -> str:
    """The channel's texts as `user` sees them, once they hold `words`: under load the bot
    acknowledges first and its answer replaces the placeholder a moment later."""
    deadline = time.monotonic() + within
    while True:
        shown = "\n".join(m["content"] + json.dumps(m["embeds"]) for m in _messages(url, user, channel))
        if all(w in shown for w in words) or time.monotonic() > deadline:
            return shown
        time.sleep(0.2)


def test_local_games_survive_a_restart(tmp_path: Path) -> None:
    """The same server, channels and people (fixed ids) and the same SQLite file after a restart."""
    with local_table(tmp_path) as url:
        world = json.load(urllib.request.urlopen(url + "api/world?user=alice", timeout=10))
        general = next(c["id"] for c in world["channels"] if c["name"] == "general")
        assert _post(url, "api/command", {"user": "alice", "channel": general, "command": "game new",
                                          "options": {"game": "mali", "players": "2"}}) == {"ok": True}
        opened = _messages(url, "alice", general)[-1]
        assert "opened a table" in opened["content"]
        assert _post(url, "api/click", {"user": "bob", "message": opened["id"], "custom_id": "tr:t:join:1"})["ok"]
        assert _post(url, "api/click", {"user": "alice", "message": opened["id"], "custom_id": "tr:t:start:1"})["ok"]
        # a second game in a thread of its own, with a player who joined the server by name
        assert _post(url, "api/users", {"user": "erin"})["name"] == "erin"
        assert _post(url, "api/command", {"user": "erin", "channel": general, "command": "game new",
                                          "options": {"game": "mali", "players": "2", "thread": "true"}})["ok"]
        opened = _messages(url, "erin", general)[-1]
        assert _post(url, "api/click", {"user": "carol", "message": opened["id"], "custom_id": "tr:t:join:2"})["ok"]
        assert _post(url, "api/click", {"user": "erin", "message": opened["id"], "custom_id": "tr:t:start:2"})["ok"]
        world = json.load(urllib.request.urlopen(url + "api/world?user=erin", timeout=10))
        thread = next(c["id"] for c in world["channels"] if c["thread"])
    with local_table(tmp_path) as url:
        again = json.load(urllib.request.urlopen(url + "api/world?user=erin", timeout=10))
        assert again["channels"] == world["channels"] and again["me"] == world["me"]
        for channel, gid in ((general, 1), (thread, 2)):
            user = "alice" if gid == 1 else "erin"
            assert _post(url, "api/command", {"user": user, "channel": channel, "command": "game status",
                                              "options": {"game": str(gid)}}) == {"ok": True}
            shown = "\n".join(m["content"] + json.dumps(m["embeds"]) for m in _messages(url, user, channel))
            assert f"game #{gid}" in shown and "Round 1" in shown, shown


def test_readme_points_at_the_screenshots() -> None:
    readme = (ROOT / "README.md").read_text()
    for name in ("local-table-desktop.png", "local-table-phone.png"):
        assert f"docs/img/{name}" in readme
        assert (ROOT / "docs" / "img" / name).is_file()


def test_local_table_seed_replays_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """LOCAL_TABLE_SEED=n: the games started get the seeds n, n+1, ... (the browser tests rely on it)."""
    from types import SimpleNamespace

    from bot.config import Settings
    from bot.local import replay_seeds

    bot = SimpleNamespace(service=SimpleNamespace(new_seed=lambda: 0), settings=Settings())
    replay_seeds(bot)
    assert bot.service.new_seed() == 0
    monkeypatch.setenv("LOCAL_TABLE_SEED", "7")
    bot.settings = Settings.from_env(None)  # as `python -m bot` reads it
    replay_seeds(bot)
    assert [bot.service.new_seed() for _ in range(3)] == [7, 8, 9]
