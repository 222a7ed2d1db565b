"""Setup, decks, the orders phase, the victory card, pick-up/drop/delivery."""
from __future__ import annotations

import pytest

from games.mali import GAME
from games.mali.state import VICTORY
from tests.games.mali.helpers import (
    act,
    carry,
    new,
    park,
    play_cards,
    position,
    run_tasks,
    set_track,
    types,
)


@pytest.mark.parametrize(("players", "size"), [(2, 12), (3, 16), (4, 20)])
def test_basic_deck_sizes_and_track(players, size):
    s = new(players)
    on_track = sum(len(x) for x in s["track"])
    assert len(s["deck"]) + on_track == size
    assert len(s["track"]) == 5
    assert s["soldier"] == "plac_narutowicza"


@pytest.mark.parametrize(("players", "below"), [(2, 24), (3, 18), (4, 12)])
def test_extended_deck_has_victory_card_above_the_right_count(players, below):
    s = new(players, "extended")
    assert len(s["track"]) == 4 and s["soldier"] is None
    deck = s["deck"]
    assert len(deck) == 43 and deck.count(VICTORY) == 1
    assert len(deck) - 1 - deck.index(VICTORY) == below


def test_setup_positions_and_start_player_from_seed():
    starts = {new(4, seed=k)["start"] for k in range(20)}
    assert len(starts) > 1
    assert new(4, seed=7)["start"] == new(4, seed=7)["start"]
    s = new(4)
    for name in ("Zosia", "Gosia", "Alek", "Jurek"):
        assert s["scouts"][name]["at"] == "plac_wilsona"
    for name in ("Janek", "Tadek", "Hanka", "Staszek"):
        assert s["scouts"][name]["at"] == "past"


def _next_round(s):
    run_tasks(s, "time_start", phase="time")
    while s["pending"]:
        seat = s["pending"]["seat"]
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    return s


def test_three_player_draw_pattern_two_one_two():
    s = new(3)
    counts = [sum(len(x) for x in s["track"])]
    for _ in range(2):
        s["track"] = [[] for _ in s["track"]]
        s = _next_round(s)
        counts.append(len(s["track"][0]))
    assert counts == [2, 1, 2]


@pytest.mark.parametrize(("players", "per_round"), [(2, 1), (4, 2)])
def test_two_and_four_player_draws(players, per_round):
    s = new(players)
    assert len(s["track"][0]) == per_round
    s["track"] = [[] for _ in s["track"]]
    s = _next_round(s)
    assert len(s["track"][0]) == per_round


def test_victory_card_counts_as_a_drawn_card_and_stops_orders_phases():
    s = new(4, "extended")
    s = _draft(s)
    s["track"] = [[] for _ in s["track"]]
    s["deck"] = ["O01", VICTORY, "O02", "O03", "O04"]
    s = _next_round(s)
    assert s["track"][0] == ["O01", VICTORY]
    assert s["deck"] == ["O02", "O03", "O04"]
    s["track"][1] = [VICTORY]
    s["track"][0] = []
    s = _next_round(s)
    assert s["track"][0] == [] and s["deck"] == ["O02", "O03", "O04"]  # no orders phase any more


def test_extra_card_still_drawn_after_victory_and_game_ends_when_it_leaves():
    s = new(2, "extended")
    s = _draft(s)
    park(s)
    s["deck"] = ["O02", "O03"]
    s["victory_drawn"] = True
    set_track(s, [], [], [], [VICTORY, "O05"])  # O05 expires: first in Mokotów
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    if s["pending"]:
        s, _ = act(s, s["pending"]["seat"], **GAME.default_action(s, s["pending"]["seat"]))
    assert s["outcome"] is not None and s["outcome"]["reason"] == "victory"
    assert s["track"][0] == ["O02"]


def _draft(s):
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    return s


def test_fallen_district_cards_are_shown_discarded_and_replaced():
    s = new(2, "extended")
    s = _draft(s)
    s["fallen"] = ["mokotow"]
    s["track"] = [[] for _ in s["track"]]
    s["deck"] = ["O05", "O09", "O01", "O02"]  # O05 -> Aleja Szucha, O09 -> Stary Mokotów
    events = run_tasks(s, "time_start", phase="time")
    assert s["track"][0] == ["O01"] and s["discarded"] == ["O05", "O09"]
    assert [e["order"] for e in events if e["type"] == "discarded"] == ["O05", "O09"]
    assert "private_to" not in next(e for e in events if e["type"] == "discarded")


def _my_turn(s, cards, seat):
    s, _ = play_cards(s, cards)
    while s["current"]["seat"] != seat:
        s, _ = act(s, s["current"]["seat"], type="end_turn")
    return s


def test_pick_up_is_optional_drops_old_order_and_moves_own_token():
    s = new(2)
    park(s, "plac_wilsona")
    set_track(s, ["O01", "O02"])  # both start at Plac Wilsona
    s = _my_turn(s, {"r": 1, "g": 2}, "r")
    legal = GAME.legal_actions(s, "r")
    assert {"type": "pick_up", "scout": "Zosia", "order": "O01"} in legal
    s, _ = act(s, "r", type="pick_up", scout="Zosia", order="O01")
    assert {"type": "pick_up", "scout": "Zosia", "order": "O01"} not in GAME.legal_actions(s, "r")
    s, _ = act(s, "r", type="pick_up", scout="Zosia", order="O02")
    assert s["scouts"]["Zosia"]["carrying"] == "O02"
    s, _ = act(s, "r", type="pick_up", scout="Janek", order="O02")
    assert s["scouts"]["Zosia"]["carrying"] is None and s["scouts"]["Janek"]["carrying"] == "O02"
    s, _ = act(s, "r", type="drop", scout="Janek")
    assert s["scouts"]["Janek"]["carrying"] is None


def test_delivery_is_automatic_at_the_start_of_the_turn():
    s = new(2)
    park(s)
    set_track(s, ["O01"])
    position(s, Zosia="starowka")
    carry(s, "Zosia", "O01")
    s, ev = play_cards(s, {"r": 1, "g": 2})
    assert s["players"][0]["delivered"] == ["O01"]
    assert any(e["type"] == "delivered" and e["seat"] == "r" for e in ev)


def test_no_entry_into_and_no_pick_up_in_a_fallen_district():
    s = new(2, "extended")
    s = _draft(s)
    park(s, "sggw--plac_narutowicza#2")  # an Ochota space next to Mokotów
    s["fallen"] = ["mokotow"]
    set_track(s, ["O33"])  # SGGW -> Cytadela
    s["scouts"]["Zosia"]["at"] = "sggw"  # a stray scout left inside: still no pick-up
    s = _my_turn(s, {"r": 1, "g": 2}, "r")
    legal = GAME.legal_actions(s, "r")
    assert "pick_up" not in types(legal)
    assert not [a for a in legal if a["type"] == "step" and a["to"] == "sggw--plac_narutowicza#1"]


def test_drop_alone_does_not_keep_the_turn_open():
    s = new(2)
    park(s, "kosciol_bernardynow")
    set_track(s, ["O01"])
    carry(s, "Zosia", "O01")
    s = _my_turn(s, {"r": 1, "g": 5}, "r")
    s, _ = act(s, "r", type="step", scout="Janek", to="port--kosciol_bernardynow#1")
    assert s["current"]["seat"] == "g"  # red could still drop, but the turn ended by itself
