"""Shared pytest set-up: the Discord simulator's fixtures."""
pytest_plugins = ["tests.fakediscord.pytest_plugin"]
