"""Maquis (Sideroom Games, 2nd edition): the rules engine, solo or a team sharing one resistance."""
from __future__ import annotations

import random
from typing import Any

from games.base import Game, IllegalAction, Option, Outcome, Query, Say, say, with_public_state
from games.maquis import flow
from games.maquis.board import MISSION_ORDER, MISSIONS, MODE_ORDER
from games.maquis.describe import describe
from games.maquis.evaluate import evaluate as _evaluate
from games.maquis.hidden import public_state
from games.maquis.legal import apply as _apply
from games.maquis.legal import force
from games.maquis.legal import legal_actions as _legal
from games.maquis.legal import to_act as _to_act
from games.maquis.playout import playout_weights
from games.maquis.queries import QUERIES
from games.maquis.sample import sample as _sample
from games.maquis.state import GameEnded, State, clone, emit, new_state
from games.maquis.upgrade import STATE_STEPS
from games.maquis.views import view as _view

__all__ = ["GAME", "MaquisGame", "default_action", "drop", "setup", "undo_barrier"]


def setup(seats: list[str], options: dict[str, Any], seed: int) -> State:
    full = {o.name: options.get(o.name, o.default) for o in MaquisGame.options}
    for o in MaquisGame.options:
        o.validate(full[o.name])
    s = new_state(seats, full, seed)
    events: list[dict[str, Any]] = []
    try:
        if s["arrange"] is not None:
            s["phase"] = "arrange"
        else:
            flow.start_day(s, events)
        force(s, events)
    except GameEnded:
        pass
    return s


def default_action(s: State, seat: str) -> dict[str, Any]:
    """Maquis has no default moves (ruling 52): in a team the Day passes to the next member; solo,
    the most cautious legal step."""
    legal = _legal(s, seat)
    if not legal:
        raise IllegalAction(say("There is nothing for this player to do now."))
    for a in legal:
        if a["type"] == "hand_over":
            return a
    for kind in ("go_home", "end_day"):
        for a in legal:
            if a["type"] == kind:
                return a
    for a in legal:
        if a["type"] == "activate" and a.get("do") == "nothing":
            return a
    for a in legal:
        if a["type"] == "remove" and a["who"] == "waiting":
            return a
    for place in ("cafe", "grocer", "pont_leveque"):
        for a in legal:
            if a == {"type": "place", "at": place, "papers": False}:
                return a
    for a in legal:
        if a["type"] != "shoot":
            return a
    return legal[0]


def undo_barrier(before: State, seat: str, action: dict[str, Any], after: State) -> bool:
    """A draw (patrols, the Dark Lady, the peek), a new Day, the hand-over or the end is final."""
    return bool(
        action.get("type") in ("hand_over", "arrange")
        or before["rng"] != after["rng"]
        or before["deck"] != after["deck"]
        or before["discard"] != after["discard"]
        or before["days_played"] != after["days_played"]
        or after["acting"] != seat
        or after["outcome"] is not None
    )


def drop(s: State, seat: str) -> tuple[State, list[dict[str, Any]]]:
    """Ruling 53: the member leaves the rotation; a leader's Day passes to the next member (52)."""
    if s["outcome"] is not None or seat not in s["active"]:
        return s, []
    s = clone(s)
    events: list[dict[str, Any]] = []
    nxt = flow.next_active(s, seat)
    s["active"].remove(seat)
    if not s["active"]:
        s["outcome"] = {"winners": [], "scores": {x: flow.points(s) for x in s["seats"]},
                        "reason": "abandoned", "result": "The game is abandoned."}
        s["phase"] = "over"
        s["outcome"]["words"] = say("The game is abandoned.")
        emit(events, "game_over", say("The last member leaves: nobody is left to lead the resistance; the game "
                                      "is abandoned."), reason="abandoned", member=seat)
        return s, events
    emit(events, "dropped_player", say("A member leaves the team."), member=seat)
    if s["acting"] == seat:
        s["acting"] = nxt
        emit(events, "hand_over", say("The next team member takes over the rest of the Day."), to=nxt)
    try:
        force(s, events)
    except GameEnded:
        pass
    return s, events


COMPUTER_WORK: dict[str, int] = {"medium": 350, "hard": 1200}  # the search's work per strength (computer.budget)


