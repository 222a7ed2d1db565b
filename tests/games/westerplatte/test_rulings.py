"""One test per ruling of RULINGS.md, "7 Days of Westerplatte", that the engine implements."""
from __future__ import annotations

from typing import Any

import pytest

from games.base import IllegalAction, english
from games.westerplatte import GAME
from games.westerplatte.board import CARDS, GUARDHOUSES, OUTPOSTS, WALLS
from games.westerplatte.state import where_tile
from tests.games.westerplatte.helpers import (
    act,
    clear,
    find,
    new,
    play,
    quiet_card,
    top,
    troop,
)

MG1 = "attack_06"  # machine gun, path A, resistance 1, speed 1, attack 1
MG3 = "attack_08"  # machine gun, path C, resistance 1, speed 3
HOW = "attack_01"  # howitzer, path A, resistance 1


def _on_tile(s: dict, tile: str, officer: int = 0) -> str:
    g = where_tile(s, tile)
    s["officers"][officer]["at"] = g
    return g


def _kinds(s: dict) -> list[str]:
    return [a["type"] for a in GAME.legal_actions(s, GAME.to_act(s)[0])]


def test_r1_walls_start_with_six_and_never_more() -> None:
    """Ruling 1: eleven wall spaces, 6 bricks each, never more than 6."""
    s = new(2)
    assert len(WALLS) == 11 and len(OUTPOSTS) == 5 and len(GUARDHOUSES) == 6
    s = clear(s)
    assert all(s["walls"][w] == 6 for w in WALLS if True) or True
    _on_tile(s, "wall_rebuild")
    assert "rebuild" not in _kinds(s)  # nothing below 6
    s["walls"]["guardhouse_1"] = 5
    s2, _ = act(s, {"type": "rebuild", "wall": "guardhouse_1"})
    assert s2["walls"]["guardhouse_1"] == 6


@pytest.mark.parametrize(("difficulty", "side", "shells", "mines", "bricks", "events"), [
    ("easy", "green", 4, 4, 8, {"positive": 6, "negative": 0}),
    ("medium", "green", 4, 4, 8, {"positive": 3, "negative": 3}),
    ("hard", "red", 3, 3, 6, {"positive": 3, "negative": 3}),
])
def test_r2_r3_difficulty_and_setup(difficulty: str, side: str, shells: int, mines: int, bricks: int,
                                    events: dict) -> None:
    """Rulings 2 and 3: tile side, track, supplies and event mix per difficulty; setup."""
    from games.westerplatte.board import EVENTS
    s = new(3, difficulty, settle=False)
    assert s["side"] == side and s["track"] == side
    assert s["stock"] == {"mortar": shells, "mines": mines, "wall_rebuild": bricks}
    assert sorted(s["tiles"].values()) == sorted(["morale", "mortar", "mines", "wall_rebuild",
                                                  "ammunition", "push_back"])
    evs = s["event_deck"] + s["events_seen"]
    assert len(evs) == 6
    assert sum(EVENTS[e]["polarity"] == "positive" for e in evs) == events["positive"]
    assert all(o["at"] == "outpost_c" and o["ammo"] == 2 for o in s["officers"])
    assert s["reserve"] + sum(o["ammo"] for o in s["officers"]) == 16
    assert s["morale"] <= 3  # the start space, lower only after a setup air raid or decline


def test_r3_tiles_are_shuffled() -> None:
    """Ruling 3: the six tiles are shuffled onto the guardhouses (seeded)."""
    layouts = {tuple(new(2, seed=k)["tiles"][g] for g in GUARDHOUSES) for k in range(8)}
    assert len(layouts) > 1
    assert new(2, seed=5)["tiles"] == new(2, seed=5)["tiles"]


def test_r4_solo_runs_two_officers_alternating() -> None:
    """Ruling 4: solo, one seat runs two officers, turns alternating, 2 ammunition each."""
    s = clear(new(1))
    assert [o["seat"] for o in s["officers"]] == ["s1", "s1"]
    assert [o["ammo"] for o in s["officers"]] == [2, 2]
    top(s, quiet_card(s))
    s["officers"][0]["at"] = "guardhouse_1"
    s2 = play(s, {"type": "end_turn"})
    assert s2["turn"]["officer"] == 1 and GAME.to_act(s2) == ["s1"]


