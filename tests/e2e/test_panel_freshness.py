"""A panel stays good while the action it names is legal for its seat: through bookkeeping, and
through other players' simultaneous picks (Mali's objective draft and movement cards, Heart of
Africa's sealed bids and conflict commitments). It refuses, with the seat's fresh choices, only
when its seat's own choices lost the action. A DM or private panel whose turn has passed is
closed: it says so, and its buttons are disabled."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.harness import (
    act_id,
    message_of,
    option_of,
    said,
    seat_of,
    settle,
    sqlite,
    start_bot,
    stop_bot,
    turn_messages,
    two_player_game,
    view_of,
)
from tests.e2e.test_africa_commands import SEED as AFRICA_SEED
from tests.e2e.test_africa_commands import Table, new_game
from tests.e2e.test_maquis_commands import table as maquis_table
from tests.e2e.test_westerplatte_commands import SEED as WESTERPLATTE_SEED
from tests.e2e.test_westerplatte_commands import table as westerplatte_table
from tests.fakediscord import FakeDiscord, InteractionRecord, Message, User

PASSED = "⌛ **Your turn has passed:**"


async def press(sim: FakeDiscord, user: User, panel: Message, gid: int, version: int, idx: int) -> InteractionRecord:
    """Play the action at index `idx` (of the seat's legal actions at `version`) from `panel`: its
    button, or its option in one of the panel's selects."""
    button = act_id(panel, gid, version, idx)
    if button is not None:
        result = await sim.click(user, panel, custom_id=button)
    else:
        select, value = next((c, option_of(c.option_values, idx)) for c in panel.components
                             if c.is_select and (c.custom_id or "").startswith(f"tr:s:{gid}:{version}:")
                             and option_of(c.option_values, idx) is not None)
        result = await sim.select(user, panel, select.custom_id, [value])
    await settle()
    return result


def closed(message: Message) -> bool:
    return bool(message.components) and all(c.disabled for c in message.components)


async def my_turn(sim: FakeDiscord, user: User, gid: int, record: Any) -> Message:
    """The user's panel, opened with "My turn" under the latest post."""
    posts = turn_messages(sim, sim.channels[record.where], gid)
    panel = message_of(await sim.click(user, posts[-1], custom_id=f"tr:p:{gid}"))
    assert panel.ephemeral and panel.components and not closed(panel), panel.text
    return panel


async def test_a_panel_shown_before_a_bookkeeping_write_still_plays(fake_discord: FakeDiscord,
                                                                    tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    record = await bot.service.get(gid)
    seat = record.to_act[0]
    user = sim.alice if record.user_of(seat) == str(sim.alice.id) else sim.bob
    panel = await sim.slash(user, sim.channel, "mali panel")
    await settle()
    assert panel.message is not None and panel.message.components, panel.content
    # Bookkeeping meanwhile: the scheduler marks a reminder, the table message is recorded again.
    await bot.service.mark_reminded(gid, seat)
    kept = await bot.service.set_table_message(gid, record.channel_id, record.table_message_id or 1)
    assert kept.version == record.version + 2 and kept.state_version == record.state_version
    comp = panel.message.components[0]
    if comp.is_select:
        pressed = await sim.select(user, panel.message, comp.custom_id, [comp.raw["options"][0]["value"]])
    else:
        pressed = await sim.click(user, panel.message, comp.custom_id)
    await settle()
    said = " ".join(m.content for m in pressed.messages)
    assert not pressed.errors and "out of date" not in said and "moved on" not in said
    after = await bot.service.get(gid)
    assert after.state_version == record.state_version + 1
    assert len(await bot.service.log(gid)) == 1


async def test_mali_movement_cards_another_pick_leaves_my_select_good(fake_discord: FakeDiscord,
                                                                      tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    record = await bot.service.get(gid)
    alice, bob = seat_of(record, sim.alice), seat_of(record, sim.bob)
    assert sorted(record.to_act) == sorted([alice, bob])
    shown = record.state_version
    mine, spare = await my_turn(sim, sim.alice, gid, record), await my_turn(sim, sim.alice, gid, record)
    theirs = await my_turn(sim, sim.bob, gid, record)
    card = {"type": "choose_card", "value": 4}

    # Alice picks from her panel: it becomes her result; her second panel is closed, saying so.
    picked = await press(sim, sim.alice, mine, gid, shown, record.game.legal_actions(record.state, alice).index(card))
    assert "out of date" not in said(picked)
    assert "waiting on" in mine.text and not mine.components
    assert spare.text.startswith(f"{PASSED} these choices are closed. The game is waiting on <@{sim.bob.id}>"), \
        spare.text
    assert closed(spare)

    # Bob's select was shown before Alice's pick: his choices are the same, so it plays.
    assert not closed(theirs)
    later = await bot.service.get(gid)
    assert later.state_version > shown
    bobs = await press(sim, sim.bob, theirs, gid, shown, record.game.legal_actions(record.state, bob).index(
        {"type": "choose_card", "value": 2}))
    assert "out of date" not in said(bobs) and not bobs.errors
    log = await bot.service.log(gid)
    assert [e.action for e in log[-2:]] == [card, {"type": "choose_card", "value": 2}]
    assert view_of(await bot.service.get(gid))["phase"] == "movement"


async def test_mali_objective_draft_from_the_dm_survives_a_pick_and_a_restart(fake_discord: FakeDiscord,
                                                                               tmp_path: Path) -> None:
    sim = fake_discord
    url = sqlite(tmp_path)
    bot = await start_bot(sim, url, seed=12)
    gid = await two_player_game(sim, bot, variant="extended")
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "objectives"
    alice_dm, bob_dm = sim.dm_messages(sim.alice)[0], sim.dm_messages(sim.bob)[0]
    assert not closed(alice_dm) and not closed(bob_dm)

    # The bot restarts (the DM panels are remembered in the database); Bob drafts by command.
    await stop_bot(sim, bot)
    bot = await start_bot(sim, url, seed=12)
    offered = await sim.autocomplete(sim.bob, sim.channel, "mali objectives", focused="keep")
    kept = await sim.slash(sim.bob, sim.channel, "mali objectives", options={"keep": offered[0]["value"]})
    await settle()
    assert "went wrong" not in said(kept)
    assert bob_dm.text.startswith(f"{PASSED} these choices are closed. The game is waiting on <@{sim.alice.id}>")
    assert closed(bob_dm)

    # Alice's DM draft was built before Bob's pick: it still plays.
    assert not closed(alice_dm)
    choice = next(c for c in alice_dm.components if c.is_select)
    picked = await sim.select(sim.alice, alice_dm, choice.custom_id, [choice.option_values[0]])
    await settle()
    assert "out of date" not in said(picked) and not picked.errors
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] != "objectives"
    assert len(view_of(record, seat_of(record, sim.alice))["me"]["objectives"]) == 3
    # Her DM now holds her movement-card choice; once she chooses by command, it is closed.
    assert "Choose your movement card" in alice_dm.text and not closed(alice_dm)
    await sim.slash(sim.alice, sim.channel, "mali card", options={"value": 3})
    await settle()
    assert alice_dm.text.startswith(PASSED) and closed(alice_dm)


async def test_africa_sealed_bids_another_bid_leaves_my_panel_good(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    sim = fake_discord
    seed = 18
    bot = await start_bot(sim, sqlite(tmp_path), seed=seed)
    gid = await new_game(sim, bot, sealed=True)
    record = await Table(bot, gid, seed).until(lambda r: view_of(r)["stage"] == "auction")
    red, blue = seat_of(record, sim.alice), seat_of(record, sim.bob)
    assert sorted(record.to_act) == sorted([red, blue])
    await bot.presenter.deliver(gid)
    shown = record.state_version
    mine, theirs = await my_turn(sim, sim.alice, gid, record), await my_turn(sim, sim.bob, gid, record)
    spare = await my_turn(sim, sim.bob, gid, record)

    bid = {"type": "bid", "amount": 1}
    bobs = await press(sim, sim.bob, theirs, gid, shown, record.game.legal_actions(record.state, blue).index(bid))
    assert "out of date" not in said(bobs)
    assert spare.text.startswith(f"{PASSED} these choices are closed. The game is waiting on <@{sim.alice.id}>")
    assert closed(spare) and not closed(mine)
    alices = await press(sim, sim.alice, mine, gid, shown, record.game.legal_actions(record.state, red).index(
        {"type": "bid", "amount": 0}))
    assert "out of date" not in said(alices) and not alices.errors
    bids = [(e.seat, e.action) for e in await bot.service.log(gid, limit=None) if (e.action or {}).get("type") == "bid"]
    assert bids[-2:] == [(blue, bid), (red, {"type": "bid", "amount": 0})]


async def test_africa_conflict_commitments_stay_good_and_refuse_only_a_lost_choice(fake_discord: FakeDiscord,
                                                                                   tmp_path: Path) -> None:
    sim = fake_discord
    url = sqlite(tmp_path)
    bot = await start_bot(sim, url, seed=AFRICA_SEED)
    gid = await new_game(sim, bot)
    record = await Table(bot, gid, AFRICA_SEED).until(lambda r: view_of(r)["stage"] == "commit")
    red, blue = seat_of(record, sim.alice), seat_of(record, sim.bob)
    assert sorted(record.to_act) == sorted([red, blue])
    await bot.presenter.deliver(gid)
    shown = record.state_version
    before = record.game.legal_actions(record.state, red)
    token = next(a for a in before if a["type"] == "add_token")
    panel = await my_turn(sim, sim.alice, gid, record)

    # The bot restarts (it keeps no ephemeral panel); Bob commits, and Alice adds a token from a
    # panel she opens now.
    await stop_bot(sim, bot)
    bot = await start_bot(sim, url, seed=AFRICA_SEED)
    await sim.slash(sim.bob, sim.channel, "africa commit", options={"cubes": 0})
    await settle()
    middle = await bot.service.get(gid)
    other = await my_turn(sim, sim.alice, gid, middle)
    await press(sim, sim.alice, other, gid, middle.state_version,
                middle.game.legal_actions(middle.state, red).index(token))
    now = await bot.service.get(gid)
    assert red in now.to_act and blue not in now.to_act
    assert token not in now.game.legal_actions(now.state, red)

    # Her old panel's token is not hers to add any more: refused, with her choices now.
    refused = await press(sim, sim.alice, panel, gid, shown, before.index(token))
    assert "out of date" in said(refused) and "your choices have changed" in said(refused)
    assert (await bot.service.get(gid)).version == now.version
    fresh = refused.messages[-1]
    assert fresh.ephemeral and fresh.components and not closed(fresh)
    # Committing no cubes is still hers to do: the old panel plays it.
    commit = {"type": "commit", "cubes": 0}
    assert commit in before and commit in now.game.legal_actions(now.state, red)
    played = await press(sim, sim.alice, panel, gid, shown, before.index(commit))
    assert "out of date" not in said(played) and not played.errors
    assert (await bot.service.log(gid, limit=1))[0].action == commit


async def test_maquis_a_panel_whose_turn_passed_is_closed(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=4)
    gid = await maquis_table(sim, bot, 2)
    record = await bot.service.get(gid)
    first = record.to_act[0]
    user = sim.users[int(record.user_of(first))]
    panel = await my_turn(sim, user, gid, record)
    # Play on through the service until the turn is another seat's.
    for _ in range(200):
        if first not in record.to_act:
            break
        action = record.game.legal_actions(record.state, first)[0]
        await bot.service.act(gid, record.user_of(first), action)
        record = await bot.service.get(gid)
    await bot.presenter.deliver(gid)
    waiting = ", ".join(record.mention(s) for s in record.to_act)
    assert panel.text.startswith(f"{PASSED} these choices are closed. The game is waiting on {waiting} now."), \
        panel.text
    assert closed(panel)
    again = await sim.slash(user, sim.channel, "game play")
    await settle()
    assert "Nothing to do for you right now" in said(again)


async def test_westerplatte_a_stale_group_menu_opens_only_the_same_groups(fake_discord: FakeDiscord,
                                                                          tmp_path: Path) -> None:
    """The group menu names its groups by fingerprint: once the seat's own move changed them, a
    pick on a menu shown before is refused with the fresh panel."""
    sim = fake_discord
    url = sqlite(tmp_path)
    bot = await start_bot(sim, url, seed=WESTERPLATTE_SEED)
    gid = await westerplatte_table(sim, bot, 4)
    record = await bot.service.get(gid)
    old = await my_turn(sim, sim.alice, gid, record)
    menu = next(c for c in old.components if (c.custom_id or "").startswith(f"tr:g:{gid}:{record.state_version}:"))
    assert [o["label"] for o in menu.raw["options"]] == ["Move (step to a neighbouring space)",
                                                         "Attack the troop in front"]
    # The bot restarts (it keeps no ephemeral panel); Alice walks away from the troop by command.
    await stop_bot(sim, bot)
    bot = await start_bot(sim, url, seed=WESTERPLATTE_SEED)
    walked = await sim.slash(sim.alice, sim.channel, "westerplatte move", options={"to": "guardhouse 2"})
    await settle()
    assert "Red officer moves to guardhouse 2" in said(walked)
    moved = await bot.service.get(gid)
    refused = await sim.select(sim.alice, old, menu.custom_id, ["1"])  # Attack the troop in front
    await settle()
    assert "out of date" in said(refused) and "your choices have changed" in said(refused)
    assert (await bot.service.get(gid)).version == moved.version
    assert refused.messages[-1].components and not closed(refused.messages[-1])


async def test_mali_objective_picker_and_game_hand_close_when_the_turn_passes(fake_discord: FakeDiscord,
                                                                              tmp_path: Path) -> None:
    """The objective picker (`/mali objectives`, tr:mo) and `/game hand`'s choices are panels like
    My turn's: once the seat's draft is done they say so, their components disabled."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=12)
    gid = await two_player_game(sim, bot, variant="extended")
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "objectives"
    picker = message_of(await sim.slash(sim.alice, sim.channel, "mali objectives"))
    hand = message_of(await sim.slash(sim.alice, sim.channel, "game hand"))
    bobs = message_of(await sim.slash(sim.bob, sim.channel, "mali objectives"))
    for shown in (picker, hand, bobs):
        assert shown.ephemeral and shown.components and not closed(shown), shown.text
    assert any((c.custom_id or "").startswith(f"tr:mo:{gid}:") for c in picker.components)
    assert "Your private view" in hand.text

    # Alice drafts by command: both her panels close, saying so; Bob's picker still stands.
    offered = await sim.autocomplete(sim.alice, sim.channel, "mali objectives", focused="keep")
    kept = await sim.slash(sim.alice, sim.channel, "mali objectives", options={"keep": offered[0]["value"]})
    await settle()
    assert "went wrong" not in said(kept) and not kept.errors
    for shown in (picker, hand):
        assert shown.text.startswith(f"{PASSED} these choices are closed. The game is waiting on <@{sim.bob.id}>"), \
            shown.text
        assert closed(shown)
    assert "Your private view" in hand.text  # what it showed stays below the note
    assert not closed(bobs)

    # Bob drafts from his picker: it plays, and the draft is over.
    record = await bot.service.get(gid)
    ids = next(a["ids"] for a in record.game.legal_actions(record.state, seat_of(record, sim.bob))
               if a["type"] == "choose_objectives")
    choice = next(c for c in bobs.components if c.is_select)
    picked = await sim.select(sim.bob, bobs, choice.custom_id, list(ids))
    await settle()
    assert "out of date" not in said(picked) and not picked.errors, said(picked)
    assert view_of(await bot.service.get(gid))["phase"] != "objectives"
