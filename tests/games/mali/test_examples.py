"""The rule book's worked examples (Przykład 1-10), played through the engine."""
from __future__ import annotations

import json

from games.mali import GAME, reachable
from tests.games.mali.helpers import (
    act,
    carry,
    force_roll,
    new,
    park,
    play_cards,
    position,
    run_tasks,
    set_track,
)


def test_example_1_pick_up_and_first_delivery_scores():
    s = new(2)
    set_track(s, ["O02"])  # Plac Wilsona -> Port, 15 points
    park(s, keep=("Zosia", "Gosia"))
    position(s, Zosia="plac_wilsona", Gosia="plac_wilsona")
    s, _ = play_cards(s, {"r": 1, "g": 2})
    assert s["current"]["seat"] == "r"
    assert {"type": "pick_up", "scout": "Zosia", "order": "O02"} in GAME.legal_actions(s, "r")
    s, _ = act(s, "r", type="pick_up", scout="Zosia", order="O02")
    s, _ = act(s, "r", type="end_turn")
    s, _ = act(s, "g", type="pick_up", scout="Gosia", order="O02")
    assert GAME.view(s, None)["carriers"] == {"O02": ["Zosia", "Gosia"]}
    # Zosia reaches Port first (next to Przyczółek), during a later movement of red.
    s["scouts"]["Zosia"]["at"] = "przyczolek"
    s, _ = act(s, "g", type="end_turn")
    s = _to_next_movement(s, {"r": 2, "g": 3})
    assert s["current"]["seat"] == "r"
    s, ev = act(s, "r", type="step", scout="Zosia", to="port")
    assert any(e["type"] == "delivered" for e in ev)
    view = GAME.view(s, None)
    assert view["players"][0]["delivered"] == ["O02"] and view["players"][0]["points"] == 15
    assert view["carriers"] == {} and s["scouts"]["Gosia"]["carrying"] is None
    assert all("O02" not in space for space in view["track"])


def _to_next_movement(s, cards):
    """Finish the current round quietly (soldier far away, black 1) and play the next cards."""
    while s["phase"] == "movement":
        s, _ = act(s, s["current"]["seat"], type="end_turn")
        if s["phase"] == "movement" and s["current"] is None:
            break
        if s["phase"] != "movement":
            break
    while s["pending"] is not None:
        seat = s["pending"]["seat"]
        s, _ = GAME.apply(s, seat, GAME.default_action(s, seat))
    return play_cards(s, cards)[0]


def test_example_2_two_points_split_or_one_scout():
    s = new(2)
    park(s, keep=("Janek", "Wicek"))
    s, _ = play_cards(s, {"r": 2, "g": 5})
    routes = reachable(s, "r", "Janek")  # Janek starts on Budynek PAST-y
    assert len(routes["dworzec_pocztowy"]) == 2
    s2, _ = act(s, "r", type="step", scout="Janek", to="past--dworzec_pocztowy#1")
    s2, _ = act(s2, "r", type="step", scout="Janek", to="dworzec_pocztowy")
    assert s2["scouts"]["Janek"]["at"] == "dworzec_pocztowy"
    s3, _ = act(s, "r", type="step", scout="Janek", to="past--dworzec_pocztowy#1")
    s3, _ = act(s3, "r", type="step", scout="Wicek", to="stary_mokotow--aleja_szucha#1")
    assert s3["current"]["seat"] == "g"  # both points spent: the turn ended by itself


def test_example_3_jump_targets_and_no_jump_from_a_plain_space():
    s = new(3)
    park(s, keep=("Zosia", "Alek"))
    position(s, Zosia="plac_trzech_krzyzy", Alek="past--elektrownia#1")
    s, _ = play_cards(s, {"r": 1, "g": 2, "o": 3})
    jumps = {a["to"] for a in GAME.legal_actions(s, "r") if a["type"] == "jump" and a["scout"] == "Zosia"}
    assert jumps == {"past", "elektrownia", "przyczolek", "aleja_szucha", "dworzec_pocztowy"}
    s, _ = act(s, "r", type="end_turn")
    s, _ = act(s, "g", type="end_turn")
    assert s["current"]["seat"] == "o"
    assert not [a for a in GAME.legal_actions(s, "o") if a["type"] == "jump" and a["scout"] == "Alek"]


