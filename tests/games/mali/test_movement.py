"""Movement: steps, jumps, the extended actions, turn order, movement cards."""
from __future__ import annotations

from games.mali import GAME, reachable
from games.mali.route import walk_actions
from tests.games.mali.helpers import act, new, park, play_cards, position, set_track, types


def _turn(s, cards, seat):
    s, _ = play_cards(s, cards)
    while s["current"]["seat"] != seat:
        s, _ = act(s, s["current"]["seat"], type="end_turn")
    return s


def _draft(s):
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    return s


def test_basic_steps_or_one_jump_not_both():
    s = new(2)
    park(s, keep=("Zosia",))
    position(s, Zosia="plac_trzech_krzyzy")
    s = _turn(s, {"r": 3, "g": 5}, "r")
    assert {"step", "jump"} <= types(GAME.legal_actions(s, "r"))
    stepped, _ = act(s, "r", type="step", scout="Zosia", to="past")
    assert "jump" not in types(GAME.legal_actions(stepped, "r"))
    jumped, _ = act(s, "r", type="jump", scout="Zosia", to="dworzec_pocztowy")
    assert jumped["scouts"]["Zosia"]["at"] == "dworzec_pocztowy"
    assert jumped["current"]["seat"] == "g"  # the jump was the whole movement


def test_jump_costs_one_point_option():
    s = new(2, jcop=True)
    park(s, keep=("Zosia",))
    position(s, Zosia="plac_trzech_krzyzy")
    s = _turn(s, {"r": 3, "g": 5}, "r")
    s, _ = act(s, "r", type="step", scout="Zosia", to="past")
    s, _ = act(s, "r", type="jump", scout="Zosia", to="dworzec_pocztowy")
    assert s["current"]["points_left"] == 1 and s["current"]["jumped"]
    assert "jump" not in types(GAME.legal_actions(s, "r"))
    assert "step" in types(GAME.legal_actions(s, "r"))


def test_steps_respect_soldier_blocks_and_jumps_over_soldier_on_a_space():
    s = new(2)
    park(s, keep=("Zosia",))
    position(s, Zosia="past")
    s["soldier"] = "past--dworzec_pocztowy#1"
    s["blocked"] = [{"edge": "past--plac_trzech_krzyzy", "location": "past", "district": "srodmiescie"}]
    s = _turn(s, {"r": 3, "g": 5}, "r")
    legal = GAME.legal_actions(s, "r")
    steps = {a["to"] for a in legal if a["type"] == "step"}
    jumps = {a["to"] for a in legal if a["type"] == "jump"}
    assert "past--dworzec_pocztowy#1" not in steps  # the soldier's space
    assert "plac_trzech_krzyzy" not in steps and "plac_trzech_krzyzy" not in jumps  # blocked zero-space path
    assert "dworzec_pocztowy" in jumps  # over the soldier standing on a plain space
    s["soldier"] = "dworzec_pocztowy"
    assert "dworzec_pocztowy" not in {a["to"] for a in GAME.legal_actions(s, "r") if a["type"] == "jump"}


def test_moving_is_optional_and_reachable_routes():
    s = new(2)
    park(s, keep=("Janek",))
    s = _turn(s, {"r": 2, "g": 5}, "r")
    routes = reachable(s, "r", "Janek")
    assert all(len(r) <= 2 for r in routes.values()) and "dworzec_pocztowy" in routes
    assert reachable(s, "g", "Janek") == {} and reachable(s, "r", "Gosia") == {}
    s, _ = act(s, "r", type="end_turn")
    assert s["current"]["seat"] == "g"


def test_a_walked_route_is_its_steps_and_every_one_is_legal():
    s = new(2)
    park(s, keep=("Janek",))
    s = _turn(s, {"r": 3, "g": 5}, "r")
    routes = reachable(s, "r", "Janek")
    assert any(len(r) == 3 for r in routes.values())
    for target, route in routes.items():
        for pickups in (False, True):
            walked = walk_actions(s, "r", "Janek", route, pickups)
            steps = [a["to"] for a in walked if a["type"] == "step"]
            assert steps == route[:len(steps)] and (pickups or steps == route)
            after = s
            for action in walked:
                after, _ = act(after, "r", **action)
            if steps == route:
                assert after["scouts"]["Janek"]["at"] == target


def test_movement_order_by_card_then_start_player_clockwise():
    s = new(4)
    s["start"] = 2
    s, _ev = play_cards(s, {"r": 3, "g": 1, "o": 3, "p": 3})
    assert GAME.view(s, None)["movement_order"] == ["g", "o", "p", "r"]


