"""Service helpers: illegal actions, default actions, drop, views, dump/load, replay, random play."""
from __future__ import annotations

import json
import random
import sys

import pytest

from games.base import IllegalAction, english
from games.mali import GAME, describe
from games.simulate import simulate
from tests.games.mali.helpers import act, force_roll, new, park, play_cards, position, set_track


def test_illegal_action_message_and_state_untouched():
    s = new(2)
    park(s, keep=("Zosia",))
    s, _ = play_cards(s, {"r": 2, "g": 5})
    before = json.dumps(GAME.dump(s), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, "r", {"type": "step", "scout": "Zosia", "to": "port"})
    msg = str(err.value)
    # the real reason first, then at most three likely choices (Zosia's own steps), not the whole list
    assert msg.startswith("Port is not next to Plac Wilsona.")
    offered = msg.split(": ", 1)[1].split(" (or one of")[0].split("; ")
    assert len(offered) == 3 and offered[0].startswith("Zosia → ") and offered[1].startswith("Zosia → ")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, "g", {"type": "end_turn"})
    assert "not your turn" in str(err.value) and "Red" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, "r", {"type": "step", "scout": "Gosia", "to": "pawiak"})
    assert "not one of your scouts" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, "r", {"type": "fly"})
    assert str(err.value).startswith('There is no action "fly"') and "End turn" in str(err.value)
    assert json.dumps(GAME.dump(s), sort_keys=True) == before


def test_every_legal_action_applies_and_others_do_not():
    s = new(3)
    s, _ = play_cards(s, {"r": 3, "g": 2, "o": 1})
    seat = GAME.to_act(s)[0]
    legal = GAME.legal_actions(s, seat)
    for a in legal:
        GAME.apply(s, seat, a)
        assert describe(s, seat, a)
    for other in ("r", "g", "o"):
        if other != seat:
            assert GAME.legal_actions(s, other) == []


def test_default_action_is_safe():
    s = new(2)
    assert GAME.default_action(s, "r") == {"type": "choose_card", "value": 1}
    s, _ = play_cards(s, {"r": 2, "g": 5})
    assert GAME.default_action(s, s["current"]["seat"]) == {"type": "end_turn"}
    e = new(2, "extended")
    assert GAME.default_action(e, "r")["type"] == "choose_objectives"


def test_describe_labels():
    s = new(2)
    park(s, keep=("Janek",))
    set_track(s, ["O17"])
    s, _ = play_cards(s, {"r": 2, "g": 5})
    step = {"type": "step", "scout": "Janek", "to": "past--dworzec_pocztowy#1"}
    assert english(describe(s, "r", step)).startswith("Janek → ")
    assert english(describe(s, "r", {"type": "pick_up", "scout": "Janek", "order": "O17"})) == \
        "Janek: pick up O17: Budynek PAST-y → Aleja Szucha, 3 pts"
    assert english(describe(s, "r", {"type": "end_turn"})) == "End turn"


def test_drop_player_continues_and_resolves_pending():
    s = new(3)
    s, _ = play_cards(s, {"r": 1, "g": 2, "o": 3})
    assert s["current"]["seat"] == "r"
    s, ev = GAME.drop(s, "r")
    assert ev[0]["type"] == "dropped_player"
    assert s["current"]["seat"] == "g"
    assert all(s["scouts"][n]["status"] == "removed" for n in ("Zosia", "Janek", "Wicek"))
    view = GAME.view(s, None)
    assert view["players"][0]["dropped"] and "r" not in view["to_act"]
    s, _ = GAME.drop(s, "g")
    assert GAME.outcome(s)["reason"] == "abandoned" and GAME.outcome(s)["winners"] == []


def test_drop_in_cards_phase_and_of_pending_chooser():
    s = new(3)
    s, _ = act(s, "g", type="choose_card", value=2)
    s, _ = act(s, "o", type="choose_card", value=3)
    s, _ = GAME.drop(s, "r")
    assert s["phase"] == "movement" and s["current"]["seat"] == "g"
    t = new(2)
    park(t)
    position(t, Gosia="aleja_szucha--przyczolek#2")
    set_track(t, [], [], [], [], ["O05"])
    t["order"] = [1, 0]
    from tests.games.mali.helpers import run_tasks
    run_tasks(t, "time_start", phase="time")
    assert t["pending"]["seat"] == "r"
    t2 = new(3)
    park(t2)
    set_track(t2, [], [], [], [], ["O05"])
    t2["order"] = [1, 2, 0]
    run_tasks(t2, "time_start", phase="time")
    assert t2["pending"]["kind"] == "block_path" and t2["pending"]["seat"] == "r"
    t2, _ = GAME.drop(t2, "r")
    assert t2["pending"] is None and len(t2["blocked"]) == 1


