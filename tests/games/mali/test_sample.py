"""Mali's sample(view, seat, rng) (issue #24): properties (a)-(d) of tests/games/sampling.py
over random positions of every variant and player count."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.base import canonical
from games.mali import GAME
from games.mali.state import OBJECTIVES, ORDERS, VICTORY, clone
from tests.games.sampling import (
    check_consistent,
    check_twins,
    play_out,
    sample_of,
    seat_positions,
    varies,
)

CONFIGS = [(n, {"variant": v, "jump_costs_one_point": j}) for n in (2, 3, 4)
           for v, j in (("basic", False), ("basic", True), ("extended", False))]
IDS = [f"{n}p-{o['variant']}{'-jcop' if o['jump_costs_one_point'] else ''}" for n, o in CONFIGS]


def others(s: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    return [p for p in s["players"] if p["seat"] != seat]


def twin(s: dict[str, Any], seat: str, rng: random.Random) -> dict[str, Any]:
    """The same position with what `seat` cannot see drawn again by hand: the generator, the deck
    below this seat's peeked cards (the Victory card kept in its place; in the basic game, unplayed
    orders swapped in), the others' unrevealed cards and their objectives (same colours)."""
    t = clone(s)
    t["rng"] = rng.getrandbits(64)
    me = next(p for p in t["players"] if p["seat"] == seat)
    top = sum(1 for o in me["peeked"] if o in t["deck"])
    below = [o for o in t["deck"][top:] if o != VICTORY]
    if t["variant"] == "basic":
        seen = {o for space in t["track"] for o in space} | set(t["discarded"])
        seen |= {o for p in t["players"] for o in p["delivered"]}
        spare = [o for o in sorted(ORDERS) if o not in seen and o not in t["deck"]]
        below = rng.sample(sorted(below) + spare, len(below))
    rng.shuffle(below)
    t["deck"] = t["deck"][:top] + [VICTORY if o == VICTORY else below.pop() for o in t["deck"][top:]]
    for p in others(t, seat):
        if t["phase"] == "cards" and p["chosen"] is not None:
            p["chosen"] = rng.choice(p["hand"])
    held = {o for p in t["players"] for o in p["objectives"] + p["objective_hand"] + p["objective_discards"]}
    free = [o for o in sorted(OBJECTIVES) if o not in held]
    for p in others(t, seat):
        for key in ("objectives", "objective_hand", "objective_discards"):
            for k, o in enumerate(p[key]):
                alike = [f for f in free if OBJECTIVES[f]["colour"] == OBJECTIVES[o]["colour"]]
                if alike:
                    new = rng.choice(alike)
                    free[free.index(new)] = o
                    p[key][k] = new
    return t


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=IDS)
def test_sample_is_consistent_playable_and_reads_only_the_view(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(players)
    found = seat_positions(GAME, players, options, seed=players * 10 + len(IDS), every=4)
    assert len(found) > 30
    for k, (state, seat) in enumerate(found):
        sampled = check_consistent(GAME, state, seat, seed=k)
        if k % 40 == 0:
            play_out(GAME, sampled, seed=k, uniform=True)
        if k % 5 == 0:
            check_twins(GAME, state, twin(state, seat, rng), seat, seed=k)
            check_twins(GAME, state, sample_of(GAME, state, seat, 1000 + k), seat, seed=k)


def deck_part(s: dict[str, Any]) -> Any:
    return s["deck"]


def chosen_part(i: int) -> Callable[[Any], Any]:
    return lambda s: s["players"][i]["chosen"]


def objectives_part(i: int) -> Callable[[Any], Any]:
    return lambda s: s["players"][i]["objectives"] + s["players"][i]["objective_hand"]


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=IDS)
def test_hidden_parts_vary_across_seeds(players: int, options: dict[str, Any]) -> None:
    seen = {"deck": 0, "card": 0, "objectives": 0}
    # two games: which positions one game's every ninth state holds depends on the play-out policy
    positions = [found for seed in (players, players + 10)
                 for found in seat_positions(GAME, players, options, seed=seed, every=9)]
    for k, (state, seat) in enumerate(positions):
        me = next(p for p in state["players"] if p["seat"] == seat)
        if len(state["deck"]) - sum(1 for o in me["peeked"] if o in state["deck"]) >= 2 and k % 3 == 0:
            assert varies(GAME, state, seat, deck_part), "the deck's order is always the same"
            seen["deck"] += 1
        for i, p in enumerate(state["players"]):
            if p["seat"] != seat and state["phase"] == "cards" and p["chosen"] is not None \
                    and len(p["hand"]) >= 2:
                assert varies(GAME, state, seat, chosen_part(i))
                seen["card"] += 1
            if p["seat"] != seat and options["variant"] == "extended" and k % 3 == 0:
                assert varies(GAME, state, seat, objectives_part(i))
                seen["objectives"] += 1
    assert seen["deck"] and seen["card"]
    assert seen["objectives"] or options["variant"] == "basic"