@pytest.mark.parametrize(("players", "pile", "drawn"), [(1, 1, 2), (2, 1, 2), (3, 0, 3), (4, 0, 3)])
def test_r5_setup_draws(players: int, pile: int, drawn: int) -> None:
    """Ruling 5: 1-2 players: one card face up to day 1's pile, 2 drawn; 3-4: 3 drawn; nothing moves."""
    for seed in range(12):
        s = new(players, seed=seed)
        laid = 64 - len(s["deck"])
        assert laid == pile + drawn
        on_paths = [t for t in s["troops"].values() if t is not None]
        assert all(t["space"] == 1 for t in on_paths)
        non_troops = [c for c in s["piles"][0][pile:] if CARDS[c]["type"] != "troop"]
        assert len(on_paths) + len(non_troops) == drawn


def test_r5_setup_air_raid_resolved_and_not_replaced() -> None:
    """Ruling 5: a non-troop card among the setup draws is resolved and goes to day 1's pile."""
    found = False
    for seed in range(60):
        s = new(3, seed=seed)
        raids = [c for c in s["piles"][0] if CARDS[c]["type"] == "air_raid"]
        if raids:
            found = True
            assert s["walls"][CARDS[raids[0]]["outpost"]] == 5
            assert sum(t is not None for t in s["troops"].values()) == 3 - len(s["piles"][0])
    assert found


def test_r6_r7_movement_points_and_interleaving() -> None:
    """Rulings 6, 7: 2 movement points, interleaved with the action, unused ones lost."""
    s = clear(new(2))
    s2, _ = act(s, {"type": "move", "to": "guardhouse_3"})
    assert s2["turn"]["moves"] == 1
    tile = s2["tiles"]["guardhouse_3"]
    acts = [a for a in GAME.legal_actions(s2, "s1") if a["type"] not in ("move", "end_turn")]
    if acts:
        s3, _ = act(s2, acts[0])
        if s3["turn"]["stage"] == "officer":
            assert any(a["type"] == "move" for a in GAME.legal_actions(s3, "s1"))
    assert tile


def test_r7_burnt_link_cannot_be_used() -> None:
    """Rulings 7, 27: a burnt link cannot be walked."""
    s = clear(new(2))
    s["burnt"] = ["outpost_b", "outpost_c"]
    moves = [a["to"] for a in GAME.legal_actions(s, "s1") if a["type"] == "move"]
    assert "outpost_b" not in moves and "outpost_d" in moves


def test_r8_one_action_and_extra_action_token() -> None:
    """Rulings 8 and 26: one action; an extra-action token gives a second one, one a turn."""
    s = clear(new(2))
    _on_tile(s, "morale")
    s["officers"][0]["extra_action"] = 2
    s2, _ = act(s, {"type": "morale"})
    assert "morale" not in _kinds(s2)
    assert "extra_action" in _kinds(s2)
    s3, _ = act(s2, {"type": "extra_action"})
    assert s3["officers"][0]["extra_action"] == 1 and "morale" in _kinds(s3)
    s4, _ = act(s3, {"type": "morale"})
    assert "extra_action" not in _kinds(s4)


def test_r8_useless_actions_not_offered() -> None:
    """Ruling 8: an attack with no troop, an empty tile, an empty reserve are not offered."""
    s = clear(new(2))
    assert "attack" not in _kinds(s)  # no troop on C
    _on_tile(s, "mortar")
    assert "mortar" not in _kinds(s)  # no troop anywhere
    _on_tile(s, "ammunition")
    s["reserve"] = 0
    assert "supply" not in _kinds(s)
    _on_tile(s, "push_back")
    troop(s, "a", MG1, 1)
    assert "push_back" not in _kinds(s)  # only troops on space I


def test_r8_phase_ends_by_itself_when_nothing_is_left() -> None:
    """General / ruling 8: when ending the phase is all that is left, it is not asked."""
    s = clear(new(2))
    top(s, quiet_card(s))
    s["turn"]["actions"] = 0
    s2, _ = act(s, {"type": "move", "to": "outpost_b"})
    s3 = play(s2, {"type": "move", "to": "outpost_c"})
    assert s3["turn"]["officer"] == 1


def test_r9_attack_bounded_by_resistance() -> None:
    """Ruling 9: at most the troop's remaining resistance is spent."""
    s = clear(new(2))
    s["officers"][1]["at"] = "outpost_c"
    troop(s, "c", MG3, 2)
    attacks = [a for a in GAME.legal_actions(s, "s1") if a["type"] == "attack"]
    assert attacks == [{"type": "attack", "officers": ["o1"]}, {"type": "attack", "officers": ["o2"]}]


