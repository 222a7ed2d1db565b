"""A path to two moves in a row that a seat may take back, found with the pure engine."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.base import Action, Game
from games.simulate import choose, playout_rng


@dataclass(frozen=True)
class TwoUndoable:
    prefix: list[tuple[str, Action]]  # random legal moves that lead there
    seat: str
    first: Action
    second: Action


def two_undoable(game: Game, state: Any, seed: int = 1, max_prefix: int = 400,
                 width: int = 30) -> TwoUndoable:
    """From `state`, random moves until some seat has two undoable moves in a row; the path."""
    rng = playout_rng(seed)
    prefix: list[tuple[str, Action]] = []
    for _ in range(max_prefix):
        assert game.outcome(state) is None, "the game ended before two undoable moves in a row"
        for seat in game.to_act(state):
            for first in game.legal_actions(state, seat)[:width]:
                after, _ = game.apply(state, seat, first)
                if game.undo_barrier(state, seat, first, after) or seat not in game.to_act(after):
                    continue
                for second in game.legal_actions(after, seat)[:width]:
                    last, _ = game.apply(after, seat, second)
                    if not game.undo_barrier(after, seat, second, last):
                        return TwoUndoable(prefix, seat, first, second)
        seat, action = choose(game, state, rng)
        state, _ = game.apply(state, seat, action)
        prefix.append((seat, action))
    raise AssertionError(f"no two undoable moves in a row within {max_prefix} moves")
