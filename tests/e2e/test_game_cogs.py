"""What every game's cog has from `cogs.gamecog.GameCog`: help, panel, and a `game` option that
offers the channel's games of that kind (the lobby's offers every kind)."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import lang
from cogs.gamecog import help_page
from tests.e2e.harness import sqlite, start_bot
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]

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


# Each game's title, its help's command path and its rules document, as a reader of each language
# reads them (the commands as that reader's Discord names them).
HELP_WORDS = {
    ("mali", "en"): ("Mali Powstańcy. Warszawa 1944", "/mali help topic", "docs/rules/mali.md"),
    ("mali", "pl"): ("Mali Powstańcy. Warszawa 1944", "/mali pomoc temat", "docs/rules/mali.pl.md"),
    ("mali", "it"): ("Mali Powstańcy. Warszawa 1944", "/mali aiuto argomento", "docs/rules/mali.it.md"),
    ("africa", "en"): ("Heart of Africa", "/africa help topic", "docs/rules/africa.md"),
    ("africa", "pl"): ("Serce Afryki", "/afryka pomoc temat", "docs/rules/africa.pl.md"),
    ("africa", "it"): ("Il Cuore dell'Africa", "/africa aiuto argomento", "docs/rules/africa.it.md"),
    ("westerplatte", "en"): ("7 Days of Westerplatte", "/westerplatte help topic", "docs/rules/westerplatte.md"),
    ("westerplatte", "pl"): ("7 dni Westerplatte", "/westerplatte pomoc temat", "docs/rules/westerplatte.pl.md"),
    ("westerplatte", "it"): ("7 giorni di Westerplatte", "/westerplatte aiuto argomento",
                             "docs/rules/westerplatte.it.md"),
    ("maquis", "en"): ("Maquis", "/maquis help topic", "docs/rules/maquis.md"),
    ("maquis", "pl"): ("Maquis", "/maquis pomoc temat", "docs/rules/maquis.pl.md"),
    ("maquis", "it"): ("Maquis", "/maquis aiuto argomento", "docs/rules/maquis.it.md"),
}
BOARD_TOPIC = {"en": "Reading the board image", "pl": "Jak czytać obraz planszy"}  # it: worded per game


@pytest.mark.parametrize(("key", "language"), sorted(HELP_WORDS))
async def test_a_games_help_is_in_the_readers_language(fake_discord: FakeDiscord, tmp_path: Path, key: str,
                                                       language: str) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    reader = sim.carol
    reader.locale = {"en": "en-US"}.get(language, language)  # her Discord client's language
    module = importlib.import_module(f"cogs.{key}.help")
    own = lang.texts(language, key)
    game, command, rules = HELP_WORDS[key, language]
    topic = own._(dict(module.HELP_TOPICS)["board"])
    assert topic == BOARD_TOPIC.get(language, topic) and (language == "en") == (topic == "Reading the board image")
    shown = await sim.slash(reader, sim.channel, f"{key} help", options={"topic": "board"})
    assert shown.ephemeral and shown.message is not None and not shown.errors
    (embed,) = shown.message.embeds
    assert embed["title"] == f"{game} · {topic}"
    assert embed["description"] == own._(module.TEXT["board"])
    assert (language == "en") == (embed["description"] == module.TEXT["board"])
    footer = embed["footer"]["text"]
    assert f"{command}: " in footer and footer.endswith(rules) and (ROOT / rules).is_file()
    others = [own._(name) for value, name in module.HELP_TOPICS if value != "board"]
    assert all(name in footer for name in others) and topic not in footer
    # The command's own description, Discord's way: localised in the synced tree.
    group = next(c for c in sim.global_commands if c["name"] == key)
    described = next(o for o in group["options"] if o["name"] == "help")
    english = described["description"]
    said = english if language == "en" else described["description_localizations"][language]
    assert said.startswith({"en": "How to play ", "pl": "Jak grać w ", "it": "Come giocare a "}[language]), said


async def test_an_unknown_help_topic_shows_the_overview() -> None:
    from cogs.maquis.help import COLOUR, HELP_TOPICS, RULES, TEXT

    page = help_page("maquis", COLOUR, HELP_TOPICS, TEXT, RULES)
    with lang.use("pl"):
        unknown, overview = page("no such topic"), page("overview")
    assert unknown.title == overview.title == "Maquis · O co chodzi w grze"
    assert unknown.description == overview.description and unknown.footer.text == overview.footer.text
    assert "/maquis pomoc temat: Dzień krok po kroku" in str(unknown.footer.text)


@pytest.mark.parametrize("language", ["pl", "it"])
@pytest.mark.parametrize("key", ["mali", "africa", "westerplatte", "maquis"])
def test_a_help_topic_reads_as_discord_offers_it(key: str, language: str) -> None:
    """The page names a topic as the command's topic choice does in the reader's Discord."""
    topics = importlib.import_module(f"cogs.{key}.help").HELP_TOPICS
    own, commands = lang.texts(language, key), lang.texts(language, "commands")
    differ = [(name, own._(name), commands.p_("choice", name)) for _, name in topics
              if own._(name) != commands.p_("choice", name)]
    assert differ == []
