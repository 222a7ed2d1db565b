"""The twelve worked examples of notes/africa.md (fourteen cases), played through the engine."""
from __future__ import annotations

from games.africa import GAME
from games.africa.legal import legal_actions
from tests.games.africa.helpers import (
    act,
    clear_map,
    new,
    put,
    set_vp,
    turn,
    types,
)


def _auction_state():
    s = new(4)
    # A (s1) most VP, B (s2), C (s3), D (s4) fewest.
    set_vp(s, s1=20, s2=15, s3=10, s4=5)
    for j, infl in enumerate([12, 12, 12, 6]):
        s["players"][j]["influence"] = infl
    s["auction"] = {"order": [0, 1, 2, 3], "next": 0, "bids": {}}
    s["stage"] = "auction"
    s["pool"] = 0
    return s


def test_1_auction_vp_bid_and_share():
    """Example 1 (6.0; RULINGS 6, 7, 8): D wins with 8, pays 6 cubes and 2 VP, 1 VP to C and B."""
    s = _auction_state()
    row1 = list(s["rows"][0])
    bids_a = [a["amount"] for a in legal_actions(s, "s1") if a["type"] == "bid"]
    assert max(bids_a) == 12 and {"type": "pass"} not in legal_actions(s, "s1")  # A: no VP
    s, _ = act(s, "s1", type="bid", amount=5)
    s, _ = act(s, "s2", type="bid", amount=7)
    s, _ = act(s, "s3", type="pass")
    assert {"type": "bid", "amount": 11} in legal_actions(s, "s4")  # 6 cubes + at most 5 VP
    assert {"type": "bid", "amount": 12} not in legal_actions(s, "s4")
    s, _ = act(s, "s4", type="bid", amount=8)
    vp = [p["vp"] for p in s["players"]]
    assert vp == [20, 16, 11, 3]
    assert s["players"][3]["influence"] == 0 and s["pool"] == 6
    assert s["active"] == 3 and s["turn"]["won"] == row1


def test_2_neutral_conflict_threshold():
    """Example 2 (8.1; RULINGS 20): 4 neutrals need a count of 4; 3 traders cannot fight."""
    s = new(2)
    clear_map(s)
    s["areas"]["sahara"]["neutrals"] = 4
    put(s, 0, "sahara", 3)
    turn(s, 0)
    assert {"type": "fight_neutrals", "area": "sahara"} not in legal_actions(s, "s1")
    put(s, 0, "sahara", 1)
    assert {"type": "fight_neutrals", "area": "sahara"} in legal_actions(s, "s1")


def _neutral_fight():
    s = new(2)
    clear_map(s)
    s["areas"]["sahara"]["neutrals"] = 2
    put(s, 0, "sahara", 3)
    put(s, 1, "morocco", 1)  # the retreat has several choices
    s["players"][0]["influence"] = 5
    s["players"][0]["reputation"] = 3
    s["pool"] = 0
    turn(s, 0)
    s, _ = act(s, "s1", type="fight_neutrals", area="sahara")
    s["conflict"]["drawn"][-1] = "conflict_15"  # traders 3
    return s


def test_3_neutral_conflict_redraw_then_keep():
    """Example 3 (8.1.2; RULINGS 20, 21): traders 3 redrawn once, influence 2 kept and won."""
    s = _neutral_fight()
    assert "redraw" in types(s, "s1")
    s, _ = act(s, "s1", type="redraw")
    s["conflict"]["drawn"][-1] = "conflict_10"  # influence 2
    assert "redraw" not in types(s, "s1")  # one redraw only: 3 traders against 2 neutrals
    s, _ = act(s, "s1", type="keep")
    assert s["players"][0]["influence"] == 3 and s["pool"] == 2
    assert s["areas"]["sahara"]["traders"][0] == 3
    # One neutral went to the supply; the other retreats 1 or 2 areas where the player likes.
    assert s["pending"][0]["kind"] == "neutral_retreat"
    choices = [a["to"] for a in legal_actions(s, "s1")]
    assert "sahara" not in choices and "algeria" in choices and "bornu" in choices
    s, _ = act(s, "s1", type="retreat", to="bornu")
    assert s["areas"]["sahara"]["neutrals"] == 0 and s["areas"]["bornu"]["neutrals"] == 1


