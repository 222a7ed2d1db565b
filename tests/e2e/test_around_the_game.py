"""What players expect around a game: help, a finished game that does not vanish, history."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot import gate
from tests.e2e.harness import settle, sqlite, start_bot, two_player_game
from tests.fakediscord import FakeDiscord, User


async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> Any:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


def said(result: Any) -> str:
    return "\n".join(m.text for m in result.messages) + "\n".join(
        str(e.get("title", "")) + str(e.get("description", "")) + str(e.get("fields", ""))
        for m in result.messages for e in m.embeds)


async def test_game_help_names_every_game_command(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path))
    result = await slash(sim, sim.carol, "game help")
    text = said(result)
    assert result.ephemeral and "/game new" in text and "/mali help" in text
    synced = {c.name for c in bot.tree.get_commands()}
    group = next(c for c in bot.tree.get_commands() if c.name == "game")
    assert isinstance(group, discord.app_commands.Group)
    names = {c.name for c in group.commands}
    for name in names - {"help"}:
        assert name in text, f"/game help does not mention {name}"
    assert "game" in synced


async def test_a_finished_game_stays_reachable(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    await slash(sim, sim.alice, "mali card", value=3)
    asked = await slash(sim, sim.bob, "game resign")  # two players: the game ends
    await sim.click(sim.bob, asked.message, label="Yes, resign")
    await settle()
    record = await bot.service.get(gid)
    assert record.status == "finished"
    status = await slash(sim, sim.carol, "game status")
    assert status.ephemeral and f"game #{gid}" in said(status) and "Game over" in said(status)
    assert status.messages[-1].attachments
    log = await slash(sim, sim.alice, "game log")
    assert "resigns" in said(log) and "Red has chosen a movement card." in said(log)
    hand = await slash(sim, sim.alice, "game hand")
    assert hand.ephemeral and "Your private view" in said(hand)
    listing = await slash(sim, sim.carol, "game list")
    assert "Recently finished" in said(listing) and f"#{gid}" in said(listing)
    history = await slash(sim, sim.carol, "game history")
    assert f"#{gid}" in said(history) and "Mali" in said(history)
    mine = await slash(sim, sim.carol, "game history", player=sim.bob)
    assert f"#{gid}" in said(mine)
    none = await slash(sim, sim.carol, "game history", player=sim.dave)
    assert "no finished games" in said(none)


async def test_replay_steps_through_public_moments(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot, variant="extended")
    record = await bot.service.get(gid)
    for seat in record.seats:  # the secret objective draft, then the secret cards
        record = await bot.service.get(gid)
        action = record.game.default_action(record.state, seat)
        await bot.service.act(gid, record.user_of(seat), action)
    replay = await slash(sim, sim.carol, "game replay", step=0)
    first = replay.messages[-1]
    assert replay.ephemeral and "step 0 of 2" in first.content and first.attachments
    assert "The game as it began." in first.content
    step = await sim.click(sim.carol, first, label="▶")
    await settle()
    shown = step.messages[-1] if step.messages else first
    assert "step 1 of 2" in shown.content and "Red has chosen their secret objectives." in shown.content
    assert "Before round 1" in shown.content and shown.attachments
    mine = gate.private(record, record.seats[0])
    assert mine is not None
    for secret in mine["me"]["objectives"]:
        assert secret["id"] not in shown.content and secret["text"] not in shown.content
    last = await slash(sim, sim.carol, "game replay")
    assert "step 2 of 2" in last.messages[-1].content
    again = await slash(sim, sim.carol, "game replay", game=gid, step=999)
    assert "step 2 of 2" in again.messages[-1].content
