"""Refusals: every unlisted action raises IllegalAction with its real reason first, a few likely
choices after it, and the state unchanged (docs/dev/games.md, "apply")."""
from __future__ import annotations

from typing import Any

import pytest

from games.base import IllegalAction, canonical
from games.mali import GAME
from tests.games.mali.helpers import act, new, park, play_cards, position, run_tasks, set_track


def _draft(s: dict[str, Any]) -> dict[str, Any]:
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    return s


def refused(s: dict[str, Any], seat: str, action: Any) -> str:
    before = canonical(GAME.dump(s))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, seat, action)
    assert canonical(GAME.dump(s)) == before, "a refused action changed the state"
    msg = str(err.value)
    assert "Legal now" not in msg
    if ": " in msg and ("You can:" in msg or "You could:" in msg):
        offered = msg.split("You c")[1].split(": ", 1)[1].split(" (or one of")[0].split("; ")
        assert 1 <= len(offered) <= 3, msg
    return msg


def _moving() -> dict[str, Any]:
    s = new(2)
    park(s, keep=("Zosia",))
    s, _ = play_cards(s, {"r": 2, "g": 5})
    assert s["current"]["seat"] == "r"
    return s


JUNK: list[tuple[Any, str]] = [
    ({}, 'The action has no "type"'),
    ([], "An action must be a JSON object"),
    ("end_turn", "An action must be a JSON object"),
    ({"type": None}, "The action type must be a word, not null"),
    ({"type": ["x"]}, "The action type must be a word"),
    ({"type": "x" * 500}, 'There is no action "xxx'),
    ({"type": "fly"}, 'There is no action "fly"'),
    ({"type": "step", "scout": "Zosia"}, "A step needs 'to'"),
    ({"type": "step"}, "A step needs 'scout' and 'to'"),
    ({"type": "step", "scout": "Zosia", "to": {"a": 1}}, 'The space must be given by its name, not {"a": 1}'),
    ({"type": "step", "scout": "Zosia", "to": []}, "The space must be given by its name, not []"),
    ({"type": "step", "scout": True, "to": "pawiak"}, "The scout must be given by its name, not true"),
    ({"type": "pick_up", "scout": "Zosia", "order": 7}, "The order must be given by its name, not 7"),
    ({"type": "end_turn", "extra_field_zz": 1}, 'An end of turn takes no field "extra_field_zz"'),
    ({"type": "step", "scout": "Zosia", "to": "port"}, "Port is not next to Plac Wilsona."),
    ({"type": "step", "scout": "Zosia", "to": "zz-no-such"}, '"zz-no-such" (no such space) is not next to'),
    ({"type": "step", "scout": "Gosia", "to": "pawiak"}, "Gosia is not one of your scouts."),
    ({"type": "step", "scout": "Nobody", "to": "pawiak"}, 'There is no scout called "Nobody".'),
    ({"type": "drop", "scout": "Zosia"}, "Zosia carries no order."),
    ({"type": "peek"}, "There is no Plotki z ulicy (look at the deck) in the basic variant"),
    ({"type": "choose_objectives", "ids": ["S01"]}, "There are no secret objectives in the basic variant."),
    ({"type": "choose_card", "value": 3}, "The movement cards were chosen at the start of the round."),
    ({"type": "block_path", "edge": "x"}, "There is no choice of a path to block to make now"),
]


@pytest.mark.parametrize(("action", "reason"), JUNK, ids=[str(a)[:40] for a, _ in JUNK])
def test_junk_is_refused_with_its_reason_first(action: Any, reason: str) -> None:
    msg = refused(_moving(), "r", action)
    assert msg.startswith(reason), msg


def test_the_likely_choices_are_the_same_scouts_moves() -> None:
    msg = refused(_moving(), "r", {"type": "step", "scout": "Zosia", "to": "port"})
    assert msg.count("Zosia → ") >= 2 and "more)" in msg


def test_true_is_not_one_and_a_float_is_not_an_int() -> None:
    s = new(2)
    assert {"type": "choose_card", "value": 1} in GAME.legal_actions(s, "r")
    for junk in (True, 1.0, "1"):
        msg = refused(s, "r", {"type": "choose_card", "value": junk})
        assert msg.startswith("The card must be a number from 1 to 5"), msg
    assert refused(s, "r", {"type": "choose_card", "value": 9}).startswith(
        "Card 9 is not in your hand (you hold 1, 2, 3, 4, 5).")


def test_a_played_card_and_a_second_choice() -> None:
    s = new(2)
    s, _ = play_cards(s, {"r": 2, "g": 5})
    s["phase"], s["current"] = "cards", None  # white box: back in a cards phase
    for p in s["players"]:
        p["chosen"] = None
    assert refused(s, "r", {"type": "choose_card", "value": 2}).startswith("You already played card 2")
    s, _ = act(s, "r", type="choose_card", value=1)
    msg = refused(s, "r", {"type": "choose_card", "value": 3})
    assert msg == "You have already chosen your card this round; waiting for Green."