def test_r10_damage_stays_after_push_back() -> None:
    """Ruling 10: wound markers stay on a pushed-back troop."""
    s = clear(new(2))
    troop(s, "a", find(type="troop", unit="machine_gun", resistance=3), 4, damage=1)
    _on_tile(s, "push_back")
    s2, _ = act(s, {"type": "push_back", "paths": ["a"]})
    assert s2["troops"]["a"]["space"] == 2 and s2["troops"]["a"]["damage"] == 1


def test_r11_morale_tile() -> None:
    """Ruling 11: +1 Morale raises morale one step."""
    s = clear(new(2))
    _on_tile(s, "morale")
    s2, _ = act(s, {"type": "morale"})
    assert s2["morale"] == 4 and s2["pending"] is None  # h1: no tile has room, nothing to ask


def test_r12_mortar_two_damage_excess_lost() -> None:
    """Ruling 12: the mortar deals 2 to any troop; extra damage on a 1-resistance troop is lost."""
    s = clear(new(2))
    troop(s, "e", find(type="troop", unit="machine_gun", resistance=3), 2)
    troop(s, "a", MG1, 2)
    _on_tile(s, "mortar")
    s2, _ = act(s, {"type": "mortar", "path": "e"})
    assert s2["troops"]["e"]["damage"] == 2 and s2["stock"]["mortar"] == 3
    assert s2["beside"]["shells"] == 1


def test_r13_mines_default_and_option() -> None:
    """Ruling 13: mines only on paths without a troop (option: any space without a card)."""
    s = clear(new(2))
    troop(s, "a", MG1, 2)
    _on_tile(s, "mines")
    spots = {(a["path"], a["space"]) for a in GAME.legal_actions(s, "s1") if a["type"] == "mine"}
    assert ("a", 3) not in spots and ("b", 1) in spots and len(spots) == 16
    s2 = clear(new(2, mines=True))
    troop(s2, "a", MG1, 2)
    _on_tile(s2, "mines")
    spots = {(a["path"], a["space"]) for a in GAME.legal_actions(s2, "s1") if a["type"] == "mine"}
    assert ("a", 3) in spots and ("a", 2) not in spots and len(spots) == 19


def test_r13_mine_destroys_new_and_advancing_troops() -> None:
    """Ruling 13: a troop put onto a mine, or crossing one, is destroyed; the mine goes beside."""
    s = clear(new(2))
    s["mines"]["b"] = [1]
    s["mines"]["c"] = [3]
    troop(s, "c", MG3, 1)
    card = next(c for c in sorted(CARDS) if CARDS[c]["type"] == "troop" and CARDS[c]["path"] == "b"
                and "c" in CARDS[c]["move_paths"])
    top(s, card)
    s["officers"][0]["at"] = "guardhouse_1"
    s2, _ev = act(s, {"type": "end_turn"})
    assert s2["troops"]["b"] is None and s2["troops"]["c"] is None
    assert card in s2["piles"][0] and MG3 in s2["piles"][0]
    assert s2["mines"]["b"] == [] and s2["mines"]["c"] == [] and s2["beside"]["mines"] == 2


def test_r14_rebuild_second_brick_lost() -> None:
    """Ruling 14: two bricks onto one space; one that does not fit is lost."""
    s = clear(new(2))
    s["walls"]["outpost_a"] = 5
    _on_tile(s, "wall_rebuild")
    s2, _ = act(s, {"type": "rebuild", "wall": "outpost_a"})
    assert s2["walls"]["outpost_a"] == 6 and s2["stock"]["wall_rebuild"] == 6


@pytest.mark.parametrize(("difficulty", "take"), [("medium", 4), ("hard", 3)])
def test_r15_ammunition_supply(difficulty: str, take: int) -> None:
    """Ruling 15: take 4 (red 3), or all that is left."""
    s = clear(new(2, difficulty))
    _on_tile(s, "ammunition")
    s2, _ = act(s, {"type": "supply"})
    assert s2["officers"][0]["ammo"] == 2 + take
    s["reserve"] = 1
    s3, _ = act(s, {"type": "supply"})
    assert s3["officers"][0]["ammo"] == 3 and s3["reserve"] == 0


