"""When Discord misbehaves: rate limits and server errors on the board post, gateway drops, slow answers.

Nothing a player did may be lost: the move is saved and logged, the player hears back, and the table
gets the update (at the latest with the next post). Every case runs the real bot on SQLite.
"""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs import common
from tests.e2e.harness import (
    option_of,
    seat_of,
    settle,
    sqlite,
    start_bot,
    turn_messages,
    two_player_game,
    user_of,
    view_of,
)
from tests.fakediscord import FakeDiscord, Message

SEED = 1  # 2 players, basic: the first seat moves first after the cards


def board_posts(sim: FakeDiscord) -> list[Message]:
    return [m for m in sim.channel_messages(sim.channel)
            if any(a.filename.endswith("-board.png") for a in m.attachments)]


def channel_posts(sim: FakeDiscord) -> list[Any]:
    assert sim.channel is not None
    return [r for r in sim.requests if r.method == "POST" and r.path == f"/channels/{sim.channel.id}/messages"]


async def card(sim: FakeDiscord, user: Any, value: int, gid: int) -> Any:
    result = await sim.slash(user, sim.channel, "mali card", options={"value": value, "game": gid})
    await settle()
    return result


class FastBackoff:
    """discord.py's `asyncio`, with its retry sleeps (1 + 2 * tries seconds after a 5xx, what a 429
    says) shortened, and the delays it asked for kept."""

    def __init__(self, factor: float) -> None:
        self.factor = factor
        self.asked: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        self.asked.append(delay)
        return await asyncio.sleep(delay * self.factor, result)