def test_3b_neutral_conflict_refused():
    """Example 3, the book's alternative: refusing costs reputation 1, every piece stays."""
    s = _neutral_fight()
    s, _ = act(s, "s1", type="redraw")
    s, _ = act(s, "s1", type="refuse")
    assert s["players"][0]["reputation"] == 2
    assert s["areas"]["sahara"]["neutrals"] == 2 and s["areas"]["sahara"]["traders"][0] == 3
    assert s["players"][0]["influence"] == 5


def _player_conflict(peter_traders=3, peter_rep=1, mel_traders=2, mel_rep=4, wholesaler=False):
    s = new(2)
    clear_map(s)
    put(s, 0, "sudan", peter_traders, wholesaler=wholesaler)
    put(s, 1, "sudan", mel_traders)
    s["players"][0]["reputation"] = peter_rep
    s["players"][1]["reputation"] = mel_rep
    s["players"][0]["influence"] = 10
    s["players"][1]["influence"] = 10
    s["players"][0]["tokens"] = ["action_40", "action_45"]  # resource up; extra traders
    s["players"][1]["tokens"] = []
    s["pool"] = 0
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    return s


def test_4_reputation_is_strength():
    """Example 4 (8.2; RULINGS 22): at reputation 2 each trader is worth 2."""
    s = _player_conflict(peter_traders=3, peter_rep=2, mel_traders=1, mel_rep=5)
    s, _ = act(s, "s1", type="commit", cubes=0)
    s, ev = act(s, "s2", type="commit", cubes=0)
    assert any("Red 6, Blue 5" in e["text"] for e in ev)


def test_5_peter_and_melissa():
    """Example 5 (8.2.3; RULINGS 22, 23, 25): 21 against 14; Peter wins and buys reputation."""
    s = _player_conflict()
    s, _ = act(s, "s1", type="add_token", token="action_45")
    s, _ = act(s, "s1", type="commit", cubes=3)
    s, ev = act(s, "s2", type="commit", cubes=2)
    assert any("Red 21, Blue 14" in e["text"] for e in ev)
    assert s["areas"]["sudan"]["traders"][1] == 0 or s["pending"]
    assert s["players"][1]["supply"] == 13  # one trader of Melissa's removed to her supply
    # Peter retreats her other trader 1 or 2 areas, never into his own areas.
    assert s["pending"][0]["kind"] == "retreat" and GAME.to_act(s) == ["s1"]
    choices = [a["to"] for a in legal_actions(s, "s1")]
    assert "sudan" not in choices and "great_lakes" in choices and "zambezi" in choices
    s, _ = act(s, "s1", type="retreat", to="zambezi")  # two areas away
    assert s["areas"]["zambezi"]["traders"][1] == 1
    s, _ = act(s, "s1", type="buy_reputation")
    assert s["players"][0]["reputation"] == 2
    assert s["pool"] == 7
    assert "action_45" in s["discards"] and s["players"][0]["tokens"] == ["action_40"]


def test_5b_melissa_retreats():
    """Example 5, the alternative (8.2.2; RULINGS 24): Melissa's retreat token."""
    s = _player_conflict()
    s, _ = act(s, "s1", type="add_token", token="action_45")
    s, _ = act(s, "s1", type="commit", cubes=3)
    s, _ = act(s, "s2", type="retreat_token")
    assert s["players"][1]["influence"] == 13 and s["players"][1]["tokens"] == ["action_45"]
    assert s["players"][0]["influence"] == 7 and s["pool"] == 0
    assert s["players"][1]["supply"] == 14 - 2  # no trader lost
    assert GAME.to_act(s) == ["s2"]  # she retreats her own traders
    for _ in range(2):
        choices = [a["to"] for a in legal_actions(s, "s2")]
        assert "sudan" not in choices
        s, _ = act(s, "s2", type="retreat", to=choices[0])
    assert s["areas"]["sudan"]["traders"][1] == 0
    # Peter won and may still buy reputation; the retreat token is never used up.
    assert GAME.to_act(s) == ["s1"] and "buy_reputation" in types(s, "s1")


def test_6_wholesaler_count():
    """Example 6 (8.3; RULINGS 19): wholesaler + 2 traders count 5; at reputation 3, 15."""
    s = _player_conflict(peter_traders=2, peter_rep=3, mel_traders=1, mel_rep=6, wholesaler=True)
    s, _ = act(s, "s1", type="commit", cubes=0)
    s, ev = act(s, "s2", type="commit", cubes=0)
    assert any("Red 15, Blue 6" in e["text"] for e in ev)
    s = new(2)
    clear_map(s)
    s["areas"]["sahara"]["neutrals"] = 5
    put(s, 0, "sahara", 2, wholesaler=True)
    turn(s, 0)
    assert {"type": "fight_neutrals", "area": "sahara"} in legal_actions(s, "s1")


