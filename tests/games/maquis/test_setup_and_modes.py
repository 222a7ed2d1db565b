"""Setup per option, the difficulty modes, the end of the game, team play and secrecy."""
from __future__ import annotations

from typing import Any

import pytest

from games.base import IllegalAction, canonical, public_events
from games.maquis import GAME
from games.maquis.board import MISSIONS
from tests.games.maquis.helpers import (
    act,
    activate,
    legal,
    new,
    position,
    refused,
    stock,
    texts,
)


def setup(missions: str = "first_game", difficulty: str = "normal", seats: int = 1, seed: int = 1,
          **more: str) -> dict[str, Any]:
    opts = {"difficulty": difficulty, "missions": missions, "mission_left": "none", "mission_right": "none",
            **more}
    return GAME.setup([f"s{i + 1}" for i in range(seats)], opts, seed)


# ---------------------------------------------------------------- setup and missions option


def test_normal_setup() -> None:
    """Ruling 4: morale 6, soldiers 0, Day 0, 3 partisans home, 2 at the Cafe, 10 cards."""
    s = new()
    assert (s["morale"], s["soldiers"], s["day"]) == (6, 0, 0)
    assert [p["status"] for p in s["partisans"]] == ["home"] * 3 + ["waiting"] * 2
    assert sorted(s["deck"]) == [f"patrol_{i:02d}" for i in range(1, 11)]
    assert all(v == 0 for v in s["stock"].values())


def test_first_game_asks_the_exits() -> None:
    """Ruling 5: two standard cards, one with a box on the card: seat 1 arranges them."""
    s = setup(seats=2)
    assert s["phase"] == "arrange" and GAME.to_act(s) == ["s1"]
    arr = [a for a in legal(s) if a["type"] == "arrange"]
    assert {(a["left"], a["right"]) for a in arr} == {("officers_mansion", "milice_parade_day"),
                                                       ("milice_parade_day", "officers_mansion")}
    s, _ = act(s, "arrange", left="milice_parade_day", right="officers_mansion")
    assert s["missions"]["mission_right"] == "officers_mansion" and s["phase"] == "placement"


@pytest.mark.parametrize(("option", "stars"), [("random_one_star", {1}), ("random_two_star", {2}),
                                               ("random_mixed", {1, 2})])
def test_random_missions_by_stars(option: str, stars: set[int]) -> None:
    for seed in range(12):
        s = setup(option, seed=seed)
        ms = [s["missions"]["mission_left"], s["missions"]["mission_right"]]
        if s["arrange"]:
            ms = list(s["arrange"])
        assert ms[0] != ms[1] and {MISSIONS[m]["stars"] for m in ms} <= stars


def test_random_three_star_goes_right() -> None:
    for seed in range(12):
        s = setup("random_three_star", seed=seed)
        assert MISSIONS[s["missions"]["mission_right"]]["stars"] == 3
        assert MISSIONS[s["missions"]["mission_left"]]["stars"] < 3
        assert s["phase"] == "placement"


def test_chosen_missions_refused_when_missing_equal_or_three_star_left() -> None:
    """Ruling 5: a chosen pair is two different cards, a three-star card only on the right."""
    with pytest.raises(IllegalAction, match="both"):
        setup("chosen")
    with pytest.raises(IllegalAction, match="different"):
        setup("chosen", mission_left="sabotage", mission_right="sabotage")
    with pytest.raises(IllegalAction, match="right"):
        setup("chosen", mission_left="bomb_the_barracks", mission_right="sabotage")
    s = setup("chosen", mission_left="sabotage", mission_right="bomb_the_barracks")
    assert s["missions"] == {"mission_left": "sabotage", "mission_right": "bomb_the_barracks"}
    assert s["phase"] == "placement"


def test_mission_setups() -> None:
    """Ruling 4: Milice Headquarters morale 4, Bomb the Barracks soldiers 3, AA guns placed."""
    assert new(right="milice_headquarters")["morale"] == 4
    assert new(right="bomb_the_barracks")["soldiers"] == 3
    assert new(right="destroy_the_aa_guns")["guns"] == ["field_w", "field_e", "rue_baradat",
                                                         "black_market", "card"]


# ---------------------------------------------------------------- difficulty


@pytest.mark.parametrize(("mode", "home", "waiting"), [
    ("very_easy", 3, 2), ("easy", 3, 2), ("normal", 3, 2), ("tricky", 2, 2), ("hard", 2, 2),
    ("very_hard", 2, 2)])
def test_partisans_per_mode(mode: str, home: int, waiting: int) -> None:
    """Rulings 4 and 49: Tricky, Hard, Very Hard start with 2 + 2; the fifth partisan is unused."""
    s = new(difficulty=mode)
    st = [p["status"] for p in s["partisans"]]
    assert st.count("home") == home and st.count("waiting") == waiting and len(st) == home + waiting