def test_public_view_hides_secrets_private_view_shows_them():
    s = new(4, "extended")
    hands = {p["seat"]: list(p["objective_hand"]) for p in s["players"]}
    pub = json.dumps(GAME.view(s, None))
    for ids in hands.values():
        for oid in ids:
            assert f'"{oid}"' not in pub
    assert all(o["id"] in hands["r"] for o in GAME.view(s, "r")["me"]["objective_hand"])
    for seat in list(GAME.to_act(s)):
        s, _ = act(s, seat, **GAME.default_action(s, seat))
    mine = [o["id"] for o in GAME.view(s, "g")["me"]["objectives"]]
    assert len(mine) == 3 and all(f'"{o}"' not in json.dumps(GAME.view(s, None)) for o in mine)
    assert f'"{mine[0]}"' not in json.dumps(GAME.view(s, "r"))
    # deck order never shown
    pub = json.dumps(GAME.view(s, None))
    assert all(f'"{o}"' not in pub for o in s["deck"][:5] if o != "VICTORY")
    # a chosen card is secret until the reveal
    s, ev = act(s, "r", type="choose_card", value=4)
    view = GAME.view(s, None)
    assert view["players"][0]["chosen"] is True and view["players"][0]["card"] is None
    assert all("4" not in e["text"] for e in ev if "private_to" not in e)
    assert all("value" not in e for e in ev if "private_to" not in e)
    assert GAME.view(s, "r")["me"]["card"] == 4 and GAME.view(s, "g")["me"]["card"] is None


def _random_game(players, variant, seed, steps=None):
    rng = random.Random(seed)
    seats = ["a", "b", "c", "d"][:players]
    s = GAME.setup(seats, {"variant": variant}, seed)
    log = []
    while GAME.outcome(s) is None and (steps is None or len(log) < steps):
        seat = rng.choice(GAME.to_act(s))
        legal = GAME.legal_actions(s, seat)
        a = rng.choices(legal, GAME.playout_weights(s, seat, legal))[0]
        log.append((seat, a))
        s, _ = GAME.apply(s, seat, a)
    return s, log


@pytest.mark.parametrize("variant", ["basic", "extended"])
def test_dump_load_round_trip_and_replay(variant):
    s, log = _random_game(3, variant, 11, steps=120)
    data = json.loads(json.dumps(GAME.dump(s)))
    assert GAME.load(data) == s
    r = GAME.setup(["a", "b", "c"], {"variant": variant}, 11)
    for seat, a in log:
        r, _ = GAME.apply(r, seat, a)
    assert r == s


def test_own_scouts_on_one_node_no_choice_asked():
    s = new(2)
    park(s, "kosciol_bernardynow")
    s["soldier"] = "browary"
    position(s, Gosia="bank_polski", Tadek="bank_polski")
    s, _ = play_cards(s, {"r": 2, "g": 4})
    s, _ = act(s, "r", type="end_turn")
    force_roll(s, "black", 3)
    s, _ = act(s, "g", type="end_turn")
    assert s["pending"] is None and s["scouts"]["Gosia"]["status"] == "prison"


CONFIGS = [(n, v, j) for n in (2, 3, 4) for v, j in (("basic", False), ("extended", False))] + \
    [(n, "basic", True) for n in (2, 3, 4)]


@pytest.mark.parametrize(("players", "variant", "jcop"), CONFIGS)
def test_random_play_finishes(players, variant, jcop):
    res = simulate("mali", players, {"variant": variant, "jump_costs_one_point": jcop}, 50, seed=1000,
                   check_dump=True)
    assert res["failures"] == [] and res["finished"] == 50


def test_random_play_reaches_both_endings():
    # 40 games a variant: seed 5 gives 8 victories in basic and 11 in extended, the rest lost.
    for variant, lose in (("basic", "fourth_token"), ("extended", "third_district")):
        res = simulate("mali", 2, {"variant": variant}, 40, seed=5)
        assert res["reasons"].get("victory", 0) > 0 and res["reasons"].get(lose, 0) > 0


CALLS_PER_ACTION = 500  # Python calls per action of a random 4-player extended game (about 230 now)


def test_cost_of_a_four_player_extended_game():
    """The engine's cost, counted in Python calls rather than seconds (the same on any machine):
    choosing and applying an action stays a few hundred calls, so random play stays cheap."""
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        calls += event == "call"

    actions = 0
    for seed in range(3):
        sys.setprofile(count)
        try:
            _, log = _random_game(4, "extended", seed)
        finally:
            sys.setprofile(None)
        actions += len(log)
    assert calls / actions < CALLS_PER_ACTION, f"{calls / actions:.0f} calls per action"
