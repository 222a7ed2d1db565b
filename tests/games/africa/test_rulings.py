"""One test per ruling of RULINGS.md, Heart of Africa, that the engine implements."""
from __future__ import annotations

import pytest

from games.africa import GAME
from games.africa.board import COASTAL, SYMBOL_AREAS, TOKEN_IDS
from games.base import IllegalAction
from tests.games.africa.helpers import act, clear_map, new, put, set_vp, turn, types


@pytest.mark.parametrize(("players", "cubes"), [(2, 15), (3, 15), (4, 12), (5, 12)])
def test_r1_r4_setup(players, cubes):
    """Rulings 1, 2, 4: cubes by player count; VP 8, 7, ...; resource table; start areas; the
    special victory token; rows 1-3 and the stock."""
    s = GAME.setup([f"s{i}" for i in range(1, players + 1)], {"target_vp": 42,
                                                           "sealed_auction": False}, 7)
    assert sorted(p["vp"] for p in s["players"]) == list(range(9 - players, 9))
    assert all(p["influence"] == cubes and p["reputation"] == 2 for p in s["players"])
    assert sorted(s["table"][r] for r in ("bananas", "diamonds", "gold", "ivory")) == [1, 2, 3, 4]
    assert s["table"]["africa"] == 0
    assert all(s["areas"][a]["neutrals"] == 1 and s["areas"][a]["resource"] for a in SYMBOL_AREAS)
    # Start areas are chosen from fewest VP up.
    fewest = min(range(players), key=lambda j: s["players"][j]["vp"])
    assert GAME.to_act(s) == [s["seats"][fewest]]
    while s["pending"]:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        assert all(a["area"] in COASTAL and s["areas"][a["area"]]["neutrals"] == 0 for a in legal)
        s, _ = GAME.apply(s, seat, legal[-1])
    assert all(p["supply"] == 9 and len(p["special_victory_tokens"]) == 1 for p in s["players"])
    assert len(s["box"]) == 9 - players
    assert [len(r) for r in s["rows"]] == [2, 2, 2, 2]
    assert len(s["stock"]) == len(TOKEN_IDS) - 8
    assert s["stage"] == "auction"


def test_r5_stock_refills_from_discards_and_empty_row_ends():
    """Ruling 5: an empty stock takes the discards; an empty row 1 ends the game."""
    s = new(2)
    s["discards"] = list(s["stock"])
    s["stock"] = []
    s["rows"][3] = []
    set_vp(s, s1=20, s2=10)
    turn(s, 0)
    s, _ = act(s, "s1", type="score")
    assert len(s["rows"][3]) == 2 and s["discards"] == []
    s2 = new(2)
    set_vp(s2, s1=20, s2=10)
    s2["stock"], s2["discards"], s2["rows"] = [], [], [[], [], [], []]
    turn(s2, 0)
    s2, _ = act(s2, "s1", type="score")
    assert s2["outcome"]["reason"] == "no_tokens"
    assert s2["outcome"]["winners"] == ["s1"]


def test_r6_first_bidder_must_bid_and_later_bids_exceed():
    """Ruling 6: the first bidder must bid (0 is a bid); later ones outbid or pass."""
    s = new(3)
    first = GAME.to_act(s)[0]
    assert "pass" not in types(s, first)
    assert {"type": "bid", "amount": 0} in GAME.legal_actions(s, first)
    s, _ = act(s, first, type="bid", amount=3)
    second = GAME.to_act(s)[0]
    amounts = [a["amount"] for a in GAME.legal_actions(s, second) if a["type"] == "bid"]
    assert min(amounts) == 4 and "pass" in types(s, second)


def test_r7_vp_limit_ten():
    """Ruling 7: the VP part of a bid is at most 10 and at most the bidder's VP."""
    s = new(2)
    set_vp(s, s1=30, s2=25)
    s["auction"] = {"order": [0, 1], "next": 0, "bids": {}}
    s, _ = act(s, "s1", type="bid", amount=0)
    amounts = [a["amount"] for a in GAME.legal_actions(s, "s2") if a["type"] == "bid"]
    assert max(amounts) == 15 + 10


