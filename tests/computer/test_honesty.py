"""Honest by construction (issue #24): a computer's code path reads only states it sampled.

Three locks, each tested: computer.sealed.Sealed refuses any state it did not hand out; no module
of computer/ but sealed.py reaches the engine or a state directly; and tests/computer/peeking.py
runs decisions on a game that refuses every state not drawn by its `sample` (the true one too).
"""
from __future__ import annotations

import ast
import random
from collections.abc import Collection
from pathlib import Path
from typing import Any

import pytest

import computer
from computer.sealed import Handle, Peeking, Sealed
from games.base import Game
from tests.computer.peeking import Watched, assert_no_peeking, twin, watched_choose
from tests.computer.test_choose import positions
from tests.computer.toy import Toy, ToyGuided

ROOT = Path(__file__).resolve().parents[2]
# The engine's methods, the optional ones the computer uses, and the raw state inside a handle.
ENGINE = {"setup", "to_act", "legal_actions", "apply", "view", "outcome", "dump", "load", "describe",
          "default_action", "drop", "undo_barrier", "sample", "playout_weights", "evaluate", "_state",
          "_open", "_game", "_sampler", "_weights", "_evaluate"}


def test_sealed_refuses_a_state_it_did_not_hand_out() -> None:
    game = Toy()
    state = game.setup(["a", "b"], {}, 4)
    sealed = Sealed(game, game.view(state, "a"), "a")
    other = Sealed(game, game.view(state, "a"), "a")
    mine = sealed.sample(random.Random(1))
    assert sealed.legal(mine, "a") == game.legal_actions(state, "a")
    after = sealed.apply(mine, "a", sealed.legal(mine, "a")[0])
    assert sealed.to_act(after) == ["b"]
    for wrong in (state, other.sample(random.Random(1)), Handle(state, other)):
        for call in (lambda h: sealed.to_act(h), lambda h: sealed.legal(h, "a"),
                     lambda h: sealed.apply(h, "a", {"type": "bid", "card": 1}), lambda h: sealed.outcome(h),
                     lambda h: sealed.key(h, "a")):
            with pytest.raises(Peeking, match="only use states it sampled"):
                call(wrong)


def test_only_sealed_py_reaches_the_engine() -> None:
    """Outside computer/sealed.py, no engine method and no state is named except on a `sealed`
    (the Sealed game) and no module imports an engine package beyond games.base."""
    found = []
    for path in sorted((ROOT / "computer").rglob("*.py")):
        if path.name == "sealed.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            where = f"{path.name}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Attribute) and node.attr in ENGINE and not (
                    isinstance(node.value, ast.Name) and node.value.id == "sealed"):
                found.append(f"{where} .{node.attr}")
            if isinstance(node, ast.Constant) and node.value in ENGINE:
                found.append(f"{where} {node.value!r}")
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("games") \
                    and node.module != "games.base":
                found.append(f"{where} imports {node.module}")
    assert found == []


def test_the_watched_game_catches_a_peek() -> None:
    """The guard can fail: a 'computer' that looks at the true state is caught."""
    game = ToyGuided()
    state = game.setup(["a", "b"], {}, 2)
    view = game.view(state, "a")
    watch = Watched(game, view, "a")
    with pytest.raises(AssertionError, match="read a state it did not sample"):
        watch.legal_actions(state, "a")
    with pytest.raises(AssertionError, match="read a state it did not sample"):
        watch.evaluate(state, "a")  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="sampled from another view"):
        watch.sample(game.view(state, "b"), "b", random.Random(1))  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="loaded a state"):
        watch.load(game.dump(state))

    def peeker(game: Game, view: Any, seat: str, strength: str, seed: int, had: Collection[str] = ()) -> Any:
        return game.legal_actions(state, seat)[-1]

    real = computer.choose
    try:
        computer.choose = peeker
        with pytest.raises(AssertionError, match="read a state it did not sample"):
            watched_choose(game, view, "a", "easy", 1)
    finally:
        computer.choose = real


@pytest.mark.parametrize("game", [Toy(), ToyGuided(), ToyGuided(cooperative=True)],
                         ids=["plain", "guided", "coop"])
def test_no_peeking_on_the_toy(game: Game) -> None:
    for players in (2, 3):
        for n, state in enumerate(positions(game, players, players)):
            for seat in game.to_act(state):
                if len(game.legal_actions(state, seat)) > 1 and n % 3 == 0:
                    assert_no_peeking(game, state, seat, seeds=(n,))


def test_the_twin_differs_only_where_the_seat_cannot_see() -> None:
    game = Toy()
    state = game.setup(["a", "b", "c"], {}, 8)
    other = twin(game, state, "a")
    assert other is not None
    assert game.view(other, "a") == game.view(state, "a")
    assert other["hands"]["a"] == state["hands"]["a"]
    assert (other["hands"]["b"], other["prizes"]) != (state["hands"]["b"], state["prizes"])


def test_no_peeking_at_the_real_budgets() -> None:
    game = ToyGuided()
    state = positions(game, 3, 4)[2]
    assert_no_peeking(game, state, game.to_act(state)[0], seeds=(5,), iterations=None, work=None)
