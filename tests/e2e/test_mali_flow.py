"""Issue 22's Mali findings through the Discord simulator: a route's post says where its order was
picked up, the objective autocomplete names every set in full and each once, a draft with no real
choice is kept for its owner when the other has chosen, and the deck count names the Victory card."""
from __future__ import annotations

from pathlib import Path

from games.mali import BOARD, GAME, reachable
from games.mali.legal import objectives_forced
from games.simulate import choose
from tests.e2e.harness import (
    act_id,
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
from tests.e2e.mali_driver import MaliPlayers
from tests.fakediscord import FakeDiscord


async def test_a_walked_route_says_where_the_order_was_picked_up(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    # Seed 1, basic: Alice (Red) moves first; Janek stands on Budynek PAST-y and O28 starts one step away.
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    await sim.slash(sim.alice, sim.channel, "mali card", options={"value": 2})
    await sim.slash(sim.bob, sim.channel, "mali card", options={"value": 5})
    await settle()
    record = await bot.service.get(gid)
    alice = seat_of(record, sim.alice)
    origin = BOARD.orders["O28"]["from"]
    routes = reachable(record.state, alice, "Janek")
    to = next(n for n, r in routes.items() if len(r) == 2 and r[0] == origin and n in BOARD.locations)
    await sim.slash(sim.alice, sim.channel, "mali move", options={"scout": "Janek", "to": to})
    await settle()
    record = await bot.service.get(gid)
    janek = next(s for p in view_of(record)["players"] for s in p["scouts"] if s["name"] == "Janek")
    assert janek["at"] == to and janek["carrying"] == "O28"
    public = "\n".join(m.content for m in sim.channel_messages(sim.channel))
    line = f"Janek Budynek PAST-y → {BOARD.name(origin)} (picks up O28) → {BOARD.name(to)}, 2 steps"
    assert line in public, public[-1500:]


async def test_the_objective_autocomplete_names_each_set_once_and_in_full(fake_discord: FakeDiscord,
                                                                         tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot, "extended")
    record = await bot.service.get(gid)
    seat = seat_of(record, sim.alice)
    hand = {o["id"]: o for o in view_of(record, seat)["me"]["objective_hand"]}
    legal = GAME.legal_actions(record.state, seat)
    offered = await sim.autocomplete(sim.alice, sim.channel, "mali objectives", focused="keep")
    names = [c["name"] for c in offered]
    assert names and len(set(names)) == len(names) and all(len(n) <= 100 for n in names)
    sets = {tuple(sorted((hand[i]["text"], hand[i]["colour"]) for i in a["ids"])) for a in legal}
    assert len(offered) == len(sets)  # every different set, copies of one card once
    for choice in offered:
        ids = str(choice["value"]).split(",")
        assert len(ids) == 3
        for i in ids:  # all three named, with their colours and points
            assert f"{i} {hand[i]['colour']} {hand[i]['points']} (" in choice["name"], choice
    # The value is played as it is: the set is kept.
    await sim.slash(sim.alice, sim.channel, "mali objectives", options={"keep": offered[-1]["value"]})
    await settle()
    record = await bot.service.get(gid)
    kept = sorted(o["id"] for o in view_of(record, seat)["me"]["objectives"])
    assert kept == sorted(str(offered[-1]["value"]).split(","))


async def test_a_draft_without_a_real_choice_is_kept_when_the_other_has_chosen(fake_discord: FakeDiscord,
                                                                              tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=29)  # the second seat's six are copies of 3 cards
    gid = await two_player_game(sim, bot, "extended")
    record = await bot.service.get(gid)
    alice, bob = seat_of(record, sim.alice), seat_of(record, sim.bob)
    assert objectives_forced(record.state, record.seats.index(bob))
    assert not objectives_forced(record.state, record.seats.index(alice))
    assert set(record.to_act) == {alice, bob}  # nobody can tell that Bob's hand is forced
    told = "\n".join(m.text for m in sim.dm_messages(sim.bob))  # but Bob is told, privately
    assert "they are kept for you when the others have chosen" in told
    assert "kept for you" not in "\n".join(m.text for m in sim.dm_messages(sim.alice))
    pick = next(a for a in GAME.legal_actions(record.state, alice) if a["type"] == "choose_objectives")
    await sim.slash(sim.alice, sim.channel, "mali objectives", options={"keep": ",".join(pick["ids"])})
    await settle()
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "cards" and view_of(record)["round"] == 1
    assert len(view_of(record, bob)["me"]["objectives"]) == 3
    dms = "\n".join(m.text for m in sim.dm_messages(sim.bob))
    assert "keeps the same objectives: kept for you. Your objectives: " in dms
    assert "kept for you" not in "\n".join(m.text for m in sim.dm_messages(sim.alice))
    assert "kept for you" not in "\n".join(m.content for m in sim.channel_messages(sim.channel))


async def test_the_deck_count_names_the_victory_card(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot, "extended")
    record = await bot.service.get(gid)
    deck = view_of(record)["deck"]
    status = await sim.slash(sim.carol, sim.channel, "game status", options={"game": gid})
    await settle()
    text = "\n".join(m.text for m in status.messages)
    assert f"{deck - 1} order cards and the Victory card left to draw" in text, text
    assert f"{deck} order cards" not in text


async def test_a_pick_up_that_drops_an_order_says_so_on_its_button(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    # Seed 289, basic, played as `python -m games.simulate` plays it: within a few moves a scout that
    # carries an order stands on another order's origin.
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=289)
    gid = await two_player_game(sim, bot)
    driver = MaliPlayers(sim, bot, gid, 289)
    for _ in range(40):
        record = await bot.service.get(gid)
        found = [(seat, a) for seat in record.to_act for a in GAME.legal_actions(record.state, seat)
                 if a["type"] == "pick_up" and record.state["scouts"][a["scout"]]["carrying"]]
        if found:
            break
        seat, action = choose(record.game, record.state, driver.decide)
        await driver.do(seat, record, action)
        await settle()
    else:
        raise AssertionError("no pick-up that drops an order came up")
    seat, action = found[0]
    carried = record.state["scouts"][action["scout"]]["carrying"]
    user = user_of(sim, seat, record)
    post = turn_messages(sim, sim.channel, gid)[-1]
    panel = (await sim.click(user, post, custom_id=f"tr:p:{gid}")).message
    assert panel is not None
    idx = str(GAME.legal_actions(record.state, seat).index(action))
    button_id = act_id(panel, gid, record.state_version, idx)
    labels = {str(c.custom_id): c.label for c in panel.components if c.label}
    labels |= {o["value"]: o["label"] for c in panel.components if c.is_select for o in c.options}
    select = next((c for c in panel.components if c.is_select and option_of(c.option_values, idx)), None)
    key = button_id or (option_of(select.option_values, idx) if select is not None else None)
    want = f"{action['scout']}: drop {carried}, pick up {action['order']}"
    assert str(labels.get(key or "", "")).startswith(want), labels
    # Played from the panel, the post says where the one was dropped and the other picked up.
    if button_id is not None:
        await sim.click(user, panel, custom_id=button_id)
    else:
        assert select is not None and key is not None
        await sim.select(user, panel, select.custom_id or "", [key])
    await settle()
    after = await bot.service.get(gid)
    assert after.state["scouts"][action["scout"]]["carrying"] == action["order"]
    if seat in after.to_act:
        await sim.slash(user, sim.channel, "mali end", options={"game": gid})
        await settle()
    public = "\n".join(m.content for m in sim.channel_messages(sim.channel))
    origin = BOARD.name(BOARD.orders[action["order"]]["from"])
    assert f"{action['scout']} drops {carried}, picks up {action['order']} at {origin}." in public, public[-1500:]
