"""The amended RULINGS for Mali (3, 9 and 13), which settle what the engine already did: each checked
here by its number (docs/rules/mali.md says the same)."""
from __future__ import annotations

from typing import Any

import pytest

from games.base import IllegalAction
from games.mali import GAME
from games.mali.state import VICTORY
from tests.games.mali.helpers import act, new, park, play_cards, position, run_tasks, set_track, types


def _draft(s: dict[str, Any]) -> dict[str, Any]:
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    return s


def _turn(s: dict[str, Any], cards: dict[str, int], seat: str) -> dict[str, Any]:
    s, _ = play_cards(s, cards)
    while s["current"]["seat"] != seat:
        s, _ = act(s, s["current"]["seat"], type="end_turn")
    return s


# ---- RULINGS Mali 3: in the extended variant a card's movement is steps only ------------------------

@pytest.mark.parametrize("card", [1, 2, 3, 4, 5])
def test_r3_no_plain_jump_in_the_extended_variant_with_any_card(card: int) -> None:
    s = GAME.setup(["r", "g"], {"variant": "extended", "jump_costs_one_point": True}, 1)
    assert s["jump_costs_one_point"] is False  # the Italian jump option is a basic-variant option
    s = _draft(s)
    park(s, keep=("Zosia",))
    position(s, Zosia="plac_trzech_krzyzy")  # a location with neighbouring locations
    s = _turn(s, {"r": card, "g": 5 if card != 5 else 4}, "r")
    before = GAME.legal_actions(s, "r")
    assert "jump" not in types(before)
    assert ("squad_jump" in types(before)) == (card == 2)  # only card 2's action jumps
    with pytest.raises(IllegalAction, match="no jump in the extended variant"):
        GAME.apply(s, "r", {"type": "jump", "scout": "Zosia", "to": "przyczolek"})
    s, _ = act(s, "r", type="step", scout="Zosia", to="plac_trzech_krzyzy--przyczolek#1")
    assert GAME.to_act(s) != ["r"] or "jump" not in types(GAME.legal_actions(s, "r"))


# ---- RULINGS Mali 9: a blocked path's scout avoids the soldier's end ------------------------------------

def _block_szucha_przyczolek(s: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    set_track(s, [], [], [], [], ["O05"])  # to Aleja Szucha: red (who moved last) blocks a path from it
    s["order"] = [1, 0]
    events = run_tasks(s, "time_start", phase="time")
    s, more = act(s, "r", type="block_path", edge="aleja_szucha--przyczolek")
    return s, events + more


@pytest.mark.parametrize("space", ["aleja_szucha--przyczolek#1", "aleja_szucha--przyczolek#2"])
def test_r9_a_blocked_paths_scout_goes_to_the_end_without_the_soldier(space: str) -> None:
    s = new(2)
    park(s)
    position(s, Gosia=space)  # nearer to Aleja Szucha (#1) or as near to both ends (#2)
    s["soldier"] = "aleja_szucha"
    s, events = _block_szucha_przyczolek(s)
    gosia = s["scouts"]["Gosia"]
    assert gosia["status"] == "board" and gosia["at"] == "przyczolek"  # not arrested, no choice asked
    assert s["pending"] is None or s["pending"]["kind"] != "displace"
    assert not [e for e in events if e["type"] == "arrested"]


def test_r9_without_the_soldier_the_nearer_end_or_the_owners_choice() -> None:
    s = new(2)
    park(s)
    position(s, Gosia="aleja_szucha--przyczolek#1")
    s, _ = _block_szucha_przyczolek(s)
    assert s["scouts"]["Gosia"]["at"] == "aleja_szucha"


# ---- RULINGS Mali 13: the Victory card is one of its round's cards --------------------------------------

def _orders_phase(s: dict[str, Any], deck: list[str]) -> dict[str, Any]:
    s["track"] = [[] for _ in s["track"]]
    s["deck"] = list(deck)
    run_tasks(s, "time_start", phase="time")
    while s["pending"]:
        s, _ = act(s, s["pending"]["seat"], **GAME.default_action(s, s["pending"]["seat"]))
    return s


@pytest.mark.parametrize(("deck", "drawn"), [([VICTORY, "O01", "O02"], [VICTORY, "O01"]),
                                             (["O01", VICTORY, "O02"], ["O01", VICTORY])])
def test_r13_the_victory_card_is_one_of_two_cards_drawn(deck: list[str], drawn: list[str]) -> None:
    s = _draft(new(4, "extended"))
    s = _orders_phase(s, deck)
    assert s["track"][0] == drawn and s["deck"] == ["O02"]
    assert s["victory_drawn"] is True


def test_r13_with_one_card_a_round_the_victory_card_is_that_card() -> None:
    s = _draft(new(3, "extended"))  # round 2 is even: one card with three players
    assert s["round"] == 1
    s = _orders_phase(s, [VICTORY, "O01"])
    assert s["round"] == 2 and s["track"][0] == [VICTORY] and s["deck"] == ["O01"]


def test_r13_no_orders_phase_follows_but_extra_cards_still_come() -> None:
    s = _draft(new(2, "extended"))
    park(s)
    s["victory_drawn"] = True
    s["deck"] = ["O02", "O03"]
    set_track(s, [], [VICTORY], [], ["O05"])  # O05 expires: first one in Mokotów, an extra card
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    while s["pending"]:
        s, _ = act(s, s["pending"]["seat"], **GAME.default_action(s, s["pending"]["seat"]))
    assert s["outcome"] is None and s["round"] == 2
    assert s["track"][0] == ["O02"] and s["deck"] == ["O03"]  # the extra card, and no orders phase
