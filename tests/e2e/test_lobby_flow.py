"""The lobby and the /game commands as players meet them: the table's buttons, the options of
`/game new` as they are typed, `/game help` within Discord's limits, confirmations before the
irreversible, players named, and co-operative draws counted as draws."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.harness import message_of, settle, sqlite, start_bot
from tests.fakediscord import FakeDiscord, Message


def table_number(message: Message) -> int:
    found = re.search(r"table #(\d+)", message.text)
    assert found is not None, message.text
    return int(found[1])


def button(message: Message, label: str) -> Any:
    return next(b for b in message.buttons if b.label == label)


async def test_the_table_disables_join_when_full_and_greys_out_once_started(fake_discord: FakeDiscord,
                                                                             tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2})
    table = message_of(opened)
    gid = table_number(table)
    assert not button(table, "Join").disabled
    await sim.click(sim.bob, table, label="Join")
    await settle()
    table = sim.messages[table.id]
    assert button(table, "Join").disabled and not button(table, "Leave").disabled  # 2 of 2 seated
    assert not button(table, "Start").disabled
    await sim.click(sim.bob, table, label="Leave")
    await settle()
    assert not button(sim.messages[table.id], "Join").disabled  # a seat is free again
    await sim.click(sim.bob, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    assert (await bot.service.get(gid)).status == "running"
    table = sim.messages[table.id]
    assert all(b.disabled and b.raw.get("style") == 2 for b in table.buttons), table.buttons


async def test_the_table_lists_only_the_options_the_game_uses(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "maquis"})
    options = message_of(opened).embeds[0]["fields"][0]["value"]
    assert "missions" in options and "mission left" not in options and "None" not in options
    chosen = await sim.slash(sim.alice, sim.channel, "game new", options={
        "game": "maquis", "options": "missions=chosen mission_left=sabotage mission_right=officers_mansion"})
    options = message_of(chosen).embeds[0]["fields"][0]["value"]
    assert "**mission left**: Sabotage" in options and "**mission right**: Officer's Mansion" in options
    extended = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "variant": "extended"})
    options = message_of(extended).embeds[0]["fields"][0]["value"]
    assert "Extended" in options and "jump" not in options
    # An option where it means nothing is refused, and says why.
    refused = await sim.slash(sim.alice, sim.channel, "game new", options={
        "game": "mali", "variant": "extended", "options": "jump_costs_one_point=true"})
    assert refused.ephemeral and "jump_costs_one_point applies only with variant=basic" in refused.content
    # The variant option sets a game's difficulty when it has no variant.
    hard = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "westerplatte", "variant": "hard"})
    assert "**difficulty**: Hard" in message_of(hard).embeds[0]["fields"][0]["value"]


async def options(sim: FakeDiscord, game: str, typed: str, variant: str | None = None) -> list[dict[str, Any]]:
    given = {"game": game, "options": typed} | ({"variant": variant} if variant else {})
    return await sim.autocomplete(sim.alice, sim.channel, "game new", given, focused="options")


async def test_the_options_autocomplete_says_what_each_value_does(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    offered = await options(sim, "africa", "")
    names = {c["value"]: c["name"] for c in offered}
    assert names["sealed_auction=false"] == "sealed_auction=false — Open auction"
    assert names["sealed_auction=true"] == "sealed_auction=true — Sealed auction"
    assert names["target_vp=60"] == "target_vp=60 — 60 VP"
    assert [c["value"] for c in await options(sim, "africa", "seal")] == ["sealed_auction=false",
                                                                         "sealed_auction=true"]
    # After the first option, the rest of the list: what is typed stays, the typed option is not offered again.
    after = await options(sim, "africa", "sealed_auction=true, ")
    assert [c["value"] for c in after] == ["sealed_auction=true, target_vp=42", "sealed_auction=true, target_vp=60",
                                           "sealed_auction=true, target_vp=80"]
    assert after[0]["name"] == "sealed_auction=true, target_vp=42 — 42 VP"
    assert [c["value"] for c in await options(sim, "africa", "sealed_auction=true target_vp=8")] == [
        "sealed_auction=true, target_vp=80"]
    # Only options that apply: the jump rule is the basic variant's; chosen missions' cards need missions=chosen.
    assert any("jump_costs_one_point" in c["value"] for c in await options(sim, "mali", ""))
    assert not any("jump_costs_one_point" in c["value"] for c in await options(sim, "mali", "", variant="extended"))
    maquis = await options(sim, "maquis", "")
    assert maquis and not any("mission_left" in c["value"] for c in maquis)
    assert not any(c["value"].startswith("difficulty") for c in maquis)  # the variant option sets it
    cards = await options(sim, "maquis", "missions=chosen, mission_left=")
    assert cards and all(c["value"].startswith("missions=chosen, mission_left=") for c in cards)
    assert "missions=chosen, mission_left=sabotage" in {c["value"] for c in cards}
    # Never cut mid-word: every name is whole or ends in "…" after a whole word.
    for game in ("mali", "africa", "westerplatte", "maquis"):
        for typed in ("", "missions=chosen, mission_left=sabotage, "):
            for c in await options(sim, game, typed):
                assert len(c["name"]) <= 100 and len(c["value"]) <= 100
                if c["name"].endswith("…"):
                    assert c["name"][-2] != " "
    variants = await sim.autocomplete(sim.alice, sim.channel, "game new", {"game": "maquis", "variant": ""},
                                      focused="variant")
    assert variants and all(" — " in c["name"] for c in variants)


async def test_game_help_lists_every_command_whole(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    from cogs.lobby import HELP_COMMANDS

    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    result = await sim.slash(sim.carol, sim.channel, "game help")
    fields = message_of(result).embeds[0]["fields"]
    commands = "\n".join(f["value"] for f in fields if "ommands" in f["name"])
    for command, what in HELP_COMMANDS:
        assert f"`{command}`: {what}" in commands, command
    assert all(len(f["value"]) <= 1024 for f in fields)
