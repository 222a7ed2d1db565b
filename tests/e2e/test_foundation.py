"""The foundation end to end, through the Discord simulator, on SQLite and on PostgreSQL.

A table opens, three users join and one leaves, the game starts, moves are made by slash command and
by button, a stale button and a move out of turn are refused, the bot restarts mid-game and goes on,
a deadline passes and the default applies, closed DMs get the fallback, and the log rebuilds the state.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from games.base import canonical
from tests.e2e.harness import (
    Clock,
    act_id,
    database,
    option_of,
    said,
    settle,
    start_bot,
    stop_bot,
    turn_messages,
    user_of,
    view_of,
)
from tests.fakediscord import FakeDiscord


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async for url in database(request.param, tmp_path):
        yield url


def index_of(record: Any, seat: str, action: dict[str, Any]) -> int:
    return record.game.legal_actions(record.state, seat).index(action)


async def test_a_game_from_table_to_restart_and_deadline(fake_discord: FakeDiscord, db_url: str) -> None:
    sim = fake_discord
    sim.carol.dm_open = False
    clock = Clock()
    bot = await start_bot(sim, db_url, clock)

    # A table opens; bob and dave join by button, dave leaves, carol joins by command.
    r = await sim.slash(sim.alice, sim.channel, "game new",
                        options={"game": "mali", "players": 3, "turn_hours": 24, "on_timeout": "default"})
    table = r.message
    assert table is not None
    found = re.search(r"table #(\d+)", table.text)
    assert found is not None
    gid = int(found[1])
    await sim.click(sim.bob, table, label="Join")
    await sim.click(sim.dave, table, label="Join")
    await sim.click(sim.dave, table, label="Leave")
    await sim.slash(sim.carol, sim.channel, "game join")
    await settle()
    record = await bot.service.get(gid)
    assert record.players == [str(u.id) for u in (sim.alice, sim.bob, sim.carol)]
    assert "3/3" in sim.channel_messages(sim.channel)[0].text  # the table message was refreshed
    full = await sim.slash(sim.dave, sim.channel, "game join")
    assert full.ephemeral and full.message is not None and "full" in full.message.content
    not_creator = await sim.click(sim.bob, table, label="Start")
    await settle()
    assert (await bot.service.get(gid)).status == "open"
    assert not_creator.messages and not_creator.messages[-1].ephemeral

    # The creator starts: secrets by DM, carol's closed DMs get the table fallback, the board is posted.
    sim.expect_errors(50007)
    await sim.click(sim.alice, table, label="Start")
    await settle()
    record = await bot.service.get(gid)
    assert record.status == "running"
    channel_text = "\n".join(m.text for m in sim.channel_messages(sim.channel))
    assert f"<@{sim.carol.id}>" in channel_text and "/game hand" in channel_text
    assert sim.dm_messages(sim.alice) and sim.dm_messages(sim.bob) and not sim.dm_messages(sim.carol)
    board = turn_messages(sim, sim.channel, gid)[-1]
    assert board.attachments and board.attachments[0].image().size == (1600, 1350)  # Mali: board + phone header
    assert all(f"<@{u}>" in board.content for u in record.players)
    first = view_of(record)["track"][0]
    assert "First orders:" in board.content and all(o in board.content for o in first) and "/mali help" in board.content

    # Someone outside the game is refused, privately.
    outsider = await sim.click(sim.dave, board, custom_id=f"tr:p:{gid}")
    assert outsider.ephemeral and outsider.message is not None and "not playing" in outsider.message.content

    # A move by slash command; the same player again is out of turn and changes nothing.
    alice, bob, carol = record.seats  # the seats of alice, bob and carol, in join order
    card = record.game.legal_actions(record.state, alice)[0]["value"]
    await sim.slash(sim.alice, sim.channel, "mali card", options={"value": card})
    await settle()
    record = await bot.service.get(gid)
    assert alice not in record.to_act
    version = record.version
    again = await sim.slash(sim.alice, sim.channel, "mali card", options={"value": card})
    await settle()
    assert again.message is not None and "not your turn" in again.message.content.lower()
    assert (await bot.service.get(gid)).version == version

    # Bob opens his panel; carol picks meanwhile. Bob's own choices did not change, so his select
    # still plays: the pick he makes on it is his card.
    panel = (await sim.click(sim.bob, board, custom_id=f"tr:p:{gid}")).message
    assert panel is not None and panel.ephemeral and panel.components
    shown = record.state_version
    carol_card = record.game.legal_actions(record.state, carol)[-1]["value"]
    await sim.slash(sim.carol, sim.channel, "mali card", options={"value": carol_card})
    await settle()
    record = await bot.service.get(gid)
    assert bob in record.to_act and record.state_version > shown
    by_button = index_of(record, bob, {"type": "choose_card", "value": 2})
    select = panel.component(prefix=f"tr:s:{gid}:{shown}:")
    picked = await sim.select(sim.bob, panel, select.custom_id, [option_of(select.option_values, by_button)])
    await settle()
    assert "out of date" not in said(picked) and not picked.errors
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "movement"  # all three chose: revealed
    log = await bot.service.log(gid)
    assert [e.action for e in log[-3:]] == [{"type": "choose_card", "value": v} for v in (card, carol_card, 2)]

    # The bot restarts mid-game; a button posted before the restart still works.
    before = turn_messages(sim, sim.channel, gid)[-1]
    await stop_bot(sim, bot)
    bot = await start_bot(sim, db_url, clock)
    mover = record.to_act[0]
    opened = await sim.click(user_of(sim, mover, record), before, custom_id=f"tr:p:{gid}")
    assert opened.ephemeral and opened.message is not None and opened.message.components
    end = index_of(record, mover, {"type": "end_turn"})
    await sim.click(user_of(sim, mover, record), opened.message,
                    custom_id=act_id(opened.message, gid, record.state_version, end))
    await settle()
    after = await bot.service.get(gid)
    assert after.version > record.version and (await bot.service.log(gid))[-1].action == {"type": "end_turn"}

    # A deadline passes: the table's choice ("default") plays a safe move for whoever owes one.
    waiting = list(after.to_act)
    clock.advance(hours=25)
    await bot.scheduler.tick()
    await settle()
    timed = await bot.service.get(gid)
    last = (await bot.service.log(gid))[-1]
    assert last.by == "timeout" and last.seat in waiting and timed.version > after.version
    assert "time" in sim.channel_messages(sim.channel)[-1].text.lower()

    # The log rebuilds the state exactly.
    rebuilt = await bot.service.rebuild(gid)
    assert canonical(timed.game.dump(rebuilt)) == canonical(timed.snapshot)

    # Carol, whose DMs are closed, reads her secrets with /game hand; the log and status answer privately.
    hand = await sim.slash(sim.carol, sim.channel, "game hand")
    await settle()
    assert hand.ephemeral and "orange" in hand.messages[-1].content.lower()
    log_reply = await sim.slash(sim.bob, sim.channel, "game log")
    await settle()
    chosen = [line for line in log_reply.messages[-1].content.splitlines() if "has chosen" in line]
    # Before the reveal a choice shows only as a choice; the log speaks in the game's words.
    assert [line.endswith("has chosen a movement card.") for line in chosen] == [True, True, False]
    assert "choose_card" not in log_reply.messages[-1].content
    status = await sim.slash(sim.bob, sim.channel, "game status")
    await settle()
    assert status.messages[-1].attachments
    listing = await sim.slash(sim.dave, sim.channel, "game list")
    assert listing.message is not None and f"#{gid}" in listing.message.content
