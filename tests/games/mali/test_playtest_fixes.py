"""Issue 22's Mali findings in the engine: a loss counts nothing, pick-up labels say what they drop,
the block-path label agrees with its announcement, no start marker after the end, the objective
labels fit a choice, and a draft whose every set is the same cards is kept by the engine."""
from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from games.base import IllegalAction, english
from games.mali import GAME, flow
from games.mali.apply import replayed
from games.mali.legal import objective_combos, objectives_forced
from games.mali.objectives import lost_outcome
from games.mali.state import OBJECTIVES, ORDERS, SCOUT_NAMES, VICTORY
from tests.games.mali.helpers import act, carry, new, park, play_cards, position, run_tasks, set_track

# ---- 1. after a loss no points are counted ---------------------------------------------------------

def test_a_lost_game_counts_no_points_and_says_only_the_orders_delivered() -> None:
    s = new(2)
    s["players"][0]["delivered"] = ["O01", "O02"]
    position(s, Zosia="plac_wilsona", Janek="past", Wicek="stary_mokotow")  # all three home: 7 if counted
    lost = lost_outcome(s, "fourth_token")
    assert lost["winners"] == [] and lost["scores"] == {"r": 0, "g": 0}
    assert lost["breakdown"]["r"] == {"orders": 0, "return_bonus": 0, "objectives": [], "total": 0,
                                      "delivered": 2}
    assert lost["breakdown"]["g"]["delivered"] == 0 and lost["breakdown"]["g"]["total"] == 0


def test_the_fourth_token_ends_the_game_with_nothing_counted() -> None:
    s = new(2)
    park(s)
    s["players"][1]["delivered"] = ["O03"]
    s["blocked"] = [{"edge": None, "location": "cytadela", "district": "zoliborz"}] * 3
    set_track(s, [], [], [], [], ["O21"])
    s["order"] = [0, 1]
    events = run_tasks(s, "time_start", phase="time")
    if s["pending"]:
        s, more = act(s, s["pending"]["seat"], type="block_path", edge=s["pending"]["options"][0])
        events += more
    out = s["outcome"]
    assert out is not None and out["reason"] == "fourth_token"
    assert {seat: row["total"] for seat, row in out["breakdown"].items()} == {"r": 0, "g": 0}
    assert out["breakdown"]["g"]["delivered"] == 1
    assert not [e for e in events if e["type"] == "start_player"]


# ---- 2. where an order was picked up; a pick-up that drops an order says so --------------------------

def _my_turn(s: dict[str, Any], cards: dict[str, int], seat: str) -> dict[str, Any]:
    s, _ = play_cards(s, cards)
    while s["current"]["seat"] != seat:
        s, _ = act(s, s["current"]["seat"], type="end_turn")
    return s


def test_pick_up_drop_and_delivery_events_say_where() -> None:
    s = new(2)
    park(s)
    set_track(s, ["O01", "O02"])  # both start at Plac Wilsona
    position(s, Zosia="plac_wilsona--cytadela#1")
    s = _my_turn(s, {"r": 3, "g": 5}, "r")
    s, ev = act(s, "r", type="step", scout="Zosia", to="plac_wilsona")
    s, ev = act(s, "r", type="pick_up", scout="Zosia", order="O01")
    assert [(e["type"], e["at"]) for e in ev] == [("picked_up", "plac_wilsona")]
    s, ev = act(s, "r", type="pick_up", scout="Zosia", order="O02")
    assert [(e["type"], e["order"], e["at"]) for e in ev] == [("dropped", "O01", "plac_wilsona"),
                                                              ("picked_up", "O02", "plac_wilsona")]


def test_a_pick_up_that_drops_an_order_says_so_on_its_label() -> None:
    s = new(2)
    park(s, "plac_wilsona")
    set_track(s, ["O01", "O02"])
    carry(s, "Zosia", "O01")
    carry(s, "Janek", "O02")
    s = _my_turn(s, {"r": 1, "g": 2}, "r")
    labels = {(a["scout"], a["order"]): english(GAME.describe(s, "r", a))
              for a in GAME.legal_actions(s, "r") if a["type"] == "pick_up"}
    assert labels[("Zosia", "O02")].startswith("Zosia: drop O01, pick up O02")
    assert labels[("Wicek", "O01")].startswith("Wicek: take O01 over from Zosia")
    assert labels[("Janek", "O01")].startswith("Janek: drop O02, pick up O01")


