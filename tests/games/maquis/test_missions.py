"""Each of the 18 missions can be completed and scores its Success (and Major Success) right."""
from __future__ import annotations

from typing import Any

from games.maquis import flow
from tests.games.maquis.helpers import (
    act,
    activate,
    acts_at,
    begin_day,
    boxes,
    deck,
    legal,
    new,
    position,
    refused,
    stock,
    texts,
)

L, R = "mission_left", "mission_right"


def box(s: dict[str, Any], where: str, slot: str, box_id: str, **extra: Any) -> tuple[dict[str, Any], list[Any]]:
    return activate(s, where, "box", mission=slot, box=box_id, **extra)


def placeable(s: dict[str, Any]) -> set[str]:
    return {a["at"] for a in legal(s) if a["type"] == "place"}


def test_milice_parade_day() -> None:
    """Ruling 27: Parade Day attack at Rue Baradat: success, arrest, morale +1; road closed."""
    s = new(left="milice_parade_day", right="sabotage")
    stock(s, weapon=1)
    s["day"] = 2
    position(s, ["rue_baradat", "cafe"])
    assert "attack_the_parade" not in acts_at(s, "rue_baradat")
    s = new(left="milice_parade_day", right="sabotage")
    stock(s, weapon=1)
    s["day"], s["morale"] = 3, 5
    position(s, ["rue_baradat", "cafe"])
    s, _ev = box(s, "rue_baradat", L, "attack_the_parade")
    assert s["results"][L] == "success"
    assert s["partisans"][0]["status"] == "arrested"
    assert s["morale"] == 6


def test_milice_parade_day_closes_the_road() -> None:
    s = new(left="milice_parade_day", right="sabotage")
    s["day"] = 3
    position(s, ["rue_baradat", "cafe"], {"doctor": "milice"})
    s2, _ = activate(s, "rue_baradat")
    assert s2["partisans"][0]["status"] == "arrested"
    s["day"] = 4
    s3, _ev = activate(s, "rue_baradat")
    assert s3["partisans"][0]["status"] == "home"


def test_milice_parade_day_very_hard_cancels_out() -> None:
    """Ruling 27/49: in Very Hard the arrest's -1 and the +1 cancel out."""
    s = new(left="milice_parade_day", right="sabotage", difficulty="very_hard")
    stock(s, weapon=1)
    s["day"], s["morale"] = 3, 5
    position(s, ["rue_baradat", "cafe"])
    s, _ = box(s, "rue_baradat", L, "attack_the_parade")
    assert s["morale"] == 5


def test_officers_mansion_graffiti_then_break_in_same_day() -> None:
    """Ruling 28."""
    s = new(left="officers_mansion", right="sabotage")
    s["partisans"][3]["status"] = "home"
    position(s, ["mission_left", "rue_baradat", "pont_leveque", "pont_du_nord"])
    assert acts_at(s, "mission_left") == ["nothing"]
    for loc in ("rue_baradat", "pont_leveque", "pont_du_nord"):
        s, _ = box(s, loc, L, f"graffiti_{loc}")
    s, _ev = box(s, "mission_left", L, "break_in")
    assert s["results"][L] == "success"


def test_sabotage_completes() -> None:
    """Ruling 29: boxes 1-2-3, 1 explosive for the last."""
    s = new(left="sabotage", right="underground_newspaper")
    s["boxes"][L] = ["infiltrate_1", "infiltrate_2"]
    stock(s, explosive=1)
    position(s, ["mission_left"])
    s, _ = box(s, "mission_left", L, "blow_up")
    assert s["results"][L] == "success"


def test_underground_newspaper() -> None:
    """Ruling 30: three boxes of 2 intel, one per Day."""
    s = new(left="sabotage", right="underground_newspaper")
    for i in (1, 2, 3):
        stock(s, intel=2)
        position(s, ["mission_right"])
        s, _ = box(s, "mission_right", R, f"issue_{i}")
    assert s["results"][R] == "success" and s["stock"]["intel"] == 0


