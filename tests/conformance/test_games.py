"""The Game contract, checked over every registered game and every option combination.

In the spirit of OpenSpiel's api_test: random games to the end; every listed action applies and
unlisted ones are refused with the state unchanged; the same seed and choices give the same game;
dump/load is lossless and survives reordered keys; a hidden simultaneous choice changes neither the
public view nor another seat's; default actions are legal; a time-out or a drop publishes nothing
that depends on a hidden choice. A new game passes this before anything else.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from games import registry
from games.base import Game, IllegalAction, english, is_say, public_events
from tests.conformance.shuffle import reversed_keys, shuffled
from tests.conformance.walk import (
    check_events,
    check_json,
    config_id,
    configs,
    dumped,
    pick,
    same,
    seat_views,
    seats_for,
    unlisted,
    walk,
)
from tests.service.toygame import GAME as TOY

GAMES: list[Game] = [*registry.GAMES.values(), TOY]
CASES = [pytest.param(g, n, opts, id=f"{g.key}-{config_id(n, opts)}")
         for g in GAMES for n, opts in configs(g)]
SAMPLE_EVERY = 7  # the costlier checks run on every 7th state


def _refuses(game: Game, state: Any, seat: str, action: dict[str, Any]) -> None:
    before = dumped(game, state)
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, seat, action)
    assert str(caught.value).strip(), f"refusal without a reason for {action}"
    assert dumped(game, state) == before, f"a refused {action} changed the state"


def _still_hidden(game: Game, owing: set[str], after: Any) -> bool:
    """The simultaneous step goes on: exactly the seats that had not chosen yet still owe."""
    return bool(owing) and set(game.to_act(after)) == owing and game.outcome(after) is None


def _same_in_public(game: Game, seats: list[str], chooser: str,
                    a: tuple[Any, list[dict[str, Any]]], b: tuple[Any, list[dict[str, Any]]],
                    what: str) -> None:
    (sa, ea), (sb, eb) = a, b
    assert same(public_events(ea)) == same(public_events(eb)), \
        f"{what}: public events depend on {chooser}'s hidden choice"
    others = [s for s in seats if s != chooser]
    va, vb = seat_views(game, sa, others), seat_views(game, sb, others)
    assert va == vb, f"{what}: a view other than {chooser}'s depends on its hidden choice"


def _check_hidden_choice(game: Game, state: Any, seats: list[str]) -> None:
    """While several seats choose at once, one seat's choice shows to nobody else."""
    waiting = game.to_act(state)
    if len(waiting) < 2:
        return
    for chooser in waiting:
        legal = game.legal_actions(state, chooser)
        if len(legal) < 2:
            continue
        ra = game.apply(state, chooser, legal[0])
        rb = game.apply(state, chooser, legal[-1])
        rest = set(waiting) - {chooser}
        if not (_still_hidden(game, rest, ra[0]) and _still_hidden(game, rest, rb[0])):
            continue
        _same_in_public(game, seats, chooser, ra, rb, "a choice")
        for other in sorted(rest):
            da = game.apply(ra[0], other, game.default_action(ra[0], other))
            db = game.apply(rb[0], other, game.default_action(rb[0], other))
            after = rest - {other}
            if _still_hidden(game, after, da[0]) and _still_hidden(game, after, db[0]):
                _same_in_public(game, seats, chooser, da, db, "a time-out's default")
            pa, pb = game.drop(ra[0], other), game.drop(rb[0], other)
            if _still_hidden(game, after, pa[0]) and _still_hidden(game, after, pb[0]):
                _same_in_public(game, seats, chooser, pa, pb, "a drop")
        return


