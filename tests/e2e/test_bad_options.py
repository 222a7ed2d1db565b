"""Every option of every slash command is checked by the bot, not left to Discord's client
(issue 21, bad input): each command, taken from the bot's own tree, gets each option out of
range and of the wrong type, as a forged payload would send it; every one gets a private
refusal that names the option, nothing goes wrong, and nothing changes."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from discord import AppCommandOptionType as T
from discord import app_commands

from localdiscord.interactions import APPLICATION_COMMAND, find_command
from tests.e2e.harness import said, settle, sqlite, start_bot, two_player_game
from tests.fakediscord import FakeDiscord, InteractionRecord, User

UNKNOWN_ID = "987654321012345678"


def bad_values(param: app_commands.Parameter) -> list[tuple[int, Any]]:
    """(option type as sent, value) pairs the parameter must refuse: wrong types, out of range."""
    kind = param.type.value
    out: list[tuple[int, Any]] = [(kind, None), (kind, ["x"]), (kind, {"a": 1})]
    if param.type is T.integer:
        out += [(kind, "three"), (kind, 2.5), (kind, True), (T.number.value, "abc"), (T.string.value, "3")]
        if param.max_value is not None:
            out += [(kind, param.max_value + 1), (kind, 2**31)]
        if param.min_value is not None:
            out += [(kind, param.min_value - 1)]
    elif param.type is T.string:
        out += [(kind, 3), (kind, True), (T.integer.value, 3)]
        out += [(kind, "x" * (int(param.max_value or 6000) + 1))]
        if param.choices and not param.autocomplete:
            out += [(kind, "not-a-choice")]
    elif param.type is T.boolean:
        out += [(kind, "yes"), (kind, 1), (T.string.value, "true")]
    elif param.type in (T.user, T.channel, T.role, T.mentionable):
        out += [(kind, UNKNOWN_ID), (kind, "abc"), (kind, 5), (T.string.value, UNKNOWN_ID)]
    else:
        raise AssertionError(f"no bad values for {param.type}: add them")
    return out


def payload(sim: FakeDiscord, channel: Any, command: app_commands.Command[Any, ..., Any],
            option: dict[str, Any]) -> dict[str, Any]:
    """A command interaction's data naming `command` (through its groups) with one option."""
    path = command.qualified_name.split()
    top = find_command(sim, channel, path[0])
    options: list[dict[str, Any]] = [option]
    for depth, name in reversed(list(enumerate(path[1:], 1))):
        kind = T.subcommand.value if depth == len(path) - 1 else T.subcommand_group.value
        options = [{"name": name, "type": kind, "options": options}]
    return {"id": str(top["id"]), "name": path[0], "type": 1, "options": options}


async def send(sim: FakeDiscord, user: User, channel: Any, data: dict[str, Any]) -> InteractionRecord:
    result = await sim._interact(APPLICATION_COMMAND, user, channel, data, command_name=str(data["name"]))
    await settle()
    return result