def test_infiltration_mole_peek_and_extract() -> None:
    """Ruling 31 (and 7, 25): the mole stays, counts, gives a private peek, then is extracted."""
    s = new(left="infiltration", right="sabotage", seats=("s1", "s2"))
    stock(s, intel=2)
    position(s, ["mission_left"])
    s, _ = box(s, "mission_left", L, "plant_the_mole")
    assert s["partisans"][0]["status"] == "mole"
    # the Day ends by itself (the only partisan placed became the mole); the next Day peeks
    assert s["days_played"] == 1 and s["peek"] is not None
    assert len(s["placement"]["kinds"]) >= 3
    from games.maquis import GAME
    assert "peek" not in str(GAME.view(s, None)).replace("mole_peeked", "")
    for seat in ("s1", "s2"):
        assert GAME.view(s, seat)["me"]["peek"] == s["peek"] == s["deck"][0]
    assert "mission_left" in placeable(s)
    stock(s, weapon=1, explosive=1)
    position(s, ["mission_left"])
    s, _ev = box(s, "mission_left", L, "extract")
    assert s["results"][L] == "success"
    assert [p["status"] for p in s["partisans"][:2]] == ["home", "home"]
    assert s["peek"] is None


def test_german_shepherds_forbid_shooting() -> None:
    """Ruling 32."""
    s = new(left="german_shepherds", right="sabotage")
    stock(s, weapon=1)
    position(s, ["cafe"], {"fence": "milice"})
    assert "German Shepherds" in refused(s, "shoot", at="fence")
    s = new(left="german_shepherds", right="sabotage")
    s["boxes"][L] = ["dogs_1", "dogs_2"]
    stock(s, food=1, medicine=1)
    position(s, ["mission_left"])
    s, _ = box(s, "mission_left", L, "dogs_3")
    assert s["results"][L] == "success"


def test_double_agent() -> None:
    """Ruling 33: six visits, the Dark Lady from the top card, the meeting, a removal."""
    s = new(left="double_agent", right="sabotage")
    s["boxes"][L] = ["visit_rue_baradat", "visit_pont_du_nord", "visit_doctor", "visit_poor_district",
                     "visit_radio_a"]
    deck(s, "patrol_01")
    s["deck"] = ["patrol_01", "patrol_09"] + [c for c in s["deck"] if c not in ("patrol_01", "patrol_09")]
    position(s, ["pont_leveque", "grocer"])
    s["deck"] = ["patrol_09"] + [c for c in s["deck"] if c != "patrol_09"]
    s, ev = box(s, "pont_leveque", L, "visit_pont_leveque")
    assert s["dark_lady"] == "grocer" and "Dark Lady" in texts(ev)
    s, ev = box(s, "grocer", L, "meet_the_dark_lady")
    assert s["results"][L] == "success" and s["phase"] == "remove"
    whos = [a["who"] for a in legal(s) if a["type"] == "remove"]
    assert whos == ["self", "home", "waiting"]
    s, ev = act(s, "remove", who="waiting")
    assert sum(p["status"] == "removed" for p in s["partisans"]) == 1
    assert s["partisans"][1]["status"] == "home"


def test_aid_the_spy() -> None:
    """Ruling 34."""
    s = new(left="aid_the_spy", right="sabotage")
    stock(s, weapon=2)
    position(s, ["mission_left"])
    assert acts_at(s, "mission_left") == ["nothing", "arm_the_spy"]
    s, _ = box(s, "mission_left", L, "arm_the_spy")
    stock(s, money=1, food=2)
    position(s, ["mission_left"])
    s, _ = box(s, "mission_left", L, "supply_the_spy")
    assert s["results"][L] == "success"


def test_assassination_needs_the_other_mission_and_five_soldiers() -> None:
    """Ruling 35 and 46: the shot that completes Assassination wins before the morale drop."""
    s = new(left="sabotage", right="assassination")
    s["soldiers"] = 4
    s["boxes"][L] = ["infiltrate_1", "infiltrate_2"]
    stock(s, explosive=1, weapon=1)
    s["morale"] = 1
    position(s, ["mission_left", "cafe"], {"radio_b": "milice"})
    s, _ = box(s, "mission_left", L, "blow_up")
    assert s["results"][L] == "success" and s["results"][R] is None
    s, _ev = act(s, "shoot", at="radio_b")
    assert s["results"][R] == "success"
    assert s["outcome"] is not None and s["outcome"]["reason"] == "victory"
    assert s["morale"] == 1  # the rest of the shot is not resolved


def test_assassination_not_before_the_other() -> None:
    s = new(left="sabotage", right="assassination")
    s["soldiers"] = 5
    flow.assassination_check(s, [])
    assert s["results"][R] is None


def test_destroy_the_train_days() -> None:
    """Ruling 36: 3 explosives on Day 6-9."""
    s = new(left="destroy_the_train", right="sabotage")
    stock(s, explosive=3)
    s["day"] = 5
    position(s, ["mission_left"])
    assert acts_at(s, "mission_left") == ["nothing"]
    s = new(left="destroy_the_train", right="sabotage")
    stock(s, explosive=3)
    s["day"] = 9
    position(s, ["mission_left"])
    s, _ = box(s, "mission_left", L, "blow_up_the_train")
    assert s["results"][L] == "success"