def test_r9_sealed_auction_tie_to_fewer_vp():
    """Ruling 9: sealed bids, shown together; a tie goes to the player with fewer VP."""
    s = new(3, sealed_auction=True)
    assert sorted(GAME.to_act(s)) == ["s1", "s2", "s3"]
    vps = {seat: s["players"][j]["vp"] for j, seat in enumerate(s["seats"])}
    top = max(vps, key=vps.get)
    assert max(a["amount"] for a in GAME.legal_actions(s, top)) == 15  # no VP for the leader
    low = min(vps, key=vps.get)
    mid = sorted(vps, key=vps.get)[1]
    s, ev = act(s, top, type="bid", amount=4)
    assert all("4" not in e["text"] for e in ev if "private_to" not in e)
    assert "sealed_bid" not in GAME.view(s, None).get("me", {})
    s, _ = act(s, mid, type="bid", amount=4)
    s, _ = act(s, low, type="bid", amount=2)
    assert s["seats"][s["active"]] == mid


def test_r11_neutral_placement():
    """Ruling 11: the compulsory neutral goes into an empty area or one that holds neutrals."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 1)
    put(s, 1, "bornu", 1)
    s["areas"]["bornu"]["neutrals"] = 1
    turn(s, 0, step="neutral")
    areas = {a["area"] for a in GAME.legal_actions(s, "s1")}
    assert "sahara" not in areas and "bornu" in areas and "heart" in areas
    assert types(s, "s1") == {"place_neutral"}


def test_r12_buy_ap_with_influence():
    """Ruling 12: AP beyond the tokens' cost 1 influence each, bought as spent."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 2)
    s["players"][0]["influence"] = 1
    s["players"][0]["tokens"] = ["action_40"]
    s["pool"] = 0
    turn(s, 0, ap=1)
    s, _ = act(s, "s1", type="move", piece="trader", **{"from": "sahara", "to": "libya"})
    s, _ = act(s, "s1", type="move", piece="trader", **{"from": "sahara", "to": "algeria"})
    assert s["players"][0]["influence"] == 0 and s["pool"] == 1 and s["turn"]["bought"] == 1
    assert "move" not in types(s, "s1")


def test_r13_movement_stops():
    """Ruling 13: entering an area with a neutral or another player's piece stops a piece."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 1)
    s["areas"]["bornu"]["neutrals"] = 1
    put(s, 1, "heart", 1)
    turn(s, 0, ap=5)
    s, _ = act(s, "s1", type="move", piece="trader", **{"from": "sahara", "to": "bornu"})
    assert not any(a["type"] == "move" for a in GAME.legal_actions(s, "s1"))
    # a piece that began in such an area may leave it
    s2 = new(2)
    clear_map(s2)
    put(s2, 0, "bornu", 1)
    s2["areas"]["bornu"]["neutrals"] = 1
    turn(s2, 0, ap=5)
    assert any(a["type"] == "move" for a in GAME.legal_actions(s2, "s1"))
    # Madagascar only along its arrows
    assert {"east_africa", "mozambique"} == set(
        __import__("games.africa.board", fromlist=["NEIGHBOURS"]).NEIGHBOURS["madagascar"])


def test_r14_new_trader_costs():
    """Ruling 14: 4 AP into an empty or friendly coastal area, 2 AP with a friendly station."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 1)
    s["areas"]["sahara"]["station"] = True
    put(s, 1, "egypt", 1)
    s["players"][0]["influence"] = 0
    turn(s, 0, ap=2)
    areas = {a["area"] for a in GAME.legal_actions(s, "s1") if a["type"] == "recruit"}
    assert areas == {"sahara"}
    turn(s, 0, ap=4)
    areas = {a["area"] for a in GAME.legal_actions(s, "s1") if a["type"] == "recruit"}
    assert "morocco" in areas and "egypt" not in areas and "bornu" not in areas