def test_not_your_turn_names_who_is_awaited() -> None:
    msg = refused(_moving(), "g", {"type": "end_turn"})
    assert msg == "It is not your turn; waiting for Red."
    assert refused(_moving(), "x", {"type": "end_turn"}) == "You are not playing in this game."


def test_extended_refusals_say_the_variant_and_the_card() -> None:
    s = _draft(new(2, "extended"))
    park(s, keep=("Zosia",))
    position(s, Zosia="plac_trzech_krzyzy")
    set_track(s, ["O01"], ["O02"])
    s, _ = play_cards(s, {"r": 3, "g": 5})
    msg = refused(s, "r", {"type": "jump", "scout": "Zosia", "to": "past"})
    assert msg.startswith("There is no jump in the extended variant")
    msg = refused(s, "r", {"type": "peek"})
    assert msg.startswith("Plotki z ulicy (look at the deck) is the action of card 4; your card 3 gives "
                          "Zamiana rozkazów.")
    assert refused(s, "r", {"type": "swap_orders", "a": "O01", "b": "VICTORY"}).startswith(
        "The Victory card is never swapped.")
    s, _ = act(s, "r", type="step", scout="Zosia", to="plac_trzech_krzyzy--przyczolek#1")
    assert refused(s, "r", {"type": "swap_orders", "a": "O01", "b": "O02"}).startswith("Finish your steps first")
    s, _ = act(s, "r", type="finish_moving")
    s, _ = act(s, "r", type="swap_orders", a="O02", b="O01")  # a pair may come in either order
    assert s["track"][:2] == [["O02"], ["O01"]]
    assert s["current"]["seat"] == "g"  # nothing useful left: the turn ended by itself


def test_objectives_in_any_order_and_their_refusals() -> None:
    s = new(2, "extended")
    combo = GAME.legal_actions(s, "r")[0]["ids"]
    hand = s["players"][0]["objective_hand"]
    assert refused(s, "r", {"type": "choose_objectives", "ids": combo[:2]}).startswith(
        "Keep exactly 3 objectives (you named 2).")
    assert refused(s, "r", {"type": "choose_objectives", "ids": [combo[0]] * 3}).startswith(
        "Keep 3 different objectives.")
    other = next(o for o in s["players"][1]["objective_hand"] if o not in hand)
    assert refused(s, "r", {"type": "choose_objectives", "ids": [*combo[:2], other]}).startswith(
        f'"{other}" is not one of the objectives dealt to you.')
    assert refused(s, "r", {"type": "step", "scout": "Zosia", "to": "pawiak"}).startswith(
        "First keep 3 of your dealt objectives")
    s, _ = act(s, "r", type="choose_objectives", ids=list(reversed(combo)))
    assert s["players"][0]["objectives"] == combo


def test_a_pending_choice_comes_first() -> None:
    s = new(2)
    park(s)
    position(s, Gosia="aleja_szucha--przyczolek#2")
    set_track(s, [], [], [], [], ["O05"])
    s["order"] = [1, 0]
    run_tasks(s, "time_start", phase="time")
    assert s["pending"]["kind"] == "block_path" and s["pending"]["seat"] == "r"
    msg = refused(s, "r", {"type": "end_turn"})
    assert msg.startswith("A choice comes first. An order for Aleja Szucha was not delivered")
    msg = refused(s, "r", {"type": "block_path", "edge": "plac_wilsona--cytadela"})
    assert msg.startswith('"plac_wilsona--cytadela" is not one of the choices.')


def test_placement_refusals() -> None:
    s = new(2)
    park(s)
    position(s, Zosia=None)
    s["scouts"]["Zosia"]["status"] = "escaped"
    s["blocked"] = [{"edge": "pwpw--elektrownia", "location": "pwpw", "district": "zoliborz"}]
    s, _ = play_cards(s, {"r": 1, "g": 2})
    assert s["current"]["stage"] == "place"
    assert refused(s, "r", {"type": "end_turn"}).startswith("First place your scouts that escaped from prison.")
    assert refused(s, "r", {"type": "place_scout", "scout": "Zosia", "to": s["soldier"]}).startswith(
        "No scout may be placed on the German soldier's space.")
    assert refused(s, "r", {"type": "place_scout", "scout": "Zosia", "to": "pwpw--elektrownia#1"}).startswith(
        "No scout may be placed on a blocked path.")
    assert refused(s, "r", {"type": "place_scout", "scout": "Janek", "to": "pawiak"}).startswith(
        "Janek is not waiting to be placed.")
