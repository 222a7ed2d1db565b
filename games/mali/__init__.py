"""Mali Powstańcy. Warszawa 1944: the rules engine (pure, deterministic, JSON state)."""
from __future__ import annotations

import random
from typing import Any, ClassVar

from games.base import Game, IllegalAction, Option, Outcome, Query, Say, say
from games.mali import flow
from games.mali.apply import apply as _apply
from games.mali.apply import apply_unchecked
from games.mali.apply import replayed as _replayed
from games.mali.board import BOARD
from games.mali.describe import describe
from games.mali.evaluate import evaluate as _evaluate
from games.mali.legal import legal_actions as _legal
from games.mali.legal import pending_actions, reachable
from games.mali.legal import to_act as _to_act
from games.mali.objectives import deal_objectives
from games.mali.playout import playout_weights
from games.mali.queries import QUERIES
from games.mali.sample import sample as _sample
from games.mali.state import State, clockwise_from, clone, new_state, scouts, seat_index, who
from games.mali.upgrade import STATE_STEPS
from games.mali.views import view as _view

__all__ = ["BOARD", "GAME", "MaliGame", "default_action", "describe", "drop", "reachable"]


def setup(seats: list[str], options: dict[str, Any], seed: int) -> State:
    if not 2 <= len(seats) <= 4 or len(set(seats)) != len(seats):
        raise IllegalAction(say("Mali Powstańcy needs 2 to 4 different players."))
    variant = options.get("variant", "basic")
    s = new_state(seats, variant, bool(options.get("jump_costs_one_point", False)), seed)
    events: list[dict[str, Any]] = []
    if variant == "extended":
        s["phase"] = "objectives"
        s["deals"] = deal_objectives(s)
    else:
        flow.start_round(s, events)
    flow.advance(s, events)
    return s


def default_action(s: State, seat: str) -> dict[str, Any]:
    legal = _legal(s, seat)
    if not legal:
        raise IllegalAction(say("There is nothing for this player to do now."))
    for kind in ("end_turn", "finish_moving"):
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[0]


def undo_barrier(before: State, seat: str, action: dict[str, Any], after: State) -> bool:
    """True when the action may not be taken back (games.base.Game.undo_barrier):

    - it used randomness: the generator moved (a die roll, a shuffle) or the shuffled order deck
      changed (a card drawn, or discarded from a fallen district);
    - it revealed hidden information to anyone: a peek at the deck, the movement cards turned face
      up, the end of the game (the scores show every secret objective);
    - it let another seat act: somebody who owed nothing before owes an action now.

    Everything else (a step, a jump, a pick-up or a drop, a card action that shows nothing, a
    secret choice while others still choose, a choice that leaves the same player to act) may be
    taken back."""
    if before["rng"] != after["rng"] or before["deck"] != after["deck"]:
        return True
    if action.get("type") == "peek" or after["outcome"] is not None:
        return True
    if any(p["card"] != q["card"] for p, q in zip(before["players"], after["players"], strict=True)):
        return True
    return bool(set(_to_act(after)) - set(_to_act(before)) - {seat})


def drop(s: State, seat: str) -> tuple[State, list[dict[str, Any]]]:
    if s["outcome"] is not None or seat not in s["seats"]:
        return s, []
    idx = seat_index(s, seat)
    if s["players"][idx]["dropped"]:
        return s, []
    s = clone(s)
    events: list[dict[str, Any]] = []
    remaining = [i for i, p in enumerate(s["players"]) if not p["dropped"] and i != idx]
    flow.emit(events, "dropped_player", say("{player} leaves the game.", player=who(s, idx)), seat)
    if len(remaining) < 2:
        s["players"][idx]["dropped"] = True
        flow.game_over(s, "abandoned", events)
        return s, events
    s["players"][idx]["dropped"] = True
    if s["start"] == idx:
        s["start"] = clockwise_from(s, idx)[0]
    while s["pending"] is not None and s["pending"]["seat"] == seat:
        apply_unchecked(s, seat, pending_actions(s, seat)[0], events)
    for _, sc in scouts(s):
        if sc["owner"] == idx:
            sc.update(status="removed", at=None, carrying=None)
    cur = s["current"]
    if cur is not None and cur["seat"] == seat:
        s["current"] = None
        if cur["stage"] != "bonus":
            flow.push(s, {"kind": "next_turn"})
    flow.advance(s, events)
    return s, events


class MaliGame:
    key = "mali"
    title = "Mali Powstańcy. Warszawa 1944"
    min_players = 2
    max_players = 4
    cooperative = False
    options: tuple[Option, ...] = (
        Option("variant", ("basic", "extended"), "basic",
               "basic: the German soldier and the die, 5-space order track; extended: card actions, "
               "secret objectives, falling districts and the Victory card.",
               {"basic": "Basic", "extended": "Extended"}),
        Option("jump_costs_one_point", (False, True), False,
               "Basic variant: a jump costs 1 movement point and the rest may be stepped "
               "(Italian rule book) instead of taking the whole movement (Polish original).",
               {False: "Jump = whole movement", True: "Jump costs 1 point"}, when={"variant": ("basic",)}),
    )
    queries: dict[str, Query] = QUERIES  # asked through bot.gate.ask, for one seat
    state_steps = STATE_STEPS  # stored states of older shapes, rewritten by the migrations
    # the search keeps easy's move (its look ahead with playout.py, which delivers orders for
    # everybody's survival) unless it finds one clearly better: without a margin, medium's few noisy
    # walks (about 60 a decision) delivered almost nothing, and every game went to the Germans
    computer_margin = 0.1
    computer_anchor = True
    # hard's work, less easy's share (its anchor's look ahead): within 2 s of CPU (bench/README.md)
    computer_work: ClassVar[dict[str, int]] = {"hard": 8000}
    # shorter play-outs before the evaluation: about twice the walks for the same work
    computer_depth = 24

    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> State:
        return setup(seats, options, seed)

    def to_act(self, state: State) -> list[str]:
        return _to_act(state)

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return _legal(state, seat)

    def apply(self, state: State, seat: str, action: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
        return _apply(state, seat, action)

    def replayed(self, state: State, seat: str, action: dict[str, Any]) -> State | None:
        return _replayed(state, seat, action)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return _view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        result: Outcome | None = state["outcome"]
        return result

    def dump(self, state: State) -> dict[str, Any]:
        return clone(state)

    def load(self, data: dict[str, Any]) -> State:
        return clone(data)

    def describe(self, state: State, seat: str, action: dict[str, Any]) -> str | Say:
        return describe(state, seat, action)

    def default_action(self, state: State, seat: str) -> dict[str, Any]:
        return default_action(state, seat)

    def drop(self, state: State, seat: str) -> tuple[State, list[dict[str, Any]]]:
        return drop(state, seat)

    def undo_barrier(self, before: State, seat: str, action: dict[str, Any], after: State) -> bool:
        return undo_barrier(before, seat, action, after)

    def playout_weights(self, state: State, seat: str, legal: list[dict[str, Any]]) -> list[float]:
        return playout_weights(state, seat, legal)

    def sample(self, view: dict[str, Any], seat: str, rng: random.Random) -> State:
        """A state consistent with `view` (= view(state, seat)), its hidden parts drawn by `rng`."""
        return _sample(view, seat, rng)

    def evaluate(self, state: State, seat: str) -> float:
        """How well `seat` stands, in [0, 1] (1: it has won), for the computer's search."""
        return _evaluate(state, seat)


GAME: Game = MaliGame()  # mypy checks the engine against the Game protocol