def test_every_pick_up_label_fits_a_button() -> None:
    s = new(4)
    for oid in ORDERS:
        for name in SCOUT_NAMES:
            sc = s["scouts"][name]
            mate = next(n for n in SCOUT_NAMES if n != name and s["scouts"][n]["owner"] == sc["owner"])
            for carried, mates in ((None, None), ("O12", None), (None, oid)):
                sc["carrying"], s["scouts"][mate]["carrying"] = carried, mates
                label = english(GAME.describe(s, "r", {"type": "pick_up", "scout": name, "order": oid}))
                assert len(label) <= 80 and oid in label, label
                assert ("drop O12" in label) == (carried == "O12"), label


# ---- 3. the block-path label and its announcement; no start marker after the end ----------------------

def test_the_block_path_label_names_the_ends_as_the_announcement_does() -> None:
    s = new(2)
    park(s)
    set_track(s, [], [], [], [], ["O01"])  # to Starówka: four paths to choose from
    s["order"] = [0, 1]
    run_tasks(s, "time_start", phase="time")
    pending = s["pending"]
    assert pending["kind"] == "block_path" and len(pending["options"]) > 1
    for edge in pending["options"]:
        action = {"type": "block_path", "edge": edge}
        label = english(GAME.describe(s, pending["seat"], action))
        assert label.startswith("Block the path Starówka – "), label
        _, ev = GAME.apply(s, pending["seat"], action)
        said = next(e["text"] for e in ev if e["type"] == "path_blocked")
        assert label.removeprefix("Block the path ") in said, (label, said)


@pytest.mark.parametrize("variant", ["basic", "extended"])
def test_the_start_marker_does_not_pass_after_the_end(variant: str) -> None:
    s = new(2, variant)
    park(s)
    s["deck"] = []
    set_track(s)  # the last orders are out
    if variant == "extended":
        s["players"][0]["objectives"] = s["players"][1]["objectives"] = ["S08", "S13", "S19"]
        s["victory_drawn"] = True
        set_track(s, [], [], [], [VICTORY])
    s["order"] = [0, 1]
    start = s["start"]
    events = run_tasks(s, "time_start", phase="time")
    assert s["outcome"] is not None and s["outcome"]["reason"] == "victory"
    assert not [e for e in events if e["type"] == "start_player"] and s["start"] == start
    assert events[-1]["type"] == "game_over"


def test_the_start_marker_still_passes_between_rounds() -> None:
    s = new(2)
    park(s)
    s["order"] = [0, 1]
    start = s["start"]
    events = run_tasks(s, "time_start", phase="time")
    assert [e["seat"] for e in events if e["type"] == "start_player"] == [s["seats"][1 - start]]


def test_the_view_says_whether_the_victory_card_is_in_the_deck() -> None:
    s = new(2, "extended")
    assert GAME.view(s, None)["victory_in_deck"] is True
    s["deck"].remove(VICTORY)
    assert GAME.view(s, None)["victory_in_deck"] is False
    assert GAME.view(new(2), None)["victory_in_deck"] is False


# ---- 4. the objective choice fits a choice's name, with colours and points ------------------------------

def test_every_set_of_objectives_is_named_within_100_characters_with_all_three() -> None:
    s = new(2, "extended")
    for ids in combinations(OBJECTIVES, 3):
        if len({OBJECTIVES[o]["colour"] for o in ids}) != 3:
            continue
        label = english(GAME.describe(s, "r", {"type": "choose_objectives", "ids": list(ids)}))
        assert len(label) <= 100, label
        for o in ids:
            assert f"{o} {OBJECTIVES[o]['colour']} {OBJECTIVES[o]['points']} (" in label, label


# ---- 5. a draft whose every set is the same cards is kept by the engine ------------------------------

FORCED = ["S08", "S09", "S19", "S20", "S13", "S14"]  # blue, red and green: two copies of each
FREE = ["S01", "S02", "S08", "S13", "S15", "S19"]


def _draft(hands: dict[str, list[str]]) -> dict[str, Any]:
    s = new(2, "extended")
    for seat, hand in hands.items():
        s["players"][s["seats"].index(seat)]["objective_hand"] = list(hand)
    return s


def test_a_hand_of_copies_is_forced_and_a_real_choice_is_not() -> None:
    s = _draft({"r": FORCED, "g": FREE})
    assert objectives_forced(s, 0) and len(objective_combos(s, 0)) == 8
    assert not objectives_forced(s, 1)


