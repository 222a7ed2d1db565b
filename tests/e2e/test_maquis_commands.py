"""`/maquis ...` through Discord: help by topic, legal-only autocomplete in players' words, refusals
that say why first, the grouped panel (location or partisan first, then the action), team play's
hand-over; and the presentation over every mission and difficulty."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.app import TabletopBot
from cogs.maquis import option_value
from cogs.maquis.help import HELP_TOPICS, TEXT
from cogs.maquis.ui import MaquisUI
from games import registry
from games.base import english
from games.maquis.board import MISSION_ORDER, MODE_ORDER, THREE_STAR
from games.simulate import choose, playout_rng
from tests.e2e.harness import (
    Clock,
    message_of,
    option_of,
    said,
    settle,
    sqlite,
    start_bot,
    turn_messages,
    view_of,
)
from tests.fakediscord import FakeDiscord, User

SEED = 4  # first_game: seat 1 first chooses the exits; no fake papers in the stock at the start


async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> Any:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


async def table(sim: FakeDiscord, bot: TabletopBot, players: int, options: str = "") -> int:
    users = [sim.alice, sim.bob, sim.carol, sim.dave][:players]
    given = {"options": options} if options else {}
    opened = await sim.slash(users[0], sim.channel, "game new", options={"game": "maquis", "players": players, **given})
    found = re.search(r"table #(\d+)", message_of(opened).text)
    assert found is not None
    gid = int(found[1])
    for user in users[1:]:
        await sim.click(user, message_of(opened), label="Join")
    await sim.click(users[0], message_of(opened), label="Start")
    await settle()
    return gid


async def test_help_for_every_topic(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    default = await slash(sim, sim.carol, "maquis help")
    assert default.ephemeral and "What the game is" in default.message.embeds[0]["title"]
    for key, title in HELP_TOPICS:
        shown = await slash(sim, sim.carol, "maquis help", topic=key)
        embed = shown.message.embeds[0]
        assert shown.ephemeral and title in embed["title"] and len(embed["description"]) <= 4096
    assert set(TEXT) == {k for k, _ in HELP_TOPICS}
    for command in ("/maquis place", "/maquis activate", "/maquis shoot", "/maquis home", "/maquis end",
                    "/maquis choose", "/maquis handover", "/maquis panel"):
        assert command in TEXT["commands"]


async def test_a_solo_day_by_command(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await table(sim, bot, 1)
    record = await bot.service.get(gid)
    seat = record.seats[0]

    # Setup's question: which mission goes on which exit, by /maquis choose (autocomplete: the two ways).
    offered = await sim.autocomplete(sim.alice, sim.channel, "maquis choose", focused="option")
    assert len(offered) == 2 and all("left" in c["name"] and "right" in c["name"] for c in offered)
    wrong = await slash(sim, sim.alice, "maquis choose", option="both on the left")
    assert wrong.ephemeral and "is not one of your choices" in said(wrong)
    done = await slash(sim, sim.alice, "maquis choose", option=offered[1]["value"])
    assert done.ephemeral and "Milice Parade Day goes on the left exit" in said(done)

    # Placement: autocomplete offers exactly the legal locations, with what each offers and the road home.
    record = await bot.service.get(gid)
    legal = {a["at"] for a in record.game.legal_actions(record.state, seat) if a["type"] == "place"}
    offered = await sim.autocomplete(sim.alice, sim.channel, "maquis place", focused="location")
    assert {c["value"] for c in offered} == legal
    grocer = next(c["name"] for c in offered if c["value"] == "grocer")
    assert grocer == "Grocer · +1 food · road home clear"
    typed = await sim.autocomplete(sim.alice, sim.channel, "maquis place", options={"location": "radio"},
                                   focused="location")
    assert {c["value"] for c in typed} == {"radio_a", "radio_b"}

    # Wrong inputs: refused privately, why first; nothing changes.
    version = record.version
    for location, papers, why in [("Moon", False, "'Moon' is not a place on the board."),
                                  ("Safe House", False, "Safe House is a Safe House"),
                                  ("grocer", True, "The stock holds no fake papers.")]:
        refused = await slash(sim, sim.alice, "maquis place", location=location, papers=papers)
        assert refused.ephemeral and said(refused).startswith(why), said(refused)
        assert "You can: Place a partisan on" in said(refused)
    early = await slash(sim, sim.alice, "maquis activate", partisan="grocer", action="do=nothing")
    assert said(early).startswith("Partisans are activated only in the action phase.")
    shot = await slash(sim, sim.alice, "maquis shoot", at="fence")
    assert said(shot).startswith("Shots are made only in the action phase.")
    ended = await slash(sim, sim.alice, "maquis end")
    assert said(ended).startswith("The action phase ends only once every placed partisan")
    alone = await slash(sim, sim.alice, "maquis handover")
    assert said(alone).startswith("You play alone")
    assert (await bot.service.get(gid)).version == version

    placed = await slash(sim, sim.alice, "maquis place", location="Grocer")
    assert "A partisan goes to Grocer." in said(placed)
    record = await bot.service.get(gid)
    patrol = view_of(record)["patrols"][0]["at"]
    taken = await slash(sim, sim.alice, "maquis place", location=patrol)
    assert said(taken).startswith("A patrol stands on"), said(taken)
    again = await slash(sim, sim.alice, "maquis place", location="grocer")
    assert said(again).startswith("A partisan is already on Grocer.")

    # The panel (no fake papers in the stock): one menu of the free locations, with what each offers.
    panel = await slash(sim, sim.alice, "maquis panel")
    menu = next(c for c in panel.message.components if (c.custom_id or "").startswith(f"tr:s:{gid}:"))
    legal_now = record.game.legal_actions(record.state, seat)
    cafe = option_of(menu.option_values, legal_now.index({"type": "place", "at": "cafe", "papers": False}))
    labels = [o["label"] for o in menu.options]
    assert not any(label.startswith("Grocer") for label in labels) and cafe is not None
    assert "Cafe · recruit (1 food)" in labels
    await sim.select(sim.alice, panel.message, menu.custom_id or "", [cafe])
    await settle()

    # Play on (as simulate would) to the action phase, then activate by command.
    rng = playout_rng(SEED)
    record = await bot.service.get(gid)
    while view_of(record)["phase"] != "action":
        _, action = choose(record.game, record.state, rng)
        await bot.service.act(gid, sim.alice.id, action)
        record = await bot.service.get(gid)
    await bot.presenter.deliver(gid)
    activations = [a for a in record.game.legal_actions(record.state, seat) if a["type"] == "activate"]
    partisans = await sim.autocomplete(sim.alice, sim.channel, "maquis activate", focused="partisan")
    assert {c["value"] for c in partisans} == {a["at"] for a in activations}
    where = activations[-1]["at"]
    actions = await sim.autocomplete(sim.alice, sim.channel, "maquis activate", options={"partisan": where},
                                     focused="action")
    assert {c["value"] for c in actions} == {option_value(a) for a in activations if a["at"] == where}
    nobody = await slash(sim, sim.alice, "maquis activate", partisan="Doctor" if where != "doctor" else "Fence",
                         action="do=nothing")
    assert said(nobody).startswith("There is no partisan waiting to act on")
    bad = await slash(sim, sim.alice, "maquis activate", partisan=where, action="fly to the moon")
    assert "is not something the partisan on" in said(bad) and "It can: " in said(bad)
    assert all("(nothing)" not in c["name"] and not c["name"].lower().startswith(where.replace("_", " "))
               for c in actions)
    acted = await slash(sim, sim.alice, "maquis activate", partisan=where, action=actions[-1]["value"])
    assert acted.ephemeral and (await bot.service.get(gid)).version > record.version
    cards = await slash(sim, sim.dave, "maquis missions")
    assert cards.ephemeral and [f["name"].split(" (")[0] for f in cards.message.embeds[0]["fields"]] == [
        "Milice Parade Day", "Officer's Mansion"]
    # A watcher in the channel is told they only watch.
    watcher = await slash(sim, sim.dave, "maquis home")
    assert "not playing" in said(watcher)


async def test_team_days_and_hand_over(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await table(sim, bot, 2, "missions=chosen mission_left=sabotage mission_right=officers_mansion")
    record = await bot.service.get(gid)
    first = turn_messages(sim, sim.channel, gid)[-1]
    assert f"It is <@{sim.alice.id}>'s Day" in first.content and "The others watch." in first.content
    watching = await slash(sim, sim.bob, "maquis place", location="grocer")
    assert said(watching).startswith("It's not your Day") and f"<@{sim.alice.id}>" in said(watching)
    hand = await slash(sim, sim.alice, "maquis handover")
    # the reply names the next player as the post does, without pinging them
    assert f"<@{sim.alice.id}> hands the rest of the Day to <@{sim.bob.id}>." in said(hand), said(hand)
    assert "next team member" not in said(hand) and all(m.pinged == [] for m in hand.messages)
    record = await bot.service.get(gid)
    assert record.to_act == [record.seat_of(sim.bob.id)]
    post = sim.channel_messages(sim.channel)[-1].content
    assert f"<@{sim.bob.id}> leads the rest of Day 0" in post
    # the narration names the players, never a seat label (issue 22)
    assert f"<@{sim.alice.id}> hands the rest of the Day to <@{sim.bob.id}>." in post and "Member" not in post
    dm = "\n".join(m.text for m in sim.dm_messages(sim.bob))
    assert "Maquis is co-operative and open" in dm
    placed = await slash(sim, sim.bob, "maquis place", location="grocer")
    assert "A partisan goes to Grocer." in said(placed)


PAIRS = [(m, "officers_mansion" if m != "officers_mansion" else "sabotage") for m in MISSION_ORDER]


@pytest.mark.parametrize("difficulty", MODE_ORDER)
@pytest.mark.parametrize(("first", "second"), PAIRS, ids=[p[0] for p in PAIRS])
def test_every_mission_and_difficulty_reads(first: str, second: str, difficulty: str) -> None:
    """Every text of the presentation, over a whole game with each mission card and each difficulty."""
    left, right = (second, first) if first in THREE_STAR else (first, second)
    ui = MaquisUI()
    game = registry.get("maquis")
    seats = ["s1", "s2"]
    state = game.setup(seats, {"difficulty": difficulty, "missions": "chosen", "mission_left": left,
                               "mission_right": right}, 11)
    rng = playout_rng(11)

    def name(seat: str) -> str:
        return f"@{seat}"

    public = game.view(state, None)
    assert "Missions:" in "\n".join(ui.opening_lines(public, name))
    steps = 0
    while game.outcome(state) is None and steps < 400:
        public = game.view(state, None)
        assert ui.status_line(public) and len(ui.status_line(public)) < 400
        assert ui.waiting_line(public, name).startswith(("It is @", "@"))
        for seat in seats:
            mine = game.view(state, seat)
            assert ui.private_text(mine)
            ui.panel_intro(mine)
        seat, action = choose(game, state, rng)
        legal = game.legal_actions(state, seat)
        mine = game.view(state, seat)
        groups = ui.panel_groups(mine, legal)
        assert groups is None or len(groups) == len(legal)
        for a in legal:
            assert ui.action_label(mine, a, english(game.describe(state, seat, a)))
        state, events = game.apply(state, seat, action)
        ui.narrate(game.view(state, None), events)
        steps += 1
    public = game.view(state, None)
    text = ui.outcome_text(public, name)
    assert "Game over" in text and "Score:" in text and public["difficulty_name"] in ui.status_line(public)


async def test_a_leader_who_times_out_passes_the_day_on(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    clock = Clock()
    bot = await start_bot(sim, sqlite(tmp_path), clock, seed=SEED)
    opened = await slash(sim, sim.alice, "game new", game="maquis", players=3, turn_hours=24,
                         on_timeout="default")
    found = re.search(r"table #(\d+)", opened.message.text)
    assert found is not None
    gid = int(found[1])
    for user in (sim.bob, sim.carol):
        await sim.click(user, opened.message, label="Join")
    await sim.click(sim.alice, opened.message, label="Start")
    await settle()
    record = await bot.service.get(gid)
    assert record.to_act == [record.seats[0]] and view_of(record)["leader"] == record.seats[0]
    clock.advance(hours=25)
    await bot.scheduler.tick()
    await settle()
    record = await bot.service.get(gid)
    assert record.to_act == [record.seat_of(sim.bob.id)]  # Bob takes over the rest of Alice's Day
    assert view_of(record)["leader"] == record.seats[0]  # the rotation itself does not change
    text = "\n".join(m.text for m in sim.channel_messages(sim.channel))
    assert "ran out of time" in text and f"<@{sim.bob.id}> leads the rest of Day 0" in text, text[-800:]
    assert turn_messages(sim, sim.channel, gid)[-1].pinged == [sim.bob.id]


@pytest.mark.parametrize(("mission", "seed", "kind", "words"), [
    ("double_agent", 8, "remove", "the partisan the Double Agent costs"),
    ("take_out_the_bridges", 48, "bridge", "choose the bridge that falls"),
])
async def test_the_rules_questions_by_choose(fake_discord: FakeDiscord, tmp_path: Path, mission: str, seed: int,
                                            kind: str, words: str) -> None:
    """Double Agent's removal and Take Out the Bridges' bridge, answered with `/maquis choose`."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=seed)
    gid = await table(sim, bot, 1, f"difficulty=very_easy missions=chosen mission_left={mission} "
                                   "mission_right=officers_mansion")
    rng = playout_rng(seed)  # the moves `python -m games.simulate` makes for this seed, up to the question
    record = await bot.service.get(gid)
    while True:
        seat, action = choose(record.game, record.state, rng)
        if action["type"] == kind:
            break
        await bot.service.act(gid, sim.alice.id, action)
        record = await bot.service.get(gid)
    await bot.presenter.deliver(gid)
    assert words in sim.channel_messages(sim.channel)[-1].content
    legal = [a for a in record.game.legal_actions(record.state, seat) if a["type"] == kind]
    offered = await sim.autocomplete(sim.alice, sim.channel, "maquis choose", focused="option")
    assert [c["value"] for c in offered] == [f"{kind}:{option_value(a)}" for a in legal]
    wrong = await slash(sim, sim.alice, "maquis activate", partisan="grocer", action="do=nothing")
    assert said(wrong).startswith("Partisans are activated only in the action phase.")
    done = await slash(sim, sim.alice, "maquis choose", option=f"{kind}:{option_value(action)}")
    assert done.ephemeral and "went wrong" not in said(done)
    after = await bot.service.get(gid)
    assert after.version == record.version + 1 and view_of(after)["phase"] != kind
