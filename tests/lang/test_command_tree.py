"""The slash commands in Polish and Italian, Discord's way (issue #25): every command, group, option
and choice of every cog carries its Polish and Italian name and description, as Discord takes them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from unittest.mock import MagicMock

import discord

import lang
from bot.app import TabletopBot, extensions
from bot.config import Settings
from bot.translator import CommandTranslator
from localdiscord.limits import check_command, command_name_fault
from tests.e2e.harness import sqlite, start_bot
from tests.fakediscord import FakeDiscord

NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's ^[-_\p{L}\p{N}]{1,32}$ (\w: letters, digits and _)


async def translated_payloads() -> list[dict[str, Any]]:
    """Every command as the bot's sync sends it (each cog loaded; nothing connects)."""
    bot = TabletopBot(Settings(_env_file=None, token="", database_url="sqlite+aiosqlite:///:memory:"))  # type: ignore[call-arg]
    bot.presenter = MagicMock()
    for name in extensions():
        await bot.load_extension(name)
    translator = CommandTranslator()
    await bot.tree.set_translator(translator)
    return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]


def nodes(payload: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """(path, node, its options) for a command and every option below it."""
    here = f"{path} {payload['name']}".strip()
    options = payload.get("options") or []
    out = [(here, payload, options)]
    for option in options:
        out += nodes(option, here)
    return out


async def test_every_command_option_and_choice_is_in_polish_and_italian() -> None:
    payloads = await translated_payloads()
    assert {p["name"] for p in payloads} >= {"game", "mali", "africa", "westerplatte", "maquis"}
    faults: list[str] = []
    count = 0
    for payload in payloads:
        for path, node, options in nodes(payload):
            for locale in ("pl", "it"):
                count += 1
                name = (node.get("name_localizations") or {}).get(locale)
                text = (node.get("description_localizations") or {}).get(locale)
                same = lang.texts(locale, "commands").p_("name", node["name"]) == node["name"]  # "mali", "a"
                if name is None and not same:
                    faults.append(f"{locale} {path}: no localised name")
                if name is not None and (
                    not NAME.match(name) or name != name.lower() or command_name_fault(name) is not None
                ):
                    faults.append(f"{locale} {path}: name {name!r} is not a Discord name")
                if text is None or not 1 <= len(text) <= 100:
                    faults.append(f"{locale} {path}: description {text!r}")
                siblings = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in options]
                if len(siblings) != len(set(siblings)):
                    faults.append(f"{locale} {path}: options named twice: {sorted(siblings)}")
                for choice in node.get("choices") or []:
                    said = (choice.get("name_localizations") or {}).get(locale, choice["name"])
                    if not 1 <= len(said) <= 100:
                        faults.append(f"{locale} {path}: choice {said!r}")
        assert check_command(payload) is None, check_command(payload)
    assert faults == []
    assert count > 400  # every command, group and option, twice
    game = next(p for p in payloads if p["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    assert (new["name_localizations"]["pl"], new["name_localizations"]["it"]) == ("nowa", "nuova")
    assert new["description_localizations"]["it"] == "Apri un tavolo per una partita in questo canale"
    timeout = next(o for o in new["options"] if o["name"] == "on_timeout")
    assert timeout["choices"][0]["name_localizations"]["pl"] == "czekaj na gracza (tylko przypomnienia)"
    assert "de" not in new["name_localizations"]  # other locales read the English


def test_the_simulator_refuses_a_wrong_localised_name() -> None:
    command = {
        "name": "game",
        "description": "Games",
        "type": 1,
        "name_localizations": {"pl": "Gra"},
        "description_localizations": {"it": "x" * 101},
        "options": [
            {"type": 3, "name": "a", "description": "A", "name_localizations": {"pl": "x"}},
            {"type": 3, "name": "b", "description": "B", "name_localizations": {"pl": "x"}},
        ],
    }
    errors = check_command(command)
    assert errors is not None
    assert "pl" in errors["name_localizations"] and "it" in errors["description_localizations"]
    assert "pl" in errors["options"]["1"]["name_localizations"]  # two options named "x" in Polish
    assert command_name_fault("zamień-harcerzy") is None and command_name_fault("two words") is not None


async def test_the_sync_sends_the_localisations(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The simulator takes the sync (checked against Discord's OpenAPI spec and limits) with the
    Polish and Italian names and descriptions on every level."""
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    synced = {c["name"]: c for c in sim.global_commands}
    game = synced["game"]
    assert game["name_localizations"] == {"pl": "gra", "it": "partita"}
    language = next(o for o in game["options"] if o["name"] == "language")
    assert language["name_localizations"] == {"pl": "język", "it": "lingua"}
    choices = {c["value"]: c for c in language["options"][0]["choices"]}
    assert choices["discord"]["name_localizations"]["it"] == "segui la lingua del mio Discord"
    mali = synced["mali"]
    move = next(o for o in mali["options"] if o["name"] == "move")
    assert move["name_localizations"]["pl"] == "przesuń"
    assert discord.Locale.polish.value == "pl" and discord.Locale.italian.value == "it"