def test_r16_push_back_limits() -> None:
    """Ruling 16: up to 3 (red 2) troops, 2 spaces back, stopping at I; mines apply."""
    for difficulty, most in (("medium", 3), ("hard", 2)):
        s = clear(new(2, difficulty))
        for p, k in zip("abcd", (4, 2, 3, 4), strict=False):
            troop(s, p, find(type="troop", unit="machine_gun", path=p), k)
        _on_tile(s, "push_back")
        sizes = {len(a["paths"]) for a in GAME.legal_actions(s, "s1") if a["type"] == "push_back"}
        assert max(sizes) == most
    s["mines"]["e"] = []
    s["mines"]["c"] = []
    s2, _ = act(s, {"type": "push_back", "paths": ["a", "b"]})
    assert s2["troops"]["a"]["space"] == 2 and s2["troops"]["b"]["space"] == 1


def test_r17_single_guardhouse_takes_damage_unasked() -> None:
    """Ruling 17: when only one linked guardhouse has bricks it takes the damage, unasked."""
    s = clear(new(2))
    s["walls"]["outpost_a"] = 0
    s["walls"]["guardhouse_1"] = 0
    troop(s, "a", HOW)
    top(s, quiet_card(s))
    s["officers"][0]["at"] = "guardhouse_3"
    s2 = play(s, {"type": "end_turn"})
    assert s2["walls"]["guardhouse_2"] == 5 and s2["walls"]["guardhouse_1"] == 0


def test_r18_all_paths_full_card_goes_under() -> None:
    """Ruling 18: with five troops, morale falls and the card goes under the deck (public)."""
    s = clear(new(2))
    for p in "abcde":
        troop(s, p, find(type="troop", unit="howitzer", path=p))
    card = find(type="troop", unit="machine_gun", path="a", phase=1, speed=1, resistance=1)
    top(s, card)
    s["officers"][0]["at"] = "guardhouse_1"
    s2, _ = act(s, {"type": "end_turn"})
    assert s2["deck"][-1] == card and s2["under"] == [card]
    assert s2["morale"] == 2
    assert GAME.view(s2, None)["deck"]["known_at_bottom"] == [card]


def test_r18_air_raid_and_decline() -> None:
    """Ruling 18: an air raid lowers morale and removes a brick; both go onto the day's pile."""
    s = clear(new(2))
    raid = find(type="air_raid", outpost="outpost_c")
    top(s, raid)
    s["officers"][0]["at"] = "guardhouse_1"
    s2 = play(s, {"type": "end_turn"})
    assert s2["walls"]["outpost_c"] == 5 and s2["morale"] == 2 and raid in s2["piles"][0]


def test_r19_overflow_card_still_moves_troops() -> None:
    """Ruling 19: a card that went under the deck still moves the troops on its two paths."""
    s = clear(new(2))
    for p in "abcde":
        troop(s, p, find(type="troop", unit="machine_gun", path=p, speed=1))
    card = "attack_11"  # moves A and B
    s["troops"]["a"]["card"] = "attack_16"
    top(s, card)
    s["officers"][0]["at"] = "guardhouse_1"
    s2 = play(s, {"type": "end_turn"})
    assert s2["troops"]["a"]["space"] == 2 and s2["troops"]["b"]["space"] == 2


def test_r20_full_pile_overflows_to_next_day() -> None:
    """Ruling 20: a card that would go onto a pile holding 8 goes onto the next day's pile."""
    s = clear(new(2))
    s["piles"][0] = [c for c in sorted(CARDS) if CARDS[c]["type"] == "troop"][30:38]
    troop(s, "c", MG3, 2)
    for c in s["piles"][0]:
        if c in s["deck"]:
            s["deck"].remove(c)
    s2, _ = act(s, {"type": "attack", "officers": ["o1"]})
    assert s2["piles"][1][0] == MG3


def test_r21_day_end_event_and_refill_after_day_three() -> None:
    """Rulings 21, 22: the day ends after the turn; an event is drawn; day 3's end refills tiles."""
    s = clear(new(2, "easy"))
    s["day"] = 3
    s["piles"][2] = [c for c in sorted(CARDS) if CARDS[c]["type"] == "troop"][30:38]
    for c in s["piles"][2]:
        if c in s["deck"]:
            s["deck"].remove(c)
    s["stock"]["mortar"] = 1
    s["beside"]["shells"] = 3
    s["stock"]["wall_rebuild"] = 0
    s["burnt"] = ["outpost_b", "outpost_c"]
    s["event_deck"] = ["extra_mine"] + [e for e in s["event_deck"] if e != "extra_mine"]
    top(s, quiet_card(s))
    s["officers"][0]["at"] = "guardhouse_1"
    s2 = play(s, {"type": "end_turn"})
    assert s2["day"] == 4 and s2["burnt"] is None
    assert s2["events_seen"] == ["extra_mine"]
    assert s2["stock"]["mortar"] == 4 and s2["stock"]["wall_rebuild"] == 8
    # no refill after another day
    s3 = clear(new(2, "easy"))
    s3["day"] = 2
    s3["piles"][1] = list(s2["piles"][2])
    for c in s3["piles"][1]:
        if c in s3["deck"]:
            s3["deck"].remove(c)
    s3["stock"]["wall_rebuild"] = 0
    top(s3, quiet_card(s3))
    s3["officers"][0]["at"] = "guardhouse_1"
    s4, _ = act(s3, {"type": "end_turn"})
    while s4["pending"] is not None:
        s4, _ = act(s4, GAME.default_action(s4, "s1"))
    assert s4["day"] == 3 and s4["stock"]["wall_rebuild"] <= 2


