"""A tiny deterministic game with every feature the service must carry: a counting race.

Each round, every active seat secretly bids 1-3 at once (a hidden simultaneous choice); when all
have bid, the bids are revealed and added to positions, +1 for a bid equal to the seat's secret
lucky number. Then each active seat in turn steps 1 or 2, or rolls 1-3 from a seeded generator
kept in the state. The first to reach the target wins.
"""
from __future__ import annotations

import copy
from dataclasses import asdict, dataclass
from typing import Any

from games.base import Action, Event, IllegalAction, Option, Outcome, canonical

MASK = 2**64 - 1


@dataclass
class RaceState:
    seats: list[str]
    target: int
    pos: dict[str, int]
    secret: dict[str, int]
    phase: str  # "bid" | "move" | "over"
    bids: dict[str, int]
    revealed: dict[str, int] | None
    turn: int
    round: int
    rng: int
    dropped: list[str]
    outcome: Outcome | None


def _draw(state: RaceState, sides: int) -> int:
    state.rng = (state.rng * 6364136223846793005 + 1442695040888963407) & MASK
    return (state.rng >> 33) % sides + 1


class Race:
    key = "race"
    title = "Counting race"
    min_players = 2
    max_players = 4
    cooperative = False
    options: tuple[Option, ...] = (Option("target", (10, 20, 50, 1000), 20, "Position that wins."),)

    # -- the Game interface ------------------------------------------------------------
    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> RaceState:
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(seats):
            raise IllegalAction("The race takes 2 to 4 different players.")
        state = RaceState(seats=list(seats), target=int(options.get("target", 20)),
                          pos=dict.fromkeys(seats, 0), secret={}, phase="bid", bids={},
                          revealed=None, turn=0, round=1, rng=seed & MASK, dropped=[],
                          outcome=None)
        state.secret = {s: _draw(state, 3) for s in seats}
        return state

    def active(self, state: RaceState) -> list[str]:
        return [s for s in state.seats if s not in state.dropped]

    def to_act(self, state: RaceState) -> list[str]:
        if state.phase == "bid":
            return [s for s in self.active(state) if s not in state.bids]
        if state.phase == "move":
            return [self.active(state)[state.turn]]
        return []

    def legal_actions(self, state: RaceState, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "bid":
            return [{"type": "bid", "value": v} for v in (1, 2, 3)]
        return [{"type": "step", "n": 1}, {"type": "step", "n": 2}, {"type": "roll"}]

    def apply(self, state: RaceState, seat: str, action: Action) -> tuple[RaceState, list[Event]]:
        if state.phase == "over":
            raise IllegalAction("The race is over.")
        if seat not in self.to_act(state):
            raise IllegalAction("You have nothing to do right now.")
        if canonical(action) not in {canonical(a) for a in self.legal_actions(state, seat)}:
            if state.phase == "bid":
                raise IllegalAction("Bid 1, 2 or 3.")
            raise IllegalAction("Step 1 or 2, or roll.")
        state = self._copy(state)
        if action["type"] == "bid":
            state.bids[seat] = action["value"]
            events: list[Event] = [
                {"type": "bid_chosen", "seat": seat, "text": f"{seat} has bid."},
                {"type": "bid", "private_to": seat, "text": f"You bid {action['value']}."},
            ]
            return state, events + self._after_bids(state)
        n = _draw(state, 3) if action["type"] == "roll" else action["n"]
        state.pos[seat] += n
        events = [{"type": "moved", "seat": seat, "text": f"{seat} moves {n}."}]
        return state, events + self._after_move(state)

    def view(self, state: RaceState, seat: str | None) -> dict[str, Any]:
        public = {"game": self.key, "round": state.round, "phase": state.phase,
                  "target": state.target, "pos": dict(state.pos),
                  "bid": sorted(state.bids), "revealed": state.revealed,
                  "dropped": list(state.dropped), "to_act": self.to_act(state),
                  "outcome": state.outcome}
        if seat is not None and seat in state.seats:
            public["me"] = {"seat": seat, "secret": state.secret[seat],
                            "bid": state.bids.get(seat)}
        return public

    def outcome(self, state: RaceState) -> Outcome | None:
        return copy.deepcopy(state.outcome)

    def dump(self, state: RaceState) -> dict[str, Any]:
        return copy.deepcopy(asdict(state))

    def load(self, data: dict[str, Any]) -> RaceState:
        return RaceState(**copy.deepcopy(data))

    def undo_barrier(self, before: RaceState, seat: str, action: Action, after: RaceState) -> bool:
        return action["type"] == "roll" or seat not in self.to_act(after)

    def describe(self, state: RaceState, seat: str, action: Action) -> str:
        if action["type"] == "bid":
            return f"bid {action['value']}"
        return "roll" if action["type"] == "roll" else f"step {action['n']}"

    def default_action(self, state: RaceState, seat: str) -> Action:
        return {"type": "bid", "value": 1} if state.phase == "bid" else {"type": "step", "n": 1}

    def drop(self, state: RaceState, seat: str) -> tuple[RaceState, list[Event]]:
        if seat not in self.active(state):
            raise IllegalAction(f"{seat} is not playing.")
        if state.phase == "over":
            raise IllegalAction("The race is over.")
        mover = self.to_act(state)[0] if state.phase == "move" else None
        state = self._copy(state)
        state.dropped.append(seat)
        state.bids.pop(seat, None)
        events: list[Event] = [{"type": "dropped", "seat": seat, "text": f"{seat} leaves."}]
        active = self.active(state)
        if len(active) < 2:
            state.phase = "over"
            state.outcome = {"winners": [], "scores": dict(state.pos), "reason": "abandoned"}
            return state, [*events, {"type": "game_over", "text": "Too few players: abandoned."}]
        if state.phase == "bid":
            return state, events + self._after_bids(state)
        if mover == seat:
            state.turn -= 1  # the next seat slid into this index
            return state, events + self._after_move(state)
        assert mover is not None  # the move phase: somebody was to move
        state.turn = active.index(mover)
        return state, events

    # -- internals -----------------------------------------------------------------------
    def _copy(self, state: RaceState) -> RaceState:
        return self.load(self.dump(state))

    def _after_bids(self, state: RaceState) -> list[Event]:
        if any(s not in state.bids for s in self.active(state)):
            return []
        state.revealed = {s: state.bids[s] for s in sorted(state.bids)}
        for s, v in state.revealed.items():
            state.pos[s] += v + (1 if v == state.secret[s] else 0)
        state.bids = {}
        events: list[Event] = [{"type": "revealed", "text": f"Bids: {state.revealed}."}]
        if self._check_win(state, events):
            return events
        state.phase, state.turn = "move", 0
        return events

    def _after_move(self, state: RaceState) -> list[Event]:
        events: list[Event] = []
        if self._check_win(state, events):
            return events
        state.turn += 1
        if state.turn >= len(self.active(state)):
            state.phase, state.turn, state.round = "bid", 0, state.round + 1
            events.append({"type": "round", "text": f"Round {state.round}."})
        return events

    def _check_win(self, state: RaceState, events: list[Event]) -> bool:
        best = max(state.pos[s] for s in self.active(state))
        if best < state.target:
            return False
        winners = [s for s in self.active(state) if state.pos[s] == best]
        state.phase = "over"
        state.outcome = {"winners": winners, "scores": dict(state.pos), "reason": "target"}
        events.append({"type": "game_over", "text": f"Winner: {', '.join(winners)}."})
        return True


GAME = Race()
