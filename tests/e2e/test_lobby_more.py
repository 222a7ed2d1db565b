"""The `/game` lobby beyond the happy path: reminders, turn DMs, kick, time-outs that drop, abandon,
several games in one channel, thread tables and bad options. The real bot on SQLite, fixed seeds."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord

from bot import gate
from bot.app import TabletopBot
from tests.e2e.harness import Clock, action_of, said, settle, sqlite, start_bot, turn_messages, user_of, view_of
from tests.fakediscord import FakeDiscord, Message, User

SEED = 1


async def open_game(sim: FakeDiscord, bot: TabletopBot, users: list[User], *, start: bool = True,
                    **options: Any) -> tuple[int, Message]:
    """A Mali table opened by users[0], joined by the others (by button), started by the creator."""
    opened = await sim.slash(users[0], sim.channel, "game new",
                             options={"game": "mali", "players": max(2, len(users)), **options})
    table = opened.message
    assert table is not None and not table.ephemeral
    found = re.search(r"table #(\d+)", table.text)
    assert found is not None
    gid = int(found[1])
    for user in users[1:]:
        await sim.click(user, table, label="Join")
    if start:
        await sim.click(users[0], table, label="Start")
    await settle()
    if start:
        assert (await bot.service.get(gid)).status == "running"
    return gid, table


async def slash(sim: FakeDiscord, user: User, command: str, channel: Any = None, **options: Any) -> Any:
    result = await sim.slash(user, channel or sim.channel, command, options=options)
    await settle()
    return result


def reminders(messages: list[Message], user: User | None = None) -> list[Message]:
    return [m for m in messages if m.content.startswith("⏰") and (user is None or f"<@{user.id}>" in m.content)]


def uid(user: User) -> str:
    return str(user.id)


# --- reminders and turn DMs ----------------------------------------------------------------------

async def test_reminders_once_per_player_channel_or_dm(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    clock = Clock()
    bot = await start_bot(sim, sqlite(tmp_path), clock, seed=SEED)
    assert sim.guild is not None
    other = sim.add_text_channel(sim.guild, "other")
    await slash(sim, sim.alice, "game notify", mode="dm")
    gid, _ = await open_game(sim, bot, [sim.alice, sim.bob], turn_hours=24)
    # A second game in another channel also waits on Bob.
    opened = await sim.slash(sim.carol, other, "game new", options={"game": "mali", "players": 2, "turn_hours": 24})
    assert opened.message is not None
    found = re.search(r"table #(\d+)", opened.message.text)
    assert found is not None
    gid2 = int(found[1])
    await sim.click(sim.bob, opened.message, label="Join")
    await sim.click(sim.carol, opened.message, label="Start")
    await settle()
    assert (await bot.service.get(gid2)).waiting_users == [uid(sim.carol), uid(sim.bob)]

    # Nothing is due before 75% of the window.
    clock.advance(hours=17)
    await bot.scheduler.tick()
    await settle()
    assert not reminders(sim.channel_messages(sim.channel) + sim.channel_messages(other))
    assert not reminders(sim.dm_messages(sim.alice))

    clock.advance(hours=2)  # 19 h of 24
    await bot.scheduler.tick()
    await settle()
    # Alice turned DMs on: her reminder is a DM; Bob and Carol are mentioned where their games are.
    alice_dm = reminders(sim.dm_messages(sim.alice))
    assert len(alice_dm) == 1 and f"game #{gid}" in alice_dm[0].content
    assert not reminders(sim.channel_messages(sim.channel), sim.alice)
    public = sim.channel_messages(sim.channel) + sim.channel_messages(other)
    assert len(reminders(public, sim.bob)) == 1  # one per player across games
    assert len(reminders(sim.channel_messages(other), sim.carol)) == 1
    record = await bot.service.get(gid)
    second = await bot.service.get(gid2)
    reminded = {record.user_of(s) for s in record.reminded} | {second.user_of(s) for s in second.reminded}
    assert reminded >= {uid(sim.alice), uid(sim.bob)}

    # A second tick right after reminds nobody again.
    counts = (len(reminders(public)), len(reminders(sim.dm_messages(sim.alice))))
    await bot.scheduler.tick()
    await settle()
    public = sim.channel_messages(sim.channel) + sim.channel_messages(other)
    assert (len(reminders(public)), len(reminders(sim.dm_messages(sim.alice)))) == counts

    # Four hours later Bob hears about the game he was not reminded of yet, and only about that one.
    clock.advance(hours=4, minutes=10)
    await bot.scheduler.tick()
    await settle()
    public = sim.channel_messages(sim.channel) + sim.channel_messages(other)
    bob = reminders(public, sim.bob)
    assert len(bob) == 2 and {f"game #{gid}" in m.content for m in bob} == {True, False}
    assert len(reminders(sim.dm_messages(sim.alice))) == 1


async def test_turn_dms_with_a_link_on_and_off(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid, _ = await open_game(sim, bot, [sim.alice, sim.bob])
    assert not sim.dm_messages(sim.bob)[1:]  # only the start's private information so far

    on = await slash(sim, sim.bob, "game notify", mode="dm")
    assert on.ephemeral and "DM" in on.message.content
    assert (await bot.service.get_player(sim.bob.id)).notify
    dms = len(sim.dm_messages(sim.bob))
    await slash(sim, sim.bob, "mali card", value=2)
    assert len(sim.dm_messages(sim.bob)) == dms  # Bob's own choice: no DM
    await slash(sim, sim.alice, "mali card", value=5)  # the reveal: Bob moves first, his turn begins
    record = await bot.service.get(gid)
    assert record.waiting_users == [uid(sim.bob)]
    turn = turn_messages(sim, sim.channel, gid)[-1]
    new = sim.dm_messages(sim.bob)[dms:]
    assert len(new) == 1 and f"game #{gid}" in new[0].content and "card 2" in new[0].content
    assert sim.guild is not None and sim.channel is not None
    assert f"https://discord.com/channels/{sim.guild.id}/{sim.channel.id}/{turn.id}" in new[0].content

    off = await slash(sim, sim.bob, "game notify", mode="mention")
    assert off.ephemeral and not (await bot.service.get_player(sim.bob.id)).notify
    await slash(sim, sim.bob, "mali end")
    await slash(sim, sim.alice, "mali end")
    for _ in range(10):  # through the soldier and time phases to Bob's next card choice
        record = await bot.service.get(gid)
        if uid(sim.bob) in record.waiting_users:
            break
        waiting = record.to_act[0]
        action = record.game.default_action(record.state, waiting)
        await bot.service.act(gid, record.user_of(waiting), action)
    record = await bot.service.get(gid)
    assert uid(sim.bob) in record.waiting_users
    assert len(sim.dm_messages(sim.bob)) == dms + 1  # turn DMs are off: nothing more came


# --- kick, time-outs that drop, abandon ----------------------------------------------------------

async def test_kick_after_the_deadline_by_creator_or_manager(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    eve = sim.add_user("eve")
    assert sim.guild is not None
    sim.add_member(sim.guild, eve, permissions=discord.Permissions(manage_guild=True))
    clock = Clock()
    bot = await start_bot(sim, sqlite(tmp_path), clock, seed=SEED)
    gid, _ = await open_game(sim, bot, [sim.alice, sim.bob, sim.carol], turn_hours=24, on_timeout="wait")
    await slash(sim, sim.alice, "mali card", value=3)
    await slash(sim, sim.bob, "mali card", value=5)
    version = (await bot.service.get(gid)).version
    assert (await bot.service.get(gid)).waiting_users == [uid(sim.carol)]

    refused = await slash(sim, sim.bob, "game kick", player=sim.carol)
    assert refused.ephemeral and "creator" in refused.message.content and "Manage Server" in refused.message.content
    early = await slash(sim, sim.alice, "game kick", player=sim.carol)
    assert early.ephemeral and "not run out" in early.message.content
    assert (await bot.service.get(gid)).version == version

    # The deadline passes and the scheduler applies "wait": a new window, and Carol's time has run out.
    clock.advance(hours=25)
    await bot.scheduler.tick()
    await settle()
    assert "Time is up" in sim.channel_messages(sim.channel)[-1].content
    deadline = (await bot.service.get(gid)).deadline_at
    assert deadline is not None and deadline > clock.now
    # The creator drops her.
    kicked = await slash(sim, sim.alice, "game kick", player=sim.carol)
    assert kicked.ephemeral and "You dropped" in said(kicked)
    record = await bot.service.get(gid)
    assert record.status == "running" and uid(sim.carol) not in record.waiting_users
    assert next(p for p in view_of(record)["players"] if p["seat"] == record.seat_of(sim.carol.id))["dropped"]
    last = (await bot.service.log(gid))[-1]
    assert (last.kind, str(last.user_id), last.by) == ("drop", uid(sim.carol), "admin")
    assert view_of(record)["phase"] == "movement" and record.waiting_users == [uid(sim.alice)]  # the round goes on
    assert any(f"<@{sim.carol.id}> was dropped" in m.content for m in sim.channel_messages(sim.channel))
    assert turn_messages(sim, sim.channel, gid)[-1].content.count("(Red) moves") == 1

    # The next deadline passes: Eve, who may manage the server, drops Alice; one player left ends the game.
    refused = await slash(sim, eve, "game kick", player=sim.alice)
    assert "not run out" in refused.message.content
    clock.advance(hours=25)
    kicked = await slash(sim, eve, "game kick", player=sim.alice)
    assert "You dropped" in said(kicked)
    record = await bot.service.get(gid)
    outcome = gate.outcome(record)
    assert record.status == "finished" and outcome is not None and outcome["reason"] == "abandoned"
    assert "Game over" in sim.channel_messages(sim.channel)[-1].content


async def test_on_timeout_drop_goes_on_with_three_and_ends_with_two(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    sim = fake_discord
    clock = Clock()
    bot = await start_bot(sim, sqlite(tmp_path), clock, seed=SEED)
    three, _ = await open_game(sim, bot, [sim.alice, sim.bob, sim.carol], turn_hours=24, on_timeout="drop")
    await slash(sim, sim.alice, "mali card", value=3, game=three)
    await slash(sim, sim.bob, "mali card", value=5, game=three)
    two, _ = await open_game(sim, bot, [sim.dave, sim.alice], turn_hours=24, on_timeout="drop")
    await slash(sim, sim.dave, "mali card", value=2, game=two)

    clock.advance(hours=23)
    await bot.scheduler.tick()
    await settle()
    assert (await bot.service.get(three)).status == (await bot.service.get(two)).status == "running"

    clock.advance(hours=2)
    await bot.scheduler.tick()
    await settle()
    # Three players: Carol, overdue, is dropped; the others play on.
    record = await bot.service.get(three)
    assert record.status == "running" and uid(sim.carol) not in record.waiting_users and record.to_act
    last = (await bot.service.log(three))[-1]
    assert (last.kind, str(last.user_id), last.by) == ("drop", uid(sim.carol), "timeout")
    assert next(p for p in view_of(record)["players"] if p["seat"] == record.seat_of(sim.carol.id))["dropped"]
    assert not next(p for p in view_of(record)["players"] if p["seat"] == record.seat_of(sim.bob.id))["dropped"]
    assert any(f"<@{sim.carol.id}> ran out of time and leaves" in m.content for m in turn_messages(sim, sim.channel,
                                                                                                   three))
    # Two players: Alice, overdue, is dropped, and the game ends without a winner.
    record = await bot.service.get(two)
    assert record.status == "finished"
    outcome = gate.outcome(record)
    assert outcome is not None and outcome["reason"] == "abandoned" and outcome["winners"] == []
    assert any(f"#{two}" in m.content and "Game over" in m.content for m in sim.channel_messages(sim.channel))


async def test_abandon_rights_and_dead_buttons(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    eve = sim.add_user("eve")
    assert sim.guild is not None
    sim.add_member(sim.guild, eve, permissions=discord.Permissions(manage_guild=True))
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)

    # A running game: another player may not abandon it; its creator may.
    gid, table = await open_game(sim, bot, [sim.alice, sim.bob])
    refused = await slash(sim, sim.bob, "game abandon")
    assert refused.ephemeral and "creator" in refused.message.content
    assert (await bot.service.get(gid)).status == "running"
    asked = await slash(sim, sim.alice, "game abandon")  # asks first, privately
    assert asked.ephemeral and (await bot.service.get(gid)).status == "running"
    await sim.click(sim.alice, asked.message, label="Yes, abandon it")
    await settle()
    assert "abandoned" in sim.channel_messages(sim.channel)[-1].content
    assert (await bot.service.get(gid)).status == "abandoned"
    assert all(b.disabled for b in table.buttons) and "abandoned" in table.embeds[0]["footer"]["text"]
    board = turn_messages(sim, sim.channel, gid)[-1]
    dead = await sim.click(sim.bob, board, custom_id=f"tr:p:{gid}")
    assert dead.ephemeral and dead.message is not None and "abandoned" in dead.message.content

    # An open table: a manager abandons it; the table message could not be updated (Discord refused the
    # edit), so its Join button still shows, and a click on it gets a friendly private refusal.
    gid2, table2 = await open_game(sim, bot, [sim.carol], start=False)
    refused = await slash(sim, sim.dave, "game abandon")
    assert refused.ephemeral and (await bot.service.get(gid2)).status == "open"
    assert sim.guild is not None and sim.channel is not None
    sim.fail_next(f"PATCH /channels/{sim.channel.id}/messages/{table2.id}", status=403, code=50013)
    asked = await slash(sim, eve, "game abandon")
    await sim.click(eve, asked.message, label="Yes, abandon it")
    await settle()
    assert "abandoned" in sim.messages[asked.message.id].content and (await bot.service.get(gid2)).status == "abandoned"
    assert not table2.button("Join").disabled
    clicked = await sim.click(sim.dave, table2, label="Join")
    await settle()
    assert clicked.ephemeral and "abandoned" in said(clicked) and "went wrong" not in said(clicked)
    assert (await bot.service.get(gid2)).players == [uid(sim.carol)]
    assert not await bot.service.in_channel(sim.guild.id, sim.channel.id)


# --- where games live ------------------------------------------------------------------------------

async def test_several_games_in_one_channel(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    first, _ = await open_game(sim, bot, [sim.alice, sim.bob])
    second, _ = await open_game(sim, bot, [sim.carol, sim.alice])

    which = await slash(sim, sim.alice, "game status")
    assert which.ephemeral and "Several games" in which.message.content
    assert f"#{first}" in which.message.content and f"#{second}" in which.message.content
    offered = await sim.autocomplete(sim.alice, sim.channel, "game status", focused="game")
    assert sorted(c["value"] for c in offered) == [first, second]
    status = await slash(sim, sim.alice, "game status", game=second)
    assert status.ephemeral and f"game #{second}" in said(status) and status.messages[-1].attachments

    vague = await slash(sim, sim.alice, "mali card", value=3)
    assert "Several games" in said(vague)
    assert not await bot.service.log(first) and not await bot.service.log(second)
    await slash(sim, sim.alice, "mali card", value=3, game=second)
    assert not await bot.service.log(first)
    assert [(str(e.user_id), e.action) for e in await bot.service.log(second)] == [
        (uid(sim.alice), {"type": "choose_card", "value": 3})]
    offered = await sim.autocomplete(sim.bob, sim.channel, "mali card", {"game": first}, focused="value")
    assert sorted(c["value"] for c in offered) == [1, 2, 3, 4, 5]


async def test_a_thread_table(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid, _ = await open_game(sim, bot, [sim.alice, sim.bob], thread=True)
    record = await bot.service.get(gid)
    assert record.thread_id and record.where == record.thread_id
    thread = sim.channels[record.thread_id]
    assert sim.channel is not None
    assert thread.is_thread and thread.parent_id == sim.channel.id
    assert turn_messages(sim, thread, gid) and not turn_messages(sim, sim.channel, gid)

    await slash(sim, sim.alice, "mali card", thread, value=3)
    await slash(sim, sim.bob, "mali card", thread, value=5)
    record = await bot.service.get(gid)
    assert [action_of(e)["value"] for e in await bot.service.log(gid)] == [3, 5]
    status = await slash(sim, sim.bob, "game status", thread)
    assert f"game #{gid}" in said(status)
    assert "Movement cards" in turn_messages(sim, thread, gid)[-1].content
    mover = user_of(sim, record.to_act[0], record)
    opened = await sim.click(mover, turn_messages(sim, thread, gid)[-1], custom_id=f"tr:p:{gid}")
    assert opened.ephemeral and opened.message is not None and opened.message.components
    assert not turn_messages(sim, sim.channel, gid)


async def test_bad_table_options_are_refused_kindly(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    bad = await slash(sim, sim.alice, "game new", game="mali", options="nonsense=1")
    assert bad.ephemeral and "nonsense" in bad.message.content
    assert "variant" in bad.message.content and "jump_costs_one_point" in bad.message.content
    assert "basic" in bad.message.content and "extended" in bad.message.content
    wrong = await slash(sim, sim.alice, "game new", game="mali", variant="deluxe")
    assert wrong.ephemeral and "basic" in wrong.message.content and "extended" in wrong.message.content
    many = await slash(sim, sim.alice, "game new", game="mali", players=9)
    assert many.ephemeral and "2 to 4" in many.message.content
    assert sim.guild is not None
    assert not await bot.service.in_guild(sim.guild.id, active_only=False)
    assert not sim.channel_messages(sim.channel)