class MaquisGame:
    key = "maquis"
    title = "Maquis"
    min_players = 1
    max_players = 4
    cooperative = True
    options: tuple[Option, ...] = (
        Option("difficulty", tuple(MODE_ORDER), "normal",
               "How hard the game is; Normal is the rule book's game.",
               {"very_easy": "Very Easy (bigger airdrops, two laps of the Day track)",
                "easy": "Easy (bigger airdrops)",
                "normal": "Normal (the rule book's game: 15 Days, 3 partisans)",
                "tricky": "Tricky (12 Days, 2 partisans at the start)",
                "hard": "Hard (as Tricky, and morale drops on more Days)",
                "very_hard": "Very Hard (as Hard, and every arrest costs 1 morale)"}),
        Option("missions", ("first_game", "random_one_star", "random_two_star", "random_mixed",
                            "random_three_star", "chosen"), "first_game",
               "first_game: Officer's Mansion and Milice Parade Day; random draws by stars; "
               "random_three_star: a standard card and a three-star card on the right; chosen: "
               "mission_left and mission_right.",
               {"first_game": "First game", "random_one_star": "Random one-star",
                "random_two_star": "Random two-star", "random_mixed": "Random one- and two-star",
                "random_three_star": "Random with a three-star card", "chosen": "Chosen"}),
        Option("mission_left", ("none", *MISSION_ORDER), "none",
               "With missions = chosen: the card on the left exit (Fence); not a three-star card.",
               {"none": "None", **{m: MISSIONS[m]["name"] for m in MISSION_ORDER}}, when={"missions": ("chosen",)}),
        Option("mission_right", ("none", *MISSION_ORDER), "none",
               "With missions = chosen: the card on the right exit (Pont du Nord).",
               {"none": "None", **{m: MISSIONS[m]["name"] for m in MISSION_ORDER}}, when={"missions": ("chosen",)}),
    )
    queries: dict[str, Query] = QUERIES  # asked through bot.gate.ask, for one seat
    state_steps = STATE_STEPS  # stored states of older shapes, rewritten by the migrations
    # the computer's budgets (issue 24): Maquis's play-out steps are slow (the patrols' safety is
    # sampled), so a short play-out before the evaluation and a work budget for 2 s of CPU at hard
    computer_depth = 15
    # Handing the Day to a team-mate changes nothing the team could win by: a computer keeps it
    # (computer.kept). Two computers handed it back and forth for ever, each search finding it as
    # good as any move (issue #24).
    computer_avoid = frozenset({"hand_over"})
    computer_work = COMPUTER_WORK

    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> State:
        return setup(seats, options, seed)

    def to_act(self, state: State) -> list[str]:
        return _to_act(state)

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return _legal(state, seat)

    def apply(self, state: State, seat: str, action: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
        return _apply(state, seat, action)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return _view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        out: Outcome | None = state["outcome"]
        return out

    def dump(self, state: State) -> dict[str, Any]:
        return clone(state)

    def load(self, data: dict[str, Any]) -> State:
        return clone(data)

    def describe(self, state: State, seat: str, action: dict[str, Any]) -> Say:
        return describe(state, seat, action)

    def default_action(self, state: State, seat: str) -> dict[str, Any]:
        return default_action(state, seat)

    def drop(self, state: State, seat: str) -> tuple[State, list[dict[str, Any]]]:
        return drop(state, seat)

    def undo_barrier(self, before: State, seat: str, action: dict[str, Any], after: State) -> bool:
        return undo_barrier(before, seat, action, after)

    def playout_weights(self, state: State, seat: str, legal: list[dict[str, Any]]) -> list[float]:
        return playout_weights(state, seat, legal)

    def computer_view(self, state: State, seat: str) -> dict[str, Any]:
        """The seat's view and the public facts `sample` needs (only the computer gets this one)."""
        return with_public_state(_view(state, seat), public_state(state))

    def sample(self, view: dict[str, Any], seat: str, rng: random.Random) -> State:
        """A full state consistent with `seat`'s view, its hidden parts drawn with `rng`."""
        return _sample(view, seat, rng)

    def evaluate(self, state: State, seat: str) -> float:
        """How well the team stands, in [0, 1] (1: won), for the computer's search."""
        return _evaluate(state, seat)


GAME: Game = MaquisGame()  # mypy checks the engine against the Game protocol
