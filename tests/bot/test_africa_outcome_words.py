"""Heart of Africa's end post counts areas as scoring does (neutrals deducted, the Heart's bonus in)."""
from __future__ import annotations

from cogs.africa.ui import AfricaUI
from games.africa import GAME
from tests.games.africa.helpers import clear_map, new, put


def test_the_end_post_counts_neutrals_and_the_heart_as_scoring() -> None:
    s = new(2)
    clear_map(s)
    s["table"]["africa"] = 2
    gold_area = next(a for a, v in s["areas"].items() if v["resource"] == "gold")
    s["table"]["gold"] = 4
    put(s, 0, "heart", 1)
    put(s, 0, gold_area, 2)
    s["areas"][gold_area]["neutrals"] = 1
    put(s, 0, "sahara", 1)
    put(s, 1, "sahara", 1)
    s["areas"]["sahara"]["neutrals"] = 2  # shared: no value, but its neutrals still cost
    s["players"][0]["vp"] = 42
    s["outcome"] = {"winners": ["s1"], "scores": {"s1": 42, "s2": 10}, "reason": "target",
                    "ranking": ["s1", "s2"]}
    text = AfricaUI().outcome_text(GAME.view(s, None), lambda seat: f"@{seat}")
    first = next(line for line in text.splitlines() if line.startswith("1. "))
    # Heart 2 + bonus 3, gold area 4 - 1, Sahara shared - 2: 6.
    assert "controls 2 areas worth 6 VP in scoring now (neutrals deducted)" in first
