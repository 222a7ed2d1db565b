"""`computer_anchor` (computer.choose): medium and hard start from the move easy's look-ahead makes
with care (`computer.steady`), try it first at the root, and leave it only for a move the search
finds better on average by `computer_margin`."""
from __future__ import annotations

import random

import pytest

import computer
from computer.greedy import value
from computer.sealed import Sealed
from computer.search import Node, candidates
from games.base import canonical
from tests.computer.test_choose import FAST, positions
from tests.computer.toy import ToyGuided


def test_the_search_leaves_the_anchor_only_for_one_better_by_the_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ToyGuided()
    monkeypatch.setattr(game, "computer_iterations", FAST, raising=False)
    monkeypatch.setattr(game, "computer_anchor", True, raising=False)
    left = judged = 0
    for n, state in enumerate(positions(game, 2, 21)):
        seat = game.to_act(state)[0]
        if len(game.legal_actions(state, seat)) < 2:
            continue
        view = game.view(state, seat)
        easy = canonical(computer.steady(game, view, seat, n, game.legal_actions(state, seat)))
        monkeypatch.setattr(game, "computer_margin", 1.0, raising=False)
        for strength in ("medium", "hard"):  # nothing is better by a whole reward: the anchor
            assert canonical(computer.choose(game, view, seat, strength, n)) == easy
        monkeypatch.setattr(game, "computer_margin", 0.0, raising=False)
        left += canonical(computer.choose(game, view, seat, "medium", n)) != easy
        judged += 1
    assert judged >= 4 and left  # with no margin the search's own best move does leave the anchor


def test_the_anchor_is_tried_first_whatever_its_weight() -> None:
    """A node widens in the weights' order; the root puts the anchor first, so that easy's move is
    always among the moves the search weighs, even one the weights rank last."""
    game = ToyGuided()
    state = next(s for s in positions(game, 2, 22) if len(game.legal_actions(s, game.to_act(s)[0])) >= 3)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    sealed = Sealed(game, game.view(state, seat), seat)
    handle = sealed.sample(random.Random(1))
    weights = game.playout_weights(state, seat, legal)
    last = min(range(len(legal)), key=lambda i: weights[i])
    node = Node()
    plain = candidates(sealed, handle, seat, legal, node, random.Random(1))
    assert last not in plain and len(plain) == 1  # a fresh node considers the favourite alone
    assert candidates(sealed, handle, seat, legal, node, random.Random(1), last) == [last]
    node.visits = 100
    wide = candidates(sealed, handle, seat, legal, node, random.Random(1), last)
    assert wide[0] == last and sorted(wide) == list(range(len(legal)))


def test_the_anchor_judges_every_move_of_a_sample_on_the_same_luck() -> None:
    """With common random numbers (the anchor's), two moves that lead to the same state are worth
    the same in every sample; with easy's own stream, luck alone tells them apart."""
    game = ToyGuided()
    apart = 0
    for n, state in enumerate(positions(game, 2, 23)):
        seat = game.to_act(state)[0]
        sealed = Sealed(game, game.view(state, seat), seat)
        handle = sealed.sample(random.Random(n))
        twice = [game.legal_actions(state, seat)[0]] * 2
        same = value(sealed, handle, twice, random.Random(n), 8, common=True)
        assert same[0] == same[1]
        own = value(sealed, handle, twice, random.Random(n), 8)
        apart += own[0] != own[1]
    assert apart  # the test would catch a common stream that is not common


def test_a_game_may_anchor_some_strengths_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """`computer_anchor` naming strengths (Heart of Africa: hard alone) and `computer_margin` by
    strength: the named strength keeps the anchor by its margin; the other never computes one."""
    game = ToyGuided()
    monkeypatch.setattr(game, "computer_iterations", FAST, raising=False)
    monkeypatch.setattr(game, "computer_anchor", ("hard",), raising=False)
    monkeypatch.setattr(game, "computer_margin", {"hard": 1.0}, raising=False)
    anchors: list[str] = []
    real = computer.steady

    def counted(*args: object, **kwargs: object) -> dict[str, object]:
        move = real(*args, **kwargs)  # type: ignore[arg-type]
        anchors.append(canonical(move))
        return move

    monkeypatch.setattr(computer, "steady", counted)
    judged = 0
    for n, state in enumerate(positions(game, 2, 24)):
        seat = game.to_act(state)[0]
        if len(game.legal_actions(state, seat)) < 2:
            continue
        view = game.view(state, seat)
        computer.choose(game, view, seat, "medium", n)
        assert not anchors  # medium searches alone
        hard = canonical(computer.choose(game, view, seat, "hard", n))
        assert anchors == [hard]  # hard keeps its anchor: nothing is better by a whole reward
        anchors.clear()
        judged += 1
    assert judged >= 4
    assert computer.per_strength({"hard": 0.05}, "medium") is None
    assert computer.per_strength(0.1, "medium") == 0.1
    assert computer.anchored(game, "hard") and not computer.anchored(game, "medium")


def test_heart_of_africa_anchors_hard_alone() -> None:
    from games.africa import GAME

    assert computer.anchored(GAME, "hard") and not computer.anchored(GAME, "medium")
    assert computer.per_strength(GAME.computer_margin, "hard") == 0.05  # type: ignore[attr-defined]
    assert computer.per_strength(GAME.computer_margin, "medium") is None  # type: ignore[attr-defined]
