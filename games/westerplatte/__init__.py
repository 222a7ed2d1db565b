"""7 Days of Westerplatte: the co-operative rules engine (pure, deterministic, JSON state)."""
from __future__ import annotations

import random
from typing import Any

from games.base import Game, IllegalAction, Option, Outcome, Query, Say, say, with_public_state
from games.westerplatte import flow
from games.westerplatte.apply import apply as _apply
from games.westerplatte.apply import apply_unchecked, settle
from games.westerplatte.board import BEHIND, GUARDHOUSES, OFFICER_WORDS, WALLS
from games.westerplatte.describe import describe
from games.westerplatte.evaluate import evaluate as _evaluate
from games.westerplatte.hidden import public_state
from games.westerplatte.legal import legal_actions as _legal
from games.westerplatte.legal import to_act as _to_act
from games.westerplatte.queries import QUERIES
from games.westerplatte.sample import sample as _sample
from games.westerplatte.state import State, active, active_seat, clone, new_state
from games.westerplatte.upgrade import STATE_STEPS
from games.westerplatte.views import view as _view

__all__ = ["GAME", "WesterplatteGame", "default_action", "describe", "drop"]


def setup(seats: list[str], options: dict[str, Any], seed: int) -> State:
    if not 1 <= len(seats) <= 4 or len(set(seats)) != len(seats):
        raise IllegalAction(say("7 Days of Westerplatte needs 1 to 4 different players."))
    opts = {"difficulty": options.get("difficulty", "medium"),
            "mine_on_occupied_path": bool(options.get("mine_on_occupied_path", False)),
            "low_morale_stays_at_bottom": bool(options.get("low_morale_stays_at_bottom", False))}
    if opts["difficulty"] not in ("easy", "medium", "hard"):
        raise IllegalAction(say("Difficulty must be easy, medium or hard."))
    s = new_state(seats, opts, seed)
    events: list[dict[str, Any]] = []
    if len(seats) <= 2:
        flow.push(s, {"kind": "setup_pile"}, {"kind": "draw", "setup": True}, {"kind": "draw", "setup": True})
    else:
        flow.push(s, *([{"kind": "draw", "setup": True}] * 3))
    s["tasks"].append({"kind": "next_turn"})
    settle(s, events)
    return s


def default_action_for(s: State) -> dict[str, Any]:
    """The deadline defaults of the notes (a bot policy, not a rule)."""
    legal = _legal(s, active_seat(s))
    pend = s["pending"]
    if pend is None:
        return {"type": "end_turn"}
    kind = pend["kind"]
    if kind == "guardhouse":
        left, right = pend["options"]
        pick = right if s["walls"][right] > s["walls"][left] else left
        return {"type": "guardhouse", "wall": pick}
    if kind == "l1":
        for t in ("wall_rebuild", "mortar", "mines"):
            if t in pend["options"]:
                return {"type": "loss", "tile": t}
    if kind == "h1":
        for t in ("mines", "mortar", "wall_rebuild"):
            if t in pend["options"]:
                return {"type": "bonus", "tile": t}
    if kind == "remainder":
        n = len(s["officers"])
        me = s["turn"]["officer"]
        for k in range(1, n + 1):
            oid = s["officers"][(me + k) % n]["id"]
            if oid in pend["options"]:
                return {"type": "give", "officer": oid}
    if kind == "lose_ammo":  # as much as he holds from each, in seat order from the next seat
        n = len(s["officers"])
        me = s["turn"]["officer"]
        left = int(pend["left"])
        split: dict[str, int] = {}
        for k in range(1, n + 1):
            o = s["officers"][(me + k) % n]
            take = min(left, int(o["ammo"])) if o["id"] in pend["options"] else 0
            if take:
                split[o["id"]] = take
                left -= take
        return {"type": "lose_ammo", "split": split}
    if kind == "brick":
        best = min(pend["options"], key=lambda w: (s["walls"][w], 0 if w in GUARDHOUSES else 1,
                                                   WALLS.index(w)))
        return {"type": "brick", "wall": best}
    return legal[0]


def default_action(s: State, seat: str) -> dict[str, Any]:
    legal = _legal(s, seat)
    if not legal:
        raise IllegalAction(say("There is nothing for this player to do now."))
    return default_action_for(s)


