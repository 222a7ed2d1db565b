"""Random walks through a game with every check of the Game contract (docs/dev/games.md).

Used by the conformance suite for every registered game, the toy game and the sample game.
"""
from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import orjson

from games.base import Game, IllegalAction, canonical, resolve_options

MAX_ACTIONS = 20000


FULL_PRODUCT_UP_TO = 4  # beyond this many combinations, each value of each option is played once


def option_sets(game: Game) -> list[dict[str, Any]]:
    """Every combination of the game's options; where there are too many, every value of every
    option at least once (with the other options at their defaults), and the defaults."""
    names = [o.name for o in game.options]
    combos = list(itertools.product(*(o.choices for o in game.options)))
    if len(combos) <= FULL_PRODUCT_UP_TO:
        picked = [dict(zip(names, values, strict=True)) for values in combos]
    else:
        defaults = {o.name: o.default for o in game.options}
        picked = [defaults] + [{**defaults, o.name: c} for o in game.options
                               for c in o.choices if c != o.default]
    out: list[dict[str, Any]] = []
    for given in picked:
        try:
            resolved = resolve_options(game, given)
            game.setup(seats_for(game.min_players), resolved, 0)
        except IllegalAction:  # a combination the game refuses (e.g. two equal missions)
            continue
        if resolved not in out:
            out.append(resolved)
    return out


def configs(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the default options, and every option set at the fewest and most
    players."""
    sets = option_sets(game)
    counts = range(game.min_players, game.max_players + 1)
    defaults = resolve_options(game, {})
    out = [(n, defaults) for n in counts]
    out += [(n, opts) for opts in sets if opts != defaults
            for n in sorted({game.min_players, game.max_players})]
    return out


def config_id(players: int, options: dict[str, Any]) -> str:
    return f"{players}p-" + "-".join(f"{k}={v}" for k, v in sorted(options.items())) if options \
        else f"{players}p"


def seats_for(players: int) -> list[str]:
    return [f"s{i + 1}" for i in range(players)]


def pick(game: Game, state: Any, rng: random.Random) -> tuple[str, dict[str, Any]]:
    waiting = game.to_act(state)
    assert waiting, "no seat owes an action, but the game has no outcome"
    seat = rng.choice(waiting)
    legal = game.legal_actions(state, seat)
    assert legal, f"{seat} must act but has no legal action"
    weigh = getattr(game, "playout_weights", None)
    action = rng.choices(legal, weigh(state, seat, legal))[0] if weigh else rng.choice(legal)
    return seat, action


def walk(game: Game, players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Yield every state of one random game, from the setup to the end."""
    rng = random.Random(seed * 7919 + 1)
    state = game.setup(seats_for(players), options, seed)
    yield state
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            return
        seat, action = pick(game, state, rng)
        state, _ = game.apply(state, seat, action)
        yield state
    raise AssertionError(f"no end after {MAX_ACTIONS} actions (seed {seed})")


def same(data: Any) -> str:
    """JSON text that is equal exactly when games.base.canonical's is (sorted keys, no spaces;
    true is not 1, 1.0 is not 1; only a NaN, which JSON has not, would read as null), made by
    orjson: several times quicker, for the comparisons of every step (a walk compares each state,
    view and action several times)."""
    try:
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # an integer past 64 bits, say: the plain canonical text
        return canonical(data)


def dumped(game: Game, state: Any) -> str:
    return same(game.dump(state))


def check_json(value: Any, what: str) -> None:
    assert json.loads(json.dumps(value)) == value, f"{what} is not plain JSON: {value!r}"


def check_events(events: list[dict[str, Any]], seats: list[str]) -> None:
    for event in events:
        check_json(event, "an event")
        assert isinstance(event.get("type"), str) and event["type"], f"event without type: {event}"
        assert isinstance(event.get("text"), str), f"event without text: {event}"
        owner = event.get("private_to")
        assert owner is None or owner in seats, f"private_to names no seat: {event}"


def unlisted(game: Game, state: Any, seat: str, rng: random.Random) -> list[dict[str, Any]]:
    """Actions that are not legal for `seat`: mutations of legal ones, junk, unknown types."""
    legal = game.legal_actions(state, seat)
    listed = {same(a) for a in legal}
    out: list[dict[str, Any]] = [{}, {"type": "no_such_action"}, {"type": None},
                                 {"type": ["x"]}, {"type": "x" * 500}]
    for action in rng.sample(legal, min(4, len(legal))):
        for key in action:
            if key == "type":
                continue
            junk: Any
            for junk in (None, -1, 10**9, "zz-no-such", [], {"a": 1}, True, 2.5):
                changed = {**action, key: junk}
                out.append(changed)
            out.append({k: v for k, v in action.items() if k != key})
        out.append({**action, "extra_field_zz": 1})
    return [a for a in out if same(a) not in listed]


def seat_views(game: Game, state: Any, seats: list[str]) -> dict[str, str]:
    return {str(s): same(game.view(state, s)) for s in [None, *seats]}