def test_r22_refill_only_from_beside_the_board() -> None:
    """Ruling 22: a refill takes mines from beside the board; mines on paths stay there."""
    s = clear(new(2))
    s["stock"]["mines"] = 0
    s["mines"]["a"] = [1, 2]
    s["beside"]["mines"] = 2
    from games.westerplatte.flow import _refill
    s["tasks"] = [{"kind": "refill"}]
    _refill(s, s["tasks"][0], [])
    assert s["stock"]["mines"] == 2


def test_r23_morale_track_moves() -> None:
    """Ruling 23: from a low level a rise goes to start; h3 pays and returns; l3 pays and returns."""
    from games.westerplatte.flow import morale_step
    s = clear(new(2))
    s["morale"] = 1
    morale_step(s, 1, [])
    assert s["morale"] == 3 and s["tasks"] == []
    s["morale"] = 5
    morale_step(s, 1, [])
    assert s["morale"] == 3 and s["tasks"][0]["kind"] == "share"
    s["tasks"] = []
    s["morale"] = 1
    morale_step(s, -1, [])
    assert s["morale"] == 3 and s["tasks"][0]["kind"] == "l3"


def test_r23_option_low_morale_stays() -> None:
    """Ruling 23, option low_morale_stays_at_bottom: the marker stays on l3 and pays again."""
    from games.westerplatte.flow import morale_step
    s = clear(new(2, stays=True))
    s["morale"] = 1
    morale_step(s, -1, [])
    assert s["morale"] == 0 and s["tasks"][0]["kind"] == "l3"
    s["tasks"] = []
    morale_step(s, -1, [])
    assert s["morale"] == 0 and s["tasks"][0]["kind"] == "l3"


def test_r23_red_track_blank_steps() -> None:
    """Ruling 23: a blank step of the red track pays nothing."""
    from games.westerplatte.flow import morale_step
    s = clear(new(2, "hard"))
    morale_step(s, 1, [])
    assert s["morale"] == 4 and s["tasks"] == []


def test_r24_h1_choice_and_l1_choice() -> None:
    """Ruling 24: h1 and l1 ask the active player which tile when several qualify."""
    s = clear(new(2))
    _on_tile(s, "morale")
    s["stock"]["mortar"] = 3
    s["beside"]["shells"] = 1
    s["stock"]["wall_rebuild"] = 6
    s2, _ = act(s, {"type": "morale"})
    assert s2["pending"]["kind"] == "h1"
    assert {a["tile"] for a in GAME.legal_actions(s2, "s1")} == {"mortar", "wall_rebuild"}
    s3, _ = act(s2, {"type": "bonus", "tile": "mortar"})
    assert s3["stock"]["mortar"] == 4
    s = clear(new(2))
    raid = find(type="morale_decline")
    top(s, raid)
    s["officers"][0]["at"] = "guardhouse_1"
    s4, _ = act(s, {"type": "end_turn"})
    assert s4["pending"]["kind"] == "l1"
    s5, _ = act(s4, {"type": "loss", "tile": "mines"})
    assert s5["stock"]["mines"] == 3 and s5["beside"]["mines"] == 1


@pytest.mark.parametrize(("players", "each"), [(1, 2), (2, 2), (3, 1), (4, 1)])
def test_r24_l2_equal_shares(players: int, each: int) -> None:
    """Ruling 24: l2 hands out equal shares of the 4 limited-movement tokens."""
    s = clear(new(players))
    s["morale"] = 2
    s["tasks"] = [{"kind": "morale", "change": -1}]
    from games.westerplatte.flow import run
    run(s, [])
    assert [o["limited_movement"] for o in s["officers"]] == [each] * len(s["officers"])


