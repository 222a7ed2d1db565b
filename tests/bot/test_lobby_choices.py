"""`/game new` offers its fixed choices: the game, the time per move and what happens when it runs
out (the bot refuses any other value, so a lost choice list would let any number through)."""
from __future__ import annotations

from cogs.lobby import GAME_CHOICES, Lobby


def test_game_new_offers_its_choices() -> None:
    choices = {p.name: [c.value for c in p.choices] for p in Lobby.new.parameters}
    assert choices["game"] == [c.value for c in GAME_CHOICES] and choices["game"]
    assert choices["turn_hours"] == [0, 12, 24, 48, 72, 168]
    assert choices["on_timeout"] == ["wait", "default", "drop", "computer"]
    assert choices["strength"] == ["easy", "medium", "hard"]
    assert choices["players"] == [] and choices["variant"] == []
