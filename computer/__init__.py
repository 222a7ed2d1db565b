"""Computer players (issue #24): `choose` decides a seat's action from that seat's view alone.

Strengths: easy, a one-ply greedy policy (computer/greedy.py); medium and hard, information-set
Monte Carlo tree search (computer/search.py) with more iterations for hard. Both play only on
states drawn by the game's `sample` from the view, through `computer.sealed.Sealed`, which
refuses any other state. A game without `sample` is refused (`NoSampler`): the computer never
peeks. Budgets are counts (so a decision is deterministic for a seed): iterations of the search,
and its work (engine actions, samples, views), which bounds a long game's decision; a game may set
its own as `computer_iterations = {"medium": n, "hard": m}` and `computer_work` alike (with
"easy" too: the work after which easy stops sampling), and its play-out length before its
evaluation as `computer_depth` (or sooner: with `computer_horizon = "turn"`, at the seat's next
turn after another seat has acted; with "round", at its first decision in a later round, as the
game's `computer_round(state)` counts them), and as `computer_margin` how much better on average (in
reward) a move the search prefers must be for it to overrule the move the game's playout weights
favour most (without one: the search's most visited move; with `computer_anchor = True`, the
margin is measured from the move easy's look-ahead makes with care instead, `steady`, which the
search then tries first; `computer_anchor` may instead name the strengths that start from it, and
`computer_margin` may be a dict by strength), and
as `computer_easy_margin` the
same for easy's one-ply choice (computer/greedy.py; without one: easy's best-valued move). A game
whose ordinary views leave out what its `sample` needs offers `computer_view(state, seat)` (that
seat's view and the public facts sample needs): the computer decides from `view_for(game, state,
seat)`, which is that view where the game has one. This package imports `games` only (bot -> computer -> games).

A game may name as `computer_avoid` the kinds of action a computer takes only when nothing else
is legal: moves that change nothing the seat could win by (in Maquis, handing the rest of the Day
to a team-mate; two computers handed it back and forth for ever, each search finding it as good
as anything, `kept`).

A computer never returns to a position it already had in the same turn: the caller hands `choose`
the turn's earlier positions (`position` of each view it decided from), and the actions that would
lead back to one are left out (in Mali, picking an order up and dropping it again, for ever).
"""
from __future__ import annotations

import random
from collections.abc import Collection

from computer.greedy import SAMPLES, one_ply
from computer.sealed import BadSample, Handle, NoSampler, Peeking, Sealed, digest
from computer.search import DEPTH, ismcts
from games.base import Action, Game, View, viewer

STRENGTHS = ("easy", "medium", "hard")
ITERATIONS = {"medium": 200, "hard": 1000}
WORK = {"easy": 1500, "medium": 2500, "hard": 9000}  # hard: about 1.6 s of CPU in Mali
ANCHOR_SCALE = 2  # the anchor's samples and work, as multiples of easy's
ANCHOR_SALT = 0xA5C4

__all__ = ["ITERATIONS", "STRENGTHS", "WORK", "BadSample", "NoSampler", "NotToAct", "Peeking", "anchored", "budget",
           "choose", "kept", "per_strength", "position", "remember", "steady", "view_for"]


class NotToAct(Exception):
    """The seat owes no action in the view it was given."""


def budget(game: Game, strength: str, kind: str = "iterations") -> int:
    """The search's iterations (0 for easy, which does not search), or with `kind="work"` the
    work that ends a decision early (easy's samples too), for `strength` in `game`."""
    if strength not in STRENGTHS:
        raise ValueError(f"Unknown strength {strength!r}: choose one of {', '.join(STRENGTHS)}.")
    if kind not in ("iterations", "work"):
        raise ValueError(f"Unknown budget {kind!r}: iterations or work.")
    if strength == "easy" and kind == "iterations":
        return 0
    own: dict[str, int] = getattr(game, f"computer_{kind}", None) or {}
    default = ITERATIONS if kind == "iterations" else WORK
    return int(own.get(strength, default[strength]))


def position(view: View, seat: str) -> str:
    """The position `seat` is in, as a short text (a digest of its view): see `choose`'s `had`."""
    return digest(view, seat).hex()


