"""What every game's cog has from `cogs.gamecog.GameCog`: help, panel, and a `game` option that
offers the channel's games of that kind (the lobby's offers every kind)."""
from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.harness import sqlite, start_bot
from tests.fakediscord import FakeDiscord

GAMES = ("mali", "africa", "westerplatte", "maquis")


async def test_every_game_option_offers_the_channels_games_of_its_kind(fake_discord: FakeDiscord,
                                                                        tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    tables: dict[str, int] = {}
    for key in ("mali", "maquis"):
        opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": key})
        assert opened.message is not None
        found = re.search(r"table #(\d+)", opened.message.text)
        assert found is not None
        tables[key] = int(found[1])
    groups = {c["name"]: c for c in sim.global_commands}
    for key in (*GAMES, "game"):
        subcommands = {o["name"]: o for o in groups[key]["options"]}
        if key != "game":
            assert {"help", "panel"} <= set(subcommands), key
        for name, command in subcommands.items():
            game = next((o for o in command.get("options") or [] if o["name"] == "game"), None)
            if game is None or game["type"] != 4:  # /game new and leaderboard: the kind of game
                continue
            assert game.get("autocomplete"), f"/{key} {name}"
            offered = await sim.autocomplete(sim.alice, sim.channel, f"{key} {name}", focused="game")
            wanted = sorted(gid for kind, gid in tables.items() if key in ("game", kind))
            assert sorted(c["value"] for c in offered) == wanted, (key, name, offered)


async def test_the_help_of_every_game_has_its_title_and_topics(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    import importlib

    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    groups = {c["name"]: c for c in sim.global_commands}
    for key in GAMES:
        help_module = importlib.import_module(f"cogs.{key}.help")
        command = next(o for o in groups[key]["options"] if o["name"] == "help")
        described = command["description"]
        assert described.startswith("How to play ") and described.endswith(", and the commands"), described
        topic = command["options"][0]
        assert [(c["value"], c["name"]) for c in topic["choices"]] == list(help_module.HELP_TOPICS), key
        last = help_module.HELP_TOPICS[-1][0]
        shown = await sim.slash(sim.bob, sim.channel, f"{key} help", options={"topic": last})
        assert shown.ephemeral and shown.message is not None and shown.message.embeds, key