def undo_barrier(before: State, seat: str, action: dict[str, Any], after: State) -> bool:
    """Moves, tokens and actions of phase 1 may be taken back while the officer still acts; a draw,
    an event, the German phase or the next turn may not."""
    if after["outcome"] is not None:
        return True
    for key in ("rng", "deck", "event_deck", "day"):
        if before[key] != after[key]:
            return True
    if before["turn"]["number"] != after["turn"]["number"]:
        return True
    return active_seat(after) != seat or after["turn"]["stage"] != "officer"


def drop(s: State, seat: str) -> tuple[State, list[dict[str, Any]]]:
    """A leaving player's officers are handed to the next player still at the table (seat order);
    when nobody is left the game ends, abandoned (interpretation)."""
    if s["outcome"] is not None or seat not in s["seats"] or seat in s.get("dropped", []):
        return s, []
    s = clone(s)
    events: list[dict[str, Any]] = []
    s.setdefault("dropped", []).append(seat)
    s["dropped"].sort(key=s["seats"].index)
    left = [x for x in s["seats"] if x not in s["dropped"]]
    names = [OFFICER_WORDS[i] for i, o in enumerate(s["officers"]) if o["seat"] == seat]
    if not left:
        flow.emit(events, "dropped_player", say("The player of the {officers} leaves the game.", officers=names))
        flow.game_over(s, False, "abandoned", say("Every player has left: the game is abandoned."), events)
        return s, events
    k = s["seats"].index(seat)
    heir = next(s["seats"][(k + d) % len(s["seats"])] for d in range(1, len(s["seats"]))
                if s["seats"][(k + d) % len(s["seats"])] in left)
    for o in s["officers"]:
        if o["seat"] == seat:
            o["seat"] = heir
    heir_names = [OFFICER_WORDS[i] for i, o in enumerate(s["officers"]) if o["seat"] == heir]
    flow.emit(events, "dropped_player", say("The player of the {officers} leaves the game; another player now runs "
                                            "those officers ({heirs}).", officers=names, heirs=heir_names))
    return s, events


COMPUTER_WORK: dict[str, int] = {"medium": 2500, "hard": 7000}  # the search's work per strength (computer.budget)


class WesterplatteGame:
    key = "westerplatte"
    title = "7 Days of Westerplatte"
    min_players = 1
    max_players = 4
    cooperative = True
    options: tuple[Option, ...] = (
        Option("difficulty", ("easy", "medium", "hard"), "medium",
               "easy: green tiles, green morale track, the 6 positive events; medium: green tiles and "
               "track, 3 positive and 3 negative events; hard: red tiles and track, 3 + 3 events.",
               {"easy": "Easy", "medium": "Medium", "hard": "Hard"}),
        Option("mine_on_occupied_path", (False, True), False,
               "A mine may go on any empty space of any path, also in front of or behind a troop "
               "(by default only on a path that holds no troop).",
               {False: "Mines only on empty paths", True: "Mines on any free space"}),
        Option("low_morale_stays_at_bottom", (False, True), False,
               "Entering the lowest morale level leaves the marker there, and every further fall "
               "pays its loss again (by default the marker goes back to the start space).",
               {False: "Lowest morale resets", True: "Lowest morale stays"}),
    )
    state_steps = STATE_STEPS  # stored states of older shapes, rewritten by the migrations
    queries: dict[str, Query] = QUERIES  # asked through bot.gate.ask, for one seat
    computer_work = COMPUTER_WORK  # the computer's budgets: hard within 2 s of CPU
    # a play-out's actions before the evaluation: the fitted evaluation (evaluate.py) judges a state
    # well, so short play-outs, and more of them, beat long noisy ones
    computer_depth = 24
    # the search keeps the greedy team plan (playout.py) unless it finds a move clearly better:
    # without this, medium left the plan in 16 of 20 positions for no gain on average (noise)
    computer_margin = 0.04
    # easy too (its one-ply choice after a short look ahead): the fitted evaluation is a fit on the
    # greedy team's own games, and judged after one officer's turn it prefers moves that look like a
    # winning position (morale raised, a threat shot at) over the plan that wins; easy, following
    # those small differences, left the plan in half its decisions and lost 30 games of 30
    computer_easy_margin = 0.1

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
        from games.westerplatte.playout import playout_weights
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


GAME: Game = WesterplatteGame()  # mypy checks the engine against the Game protocol
_ = (BEHIND, active, apply_unchecked)