def test_movement_cards_stay_played_and_return_after_five_rounds():
    s = new(2)
    s["players"][0]["hand"] = [4]
    s["players"][0]["played"] = [1, 2, 3, 5]
    s["players"][1]["hand"] = [2]
    s["players"][1]["played"] = [1, 3, 4, 5]
    from games.mali import flow
    flow.advance(s, [])  # one card left each: the engine plays them (nobody is asked)
    assert GAME.to_act(s) != ["r", "g"] and s["phase"] == "movement"
    view = GAME.view(s, None)
    assert view["players"][0]["hand"] == [] and view["players"][0]["played"] == [1, 2, 3, 5, 4]
    from tests.games.mali.helpers import run_tasks
    run_tasks(s, "time_start", phase="time")
    while s["pending"]:
        s, _ = act(s, s["pending"]["seat"], **GAME.default_action(s, s["pending"]["seat"]))
    assert s["players"][0]["hand"] == [1, 2, 3, 4, 5] and s["players"][0]["played"] == []


def test_extended_has_no_plain_jump_and_action_and_steps_do_not_mix():
    s = new(2, "extended")
    s = _draft(s)
    park(s, keep=("Zosia", "Janek"))
    position(s, Zosia="plac_trzech_krzyzy", Janek="past")
    s = _turn(s, {"r": 2, "g": 5}, "r")
    legal = GAME.legal_actions(s, "r")
    assert "jump" not in types(legal) and "squad_jump" in types(legal)
    s, _ = act(s, "r", type="step", scout="Zosia", to="plac_trzech_krzyzy--przyczolek#1")
    legal = GAME.legal_actions(s, "r")
    assert "squad_jump" not in types(legal) and "finish_moving" in types(legal)
    s, _ = act(s, "r", type="finish_moving")
    legal = GAME.legal_actions(s, "r")
    assert "step" not in types(legal) and "squad_jump" in types(legal)
    view = GAME.view(s, None)
    assert view["current"]["stage"] == "action"
    s, _ = act(s, "r", type="squad_jump", scout="Janek", to="uniwersytet")
    assert s["current"]["seat"] == "g"


def test_extended_action_first_then_steps_and_card_five_has_no_action():
    s = new(2, "extended")
    s = _draft(s)
    park(s, keep=("Zosia",))
    position(s, Zosia="plac_trzech_krzyzy")
    s = _turn(s, {"r": 2, "g": 5}, "r")
    s, _ = act(s, "r", type="squad_jump", scout="Zosia", to="past")
    assert "step" in types(GAME.legal_actions(s, "r"))
    assert "squad_jump" not in types(GAME.legal_actions(s, "r"))
    s, _ = act(s, "r", type="end_turn")
    legal = GAME.legal_actions(s, "g")
    assert types(legal) <= {"step", "pick_up", "drop", "end_turn"}


def test_swap_orders_never_moves_victory_and_needs_neighbouring_spaces():
    s = new(2, "extended")
    s = _draft(s)
    set_track(s, ["O01"], ["VICTORY", "O02"], [], ["O03"])
    s = _turn(s, {"r": 3, "g": 5}, "r")
    swaps = {(a["a"], a["b"]) for a in GAME.legal_actions(s, "r") if a["type"] == "swap_orders"}
    assert swaps == {("O01", "O02")}


def test_peek_not_legal_when_no_orders_phase_follows():
    s = new(2, "extended")
    s = _draft(s)
    set_track(s, ["VICTORY"])
    s = _turn(s, {"r": 4, "g": 5}, "r")
    assert "peek" not in types(GAME.legal_actions(s, "r"))


def test_peek_discards_fallen_cards_publicly_and_shows_replacement_privately():
    s = new(2, "extended")
    s = _draft(s)
    park(s, "plac_wilsona")
    s["fallen"] = ["mokotow"]
    for o in ("O05", "O01", "O02"):
        s["deck"].remove(o)
    s["deck"][0:0] = ["O05", "O01", "O02"]
    s = _turn(s, {"r": 4, "g": 5}, "r")
    s, ev = act(s, "r", type="peek")
    assert s["players"][0]["peeked"] == ["O01"] and s["discarded"] == ["O05"]
    disc = [e for e in ev if e["type"] == "discarded"]
    assert disc and "private_to" not in disc[0]
    assert next(e for e in ev if e.get("private_to") == "r")["orders"] == ["O01"]


def test_legal_actions_exact_in_a_small_position():
    s = new(2)
    for name in ("Janek", "Wicek"):
        position(s, **{name: None})
    position(s, Zosia="cytadela")
    set_track(s, ["O03"])  # Cytadela -> Elektrownia
    s, _ = play_cards(s, {"r": 1, "g": 5})
    legal = GAME.legal_actions(s, "r")
    expected = [
        {"type": "step", "scout": "Zosia", "to": "plac_wilsona--cytadela#4"},
        {"type": "step", "scout": "Zosia", "to": "pwpw"},
        {"type": "jump", "scout": "Zosia", "to": "plac_wilsona"},
        {"type": "jump", "scout": "Zosia", "to": "pwpw"},
        {"type": "pick_up", "scout": "Zosia", "order": "O03"},
        {"type": "end_turn"},
    ]
    assert sorted(map(str, legal)) == sorted(map(str, expected))
    s, _ = act(s, "r", type="pick_up", scout="Zosia", order="O03")
    assert {"type": "drop", "scout": "Zosia"} in GAME.legal_actions(s, "r")
