"""Random legal play to the end: `python -m games.simulate KEY [--players N] ...`.

Prints one JSON object. Both a test (every failure with its seed) and a benchmark.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from typing import Any

from games import registry
from games.base import Game, resolve_options


def parse_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text


def choose(game: Game, state: Any, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """One random legal move: a seat among those who must act, then one of its actions.

    Games may weight their actions (`playout_weights`) so that random play also finishes well."""
    waiting = game.to_act(state)
    if not waiting:
        raise AssertionError("no seat to act but no outcome")
    seat = rng.choice(waiting)
    legal = game.legal_actions(state, seat)
    if not legal:
        raise AssertionError(f"seat {seat} must act but has no legal action")
    weigh = getattr(game, "playout_weights", None)
    action = rng.choices(legal, weigh(state, seat, legal))[0] if weigh else rng.choice(legal)
    return seat, action


def playout_rng(seed: int) -> random.Random:
    return random.Random(seed ^ 0x5EED)


def play_one(game: Game, players: int, options: dict[str, Any], seed: int,
             max_actions: int = 20000, check_dump: bool = False,
             seats: list[str] | None = None) -> tuple[dict[str, Any], int]:
    """Play one random game; return its outcome and the number of actions taken."""
    rng = playout_rng(seed)
    seats = seats or [f"p{i + 1}" for i in range(players)]
    state = game.setup(seats, options, seed)
    actions = 0
    while (outcome := game.outcome(state)) is None:
        seat, action = choose(game, state, rng)
        state, _events = game.apply(state, seat, action)
        actions += 1
        if check_dump and actions % 25 == 0:
            state = game.load(json.loads(json.dumps(game.dump(state))))
        if actions > max_actions:
            raise AssertionError(f"no end after {max_actions} actions")
    return dict(outcome), actions


def simulate(key: str, players: int | None, options: dict[str, Any], games: int, seed: int,
             check_dump: bool = False) -> dict[str, Any]:
    game = registry.get(key)
    players = players or game.min_players
    resolved = resolve_options(game, options)
    reasons: Counter[str] = Counter()
    failures: list[dict[str, Any]] = []
    lengths: list[int] = []
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        try:
            outcome, actions = play_one(game, players, resolved, game_seed, check_dump=check_dump)
        except Exception as exc:  # noqa: BLE001 - every failure is reported with its seed
            failures.append({"seed": game_seed, "error": repr(exc),
                             "trace": traceback.format_exc(limit=4)})
            continue
        reasons[outcome["reason"]] += 1
        lengths.append(actions)
    elapsed = time.perf_counter() - started
    total = sum(lengths)
    return {
        "game": key,
        "players": players,
        "options": resolved,
        "games": games,
        "finished": len(lengths),
        "reasons": dict(reasons),
        "mean_actions": round(total / len(lengths), 1) if lengths else 0,
        "max_actions": max(lengths, default=0),
        "actions_per_second": round(total / elapsed) if elapsed > 0 else 0,
        "failures": failures,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.simulate", description=__doc__)
    parser.add_argument("key", choices=sorted(registry.GAMES))
    parser.add_argument("--players", type=int)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check-dump", action="store_true",
                        help="round-trip the state through JSON every 25 actions")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--option takes NAME=VALUE, not {item!r}")
        options[name] = parse_value(value)
    result = simulate(args.key, args.players, options, args.games, args.seed, args.check_dump)
    print(json.dumps(result, ensure_ascii=False))
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