def test_r15_one_marker_a_turn():
    """Ruling 15: AP may change one marker only in a turn, by several rows."""
    s = new(2)
    turn(s, 0, ap=8)
    g = s["table"]["gold"]
    step = 1 if g < 5 else -1
    s, _ = act(s, "s1", type="change_resource", marker="gold", step=step)
    others = {a["marker"] for a in GAME.legal_actions(s, "s1") if a["type"] == "change_resource"}
    assert others == {"gold"}


def test_r17_compulsory_conflict_blocks_scoring():
    """Ruling 17: no scoring while a conflict with another player is owed."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 1)
    put(s, 1, "sahara", 1)
    turn(s, 0)
    assert "score" not in types(s, "s1")
    assert GAME.legal_actions(s, "s1") == [{"type": "fight", "area": "sahara", "against": "blue"}] \
        or "fight" in types(s, "s1")


def test_r18_retreated_pieces_fight_no_more():
    """Ruling 18: the active player's retreated pieces start no conflict."""
    s = new(3)
    clear_map(s)
    put(s, 0, "sudan", 2)
    put(s, 1, "sudan", 2)
    put(s, 2, "egypt", 1)
    s["players"][1]["reputation"] = 6
    s["players"][1]["influence"] = 0
    s["players"][0]["tokens"] = ["action_40"]
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="commit", cubes=0)
    s, _ = act(s, "s2", type="commit", cubes=0)
    s, _ = act(s, "s2", type="retreat", to="egypt")
    assert s["areas"]["egypt"]["traders"][0] == 1
    assert "fight" not in types(s, "s1") and "score" in types(s, "s1")


def test_r19_wholesaler_first_loss():
    """Ruling 19: the wholesaler is its owner's first loss."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sudan", 1)
    put(s, 1, "sudan", 2, wholesaler=True)
    s["players"][0]["reputation"] = 6
    s["players"][1]["reputation"] = 1
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="commit", cubes=1)
    s, _ = act(s, "s2", type="commit", cubes=0)
    assert s["players"][1]["wholesaler"] is None and s["areas"]["sudan"]["traders"][1] == 2


def test_r22_commitments_hidden_until_both():
    """Rulings 22, 34, 36: a commitment shows to nobody else until both have committed."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sudan", 1)
    put(s, 1, "sudan", 1)
    s["players"][0]["tokens"] = ["action_40"]
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    assert sorted(GAME.to_act(s)) == ["s1", "s2"]
    a, ev_a = act(s, "s1", type="add_token", token="action_40")
    assert all("private_to" in e for e in ev_a)
    assert GAME.view(a, None) == GAME.view(s, None)
    assert GAME.view(a, "s2") == GAME.view(s, "s2")
    b1, _ = act(a, "s1", type="commit", cubes=5)
    b2, _ = act(s, "s1", type="retreat_token")
    assert GAME.view(b1, None) == GAME.view(b2, None)
    assert GAME.view(b1, "s2") == GAME.view(b2, "s2")


def test_r24_both_retreat():
    """Ruling 24: both retreat: nobody wins, the active player retreats first."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sudan", 1)
    put(s, 1, "sudan", 1)
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="retreat_token")
    s, ev = act(s, "s2", type="retreat_token")
    assert any("nobody wins" in e["text"] for e in ev)
    assert GAME.to_act(s) == ["s1"] and s["pending"][0]["owner"] == 0
    s, _ = act(s, "s1", type="retreat", to="egypt")
    assert s["pending"] and s["pending"][0]["owner"] == 1
    choices = [a["to"] for a in GAME.legal_actions(s, "s2")]
    assert "egypt" not in choices and choices


def test_r25_reputation_bounds():
    """Ruling 25: reputation stays within 1-6; no purchase at 6."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sudan", 3)
    put(s, 1, "sudan", 1)
    s["players"][0]["reputation"] = 6
    s["players"][1]["reputation"] = 1
    s["players"][0]["tokens"] = ["action_40"]
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="commit", cubes=0)
    s, _ = act(s, "s2", type="commit", cubes=0)
    assert "buy_reputation" not in types(s, "s1")
    assert s["players"][0]["reputation"] == 6


