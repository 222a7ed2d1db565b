"""`/mali ...` through Discord: help, legal-only autocomplete, refusals that say what is possible, walking a
route with pick-ups, stale panel buttons after a restart, and secrets that never reach the channel."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.app import TabletopBot
from cogs.mali.help import HELP_TOPICS
from games.mali import BOARD, reachable
from tests.e2e.harness import (
    act_id,
    action_of,
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
from tests.fakediscord import FakeDiscord, User

# Seed 1, two players, basic: Alice (Red) is the start player; Janek stands on PAST and the only order,
# O28, starts at Plac Trzech Krzyży, one step away.
SEED = 1
OBJECTIVE_ID = re.compile(r"\bS\d\d\b")


async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> Any:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


def uid(user: User) -> str:
    return str(user.id)


def scouts_of(record: Any, user: User) -> dict[str, str | None]:
    player = next(p for p in view_of(record)["players"] if p["seat"] == record.seat_of(user.id))
    return {s["name"]: s["at"] for s in player["scouts"]}


async def alice_moves_with_card_two(sim: FakeDiscord, bot: TabletopBot, gid: int) -> Any:
    await slash(sim, sim.alice, "mali card", value=2)
    await slash(sim, sim.bob, "mali card", value=5)
    record = await bot.service.get(gid)
    current = view_of(record)["current"]
    assert record.waiting_users == [uid(sim.alice)] and current["card"] == 2 and current["points_left"] == 2
    return record


async def test_help_for_every_topic(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    default = await slash(sim, sim.carol, "mali help")
    assert default.ephemeral and "What the game is" in default.message.embeds[0]["title"]
    for key, title in HELP_TOPICS:
        result = await slash(sim, sim.carol, "mali help", topic=key)
        assert result.ephemeral and not result.errors, key
        embed = result.message.embeds[0]
        assert len(result.message.embeds) == 1 and title in embed["title"]
        assert len(embed["description"]) > 200 and "/mali help" in embed["footer"]["text"]
    assert not sim.channel_messages(sim.channel)


async def test_autocomplete_offers_only_what_is_legal_now(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    record = await alice_moves_with_card_two(sim, bot, gid)
    alice = record.seat_of(sim.alice.id)
    mine, theirs = scouts_of(record, sim.alice), scouts_of(record, sim.bob)

    # The mover's own scouts that can step, and nobody else's.
    offered = await sim.autocomplete(sim.alice, sim.channel, "mali move", focused="scout")
    stepping = {a["scout"] for a in record.game.legal_actions(record.state, alice) if a["type"] == "step"}
    assert {c["value"] for c in offered} == stepping and stepping <= set(mine)
    assert not {c["value"] for c in offered} & set(theirs)
    at = {name: node for name, node in mine.items() if node is not None}
    assert all(BOARD.name(at[c["value"]]) in c["name"] for c in offered)  # each says where it stands

    # Every place Janek can reach with the points left, each with its cost.
    routes = reachable(record.state, alice, "Janek")
    assert 1 < len(routes) <= 25
    offered = await sim.autocomplete(sim.alice, sim.channel, "mali move", {"scout": "Janek"}, focused="to")
    assert sorted(c["value"] for c in offered) == sorted(routes)
    for choice in offered:
        cost = len(routes[choice["value"]])
        assert choice["name"] == f"{BOARD.name(choice['value'])} · {cost} pt{'s' if cost > 1 else ''}"
    typed = await sim.autocomplete(sim.alice, sim.channel, "mali move", {"scout": "Janek", "to": "plac"},
                                   focused="to")
    assert typed and all("plac" in c["name"].lower() or "plac" in c["value"] for c in typed)

    # Bob is not moving: nothing to offer him, nor Alice a card she has played already.
    assert await sim.autocomplete(sim.bob, sim.channel, "mali move", focused="scout") == []
    assert await sim.autocomplete(sim.bob, sim.channel, "mali move", {"scout": "Tadek"}, focused="to") == []
    assert await sim.autocomplete(sim.bob, sim.channel, "mali card", focused="value") == []

    # The next round: each player is offered exactly the cards still in hand.
    record = await bot.service.get(gid)
    while not (view_of(record)["phase"] == "cards" and view_of(record)["round"] == 2):
        mover = record.to_act[0]
        record = (await bot.service.act(gid, record.user_of(mover),
                                        record.game.default_action(record.state, mover))).record
    for user, played in ((sim.alice, 2), (sim.bob, 5)):
        hand = next(p for p in view_of(record)["players"] if p["seat"] == record.seat_of(user.id))["hand"]
        assert played not in hand and len(hand) == 4
        offered = await sim.autocomplete(user, sim.channel, "mali card", focused="value")
        assert sorted(c["value"] for c in offered) == sorted(hand)


async def test_a_move_out_of_reach_says_what_is_reachable(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    record = await alice_moves_with_card_two(sim, bot, gid)
    routes = reachable(record.state, record.seat_of(sim.alice.id), "Janek")
    assert "cytadela" not in routes

    refused = await slash(sim, sim.alice, "mali move", scout="Janek", to="cytadela")
    text = refused.message.content
    assert refused.ephemeral and "cannot reach Cytadela" in text and "can reach" in text
    assert f"{BOARD.name('plac_trzech_krzyzy')} (1)" in text
    assert all(BOARD.name(n) in text for n, r in routes.items() if len(r) == 1)
    after = await bot.service.get(gid)
    assert after.version == record.version and len(await bot.service.log(gid)) == 2
    nonsense = await slash(sim, sim.alice, "mali move", scout="Janek", to="nowhere")
    assert "cannot reach nowhere" in nonsense.message.content
    assert (await bot.service.get(gid)).version == record.version


async def test_a_move_walks_the_route_and_picks_up_on_the_way(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    record = await alice_moves_with_card_two(sim, bot, gid)
    alice = record.seat_of(sim.alice.id)
    view = view_of(record)
    assert view["orders"]["O28"]["from"] == "plac_trzech_krzyzy" and ["O28"] in view["track"]
    assert reachable(record.state, alice, "Janek")["elektrownia"] == ["plac_trzech_krzyzy", "elektrownia"]

    moved = await slash(sim, sim.alice, "mali move", scout="Janek", to="elektrownia")
    assert moved.ephemeral and "went wrong" not in said(moved)
    log = [(e.seat, e.action) for e in await bot.service.log(gid)][2:]
    assert log == [(alice, {"type": "step", "scout": "Janek", "to": "plac_trzech_krzyzy"}),
                   (alice, {"type": "pick_up", "scout": "Janek", "order": "O28"}),
                   (alice, {"type": "step", "scout": "Janek", "to": "elektrownia"})]
    record = await bot.service.get(gid)
    janek = next(s for p in view_of(record)["players"] for s in p["scouts"] if s["name"] == "Janek")
    assert janek["at"] == "elektrownia" and janek["carrying"] == "O28"
    assert record.waiting_users == [uid(sim.bob)]  # both points spent: Bob moves
    assert "O28" in said(moved)
    announced = turn_messages(sim, sim.channel, gid)[-1].content
    assert "Janek" in announced and "O28" in announced and f"<@{sim.bob.id}>" in announced


async def test_a_stale_panel_after_a_restart_plays_what_is_still_legal(fake_discord: FakeDiscord,
                                                                       tmp_path: Path) -> None:
    """A panel shown before a restart and before the seat's own step: a choice no longer open is
    refused with the fresh panel and changes nothing; End turn, still open, is played."""
    sim = fake_discord
    url = sqlite(tmp_path)
    bot = await start_bot(sim, url, seed=SEED)
    gid = await two_player_game(sim, bot)
    record = await alice_moves_with_card_two(sim, bot, gid)
    alice = record.seat_of(sim.alice.id)
    shown = record.game.legal_actions(record.state, alice)
    end = shown.index({"type": "end_turn"})
    panel = (await sim.click(sim.alice, turn_messages(sim, sim.channel, gid)[-1], custom_id=f"tr:p:{gid}")).message
    assert panel is not None and panel.ephemeral
    end_id = act_id(panel, gid, record.state_version, end)
    assert end_id is not None

    # The bot restarts (it keeps no ephemeral panel); Alice takes one step by command.
    await stop_bot(sim, bot)
    bot = await start_bot(sim, url, seed=SEED)
    await slash(sim, sim.alice, "mali move", scout="Zosia", to="plac_wilsona--pawiak#1")
    moved = await bot.service.get(gid)
    assert moved.version == record.version + 1 and moved.to_act == [alice]
    now = moved.game.legal_actions(moved.state, alice)
    gone = next((c, value) for c in panel.components if c.is_select for value in c.option_values
                if shown[int(value.split(":")[0])] not in now)

    stale = await sim.select(sim.alice, panel, gone[0].custom_id, [gone[1]])
    await settle()
    assert stale.ephemeral and "out of date" in said(stale) and "your choices have changed" in said(stale)
    assert (await bot.service.get(gid)).version == moved.version  # the old pick did nothing
    fresh = stale.messages[-1]
    assert act_id(fresh, gid, moved.state_version, now.index({"type": "end_turn"})) is not None

    ended = await sim.click(sim.alice, panel, custom_id=end_id)
    await settle()
    assert "out of date" not in said(ended)
    after = await bot.service.get(gid)
    assert after.waiting_users == [uid(sim.bob)] and (await bot.service.log(gid))[-1].action == {"type": "end_turn"}


async def test_cards_stay_secret_until_revealed(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await two_player_game(sim, bot)
    chose = await slash(sim, sim.alice, "mali card", value=4)
    assert chose.ephemeral and "You play card 4" in said(chose)
    # Bob picks his from the panel.
    record = await bot.service.get(gid)
    panel = (await sim.click(sim.bob, turn_messages(sim, sim.channel, gid)[-1], custom_id=f"tr:p:{gid}")).message
    idx = record.game.legal_actions(record.state, seat_of(record, sim.bob)).index({"type": "choose_card", "value": 5})
    before_reveal = len(sim.channel_messages(sim.channel))
    secret_time = sim.channel_messages(sim.channel)
    for message in secret_time:
        assert "You play card" not in message.text and not re.search(r"card\s*[1-5]\b", message.text), message.text
    assert any("Red has chosen a movement card" in m.content for m in secret_time)
    assert panel is not None
    select = panel.component(prefix=f"tr:s:{gid}:")
    await sim.select(sim.bob, panel, select.custom_id, [option_of(select.option_values, idx)])
    await settle()
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "movement"
    revealed = "\n".join(m.content for m in sim.channel_messages(sim.channel)[before_reveal:])
    assert re.search(r"Movement cards: .*4.*5|Movement cards: .*5.*4", revealed), revealed
    log = await slash(sim, sim.carol, "game log")
    assert log.ephemeral and "Red has chosen a movement card." in said(log) and "value" not in said(log)


async def test_objectives_stay_secret_during_the_draft(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=12)
    gid = await two_player_game(sim, bot, variant="extended")
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "objectives"
    dealt = {u: [o["id"] for o in view_of(record, record.seat_of(u.id))["me"]["objective_hand"]] for u in (sim.alice,
                                                                                                       sim.bob)}
    for user in (sim.alice, sim.bob):
        assert len(dealt[user]) == 6
        dm = "\n".join(m.text for m in sim.dm_messages(user))
        assert all(i in dm for i in dealt[user])
        assert set(OBJECTIVE_ID.findall(dm)) == set(dealt[user])  # their own six, nobody else's

    def public() -> str:
        return "\n".join(m.text for m in sim.channel_messages(sim.channel))

    assert not OBJECTIVE_ID.search(public())
    for user in (sim.alice, sim.bob):
        offered = await sim.autocomplete(user, sim.channel, "mali objectives", focused="keep")
        assert offered and all(set(c["value"].split(",")) <= set(dealt[user]) for c in offered)
        kept = await slash(sim, user, "mali objectives", keep=offered[0]["value"])
        assert kept.ephemeral and "went wrong" not in said(kept)
        assert not OBJECTIVE_ID.search(public()), public()
    record = await bot.service.get(gid)
    assert view_of(record)["phase"] == "cards"
    assert len([e for e in await bot.service.log(gid) if action_of(e)["type"] == "choose_objectives"]) == 2


async def test_objectives_are_drafted_from_the_dm(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The start-of-game DM carries the draft itself: a select of the valid sets of three."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=12)
    gid = await two_player_game(sim, bot, variant="extended")
    record = await bot.service.get(gid)
    dm = sim.dm_messages(sim.alice)[0]
    choices = [c for c in dm.components if c.is_select]
    assert choices, "the DM has no draft choices"
    legal = record.game.legal_actions(record.state, seat_of(record, sim.alice))
    offered = {int(v.split(":")[0]) for c in choices for v in c.option_values}
    assert offered == set(range(len(legal)))  # every valid set, and only those
    picked = await sim.select(sim.alice, dm, choices[0].custom_id, [choices[0].option_values[0]])
    await settle()
    assert "went wrong" not in said(picked)
    record = await bot.service.get(gid)
    assert uid(sim.alice) not in record.waiting_users and uid(sim.bob) in record.waiting_users
    kept = {o["id"] for o in view_of(record, record.seat_of(sim.alice.id))["me"]["objectives"]}
    assert kept == set(legal[int(choices[0].option_values[0].split(":")[0])]["ids"])
    assert not OBJECTIVE_ID.search("\n".join(m.text for m in sim.channel_messages(sim.channel)))


async def test_closed_dms_draft_through_game_hand(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    sim.bob.dm_open = False
    sim.expect_errors(50007)
    bot = await start_bot(sim, sqlite(tmp_path), seed=12)
    gid = await two_player_game(sim, bot, variant="extended")
    assert not sim.dm_messages(sim.bob)
    hand = await slash(sim, sim.bob, "game hand")
    shown = hand.messages[-1]
    record = await bot.service.get(gid)
    dealt = [o["id"] for o in view_of(record, record.seat_of(sim.bob.id))["me"]["objective_hand"]]
    assert shown.ephemeral and all(i in shown.content for i in dealt) and shown.attachments
    choice = next(c for c in shown.components if c.is_select)
    await sim.select(sim.bob, shown, choice.custom_id, [choice.option_values[0]])
    await settle()
    record = await bot.service.get(gid)
    bob = record.seat_of(sim.bob.id)
    assert uid(sim.bob) not in record.waiting_users and len(view_of(record, bob)["me"]["objectives"]) == 3
