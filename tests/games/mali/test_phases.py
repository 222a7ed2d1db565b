"""Soldier phase, time phase, game end, scoring and objectives."""
from __future__ import annotations

from games.mali import GAME
from games.mali.objectives import deal_objectives, final_outcome, objective_met
from games.mali.state import OBJECTIVES, new_state
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
    types,
)


def _end_movement(s, cards, roll):
    s, _ = play_cards(s, cards)
    while s["phase"] == "movement" and s["current"] is not None:
        if s["current"]["seat"] == s["seats"][s["order"][-1]]:
            force_roll(s, *roll)
        s, _ = act(s, s["current"]["seat"], type="end_turn")
    return s


def test_escape_then_place_before_own_movement():
    s = new(2)
    park(s)
    position(s, Zosia=None)
    s["soldier"] = "plac_narutowicza"
    s = _end_movement(s, {"r": 1, "g": 2}, ("black", 1))
    assert s["scouts"]["Zosia"]["status"] == "escaped"
    # next round: red places Zosia before moving
    while s["pending"]:
        s, _ = act(s, s["pending"]["seat"], **GAME.default_action(s, s["pending"]["seat"]))
    s, _ = play_cards(s, {"r": 2, "g": 3})
    assert s["current"]["stage"] == "place"
    legal = GAME.legal_actions(s, "r")
    assert types(legal) == {"place_scout"}
    assert s["soldier"] not in {a["to"] for a in legal}
    s, _ = act(s, "r", type="place_scout", scout="Zosia", to="pawiak")
    assert s["current"]["stage"] == "move" and s["scouts"]["Zosia"]["at"] == "pawiak"


def test_placement_excludes_blocked_path_spaces():
    s = new(2)
    park(s)
    position(s, Zosia=None)
    s["scouts"]["Zosia"]["status"] = "escaped"
    s["blocked"] = [{"edge": "pwpw--elektrownia", "location": "pwpw", "district": "zoliborz"}]
    s, _ = play_cards(s, {"r": 1, "g": 2})
    places = {a["to"] for a in GAME.legal_actions(s, "r")}
    assert not places & {"pwpw--elektrownia#1", "pwpw--elektrownia#2"} and "pwpw" in places


def test_black_die_partial_walk_ignores_blocks_and_start_player_picks_the_end():
    s = new(2)
    park(s, "kosciol_bernardynow")
    s["soldier"] = "plac_narutowicza"
    s["start"] = 0
    s["blocked"] = [{"edge": "plac_narutowicza--dworzec_pocztowy", "location": "dworzec_pocztowy",
                     "district": "ochota"}]
    s = _end_movement(s, {"r": 1, "g": 2}, ("black", 1))
    # nearest scouts are at Kościół Bernardynów; several shortest routes start differently
    if s["pending"]:
        assert s["pending"]["kind"] == "soldier_to" and s["pending"]["seat"] == "r"
        s, _ = act(s, "r", type="soldier_to", to=s["pending"]["options"][-1])
    from games.mali.board import DIST
    assert DIST["plac_narutowicza"][s["soldier"]] == 1
    assert DIST[s["soldier"]]["kosciol_bernardynow"] == DIST["plac_narutowicza"]["kosciol_bernardynow"] - 1


def test_soldier_route_tie_asks_start_player():
    s = new(2)
    park(s, "bank_polski")
    s["soldier"] = "plac_wilsona"
    s["start"] = 1
    s = _end_movement(s, {"r": 1, "g": 2}, ("black", 1))
    # Plac Wilsona -> Bank Polski: equally short by Cytadela and by Pawiak
    assert s["pending"]["kind"] == "soldier_to" and s["pending"]["seat"] == "g"
    assert len(s["pending"]["options"]) > 1


def test_red_die_bonus_move_for_the_later_mover_nearest_scout():
    s = new(2)
    park(s, "kosciol_bernardynow")
    s["soldier"] = "plac_narutowicza"
    position(s, Wicek="sggw", Basia="sggw")
    carry(s, "Wicek", None) if False else None
    s = _end_movement(s, {"r": 4, "g": 2}, ("red", 2))  # red moved later
    cur = s["current"]
    assert cur["stage"] == "bonus" and cur["seat"] == "r" and cur["scout"] == "Wicek"
    steps = {a["scout"] for a in GAME.legal_actions(s, "r") if a["type"] == "step"}
    assert steps == {"Wicek"}
    s, _ = act(s, "r", type="step", scout="Wicek", to="stary_mokotow")
    s, _ = act(s, "r", type="end_turn")
    assert s["phase"] == "cards" and s["round"] == 2


