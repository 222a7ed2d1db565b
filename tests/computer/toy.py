"""A small game with hidden information, for the computer's tests: Hidden Goofspiel.

Cards 1..12 are shuffled; each seat (2 or 3) gets four of them, hidden; the rest stay face down.
Four prizes (1..4), in a hidden order, are revealed one a round. Every seat bids one card at
once (a simultaneous, hidden choice); the highest bid alone takes the prize, a tie at the top
takes nothing. Played cards are public. Competitive: the most prize points win (ties share).
Co-operative (`cooperative=True`): the team scores a prize whenever the top bid is alone;
7 points or more is a win, 6 a draw, less a loss.

`ToyBase` has no sampler (the computer must refuse it); `Toy` has `sample`; `ToyGuided` adds
`playout_weights` and `evaluate`.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from games.base import Action, Event, IllegalAction, Option, Outcome, View

State = dict[str, Any]
CARDS = range(1, 13)
PRIZES = (1, 2, 3, 4)
HAND = 4
TARGET = 7


def fresh(state: State) -> State:
    """A copy of the state to change (deepcopy is most of the search's time otherwise)."""
    return {**state, "hands": {k: list(v) for k, v in state["hands"].items()}, "prizes": list(state["prizes"]),
            "bids": dict(state["bids"]), "scores": dict(state["scores"]), "history": list(state["history"])}


class ToyBase:
    key = "toy"
    title = "Hidden Goofspiel"
    min_players = 2
    max_players = 3
    options: tuple[Option, ...] = ()

    def __init__(self, cooperative: bool = False) -> None:
        self.cooperative = cooperative

    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(seats):
            raise IllegalAction("Hidden Goofspiel takes 2 or 3 different seats.")
        rng = random.Random(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        prizes = list(PRIZES)
        rng.shuffle(prizes)
        hands = {s: sorted(deck[i * HAND:(i + 1) * HAND]) for i, s in enumerate(seats)}
        return {"seats": list(seats), "hands": hands, "stock": sorted(deck[len(seats) * HAND:]),
                "prizes": prizes[1:], "prize": prizes[0], "bids": {}, "scores": dict.fromkeys(seats, 0),
                "history": [], "outcome": None}

    def to_act(self, state: State) -> list[str]:
        if state["outcome"] is not None:
            return []
        return [s for s in state["seats"] if s not in state["bids"]]

    def legal_actions(self, state: State, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "bid", "card": c} for c in state["hands"][seat]]

    def apply(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        if action not in self.legal_actions(state, seat) or not isinstance(action.get("card"), int) \
                or isinstance(action.get("card"), bool):
            raise IllegalAction("That is not one of your cards, or it is not your turn to bid.")
        s = fresh(state)
        s["hands"][seat].remove(action["card"])
        s["bids"][seat] = action["card"]
        events: list[Event] = [{"type": "bid", "text": "A seat bids.", "seat": seat}]
        if len(s["bids"]) == len(s["seats"]):
            self._resolve(s, events)
        return s, events

    def _resolve(self, s: State, events: list[Event]) -> None:
        bids = s["bids"]
        top = max(bids.values())
        takers = [seat for seat in s["seats"] if bids[seat] == top]
        taker = takers[0] if len(takers) == 1 else None
        if taker is not None:
            s["scores"][taker] += s["prize"]
        s["history"].append({"prize": s["prize"], "bids": dict(bids), "taker": taker})
        events.append({"type": "reveal", "text": f"Bids {bids}: prize {s['prize']} to {taker}.", "boundary": True})
        s["bids"] = {}
        if s["prizes"]:
            s["prize"] = s["prizes"].pop(0)
            return
        s["prize"] = None
        total = sum(s["scores"].values())
        if self.cooperative:
            won = total >= TARGET
            reason = "victory" if won else "draw" if total == TARGET - 1 else "defeat"
            s["outcome"] = {"winners": list(s["seats"]) if won else [], "reason": reason,
                            "scores": dict.fromkeys(s["seats"], total)}
        else:
            best = max(s["scores"].values())
            s["outcome"] = {"winners": [x for x in s["seats"] if s["scores"][x] == best],
                            "scores": dict(s["scores"]), "reason": "prizes"}
        events.append({"type": "game_over", "text": "The game is over."})

    def view(self, state: State, seat: str | None) -> View:
        view: View = {"seats": list(state["seats"]), "prize": state["prize"], "prizes_left": len(state["prizes"]),
                      "committed": [s for s in state["seats"] if s in state["bids"]],
                      "hand_sizes": {s: len(h) for s, h in state["hands"].items()},
                      "scores": dict(state["scores"]), "history": copy.deepcopy(state["history"]),
                      "to_act": self.to_act(state), "outcome": copy.deepcopy(state["outcome"])}
        if seat is not None:
            view["me"] = {"hand": list(state["hands"][seat]), "bid": state["bids"].get(seat)}
        return view

    def outcome(self, state: State) -> Outcome | None:
        out: Outcome | None = state["outcome"]
        return out

    def dump(self, state: State) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: dict[str, Any]) -> State:
        return copy.deepcopy(data)

    def describe(self, state: State, seat: str, action: Action) -> str:
        return f"Bid {action['card']}"

    def default_action(self, state: State, seat: str) -> Action:
        return self.legal_actions(state, seat)[0]

    def drop(self, state: State, seat: str) -> tuple[State, list[Event]]:
        s = copy.deepcopy(state)
        s["outcome"] = {"winners": [x for x in s["seats"] if x != seat and not self.cooperative],
                        "scores": dict(s["scores"]), "reason": "abandoned"}
        return s, [{"type": "game_over", "text": "A seat left: the game is abandoned."}]

    def undo_barrier(self, before: State, seat: str, action: Action, after: State) -> bool:
        return True


class Toy(ToyBase):
    def sample(self, view: View, seat: str, rng: random.Random) -> State:
        """Other seats' hands and bids, the face-down stock and the prize order, drawn at random
        among the cards `seat` has not seen."""
        me = view["me"]
        seen = set(me["hand"]) | {c for h in view["history"] for c in h["bids"].values()}
        if me["bid"] is not None:
            seen.add(me["bid"])
        unseen = sorted(set(CARDS) - seen)
        rng.shuffle(unseen)
        hands: dict[str, list[int]] = {}
        bids: dict[str, int] = {}
        for other in view["seats"]:
            if other == seat:
                hands[other] = list(me["hand"])
                if me["bid"] is not None:
                    bids[other] = me["bid"]
                continue
            if other in view["committed"]:
                bids[other] = unseen.pop()
            size = view["hand_sizes"][other]
            hands[other] = sorted(unseen[-size:]) if size else []
            del unseen[len(unseen) - size:]
        known = {h["prize"] for h in view["history"]} | ({view["prize"]} if view["prize"] is not None else set())
        prizes = sorted(set(PRIZES) - known)
        rng.shuffle(prizes)
        return {"seats": list(view["seats"]), "hands": hands, "stock": sorted(unseen), "prizes": prizes,
                "prize": view["prize"], "bids": bids, "scores": dict(view["scores"]),
                "history": copy.deepcopy(view["history"]), "outcome": copy.deepcopy(view["outcome"])}


class ToyGuided(Toy):
    def playout_weights(self, state: State, seat: str, legal: list[Action]) -> list[float]:
        """Bid high for a big prize, low for a small one."""
        prize = state["prize"] or 1
        return [1.0 + (a["card"] if prize >= 3 else 13 - a["card"]) / 4 for a in legal]

    def evaluate(self, state: State, seat: str) -> float:
        """The points taken, and the prizes left shared by the strength of the hands: for the team,
        its share of the target; for a seat, of all the points."""
        scores = state["scores"]
        left = sum(state["prizes"]) + (state["prize"] or 0)
        if self.cooperative:
            return min(1.0, (sum(scores.values()) + left * 0.6) / TARGET)
        strength = {s: sum(h) + state["bids"].get(s, 0) for s, h in state["hands"].items()}
        share = strength[seat] / max(1, sum(strength.values()))
        return (scores[seat] + left * share) / sum(PRIZES)


class TugOfWar(ToyBase):
    """A game whose positions come back: a token on 0..4 starts at 2; a and b take turns moving it
    one step, a wins at 4, b at 0. Nothing is hidden (its sample is the view's position)."""

    key = "tug"
    title = "Tug of War"
    max_players = 2

    def setup(self, seats: list[str], options: dict[str, Any], seed: int) -> State:
        return {"seats": list(seats), "at": 2, "turn": 0, "outcome": None}

    def to_act(self, state: State) -> list[str]:
        return [] if state["outcome"] else [state["seats"][state["turn"]]]

    def legal_actions(self, state: State, seat: str) -> list[Action]:
        return [{"type": "pull", "by": d} for d in (-1, 1)] if seat in self.to_act(state) else []

    def apply(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("Not your pull.")
        at = state["at"] + action["by"]
        outcome = None if 0 < at < 4 else {"winners": [state["seats"][0 if at == 4 else 1]], "scores": {},
                                           "reason": "pulled"}
        return {**state, "at": at, "turn": 1 - state["turn"], "outcome": outcome}, []

    def view(self, state: State, seat: str | None) -> View:
        return {"seats": state["seats"], "at": state["at"], "to_act": self.to_act(state),
                "outcome": state["outcome"], **({"me": {}} if seat else {})}

    def sample(self, view: View, seat: str, rng: random.Random) -> State:
        turn = view["seats"].index(view["to_act"][0]) if view["to_act"] else 0
        return {"seats": list(view["seats"]), "at": view["at"], "turn": turn, "outcome": view["outcome"]}