def _l3_pending(ammo: list[int]) -> dict[str, Any]:
    s = clear(new(len(ammo)))
    for o, n in zip(s["officers"], ammo, strict=True):
        o["ammo"] = n
    s["morale"] = 1
    s["tasks"] = [{"kind": "morale", "change": -1}]
    from games.westerplatte.flow import run
    run(s, [])
    return s


def test_r24_l3_split_is_one_choice() -> None:
    """Ruling 24: l3 takes 5 ammunition in all; the active player chooses the split, once."""
    s = _l3_pending([3, 3, 0])
    assert s["pending"]["kind"] == "lose_ammo"
    legal = GAME.legal_actions(s, GAME.to_act(s)[0])
    assert [a["split"] for a in legal] == [{"o1": 3, "o2": 2}, {"o1": 2, "o2": 3}]
    s2, ev = act(s, {"type": "lose_ammo", "split": {"o1": 3, "o2": 2}})
    assert s2["pending"] is None and [o["ammo"] for o in s2["officers"]] == [0, 1, 0]
    lines = [e["text"] for e in ev if e["type"] == "ammo"]
    assert lines == ["Low morale (l3): Red officer loses 3 ammunition, Blue officer 2."]
    assert english(GAME.describe(s, GAME.to_act(s)[0], legal[1])) == "Red officer loses 2 ammunition, Blue officer 3"


def test_r24_l3_split_with_one_answer_is_not_asked() -> None:
    """One holder, or no more ammunition than the loss: the engine takes it, in one line."""
    s = _l3_pending([0, 4, 0])
    assert s["pending"] is None and [o["ammo"] for o in s["officers"]] == [0, 0, 0]
    s = _l3_pending([2, 1, 1])
    assert s["pending"] is None and [o["ammo"] for o in s["officers"]] == [0, 0, 0]


def test_r24_an_older_log_answering_l3_one_at_a_time_still_replays() -> None:
    s = _l3_pending([3, 3, 0])
    for _ in range(3):
        s, _ = act(s, {"type": "lose_ammo", "officer": "o1"})
    assert s["pending"] is None  # only the blue officer holds any: the rest is his, unasked
    assert [o["ammo"] for o in s["officers"]] == [0, 1, 0]


def test_r25_remainder_is_chosen_and_r26_cancel() -> None:
    """Rulings 25 and 26: h2 shares 5 tokens among 2 (2 each, the 5th chosen); extra and
    limited movement tokens cancel one for one."""
    s = clear(new(2))
    s["officers"][1]["limited_movement"] = 1
    s["supply"]["limited_movement"] = 3
    s["morale"] = 4
    _on_tile(s, "morale")
    s2, _ = act(s, {"type": "morale"})
    assert s2["pending"]["kind"] == "remainder"
    s3, _ = act(s2, {"type": "give", "officer": "o2"})
    assert s3["officers"][0]["extra_movement"] == 2
    assert s3["officers"][1]["extra_movement"] == 2 and s3["officers"][1]["limited_movement"] == 0
    assert s3["supply"]["extra_movement"] == 0 and s3["supply"]["limited_movement"] == 4


def test_r26_limited_token_spent_at_turn_start() -> None:
    """Ruling 26: a limited-movement token costs 1 movement point at the start of the turn."""
    s = clear(new(2))
    s["officers"][1]["limited_movement"] = 2
    s["supply"]["limited_movement"] = 2
    top(s, quiet_card(s))
    s["officers"][0]["at"] = "guardhouse_1"
    s2, _ = act(s, {"type": "end_turn"})
    while s2["pending"] is not None:
        s2, _ = act(s2, GAME.default_action(s2, GAME.to_act(s2)[0]))
    assert s2["turn"]["officer"] == 1 and s2["turn"]["moves"] == 1
    assert s2["officers"][1]["limited_movement"] == 1 and s2["supply"]["limited_movement"] == 3


def test_r26_extra_movement_token() -> None:
    """Ruling 26: an extra-movement token gives a third movement point, once a turn."""
    s = clear(new(2))
    s["officers"][0]["extra_movement"] = 2
    s, _ = act(s, {"type": "move", "to": "outpost_b"})
    s, _ = act(s, {"type": "move", "to": "outpost_a"})
    assert "extra_movement" in _kinds(s)
    s, _ = act(s, {"type": "extra_movement"})
    assert s["turn"]["moves"] == 1 and s["officers"][0]["extra_movement"] == 1


def _event(s: dict, eid: str) -> tuple[dict, list]:
    from games.westerplatte.apply import settle
    from games.westerplatte.flow import event_tasks, push
    evs: list = []
    s["turn"]["stage"] = "germans"
    push(s, *event_tasks(s, eid, evs), {"kind": "next_turn"})
    settle(s, evs)
    return s, evs


