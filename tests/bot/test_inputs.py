"""Every input is total: numbers, custom_id parts and game names never raise (issue: platform)."""
from __future__ import annotations

from cogs.common import game_number
from cogs.lobby import playable
from cogs.panel import NOT_A_NUMBER, number


def test_game_numbers() -> None:
    assert [game_number(v) for v in (12, "12", "#12", " 7 ")] == [12, 12, 12, 7]
    bad: object
    for bad in (True, False, "true", "12abc", "", None, -1, 0, 2**31, 2**63, "9" * 40, 1.5, [], {}, "١٢"):
        assert game_number(bad) is None, bad


def test_custom_id_numbers() -> None:
    assert [number(v) for v in ("0", "17", "123456789012")] == [0, 17, 123456789012]
    for bad in ("", "abc", "-1", "1e3", "9" * 13, "١٢"):
        assert number(bad) == NOT_A_NUMBER, bad


def test_game_names() -> None:
    mali = playable("mali")
    assert mali is not None and mali.key == "mali"
    assert playable("MALI") is mali and playable(" Mali ") is mali
    assert playable("no-such-game") is None and playable("") is None
