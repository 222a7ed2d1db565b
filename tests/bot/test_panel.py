"""The action panel's layout stays within Discord's limits and keeps every action reachable."""
from __future__ import annotations

from typing import Any

import discord

from bot.texts import clip_lines
from cogs.lobby import parse_options
from cogs.panel import build_panel, mark, named, parse_value


def actions(spec: dict[str, int]) -> list[dict[str, Any]]:
    return [{"type": t, "n": i} for t, count in spec.items() for i in range(count)]


def rows_and_ids(view: discord.ui.View) -> tuple[int, list[str], list[str]]:
    rows = view.to_components()
    ids = [c["custom_id"] for row in rows for c in row["components"]]
    values = [o["value"] for row in rows for c in row["components"] for o in c.get("options", [])]
    return len(rows), ids, values


def test_small_turn_is_buttons_and_selects() -> None:
    legal = actions({"step": 9, "pick_up": 1, "drop": 2, "end_turn": 1})
    view, hidden = build_panel(7, 3, legal, [f"a{i}" for i in range(len(legal))])
    rows, ids, values = rows_and_ids(view)
    assert hidden == 0 and rows <= 5
    assert all(len(i) <= 100 for i in ids)
    # end_turn is a button carrying game, version, index and the action's fingerprint
    assert f"tr:a:7:3:12:{mark(legal[12])}" in ids
    assert values == [f"{i}:{mark(legal[i])}" for i in range(9)]  # the steps are one select


def test_a_component_names_its_action_by_fingerprint() -> None:
    then = actions({"choose_card": 5})
    now = [a for a in then if a["n"] != 1]  # card 1 was played: the others moved up one place
    assert named(now, 3, mark(then[3])) == then[3]  # found though its index changed
    assert named(now, 1, mark(then[1])) is None  # no longer legal
    assert named(now, 0, mark(then[0])) == then[0]
    assert named(now, 99, "0123456789") is None  # a forged fingerprint names nothing
    assert named(now, 1, None) == now[1]  # an id from before fingerprints: its index only
    assert parse_value(f"3:{mark(then[3])}") == (3, mark(then[3]))
    assert parse_value("3") == (3, None) and parse_value("3:zz") == (3, None)


def test_many_choices_fit_five_rows_and_report_the_rest() -> None:
    legal = actions({"place_scout": 150})
    view, hidden = build_panel(1, 1, legal, ["x" * 120] * 150)
    rows, _ids, values = rows_and_ids(view)
    assert rows == 5 and len(values) == 125 and hidden == 25
    for row in view.to_components():
        for c in row["components"]:
            assert len(c["options"]) <= 25
            assert all(len(o["label"]) <= 100 for o in c["options"])


def test_too_many_kinds_fall_back_to_selects() -> None:
    legal = actions({f"t{i}": 2 for i in range(14)})
    view, hidden = build_panel(1, 1, legal, [str(i) for i in range(28)])
    rows, _, values = rows_and_ids(view)
    assert rows <= 5 and hidden == 0 and len(values) == 28


def test_parse_options() -> None:
    assert parse_options("jump_costs_one_point=true, variant=extended") == {
        "jump_costs_one_point": True, "variant": "extended"}
    assert parse_options(None) == {}


def test_clip_lines_keeps_the_newest() -> None:
    lines = [f"line {i}" for i in range(1000)]
    text = clip_lines(lines, 500)
    assert len(text) <= 500 and text.endswith("line 999") and "/game log" in text


def test_a_group_of_one_action_is_shown_as_that_action() -> None:
    from cogs.panel import ungroup_single
    assert ungroup_single(["Trader", "Trader", "Specials", ""]) == ["Trader", "Trader", "", ""]
    assert ungroup_single(["A", "A", "B", "B"]) == ["A", "A", "B", "B"]
    crowded = [""] * 15 + ["Specials", "Trader", "Trader"]
    assert ungroup_single(crowded) == crowded  # no room left beside the groups: it stays grouped


def placeholders(view: discord.ui.View) -> list[str]:
    return [c["placeholder"] for row in view.to_components() for c in row["components"] if c["type"] == 3]


def test_a_menu_says_its_kind_and_falls_back_to_the_generic() -> None:
    words = {"step": "Move a scout one space", "place_scout": "Place a scout", "t0": "Kind 0"}

    def kinds(kind: str) -> str:
        return words.get(kind, "")

    legal = actions({"step": 9, "pick_up": 1, "drop": 5})
    view, _ = build_panel(7, 3, legal, [f"a{i}" for i in range(len(legal))], kinds=kinds)
    assert placeholders(view) == ["Move a scout one space: 9 choices…", "Choose one of 5…"]  # drop: no words
    view, _ = build_panel(7, 3, legal, [f"a{i}" for i in range(len(legal))])  # a game without words
    assert placeholders(view) == ["Choose one of 9…", "Choose one of 5…"]
    legal = actions({f"t{i}": 2 for i in range(14)})  # too many rows: every type in one menu
    view, _ = build_panel(1, 1, legal, [str(i) for i in range(28)], kinds=kinds)
    assert placeholders(view) == ["Choose one of 25…", "Choose one of 3…"]
    legal = actions({"place_scout": 150})  # one type cut into menus keeps its name
    view, hidden = build_panel(1, 1, legal, ["x"] * 150, kinds=kinds)
    assert placeholders(view) == ["Place a scout: 25 choices…"] * 5 and hidden == 25
    view, _ = build_panel(1, 1, actions({"step": 26}), ["x"] * 26, kinds=kinds)
    assert placeholders(view) == ["Move a scout one space: 25 choices…", "Move a scout one space: 1 choice…"]
    legal = actions({f"t{i}": 2 for i in range(13)})  # one menu of 25, then a last one of 1
    view, _ = build_panel(1, 1, legal, [str(i) for i in range(26)], kinds=kinds)
    assert placeholders(view) == ["Choose one of 25…", "One choice…"]


def test_a_long_kind_is_cut_to_discords_limit() -> None:
    view, _ = build_panel(1, 1, actions({"step": 5}), ["x"] * 5, kinds=lambda kind: "w" * 200)
    [text] = placeholders(view)
    assert len(text) == 150 and text.endswith("…") and text.startswith("w" * 149)
