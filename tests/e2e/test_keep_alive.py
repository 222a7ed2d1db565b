"""A busy moment never costs a player their move: any command, button or form still unanswered
0.8 s after it was made is acknowledged, and answered afterwards as it would have been."""
from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs import common
from tests.e2e.harness import settle, sqlite, start_bot, texts
from tests.fakediscord import FakeDiscord

AFTER = 0.05  # seconds: the keep-alive's delay, patched down from 0.8 s (nothing here sleeps for it)
WINDOW = 2.0  # Discord's is 3 s; shorter here: an answer that waits for a missing acknowledgement is late


@pytest.fixture(autouse=True)
def quick_keep_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "KEEP_ALIVE_AFTER", AFTER)


def slowed(sim: FakeDiscord, target: Any, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`target.name` is busy until the interaction being handled was acknowledged (at most past
    the window): its answer comes only after the keep-alive's acknowledgement, or too late."""
    real = getattr(target, name)

    async def slow(*args: Any, **kwargs: Any) -> Any:
        latest = max(sim.interactions.values(), key=lambda r: r.id)
        with contextlib.suppress(TimeoutError):  # not acknowledged: answered late, and refused
            await sim.wait_for(lambda: latest.acknowledged, WINDOW + 0.5)
        return await real(*args, **kwargs)

    monkeypatch.setattr(target, name, slow)


def acknowledged_in_time(result: Any) -> None:
    """The simulator refuses a first answer after its window: no error means it came in time."""
    assert result.acknowledged and not result.errors, result.errors


async def test_slow_commands_and_buttons_are_acknowledged_then_answered(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sim = fake_discord
    sim.ack_timeout = WINDOW
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    # A public answer (a new table) after a private "thinking…": the table is still posted publicly.
    slowed(sim, bot.service, "open_table", monkeypatch)
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2})
    await settle()
    acknowledged_in_time(opened)
    assert opened.response_type == 5  # deferred, "thinking…"
    tables = [m for m in sim.channel_messages(sim.channel) if "opened a table" in m.text]
    assert len(tables) == 1 and not tables[0].ephemeral
    gid = int(re.findall(r"table #(\d+)", tables[0].text)[0])
    assert (await bot.service.get(gid)).table_message_id == tables[0].id

    # A button whose message is edited: a deferred update, then the edit and the public line.
    slowed(sim, bot.service, "join", monkeypatch)
    joined = await sim.click(sim.bob, tables[0], label="Join")
    await settle()
    acknowledged_in_time(joined)
    assert joined.response_type == 6
    assert "joined table" in texts(sim.channel_messages(sim.channel))
    assert (await bot.service.get(gid)).seats == ["s1", "s2"]
    assert tables[0].history, "the table message was not edited to show the new seat"

    # A private answer: the same reply, privately, after the acknowledgement.
    slowed(sim, bot.service, "in_guild", monkeypatch)
    listed = await sim.slash(sim.carol, sim.channel, "game list")
    await settle()
    acknowledged_in_time(listed)
    assert listed.ephemeral and f"#{gid}" in listed.content


async def test_quick_answers_need_no_acknowledgement(fake_discord: FakeDiscord, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    sim = fake_discord
    watched: list[discord.Interaction] = []

    real = common.keep_alive

    async def keep_alive(interaction: discord.Interaction) -> None:
        # The keep-alive wakes only once the answer is given, however slow a busy machine is.
        await sim.wait_for(interaction.response.is_done, 30.0, message="the command was never answered")
        await real(interaction)
        watched.append(interaction)

    monkeypatch.setattr(common, "keep_alive", keep_alive)  # before the bot loads its lobby
    await start_bot(sim, sqlite(tmp_path), seed=1)
    listed = await sim.slash(sim.alice, sim.channel, "game list")
    await settle()
    assert listed.response_type == 4 and listed.ephemeral and not listed.errors
    # The keep-alive wakes, finds the answer given, and does nothing.
    await sim.wait_for(lambda: watched, message="the keep-alive did not end")
    assert [i.id for i in watched] == [listed.id]
    assert not listed.errors and listed.response_type == 4