def test_liberate_the_town_at_end() -> None:
    """Ruling 37 and 47: checked at END; with Sabotage done it is a Victory."""
    s = new(left="sabotage", right="liberate_the_town")
    s["results"][L] = "success"
    s["day"], s["morale"] = 14, 6
    stock(s, weapon=3)
    position(s, ["cafe"])
    s, _ev = activate(s, "cafe")
    assert s["results"][R] == "success"
    assert s["outcome"]["reason"] == "victory"


def test_liberate_the_town_fails_check_is_a_draw() -> None:
    s = new(left="sabotage", right="liberate_the_town")
    s["results"][L] = "success"
    s["day"], s["morale"] = 14, 6
    stock(s, weapon=2)
    position(s, ["cafe"])
    s, _ev = activate(s, "cafe")
    assert s["results"][R] is None
    assert s["outcome"]["reason"] == "draw" and s["outcome"]["winners"] == []


def test_coded_messages() -> None:
    """Ruling 38: trained by Day 6, counts as available, leaves at the end of Day 10."""
    s = new(left="coded_messages", right="sabotage")
    s["day"] = 7
    stock(s, food=1, money=1, weapon=1)
    position(s, ["mission_left"])
    assert acts_at(s, "mission_left") == ["nothing"]
    s = new(left="coded_messages", right="sabotage")
    s["day"] = 6
    stock(s, food=1, money=1, weapon=1)
    position(s, ["mission_left", "cafe"])
    s, _ = box(s, "mission_left", L, "train")
    assert s["partisans"][0]["status"] == "crypto"
    assert s["day"] == 7  # the Cafe partisan had one choice: the engine took it and "mission_left" not in placeable(s)
    assert len(s["placement"]["kinds"]) == 3
    s["day"] = 10
    position(s, ["cafe"])
    s, _ev = activate(s, "cafe")
    assert s["results"][L] == "success"
    assert s["partisans"][0]["status"] == "home"
    assert s["day"] == 11


def test_bomb_for_the_officer() -> None:
    """Ruling 40: morale 5 or more; the east Field and south-east spare room are closed."""
    s = new(left="bomb_for_the_officer", right="sabotage")
    s["fields"]["field_e"] = {"food": 3}
    assert "field_e" not in placeable(s) and "spare_room_se" not in placeable(s)
    s["morale"] = 4
    stock(s, weapon=1, explosive=1)
    position(s, ["mission_left"])
    assert acts_at(s, "mission_left") == ["nothing"]
    s = new(left="bomb_for_the_officer", right="sabotage")
    stock(s, weapon=1, explosive=1)
    position(s, ["mission_left"])
    s, _ = box(s, "mission_left", L, "plant_the_bomb")
    assert s["results"][L] == "success"
    assert "spare_room_se" in placeable(s)


def test_milice_headquarters_plain_success() -> None:
    """Ruling 41: soldiers at 3 or more before: only a Success."""
    s = new(left="sabotage", right="milice_headquarters")
    s["boxes"][R] = ["discover_the_plans"]
    s["soldiers"] = 3
    stock(s, poison=2)
    position(s, ["mission_right"])
    s, _ = box(s, "mission_right", R, "poison_the_officers")
    assert s["results"][R] == "success" and s["soldiers"] == 5


def test_bomb_the_barracks_setup_and_recon() -> None:
    """Ruling 42: soldiers start at 3; recon boxes have no shield."""
    s = new(left="sabotage", right="bomb_the_barracks")
    assert s["soldiers"] == 3
    position(s, ["mission_right"], {"pont_du_nord": "milice", "poor_district": "milice"})
    s, ev = box(s, "mission_right", R, "recon_1")
    assert boxes(s, R) == [] and "arrested" in texts(ev)