def _score(s, seat="s1", **action):
    return act(s, seat, type="score", **action)


def test_7_area_value():
    """Example 7 (9.0; RULINGS 26): a resource on row 3 scores 3; an empty area scores 0."""
    s = new(2)
    clear_map(s)
    s["areas"]["guinea"]["resource"] = "gold"
    s["table"]["gold"] = 3
    put(s, 0, "guinea", 1)
    put(s, 0, "sahara", 1)
    assert s["table"]["africa"] == 0
    set_vp(s, s1=10, s2=30)
    turn(s, 0)
    s, _ = _score(s)
    assert s["players"][0]["vp"] == 13


def test_8_neutral_penalty():
    """Example 8 (9.1; RULINGS 26): an area worth 2 with 3 neutrals scores -1."""
    s = new(2)
    clear_map(s)
    s["areas"]["guinea"]["resource"] = "gold"
    s["table"]["gold"] = 2
    s["areas"]["guinea"]["neutrals"] = 3
    put(s, 0, "guinea", 3)
    set_vp(s, s1=10, s2=30)
    turn(s, 0)
    s, _ = _score(s)
    assert s["players"][0]["vp"] == 9


def test_9_stations():
    """Example 9 (9.3; RULINGS 28): 2 stations against at most 1 each: 2 + 3 VP; a tie: no 3."""
    for other, expected in ((1, 15), (2, 12)):
        s = new(3)
        clear_map(s)
        for a in ("sahara", "bornu", "heart", "congo"):
            s["areas"][a]["station"] = True
            s["areas"][a]["resource"] = None
        put(s, 0, "sahara", 1)
        put(s, 0, "bornu", 1)
        put(s, 1, "heart", 1)
        if other == 2:
            put(s, 1, "congo", 1)
        set_vp(s, s1=10, s2=30, s3=31)
        turn(s, 0)
        s, _ = _score(s)
        # Heart control goes to Blue, not Red; Africa is 0: only the stations score.
        assert s["players"][0]["vp"] == expected


def test_10_vp_track_skips():
    """Example 10 (9.5; RULINGS 30): Peter on 12, Melissa on 15, Peter scores 4: 17."""
    s = new(2)
    clear_map(s)
    s["areas"]["guinea"]["resource"] = "gold"
    s["table"]["gold"] = 4
    put(s, 0, "guinea", 1)
    set_vp(s, s1=12, s2=15)
    turn(s, 0)
    s, _ = _score(s)
    assert s["players"][0]["vp"] == 17


def test_11_movement_special_after_a_conflict():
    """Example 11 (10.0; RULINGS 16): a retreated trader is moved out of 5 neutrals."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sudan", 2)
    put(s, 1, "sudan", 3)
    s["areas"]["egypt"]["neutrals"] = 5
    s["players"][1]["reputation"] = 6
    s["players"][1]["influence"] = 0  # no reputation purchase to ask
    s["players"][0]["tokens"] = ["action_47"]  # movement, 3 AP
    set_vp(s, s1=10, s2=30)
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="commit", cubes=0)
    s, _ = act(s, "s2", type="commit", cubes=0)
    assert GAME.to_act(s) == ["s2"]  # Blue won and retreats Red's other trader
    s, _ = act(s, "s2", type="retreat", to="egypt")
    assert s["areas"]["egypt"]["traders"][0] == 1
    s, _ = act(s, "s1", type="use", token="action_47")
    # Outside the action step the movement special moves the retreated trader too.
    s, _ = act(s, "s1", type="move", piece="trader", **{"from": "egypt", "to": "libya"})
    s, _ = act(s, "s1", type="finish")
    if s["stage"] == "turn" and s["active"] == 0:
        s, _ = _score(s)
    assert s["players"][0]["vp"] == 10  # Libya is worth 0 and holds no neutral: no -5


def test_12_influence_sharing():
    """Example 12 (11.0; RULINGS 33): a pool of 16 gives 5 to each of 3 others, 1 waits."""
    s = new(4)
    clear_map(s)
    set_vp(s, s1=5, s2=30, s3=31, s4=32)
    before = [p["influence"] for p in s["players"]]
    turn(s, 0)
    s["pool"] = 8 + 3 + 5
    s, _ = _score(s)
    after = [p["influence"] for p in s["players"]]
    assert [a - b for a, b in zip(after, before, strict=False)] == [0, 5, 5, 5]
    assert s["pool"] == 1
