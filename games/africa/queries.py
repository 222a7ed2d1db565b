"""The questions one seat may ask of a Heart of Africa game (`AfricaGame.queries`, asked through
bot.gate.ask).

Each takes the game's state and a seat, and answers only what that seat may know: where one of its
pieces can go and the moves that take it there, and how far a resource marker can be pushed. They
only try the engine's own legal actions, one after the other, on copies of the state.
"""
from __future__ import annotations

from typing import Any

from games.africa.apply import apply
from games.africa.legal import legal_actions, to_act
from games.base import IllegalAction, Query

Action = dict[str, Any]


def _same_turn(before: Any, after: Any, seat: str) -> bool:
    """After a step the same seat still acts in the same turn (the engine did not score for it)."""
    return (seat in to_act(after) and after["round"] == before["round"]
            and after["stage"] == before["stage"] and not after["pending"])


def reachable(game_state: Any, seat: str, piece: str, start: str) -> dict[str, list[Action]]:
    """Every area the seat's `piece` ("trader" or "wholesaler") in `start` can reach now, with the
    shortest list of legal moves that takes it there (each move is one area entered)."""
    routes: dict[str, list[Action]] = {start: []}
    frontier = [(game_state, start)]
    while frontier:
        nxt = []
        for here_state, here in frontier:
            for a in legal_actions(here_state, seat):
                if a["type"] != "move" or a["piece"] != piece or a["from"] != here or a["to"] in routes:
                    continue
                try:
                    after, _ = apply(here_state, seat, a)
                except IllegalAction:
                    continue
                routes[a["to"]] = routes[here] + [a]
                if _same_turn(here_state, after, seat):
                    nxt.append((after, a["to"]))
        frontier = nxt
    del routes[start]
    return routes


def resource_steps(game_state: Any, seat: str, marker: str, step: int) -> int:
    """How many rows in a row the seat can move `marker` in direction `step` (+1/-1) now."""
    rows = 0
    here = game_state
    action = {"type": "change_resource", "marker": marker, "step": step}
    while action in legal_actions(here, seat):
        after, _ = apply(here, seat, action)
        rows += 1
        if not _same_turn(here, after, seat):
            break
        here = after
    return rows


QUERIES: dict[str, Query] = {"reachable": reachable, "resource_steps": resource_steps}
