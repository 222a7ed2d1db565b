"""Medium and hard: information-set Monte Carlo tree search on sampled states.

Modelled on OpenSpiel's ISMCTS: one tree whose nodes are information sets, keyed by what the
seat to act knows (a digest of its view), with statistics per action. Each iteration samples a
full state from the searcher's view (the game's `sample`), walks the tree with UCB among the
actions legal in that state (each action's count of being available stands in for the parent's
visits, as "availability" ISMCTS does), expands one new action, plays out with the game's rollout
policy (cut at a depth; with the game's `computer_horizon = "turn"` at the searcher's next turn
after another seat has acted; with "round", at its first decision in a later round than the root's,
by the game's `computer_round`; and evaluated where the game can evaluate) and backs the
reward of each seat up to that seat's own nodes.

Every seat, not only the searcher, chooses by the tree, maximising its own reward: the other
seats' nodes are keyed by their own views of the sampled state, so they cannot react to what they
could not see (and positions reached by different orders share a node; a walk that comes back to
a node it has passed plays out from there), and a search that plays them well finds moves that
hold up against good play (the rollout policy alone would be an easy opponent to exploit).
Several seats owing a choice at once (a simultaneous, hidden choice) choose one after the other,
the searcher first; the engine's contract keeps a later seat's view blind to an earlier seat's
hidden choice, so this is the same information as choosing at once. Forced moves (one legal
action) are played without a node.

Where the game has playout weights, a node considers its actions in the order of their weights
and widens progressively (1 + WIDEN * sqrt(visits) of them), so that a small budget is spent on
the moves the game's own policy favours rather than spread thin over every legal move.

The budget is deterministic: at most `iterations` walks, and the search also stops once its work
(engine actions applied, states sampled, views read) reaches `work`, which bounds a decision's
time in a long game whatever its branching.
"""
from __future__ import annotations

import math
import random

from computer.playout import MAX_ACTIONS, rollout, rollout_to_round, rollout_to_turn, worth
from computer.sealed import Handle, Sealed
from games.base import Action, canonical

EXPLORE = 0.7  # UCB's exploration constant, for rewards in [0, 1]
WIDEN = 1.5
DEPTH = 40  # actions of a play-out before the game's evaluation (games that offer one)