def test_the_forced_draft_is_kept_when_the_others_have_chosen() -> None:
    s = _draft({"r": FORCED, "g": FREE})
    assert set(GAME.to_act(s)) == {"r", "g"}  # the hand is secret: red waits like anybody
    s, events = act(s, "g", type="choose_objectives", ids=["S01", "S08", "S13"])
    assert s["phase"] == "cards" and s["round"] == 1
    assert s["players"][0]["objectives"] == ["S08", "S19", "S13"]
    mine = [e for e in events if e["type"] == "objectives_chosen" and e.get("seat") == "r"]
    public = [e for e in mine if "private_to" not in e]
    private = [e for e in mine if e.get("private_to") == "r"]
    assert [e["text"] for e in public] == ["Red has chosen their secret objectives."]
    assert len(private) == 1 and "kept for you" in private[0]["text"]
    assert not any("S08" in e["text"] for e in events if "private_to" not in e)


def test_a_forced_draft_may_still_be_answered_by_its_owner() -> None:
    s = _draft({"r": FORCED, "g": FREE})
    s, _ = act(s, "r", type="choose_objectives", ids=["S09", "S20", "S14"])
    assert s["players"][0]["objectives"] == ["S09", "S20", "S14"] and GAME.to_act(s) == ["g"]


def test_everybody_forced_keeps_every_draft_at_once() -> None:
    s = _draft({"r": FORCED, "g": ["S10", "S11", "S21", "S22", "S15", "S16"]})
    s["phase"] = "objectives"
    events: list[dict[str, Any]] = []
    flow.advance(s, events)
    assert s["round"] == 1 and all(p["objectives"] for p in s["players"])


def test_a_forced_draft_at_the_deal_is_kept_at_once() -> None:
    s = GAME.setup(["a", "b"], {"variant": "extended"}, 14)  # both hands are copies only
    assert s["phase"] == "cards" and all(len(p["objectives"]) == 3 for p in s["players"])
    s = GAME.setup(["a", "b"], {"variant": "extended"}, 16)  # only a's hand is
    assert s["phase"] == "objectives" and GAME.to_act(s) == ["a", "b"]
    s, _ = GAME.apply(s, "b", GAME.legal_actions(s, "b")[0])
    assert s["phase"] == "cards" and len(s["players"][0]["objectives"]) == 3


def test_no_draft_is_kept_for_anybody_while_someone_has_a_real_choice() -> None:
    kept_at_once = 0
    for seed in range(1, 80):
        s = GAME.setup(["a", "b", "c"], {"variant": "extended"}, seed)
        if s["phase"] == "objectives":
            assert not any(p["objectives"] for p in s["players"]), seed
            assert not all(objectives_forced(s, i) for i in range(3)), seed
        else:
            kept_at_once += 1
    assert kept_at_once < 10


def test_an_older_log_of_a_forced_draft_replays_unchanged() -> None:
    # Logs written before the engine kept forced drafts hold the owner's own pick after the others':
    # replayed (undo, /game replay), it changes nothing but which copies are kept.
    s = _draft({"r": FORCED, "g": FREE})
    s, _ = act(s, "g", type="choose_objectives", ids=["S01", "S08", "S13"])
    assert s["players"][0]["objectives"] == ["S08", "S19", "S13"]
    again = replayed(s, "r", {"type": "choose_objectives", "ids": ["S14", "S09", "S20"]})
    assert again is not None and again["players"][0]["objectives"] == ["S09", "S20", "S14"]
    with pytest.raises(IllegalAction):  # a live move it is not: the engine kept the draft
        GAME.apply(s, "r", {"type": "choose_objectives", "ids": ["S14", "S09", "S20"]})
    assert {k: v for k, v in again.items() if k != "players"} == {k: v for k, v in s.items() if k != "players"}
    # other cards are no older pick, nor a seat's second pick after a real choice
    assert replayed(s, "r", {"type": "choose_objectives", "ids": ["S01", "S09", "S20"]}) is None
    assert replayed(s, "g", {"type": "choose_objectives", "ids": ["S02", "S08", "S13"]}) is None


def test_an_older_log_where_every_draft_was_forced_replays() -> None:
    s = GAME.setup(["a", "b"], {"variant": "extended"}, 14)
    kept = {seat: list(p["objectives"]) for seat, p in zip(s["seats"], s["players"], strict=True)}
    for seat in ("a", "b"):
        again = replayed(s, seat, {"type": "choose_objectives", "ids": kept[seat]})
        assert again is not None
        s = again
    assert [p["objectives"] for p in s["players"]] == [kept["a"], kept["b"]]