def test_no_scouts_on_board_nothing_happens():
    s = new(2)
    for name in s["scouts"]:
        position(s, **{name: None})
    s = _end_movement(s, {"r": 1, "g": 2}, ("black", 3))
    assert s["soldier"] == "plac_narutowicza" and s["round"] == 2


def test_several_expiring_orders_in_track_order_and_only_path_is_automatic():
    s = new(2)
    park(s)
    # Cytadela's paths: to Plac Wilsona and to PWPW; block one, the other is automatic
    s["blocked"] = [{"edge": "plac_wilsona--cytadela", "location": "cytadela", "district": "zoliborz"}]
    set_track(s, [], [], [], [], ["O28", "O33"])  # both -> Cytadela
    s["order"] = [0, 1]
    ev = run_tasks(s, "time_start", phase="time")
    assert [e["order"] for e in ev if e["type"] == "order_expired"] == ["O28", "O33"]
    blocked = [b["edge"] for b in s["blocked"]]
    assert blocked == ["plac_wilsona--cytadela", "cytadela--pwpw", None]  # token beside the location


def test_fourth_token_ends_the_game_everybody_loses():
    s = new(2)
    park(s)
    s["blocked"] = [{"edge": None, "location": "cytadela", "district": "zoliborz"}] * 3
    set_track(s, [], [], [], [], ["O21"])
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    if s["pending"]:
        s, _ = act(s, s["pending"]["seat"], type="block_path", edge=s["pending"]["options"][0])
    out = GAME.outcome(s)
    assert out["reason"] == "fourth_token" and out["winners"] == [] and set(out["scores"].values()) == {0}
    assert GAME.to_act(s) == [] and GAME.legal_actions(s, "r") == []


def test_displacement_tie_owner_chooses():
    s = new(2)
    park(s)
    position(s, Gosia="aleja_szucha--przyczolek#2")  # 2 from either end
    set_track(s, [], [], [], [], ["O05"])
    s["order"] = [1, 0]  # red moved last
    run_tasks(s, "time_start", phase="time")
    s, _ = act(s, "r", type="block_path", edge="aleja_szucha--przyczolek")
    assert s["pending"]["kind"] == "displace" and s["pending"]["seat"] == "g"
    assert set(s["pending"]["options"]) == {"aleja_szucha", "przyczolek"}


def test_start_marker_passes_clockwise():
    s = new(3)
    s["start"] = 2
    park(s)
    s["order"] = [0, 1, 2]
    run_tasks(s, "time_start", phase="time")
    assert s["start"] == 0


def test_extended_first_expiry_blocks_and_draws_extra_card_second_falls():
    s = new(2, "extended")
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    park(s)
    s["deck"] = ["O01", "O02", "O03", "O04", "O06"]
    set_track(s, [], [], [], ["O35"])  # -> Budynek PAST-y (Śródmieście)
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    s, _ = act(s, s["pending"]["seat"], type="block_path", edge="past--dworzec_pocztowy")
    assert s["undelivered"] == {"srodmiescie": 1}
    assert s["track"][0] == ["O02", "O01"] or s["track"][0][0] == "O01"
    set_track(s, [], [], [], ["O29"])  # -> Bank Polski, Śródmieście again: it falls
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    assert s["fallen"] == ["srodmiescie"]
    n_blocked = len(s["blocked"])
    set_track(s, [], [], [], ["O41"])  # -> Bank Polski again: no further effect
    run_tasks(s, "time_start", phase="time")
    assert len(s["blocked"]) == n_blocked and s["fallen"] == ["srodmiescie"]


def test_third_fallen_district_ends_the_game():
    s = new(2, "extended")
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    park(s)
    s["fallen"] = ["wola", "ochota"]
    s["undelivered"] = {"wola": 2, "ochota": 2, "srodmiescie": 1}
    set_track(s, [], [], [], ["O35"])
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    assert s["outcome"]["reason"] == "third_district" and s["outcome"]["winners"] == []