@pytest.mark.parametrize(("mode", "options"), [
    ("very_easy", [{"money": 2}, {"weapon": 2}, {"food": 4}]),
    ("easy", [{"money": 2}, {"weapon": 1}, {"food": 4}]),
    ("normal", [{"weapon": 1}, {"money": 1}, {"food": 3}]),
    ("hard", [{"weapon": 1}, {"money": 1}, {"food": 3}])])
def test_airdrop_per_mode(mode: str, options: list[dict[str, int]]) -> None:
    """Ruling 20: the airdrop options of each mode land on the chosen Field from the next Day."""
    s = new(difficulty=mode)
    position(s, ["radio_a"])
    drops = [a for a in legal(s) if a.get("do") == "airdrop"]
    assert {(a["drop"], a["field"]) for a in drops} == {(i, f) for i in range(3) for f in ("field_w", "field_e")}
    s2, _ = activate(s, "radio_a", "airdrop", drop=1, field="field_w")
    assert s2["fields"]["field_w"] == options[1]
    assert "field_w" in {a["at"] for a in legal(s2) if a["type"] == "place"}


def _maintenance_to(mode: str, day: int) -> dict[str, Any]:
    s = new(difficulty=mode)
    s["day"] = day - 1
    position(s, ["cafe"])
    s, _ = activate(s, "cafe")
    return s


@pytest.mark.parametrize(("mode", "day", "drop"), [
    ("normal", 3, 1), ("normal", 2, 0), ("normal", 12, 1), ("hard", 2, 1), ("hard", 3, 0),
    ("very_hard", 10, 1), ("tricky", 6, 1), ("tricky", 5, 0)])
def test_morale_drop_spaces(mode: str, day: int, drop: int) -> None:
    """Ruling 2: orange spaces (3, 6, 9, 12, 14); triangles (2, 5, 8, 10, 12) in Hard and Very Hard."""
    s = _maintenance_to(mode, day)
    assert s["morale"] == 6 - drop


@pytest.mark.parametrize("mode", ["tricky", "hard", "very_hard"])
def test_short_modes_end_on_day_12(mode: str) -> None:
    """Ruling 49: the game ends when the marker lands on Day 12 (Days 0-11 are played)."""
    s = _maintenance_to(mode, 11)
    assert s["outcome"] is None and s["day"] == 11
    s = _maintenance_to(mode, 12)
    assert s["outcome"]["reason"] == "days_over"


def test_normal_ends_at_end_space() -> None:
    s = _maintenance_to("normal", 14)
    assert s["outcome"] is None
    s = _maintenance_to("normal", 15)
    assert s["outcome"]["reason"] == "days_over"


def test_very_easy_second_lap() -> None:
    """Ruling 48: the first arrival at END sends the marker back to Start; the second ends it."""
    s = _maintenance_to("very_easy", 15)
    assert s["outcome"] is None and s["day"] == 0 and s["lap"] == 1
    s["day"] = 14
    position(s, ["cafe"])
    s, _ev = activate(s, "cafe")
    assert s["outcome"]["reason"] == "days_over"


def test_very_hard_arrest_costs_morale() -> None:
    """Ruling 49: every arrest lowers morale by 1 in Very Hard."""
    for mode, loss in (("hard", 0), ("very_hard", 1)):
        s = new(difficulty=mode)
        position(s, ["radio_a", "cafe"], {"doctor": "milice"})
        s, _ = activate(s, "radio_a")
        assert s["morale"] == 6 - loss


def test_end_scoring_one_mission_is_a_draw() -> None:
    """Ruling 47: at END, one standard mission done is a Draw (nobody wins)."""
    s = new()
    s["results"]["mission_left"] = "success"
    s["day"] = 14
    position(s, ["cafe"])
    s, _ = activate(s, "cafe")
    assert s["outcome"]["reason"] == "draw" and s["outcome"]["winners"] == []


def test_end_scoring_major_success_alone_is_a_victory() -> None:
    s = new(right="free_the_resistance_leader")
    s["results"]["mission_right"] = "major_success"
    s["day"] = 14
    position(s, ["cafe"])
    s, _ = activate(s, "cafe")
    assert s["outcome"]["reason"] == "victory" and s["outcome"]["winners"] == ["s1"]


def test_last_partisan_arrested_loses() -> None:
    """Ruling 46: no recruited partisan left (the Cafe's do not count) loses at once."""
    s = new()
    for p in s["partisans"][1:3]:
        p["status"] = "arrested"
    position(s, ["radio_a"], {"doctor": "milice"})
    s, _ = activate(s, "radio_a")
    assert s["outcome"]["reason"] == "no_partisans"


def test_morale_zero_loses() -> None:
    s = new()
    s["morale"] = 1
    stock(s, food=1)
    position(s, ["black_market", "cafe"])
    s, _ = activate(s, "black_market", "sell_food")
    assert s["outcome"]["reason"] == "morale"


