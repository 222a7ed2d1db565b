"""Play-testing fixes (issue 22): the commit echo, the scoring line's words, single-answer choices
played by the engine, and the amended rulings 7, 9 and 18."""
from __future__ import annotations

from typing import Any

import pytest

from games.africa import GAME
from games.africa.apply import advance
from games.base import IllegalAction
from tests.games.africa.helpers import act, clear_map, new, put, set_vp, turn, types


def test_a_commitment_is_echoed_to_its_owner_only() -> None:
    s = new(2)
    clear_map(s)
    put(s, 0, "sudan", 1)
    put(s, 1, "sudan", 1)
    s["players"][0]["tokens"] = ["action_40"]
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="add_token", token="action_40")
    s, ev = act(s, "s1", type="commit", cubes=3)
    mine = [e["text"] for e in ev if e.get("private_to") == "s1"]
    assert mine == ["You commit 3 influence cubes and Resource up (2 AP)."]
    assert all("3" not in e["text"] for e in ev if "private_to" not in e)
    _, ev = act(s, "s2", type="retreat_token")
    assert [e["text"] for e in ev if e.get("private_to") == "s2"] == ["You commit your retreat token."]


def test_scoring_names_the_heart_area_and_its_bonus_apart() -> None:
    s = new(2)
    clear_map(s)
    s["table"]["africa"] = 2
    put(s, 0, "heart", 1)
    set_vp(s, s1=10, s2=40)
    turn(s, 0)
    s, ev = act(s, "s1", type="score")
    line = next(e["text"] for e in ev if e["type"] == "score")
    assert "Heart of Africa area +2" in line and "bonus for holding the Heart of Africa +3" in line
    assert s["players"][0]["vp"] == 15


def test_r7_vp_are_paid_only_from_free_spaces_below() -> None:
    """Ruling 7: a player on 2 with 1 and 0 taken can pay no VP; one on 5 with 1 and 3 taken, 3."""
    s = new(4)
    set_vp(s, s1=2, s2=1, s3=0, s4=30)
    s["auction"] = {"order": [3, 0, 1, 2], "next": 0, "bids": {}}
    s, _ = act(s, "s4", type="bid", amount=0)
    cubes = s["players"][0]["influence"]
    assert max(a["amount"] for a in GAME.legal_actions(s, "s1") if a["type"] == "bid") == cubes
    set_vp(s, s1=5, s2=1, s3=3)
    assert max(a["amount"] for a in GAME.legal_actions(s, "s1") if a["type"] == "bid") == cubes + 3
    s, _ = act(s, "s1", type="bid", amount=cubes + 3)  # the others cannot outbid: passed for them
    assert s["players"][0]["vp"] == 0 and s["players"][0]["influence"] == 0


def test_r9_a_round_of_zero_sealed_bids_goes_to_the_fewest_vp() -> None:
    s = new(3, sealed_auction=True)
    set_vp(s, s1=8, s2=6, s3=7)
    before = [p["influence"] for p in s["players"]]
    for seat in ("s1", "s2", "s3"):
        s, ev = act(s, seat, type="bid", amount=0)
    assert s["seats"][s["active"]] == "s2"
    assert [p["influence"] for p in s["players"]] == before
    assert any("wins the auction with 0" in e["text"] for e in ev)


def test_a_sealed_bid_forced_by_public_facts_is_played_at_once() -> None:
    """The bidder with most VP and no cubes can bid only 0: nobody waits on him."""
    s = new(3, sealed_auction=True)
    set_vp(s, s1=8, s2=6, s3=7)
    s["players"][0]["influence"] = 0
    s["auction"]["order"] = [0, 2, 1]
    events: list[dict[str, object]] = []
    advance(s, events)
    assert sorted(GAME.to_act(s)) == ["s2", "s3"]
    assert s["auction"]["bids"] == {"0": 0}
    assert [e["text"] for e in events] == ["Red can bid only 0 and has bid it."]
    s, _ = act(s, "s2", type="bid", amount=1)
    s, _ = act(s, "s3", type="bid", amount=2)
    assert s["seats"][s["active"]] == "s3"


