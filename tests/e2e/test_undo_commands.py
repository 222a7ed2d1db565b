"""Through Discord: one undo takes back everything a command did (a route walked over several
spaces), and the reply and the public line say what was taken back and where the pieces stand now
(issue 22). A barrier inside a command stops the undo there; a double click takes back one command."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cogs.maquis import option_value
from games.base import Action, canonical
from games.mali import GAME as MALI
from games.maquis.board import LOCATIONS
from games.simulate import choose, playout_rng
from tests.e2e.harness import action_of, message_of, said, seat_of, settle, sqlite, start_bot, two_player_game, view_of
from tests.e2e.test_africa_commands import SEED as AFRICA_SEED
from tests.e2e.test_africa_commands import Table, new_game
from tests.e2e.test_maquis_commands import SEED as MAQUIS_SEED
from tests.e2e.test_maquis_commands import table as maquis_table
from tests.e2e.test_westerplatte_commands import SEED as WESTERPLATTE_SEED
from tests.e2e.test_westerplatte_commands import table as westerplatte_table
from tests.fakediscord import FakeDiscord, InteractionRecord, Message, User

MALI_ROUTE = ("Red's Janek Budynek PAST-y → Elektrownia Powiśle, 2 steps, picks up O28 at Plac Trzech Krzyży. "
              "Janek stands on Budynek PAST-y again.")


async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> InteractionRecord:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


def channel_text(sim: FakeDiscord) -> str:
    return "\n".join(m.text for m in sim.channel_messages(sim.channel))


def undo_id(message: Message, gid: int) -> str:
    found = [c.custom_id for c in message.components if c.custom_id and c.custom_id.startswith(f"tr:u:{gid}:")]
    assert found, message.text
    return str(found[0])


async def mali_moving(sim: FakeDiscord, tmp_path: Path) -> tuple[Any, int]:
    """Seed 1, basic: Red (Alice) moves first with card 4, Green (Bob) plays card 5."""
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    await slash(sim, sim.alice, "mali card", value=4)
    await slash(sim, sim.bob, "mali card", value=5)
    return bot, gid


async def test_mali_one_undo_takes_back_the_whole_route(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot, gid = await mali_moving(sim, tmp_path)
    start = await bot.service.get(gid)
    posts = len(sim.channel_messages(sim.channel))
    moved = await slash(sim, sim.alice, "mali move", scout="Janek", to="elektrownia")
    record = await bot.service.get(gid)
    assert [action_of(e)["type"] for e in (await bot.service.log(gid))[-3:]] == ["step", "pick_up", "step"]
    assert record.to_act == ["s1"]
    undone = await slash(sim, sim.alice, "game undo")
    assert undone.ephemeral and said(undone).startswith(f"Taken back: {MALI_ROUTE}"), said(undone)
    back = await bot.service.get(gid)
    assert back.snapshot == start.snapshot and back.state_version == record.state_version + 1
    assert [e.undone for e in (await bot.service.log(gid))[-3:]] == [True, True, True]
    # Nobody had been told of the route (the same turn goes on): the channel hears of neither.
    assert len(sim.channel_messages(sim.channel)) == posts and "takes back" not in channel_text(sim)

    # Again, taken back by the Undo button of the move's answer, clicked twice at once: one command.
    await slash(sim, sim.alice, "mali move", scout="Zosia", to="plac_wilsona--pawiak#1")
    one = await bot.service.get(gid)
    moved = await slash(sim, sim.alice, "mali move", scout="Janek", to="elektrownia")
    two = await bot.service.get(gid)
    button = undo_id(message_of(moved), gid)
    assert button == f"tr:u:{gid}:{two.state_version}"
    clicks = await asyncio.gather(sim.click(sim.alice, message_of(moved), button),
                                  sim.click(sim.alice, message_of(moved), button))
    await settle()
    after = await bot.service.get(gid)
    assert after.snapshot == one.snapshot and after.state_version == two.state_version + 1
    answers = [c.message.text if c.message is not None else "" for c in clicks]
    assert any(a.startswith(f"Taken back: {MALI_ROUTE}") for a in answers), answers
    assert any("out of date" in a for a in answers), answers
    assert canonical(after.game.dump(await bot.service.rebuild(gid))) == canonical(after.snapshot)


async def test_mali_a_barrier_inside_the_route_stops_the_undo_and_the_channel_hears(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pick-up that may not be taken back (as if it revealed something: the engine's barrier is
    replaced for this test) stops the undo after it; the route was told, and so is the undo."""
    plain = type(MALI).undo_barrier

    def reveals(self: Any, before: Any, seat: str, action: Action, after: Any) -> bool:
        return action["type"] == "pick_up" or bool(plain(self, before, seat, action, after))

    monkeypatch.setattr(type(MALI), "undo_barrier", reveals)
    sim = fake_discord
    bot, gid = await mali_moving(sim, tmp_path)
    await slash(sim, sim.alice, "mali move", scout="Janek", to="elektrownia")
    undone = await slash(sim, sim.alice, "game undo")
    words = ("Red's Janek Plac Trzech Krzyży → Elektrownia Powiśle, 1 step. "
             "Janek stands on Plac Trzech Krzyży again, carrying O28.")
    assert said(undone).startswith(f"Taken back: {words}"), said(undone)
    record = await bot.service.get(gid)
    janek = next(sc for p in view_of(record)["players"] for sc in p["scouts"] if sc["name"] == "Janek")
    assert (janek["at"], janek["carrying"]) == ("plac_trzech_krzyzy", "O28")
    assert [e.undone for e in (await bot.service.log(gid))[-3:]] == [False, False, True]
    told = channel_text(sim)
    assert f"<@{sim.alice.id}> takes back: {words}" in told.splitlines() and "picks up O28" in told, told
    again = await slash(sim, sim.alice, "game undo")
    assert "can't be taken back" in said(again)
    assert (await bot.service.get(gid)).snapshot == record.snapshot