# ---------------------------------------------------------------- rules of the Day


def test_patrol_arrests_when_all_three_taken() -> None:
    """Ruling 11: all three places hold a pawn: the first partisan among them is arrested."""
    s = new()
    s["partisans"][3]["status"] = "home"
    s["deck"] = ["patrol_01"] + [c for c in s["deck"] if c != "patrol_01"]
    s["patrols"] = {"pont_leveque": "milice"}
    s, _ = act(s, "place", at="black_market", papers=False)
    s["patrols"]["doctor"] = "milice"
    # black market taken, doctor patrolled, pont leveque patrolled: the next card 01 arrests
    s["deck"] = ["patrol_01"] + [c for c in s["deck"] if c != "patrol_01"]
    s["discard"] = [c for c in s["discard"] if c != "patrol_01"]
    s, ev = act(s, "place", at="cafe", papers=False)
    assert "arrests the partisan at Black Market" in texts(ev)
    assert s["patrols"]["black_market"] == "milice"


def test_fake_papers() -> None:
    """Ruling 17: papers pass exactly one patrol (spent); unused they come back."""
    s = new()
    stock(s, fake_papers=2)
    assert {"type": "place", "at": "radio_a", "papers": True} in legal(s)
    assert {"type": "place", "at": "cafe", "papers": True} not in legal(s)
    position(s, {"radio_a": True, "fence": True}, {"doctor": "milice"})
    assert s["stock"]["fake_papers"] == 0
    s, _ = activate(s, "radio_a")
    assert s["partisans"][0]["status"] == "home" and s["supply"]["fake_papers"] == 3
    # the Fence partisan has one choice left (nothing): taken by the engine, papers kept
    assert s["partisans"][1]["status"] == "home" and s["stock"]["fake_papers"] == 1


def test_recruit_lost_on_arrest_and_papers_lost() -> None:
    """Ruling 15 and 19: the Cafe has no shield: but its route is never blocked; a recruit counts next Day."""
    s = new()
    stock(s, food=1)
    position(s, ["cafe"])
    s, _ = activate(s, "cafe", "recruit")
    assert [p["status"] for p in s["partisans"]].count("home") == 4
    assert len(s["placement"]["kinds"]) == 4


def test_spare_room_safe_house() -> None:
    """Rulings 21-22: a Safe House room takes no partisan and ends routes."""
    s = new()
    stock(s, money=2)
    position(s, ["spare_room_w", "radio_a"], {"doctor": "milice"})
    s, _ = activate(s, "spare_room_w", "build", tile="safe_house")
    assert s["partisans"][0]["status"] == "home"
    s, _ev = activate(s, "radio_a")
    assert s["partisans"][1]["status"] == "home"
    assert "spare_room_w" not in {a["at"] for a in legal(s) if a["type"] == "place"}


def test_new_room_works_from_next_day() -> None:
    s = new()
    stock(s, money=2)
    position(s, ["spare_room_ne"])
    s, _ = activate(s, "spare_room_ne", "build", tile="counterfeiter")
    position(s, ["spare_room_ne"])
    assert "gain_money" in [a.get("do") for a in legal(s)]


# ---------------------------------------------------------------- team play and secrecy


def test_team_leader_rotates_and_only_leader_acts() -> None:
    """Ruling 50: seat 1 leads Day 0, seat 2 Day 1, ...; the others are refused, naming the leader."""
    s = new(seats=("a", "b", "c"))
    assert GAME.to_act(s) == ["a"] and GAME.legal_actions(s, "b") == []
    with pytest.raises(IllegalAction, match="Member 1"):
        GAME.apply(s, "b", {"type": "place", "at": "cafe", "papers": False})
    assert GAME.view(s, None)["whose_day"] == "Member 1's Day"
    position(s, ["cafe"])
    s, _ = activate(s, "cafe")
    assert GAME.to_act(s) == ["b"]
    position(s, ["cafe"])
    s, _ = activate(s, "cafe")
    assert GAME.to_act(s) == ["c"]


def test_team_hand_over_and_drop() -> None:
    """Rulings 52-53: a time-out or a drop passes the rest of the Day on; the rotation goes on."""
    s = new(seats=("a", "b", "c"))
    assert GAME.default_action(s, "a") == {"type": "hand_over"}
    s2, _ = GAME.apply(s, "a", {"type": "hand_over"})
    assert GAME.to_act(s2) == ["b"] and s2["leader"] == "a"
    s3, _ev = GAME.drop(s, "a")
    assert GAME.to_act(s3) == ["b"] and "a" not in s3["active"]
    position(s3, ["cafe"])
    s3, _ = activate(s3, "cafe")
    assert GAME.to_act(s3) == ["b"]  # Day 1's leader is seat 2 (seat 1's turn is gone)
    s3, _ = GAME.drop(s3, "b")
    s3, _ = GAME.drop(s3, "c")
    assert s3["outcome"]["reason"] == "abandoned"


