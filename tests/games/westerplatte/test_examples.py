"""The worked examples of the rule book (notes/westerplatte.md, numbered 1, 1b, 2, 3, 4)."""
from __future__ import annotations

import pytest

from games.westerplatte.board import CARDS
from tests.games.westerplatte.helpers import act, clear, find, new, top, troop


def _two_on_e(lucas_ammo: int, ola_ammo: int) -> dict:
    s = clear(new(2))
    s["officers"][0].update(at="outpost_e", ammo=lucas_ammo)
    s["officers"][1].update(at="outpost_e", ammo=ola_ammo)
    s["reserve"] = 16 - lucas_ammo - ola_ammo
    troop(s, "e", find(type="troop", unit="machine_gun", resistance=2, speed=1), space=2)
    return s


def test_example_1_joint_attack() -> None:
    """Example 1 (RULINGS 9, 10): Lucas and Ola on outpost E deal 2 damage in one action."""
    s = _two_on_e(2, 2)
    cid = s["troops"]["e"]["card"]
    legal = [a for a in __import__("games.westerplatte", fromlist=["GAME"]).GAME.legal_actions(s, "s1")
             if a["type"] == "attack"]
    assert {"type": "attack", "officers": ["o1", "o2"]} in legal
    top(s, find(type="morale_decline"))
    s2, _ = act(s, {"type": "attack", "officers": ["o1", "o2"]})
    assert s2["troops"]["e"] is None
    assert cid in s2["piles"][0]
    assert [o["ammo"] for o in s2["officers"]] == [1, 1]
    assert s2["reserve"] == s["reserve"] + 2


def test_example_1_alone_only_one_damage() -> None:
    """Example 1: Lucas alone deals only 1 damage, whatever his stock."""
    from games.westerplatte import GAME
    s = _two_on_e(5, 0)
    s["officers"][1]["at"] = "outpost_d"
    attacks = [a for a in GAME.legal_actions(s, "s1") if a["type"] == "attack"]
    assert attacks == [{"type": "attack", "officers": ["o1"]}]


def test_example_1b_companion_ammunition() -> None:
    """Example 1b (RULINGS 9): Lucas has none; he attacks with 1 of Ola's; 1 wound marker."""
    from games.westerplatte import GAME
    s = _two_on_e(0, 2)
    attacks = [a for a in GAME.legal_actions(s, "s1") if a["type"] == "attack"]
    assert attacks == [{"type": "attack", "officers": ["o2"]}]
    s2, _ = act(s, attacks[0])
    assert s2["troops"]["e"]["damage"] == 1
    assert [o["ammo"] for o in s2["officers"]] == [0, 1]


def test_example_2_german_attack() -> None:
    """Example 2 (RULINGS 17): A MG on II silent, B empty, C howitzer -1, D MG(1) -1, E MG(2) on a
    1-brick outpost: 1 brick, then the active player picks guardhouse 5 or 6."""
    s = clear(new(2))
    troop(s, "a", find(type="troop", unit="machine_gun", attack=2, speed=1), space=2)
    troop(s, "c", find(type="troop", unit="howitzer", path="c"))
    troop(s, "d", find(type="troop", unit="machine_gun", attack=1, speed=1), space=4)
    troop(s, "e", find(type="troop", unit="machine_gun", attack=2, speed=1, path="a", resistance=1), space=4)
    s["walls"]["outpost_e"] = 1
    top(s, find(type="morale_decline"))
    s["officers"][0]["at"] = "guardhouse_1"
    before = dict(s["walls"])
    s2, _ = act(s, {"type": "end_turn"})
    assert s2["pending"]["kind"] == "guardhouse"
    assert s2["pending"]["options"] == ["guardhouse_5", "guardhouse_6"]
    assert s2["walls"]["outpost_a"] == before["outpost_a"]
    assert s2["walls"]["outpost_b"] == before["outpost_b"]
    assert s2["walls"]["outpost_c"] == before["outpost_c"] - 1
    assert s2["walls"]["outpost_d"] == before["outpost_d"] - 1
    assert s2["walls"]["outpost_e"] == 0
    s3, _ = act(s2, {"type": "guardhouse", "wall": "guardhouse_5"})
    assert s3["walls"]["guardhouse_5"] == 5 and s3["walls"]["guardhouse_6"] == 6


def test_example_3_troop_placement() -> None:
    """Example 3 (RULINGS 18): a troop for D while A, D and E are held goes onto B, space I."""
    s = clear(new(2))
    for p in ("a", "d", "e"):
        troop(s, p, find(type="troop", unit="howitzer", path=p))
    new_card = next(c for c in sorted(CARDS) if CARDS[c]["type"] == "troop" and CARDS[c]["path"] == "d"
                    and "b" not in CARDS[c]["move_paths"] and c not in
                    [s["troops"][p]["card"] for p in ("a", "d", "e")])
    top(s, new_card)
    s["officers"][0]["at"] = "guardhouse_1"
    s2, _ = act(s, {"type": "end_turn"})
    assert s2["troops"]["b"] == {"card": new_card, "space": 1, "damage": 0}
    assert s2["troops"]["c"] is None


def test_example_4_troop_movement(monkeypatch: pytest.MonkeyPatch) -> None:
    """Example 4 (RULINGS 19): a troop for D moving A and C: the new troop stays on D I, the speed-3
    machine gun on A goes to IV, the howitzer on C stays."""
    card = dict(CARDS["attack_35"], id="example_4", path="d", move_paths=["a", "c"])
    monkeypatch.setitem(CARDS, "example_4", card)
    s = clear(new(2))
    troop(s, "a", find(type="troop", unit="machine_gun", speed=3, path="a"))
    troop(s, "c", find(type="troop", unit="howitzer", path="c"))
    s["deck"].insert(0, "example_4")
    s["officers"][0]["at"] = "guardhouse_1"
    s2, _ = act(s, {"type": "end_turn"})
    assert s2["troops"]["d"] == {"card": "example_4", "space": 1, "damage": 0}
    assert s2["troops"]["a"]["space"] == 4
    assert s2["troops"]["c"]["space"] == 1
