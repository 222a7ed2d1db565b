"""The eight worked examples of shared/rules/notes/maquis.md, played through."""
from __future__ import annotations

import pytest

from tests.games.maquis.helpers import (
    act,
    activate,
    acts_at,
    at,
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


@pytest.mark.parametrize(("morale", "patrols"), [(3, 4), (7, 3)])
def test_example_1_patrol_count(morale: int, patrols: int) -> None:
    """Example 1 (Controllare il Morale), ruling 7: N = max(available partisans, red number)."""
    s = new()
    s["morale"] = morale
    begin_day(s)
    assert len(s["placement"]["kinds"]) == patrols


def test_example_1_counts_mission_held_partisans_not_cafe() -> None:
    """Ruling 7: a mole counts as available; partisans waiting at the Cafe do not."""
    s = new(left="infiltration")
    s["morale"] = 7
    s["partisans"][0]["status"] = "mole"
    s["partisans"][0]["at"] = "mission_left"
    s["partisans"][3]["status"] = "home"  # a recruit: 4 available now
    begin_day(s)
    assert len(s["placement"]["kinds"]) == 4


def test_example_2_soldiers_come_last() -> None:
    """Example 2 (Pedine Soldato), rulings 8-9: three Milice, then one Soldier."""
    s = new()
    s["morale"], s["soldiers"] = 3, 1
    begin_day(s)
    deck(s, "patrol_01", "patrol_02", "patrol_06", "patrol_10")
    assert s["placement"]["kinds"] == ["milice", "milice", "milice", "soldier"]
    s, _ = act(s, "place", at="cafe", papers=False)
    assert s["patrols"] == {"pont_leveque": "milice"}
    s, _ = act(s, "place", at="spare_room_w", papers=False)
    s, ev = act(s, "place", at="spare_room_ne", papers=False)
    assert s["patrols"] == {"pont_leveque": "milice", "radio_a": "milice", "fence": "milice",
                            "radio_b": "soldier"}
    assert s["phase"] == "action"
    assert "soldier patrols Radio B" in texts(ev)


def test_example_3_fixer_copies_the_chemist() -> None:
    """Example 3 (Stanza degli Ospiti Mediatore), ruling 23."""
    s = new()
    s["rooms"]["spare_room_w"] = "fixer"
    position(s, ["spare_room_w"])
    stock(s, money=1, medicine=1)
    assert {"type": "activate", "at": "spare_room_w", "do": "fixer", "tile": "chemist",
            "copy": "make_explosive"} in legal(s)
    s, _ev = activate(s, "spare_room_w", "fixer", tile="chemist", copy="make_explosive")
    assert s["stock"]["explosive"] == 1 and s["stock"]["money"] == 0 and s["stock"]["medicine"] == 0
    assert s["partisans"][0]["status"] == "home"


def test_example_3_fixer_cannot_copy_a_built_tile() -> None:
    """Ruling 23: only a tile not on the board is copied; never the Safe House tile."""
    s = new()
    s["rooms"]["spare_room_w"] = "fixer"
    s["rooms"]["spare_room_ne"] = "chemist"
    position(s, ["spare_room_w"])
    stock(s, money=3, medicine=3, intel=1)
    tiles = {a["tile"] for a in legal(s) if a.get("do") == "fixer"}
    assert "chemist" not in tiles and "safe_house" not in tiles and "fixer" not in tiles
    assert "pharmacist" in tiles


def test_example_4_sabotage_in_order_one_partisan_per_day() -> None:
    """Example 4: Sabotage boxes 1, 2, 3 in order; one partisan on the card (rulings 3, 24, 25, 29)."""
    s = new(left="sabotage", right="underground_newspaper")
    stock(s, explosive=1)
    for day, want in enumerate(["infiltrate_1", "infiltrate_2", "blow_up"]):
        assert s["phase"] == "placement"
        deck(s, "patrol_09", "patrol_10", "patrol_07", "patrol_03")  # Grocer, Radio B, ...
        s, _ = act(s, "place", at="mission_left", papers=False)
        assert not any(a["type"] == "place" and a["at"] == "mission_left" for a in legal(s))
        while s["phase"] == "placement":
            s, _ = act(s, "place", at="cafe" if not at(s, "cafe") else "spare_room_w", papers=False)
        offered = [b for b in acts_at(s, "mission_left") if b != "nothing"]
        assert offered == [want], (day, offered)
        s, _ev = activate(s, "mission_left", "box", mission="mission_left", box=want)
        for loc in ("cafe", "spare_room_w"):
            if at(s, loc):
                s, _ = activate(s, loc)
    assert boxes(s, "mission_left") == ["blow_up", "infiltrate_1", "infiltrate_2"]
    assert s["results"]["mission_left"] == "success"
    assert s["stock"]["explosive"] == 0


def test_example_5_take_out_the_bridges() -> None:
    """Example 5: dashed boxes at the Black Market; the bridge falls at maintenance (ruling 39)."""
    s = new(left="take_out_the_bridges", right="sabotage")
    assert not any(a["type"] == "place" and a["at"] == "mission_left" for a in legal(s))
    stock(s, explosive=4)
    position(s, ["black_market"])
    s, _ = activate(s, "black_market", "box", mission="mission_left", box="charge")
    assert s["phase"] == "bridge"
    s, ev = act(s, "bridge", bridge="north_bridge")
    assert s["bridges_down"] == ["north_bridge"]
    assert s["day"] == 1 and s["phase"] == "placement"
    position(s, ["pont_du_nord"], {"poor_district": "milice"})
    s, ev = activate(s, "pont_du_nord")
    assert "arrested" in texts(ev)
    position(s, ["black_market"])
    s, ev = activate(s, "black_market", "box", mission="mission_left", box="charge")
    assert "Take Out the Bridges: a Success" in texts(ev)
    assert s["results"]["mission_left"] == "success"
    assert s["bridges_down"] == ["north_bridge", "south_bridge"]  # not asked
    assert s["phase"] == "placement"


def _barracks() -> dict[str, object]:
    s = new(left="sabotage", right="bomb_the_barracks")
    s["boxes"]["mission_right"] = ["recon_1", "recon_2"]
    stock(s, weapon=1, fake_papers=1, explosive=2)
    return s


def test_example_6_barracks_distraction_first_is_major() -> None:
    """Example 6, ruling 42: distraction on an empty Field, then the bomb: Major Success."""
    s = _barracks()
    assert "field_w" in [a["at"] for a in legal(s) if a["type"] == "place"]
    position(s, ["field_w", "mission_right"])
    s, _ = activate(s, "field_w", "box", mission="mission_right", box="distract_the_soldiers")
    s, _ev = activate(s, "mission_right", "box", mission="mission_right", box="plant_the_bomb")
    assert s["results"]["mission_right"] == "major_success"
    assert s["outcome"] is None


def test_example_6_barracks_bomb_alone_is_success() -> None:
    s = _barracks()
    position(s, ["mission_right"])
    s, _ = activate(s, "mission_right", "box", mission="mission_right", box="plant_the_bomb")
    assert s["results"]["mission_right"] == "success"


def test_example_6_no_distraction_after_the_bomb() -> None:
    s = _barracks()
    position(s, ["field_w", "mission_right"])
    s, ev = activate(s, "mission_right", "box", mission="mission_right", box="plant_the_bomb")
    assert s["results"]["mission_right"] == "success"
    # the partisan on the Field has nothing left to do: the engine activates it (one choice)
    assert "The partisan at Field (west) does nothing." in texts(ev)
    assert "distract_the_soldiers" not in s["boxes"]["mission_right"]


def test_example_7_milice_headquarters_shield() -> None:
    """Example 7, rulings 15 and 41: objective 1 has no shield, objective 2 has one."""
    s = new(left="sabotage", right="milice_headquarters")
    assert s["morale"] == 4
    position(s, ["rue_baradat"], {"doctor": "milice", "fence": "milice"})
    s, ev = activate(s, "rue_baradat", "box", mission="mission_right", box="discover_the_plans")
    assert "arrested" in texts(ev)
    assert boxes(s, "mission_right") == []
    s["boxes"]["mission_right"] = ["discover_the_plans"]
    stock(s, poison=2)
    position(s, ["mission_right"], {"pont_du_nord": "milice"})
    s, ev = activate(s, "mission_right", "box", mission="mission_right", box="poison_the_officers")
    assert boxes(s, "mission_right") == ["discover_the_plans", "poison_the_officers"]
    assert s["results"]["mission_right"] == "major_success"
    assert s["soldiers"] == 3
    assert s["morale"] >= 5  # 4 + 2 (then a maintenance may lower it)
    assert "arrested" in texts(ev)
    assert s["stock"]["poison"] == 0


def test_example_8_shooting_with_the_weapon_just_bought() -> None:
    """Example 8 (Sparare a una Milizia), rulings 15 and 16."""
    s = new(left="sabotage", right="underground_newspaper")
    stock(s, money=1)
    position(s, ["fence"], {"poor_district": "milice", "doctor": "soldier", "radio_b": "milice"})
    morale = s["morale"]
    s, _ = activate(s, "fence", "buy_weapon")
    assert s["phase"] == "route"
    assert {"type": "shoot", "at": "poor_district"} in legal(s)
    assert {"type": "shoot", "at": "radio_b"} not in legal(s)  # changes nothing for this route
    shot, _ = act(s, "shoot", at="poor_district")
    assert shot["soldiers"] == 1 and shot["morale"] == morale - 1
    assert shot["stock"]["money"] == 0 and shot["stock"]["weapon"] == 0
    assert shot["partisans"][0]["status"] == "home"
    # without the shot: arrested, and the weapon is lost (the Fence has no shield)
    gone, _ev = act(s, "go_home")
    assert gone["partisans"][0]["status"] == "arrested"
    assert gone["stock"]["weapon"] == 0 and gone["supply"]["weapon"] == 4


def test_example_8_one_shot_per_day() -> None:
    s = new()
    stock(s, weapon=2)
    position(s, ["cafe", "grocer"], {"poor_district": "milice", "radio_b": "milice"})
    s, _ = act(s, "shoot", at="poor_district")
    assert "once per Day" in refused(s, "shoot", at="radio_b")