def test_solo_drop_abandons() -> None:
    s = new()
    s, _ev = GAME.drop(s, "s1")
    assert s["outcome"]["reason"] == "abandoned"


def test_public_view_hides_the_deck_and_the_peek() -> None:
    """Notes, hidden information: the deck order and the mole's peek are secret."""
    s = new(left="infiltration", seats=("a", "b"))
    stock(s, intel=2)
    position(s, ["mission_left"])
    s, ev = activate(s, "mission_left", "box", mission="mission_left", box="plant_the_mole")
    card = s["peek"]
    assert card is not None
    pub = GAME.view(s, None)
    assert "deck" not in pub and pub["mole_peeked"] is True
    assert card not in canonical(pub).replace(canonical(pub["discard"]), "")
    for e in public_events(ev):
        assert e.get("card") != card or e["type"] != "peek"
    private = [e for e in ev if e.get("private_to")]
    assert {e["private_to"] for e in private} == {"a", "b"}
    assert GAME.view(s, "b")["me"]["peek"] == card


def test_refusals_say_why() -> None:
    s = new()
    assert "only in the action phase" in refused(s, "activate", at="cafe", do="nothing")
    assert refused(s, "place", at="safe_house", papers=False).startswith("A partisan cannot be placed on Safe")
    with pytest.raises(IllegalAction):
        GAME.apply(s, "s1", {})


def test_supply_caps_gains() -> None:
    """Ruling 18: a gain takes what the supply holds; the rest is lost."""
    s = new()
    s["rooms"]["spare_room_w"] = "smuggler"
    stock(s, food=2)
    position(s, ["spare_room_w"])
    s, _ = activate(s, "spare_room_w", "smuggle_food")
    assert s["stock"]["food"] == 4 and s["supply"]["food"] == 0


def test_card_stops_being_a_location_after_success() -> None:
    """Ruling 25: a card with a solid box is a location only until its mission succeeds."""
    s = new(left="aid_the_spy")
    assert "mission_left" in {a["at"] for a in legal(s) if a["type"] == "place"}
    s["results"]["mission_left"] = "success"
    assert "mission_left" not in {a["at"] for a in legal(s) if a["type"] == "place"}


def test_card_route_goes_through_its_exit() -> None:
    """Ruling 14: a mission card is joined only to its exit (left: Fence)."""
    s = new(left="aid_the_spy")
    position(s, ["mission_left", "cafe"], {"fence": "soldier"})
    s, _ev = activate(s, "mission_left")
    assert s["partisans"][0]["status"] == "arrested"


def test_undo_barriers() -> None:
    """Contract: a placement draws a patrol card (final); an activation of the same Day is not."""
    s = new()
    after, _ = act(s, "place", at="cafe", papers=False)
    assert GAME.undo_barrier(s, "s1", {"type": "place", "at": "cafe", "papers": False}, after)
    position(s, ["cafe", "grocer"])
    a = {"type": "activate", "at": "grocer", "do": "gain_food"}
    after, _ = GAME.apply(s, "s1", a)
    assert not GAME.undo_barrier(s, "s1", a, after)


def test_events_never_name_seat_ids() -> None:
    s = new(seats=("zz9", "yy8"))
    position(s, ["cafe"])
    s, ev = activate(s, "cafe")
    assert all("zz9" not in e["text"] and "yy8" not in e["text"] for e in ev)
    day = next(e for e in ev if e["type"] == "round")
    assert day["text"] == "Day 1 begins." and day["leader"] == "yy8"  # the presentation names them


def test_solo_default_is_cautious() -> None:
    """Ruling 52 (interpretation): solo time-outs take the most cautious legal step."""
    s = new()
    assert GAME.default_action(s, "s1") == {"type": "place", "at": "cafe", "papers": False}
    position(s, ["grocer"])
    assert GAME.default_action(s, "s1") == {"type": "activate", "at": "grocer", "do": "nothing"}


def test_single_choice_is_taken_by_the_engine() -> None:
    """General ruling: the last partisan with nothing to do and no shot possible is not asked."""
    s = new()
    position(s, ["grocer", "rue_baradat"])
    assert {a["type"] for a in legal(s)} == {"activate"}
    s, ev = activate(s, "grocer", "gain_food")
    assert "The partisan at Rue Baradat does nothing." in texts(ev)
    assert s["day"] == 1 and s["phase"] == "placement"


def test_no_hand_over_solo() -> None:
    s = new()
    assert all(a["type"] != "hand_over" for a in legal(s))
    s2 = new(seats=("a", "b"))
    assert {"type": "hand_over"} in legal(s2)