def remember(had: list[str], view: View, seat: str) -> tuple[str, ...]:
    """The seat's earlier positions in this turn, to hand `choose` as `had`; `had` (kept by the
    caller through one turn) then holds the current position too."""
    earlier = tuple(had)
    if (here := position(view, seat)) not in had:
        had.append(here)
    return earlier


def onward(sealed: Sealed, first: Handle, legal: list[Action], had: Collection[str]) -> list[Action]:
    """The actions of `legal` that lead to a position not in `had` (all of them if none does). The
    first sample decides: an action that reveals nothing leads to the same view in every sample."""
    seat = sealed.seat
    fresh = [a for a in legal if sealed.key(sealed.apply(first, seat, a), seat).hex() not in had]
    return fresh or legal


def kept(game: Game, legal: list[Action]) -> list[Action]:
    """`legal` without the game's `computer_avoid` kinds of action, unless nothing else is left."""
    avoid = frozenset(getattr(game, "computer_avoid", ()))
    return [a for a in legal if a.get("type") not in avoid] or legal


def per_strength(setting: float | dict[str, float] | None, strength: str) -> float | None:
    """A game's setting for `strength`: one value for every strength, or a dict by strength (a
    strength it leaves out has none)."""
    return setting.get(strength) if isinstance(setting, dict) else setting


def anchored(game: Game, strength: str) -> bool:
    """Whether `strength` starts its search from `steady`: the game's `computer_anchor`, True for
    medium and hard, or the strengths it names."""
    setting = getattr(game, "computer_anchor", False)
    return strength in setting if isinstance(setting, (tuple, frozenset, set, list)) else bool(setting)


def view_for(game: Game, state: object, seat: str) -> View:
    """What the computer of `seat` decides from: the game's `computer_view`, else its view."""
    return viewer(game)(state, seat)


def steady(game: Game, view: View, seat: str, seed: int, allowed: list[Action]) -> Action:
    """Easy's one-ply choice made with care, where medium and hard start from it: twice the
    samples and work, and every move's play-out of a sample drawing the same random numbers.
    Its own sampler and random numbers, so that the search after it sees what it would alone."""
    sealed = Sealed(game, view, seat)
    rng = random.Random(seed ^ ANCHOR_SALT)
    first = sealed.sample(rng)
    depth = int(getattr(game, "computer_depth", DEPTH))
    return one_ply(sealed, first, allowed, rng, max(1, depth // 2), ANCHOR_SCALE * budget(game, "easy", "work"),
                   getattr(game, "computer_easy_margin", None), ANCHOR_SCALE * SAMPLES, common=True)


def choose(game: Game, view: View, seat: str, strength: str, seed: int, had: Collection[str] = ()) -> Action:
    """The computer's action for `seat`, from `view` (= view_for(game, state, seat)) alone; always
    one of game.legal_actions(state, seat) for the true state. Deterministic for a given seed.
    `had`: the positions (`position`) the seat had earlier in this turn, never to be gone back to;
    with any, the current position is never gone back to either."""
    iterations = budget(game, strength)
    sealed = Sealed(game, view, seat)
    rng = random.Random(seed)
    first = sealed.sample(rng)
    legal = sealed.legal(first, seat)
    if not legal:
        raise NotToAct(f"{seat} owes no action now.")
    if len(legal) == 1:
        return legal[0]
    allowed = kept(game, onward(sealed, first, legal, {*had, position(view, seat)}) if had else legal)
    if len(allowed) == 1:
        return allowed[0]
    depth = int(getattr(game, "computer_depth", DEPTH))
    if strength == "easy":
        easy_margin = getattr(game, "computer_easy_margin", None)
        return one_ply(sealed, first, allowed, rng, max(1, depth // 2), budget(game, strength, "work"), easy_margin)
    margin = per_strength(getattr(game, "computer_margin", None), strength)
    horizon = getattr(game, "computer_horizon", None)
    # the game's `computer_anchor`: the search starts from the move easy's look-ahead makes when it
    # looks harder, and leaves it only for one better on average by the margin
    anchor = steady(game, view, seat, seed, allowed) if anchored(game, strength) else None
    return ismcts(sealed, first, allowed, rng, iterations, budget(game, strength, "work"), depth, margin, horizon,
                  anchor)
