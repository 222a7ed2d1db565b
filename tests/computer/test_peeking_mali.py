"""Mali Powstańcy's computer never peeks (issue #24): two states a seat sees alike give the same
decision at every strength, and no decision reads a state it did not sample; and the computer
plays a whole game for every seat."""
from __future__ import annotations

from typing import Any

from games.mali import GAME
from tests.computer.peeking import assert_no_peeking, computer_game
from tests.conformance.walk import walk

OPTIONS = {"basic": {"variant": "basic", "jump_costs_one_point": False},
           "extended": {"variant": "extended", "jump_costs_one_point": False}}


def secret_positions(variant: str, players: int, seed: int) -> list[tuple[Any, str]]:
    """One position of each kind a seat decides in with something hidden from it: the secret
    objectives, a movement card while others have chosen, a turn on the board (with a peek seen,
    in the extended game), each with a seat that has two or more choices."""
    found: dict[str, tuple[Any, str]] = {}
    for state in walk(GAME, players, OPTIONS[variant], seed):
        for seat in GAME.to_act(state):
            if len(GAME.legal_actions(state, seat)) < 2:
                continue
            me = next(p for p in state["players"] if p["seat"] == seat)
            kind = state["phase"]
            if kind == "cards" and not any(p["chosen"] is not None for p in state["players"]):
                continue
            if kind == "movement" and me["peeked"]:
                kind = "after a peek"
            found.setdefault(kind, (state, seat))
    return [found[k] for k in sorted(found)]


def test_no_peeking_in_the_basic_game() -> None:
    positions = secret_positions("basic", 3, 2)
    assert {s["phase"] for s, _ in positions} >= {"cards", "movement"}
    for n, (state, seat) in enumerate(positions):
        assert_no_peeking(GAME, state, seat, seeds=(n,))


def test_no_peeking_in_the_extended_game() -> None:
    positions = secret_positions("extended", 4, 3)
    assert {s["phase"] for s, _ in positions} >= {"objectives", "cards", "movement"}
    assert any(next(p for p in s["players"] if p["seat"] == seat)["peeked"] for s, seat in positions)
    for n, (state, seat) in enumerate(positions):
        assert_no_peeking(GAME, state, seat, seeds=(n,))


def test_no_peeking_at_the_real_budget_of_hard() -> None:
    state, seat = secret_positions("extended", 3, 5)[0]
    assert_no_peeking(GAME, state, seat, seeds=(7,), strengths=("hard",), iterations=None,
                      work=None)


def test_the_computer_plays_a_whole_game_for_every_seat() -> None:
    """Every choice of an extended game by the computer (easy, and every tenth by medium or hard),
    legal and from the seat's view alone, to the end, no seat going round in circles in its turn."""
    decided = run = 0  # run: decisions in a row of one seat in one turn
    moves = list(computer_game(GAME, {"s1": "easy", "s2": "easy", "s3": "easy"}, OPTIONS["extended"], 11,
                               searched_every=10))
    for state, seat, action, after in moves:
        decided += len(GAME.legal_actions(state, seat)) > 1
        before = state["current"]
        same_turn = before is not None and (after["current"] or {}).get("seat") == before["seat"] == seat
        run = run + 1 if same_turn else 0
        assert run < 60, f"{seat} keeps deciding in one turn (a loop of moves that undo each other): {action}"
    outcome = GAME.outcome(moves[-1][3])
    assert outcome is not None and decided > 50
    assert outcome["reason"] in ("victory", "fourth_token", "third_district")
