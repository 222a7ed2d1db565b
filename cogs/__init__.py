"""Slash-command cogs: the lobby and one per game."""