def test_example_4_soldier_runs_at_later_mover_who_chooses_and_arrests_two():
    s = new(2)
    s["soldier"] = "browary"
    park(s, "kosciol_bernardynow")
    position(s, Zosia="bank_polski", Gosia="bank_polski", Tadek="browary--palacyk_michla#2")
    s, _ = play_cards(s, {"r": 2, "g": 4})  # green moves later
    s, _ = act(s, "r", type="end_turn")
    force_roll(s, "black", 3)
    s, _ = act(s, "g", type="end_turn")
    pending = s["pending"]
    assert pending["kind"] == "choose_scout" and pending["seat"] == "g"
    assert set(pending["options"]) == {"Gosia", "Tadek"}
    s, ev = act(s, "g", type="choose_scout", scout="Gosia")
    assert s["soldier"] == "bank_polski"
    assert s["scouts"]["Zosia"]["status"] == "prison" and s["scouts"]["Gosia"]["status"] == "prison"
    assert s["scouts"]["Tadek"]["status"] == "board"
    assert {e["type"] for e in ev} >= {"soldier_moved", "arrested"}


def test_example_5_last_mover_blocks_a_path_and_scout_goes_to_nearest_location():
    s = new(4)
    park(s, "stary_mokotow")
    position(s, Alek="aleja_szucha--przyczolek#3")
    set_track(s, [], [], [], [], ["O05"])  # Wytwórnia -> Aleja Szucha leaves the track
    s["order"] = [0, 1, 2, 3]  # purple moved last
    run_tasks(s, "time_start", phase="time")
    assert s["pending"]["kind"] == "block_path" and s["pending"]["seat"] == "p"
    assert set(s["pending"]["options"]) == {"plac_trzech_krzyzy--aleja_szucha", "stary_mokotow--aleja_szucha",
                                            "aleja_szucha--przyczolek", "aleja_szucha--filtry"}
    s, ev = act(s, "p", type="block_path", edge="aleja_szucha--przyczolek")
    assert s["scouts"]["Alek"]["at"] == "przyczolek"
    assert GAME.view(s, None)["blocked"] == [{"edge": "aleja_szucha--przyczolek", "location": "aleja_szucha",
                                              "district": "mokotow"}]
    assert any(e["type"] == "displaced" for e in ev)


def test_example_6_step_then_swap_delivers():
    s = new(2, "extended")
    s = _draft(s)
    park(s, keep=("Gosia", "Tadek"))
    set_track(s, ["O13"])  # Starówka -> Pałacyk Michla
    position(s, Gosia="starowka", Tadek="palacyk_michla")
    carry(s, "Gosia", "O13")
    s, _ = play_cards(s, {"r": 5, "g": 1})
    assert s["current"]["seat"] == "g"
    s, _ = act(s, "g", type="step", scout="Gosia", to="starowka--pawiak#1")
    assert {"type": "swap_scouts", "a": "Gosia", "b": "Tadek"} in GAME.legal_actions(s, "g")
    s, _ev = act(s, "g", type="swap_scouts", a="Gosia", b="Tadek")
    assert s["players"][1]["delivered"] == ["O13"]
    assert s["scouts"]["Tadek"]["at"] == "starowka--pawiak#1"


def _draft(s):
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    return s