async def test_africa_one_undo_takes_back_the_whole_route(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=AFRICA_SEED)
    gid = await new_game(sim, bot)
    table = Table(bot, gid, AFRICA_SEED)
    start = await table.until(lambda r: view_of(r)["stage"] == "turn"
                              and (view_of(r)["turn"] or {}).get("step") == "actions")
    red = seat_of(start, sim.alice)
    assert start.to_act == [red]
    await bot.presenter.deliver(gid)
    posts = len(sim.channel_messages(sim.channel))
    moved = await slash(sim, sim.alice, "africa move", piece="South West Africa", to="Madagascar")
    assert [action_of(e)["type"] for e in (await bot.service.log(gid))[-3:]] == ["move"] * 3
    record = await bot.service.get(gid)
    assert view_of(record)["areas"]["madagascar"]["traders"] == {"red": 1}

    # Clicked twice at once, the move's Undo button takes the whole route back once.
    button = undo_id(message_of(moved), gid)
    clicks = await asyncio.gather(sim.click(sim.alice, message_of(moved), button),
                                  sim.click(sim.alice, message_of(moved), button))
    await settle()
    back = await bot.service.get(gid)
    assert back.snapshot == start.snapshot and back.state_version == record.state_version + 1
    answers = [c.message.text if c.message is not None else "" for c in clicks]
    taken = [a for a in answers if a.startswith("Taken back: ")]
    assert len(taken) == 1 and any("out of date" in a for a in answers), answers
    assert taken[0].startswith("Taken back: Red's trader South West Africa → ") and \
        "→ Madagascar. Red's trader is back in South West Africa (5 Red traders there)." in taken[0], taken[0]
    assert [e.undone for e in (await bot.service.log(gid))[-3:]] == [True, True, True]
    assert len(sim.channel_messages(sim.channel)) == posts  # the route was never told: nor is its undo
    assert canonical(back.game.dump(await bot.service.rebuild(gid))) == canonical(back.snapshot)


async def test_westerplatte_one_undo_takes_back_the_whole_walk(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=WESTERPLATTE_SEED)
    gid = await westerplatte_table(sim, bot, 4)
    start = await bot.service.get(gid)
    assert start.to_act == [seat_of(start, sim.alice)]
    await bot.presenter.deliver(gid)
    posts = len(sim.channel_messages(sim.channel))
    walked = await slash(sim, sim.alice, "westerplatte move", to="guardhouse 2")
    moved = await bot.service.get(gid)
    assert [action_of(e)["type"] for e in (await bot.service.log(gid))[-2:]] == ["move", "move"]
    undone = await slash(sim, sim.alice, "game undo")
    assert next(o for o in view_of(start)["officers"] if o["id"] == "o1")["at"] == "outpost_c"
    assert said(undone).startswith("Taken back: Red officer outpost C → outpost B → guardhouse 2. "
                                   "Red officer stands on outpost C again."), said(undone)
    back = await bot.service.get(gid)
    assert back.snapshot == start.snapshot and back.state_version == moved.state_version + 1
    assert [e.undone for e in (await bot.service.log(gid))[-2:]] == [True, True]
    assert len(sim.channel_messages(sim.channel)) == posts  # never told: nor is its undo
    stale = await sim.click(sim.alice, message_of(walked), undo_id(message_of(walked), gid))
    await settle()
    assert "out of date" in said(stale) and (await bot.service.get(gid)).snapshot == start.snapshot


async def test_maquis_an_activation_taken_back_says_where_the_partisan_waits(fake_discord: FakeDiscord,
                                                                            tmp_path: Path) -> None:
    """Maquis plays one action per command: its undo says what was taken back and that the
    partisan waits on its location again."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=MAQUIS_SEED)
    gid = await maquis_table(sim, bot, 1)
    rng = playout_rng(MAQUIS_SEED)
    record = await bot.service.get(gid)
    for _ in range(200):
        if view_of(record)["phase"] == "action":
            undoable = [a for a in record.game.legal_actions(record.state, record.seats[0]) if a["type"] == "activate"
                        and a["at"] in LOCATIONS and not record.game.undo_barrier(
                            record.state, record.seats[0], a, record.game.apply(record.state, record.seats[0], a)[0])]
            if undoable:
                break
        _, action = choose(record.game, record.state, rng)
        await bot.service.act(gid, sim.alice.id, action)
        record = await bot.service.get(gid)
    else:
        raise AssertionError("no activation that may be taken back")
    chosen = undoable[0]
    await bot.presenter.deliver(gid)
    acted = await slash(sim, sim.alice, "maquis activate", partisan=chosen["at"], action=option_value(chosen))
    assert "went wrong" not in said(acted) and (await bot.service.get(gid)).snapshot != record.snapshot
    undone = await slash(sim, sim.alice, "game undo")
    name = LOCATIONS[chosen["at"]]["name"]
    assert said(undone).startswith("Taken back: ") and \
        f"The partisan on {name} waits there again, not yet activated." in said(undone), said(undone)
    assert (await bot.service.get(gid)).snapshot == record.snapshot