async def test_a_rate_limited_board_post_waits_and_arrives(fake_discord: FakeDiscord, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    sim = fake_discord
    backoff = FastBackoff(0.1)
    monkeypatch.setattr(discord.http, "asyncio", backoff)
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    await card(sim, sim.alice, 3, gid)
    turns = len(turn_messages(sim, sim.channel, gid))
    posts_before = len(channel_posts(sim))

    # Bob's card reveals the round (Alice, with the lower card, moves first): the turn passes, and
    # its post is answered 429 once.
    assert sim.channel is not None
    rule = sim.fail_next(f"POST /channels/{sim.channel.id}/messages", status=429, retry_after=0.2)
    backoff.asked.clear()
    reply = await card(sim, sim.bob, 5, gid)
    assert rule.hits == 1
    assert reply.ephemeral and "You play card 5" in reply.message.content

    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "movement"
    assert [e.action for e in await bot.service.log(gid)] == [{"type": "choose_card", "value": 3},
                                                                 {"type": "choose_card", "value": 5}]
    tries = channel_posts(sim)[posts_before:]
    assert [t.status for t in tries] == [429, 200]
    assert [d for d in backoff.asked if d] == [0.2]  # the bot waited as told before trying again
    assert len(turn_messages(sim, sim.channel, gid)) == turns + 1
    assert "Movement cards" in turn_messages(sim, sim.channel, gid)[-1].content


async def test_one_server_error_on_the_board_post_is_retried(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    await card(sim, sim.alice, 3, gid)
    turns = len(turn_messages(sim, sim.channel, gid))
    posts_before = len(channel_posts(sim))

    assert sim.channel is not None
    rule = sim.fail_next(f"POST /channels/{sim.channel.id}/messages", status=500)
    await card(sim, sim.bob, 5, gid)
    assert rule.hits == 1
    assert [t.status for t in channel_posts(sim)[posts_before:]] == [500, 200]
    assert len(turn_messages(sim, sim.channel, gid)) == turns + 1
    assert "Movement cards" in turn_messages(sim, sim.channel, gid)[-1].content
    assert len(await bot.service.log(gid)) == 2


async def test_a_board_post_that_keeps_failing_loses_nothing(fake_discord: FakeDiscord, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    sim = fake_discord
    monkeypatch.setattr(discord.http, "asyncio", FastBackoff(0.02))
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    await card(sim, sim.alice, 3, gid)
    before = await bot.service.get(gid)
    posts_before = len(channel_posts(sim))
    turns = turn_messages(sim, sim.channel, gid)

    # Every try of the reveal's post gets a 500: discord.py gives up after five.
    assert sim.channel is not None
    rule = sim.fail_next(f"POST /channels/{sim.channel.id}/messages", status=500, times=5)
    with caplog.at_level(logging.ERROR, logger="bot.presenter"):
        reply = await card(sim, sim.bob, 5, gid)
    assert rule.hits == 5
    assert [t.status for t in channel_posts(sim)[posts_before:]] == [500] * 5
    assert any("could not post the update" in r.getMessage() for r in caplog.records)
    # The move is saved and logged, and Bob was told.
    record = await bot.service.get(gid)
    assert record.version == before.version + 1 and view_of(record)["phase"] == "movement"
    assert (await bot.service.log(gid))[-1].action == {"type": "choose_card", "value": 5}
    assert reply.ephemeral and "You play card 5" in reply.message.content
    assert turn_messages(sim, sim.channel, gid) == turns

    # The bot keeps working: the mover ends the turn, and that post carries what the failed one had.
    mover = record.to_act[0]
    ended = await sim.slash(user_of(sim, mover, record), sim.channel, "mali end", options={"game": gid})
    await settle()
    assert ended.message is not None and "went wrong" not in ended.message.content
    after = await bot.service.get(gid)
    assert after.version > record.version and mover not in after.to_act
    made = [m for m in turn_messages(sim, sim.channel, gid) if m.id > max(m.id for m in turns)]
    # The failed post made again first, as it was begun (its rows and nonce were stored before the
    # send: had Discord made it after all, it would give that one back), then the turn's end.
    assert len(made) == 2, [m.content for m in made]
    assert "Movement cards" in made[0].content and "Movement cards" not in made[1].content
    assert f"<@{sim.bob.id}>" in made[1].content  # and the turn passed on to Bob


@pytest.mark.parametrize("resumable", [True, False], ids=["resume", "reidentify"])
async def test_the_gateway_drops_and_the_bot_comes_back(fake_discord: FakeDiscord, tmp_path: Path,
                                                        resumable: bool) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)

    before = sim.gateway_connections
    await sim.drop_gateway(resumable=resumable)
    await sim.wait_reconnected(before)
    if resumable:
        assert sim.gateway.resume_count >= 1
    else:
        assert sim.gateway.identify_count >= 2
    guild = sim.guild
    assert guild is not None
    await sim.wait_for(lambda: bot.is_ready() and bot.get_guild(guild.id) is not None,
                       message="bot not ready again")

    # A slash command works.
    await card(sim, sim.alice, 3, gid)
    assert (await bot.service.log(gid))[-1].action == {"type": "choose_card", "value": 3}

    # A button posted before the drop works, and so does the panel it opens.
    board = turn_messages(sim, sim.channel, gid)[0]
    opened = await sim.click(sim.bob, board, custom_id=f"tr:p:{gid}")
    assert opened.ephemeral and opened.message is not None and opened.message.selects
    record = await bot.service.get(gid)
    idx = record.game.legal_actions(record.state, seat_of(record, sim.bob)).index({"type": "choose_card", "value": 5})
    select = opened.message.component(prefix=f"tr:s:{gid}:{record.state_version}:")
    await sim.select(sim.bob, opened.message, select.custom_id, [option_of(select.option_values, idx)])
    await settle()
    assert view_of(await bot.service.get(gid))["phase"] == "movement"
    assert "Movement cards" in turn_messages(sim, sim.channel, gid)[-1].content


async def test_normal_moves_are_answered_at_once_before_their_board_is_drawn(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each move is answered directly (no "thinking…" first), and a move that draws a board answers
    its player before the board is posted: how long a move takes is bench/'s to measure, not a test's."""
    monkeypatch.setattr(common, "KEEP_ALIVE_AFTER", 3600.0)  # a busy machine never gets the keep-alive in first
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    first = await card(sim, sim.alice, 3, gid)
    second = await card(sim, sim.bob, 5, gid)
    walked = await sim.slash(sim.alice, sim.channel, "mali move", options={"scout": "Janek", "to": "elektrownia"})
    await settle()
    boards = len(board_posts(sim))
    requests = len(sim.requests)

    ended = await sim.slash(sim.alice, sim.channel, "mali end", options={"game": gid})
    await settle()
    assert len(board_posts(sim)) == boards + 1  # this turn rendered and posted a new board

    for rec in (first, second, walked, ended):
        assert rec.acknowledged and not rec.errors
        assert rec.response_type == 4  # answered at once, no "thinking" defer was needed
    posts = [r for r in sim.requests[requests:] if r.method == "POST"]
    answer = [r.path for r in posts].index(f"/interactions/{ended.id}/{ended.token}/callback")
    board = next(i for i, r in enumerate(posts) if any(f.endswith("-board.png") for f in r.files))
    assert answer < board, posts
    assert not sim.failed_interactions
