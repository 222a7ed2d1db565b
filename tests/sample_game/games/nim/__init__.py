"""Nim, the sample new game: a pile of stones, take 1 to 3 in turn; who takes the last one wins.

It lives in its own packages (games/nim, cogs/nim, renderers/nim) and joins with one registry line,
as every game does (docs/dev/games.md). Its hidden part: each player's secret lucky number, which
doubles a take of exactly that many stones once.
"""
from __future__ import annotations

from typing import Any

from games.base import Action, Event, IllegalAction, Option, Outcome, View, canonical

State = dict[str, Any]
MASK = 2**64 - 1


def _draw(state: State, sides: int) -> int:
    state["rng"] = (state["rng"] * 6364136223846793005 + 1442695040888963407) & MASK
    return int((state["rng"] >> 33) % sides) + 1


class Nim:
    key = "nim"
    title = "Nim"
    min_players = 2
    max_players = 3
    cooperative = False
    options = (Option("pile", (10, 15, 21), 15, "Stones in the pile at the start."),)

    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(seats):
            raise IllegalAction("Nim takes 2 or 3 different players.")
        state: State = {"seats": list(seats), "pile": int(options.get("pile", 15)), "turn": 0,
                        "rng": seed & MASK, "lucky": {}, "used": [], "dropped": [],
                        "taken": dict.fromkeys(seats, 0), "outcome": None}
        state["lucky"] = {s: _draw(state, 3) for s in seats}
        return state

    def active(self, state: State) -> list[str]:
        return [s for s in state["seats"] if s not in state["dropped"]]

    def to_act(self, state: State) -> list[str]:
        return [] if state["outcome"] else [self.active(state)[state["turn"]]]

    def legal_actions(self, state: State, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "take", "count": n} for n in (1, 2, 3) if n <= state["pile"]]

    def apply(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        if seat not in self.to_act(state):
            raise IllegalAction("It's not your turn to take stones.")
        if canonical(action) not in {canonical(a) for a in self.legal_actions(state, seat)}:
            raise IllegalAction(f"Take 1, 2 or 3 stones (at most {state['pile']}).")
        new = self.load(self.dump(state))
        count = int(action["count"])
        events: list[Event] = []
        if count == new["lucky"][seat] and seat not in new["used"] and count * 2 <= new["pile"]:
            new["used"].append(seat)
            count *= 2
            events.append({"type": "lucky", "seat": seat,
                           "text": f"Player {new['seats'].index(seat) + 1} plays a lucky number!"})
        new["pile"] -= count
        new["taken"][seat] += count
        events.append({"type": "took", "seat": seat,
                       "text": f"Player {new['seats'].index(seat) + 1} takes {count}; {new['pile']} left."})
        if new["pile"] == 0:
            new["outcome"] = {"winners": [seat], "scores": dict(new["taken"]), "reason": "last_stone"}
            events.append({"type": "game_over", "text": f"Player {new['seats'].index(seat) + 1} wins."})
        else:
            new["turn"] = (new["turn"] + 1) % len(self.active(new))
        return new, events

    def view(self, state: State, seat: str | None) -> View:
        public: View = {"pile": state["pile"], "turn": state["turn"], "seats": list(state["seats"]),
                        "dropped": list(state["dropped"]), "taken": dict(state["taken"]),
                        "to_act": self.to_act(state), "outcome": state["outcome"]}
        if seat is not None:
            public["me"] = {"seat": seat, "lucky": state["lucky"][seat], "used": seat in state["used"]}
        return public

    def outcome(self, state: State) -> Outcome | None:
        found: Outcome | None = state["outcome"]
        return found

    def dump(self, state: State) -> dict[str, Any]:
        out: dict[str, Any] = self.load(state)
        return out

    def load(self, data: dict[str, Any]) -> State:
        import json

        loaded: State = json.loads(json.dumps(data))
        return loaded

    def describe(self, state: State, seat: str, action: Action) -> str:
        return f"Take {action.get('count')}"

    def default_action(self, state: State, seat: str) -> Action:
        return self.legal_actions(state, seat)[0]

    def drop(self, state: State, seat: str) -> tuple[State, list[Event]]:
        if seat not in self.active(state) or state["outcome"]:
            raise IllegalAction("That player is not in the game.")
        new = self.load(self.dump(state))
        mover = self.to_act(new)[0]
        new["dropped"].append(seat)
        events: list[Event] = [{"type": "dropped", "text": f"Player {new['seats'].index(seat) + 1} leaves."}]
        left = self.active(new)
        if len(left) < 2:
            new["outcome"] = {"winners": left, "scores": dict(new["taken"]), "reason": "abandoned"}
            return new, events
        new["turn"] = left.index(mover) if mover != seat else new["turn"] % len(left)
        return new, events

    def undo_barrier(self, before: State, seat: str, action: Action, after: State) -> bool:
        return True  # every take hands the turn on


GAME = Nim()
