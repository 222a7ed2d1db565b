"""`sample` for 7 Days of Westerplatte (issue 24): a full state drawn from one seat's view, over
random positions of every difficulty, table option and player count (tests/games/sampling.py)."""
from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

import pytest

from games.base import IllegalAction, viewer
from games.westerplatte import GAME
from games.westerplatte.board import CARDS, EVENT_IDS, EVENTS
from games.westerplatte.hidden import HIDDEN, PUBLIC
from games.westerplatte.state import clone
from tests.games.sampling import check_consistent, check_twins, hidden_parts, play_out, positions, sampler

State = dict[str, Any]
CONFIGS = [(n, {"difficulty": d, "mine_on_occupied_path": m, "low_morale_stays_at_bottom": low})
           for (d, m, low), n in zip(itertools.product(("easy", "medium", "hard"), (False, True), (False, True)),
                                     itertools.cycle((1, 2, 3, 4)), strict=False)]
CONFIGS += [(n, {"difficulty": d, "mine_on_occupied_path": False, "low_morale_stays_at_bottom": False})
            for d in ("easy", "medium", "hard") for n in (1, 2, 3, 4)]


@cache
def all_positions() -> list[State]:
    """About 250 positions; in every third game a player leaves half way (three or four players)."""
    out: list[State] = []
    for k, (n, options) in enumerate(CONFIGS):
        seats = [f"s{i + 1}" for i in range(n)]
        found = positions(GAME, seats, options, 100 + k, keep=0.05)
        if n >= 3 and k % 3 == 0:
            mid = found[len(found) // 2]
            if GAME.outcome(mid) is None:
                left, _ = GAME.drop(mid, seats[-1])
                found.append(left)
        out += found
    return out


def seats_of(s: State) -> list[str]:
    return list(s["seats"])


def twin(s: State, r: random.Random) -> State:
    """The same table with what nobody sees drawn again: the unseen German cards reordered within
    their phase, the events to come swapped for others of their polarity and reordered, a new seed."""
    t = clone(s)
    cut = len(t["deck"]) - len(t["under"])
    unseen = t["deck"][:cut]
    one = [c for c in unseen if CARDS[c]["phase"] == 1]
    two = [c for c in unseen if CARDS[c]["phase"] == 2]
    r.shuffle(one)
    r.shuffle(two)
    t["deck"] = one + two + t["deck"][cut:]
    spare = [e for e in EVENT_IDS if e not in t["events_seen"] and e not in t["event_deck"]]
    for i, e in enumerate(t["event_deck"]):
        same = [x for x in spare if EVENTS[x]["polarity"] == EVENTS[e]["polarity"]]
        if same and r.random() < 0.5:
            t["event_deck"][i] = same[0]
            spare[spare.index(same[0])] = e
    r.shuffle(t["event_deck"])
    t["rng"] = r.getrandbits(64)
    return t


def test_every_state_key_is_public_or_hidden() -> None:
    assert not set(PUBLIC) & set(HIDDEN)
    keys = {k for s in all_positions() for k in s}
    assert "dropped" in keys  # a position after a player left is among them
    assert keys <= set(PUBLIC) | set(HIDDEN), keys - set(PUBLIC) - set(HIDDEN)


def test_the_views_never_carry_the_hidden_keys() -> None:
    for s in all_positions()[::5]:
        assert "public_state" not in GAME.view(s, None)  # the ordinary views: images and panels
        assert "public_state" not in GAME.view(s, s["seats"][0])
        pub = viewer(GAME)(s, s["seats"][0])["public_state"]
        assert not set(pub) & set(HIDDEN)


def test_a_sample_is_consistent_with_the_view() -> None:
    """(a), and the deck is made as the rules make it: the unseen cards, phase one above phase two,
    above the cards known to be under the deck."""
    checked = 0
    for k, s in enumerate(all_positions()):
        for seat in seats_of(s):
            got = check_consistent(GAME, s, seat, k)
            assert sorted(got["deck"]) == sorted(s["deck"])
            cut = len(got["deck"]) - len(got["under"])
            assert got["deck"][cut:] == s["under"]
            phases = [CARDS[c]["phase"] for c in got["deck"][:cut]]
            assert phases == sorted(phases)
            assert len(got["event_deck"]) == len(s["event_deck"])
            assert not set(got["event_deck"]) & set(s["events_seen"])
            for polarity in ("positive", "negative"):
                assert sum(EVENTS[e]["polarity"] == polarity for e in got["event_deck"]) == \
                    sum(EVENTS[e]["polarity"] == polarity for e in s["event_deck"])
            checked += 1
    assert checked > 300


def test_random_play_from_a_sample_reaches_an_outcome() -> None:
    """(b)."""
    games = 0
    for k, s in enumerate(all_positions()[::6]):
        if GAME.outcome(s) is None:
            got = sampler(GAME)(viewer(GAME)(s, s["seats"][0]), s["seats"][0], random.Random(k))
            play_out(GAME, got, k)
            games += 1
    assert games > 25


def test_states_a_seat_cannot_tell_apart_give_the_same_sample() -> None:
    """(c)."""
    r = random.Random(7)
    differed = 0
    for k, s in enumerate(all_positions()[::2]):
        t = twin(s, r)
        differed += (t["deck"], t["event_deck"]) != (s["deck"], s["event_deck"])
        for seat in seats_of(s):
            check_twins(GAME, s, t, seat, k)
    assert differed > 50


def test_the_hidden_parts_vary_across_seeds() -> None:
    """(d): the unseen cards' order, the events to come (a different set on medium and hard) and
    the seed; and the true order is not what every seed draws."""
    tried = 0
    for s in all_positions()[::3]:
        cut = len(s["deck"]) - len(s["under"])
        if cut < 4 or len(s["event_deck"]) < 2:
            continue
        seat = s["seats"][0]
        drawn = hidden_parts(GAME, s, seat, range(8), ("deck",))
        assert len(set(drawn)) >= 4
        assert len(set(hidden_parts(GAME, s, seat, range(8), ("event_deck",)))) >= 2
        assert len(set(hidden_parts(GAME, s, seat, range(8), ("rng",)))) == 8
        if s["difficulty"] != "easy" and len(s["event_deck"]) == 6:
            sets = {frozenset(sampler(GAME)(viewer(GAME)(s, seat), seat, random.Random(k))["event_deck"])
                    for k in range(8)}
            assert len(sets) >= 2
        tried += 1
    assert tried > 20


def test_a_view_without_the_public_state_is_refused() -> None:
    s = all_positions()[3]
    view = viewer(GAME)(s, s["seats"][0])
    del view["public_state"]
    with pytest.raises(IllegalAction, match="cannot be sampled"):
        sampler(GAME)(view, s["seats"][0], random.Random(1))