def test_a_commitment_forced_by_hidden_facts_waits_for_the_other_side() -> None:
    """Nothing left to commit: played only once the other side has committed."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sudan", 1)
    put(s, 1, "sudan", 1)
    s["players"][0]["tokens"] = ["action_40"]
    s["players"][0]["special_victory_tokens"] = []
    s["players"][0]["influence"] = 0
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="add_token", token="action_40")
    assert GAME.legal_actions(s, "s1") == [{"type": "commit", "cubes": 0}]
    assert sorted(GAME.to_act(s)) == ["s1", "s2"]
    s, ev = act(s, "s2", type="commit", cubes=1)
    assert s["stage"] != "commit" and any(e["type"] == "commitments" for e in ev)


def _after_won_conflict() -> dict[str, Any]:
    s = new(3)
    clear_map(s)
    put(s, 0, "sudan", 1)
    put(s, 1, "sudan", 1)
    put(s, 0, "sahara", 1)
    s["areas"]["libya"]["neutrals"] = 1
    s["players"][0]["reputation"] = 6
    s["players"][1]["reputation"] = 1
    s["players"][0]["tokens"] = ["action_47"]  # movement
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="commit", cubes=0)
    s, _ = act(s, "s2", type="commit", cubes=0)
    assert s["areas"]["sudan"]["traders"] == [1, 0, 0]
    s, _ = act(s, "s1", type="use", token="action_47")
    return s


def test_r18_a_piece_moved_between_conflicts_may_fight_if_it_has_not_fought() -> None:
    s = _after_won_conflict()
    s, _ = act(s, "s1", type="move", piece="trader", **{"from": "sahara", "to": "libya"})
    s, _ = act(s, "s1", type="finish")
    assert {"type": "fight_neutrals", "area": "libya"} in GAME.legal_actions(s, "s1")


def test_r18_a_piece_that_fought_and_is_moved_fights_no_more() -> None:
    s = _after_won_conflict()
    s, _ = act(s, "s1", type="move", piece="trader", **{"from": "sudan", "to": "libya"})
    s, _ = act(s, "s1", type="finish")
    assert "fight_neutrals" not in types(s, "s1")


def test_refusals_name_actions_pieces_and_areas_in_words() -> None:
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 1)
    turn(s, 0, ap=3)
    with pytest.raises(IllegalAction) as wrong_kind:
        act(s, "s1", type="fight_neutrals", area="congo")
    said = str(wrong_kind.value)
    assert said.startswith("You cannot fight neutrals now; you may: move a piece")
    assert "_" not in said
    with pytest.raises(IllegalAction) as wrong_place:
        act(s, "s1", type="move", piece="trader", **{"from": "sahara", "to": "congo"})
    said = str(wrong_place.value)
    assert said.startswith("You cannot move a piece there now. You could: Move trader Sahara → ")
    assert "_" not in said and "sahara" not in said


@pytest.mark.parametrize(("players", "sealed", "seed"), [(2, True, 1), (3, True, 2), (5, True, 3), (2, False, 4),
                                                         (4, False, 5)])
def test_no_single_answer_is_asked_but_a_secret_one(players: int, sealed: bool, seed: int) -> None:
    """Over random play: whoever is asked has a real choice, except a side of a conflict whose one
    answer follows from its own secret commitment while the other side still chooses."""
    from games.simulate import choose, playout_rng

    s = GAME.setup(["s1", "s2", "s3", "s4", "s5"][:players], {"sealed_auction": sealed, "target_vp": 42}, seed)
    decide = playout_rng(seed)
    for _ in range(1500):
        if s["outcome"] is not None:
            break
        for seat in GAME.to_act(s):
            if len(GAME.legal_actions(s, seat)) == 1:
                assert s["stage"] == "commit" and len(GAME.to_act(s)) == 2, (s["stage"], seat)
        seat, action = choose(GAME, s, decide)
        s, _ = GAME.apply(s, seat, action)
    assert s["round"] > 5
