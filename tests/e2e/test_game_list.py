"""`/game list` on a busy server: every page fits a Discord message, the caller's games come
first (those waiting on them at the top), then the open tables, then the rest; "… and N more"
names the next page, and every game is on exactly one page."""

from __future__ import annotations

import re
from pathlib import Path

from cogs.listing import LINE_CHARS, PAGE_LINES, pages
from tests.e2e.harness import said, sqlite, start_bot
from tests.fakediscord import FakeDiscord

RUNNING_OTHERS = 40  # games of dave and erin
OPEN_OTHERS = 110  # tables carol opened
MINE = 6  # games alice plays in: three open tables, three running


async def test_a_busy_server_lists_my_games_first_in_pages(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=5)
    assert sim.guild is not None and sim.channel is not None
    service, guild, channel = bot.service, sim.guild.id, sim.channel.id
    dave, erin = sim.add_user("dave_l"), sim.add_user("erin_l")
    for _ in range(RUNNING_OTHERS):
        table = await service.open_table(guild, channel, dave.id, "mali", {}, {"max_players": 2})
        await service.join(table.id, erin.id)
        await service.start(table.id, dave.id)
    for _ in range(OPEN_OTHERS):
        await service.open_table(guild, channel, sim.carol.id, "westerplatte", {}, {"max_players": 4})
    mine_open, mine_running = [], []
    for _ in range(MINE // 2):
        mine_open.append((await service.open_table(guild, channel, sim.alice.id, "mali", {}, {"max_players": 3})).id)
        table = await service.open_table(guild, channel, sim.bob.id, "mali", {}, {"max_players": 2})
        await service.join(table.id, sim.alice.id)
        mine_running.append((await service.start(table.id, sim.bob.id)).record.id)
    total = RUNNING_OTHERS + OPEN_OTHERS + MINE

    first = await sim.slash(sim.alice, sim.channel, "game list")
    text = said(first)
    assert not first.errors and len(text) <= 2000, (len(text), first.errors)
    listed = [int(n) for n in re.findall(r"^#(\d+) ", text, re.MULTILINE)]
    assert len(listed) <= PAGE_LINES and set(listed[:MINE]) == set(mine_open + mine_running), text
    records = {r.id: r for r in await service.in_guild(guild)}
    waiting_on_alice = [g for g in mine_running if records[g].seat_of(str(sim.alice.id)) in records[g].to_act]
    assert listed[: len(waiting_on_alice)] == sorted(waiting_on_alice, key=listed.index)  # hers to play, at the top
    assert all(records[g].status == "open" for g in listed[MINE:])  # then the open tables
    pages_told = re.search(r"^Page 1 of (\d+):", text, re.MULTILINE)
    assert pages_told is not None, text
    count = int(pages_told[1])
    assert f"… and {total - len(listed)} more: `/game list page:2`." in text

    seen = list(listed)
    for number in range(2, count + 1):
        page = await sim.slash(sim.alice, sim.channel, "game list", options={"page": number})
        shown = said(page)
        assert len(shown) <= 2000 and shown.startswith(f"Page {number} of {count}:"), shown
        seen += [int(n) for n in re.findall(r"^#(\d+) ", shown, re.MULTILINE)]
        assert ("more: `/game list page:" in shown) == (number < count)
    assert sorted(seen) == sorted(records) and len(seen) == total  # each game once
    assert seen.index(min(g for g in records if records[g].status == "running" and g not in mine_running)) > max(
        seen.index(g) for g in records if records[g].status == "open"
    )  # the rest come last

    beyond = said(await sim.slash(sim.alice, sim.channel, "game list", options={"page": count + 1}))
    assert f"only {count} pages of games" in beyond  # more than one page: the plural
    # someone with no games sees the open tables first, newest first
    dave_sees = said(await sim.slash(sim.dave, sim.channel, "game list"))
    first_ids = [int(n) for n in re.findall(r"^#(\d+) ", dave_sees, re.MULTILINE)]
    assert "**yours**" not in dave_sees and len(dave_sees) <= 2000
    assert all(records[g].status == "open" for g in first_ids) and first_ids == sorted(first_ids, reverse=True)


def test_pages_hold_long_lines_within_the_limits() -> None:
    lines = [f"#{i} " + "x" * (LINE_CHARS - 10) for i in range(50)]
    split = pages(lines)
    assert [line for page in split for line in page] == lines
    assert all(len("\n".join(page)) <= 1400 and len(page) <= PAGE_LINES for page in split)
