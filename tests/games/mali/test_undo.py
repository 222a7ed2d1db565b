"""undo_barrier: True exactly when the action used randomness, revealed hidden information to anyone
or let another seat act (games.base.Game.undo_barrier)."""
from __future__ import annotations

from typing import Any

from games.mali import GAME
from tests.games.mali.helpers import (
    act,
    force_roll,
    new,
    park,
    play_cards,
    position,
    run_tasks,
    set_track,
)


def barrier(s: dict[str, Any], seat: str, **action: Any) -> tuple[bool, dict[str, Any]]:
    after, _ = GAME.apply(s, seat, action)
    return GAME.undo_barrier(s, seat, action, after), after


def _draft(s: dict[str, Any]) -> dict[str, Any]:
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    return s


def test_a_secret_card_may_be_changed_until_the_last_one_reveals_them_all() -> None:
    s = new(3)
    b, s = barrier(s, "r", type="choose_card", value=2)
    assert b is False  # nothing random, nothing shown, the others owed their cards already
    b, s = barrier(s, "g", type="choose_card", value=3)
    assert b is False
    b, s = barrier(s, "o", type="choose_card", value=1)
    assert b is True  # the reveal shows every card
    assert s["phase"] == "movement"


def test_the_last_card_is_a_barrier_even_when_its_chooser_moves_first() -> None:
    s = new(2)
    s, _ = act(s, "g", type="choose_card", value=5)
    b, s = barrier(s, "r", type="choose_card", value=1)
    assert b is True and s["current"]["seat"] == "r"


def test_steps_pick_ups_and_drops_may_be_taken_back_during_the_movement() -> None:
    s = new(2)
    park(s, keep=("Janek",))
    set_track(s, ["O17"])  # Budynek PAST-y -> Aleja Szucha
    s, _ = play_cards(s, {"r": 3, "g": 5})
    b, s = barrier(s, "r", type="pick_up", scout="Janek", order="O17")
    assert b is False
    b, s = barrier(s, "r", type="step", scout="Janek", to="past--dworzec_pocztowy#1")
    assert b is False and s["current"]["seat"] == "r"
    b, s = barrier(s, "r", type="drop", scout="Janek")
    assert b is False
    b, s = barrier(s, "r", type="end_turn")
    assert b is True and s["current"]["seat"] == "g"  # the turn passed on


def test_the_last_movement_rolls_the_die() -> None:
    s = new(2)
    park(s)
    s, _ = play_cards(s, {"r": 1, "g": 2})
    s, _ = act(s, "r", type="end_turn")
    force_roll(s, "black", 1)
    b, _ = barrier(s, "g", type="end_turn")
    assert b is True


def test_a_jump_is_no_barrier_while_the_mover_moves_on() -> None:
    s = new(2, jcop=True)  # the jump costs one point: the rest may be stepped
    park(s, keep=("Zosia",))
    position(s, Zosia="cytadela")
    s, _ = play_cards(s, {"r": 3, "g": 5})
    b, s = barrier(s, "r", type="jump", scout="Zosia", to="pwpw")
    assert b is False and s["current"]["seat"] == "r" and s["current"]["points_left"] == 2


def test_objectives_kept_in_secret_until_the_last_draft_draws_the_orders() -> None:
    s = new(2, "extended")
    first = GAME.default_action(s, "r")
    b, s = barrier(s, "r", **first)
    assert b is False
    b, s = barrier(s, "g", **GAME.default_action(s, "g"))
    assert b is True and s["round"] == 1  # the first orders were drawn from the deck


def test_peek_reveals_the_deck() -> None:
    s = _draft(new(2, "extended"))
    park(s, "plac_wilsona")
    s, _ = play_cards(s, {"r": 4, "g": 5})
    assert s["current"]["seat"] == "r"
    b, _ = barrier(s, "r", type="peek")
    assert b is True


def test_a_card_action_that_shows_nothing_is_no_barrier() -> None:
    s = _draft(new(2, "extended"))
    park(s, keep=("Zosia",))
    position(s, Zosia="plac_trzech_krzyzy")
    set_track(s, [], [], ["O35"], ["O16"])
    s, _ = play_cards(s, {"r": 3, "g": 5})
    b, s = barrier(s, "r", type="swap_orders", a="O35", b="O16")
    assert b is False and s["current"]["seat"] == "r"


def test_the_block_that_ends_the_game_is_a_barrier() -> None:
    s = new(2)
    park(s)
    s["blocked"] = [{"edge": None, "location": "cytadela", "district": "zoliborz"}] * 3
    set_track(s, [], [], [], [], ["O05"])  # -> Aleja Szucha, two paths to choose from
    s["order"] = [1, 0]
    run_tasks(s, "time_start", phase="time")
    assert s["pending"]["kind"] == "block_path"
    b, after = barrier(s, "r", type="block_path", edge=s["pending"]["options"][0])
    outcome = GAME.outcome(after)
    assert b is True and outcome is not None and outcome["reason"] == "fourth_token"


def test_a_choice_that_hands_the_next_choice_to_another_player_is_a_barrier() -> None:
    s = new(2)
    park(s)
    position(s, Gosia="aleja_szucha--przyczolek#2")
    set_track(s, [], [], [], [], ["O05"])
    s["order"] = [1, 0]
    run_tasks(s, "time_start", phase="time")
    b, after = barrier(s, "r", type="block_path", edge="aleja_szucha--przyczolek")
    assert after["pending"]["seat"] == "g" and b is True


def test_a_red_die_bonus_choice_may_be_taken_back_by_the_same_player() -> None:
    s = new(2)
    park(s, "kosciol_bernardynow")
    s["soldier"] = "plac_narutowicza"
    position(s, Wicek="palacyk_michla--plac_narutowicza#3", Zosia="plac_narutowicza--dworzec_pocztowy#1")
    s, _ = play_cards(s, {"r": 4, "g": 2})
    s, _ = act(s, "g", type="end_turn")
    force_roll(s, "red", 2)
    b, s = barrier(s, "r", type="end_turn")
    assert b is True  # the die was rolled
    assert s["pending"]["kind"] == "choose_scout" and s["pending"]["seat"] == "r"
    b, after = barrier(s, "r", type="choose_scout", scout="Zosia")
    # no die, nothing hidden, nobody else to act: red may still change their mind
    assert after["current"]["stage"] == "bonus" and after["current"]["scout"] == "Zosia" and b is False
