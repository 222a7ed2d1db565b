"""Heart of Africa's computer never peeks (issue #24): two states a seat sees alike give the same
decision at every strength, and no decision reads a state it did not sample; and the computer
plays a whole game for every seat."""
from __future__ import annotations

from typing import Any

from games.africa import GAME
from tests.computer.peeking import assert_no_peeking, computer_game
from tests.conformance.walk import walk


def secret_positions(players: int, sealed: bool, seed: int) -> dict[str, tuple[Any, str]]:
    """One position of each kind of decision, each with a seat that has two or more choices: the
    auction (a sealed one once another has bid), a turn, a commitment (once the other side has
    committed, where the game gets there), a pending choice."""
    found: dict[str, tuple[Any, str]] = {}
    for state in walk(GAME, players, {"target_vp": 42, "sealed_auction": sealed}, seed):
        if state["stage"] == "setup":
            continue
        for seat in GAME.to_act(state):
            if len(GAME.legal_actions(state, seat)) < 2:
                continue
            kind = "pending" if state["pending"] else state["stage"]
            if kind == "auction" and sealed and not state["auction"]["bids"]:
                continue
            if kind == "commit" and not any(c["done"] for c in state["conflict"]["commitments"].values()):
                kind = "commit first"
            found.setdefault(kind, (state, seat))
    return found


def test_no_peeking_with_the_open_auction() -> None:
    positions = secret_positions(3, False, 3)
    assert {"auction", "turn", "commit"} <= set(positions)
    for n, kind in enumerate(("auction", "turn", "commit")):
        state, seat = positions[kind]
        assert_no_peeking(GAME, state, seat, seeds=(n,))


def test_no_peeking_with_sealed_bids_and_commitments() -> None:
    positions = secret_positions(2, True, 4)
    assert {"auction", "turn", "commit", "commit first", "pending"} <= set(positions)
    for n, kind in enumerate(sorted(positions)):
        state, seat = positions[kind]
        assert_no_peeking(GAME, state, seat, seeds=(n,))


def test_no_peeking_at_the_real_budget_of_hard() -> None:
    state, seat = secret_positions(3, True, 4)["auction"]
    assert_no_peeking(GAME, state, seat, seeds=(7,), strengths=("hard",), iterations=None,
                      work=None)


def test_the_computer_plays_a_whole_game_for_every_seat() -> None:
    """Every choice of a sealed-auction game by the computer (easy, and every tenth by medium or
    hard), legal and from the seat's view alone, to the end."""
    moves = list(computer_game(GAME, {"s1": "easy", "s2": "easy"}, {"target_vp": 42, "sealed_auction": True}, 11,
                               searched_every=10))
    outcome = GAME.outcome(moves[-1][3])
    assert outcome is not None and outcome["reason"] in ("target", "no_tokens")
    decided = [seat for s, seat, _, _ in moves if len(GAME.legal_actions(s, seat)) > 1]
    assert len(decided) > 20 and set(decided) == {"s1", "s2"}