class Arm:
    """One action's statistics in one node."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Node:
    __slots__ = ("arms", "visits")

    def __init__(self) -> None:
        self.arms: dict[str, Arm] = {}
        self.visits = 0


def candidates(sealed: Sealed, handle: Handle, seat: str, legal: list[Action], node: Node,
               rng: random.Random, first: int | None = None) -> list[int]:
    """The actions a node considers now, best first by the game's weights (random order without);
    `first`, where given, before all."""
    order = list(range(len(legal)))
    weights = sealed.weights(handle, seat, legal)
    if weights is None:
        rng.shuffle(order)
    else:
        order.sort(key=lambda i: -weights[i])
    if first is not None:
        order.remove(first)
        order.insert(0, first)
    return order if weights is None else order[:1 + int(WIDEN * math.sqrt(node.visits))]


def choose_arm(arms: list[Arm]) -> tuple[int, bool]:
    """The arm to follow (and whether it is new): the first untried, else the best by UCB."""
    best, best_score = 0, -math.inf
    for j, arm in enumerate(arms):
        if arm.visits == 0:
            return j, True
        score = arm.total / arm.visits + EXPLORE * math.sqrt(math.log(arm.available) / arm.visits)
        if score > best_score:
            best, best_score = j, score
    return best, False


def iterate(sealed: Sealed, tree: dict[bytes, Node], root: Handle, root_key: bytes, rng: random.Random,
            depth: int, first_moves: set[str] | None = None, horizon: str | None = None,
            start: int = 0, anchor: str | None = None) -> None:
    handle = root
    path: list[tuple[Node, Arm, str]] = []
    visited: set[bytes] = set()
    expanded = False
    others = False
    for _ in range(MAX_ACTIONS):
        if expanded or sealed.outcome(handle) is not None:
            break
        waiting = sealed.to_act(handle)
        if not waiting:
            break
        seat = sealed.seat if sealed.seat in waiting else waiting[0]
        legal = sealed.legal(handle, seat)
        if handle is root and first_moves is not None:
            legal = [a for a in legal if canonical(a) in first_moves] or legal
        others = others or seat != sealed.seat
        if len(legal) == 1:
            handle = sealed.apply(handle, seat, legal[0])
            continue
        key = root_key if handle is root else sealed.key(handle, seat)
        if key in visited:
            break  # back where this walk has been (pieces moved to and fro): play out from here
        visited.add(key)
        node = tree.get(key)
        if node is None:
            node = tree[key] = Node()
        first = None
        if anchor is not None and handle is root:
            first = next((i for i, a in enumerate(legal) if canonical(a) == anchor), None)
        allowed = candidates(sealed, handle, seat, legal, node, rng, first)
        arms = []
        for i in allowed:
            k = canonical(legal[i])
            arm = node.arms.get(k)
            if arm is None:
                arm = node.arms[k] = Arm()
            arm.available += 1
            arms.append(arm)
        j, expanded = choose_arm(arms)
        i = allowed[j]
        path.append((node, arms[j], seat))
        handle = sealed.apply(handle, seat, legal[i])
    if horizon == "turn":
        end = rollout_to_turn(sealed, handle, rng, depth, others)
    elif horizon == "round":
        end = rollout_to_round(sealed, handle, rng, depth, start)
    else:
        end = rollout(sealed, handle, rng, depth)
    values: dict[str, float] = {}
    for node, arm, seat in path:
        if seat not in values:
            values[seat] = worth(sealed, end, seat)
        node.visits += 1
        arm.visits += 1
        arm.total += values[seat]


def ismcts(sealed: Sealed, first: Handle, legal: list[Action], rng: random.Random, iterations: int,
           work: int, depth: int = DEPTH, margin: float | None = None, horizon: str | None = None,
           anchor: Action | None = None) -> Action:
    """The searcher's most visited action at the root after the budget's sampled walks; the root
    considers only the actions of `legal` (which may leave some of the state's legal actions out).
    With a `margin` (the game's `computer_margin`), the move its own policy favours (the highest
    weight; or the `anchor`, easy's look-ahead made with care, which the root then tries first) unless the search found
    one better on average by at least that much."""
    tree: dict[bytes, Node] = {}
    root_key = sealed.key(first, sealed.seat)
    keys = [canonical(a) for a in legal]
    first_moves = None if len(sealed.legal(first, sealed.seat)) == len(legal) else set(keys)
    start = sealed.round(first) if horizon == "round" else 0
    anchor_key = None if anchor is None else canonical(anchor)
    for n in range(iterations):
        if n and sealed.work >= work:
            break
        iterate(sealed, tree, first if n == 0 else sealed.sample(rng), root_key, rng, depth, first_moves, horizon,
                start, anchor_key)
    root = tree[root_key].arms if root_key in tree else {}

    def rank(i: int) -> tuple[int, float]:
        arm = root.get(keys[i])
        return (0, 0.0) if arm is None or arm.visits == 0 else (arm.visits, arm.total / arm.visits)

    best = max(range(len(legal)), key=rank)
    if margin is None:
        return legal[best]
    if anchor_key in keys:
        own = keys.index(anchor_key)
    else:
        weights = sealed.weights(first, sealed.seat, legal)
        if weights is None or not any(w > 0 for w in weights):
            return legal[best]
        own = max(range(len(legal)), key=lambda i: weights[i])
    if rank(own)[0] > 0 and rank(best)[1] - rank(own)[1] < margin:
        return legal[own]  # a small budget's noise is no reason to leave the game's own plan
    return legal[best]
