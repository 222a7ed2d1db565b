"""Nothing said twice across a takeover (issue #23): a delivery killed between Discord's answer and
the commit that marks it, then made again, as the process taking the shard over makes it. The post,
the DMs and the reminder go out with the same nonces, and Discord (the simulator: enforce_nonce)
gives back what was already sent. The real bot on SQLite, a fixed seed, the bot's clock moved by
hand."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.app import TabletopBot
from tests.e2e.harness import Clock, settle, sqlite, start_bot
from tests.fakediscord import FakeDiscord, Message, User

SEED = 1


class Killed(Exception):
    """What stands for a kill -9 here: nothing after it in the delivery is done."""


def kill_once(monkeypatch: pytest.MonkeyPatch, target: Any, name: str,
              when: Callable[..., bool] = lambda *_a, **_k: True) -> list[str]:
    """`target.name` raises Killed the first time it is called as `when` says (the send is done,
    the mark that follows is not), then works again; the list says when it was killed."""
    real = getattr(target, name)
    killed: list[str] = []

    async def once(*args: Any, **kwargs: Any) -> Any:
        if not killed and when(*args, **kwargs):
            killed.append(name)
            raise Killed(name)
        return await real(*args, **kwargs)

    monkeypatch.setattr(target, name, once)
    return killed


async def open_game(sim: FakeDiscord, bot: TabletopBot, **options: Any) -> int:
    """A started 2-player Mali game: alice opens, bob joins, alice starts."""
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2, **options})
    assert opened.message is not None
    found = re.search(r"table #(\d+)", opened.message.text)
    assert found is not None
    await sim.click(sim.bob, opened.message, label="Join")
    await sim.click(sim.alice, opened.message, label="Start")
    await settle()
    return int(found[1])


def taken_over(bot: TabletopBot) -> None:
    """What a process taking over starts with: no board remembered as posted (so its post would
    carry one, unlike the first attempt's twin)."""
    bot.presenter.last_board.clear()


def reminded(sim: FakeDiscord, user: User, gid: int) -> list[Message]:
    assert sim.channel is not None
    return [m for m in sim.dm_messages(user) + sim.channel_messages(sim.channel)
            if m.content.startswith("⏰") and f"<@{user.id}>" in m.content and f"game #{gid}" in m.content]


async def test_a_killed_delivery_sent_again_posts_dms_and_reminds_once(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sim = fake_discord
    assert sim.channel is not None
    clock = Clock()
    bot = await start_bot(sim, sqlite(tmp_path), clock, seed=SEED)
    await sim.slash(sim.alice, sim.channel, "game notify", options={"mode": "dm"})  # alice: reminders by DM
    gid = await open_game(sim, bot, turn_hours=24, on_timeout="default")
    service = bot.service
    waiting = (await service.get(gid)).waiting_users
    assert sorted(waiting) == sorted([str(sim.alice.id), str(sim.bob.id)]), waiting  # both choose a card

    # The reminders: each sent, the first one's mark killed; the new owner's tick sends it again.
    killed = kill_once(monkeypatch, service, "mark_reminded")
    clock.advance(hours=19)  # past 75% of the window
    with pytest.raises(Killed):
        await bot.scheduler.tick()
    assert killed and len(reminded(sim, sim.alice, gid) + reminded(sim, sim.bob, gid)) == 1
    taken_over(bot)
    await bot.scheduler.tick()
    assert (await service.get(gid)).reminded  # marked this time
    await bot.scheduler.tick()
    for user in (sim.alice, sim.bob):
        assert len(reminded(sim, user, gid)) == 1, (user.username, [m.content for m in reminded(sim, user, gid)])
    assert reminded(sim, sim.alice, gid)[0] in sim.dm_messages(sim.alice)  # as she asked: by DM

    # The time-out: its DMs (each seat's card, played for it) and its post sent, their mark killed.
    killed = kill_once(monkeypatch, service, "mark_delivered", lambda *_a, posted=False, **_k: posted)
    clock.advance(hours=6)  # past the deadline
    with pytest.raises(Killed):
        await bot.scheduler.tick()
    assert killed
    timed_out = [m for m in sim.channel_messages(sim.channel) if "ran out of time" in m.content]
    dms = {u.username: [m for m in sim.dm_messages(u) if "You play card" in m.content] for u in (sim.alice, sim.bob)}
    assert len(timed_out) == 1 and all(len(d) == 1 for d in dms.values()), (timed_out, dms)
    assert await service.games_to_post() == [gid]  # not marked: a new owner sends it all again
    taken_over(bot)
    await bot.scheduler.tick()
    await settle()
    assert await service.games_to_post() == []
    # The first post came back from Discord; red's clock kept running, so the same tick timed red
    # out again: a post of its own, after the first post was marked.
    revealed = [m.id for m in sim.channel_messages(sim.channel) if "Movement cards: " in m.content]
    assert revealed == [timed_out[0].id], revealed
    later = [m for m in sim.channel_messages(sim.channel) if m.id > timed_out[0].id and f"game #{gid}" in m.content]
    assert len(later) == 1 and "Movement cards: " not in later[0].content, [m.content for m in later]
    for user in (sim.alice, sim.bob):
        again = [m.id for m in sim.dm_messages(user) if "You play card" in m.content]
        assert again == [dms[user.username][0].id], (user.username, again)
    assert not sim.spec_violations


@pytest.mark.parametrize("kill", ["mark_delivered", "_post"])
async def test_a_retry_that_covers_more_rows_repeats_the_killed_post_then_tells_the_rest(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kill: str) -> None:
    """A move written between the killed post and the retry. The killed post noted its rows and
    its nonce before it was sent, so the retry makes exactly that post again (Discord gives back
    the one made: `mark_delivered`, killed after the send; or makes it now: `_post`, killed
    before), then posts the new rows alone: every line is said once."""
    sim = fake_discord
    assert sim.channel is not None
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await open_game(sim, bot)
    service = bot.service
    before = {m.id for m in sim.channel_messages(sim.channel)}
    if kill == "mark_delivered":
        killed = kill_once(monkeypatch, service, kill, lambda *_a, posted=False, **_k: posted)
    else:
        killed = kill_once(monkeypatch, bot.presenter, kill)
    await sim.slash(sim.alice, sim.channel, "mali card", options={"value": 3, "game": gid})
    await settle()
    assert killed  # alice's line was posted (or not), its mark lost
    posted = [m for m in sim.channel_messages(sim.channel) if m.id not in before and f"game #{gid}" in m.content]
    assert len(posted) == (kill == "mark_delivered"), [m.content for m in posted]
    await sim.slash(sim.bob, sim.channel, "mali card", options={"value": 5, "game": gid})
    await settle()
    await bot.presenter.drain()
    assert await service.games_to_post() == []
    posts = [m for m in sim.channel_messages(sim.channel) if m.id not in before and f"game #{gid}" in m.content]
    assert len(posts) == 2, [m.content for m in posts]
    first, second = posts
    assert posted in ([], [first])
    assert "Red has chosen" in first.content and "Green has chosen" not in first.content, first.content
    assert "Red has chosen" not in second.content and "Red and Green" not in second.content, second.content
    assert "Green has chosen a movement card." in second.content, second.content
    assert "Movement cards: Red 3, Green 5." in second.content, second.content
    assert not sim.spec_violations


async def test_a_killed_start_opens_one_thread_and_hands_each_secret_out_once(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table played in a thread: its start's delivery is killed once after the thread was made
    (before its id was stored), then once after the packages and the first post (before the mark).
    The deliveries made again find the thread (Discord refuses a second one on the table's message)
    and send the packages and the post with the same nonces: one thread, one package a player, one
    opening post."""
    sim = fake_discord
    assert sim.channel is not None
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    service = bot.service
    sim.expect_errors(160004)  # the second thread asked for, on the table's message
    killed = kill_once(monkeypatch, service, "set_thread")
    gid = await open_game(sim, bot, thread=True)
    assert killed and (await service.get(gid)).thread_id is None
    threads = [c for c in sim.channels.values() if c.is_thread and c.parent_id == sim.channel.id]
    assert len(threads) == 1 and not sim.dm_messages(sim.alice)  # made; nothing told yet
    killed = kill_once(monkeypatch, service, "mark_delivered", lambda *_a, posted=False, **_k: posted)
    taken_over(bot)
    await bot.presenter.drain()  # the new owner's tick (it logs the kill)
    assert killed and await service.games_to_post() == [gid]
    assert [len([m for m in sim.dm_messages(u) if f"game #{gid} has started" in m.text])
            for u in (sim.alice, sim.bob)] == [1, 1]
    taken_over(bot)
    await bot.presenter.drain()
    assert await service.games_to_post() == []
    assert [c.id for c in sim.channels.values() if c.is_thread and c.parent_id == sim.channel.id] == [threads[0].id]
    assert (await service.get(gid)).thread_id == threads[0].id
    for user in (sim.alice, sim.bob):
        packages = [m for m in sim.dm_messages(user) if f"game #{gid} has started" in m.text]
        assert len(packages) == 1, (user.username, [m.text[:80] for m in sim.dm_messages(user)])
    opening = [m for m in sim.channel_messages(threads[0]) if f"game #{gid}" in m.content]
    assert len(opening) == 1, [m.content for m in opening]
    assert not [m for m in sim.channel_messages(sim.channel) if f"game #{gid}" in m.content]
    assert not sim.spec_violations