def _check_state(game: Game, state: Any, seats: list[str], rng: random.Random, deep: bool) -> None:
    waiting = game.to_act(state)
    assert len(set(waiting)) == len(waiting) and set(waiting) <= set(seats)
    public = game.view(state, None)
    check_json(public, "the public view")
    assert "me" not in public, "the public view carries a private part"
    for seat in seats:
        legal = game.legal_actions(state, seat)
        check_json(legal, "legal actions")
        if seat not in waiting:
            assert legal == [], f"{seat} does not owe an action but has legal actions"
            continue
        assert legal, f"{seat} owes an action but has none"
        assert len({same(a) for a in legal}) == len(legal), "a legal action is listed twice"
        default = game.default_action(state, seat)
        assert same(default) in {same(a) for a in legal}, "default_action is not legal"
        for action in legal:
            words = game.describe(state, seat, action)  # a Say (issue 25) or English from older code
            assert (isinstance(words, str) or is_say(words)) and english(words)
    if not deep:
        return
    for seat in seats:
        check_json(game.view(state, seat), f"{seat}'s view")
        if seat not in waiting:
            legal_other = next((game.legal_actions(state, s) for s in waiting), [])
            if legal_other:
                _refuses(game, state, seat, legal_other[0])
            continue
        for action in unlisted(game, state, seat, rng):
            _refuses(game, state, seat, action)
    _check_hidden_choice(game, state, seats)
    for seat in seats:
        before = dumped(game, state)
        try:
            after, events = game.drop(state, seat)
        except IllegalAction:
            continue
        assert dumped(game, state) == before, "drop changed its input"
        check_events(events, seats)
        if game.outcome(after) is None:
            assert game.to_act(after), "after a drop nobody owes an action, but the game goes on"
            assert seat not in game.to_act(after), "a dropped seat still owes an action"


def _play(game: Game, players: int, options: dict[str, Any], seed: int,
          deep: bool) -> tuple[str, list[str]]:
    """One random game with every check on the way; returns its final dump and event log."""
    rng = random.Random(seed)  # the choices
    checks = random.Random(seed + 2)  # what the deep checks try
    keys = random.Random(seed + 1)
    seats = seats_for(players)
    state = game.setup(seats, options, seed)
    twin = game.load(shuffled(game.dump(state), keys))
    log: list[str] = []
    for step in range(20000):
        assert dumped(game, twin) == dumped(game, state), "reordered keys changed the state"
        for seat in game.to_act(state):
            assert game.legal_actions(twin, seat) == game.legal_actions(state, seat), \
                "legal actions depend on the order of keys"
        if game.outcome(state) is not None:
            assert game.to_act(state) == [], "a finished game still waits on someone"
            check_json(game.outcome(state), "the outcome")
            return dumped(game, state), log
        _check_state(game, state, seats, checks, deep and step % SAMPLE_EVERY == 0)
        seat, action = pick(game, state, rng)
        before = dumped(game, state)
        after, events = game.apply(state, seat, action)
        assert dumped(game, state) == before, "apply changed its input"
        check_events(events, seats)
        barrier = game.undo_barrier(state, seat, action, after)
        assert isinstance(barrier, bool)
        twin_after, twin_events = game.apply(twin, seat, action)
        assert same(twin_events) == same(events), "events depend on the order of keys"
        assert seat_views(game, twin_after, seats) == seat_views(game, after, seats)
        log.append(same(events))
        state = after
        twin = game.load(reversed_keys(game.dump(twin_after)) if step % 2
                         else shuffled(game.dump(twin_after), keys))
    raise AssertionError("no end after 20000 actions")


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_random_games_keep_the_contract(game: Game, players: int, options: dict[str, Any]) -> None:
    seed = 1000 + players
    final, log = _play(game, players, options, seed, deep=True)
    again, log_again = _play(game, players, options, seed, deep=False)
    assert (final, log) == (again, log_again), "the same seed and choices gave another game"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_setup_refuses_bad_seat_counts(game: Game) -> None:
    options = {o.name: o.default for o in game.options}
    for n in (game.min_players - 1, game.max_players + 1):
        if n >= 0:
            with pytest.raises(IllegalAction):
                game.setup(seats_for(n), options, 1)
    with pytest.raises(IllegalAction):
        game.setup(["s1"] * max(2, game.min_players), options, 1)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_the_game_is_a_game(game: Game) -> None:
    assert isinstance(game, Game)
    assert isinstance(game.cooperative, bool)
    assert 1 <= game.min_players <= game.max_players
    for option in game.options:
        assert option.default in option.choices and option.help


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_many_seeds_finish(game: Game) -> None:
    """A broader, cheaper sweep: many seeds at every player count end without error."""
    for n, options in configs(game)[:: max(1, len(configs(game)) // 6)]:
        for seed in range(3):
            *_, last = walk(game, n, options, seed)
            assert game.outcome(last) is not None
