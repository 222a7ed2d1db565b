"""The platform's defects, each played through Discord (issue: one platform for four games).

Secrets on a time-out, another server's game, bad numbers, the outbox's order and its survival
across a restart, a route as one write, a saved move whose answer failed, undo and replace.
The database-facing ones run on SQLite and PostgreSQL.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import gate
from tests.e2e.harness import (
    Clock,
    action_of,
    database,
    said,
    settle,
    start_bot,
    stop_bot,
    turn_messages,
    two_player_game,
    view_of,
)
from tests.fakediscord import FakeDiscord, User

OBJECTIVE_ID = re.compile(r"\bS\d\d\b")
MANAGE_GUILD = 1 << 5
SEED = 1  # two players, basic: alice (Red) starts; Janek stands on PAST, one step from O28's origin


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async for url in database(request.param, tmp_path):
        yield url


def public_text(sim: FakeDiscord) -> str:
    return "\n".join(m.text for m in sim.channel_messages(sim.channel))


async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> Any:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


async def test_a_timeout_in_the_draft_publishes_no_objective(fake_discord: FakeDiscord, db_url: str) -> None:
    sim = fake_discord
    clock = Clock()
    bot = await start_bot(sim, db_url, clock, seed=SEED)
    opened = await slash(sim, sim.alice, "game new", game="mali", players=2, variant="extended",
                         turn_hours=24, on_timeout="default")
    found = re.search(r"table #(\d+)", opened.message.text)
    assert found is not None
    gid = int(found[1])
    await sim.click(sim.bob, opened.message, label="Join")
    await sim.click(sim.alice, opened.message, label="Start")
    await settle()
    assert view_of(await bot.service.get(gid))["phase"] == "objectives"
    clock.advance(hours=25)
    await bot.scheduler.tick()
    await settle()
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "cards"  # both drafts were played for them
    text = public_text(sim)
    assert "ran out of time" in text and not OBJECTIVE_ID.search(text), text
    log = await slash(sim, sim.carol, "game log", game=gid)
    assert log.ephemeral and "time-out" in said(log) and not OBJECTIVE_ID.search(said(log)), said(log)


async def test_another_servers_game_is_no_game_there(fake_discord: FakeDiscord, db_url: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, db_url, seed=SEED)
    gid = await two_player_game(sim, bot)
    before = await bot.service.get(gid)
    other = sim.add_guild("Elsewhere", owner=sim.dave)
    sim.add_member(other, sim.carol, permissions=MANAGE_GUILD)
    there = sim.add_text_channel(other, "games")
    for command, options in (("game join", {}), ("game abandon", {}), ("game status", {}),
                             ("game log", {}), ("game hand", {}), ("game undo", {}),
                             ("game kick", {"player": sim.bob}), ("game resign", {}),
                             ("game replace", {"player": sim.bob, "new_player": sim.carol}),
                             ("mali card", {"value": 3}), ("game play", {})):
        result = await sim.slash(sim.carol, there, command, options={"game": gid, **options})
        await settle()
        assert result.ephemeral and f"no game #{gid} in this server" in said(result), (command, said(result))
    # A button of that game, forged into the other server, is refused the same way.
    forged = sim.create_bot_message(there, "forged", components=[{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Go", "custom_id": f"tr:p:{gid}"}]}])
    click = await sim.click(sim.dave, forged, custom_id=f"tr:p:{gid}")
    await settle()
    assert click.ephemeral and "not here" in said(click)
    after = await bot.service.get(gid)
    assert (after.version, after.status, after.players) == (before.version, "running", before.players)
    assert sim.channel_messages(there) == [forged]


async def test_bad_numbers_get_an_answer_and_change_nothing(fake_discord: FakeDiscord, db_url: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, db_url, seed=SEED)
    gid = await two_player_game(sim, bot)
    version = (await bot.service.get(gid)).version
    for value in (2**31, 2**63, 2**70, -1, 0):  # Discord sends only integers here; see tests/bot
        result = await slash(sim, sim.alice, "game status", game=value)
        assert result.ephemeral and "went wrong" not in said(result), (value, said(result))
        assert any(why in said(result) for why in ("no game", "not a game number",  # 2**70 comes as a float:
                                                   "`game` must be a whole number")), (value, said(result))
    board = turn_messages(sim, sim.channel, gid)[-1]
    for custom_id in (f"tr:p:{2**63}", f"tr:p:{2**31}", f"tr:a:{gid}:{version}:{2**64}",
                      f"tr:a:{2**70}:1:1", f"tr:h:{2**40}", f"tr:t:join:{2**63}", f"tr:u:{gid}:{2**63}",
                      "tr:zz:1", f"tr:t:explode:{gid}", "tr:"):
        forged = sim.create_bot_message(sim.channel, "forged", components=[{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}]}])
        click = await sim.click(sim.alice, forged, custom_id=custom_id)
        await settle()
        assert click.acknowledged and click.ephemeral and "went wrong" not in said(click), custom_id
    select = sim.create_bot_message(sim.channel, "forged", components=[{"type": 1, "components": [
        {"type": 3, "custom_id": f"tr:s:{gid}:{version}:0",
         "options": [{"label": "x", "value": "abc"}, {"label": "y", "value": "99999999999999999999"}]}]}])
    for option in ("abc", "99999999999999999999"):
        picked = await sim.select(sim.alice, select, f"tr:s:{gid}:{version}:0", [option])
        await settle()
        assert picked.ephemeral and "went wrong" not in said(picked), option
    assert (await bot.service.get(gid)).version == version
    assert turn_messages(sim, sim.channel, gid)[-1] is board


async def test_the_outbox_posts_in_order_and_survives_a_restart(fake_discord: FakeDiscord, db_url: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, db_url, seed=SEED)
    gid = await two_player_game(sim, bot)
    posts = len(sim.channel_messages(sim.channel))
    # Two moves are saved, but the bot dies before it tells anyone.
    await bot.service.act(gid, sim.alice.id, {"type": "choose_card", "value": 2})
    await bot.service.act(gid, sim.bob.id, {"type": "choose_card", "value": 5})
    await stop_bot(sim, bot)
    assert len(sim.channel_messages(sim.channel)) == posts
    bot = await start_bot(sim, db_url, seed=SEED)
    await bot.scheduler.tick()  # the first tick after a start drains the outbox
    await settle()
    new = sim.channel_messages(sim.channel)[posts:]
    assert len(new) == 1, [m.text for m in new]
    text = new[0].text  # both saved moves, in order, then the reveal they led to
    assert text.index("Red and Green have chosen") < text.index("Movement cards: Red 2, Green 5")
    assert new[0].attachments  # the newest board
    # Delivering again tells nothing twice; a late delivery for an older move posts nothing older.
    assert await bot.presenter.deliver(gid) is None
    await bot.scheduler.tick()
    assert len(sim.channel_messages(sim.channel)) == posts + 1


async def test_a_route_is_one_write_and_a_failed_answer_still_says_saved(fake_discord: FakeDiscord,
                                                                        db_url: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, db_url, seed=SEED)
    gid = await two_player_game(sim, bot)
    await slash(sim, sim.alice, "mali card", value=2)
    await slash(sim, sim.bob, "mali card", value=5)
    before = await bot.service.get(gid)
    # The answer to the move fails once at Discord: the move is saved, and the user is told so.
    rule = sim.fail_next("POST /interactions/{id}/{token}/callback", status=400, code=50035,
                         message="Invalid Form Body")
    moved = await slash(sim, sim.alice, "mali move", scout="Janek", to="elektrownia")
    assert rule.hits == 1
    after = await bot.service.get(gid)
    assert after.version == before.version + 1  # step, pick-up and step: one write
    assert [action_of(e)["type"] for e in (await bot.service.log(gid))[2:]] == ["step", "pick_up", "step"]
    assert "saved" in said(moved) and "nothing was changed" not in said(moved), said(moved)
    sim.expect_errors(50035)


async def test_undo_and_replace_through_discord(fake_discord: FakeDiscord, db_url: str) -> None:
    sim = fake_discord
    bot = await start_bot(sim, db_url, seed=SEED)
    gid = await two_player_game(sim, bot)
    nothing = await slash(sim, sim.alice, "game undo")
    assert nothing.ephemeral and "nothing" in said(nothing).lower()
    # A secret card may be taken back while the other player still chooses (nothing was revealed).
    await slash(sim, sim.alice, "mali card", value=4)
    changed = await slash(sim, sim.alice, "game undo")
    assert said(changed).startswith("Taken back: Red's choice of a movement card.")
    assert "\n🔒 You play card 4." in said(changed) and "In hand: 1, 2, 3, 4, 5" in said(changed)
    assert "takes back: Red's choice of a movement card." in public_text(sim)
    assert "card 4" not in public_text(sim)
    assert "Movement cards" not in public_text(sim)
    await slash(sim, sim.alice, "mali card", value=2)
    await slash(sim, sim.bob, "mali card", value=5)
    revealed = await slash(sim, sim.bob, "game undo")  # the last card revealed them all
    assert "can't be taken back" in said(revealed)
    start = await bot.service.get(gid)
    step = await slash(sim, sim.alice, "mali move", scout="Janek", to="plac_trzech_krzyzy", pickups=False)
    assert any(c.custom_id and c.custom_id.startswith(f"tr:u:{gid}:") for c in step.message.components)
    moved = await bot.service.get(gid)
    assert gate.public(moved) != gate.public(start)
    undone = await slash(sim, sim.alice, "game undo")
    assert undone.ephemeral and "Taken back" in said(undone)
    back = await bot.service.get(gid)
    assert gate.public(back) == gate.public(start) and back.version == moved.version + 1
    log = await bot.service.log(gid)
    assert log[-1].undone and log[-1].action == {"type": "step", "scout": "Janek", "to": "plac_trzech_krzyzy"}
    from games.base import canonical
    assert canonical(back.game.dump(await bot.service.rebuild(gid))) == canonical(back.snapshot)
    # Bob cannot take back Alice's move; by panel, Alice steps and undoes again.
    refused = await slash(sim, sim.bob, "game undo")
    assert "can't be taken back" in said(refused)  # Bob's last move was his secret card

    # The creator hands Bob's seat to Dave: Dave plays it, Bob can't any more.
    not_creator = await slash(sim, sim.bob, "game replace", player=sim.bob, new_player=sim.dave)
    assert not_creator.ephemeral and "Only the game's creator" in said(not_creator)
    handed = await slash(sim, sim.alice, "game replace", player=sim.bob, new_player=sim.dave)
    assert handed.ephemeral and f"<@{sim.dave.id}>" in said(handed)
    record = await bot.service.get(gid)
    assert record.players == [str(sim.alice.id), str(sim.dave.id)] and record.snapshot == back.snapshot
    assert f"takes over <@{sim.bob.id}>'s seat" in public_text(sim)
    assert sim.dm_messages(sim.dave)  # Dave got the seat's private information
    await slash(sim, sim.alice, "mali end")
    by_bob = await slash(sim, sim.bob, "mali end")
    assert "not playing" in said(by_bob)
    record = await bot.service.get(gid)
    assert record.waiting_users == [str(sim.dave.id)]
    by_dave = await slash(sim, sim.dave, "mali end")
    assert by_dave.ephemeral and "went wrong" not in said(by_dave)
    assert (await bot.service.get(gid)).version > record.version


async def test_restart_keeps_what_was_not_posted(fake_discord: FakeDiscord, db_url: str) -> None:
    """A post that failed before a crash goes out after the restart, with the lines it carried."""
    sim = fake_discord
    bot = await start_bot(sim, db_url, seed=SEED)
    await two_player_game(sim, bot)
    await slash(sim, sim.alice, "mali card", value=3)
    assert sim.channel is not None
    rule = sim.fail_next(f"POST /channels/{sim.channel.id}/messages", status=403, code=50013,
                         message="Missing Permissions")
    await slash(sim, sim.bob, "mali card", value=5)
    assert rule.hits == 1
    assert "Movement cards" not in public_text(sim)
    await stop_bot(sim, bot)
    bot = await start_bot(sim, db_url, seed=SEED)
    await bot.scheduler.tick()
    await settle()
    assert "Movement cards" in public_text(sim)
    sim.expect_errors(50013)


class Probe(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tr:probe:(?P<n>\d+)"):
    """A game's own persistent button (as a game cog would register one)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="probe", custom_id=f"tr:probe:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Probe:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("probe answered", ephemeral=True)


async def test_a_games_own_components_are_not_taken_for_unknown_ones(fake_discord: FakeDiscord,
                                                                    tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}")
    bot.add_dynamic_items(Probe)
    message = sim.create_bot_message(sim.channel, "x", components=[{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "probe", "custom_id": "tr:probe:7"},
        {"type": 2, "style": 1, "label": "old", "custom_id": "tr:old:7"}]}])
    probed = await sim.click(sim.alice, message, custom_id="tr:probe:7")
    await settle()
    assert [m.text for m in probed.messages] == ["probe answered"]
    old = await sim.click(sim.alice, message, custom_id="tr:old:7")
    await settle()
    assert old.ephemeral and "out of date" in said(old)
