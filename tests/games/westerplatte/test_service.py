"""Secrecy, drops, undo barriers, defaults and whole games."""
from __future__ import annotations

import json

import pytest

from games.base import canonical
from games.simulate import simulate
from games.westerplatte import GAME
from games.westerplatte.board import EVENT_IDS
from tests.games.westerplatte.helpers import (
    act,
    clear,
    new,
    play,
    quiet_card,
    top,
    troop,
)


def test_public_view_hides_the_deck_and_the_events() -> None:
    """Notes, hidden information: the German deck's order and the events to come are hidden."""
    s = new(2)
    text = canonical(GAME.view(s, None))
    for cid in s["deck"]:
        assert f'"{cid}"' not in text
    for eid in EVENT_IDS:
        assert f'"{eid}"' not in text
    v = GAME.view(s, None)
    assert "me" not in v and v["deck"]["count"] == len(s["deck"])
    assert v["deck"]["phase_one"] == 24 - 3 and v["deck"]["top_phase"] == 1
    assert v["events"]["left"] == 6


def test_seat_views_add_only_their_officers() -> None:
    s = new(3)
    for seat, oid in zip(["s1", "s2", "s3"], ["o1", "o2", "o3"], strict=False):
        v = GAME.view(s, seat)
        assert v["me"]["officers"] == [oid]
        assert {k: x for k, x in v.items() if k != "me"} == GAME.view(s, None)


def test_setup_pile_card_is_public() -> None:
    """Notes: the card put on day 1's pile at setup with 1-2 players goes face up."""
    s = new(1, settle=False)
    v = GAME.view(s, None)
    assert len(v["piles"][0]) >= 1 and v["piles"][0][0] == s["piles"][0][0]


def test_drop_hands_officers_over_and_last_drop_abandons() -> None:
    """Interpretation: a leaving player's officers go to the next player still at the table."""
    s = clear(new(3))
    s2, ev = GAME.drop(s, "s1")
    assert s2["officers"][0]["seat"] == "s2" and GAME.to_act(s2) == ["s2"]
    assert ev and "s1" not in canonical(ev)
    s3, _ = GAME.drop(s2, "s2")
    assert [o["seat"] for o in s3["officers"]] == ["s3", "s3", "s3"]
    s4, _ = GAME.drop(s3, "s3")
    out = GAME.outcome(s4)
    assert out is not None and out["reason"] == "abandoned" and out["winners"] == []


def test_undo_barriers() -> None:
    s = clear(new(2))
    s2, _ = act(s, {"type": "move", "to": "outpost_b"})
    assert not GAME.undo_barrier(s, "s1", {"type": "move", "to": "outpost_b"}, s2)
    top(s2, quiet_card(s2))
    s3, _ = act(s2, {"type": "end_turn"})
    assert GAME.undo_barrier(s2, "s1", {"type": "end_turn"}, s3)


def test_defaults_follow_the_notes() -> None:
    """Notes, deadline defaults: guardhouse with more bricks, then the left one; phase 1 passes."""
    s = clear(new(2))
    assert GAME.default_action(s, "s1") == {"type": "end_turn"}
    s["walls"]["outpost_a"] = 0
    s["walls"]["guardhouse_2"] = 4
    troop(s, "a", "attack_01")
    top(s, quiet_card(s))
    s["officers"][0]["at"] = "guardhouse_3"
    s2, _ = act(s, {"type": "end_turn"})
    assert GAME.default_action(s2, "s1") == {"type": "guardhouse", "wall": "guardhouse_1"}
    s2["walls"]["guardhouse_1"] = 4
    assert GAME.default_action(s2, "s1") == {"type": "guardhouse", "wall": "guardhouse_1"}


def test_dump_load_round_trip() -> None:
    s = play(clear(new(4)), {"type": "end_turn"})
    again = GAME.load(json.loads(json.dumps(GAME.dump(s))))
    assert canonical(GAME.dump(again)) == canonical(GAME.dump(s))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_simulated_games_end_both_ways(players: int) -> None:
    """Greedy play-outs finish without failure and reach both endings on easy."""
    r = simulate("westerplatte", players, {"difficulty": "easy"}, 40, 1)
    assert r["failures"] == [] and r["finished"] == 40
    assert "walls_destroyed" in r["reasons"]
    if players <= 2:
        assert "survived" in r["reasons"]