def test_r27_r29_heart_and_double_scoring():
    """Rulings 27, 29: the Heart gives 3; double scoring counts one area again, neutrals once."""
    s = new(2)
    clear_map(s)
    s["table"]["africa"] = 2
    put(s, 0, "heart", 1)
    s["areas"]["heart"]["neutrals"] = 1
    s["players"][0]["tokens"] = ["action_12"]  # double scoring
    set_vp(s, s1=10, s2=40)
    turn(s, 0)
    s, _ = act(s, "s1", type="score", token="action_12", area="heart")
    assert s["players"][0]["vp"] == 10 + 2 - 1 + 3 + 2


def test_r30_back_moves_skip_and_stop_at_zero():
    """Ruling 30: going back skips occupied spaces and stops on the lowest free one."""
    s = new(2)
    clear_map(s)
    s["areas"]["guinea"]["neutrals"] = 5
    put(s, 0, "guinea", 1)
    set_vp(s, s1=2, s2=0)
    turn(s, 0)
    s, _ = act(s, "s1", type="score")
    assert s["players"][0]["vp"] == 1


def test_r31_target_ends_at_once():
    """Ruling 31: reaching the target ends the game at once, also by an auction share."""
    s = new(2, target_vp=60)
    clear_map(s)
    s["areas"]["guinea"]["resource"] = "gold"
    s["table"]["gold"] = 5
    put(s, 0, "guinea", 1)
    set_vp(s, s1=56, s2=10)
    turn(s, 0)
    s, _ = act(s, "s1", type="score")
    assert s["outcome"] == {"winners": ["s1"], "scores": {"s1": 61, "s2": 10},
                            "reason": "target", "ranking": ["s1", "s2"]}
    s = new(2)
    set_vp(s, s1=41, s2=30)
    s["players"][1]["influence"] = 0
    s["auction"] = {"order": [0, 1], "next": 0, "bids": {}}
    s, _ = act(s, "s1", type="bid", amount=0)
    s, _ = act(s, "s2", type="bid", amount=1)
    assert s["outcome"]["winners"] == ["s1"] and s["players"][0]["vp"] == 42


def test_r34_special_victory_token_secret():
    """Rulings 34, 36: the face of a special victory token shows only to its owner."""
    s = new(3)
    tid = s["players"][0]["special_victory_tokens"][0]
    public = GAME.view(s, None)
    assert tid not in str(public)
    assert tid not in str(GAME.view(s, "s2")) or tid in s["players"][1]["special_victory_tokens"]
    assert GAME.view(s, "s1")["me"]["special_victory_tokens"] == [tid]
    assert public["players"][0]["special_victory_tokens"] == 1
    assert "stock" in public and isinstance(public["stock"], int)


def test_r35_empty_supply():
    """Ruling 35: a trader the supply lacks is not placed."""
    s = new(2)
    clear_map(s)
    put(s, 0, "morocco", 1)
    s["players"][0]["supply"] = 0
    turn(s, 0, ap=8)
    assert "recruit" not in types(s, "s1")


def test_refusals_say_why():
    s = new(2)
    seat = GAME.to_act(s)[0]
    with pytest.raises(IllegalAction, match="bid from"):
        act(s, seat, type="bid", amount=999)
    other = "s2" if seat == "s1" else "s1"
    with pytest.raises(IllegalAction, match="not your turn"):
        act(s, other, type="pass")