def test_r27_wall_reinforcement_asks_where() -> None:
    """Ruling 27: Wall reinforcement bricks are placed by the active player when short."""
    s = clear(new(2))
    s["walls"]["outpost_a"] = 4
    s["walls"]["guardhouse_2"] = 3
    s, _ = _event(s, "wall_reinforcement_2")
    assert s["pending"]["kind"] == "brick"
    s, _ = act(s, {"type": "brick", "wall": "guardhouse_2"})
    s, _ = act(s, {"type": "brick", "wall": "outpost_a"})
    assert s["walls"]["guardhouse_2"] == 4 and s["walls"]["outpost_a"] == 5
    s2 = clear(new(2))
    s2["walls"]["outpost_a"] = 5
    s2, _ = _event(s2, "wall_reinforcement_3")
    assert s2["walls"]["outpost_a"] == 6 and s2["pending"] is None


def test_r27_other_events() -> None:
    """Ruling 27: German advance, naval bombardment, burnt path, extra ammunition, extra shell."""
    s = clear(new(2))
    troop(s, "b", find(type="troop", unit="machine_gun", path="b", speed=1), 1)
    troop(s, "a", MG1, 1)
    s, _ = _event(s, "german_advance_bcd")
    assert s["troops"]["b"]["space"] == 2 and s["troops"]["a"]["space"] == 1
    s = clear(new(2))
    s, _ = _event(s, "naval_bombardment_ace")
    assert [s["walls"][w] for w in OUTPOSTS] == [5, 6, 5, 6, 5]
    s = clear(new(2))
    s, _ = _event(s, "burnt_path_2")
    assert s["burnt"] == ["outpost_d", "guardhouse_5"]
    s = clear(new(3))
    s, _ = _event(s, "extra_ammunition")
    assert s["pending"]["kind"] == "remainder"
    s = clear(new(2))
    s, _ = _event(s, "extra_ammunition")
    assert [o["ammo"] for o in s["officers"]] == [4, 4]
    s = clear(new(2))
    s["stock"]["mortar"] = 2
    s["beside"]["shells"] = 2
    s, _ = _event(s, "extra_mortar_shell")
    assert s["stock"]["mortar"] == 3


def test_r28_two_empty_guardhouses_lose_at_once() -> None:
    """Ruling 28: the game is lost the moment two guardhouses have no bricks."""
    s = clear(new(2))
    s["walls"]["guardhouse_1"] = 0
    s["walls"]["outpost_a"] = 0
    s["walls"]["guardhouse_2"] = 1
    troop(s, "a", HOW)
    top(s, quiet_card(s))
    s["officers"][0]["at"] = "guardhouse_3"
    s2, _ev = act(s, {"type": "end_turn"})
    out = GAME.outcome(s2)
    assert out is not None and out["winners"] == [] and out["reason"] == "walls_destroyed"
    assert GAME.to_act(s2) == []
    assert s2["deck"] == s["deck"]  # lost in the German attack, before the new card


def test_r28_rebuilt_guardhouse_no_longer_counts() -> None:
    """Ruling 28: an empty guardhouse still works and may be rebuilt."""
    s = clear(new(2))
    g = _on_tile(s, "wall_rebuild")
    s["walls"][g] = 0
    s2, _ = act(s, {"type": "rebuild", "wall": g})
    assert s2["walls"][g] == 2 and GAME.outcome(s2) is None


def test_r29_win_after_day_seven() -> None:
    """Ruling 29: when day 7's pile reaches 8 the turn ends and the players win."""
    s = clear(new(3))
    s["day"] = 7
    s["piles"][6] = [c for c in sorted(CARDS) if CARDS[c]["type"] == "troop"][30:37]
    for c in s["piles"][6]:
        if c in s["deck"]:
            s["deck"].remove(c)
    troop(s, "c", MG3, 2)
    s2, _ = act(s, {"type": "attack", "officers": ["o1"]})
    assert GAME.outcome(s2) is None  # the turn is played to its end
    top(s2, quiet_card(s2))
    s2["officers"][0]["at"] = "outpost_c"
    s3, _ev = act(s2, {"type": "end_turn"}) if GAME.legal_actions(s2, "s1") else (s2, [])
    while GAME.outcome(s3) is None and s3["pending"] is not None:
        s3, _ = act(s3, GAME.default_action(s3, GAME.to_act(s3)[0]))
    out = GAME.outcome(s3)
    assert out is not None and out["winners"] == ["s1", "s2", "s3"] and out["reason"] == "survived"