def test_what_the_view_settles_is_kept() -> None:
    """The cards a seat peeked at stay on top in their order; the Victory card keeps the number of
    cards the setup put under it; the others' kept objectives have three colours."""
    found = seat_positions(GAME, 3, {"variant": "extended", "jump_costs_one_point": False}, seed=5, every=1)
    peeks = 0
    for k, (state, seat) in enumerate(found):
        me = next(p for p in state["players"] if p["seat"] == seat)
        s = sample_of(GAME, state, seat, k)
        top = [o for o in me["peeked"] if o in state["deck"]]
        assert s["deck"][:len(top)] == top
        peeks += bool(top)
        if VICTORY in state["deck"] and not top:
            assert len(s["deck"]) - s["deck"].index(VICTORY) == len(state["deck"]) - state["deck"].index(VICTORY)
        for p in others(s, seat):
            assert len({OBJECTIVES[o]["colour"] for o in p["objectives"]}) == len(p["objectives"])
            assert not set(p["objectives"] + p["objective_hand"]) & set(me["objectives"] + me["objective_hand"])
    assert peeks


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_rival_is_dealt_what_this_seat_set_aside(players: int) -> None:
    """The three objectives a seat discarded in the draft stay in its own view only, and no sample
    hands them to a rival; with four players every card is dealt, so the rivals' cards are exactly
    the ones this seat never saw."""
    options = {"variant": "extended", "jump_costs_one_point": False}
    found = [(s, seat) for s, seat in seat_positions(GAME, players, options, seed=players + 40, every=6)
             if s["phase"] != "objectives"]
    assert len(found) > 10
    for k, (state, seat) in enumerate(found):
        me = next(p for p in state["players"] if p["seat"] == seat)
        assert len(me["objective_discards"]) == 3 and not set(me["objective_discards"]) & set(me["objectives"])
        view = GAME.view(state, seat)
        assert [o["id"] for o in view["me"]["objective_discards"]] == me["objective_discards"]
        rival = next(p["seat"] for p in state["players"] if p["seat"] != seat)
        assert GAME.view(state, rival)["me"]["objective_discards"] != view["me"]["objective_discards"]
        assert "objective_discards" not in canonical(GAME.view(state, None))
        s = sample_of(GAME, state, seat, k)
        mine = set(me["objectives"] + me["objective_discards"])
        theirs = [o for p in others(s, seat) for o in p["objectives"] + p["objective_hand"] + p["objective_discards"]]
        assert not mine & set(theirs) and len(theirs) == len(set(theirs)) == 6 * (players - 1)
        if players == 4:
            assert set(theirs) == set(OBJECTIVES) - mine
        for p in others(s, seat):
            assert len(p["objective_discards"]) == 3 and len({OBJECTIVES[o]["colour"] for o in p["objectives"]}) == 3


def test_a_state_stored_before_the_discards_were_kept_still_samples() -> None:
    """A stored state (or an old log replayed by an older engine) without the players' discards:
    its view shows none, and the sample draws the rivals' objectives as before."""
    options = {"variant": "extended", "jump_costs_one_point": False}
    state, seat = next((s, seat) for s, seat in seat_positions(GAME, 3, options, seed=7, every=5)
                       if s["phase"] == "cards")
    old = clone(state)
    for p in old["players"]:
        del p["objective_discards"]
    loaded = GAME.load(old)
    assert GAME.view(loaded, seat)["me"]["objective_discards"] == []
    check_consistent(GAME, loaded, seat, seed=3)
    for _ in range(30):  # the game goes on, every seat's view shown
        mover = GAME.to_act(loaded)[0]
        loaded, _ = GAME.apply(loaded, mover, GAME.default_action(loaded, mover))
        assert all(GAME.view(loaded, p["seat"])["me"]["objective_discards"] == [] for p in old["players"])
