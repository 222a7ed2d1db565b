"""What play-testing found in Maquis (issue 22), through the Discord simulator: a partisan with no
road home is marked "arrested if activated", the patrol discard pile is public (`/maquis patrols`),
"My secrets" with nothing secret answers in words, a mission that can no longer succeed says so in
`/maquis missions` with the best end still reachable, a partisan with one thing to do is activated
without naming it, and a team's posts name the players (never "Member 2")."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.app import TabletopBot
from games import registry
from games.simulate import choose, playout_rng
from tests.e2e.harness import said, settle, sqlite, start_bot, turn_messages, view_of
from tests.e2e.test_maquis_commands import slash, table
from tests.fakediscord import FakeDiscord

SEED = 3  # random play: a partisan cut off on Day 0; Coded Messages never trained
OPTIONS = "missions=chosen mission_left=sabotage mission_right=coded_messages"


async def play_until(bot: TabletopBot, gid: int, user: int, rng: Any, done: Any) -> Any:
    """Play as `python -m games.simulate` would (through the service) until done(record)."""
    record = await bot.service.get(gid)
    for _ in range(600):
        if done(record):
            await bot.presenter.deliver(gid)
            await settle()
            return record
        seat, action = choose(record.game, record.state, rng)
        await bot.service.act(gid, record.user_of(seat), action)
        record = await bot.service.get(gid)
    raise AssertionError("the position never came")


async def test_a_solo_game_as_play_testers_saw_it(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await table(sim, bot, 1, OPTIONS)
    rng = playout_rng(SEED)

    # A partisan with every road home closed: marked in the autocomplete, the panel and the post.
    record = await play_until(bot, gid, sim.alice.id, rng,
                              lambda r: r.status == "running" and view_of(r)["cut_off"])
    cut = view_of(record)["cut_off"][0]
    offered = await sim.autocomplete(sim.alice, sim.channel, "maquis activate", focused="partisan")
    marked = [c["name"] for c in offered if c["value"] == cut]
    assert marked and "arrested if activated (no road home)" in marked[0], offered
    assert all("arrested" not in c["name"] for c in offered if c["value"] != cut)
    actions = await sim.autocomplete(sim.alice, sim.channel, "maquis activate", options={"partisan": cut},
                                     focused="action")
    assert actions and all(c["name"].endswith("(then arrested: no road home)") for c in actions), actions
    panel = await slash(sim, sim.alice, "maquis panel")
    assert "arrested if activated (no road home)" in said(panel)
    post = turn_messages(sim, sim.channel, gid)[-1].content
    assert "arrested if activated (no road home)" in post
    # Shooting is mentioned only when a shot is allowed (rulings 16, 32).
    assert ("or shoot a Milice" in post) == (view_of(record)["shot_blocked"] is None)

    # The discard pile is public: /maquis patrols lists every card drawn, oldest first.
    pile = await slash(sim, sim.dave, "maquis patrols")
    text = said(pile)
    discard = view_of(record)["discard"]
    assert pile.ephemeral and f"patrol deck: {view_of(record)['deck_size']} card" in text
    assert len([line for line in text.splitlines() if line[:1].isdigit()]) == len(discard) > 0

    # "My secrets" with no mole in play: words, no image.
    hand = await slash(sim, sim.alice, "game hand")
    assert "You hold no secret now" in said(hand) and not hand.message.attachments

    # A partisan that can do one thing only is activated without naming the action.
    def one_choice(r: Any) -> bool:
        legal = r.game.legal_actions(r.state, r.seats[0]) if r.status == "running" else []
        spots = [a["at"] for a in legal if a["type"] == "activate"]
        return any(spots.count(at) == 1 for at in spots)

    record = await play_until(bot, gid, sim.alice.id, rng, one_choice)
    legal = record.game.legal_actions(record.state, record.seats[0])
    spots = [a["at"] for a in legal if a["type"] == "activate"]
    only = next(at for at in spots if spots.count(at) == 1)
    acted = await slash(sim, sim.alice, "maquis activate", partisan=only)
    assert (await bot.service.get(gid)).version > record.version, said(acted)

    # After Day 6 an untrained Coded Messages can no longer succeed: /maquis missions says so.
    record = await play_until(bot, gid, sim.alice.id, playout_rng(SEED + 1),
                              lambda r: r.status != "running" or view_of(r)["day"] >= 7)
    assert record.status == "running" and not any(p["status"] == "crypto" for p in view_of(record)["partisans"])
    cards = await slash(sim, sim.dave, "maquis missions")
    embed = cards.message.embeds[0]
    fields = {f["name"].split(" (")[0]: f["value"] for f in embed["fields"]}
    assert fields["Coded Messages"].startswith(
        "It can no longer succeed (the cryptographer had to be trained by Day 6)."), fields
    assert fields["Sabotage"].startswith("Best still reachable: Success")
    assert "Best end of the game still reachable: **Draw**" in embed["description"]
    status = turn_messages(sim, sim.channel, gid)[-1].content
    assert "Coded Messages (right): 0/1 boxes (can no longer succeed) · best end still reachable: Draw" in status


async def test_a_team_is_told_by_name(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await table(sim, bot, 2, OPTIONS)
    await play_until(bot, gid, sim.alice.id, playout_rng(SEED),
                     lambda r: r.status != "running" or view_of(r)["days_played"] >= 2)
    posts = "\n".join(m.content for m in turn_messages(sim, sim.channel, gid))
    assert f"Day 1 begins. <@{sim.bob.id}> leads it." in posts
    assert f"Day 2 begins. <@{sim.alice.id}> leads it." in posts
    assert "Member 1" not in posts and "Member 2" not in posts


async def test_the_shooting_prompt_says_go_home_is_an_arrest(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Between an action and its route: a shot would open the way; "Go home" says "(arrested)"."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=22)  # random play reaches such a route on Day 5
    gid = await table(sim, bot, 1, OPTIONS)
    record = await play_until(bot, gid, sim.alice.id, playout_rng(22),
                              lambda r: view_of(r)["phase"] == "route" and view_of(r)["cut_off"])
    panel = await slash(sim, sim.alice, "maquis panel")
    labels = [c.label for c in panel.message.components if c.label]
    assert "Go home (arrested: no road home)" in labels, labels
    assert "or send it home now (arrested: no road home)" in said(panel)
    arrested = sum(p["status"] == "arrested" for p in view_of(record)["partisans"])
    await sim.click(sim.alice, panel.message, label="Go home (arrested: no road home)")
    await settle()
    after = await bot.service.get(gid)
    assert after.version > record.version
    assert sum(p["status"] == "arrested" for p in view_of(after)["partisans"]) == arrested + 1


async def test_the_difficulty_is_explained_in_english(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    # `/game new variant:` sets Maquis's difficulty
    offered = await sim.autocomplete(sim.alice, sim.channel, "game new", options={"game": "maquis",
                                     "variant": ""}, focused="variant")
    option = next(o for o in registry.get("maquis").options if o.name == "difficulty")
    shown = {c["value"]: c["name"] for c in offered}
    assert set(shown) == set(option.choices)
    for value, name in shown.items():  # the option's help or the value's label, whole, in English
        assert "Difficolt" not in name and len(name) <= 100 and not name.endswith("…"), name
        assert name.endswith(option.help) or option.label(value) in name, name
