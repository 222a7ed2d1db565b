"""Heart of Africa's sample(view, seat, rng) (issue #24): properties (a)-(d) of
tests/games/sampling.py over random positions of every player count and option."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.africa import GAME
from games.africa.legal import auction_actions
from games.africa.state import clone
from tests.games.sampling import (
    check_consistent,
    check_twins,
    play_out,
    sample_of,
    seat_positions,
    varies,
)

CONFIGS = [(n, {"target_vp": 42, "sealed_auction": sealed}) for n in (2, 3, 4, 5) for sealed in (False, True)]
CONFIGS += [(2, {"target_vp": 60, "sealed_auction": False}), (3, {"target_vp": 80, "sealed_auction": True})]
IDS = [f"{n}p-{o['target_vp']}{'-sealed' if o['sealed_auction'] else ''}" for n, o in CONFIGS]


def twin(s: dict[str, Any], seat: str, rng: random.Random) -> dict[str, Any]:
    """The same position with what `seat` cannot see drawn again by hand: the generator, the
    stock's order, the others' unshown special victory tokens and the box, their sealed bids and
    the cubes of a commitment made by the other side."""
    t = clone(s)
    j = t["seats"].index(seat)
    t["rng"] = rng.getrandbits(64)
    rng.shuffle(t["stock"])
    hidden = {k: [x for x in p["special_victory_tokens"] if x not in t["special_victory_shown"]]
              for k, p in enumerate(t["players"]) if k != j}
    pool = [x for h in hidden.values() for x in h] + t["box"]
    rng.shuffle(pool)
    for k, h in hidden.items():
        p = t["players"][k]
        p["special_victory_tokens"] = sorted([x for x in p["special_victory_tokens"] if x not in h]
                                             + pool[:len(h)])
        del pool[:len(h)]
    t["box"] = pool
    a = t["auction"]
    if a is not None and t["sealed"]:
        for key in sorted(a["bids"]):
            if int(key) != j:
                a["bids"][key] = rng.choice(auction_actions(t, int(key)))["amount"]
    c = t["conflict"]
    if c is not None and c["kind"] == "player":
        for key, mine in sorted(c["commitments"].items()):
            if int(key) != j and mine["done"] and not mine["retreat"]:
                mine["cubes"] = rng.randint(0, t["players"][int(key)]["influence"])
    return t


def hidden_sv(seat: str) -> Callable[[Any], Any]:
    return lambda s: [p["special_victory_tokens"] for p in s["players"] if p["seat"] != seat] + [sorted(s["box"])]


def stock_part(s: dict[str, Any]) -> Any:
    return s["stock"]


def bid_part(key: str) -> Callable[[Any], Any]:
    return lambda s: s["auction"]["bids"][key]


def commitment_part(key: str) -> Callable[[Any], Any]:
    return lambda s: s["conflict"]["commitments"][key]


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=IDS)
def test_sample_is_consistent_playable_and_reads_only_the_view(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(players)
    found = seat_positions(GAME, players, options, seed=players * 10 + options["target_vp"],
                      every=5 if options["sealed_auction"] else 2)
    assert len(found) > 20
    for k, (state, seat) in enumerate(found):
        sampled = check_consistent(GAME, state, seat, seed=k)
        if k % 80 == 0:
            play_out(GAME, sampled, seed=k, uniform=True)
        if k % 5 == 0:
            check_twins(GAME, state, twin(state, seat, rng), seat, seed=k)
            check_twins(GAME, state, sample_of(GAME, state, seat, 1000 + k), seat, seed=k)


@pytest.mark.parametrize(("players", "options"), CONFIGS[:8], ids=IDS[:8])
def test_hidden_parts_vary_across_seeds(players: int, options: dict[str, Any]) -> None:
    seen = {"stock": 0, "sv": 0, "bid": 0, "commitment": 0}
    for k, (state, seat) in enumerate(seat_positions(GAME, players, options, seed=players, every=3)):
        j = state["seats"].index(seat)
        if len(state["stock"]) >= 2 and k % 7 == 0:
            assert varies(GAME, state, seat, stock_part), "the stock's order is always the same"
            seen["stock"] += 1
        unshown = [x for i, p in enumerate(state["players"]) if i != j
                   for x in p["special_victory_tokens"] if x not in state["special_victory_shown"]]
        if state["box"] and unshown and k % 7 == 0:
            assert varies(GAME, state, seat, hidden_sv(seat))
            seen["sv"] += 1
        a = state["auction"]
        if a is not None and state["sealed"]:
            for key in sorted(a["bids"]):
                if int(key) != j and len(auction_actions(state, int(key))) >= 2:
                    assert varies(GAME, state, seat, bid_part(key))
                    seen["bid"] += 1
        c = state["conflict"]
        if c is not None and c["kind"] == "player":
            for key, theirs in sorted(c["commitments"].items()):
                if int(key) != j and theirs["done"]:
                    assert varies(GAME, state, seat, commitment_part(key))
                    seen["commitment"] += 1
    assert seen["stock"] and seen["sv"]
    assert seen["bid"] or not options["sealed_auction"]
