"""Pure, deterministic rules engines: one package per game, one interface for all.

Nothing under games/ imports Discord, a database, a clock or Pillow.
"""
from games.base import Game, IllegalAction, Option, Outcome

__all__ = ["Game", "IllegalAction", "Option", "Outcome"]