def test_drop_ends_with_one_player_left():
    s = new(2)
    s, _ = GAME.drop(s, "s2")
    assert s["outcome"]["reason"] == "abandoned" and s["outcome"]["winners"] == ["s1"]
    s3 = new(3)
    s3, _ = GAME.drop(s3, "s2")
    assert s3["outcome"] is None and "s2" not in GAME.to_act(s3)


def test_drop_of_a_retreat_chooser_hands_the_choice_to_the_owner():
    """Interpretation (leaving the table): retreats the leaver owed are chosen by the owner."""
    s = new(3)
    clear_map(s)
    put(s, 0, "sudan", 2)
    put(s, 1, "sudan", 3)
    put(s, 2, "niger", 1)
    s["players"][1]["reputation"] = 6
    s["players"][1]["influence"] = 0
    turn(s, 0)
    s, _ = act(s, "s1", type="fight", area="sudan", against="blue")
    s, _ = act(s, "s1", type="commit", cubes=0)
    s, _ = act(s, "s2", type="commit", cubes=0)
    assert GAME.to_act(s) == ["s2"]
    s, _ = GAME.drop(s, "s2")
    assert s["outcome"] is None
    assert (GAME.to_act(s) == ["s1"] and "retreat" in types(s, "s1")) or s["areas"]["sudan"]["traders"][0] == 0


def test_sealed_bids_hidden_from_other_views():
    """Rulings 9, 36: a sealed bid shows to nobody else until all have bid."""
    s = new(3, sealed_auction=True)
    chooser = GAME.to_act(s)[0]
    a, ev_a = act(s, chooser, type="bid", amount=0)
    b, ev_b = act(s, chooser, type="bid", amount=3)
    pub = [e for e in ev_a if "private_to" not in e]
    assert pub == [e for e in ev_b if "private_to" not in e]
    for seat in [None, *[x for x in s["seats"] if x != chooser]]:
        assert GAME.view(a, seat) == GAME.view(b, seat)
    assert GAME.view(b, chooser)["me"]["sealed_bid"] == 3


def test_undo_barriers():
    """A paid move may be taken back; a bid, a draw or a commitment may not."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 2)
    s["players"][0]["tokens"] = ["action_40", "action_14"]
    turn(s, 0, ap=3)
    after, _ = act(s, "s1", type="move", piece="trader", **{"from": "sahara", "to": "libya"})
    assert not GAME.undo_barrier(s, "s1", {"type": "move"}, after)
    drawn, _ = act(s, "s1", type="use", token="action_14")  # draws a special victory token
    assert GAME.undo_barrier(s, "s1", {"type": "use", "token": "action_14"}, drawn)


def test_r16_movement_special_outside_the_action_step():
    """Ruling 16: after the action step the movement special never enters another company's
    area; specials that gain VP are used only in scoring."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 1)
    put(s, 1, "libya", 1)
    s["players"][0]["tokens"] = ["action_47", "action_12"]
    turn(s, 0, step="conflicts")
    assert not any(a.get("token") == "action_12" for a in GAME.legal_actions(s, "s1")
                   if a["type"] == "use")
    s, _ = act(s, "s1", type="use", token="action_47")
    dests = {a["to"] for a in GAME.legal_actions(s, "s1") if a["type"] == "move"}
    assert "libya" not in dests and "algeria" in dests


def test_r28_station_special():
    """Ruling 28: a station goes where the player has a piece and no station stands."""
    s = new(2)
    clear_map(s)
    put(s, 0, "sahara", 1)
    s["areas"]["bornu"]["station"] = True
    put(s, 0, "bornu", 1)
    s["players"][0]["tokens"] = ["action_08"]
    turn(s, 0)
    areas = {a["area"] for a in GAME.legal_actions(s, "s1") if a["type"] == "use"}
    assert areas == {"sahara"}
    s, _ = act(s, "s1", type="use", token="action_08", area="sahara")
    assert s["areas"]["sahara"]["station"] and s["station_supply"] == 5