def test_destroy_the_aa_guns() -> None:
    """Ruling 44: guns on the Fields, Rue Baradat, Black Market and the card; 3 Success, 5 Major."""
    s = new(left="sabotage", right="destroy_the_aa_guns")
    assert s["guns"] == ["field_w", "field_e", "rue_baradat", "black_market", "card"]
    assert {"field_w", "field_e", "mission_right"} <= placeable(s)
    s["partisans"][3]["status"] = "home"
    s["partisans"][4]["status"] = "home"
    stock(s, explosive=3, weapon=2)
    position(s, ["field_w", "field_e", "rue_baradat", "black_market", "mission_right"])
    assert not any(a.get("do") == "airdrop" for a in legal(s))
    s, _ = box(s, "field_w", R, "gun_field_w", pay="explosive")
    s, _ = box(s, "field_e", R, "gun_field_e", pay="weapon")
    assert s["results"][R] is None
    s, _ = box(s, "rue_baradat", R, "gun_rue_baradat", pay="explosive")
    assert s["results"][R] == "success"
    s, _ = box(s, "black_market", R, "gun_black_market", pay="explosive")
    s, _ev = box(s, "mission_right", R, "gun_card", pay="weapon")
    assert s["results"][R] == "major_success"


def test_free_the_resistance_leader() -> None:
    """Ruling 43: bribe by Day 5; poison by Day 9 (Success) or the Day-10 break-out (Major)."""
    s = new(left="sabotage", right="free_the_resistance_leader")
    s["day"] = 6
    stock(s, intel=1, money=1)
    position(s, ["mission_right"])
    assert acts_at(s, "mission_right") == ["nothing"]
    s = new(left="sabotage", right="free_the_resistance_leader")
    s["day"] = 5
    stock(s, intel=1, money=1, poison=1)
    position(s, ["mission_right"])
    assert acts_at(s, "mission_right") == ["nothing", "bribe_the_clerk"]
    s, _ = box(s, "mission_right", R, "bribe_the_clerk")
    assert boxes(s, R) == ["bribe_the_clerk"]
    s["day"] = 9
    begin_day(s)
    position(s, ["mission_right"])
    assert acts_at(s, "mission_right") == ["nothing", "poison_the_guards"]
    s, _ = box(s, "mission_right", R, "poison_the_guards")
    assert s["results"][R] == "success"


def test_free_the_resistance_leader_break_out() -> None:
    s = new(left="sabotage", right="free_the_resistance_leader")
    s["boxes"][R] = ["bribe_the_clerk"]
    s["day"] = 10
    stock(s, fake_papers=1, weapon=2, medicine=1, poison=1)
    position(s, ["mission_right"])
    assert acts_at(s, "mission_right") == ["nothing", "break_out"]
    s, _ = box(s, "mission_right", R, "break_out")
    assert s["results"][R] == "major_success" and s["soldiers"] == 2


def test_both_missions_win_at_once_major() -> None:
    """Rulings 46-47: both missions done: Major Victory with a three-star Major Success."""
    s = new(left="sabotage", right="free_the_resistance_leader")
    s["results"][L] = "success"
    s["boxes"][R] = ["bribe_the_clerk"]
    s["day"] = 10
    stock(s, fake_papers=1, weapon=2, medicine=1)
    position(s, ["mission_right"], {"pont_du_nord": "soldier"})
    s, _ev = box(s, "mission_right", R, "break_out")
    assert s["outcome"]["reason"] == "major_victory"
    assert s["outcome"]["winners"] == ["s1"]
    assert s["partisans"][0]["status"] == "placed"  # the route is never traced


def test_deck_reshuffles_when_empty() -> None:
    """Ruling 12."""
    s = new()
    s["discard"] = list(s["deck"])
    s["deck"] = []
    begin_day(s)
    s, ev = act(s, "place", at="cafe", papers=False)
    assert len(s["deck"]) == 9 and s["discard"] and "shuffled" in texts(ev)


def test_double_agent_removal_of_a_placed_partisan_returns_its_papers() -> None:
    """Ruling 33 and 17: the removed partisan's fake papers go back to the stock; not an arrest."""
    s = new(left="double_agent", right="sabotage", difficulty="very_hard")
    s["boxes"][L] = ["visit_rue_baradat", "visit_pont_du_nord", "visit_doctor",
                     "visit_poor_district", "visit_radio_a", "visit_pont_leveque"]
    s["dark_lady"] = "grocer"
    s["partisans"][2]["status"] = "home"
    stock(s, fake_papers=1)
    position(s, {"grocer": False, "radio_b": True, "cafe": False})
    s, _ = box(s, "grocer", L, "meet_the_dark_lady")
    assert [a["who"] for a in legal(s) if a["type"] == "remove"] == ["self", "radio_b", "cafe", "waiting"]
    morale = s["morale"]
    s, _ = act(s, "remove", who="radio_b")
    assert s["stock"]["fake_papers"] == 1 and s["morale"] == morale
    assert sum(p["status"] == "removed" for p in s["partisans"]) == 1