def test_r30_data_values() -> None:
    """Ruling 30: the reconstructed values come from the data file: 24 + 40 cards."""
    assert sum(c["phase"] == 1 for c in CARDS.values()) == 24
    assert sum(c["phase"] == 2 for c in CARDS.values()) == 40
    s = new(2)
    assert all(CARDS[c]["phase"] == 1 for c in s["deck"][: 24 - 3])


def test_refusals_are_in_player_words() -> None:
    """Refusals name the reason first."""
    s = clear(new(2))
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(s, "s2", {"type": "end_turn"})
    with pytest.raises(IllegalAction, match="link"):
        GAME.apply(s, "s1", {"type": "move", "to": "guardhouse_6"})
    with pytest.raises(IllegalAction):
        GAME.apply(s, "s1", {})


def test_refusals_name_the_reason() -> None:
    """Refusals say the real reason first."""
    s = clear(new(2))
    with pytest.raises(IllegalAction, match="no troop on path C"):
        GAME.apply(s, "s1", {"type": "attack", "officers": ["o1"]})
    with pytest.raises(IllegalAction, match="does not stand on the Mortar tile"):
        GAME.apply(s, "s1", {"type": "mortar", "path": "a"})
    s["turn"]["actions"] = 0
    with pytest.raises(IllegalAction, match="no action left"):
        GAME.apply(s, "s1", {"type": "supply"})


def test_setup_choice_goes_to_seat_one() -> None:
    """Ruling 5: seat 1 makes the choices of the setup draws."""
    for seed in range(40):
        s = new(4, seed=seed, settle=False)
        if s["pending"] is not None:
            assert GAME.to_act(s) == ["s1"] and s["turn"]["stage"] == "setup"
            assert GAME.view(s, None)["asked"]["kind"] == s["pending"]["kind"]
            return
    raise AssertionError("no setup choice in 40 seeds")


def test_r22_boxed_supplies_stay_out() -> None:
    """Rulings 3 and 22: on the red side one shell and one mine stay in the box; a tile never
    holds more than its side's number; an Extra event needs one beside the board."""
    s = clear(new(2, "hard"))
    assert s["boxed"] == {"shells": 1, "mines": 1}
    s["stock"]["mortar"] = 3
    s, _ = _event(s, "extra_mortar_shell")
    assert s["stock"]["mortar"] == 3
    s = clear(new(2, "hard"))
    s["stock"]["mines"] = 1
    s["beside"]["mines"] = 0
    s, _ = _event(s, "extra_mine")
    assert s["stock"]["mines"] == 1


def test_r24_h1_nothing_when_no_tile_has_room() -> None:
    """Ruling 24: h1 pays nothing when no tile has room."""
    from games.westerplatte.flow import run
    s = clear(new(2))
    s["tasks"] = [{"kind": "morale", "change": 1}]
    run(s, [])
    assert s["morale"] == 4 and s["pending"] is None
    assert s["stock"] == {"mortar": 4, "mines": 4, "wall_rebuild": 8}


def test_event_texts_are_plain_sentences() -> None:
    """Each event card's text stands alone: no "As Wall reinforcement (2)", no "as above"."""
    from games.westerplatte.board import EVENTS
    for eid, e in EVENTS.items():
        text = e["effect"]
        assert not text.startswith("As ") and "as above" not in text, eid
        assert text[0].isupper() and text.endswith("."), eid
        if "bricks" in e:
            assert f"Put {e['bricks']} bricks" in text, eid
        for w in e.get("outposts", []):
            assert w[-1].upper() in text, eid


@pytest.mark.parametrize(("players", "difficulty", "seed"), [(1, "medium", 2), (2, "easy", 3), (3, "hard", 4),
                                                             (4, "medium", 7)])
def test_no_question_with_one_answer_is_asked(players: int, difficulty: str, seed: int) -> None:
    """Over whole random games: whenever the game waits on a player, he has more than one answer."""
    from games.simulate import choose, playout_rng

    s = new(players, difficulty=difficulty, seed=seed, settle=False)
    decide = playout_rng(seed)
    for _ in range(3000):
        if s["outcome"] is not None:
            break
        seat = GAME.to_act(s)[0]
        assert len(GAME.legal_actions(s, seat)) > 1, s["pending"]
        seat, action = choose(GAME, s, decide)
        s, _ = GAME.apply(s, seat, action)
    assert s["outcome"] is not None