def test_example_7_squad_jump_then_steps_for_two_scouts():
    s = new(4, "extended")
    s = _draft(s)
    park(s, "kosciol_bernardynow", keep=("Jurek", "Staszek"))
    position(s, Jurek="elektrownia", Staszek="plac_wilsona")
    s, _ = play_cards(s, {"r": 1, "g": 3, "o": 4, "p": 2})
    while s["current"]["seat"] != "p":
        s, _ = act(s, s["current"]["seat"], type="end_turn")
    assert {"type": "squad_jump", "scout": "Jurek", "to": "pwpw"} in GAME.legal_actions(s, "p")
    s, _ = act(s, "p", type="squad_jump", scout="Jurek", to="pwpw")
    s, _ = act(s, "p", type="step", scout="Jurek", to="cytadela")
    s, _ = act(s, "p", type="step", scout="Staszek", to="plac_wilsona--cytadela#1")
    assert s["scouts"]["Jurek"]["at"] == "cytadela"
    assert s["current"] is None or s["current"]["seat"] != "p"


def test_example_8_swap_orders_then_three_steps():
    s = new(2, "extended")
    s = _draft(s)
    park(s, keep=("Zosia",))
    position(s, Zosia="plac_trzech_krzyzy")
    set_track(s, [], [], ["O35"], ["O16"])  # O16: Bank Polski -> Plac Wilsona on the last space
    s, _ = play_cards(s, {"r": 3, "g": 5})
    s, _ = act(s, "r", type="swap_orders", a="O16", b="O35")  # either order of a/b is accepted
    assert s["track"][2] == ["O16"] and s["track"][3] == ["O35"]
    route = reachable(s, "r", "Zosia")["bank_polski"]
    assert len(route) == 3
    for node in route:
        s, _ = act(s, "r", type="step", scout="Zosia", to=node)
    assert s["scouts"]["Zosia"]["at"] == "bank_polski"


def test_example_9_peek_is_private_then_four_steps_to_port():
    s = new(4, "extended")
    s = _draft(s)
    park(s, keep=("Hanka",))
    position(s, Hanka="stary_mokotow")
    s["deck"].remove("O39")
    s["deck"].remove("O01")
    s["deck"][0:0] = ["O39", "O01"]  # O39 starts at Port
    s, _ = play_cards(s, {"r": 1, "g": 2, "o": 4, "p": 5})
    while s["current"]["seat"] != "o":
        s, _ = act(s, s["current"]["seat"], type="end_turn")
    s, ev = act(s, "o", type="peek")
    private = [e for e in ev if e.get("private_to") == "o"]
    assert private and private[0]["orders"] == ["O39", "O01"]
    public = json.dumps([e for e in ev if "private_to" not in e]) + json.dumps(GAME.view(s, None))
    assert "O39" not in public and "O01" not in public
    assert [o["id"] for o in GAME.view(s, "o")["me"]["peeked"]] == ["O39", "O01"]
    assert "port" in reachable(s, "o", "Hanka") and len(reachable(s, "o", "Hanka")["port"]) <= 4


def test_example_10_district_falls_scouts_move_to_nearest_safe_space():
    s = new(2, "extended")
    s = _draft(s)
    park(s, "kosciol_bernardynow")
    position(s, Gosia="sggw", Zosia="plac_trzech_krzyzy--aleja_szucha#1")
    s["blocked"] = [{"edge": "stary_mokotow--sggw", "location": "sggw", "district": "mokotow"}]
    s["undelivered"] = {"mokotow": 1}
    set_track(s, [], [], [], ["O09"])  # Browary -> Stary Mokotów leaves the track
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    assert s["fallen"] == ["mokotow"]
    assert s["scouts"]["Zosia"]["at"] == "plac_trzech_krzyzy"
    assert s["pending"]["kind"] == "displace" and s["pending"]["seat"] == "g"
    assert set(s["pending"]["options"]) == {"sggw--plac_narutowicza#2", "sggw--dworzec_pocztowy#2"}
    s, _ = act(s, "g", type="displace", scout="Gosia", to="sggw--dworzec_pocztowy#2")
    assert s["scouts"]["Gosia"]["at"] == "sggw--dworzec_pocztowy#2"
    assert GAME.view(s, None)["big_tokens"] == 1