async def test_every_option_of_every_command_is_checked(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    before = await bot.service.get(gid)
    prefs = await bot.service.get_player(sim.alice.id)
    posts = len(sim.channel_messages(sim.channel))
    commands = [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
    assert len(commands) > 50 and {"recruit", "notify", "replay", "stats", "shoot"} <= {c.name for c in commands}
    tried = 0
    sim.settle = 0.005  # a refusal is one private answer: no need to wait long for more
    for command in commands:
        for param in command.parameters:
            for kind, value in bad_values(param):
                option = {"name": param.display_name, "type": kind, "value": value}
                result = await send(sim, sim.alice, sim.channel, payload(sim, sim.channel, command, option))
                text = said(result)
                where = (command.qualified_name, param.display_name, kind, str(value)[:30], text)
                assert result.ephemeral and f"`{param.display_name}` must be" in text, where
                assert "went wrong" not in text and "Nothing was done" in text, where
                tried += 1
    assert tried > 500
    # A required option left out, an option the command does not have, and an unknown command.
    recruit = next(c for c in commands if c.qualified_name == "africa recruit")
    for option, why in (({"name": "count", "type": 4, "value": 2}, "`area` is required"),
                        ({"name": "bogus", "type": 4, "value": 2}, "has no option")):
        data = payload(sim, sim.channel, recruit, option)
        result = await send(sim, sim.alice, sim.channel, data)
        assert result.ephemeral and why in said(result), said(result)
    for data in ({"id": "1", "name": "nonsense", "type": 1}, {"id": "1", "name": "game", "type": 2},
                 {"id": "1", "name": "game", "type": 99}):
        result = await send(sim, sim.alice, sim.channel, data)
        assert result.ephemeral and "don't know that command" in said(result), said(result)
    for data in ({"id": "1", "name": "game", "type": 1}, {"id": "1", "name": "game", "type": 1, "options": "x"},
                 {"id": "1", "name": 5, "type": 1}):
        result = await send(sim, sim.alice, sim.channel, data)
        assert result.ephemeral and "Nothing was done" in said(result), said(result)
    after = await bot.service.get(gid)
    assert (after.version, after.snapshot) == (before.version, before.snapshot)
    assert await bot.service.get_player(sim.alice.id) == prefs
    assert len(sim.channel_messages(sim.channel)) == posts
    assert not sim.failed_interactions


async def test_the_values_of_the_issue_are_refused_with_the_option_and_its_range(fake_discord: FakeDiscord,
                                                                                 tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    commands = {c.qualified_name: c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)}
    for name, option, said_ in (
            ("africa recruit", {"name": "count", "type": 4, "value": 2147483648},
             "`count` must be a whole number from 1 to 14; 2147483648 is not."),
            ("game notify", {"name": "utc_offset", "type": 4, "value": 2.5},
             "`utc_offset` must be a whole number from -12 to 14; 2.5 is not."),
            ("game replay", {"name": "step", "type": 4, "value": "three"},
             "`step` must be a whole number from 0 to 100000; 'three' is not."),
            ("game stats", {"name": "player", "type": 6, "value": UNKNOWN_ID}, "`player` must be a user"),
            ("maquis shoot", {"name": "at", "type": 3, "value": None}, "`at` must be text")):
        result = await send(sim, sim.alice, sim.channel, payload(sim, sim.channel, commands[name], option))
        assert result.ephemeral and said(result).startswith(said_), said(result)
    player = await bot.service.get_player(sim.alice.id)
    assert player.utc_offset == 0 and isinstance(player.utc_offset, int)
    # The same commands with good values still run.
    fine = await sim.slash(sim.alice, sim.channel, "game notify", options={"mode": "dm", "utc_offset": 2})
    assert "went wrong" not in said(fine) and (await bot.service.get_player(sim.alice.id)).utc_offset == 2
    stats = await sim.slash(sim.alice, sim.channel, "game stats", options={"player": sim.bob})
    assert stats.ephemeral and f"<@{sim.bob.id}>" in said(stats)


STRAY_TEXT = ("zzz", "", " ", "-", "null", "a,b", "99999999999999999999", "x" * 300, "#1", "s1", "0", "🙂",
              "none", "a b c d e f", "1,2,3,4,5,6,7,8,9", "1-2")


async def test_stray_text_in_every_text_option_gets_a_plain_answer(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    """Text options are the commands' own to read (a name, a place, a route): stray text, with the
    other options at the ends of their ranges, is answered, never "Something went wrong"."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    games: dict[str, int] = {}
    for key in ("mali", "africa", "westerplatte", "maquis"):
        opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": key, "players": 2})
        table = opened.message
        assert table is not None
        games[key] = int(table.text.split("table #")[1].split()[0].strip(".:,*"))
        await sim.click(sim.bob, table, label="Join")
        await sim.click(sim.alice, table, label="Start")
        await settle()
    sim.settle = 0.005
    failed = []
    for command in bot.tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        params = command.parameters
        texts = {p.display_name for p in params if p.type is T.string and (p.autocomplete or not p.choices)}
        if not texts:
            continue
        for n, text in enumerate(STRAY_TEXT):
            options: dict[str, Any] = {}
            for p in params:
                if p.display_name in texts:
                    options[p.display_name] = text
                elif p.display_name == "game" and p.type is T.integer:
                    options["game"] = games.get(command.qualified_name.split()[0], games["mali"])
                elif p.type is T.integer and p.max_value is not None:
                    options[p.display_name] = int(p.max_value if n % 2 else p.min_value or 0)
                elif p.required and p.type is T.integer:
                    options[p.display_name] = int(p.min_value or 0)
                elif p.required and p.type is T.user:
                    options[p.display_name] = sim.bob
                elif p.required and p.type is T.boolean:
                    options[p.display_name] = True
                elif p.required and p.choices:
                    options[p.display_name] = p.choices[0].value
            for user in (sim.alice, sim.bob):
                result = await sim.slash(user, sim.channel, command.qualified_name, options=options)
                await settle()
                if "went wrong" in said(result) or not result.acknowledged or result.errors:
                    failed.append((command.qualified_name, text[:20], said(result)[:80], result.errors))
    assert failed == []


async def test_a_seat_is_handed_only_to_a_member_of_the_server(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    before = await bot.service.get(gid)
    stranger = sim.add_user("stranger")  # known to Discord, not in this server
    refused = await sim.slash(sim.alice, sim.channel, "game replace",
                              options={"player": sim.bob, "new_player": stranger, "game": gid})
    await settle()
    assert refused.ephemeral and said(refused).startswith(f"<@{stranger.id}> is not a member of this server")
    after = await bot.service.get(gid)
    assert (after.version, after.players) == (before.version, before.players)
    handed = await sim.slash(sim.alice, sim.channel, "game replace",
                             options={"player": sim.bob, "new_player": sim.carol, "game": gid})
    await settle()
    assert "went wrong" not in said(handed) and str(sim.carol.id) in (await bot.service.get(gid)).players


async def test_notify_still_answers_a_player_whose_offset_was_stored_as_a_float(fake_discord: FakeDiscord,
                                                                                tmp_path: Path) -> None:
    """Before options were checked, `utc_offset:2.5` was stored as such on SQLite."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    await bot.service.set_preferences(sim.alice.id, "dm", (22, 7), 2.5)  # type: ignore[arg-type]
    assert (await bot.service.get_player(sim.alice.id)).utc_offset == 2.5
    again = await sim.slash(sim.alice, sim.channel, "game notify", options={"mode": "dm"})
    assert again.ephemeral and "(UTC+2.5)" in said(again), said(again)
