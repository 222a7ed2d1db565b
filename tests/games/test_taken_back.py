"""The games' `taken_back` answers (what an undo took back and where the pieces stand now): over
random games, every undoable step gets words, the same for every seat that asks, built from the
public view (a seat's secrets never change them)."""
from __future__ import annotations

from typing import Any

import pytest

import lang
from games.base import english, is_say, public_events
from games.registry import GAMES
from games.simulate import choose, playout_rng
from tests.e2e.texts import game_names, unmarked

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("mali", 3, {"variant": "basic"}), ("mali", 2, {"variant": "extended"}),
    ("africa", 3, {}), ("westerplatte", 2, {}), ("maquis", 2, {}),
]


NAMES = {key: game_names(key) | {"Red", "Blue"} for key in ("mali", "africa", "westerplatte", "maquis")}


@pytest.mark.parametrize(("key", "players", "options"), TABLES)
def test_every_undoable_step_gets_public_words(key: str, players: int, options: dict[str, Any]) -> None:
    game = GAMES[key]
    answer = game.queries["taken_back"]  # type: ignore[attr-defined]
    seats = [f"s{n}" for n in range(1, players + 1)]
    state = game.setup(seats, options, 5)
    rng = playout_rng(5)
    asked = private = 0
    for _ in range(600):
        if game.outcome(state) is not None:
            break
        seat, action = choose(game, state, rng)
        after, events = game.apply(state, seat, action)
        if not game.undo_barrier(state, seat, action, after):
            told = public_events(events)
            said = answer(state, seat, actions=[action], events=told)  # Says (issue 25), or English
            assert isinstance(said, list) and all((isinstance(w, str) or is_say(w)) and english(w) for w in said)
            words = [english(w) for w in said]
            pseudo = lang.texts(lang.PSEUDO, key)  # and every word of it reaches the catalog
            assert all(unmarked(pseudo.say(w), allowed=NAMES[key]) == [] for w in said), [pseudo.say(w) for w in said]
            assert words or not told, (action, told)
            # Public words: never what the step told one seat alone, the same for whoever asks
            # (Heart of Africa's answer names the undoer's own pieces).
            secrets = [str(e["text"]) for e in events if e.get("private_to") is not None]
            assert not any(secret in " ".join(words) for secret in secrets), (words, secrets)
            assert key == "africa" or all(answer(state, other, actions=[action], events=told) == said
                                          for other in seats)
            asked += 1
            private += bool(secrets)
        state = after
    assert asked >= 5 and (private > 0 or key != "mali"), (asked, private)  # Mali: secret cards
