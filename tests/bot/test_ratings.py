"""Elo for multi-player games: ranks from the outcome, pairwise expected results."""
from __future__ import annotations

import pytest

from bot.ratings import START, elo, placings


def test_placings_rank_winners_then_scores() -> None:
    users = {"s1": "11", "s2": "22", "s3": "33", "s4": "44"}
    places = placings({"winners": ["s3"], "scores": {"s1": 20, "s2": 25, "s3": 25, "s4": 20}},
                      users, ["s1", "s2", "s3", "s4"])
    assert [(p.seat, p.rank, p.won) for p in places] == [
        ("s3", 1, True), ("s2", 2, False), ("s1", 3, False), ("s4", 3, False)]


def test_two_equal_players() -> None:
    places = placings({"winners": ["s1"], "scores": {}}, {"s1": "1", "s2": "2"}, ["s1", "s2"])
    new = elo({1: START, 2: START}, places)
    assert new[1] == pytest.approx(1516) and new[2] == pytest.approx(1484)


def test_an_upset_moves_more_and_the_sum_is_kept() -> None:
    places = placings({"winners": ["s2"], "scores": {"s1": 3, "s2": 9, "s3": 5}},
                      {"s1": "1", "s2": "2", "s3": "3"}, ["s1", "s2", "s3"])
    before = {1: 1700.0, 2: 1400.0, 3: 1500.0}
    after = elo(before, places)
    assert after[2] - before[2] > 16 and after[1] < before[1]
    assert sum(after.values()) == pytest.approx(sum(before.values()))


def test_a_tie_between_equals_changes_nothing() -> None:
    places = placings({"winners": ["s1", "s2"], "scores": {}}, {"s1": "1", "s2": "2"}, ["s1", "s2"])
    assert elo({1: START, 2: START}, places) == {1: START, 2: START}


def test_computers_take_their_places_in_the_ranks_but_get_none() -> None:
    users = {"s1": "11", "s2": "cpu:hard:1", "s3": "33"}
    places = placings({"winners": ["s2"], "scores": {"s1": 5, "s2": 9, "s3": 7}}, users, ["s1", "s2", "s3"])
    assert [(p.seat, p.rank, p.won) for p in places] == [("s3", 2, False), ("s1", 3, False)]