def test_basic_end_scores_orders_and_return_bonus_with_tie_break():
    s = new(2)
    s["deck"] = []
    s["track"] = [[] for _ in s["track"]]
    s["players"][0]["delivered"] = ["O01"]  # 8
    s["players"][1]["delivered"] = ["O31", "O32"]  # 4 + 4
    for name in ("Gosia", "Tadek", "Basia"):
        s["scouts"][name]["at"] = "port"
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    out = GAME.outcome(s)
    assert out["reason"] == "victory"
    assert out["breakdown"]["r"]["return_bonus"] == 7 and out["breakdown"]["g"]["return_bonus"] == 0
    assert out["scores"] == {"r": 15, "g": 8} and out["winners"] == ["r"]
    s2 = new(2)
    s2["players"][0]["delivered"] = ["O01"]  # 8
    s2["players"][1]["delivered"] = ["O31", "O32"]  # 8
    park(s2)
    res = final_outcome(s2)
    assert res["winners"] == ["g"]  # tie on points: more delivered orders
    s2["players"][0]["delivered"] = ["O31", "O32"]
    s2["players"][1]["delivered"] = ["O39", "O11"]
    assert final_outcome(s2)["winners"] == ["r", "g"]


def test_objective_deal_and_redeal():
    counts = set()
    for seed in range(60):
        s = new_state(["a", "b", "c", "d"], "extended", False, seed)
        counts.add(deal_objectives(s))
        for p in s["players"]:
            assert len(p["objective_hand"]) == 6
            assert len({OBJECTIVES[o]["colour"] for o in p["objective_hand"]}) >= 3
    assert max(counts) > 1  # some deals had to be redone


def test_objective_choices_are_exactly_the_three_colour_combinations():
    s = new(2, "extended")
    hand = s["players"][0]["objective_hand"]
    legal = GAME.legal_actions(s, "r")
    for a in legal:
        assert len({OBJECTIVES[o]["colour"] for o in a["ids"]}) == 3
    from itertools import combinations
    valid = [c for c in combinations(hand, 3) if len({OBJECTIVES[o]["colour"] for o in c}) == 3]
    assert len(legal) == len(valid)
    assert set(GAME.to_act(s)) == {"r", "g"}
    s, _ = act(s, "r", **legal[0])
    assert GAME.to_act(s) == ["g"] and s["players"][0]["objective_hand"] == []


def test_objective_scoring_rules():
    s = new(3, "extended")
    p = s["players"]
    p[0]["delivered"] = ["O01", "O03"]  # from Żoliborz; to Śródmieście, Powiśle
    p[1]["delivered"] = ["O05", "O07"]  # from Żoliborz, Wola
    p[2]["delivered"] = []
    players = [0, 1, 2]
    assert objective_met(s, 0, "S01", players) and not objective_met(s, 1, "S01", players)  # 2 vs 1
    p[1]["delivered"] = ["O05", "O07", "O04"]
    assert objective_met(s, 0, "S01", players) and objective_met(s, 1, "S01", players)  # tie: shared
    assert not objective_met(s, 2, "S01", players)
    p[1]["delivered"] = ["O05", "O07"]
    assert objective_met(s, 1, "S02", players) and not objective_met(s, 0, "S02", players)
    assert not objective_met(s, 0, "S03", players)  # nobody delivered from Śródmieście
    assert objective_met(s, 0, "S08", players) and objective_met(s, 1, "S08", players)
    assert not objective_met(s, 0, "S13", players)  # 2 destination districts only
    assert objective_met(s, 0, "S19", players) and objective_met(s, 1, "S19", players)  # 8 = 8
    p[1]["delivered"] = ["O02"]  # 15 points
    assert objective_met(s, 1, "S19", players) and not objective_met(s, 0, "S19", players)
    p[0]["delivered"] = p[1]["delivered"] = []
    assert not objective_met(s, 0, "S08", players)  # needs at least one order


def test_objectives_score_only_when_not_lost():
    s = new(2, "extended")
    s["players"][0]["objectives"] = ["S08", "S13", "S19"]
    s["players"][0]["delivered"] = ["O02"]
    won = final_outcome(s)
    assert won["breakdown"]["r"]["total"] == 15 + 8 + 7 + won["breakdown"]["r"]["return_bonus"]
    from games.mali.objectives import lost_outcome
    lost = lost_outcome(s, "third_district")
    assert lost["breakdown"]["r"]["objectives"] == [] and lost["scores"]["r"] == 0
