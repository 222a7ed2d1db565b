"""A new game joins by its own packages and one registry line (issue: platform).

tests/sample_game holds Nim laid out as a real game: games/nim, cogs/nim and renderers/nim, and
nothing else. The fixture does what adding a game does: the three folders appear beside the others
and the package name goes into games.registry.PACKAGES. Then Nim passes the conformance suite and
is played through Discord like any game.
"""
from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cogs
import games
import renderers
from bot import gate
from games import registry
from games.base import Game
from tests.conformance.test_games import _play
from tests.conformance.walk import configs
from tests.e2e.harness import settle, sqlite, start_bot, turn_messages
from tests.fakediscord import FakeDiscord

TREE = Path(__file__).parent / "sample_game"


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    for package in (games, cogs, renderers):
        monkeypatch.setattr(package, "__path__", [*package.__path__, str(TREE / package.__name__)])
    monkeypatch.setattr(registry, "PACKAGES", (*registry.PACKAGES, "nim"))  # the registry line
    game = registry._load("nim")
    monkeypatch.setitem(registry.GAMES, game.key, game)
    yield game
    for name in [m for m in sys.modules if m.split(".")[-1] == "nim"]:
        del sys.modules[name]


def test_the_sample_game_is_only_its_own_folders() -> None:
    files = sorted(p.relative_to(TREE).as_posix() for p in TREE.rglob("*.py"))
    assert files == ["cogs/nim/__init__.py", "games/nim/__init__.py", "renderers/nim/__init__.py"]


def test_the_sample_game_keeps_the_contract(nim: Game) -> None:
    for players, options in configs(nim):
        final, _ = _play(nim, players, options, 5, deep=True)
        assert '"outcome":{' in final


async def test_the_sample_game_plays_through_discord(nim: Game, fake_discord: FakeDiscord,
                                                    tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=3, render_workers=0)
    assert "nim" in bot.game_uis
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "nim", "players": 2})
    assert opened.message is not None
    found = re.search(r"table #(\d+)", opened.message.text)
    assert found is not None
    gid = int(found[1])
    await sim.click(sim.bob, opened.message, label="Join")
    await sim.click(sim.alice, opened.message, label="Start")
    await settle()
    record = await bot.service.get(gid)
    lucky: dict[str, Any] = {}
    for seat in record.seats:
        view = gate.private(record, seat)
        assert view is not None
        lucky[seat] = view["me"]["lucky"]
    assert all(f"lucky number is {lucky[s]}" in "\n".join(m.text for m in sim.dm_messages(u))
               for s, u in zip(record.seats, (sim.alice, sim.bob), strict=True))
    board = turn_messages(sim, sim.channel, gid)[-1]
    assert "15 stones left" in board.text and board.attachments
    users = {str(u.id): u for u in (sim.alice, sim.bob)}
    by_button = True
    while record.status == "running":
        mover = users[record.waiting_users[0]]
        if by_button:
            panel = await sim.click(mover, turn_messages(sim, sim.channel, gid)[-1], custom_id=f"tr:p:{gid}")
            assert panel.message is not None
            await sim.click(mover, panel.message, prefix=f"tr:a:{gid}:{record.state_version}:")
        else:
            result = await sim.slash(mover, sim.channel, "nim take", options={"count": 1})
            assert result.ephemeral and result.message is not None and "went wrong" not in result.message.text
        by_button = not by_button
        await settle()
        record = await bot.service.get(gid)
    assert record.status == "finished"
    public = "\n".join(m.text for m in sim.channel_messages(sim.channel))
    assert "🏆 Winner: " in public and "lucky number is" not in public  # one winner at nim
    log: list[Any] = await bot.service.log(gid, limit=None)
    assert log and all(e.events for e in log)


async def test_two_games_move_ratings_and_stats_show_them(nim: Game, fake_discord: FakeDiscord,
                                                          tmp_path: Path) -> None:
    """Issue: players expect ratings. Two games by the same players: Elo from 1500, stats, board."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), render_workers=0)
    winners = []
    for seed in (3, 4):
        bot.service.new_seed = functools.partial(int, seed)  # type: ignore[method-assign]
        opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "nim", "players": 2})
        assert opened.message is not None
        found = re.search(r"table #(\d+)", opened.message.text)
        assert found is not None
        gid = int(found[1])
        await sim.click(sim.bob, opened.message, label="Join")
        await sim.click(sim.alice, opened.message, label="Start")
        await settle()
        record = await bot.service.get(gid)
        while record.status == "running":
            seat = record.to_act[0]
            await bot.service.act(gid, record.user_of(seat), {"type": "take", "count": 1})
            record = await bot.service.get(gid)
        await bot.presenter.deliver(gid)
        outcome = gate.outcome(record)
        assert outcome is not None
        winners.append(record.user_of(outcome["winners"][0]))
    board = await bot.service.leaderboard(sim.guild.id if sim.guild else 0, "nim")
    ratings = {str(r["user_id"]): r["rating"] for r in board}
    assert {r["games"] for r in board} == {2}
    if winners[0] == winners[1]:
        assert ratings[winners[0]] > 1500 > min(ratings.values())
    else:
        assert ratings[winners[1]] > 1500 > ratings[winners[0]]  # the second win was an upset
    stats = await sim.slash(sim.carol, sim.channel, "game stats", options={"player": sim.alice})
    await settle()
    text = "\n".join(m.text for m in stats.messages)
    assert "Nim: 2 played" in text and f"rating **{ratings[str(sim.alice.id)]}**" in text
    assert "Reliability: 100%" in text
    top = await sim.slash(sim.carol, sim.channel, "game leaderboard", options={"game": "nim"})
    await settle()
    assert "1." in top.messages[-1].text and "Elo" in top.messages[-1].text
