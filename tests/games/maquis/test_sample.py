"""`sample` for Maquis (issue 24): a full state drawn from one seat's view, over random positions of
every difficulty, mission set and team size (tests/games/sampling.py)."""
from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

import pytest

from games.base import IllegalAction, viewer
from games.maquis import GAME
from games.maquis.board import MODE_ORDER, PATROL_ORDER
from games.maquis.hidden import HIDDEN, PUBLIC
from games.maquis.state import clone
from tests.games.maquis.helpers import activate, new, position, stock
from tests.games.sampling import check_consistent, check_twins, hidden_parts, play_out, positions, sampler, step

State = dict[str, Any]
DRAWS = ("first_game", "random_one_star", "random_two_star", "random_mixed", "random_three_star")
CHOSEN = [("infiltration", "coded_messages"), ("double_agent", "take_out_the_bridges"),
          ("infiltration", "bomb_the_barracks"), ("german_shepherds", "destroy_the_aa_guns"),
          ("infiltration", "assassination"), ("sabotage", "free_the_resistance_leader")]
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (n, {"difficulty": d, "missions": m}) for (d, m), n in
    zip(itertools.product(MODE_ORDER, DRAWS), itertools.cycle((1, 2, 3, 4)), strict=False)]
CONFIGS += [(n, {"difficulty": "normal", "missions": "chosen", "mission_left": left, "mission_right": right})
            for (left, right), n in zip(CHOSEN, itertools.cycle((2, 1, 4, 3)), strict=False)]
CONFIGS += [(n, {"difficulty": "easy", "missions": "chosen", "mission_left": "infiltration",
                 "mission_right": "liberate_the_town"}) for n in (1, 2, 3, 4)]


def mole_planted(seats: tuple[str, ...], seed: int) -> State:
    """A game whose mole was planted on Day 0: the next Day begins with the team's peek."""
    s = new(left="infiltration", right="sabotage", seats=seats, seed=seed)
    stock(s, intel=2)
    position(s, ["mission_left"])
    s, _ = activate(s, "mission_left", "box", mission="mission_left", box="plant_the_mole")
    assert s["peek"] is not None
    return s


def walk_from(s: State, seed: int, keep: float) -> list[State]:
    r = random.Random(seed)
    out = [s]
    while GAME.outcome(s) is None:
        s = step(GAME, s, r)
        if r.random() < keep:
            out.append(s)
    return out


@cache
def all_positions() -> list[State]:
    """About 300 positions; in every third team game a member leaves half way; some games with the
    mole planted (the team sees the top patrol card)."""
    out: list[State] = []
    for k, (n, options) in enumerate(CONFIGS):
        seats = [f"s{i + 1}" for i in range(n)]
        full = {"mission_left": "none", "mission_right": "none", **options}
        found = positions(GAME, seats, full, k, keep=0.15)
        if n >= 2 and k % 3 == 0:
            mid = found[len(found) // 2]
            if GAME.outcome(mid) is None:
                left, _ = GAME.drop(mid, seats[0])
                found.append(left)
        out += found
    for k, n in enumerate((1, 2, 3, 4, 2, 1)):
        out += walk_from(mole_planted(tuple(f"s{i + 1}" for i in range(n)), k), k, keep=0.3)
    return out


def twin(s: State, r: random.Random) -> State:
    """The same table with what the team cannot see drawn again: the patrol deck reordered (the top
    card stays while the mole has peeked at it) and a new seed."""
    t = clone(s)
    keep = 1 if t["peek"] is not None else 0
    rest = t["deck"][keep:]
    r.shuffle(rest)
    t["deck"] = t["deck"][:keep] + rest
    t["rng"] = r.getrandbits(64)
    return t


def test_every_state_key_is_public_or_hidden() -> None:
    assert not set(PUBLIC) & set(HIDDEN)
    keys = {k for s in all_positions() for k in s}
    assert keys <= set(PUBLIC) | set(HIDDEN), keys - set(PUBLIC) - set(HIDDEN)


def test_the_views_never_carry_the_hidden_keys() -> None:
    for s in all_positions()[::5]:
        assert "public_state" not in GAME.view(s, None)  # the ordinary views: images and panels
        assert "public_state" not in GAME.view(s, s["seats"][0])
        pub = viewer(GAME)(s, s["seats"][0])["public_state"]
        assert not set(pub) & set(HIDDEN)


def test_a_sample_is_consistent_with_the_view() -> None:
    """(a), and the deck is every card not discarded, the mole's peek on top."""
    checked = peeks = 0
    for k, s in enumerate(all_positions()):
        for seat in s["seats"]:
            got = check_consistent(GAME, s, seat, k)
            assert sorted(got["deck"]) == sorted(s["deck"])
            assert sorted(got["deck"] + got["discard"]) == sorted(PATROL_ORDER)
            assert got["peek"] == s["peek"]
            if s["peek"] is not None:
                assert got["deck"][0] == s["peek"]
                peeks += 1
            checked += 1
    assert checked > 400
    assert peeks > 10


def test_random_play_from_a_sample_reaches_an_outcome() -> None:
    """(b)."""
    games = 0
    for k, s in enumerate(all_positions()[::5]):
        if GAME.outcome(s) is None:
            seat = s["seats"][-1]
            play_out(GAME, sampler(GAME)(viewer(GAME)(s, seat), seat, random.Random(k)), k)
            games += 1
    assert games > 30


def test_states_a_seat_cannot_tell_apart_give_the_same_sample() -> None:
    """(c)."""
    r = random.Random(7)
    differed = 0
    for k, s in enumerate(all_positions()[::2]):
        t = twin(s, r)
        differed += t["deck"] != s["deck"]
        for seat in s["seats"]:
            check_twins(GAME, s, t, seat, k)
    assert differed > 50


def test_the_hidden_parts_vary_across_seeds() -> None:
    """(d): the order of the cards not seen (not the peeked top card) and the seed."""
    tried = 0
    for s in all_positions()[::3]:
        if len(s["deck"]) - (s["peek"] is not None) < 4:
            continue
        seat = s["seats"][0]
        assert len(set(hidden_parts(GAME, s, seat, range(8), ("deck",)))) >= 4
        assert len(set(hidden_parts(GAME, s, seat, range(8), ("rng",)))) == 8
        tried += 1
    assert tried > 30


def test_a_seat_outside_the_team_does_not_learn_the_peek() -> None:
    """The public view says only that the mole peeked; a sample from it draws any top card."""
    s = next(x for x in all_positions() if x["peek"] is not None and len(x["deck"]) >= 4)
    view = viewer(GAME)(s, "outsider")
    tops = {sampler(GAME)(view, "outsider", random.Random(k))["deck"][0] for k in range(12)}
    assert len(tops) >= 2


def test_a_view_without_the_public_state_is_refused() -> None:
    s = all_positions()[3]
    view = viewer(GAME)(s, s["seats"][0])
    del view["public_state"]
    with pytest.raises(IllegalAction, match="cannot be sampled"):
        sampler(GAME)(view, s["seats"][0], random.Random(1))
