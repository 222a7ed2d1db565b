"""Computer seats' user ids, names and seeds (bot/computers.py)."""
from __future__ import annotations

import computer
import lang
from bot import computers
from bot.service.errors import mention
from bot.texts import mention as text_mention
from games import registry
from games.base import english


def test_a_computer_is_named_by_its_number_and_strength() -> None:
    assert computers.STRENGTHS == computer.STRENGTHS
    assert computers.parse("cpu:hard:2") == ("hard", 2) and computers.name("cpu:hard:2") == "Computer 2 (hard)"
    for other in ("22", "cpu:genius:1", "cpu:easy:5", "cpu:easy:1 ", "s1"):
        assert computers.parse(other) is None and not computers.is_computer(other)
    # The service keeps a computer's name as words, worded per reader (Polish: "Komputer 1 (łatwy)").
    assert english(mention("cpu:easy:1")) == text_mention("cpu:easy:1") == "Computer 1 (easy)"
    assert mention(22) == text_mention("22") == "<@22>"
    with lang.use("pl"):
        assert computers.name("cpu:easy:1") == text_mention("cpu:easy:1") == "Komputer 1 (łatwy)"


def test_a_new_computer_takes_the_lowest_free_number_up_to_four() -> None:
    users = {"s1": "11", "s2": "cpu:easy:1", "s3": "cpu:hard:3"}
    assert computers.next_id(users, "medium") == "cpu:medium:2"
    full = {f"s{n}": computers.user_id("easy", n) for n in range(1, 5)}
    assert computers.next_id(full, "hard") is None
    assert computers.humans(users) == ["s1"]


def test_a_decision_seed_follows_the_game_its_version_and_the_seat() -> None:
    seeds = {computers.seed_of(game, version, seat) for game in (1, 2) for version in (3, 4) for seat in ("s1", "s2")}
    assert len(seeds) == 8 and computers.seed_of(1, 3, "s1") == computers.seed_of(1, 3, "s1")
    assert all(0 <= s < 2**62 for s in seeds)


def test_only_games_with_a_sampler_get_computers() -> None:
    assert computers.plays(registry.get("mali")) and not computers.refusal(registry.get("mali"))
    for key, game in registry.GAMES.items():
        assert computers.plays(game) == callable(getattr(game, "sample", None)), key
