"""`/westerplatte ...` through Discord: help by topic, legal-only autocomplete, refusals that say why
first, a route walked in one write, the grouped panel (action first, then target), and the solo
player's turn passing to their second officer."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.app import TabletopBot
from cogs.westerplatte.help import HELP_TOPICS
from games.simulate import choose, playout_rng
from games.westerplatte.board import wall_name as place
from tests.e2e.harness import action_of, message_of, said, seat_of, settle, sqlite, start_bot, turn_messages, view_of
from tests.fakediscord import FakeDiscord, User

# Seed 7, medium: every officer starts on outpost C, which faces a howitzer (resistance 1) on path C.
SEED = 7


async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> Any:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


async def table(sim: FakeDiscord, bot: TabletopBot, players: int) -> int:
    users = [sim.alice, sim.bob, sim.carol, sim.dave][:players]
    opened = await sim.slash(users[0], sim.channel, "game new",
                             options={"game": "westerplatte", "players": players, "options": "difficulty=medium"})
    found = re.search(r"table #(\d+)", message_of(opened).text)
    assert found is not None
    gid = int(found[1])
    for user in users[1:]:
        await sim.click(user, message_of(opened), label="Join")
    await sim.click(users[0], message_of(opened), label="Start")
    await settle()
    return gid


def within_two_steps(record: Any, seat: str) -> set[str]:
    """Every space the engine lets the active officer reach with his 2 movement points."""
    game, state = record.game, record.state
    out = set()
    for first in [a for a in game.legal_actions(state, seat) if a["type"] == "move"]:
        out.add(first["to"])
        after, _ = game.apply(state, seat, first)
        out |= {a["to"] for a in game.legal_actions(after, seat) if a["type"] == "move"}
    return out - {"outpost_c"}


async def test_help_for_every_topic(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    default = await slash(sim, sim.carol, "westerplatte help")
    assert default.ephemeral and "What the game is" in default.message.embeds[0]["title"]
    for key, title in HELP_TOPICS:
        result = await slash(sim, sim.carol, "westerplatte help", topic=key)
        assert result.ephemeral and not result.errors, key
        embed = result.message.embeds[0]
        assert title in embed["title"] and len(embed["description"]) > 300
        assert "/westerplatte help" in embed["footer"]["text"]
    assert not sim.channel_messages(sim.channel)


async def test_autocomplete_refusals_and_a_route(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await table(sim, bot, 4)
    record = await bot.service.get(gid)
    alice = seat_of(record, sim.alice)
    assert record.to_act == [alice]

    # Where Alice's officer can walk: exactly what the engine allows within 2 steps, with the cost.
    offered = await sim.autocomplete(sim.alice, sim.channel, "westerplatte move", focused="to")
    assert {c["value"] for c in offered} == within_two_steps(record, alice)
    assert any(c["name"] == "guardhouse 5 (Wall rebuild) · 2 steps" for c in offered)
    typed = await sim.autocomplete(sim.alice, sim.channel, "westerplatte move", {"to": "rebuild"}, focused="to")
    assert [c["value"] for c in typed] == ["guardhouse_5"]
    # Whose ammunition: every legal attack, in words; nothing for tiles she doesn't stand on.
    attacks = await sim.autocomplete(sim.alice, sim.channel, "westerplatte attack", focused="ammo")
    legal = [a for a in record.game.legal_actions(record.state, alice) if a["type"] == "attack"]
    assert sorted(c["value"] for c in attacks) == sorted(",".join(a["officers"]) for a in legal)
    assert any(c["name"] == "1 damage: Blue's ammunition" for c in attacks)
    assert await sim.autocomplete(sim.alice, sim.channel, "westerplatte mortar", focused="path") == []
    assert await sim.autocomplete(sim.alice, sim.channel, "westerplatte choose", focused="option") == []
    assert await sim.autocomplete(sim.alice, sim.channel, "westerplatte token", focused="kind") == []  # none held
    # Bob is not acting: nothing to offer him.
    assert await sim.autocomplete(sim.bob, sim.channel, "westerplatte move", focused="to") == []
    assert await sim.autocomplete(sim.bob, sim.channel, "westerplatte attack", focused="ammo") == []

    # Refusals, privately, the reason first; nothing changes.
    far = await slash(sim, sim.alice, "westerplatte move", to="guardhouse 1")
    assert far.ephemeral and message_of(far).content.startswith("You can't reach guardhouse 1 with 2 movement left.")
    assert "From outpost C you can reach: outpost B (1)" in message_of(far).content
    junk = await slash(sim, sim.alice, "westerplatte move", to="the moon")
    assert message_of(junk).content.startswith("You can't reach 'the moon'")
    away = await slash(sim, sim.alice, "westerplatte supply")
    assert message_of(away).content.startswith("Your officer stands on outpost C, not on the Ammunition supply tile")
    assert "`/westerplatte move to:guardhouse 3`" in message_of(away).content
    bad_space = await slash(sim, sim.alice, "westerplatte mine", path="A", space="V")
    assert message_of(bad_space).content.startswith("'V' is not a space")
    wrong_ammo = await slash(sim, sim.alice, "westerplatte attack", ammo="red,blue")
    assert message_of(wrong_ammo).content.startswith("The troop has only 1 resistance left: spend at most that.")
    assert "You can: Attack path C: 1 damage of 1 (ammo: Red officer)" in message_of(wrong_ammo).content
    no_token = await slash(sim, sim.alice, "westerplatte token", kind="extra_action")
    assert message_of(no_token).content.startswith("The Red officer holds no extra-action token.")
    not_asked = await slash(sim, sim.alice, "westerplatte choose", option="guardhouse:guardhouse_1")
    assert message_of(not_asked).content.startswith("No choice is waiting on you")
    early = await slash(sim, sim.bob, "westerplatte attack", ammo="blue")
    assert early.ephemeral and message_of(early).content.startswith("It's not your turn.")
    assert f"<@{sim.alice.id}>" in message_of(early).content
    after = await bot.service.get(gid)
    assert after.version == record.version
    assert not any("went wrong" in m.text for m in sim.channel_messages(sim.channel))
    for result in (far, junk, away, bad_space, wrong_ammo, no_token, not_asked, early):
        assert result.ephemeral

    # A route of two steps is one command and one write, all or nothing.
    walked = await slash(sim, sim.alice, "westerplatte move", to="guardhouse 2")
    assert walked.ephemeral and "Red officer moves to guardhouse 2" in said(walked)
    moved = await bot.service.get(gid)
    assert moved.version == record.version + 1
    log = [action_of(e) for e in await bot.service.log(gid)]
    assert [a["type"] for a in log[-2:]] == ["move", "move"] and log[-1] == {"type": "move", "to": "guardhouse_2"}
    red = next(o for o in view_of(moved)["officers"] if o["id"] == "o1")
    assert red["at"] == "guardhouse_2" and view_of(moved)["turn"]["moves"] == 0
    assert "guardhouse 2 (Mortar): 0 movement, 1 action left" in said(walked)  # her panel comes with it
    troops = [p["id"] for p in view_of(moved)["paths"] if p["troop"]]
    fire = await sim.autocomplete(sim.alice, sim.channel, "westerplatte mortar", focused="path")
    assert [c["value"] for c in fire] == troops and all("resistance left" in c["name"] for c in fire)


async def test_grouped_panel_picks_the_action_then_its_target(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await table(sim, bot, 4)
    record = await bot.service.get(gid)
    post = turn_messages(sim, sim.channel, gid)[-1]
    assert post.attachments and post.attachments[0].filename.endswith("-board.png")
    panel = message_of(await sim.click(sim.alice, post, custom_id=f"tr:p:{gid}"))
    assert panel.ephemeral and "Your turn with your officer on outpost C" in panel.content
    menu = next(c for c in panel.components if (c.custom_id or "").startswith(f"tr:g:{gid}:"))
    labels = [o["label"] for o in menu.raw["options"]]
    assert labels == ["Move (step to a neighbouring space)", "Attack the troop in front"]
    assert any(c.label == "End moves and actions (the Germans follow)" for c in panel.components)
    # Bob cannot use Alice's turn: the "My turn" button tells him whom the team waits on.
    other = await sim.click(sim.bob, post, custom_id=f"tr:p:{gid}")
    assert other.ephemeral and "Nothing to do for you right now" in message_of(other).content
    spare = message_of(await sim.click(sim.alice, post, custom_id=f"tr:p:{gid}"))  # a second panel, kept
    # The attack group: whose ammunition, then fire with Blue's.
    shown = await sim.select(sim.alice, panel, menu.custom_id or "", ["1"])
    await settle()
    group = shown.updated_message or panel
    assert any(c.label == "Back" for c in group.components)
    pick = next(c for c in group.components if c.is_select)
    blue = next(o["value"] for o in pick.raw["options"] if "(ammo: Blue officer)" in o["label"])
    assert len(pick.raw["options"]) == 4  # whose ammunition: one officer each (1 damage is all it takes)
    await sim.select(sim.alice, group, pick.custom_id or "", [blue])
    await settle()
    after = await bot.service.get(gid)
    assert after.version == record.version + 1
    assert (await bot.service.log(gid))[-1].action == {"type": "attack", "officers": ["o2"]}
    view = view_of(after)
    assert next(o for o in view["officers"] if o["id"] == "o2")["ammo"] == 1
    assert next(p for p in view["paths"] if p["id"] == "c")["troop"] is None
    # The panel opened before the attack is closed now: it says so, its menu disabled.
    assert spare.content.startswith("⌛ **These choices have passed:** you have played since")
    assert spare.components and all(c.disabled for c in spare.components)
    # Another server cannot reach this game by its number.
    other_server = sim.add_guild("Elsewhere", owner=sim.dave)
    sim.add_member(other_server, sim.carol)
    there = sim.add_text_channel(other_server, "games")
    for command, options in (("westerplatte end", {}), ("westerplatte move", {"to": "outpost_b"}),
                             ("westerplatte panel", {})):
        result = await sim.slash(sim.carol, there, command, options={"game": gid, **options})
        await settle()
        assert result.ephemeral and f"no game #{gid} in this server" in said(result), command
    assert (await bot.service.get(gid)).version == after.version


async def test_solo_turn_passes_to_the_second_officer(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await table(sim, bot, 1)
    first = turn_messages(sim, sim.channel, gid)[-1].content
    assert f"<@{sim.alice.id}> plays the **Red officer**" in first and "team waits" not in first
    dm = "\n".join(m.text for m in sim.dm_messages(sim.alice))
    assert "the **Red officer**" in dm and "the **Blue officer**" in dm
    ended = await slash(sim, sim.alice, "westerplatte end")
    assert ended.ephemeral and "German card: morale decline" in said(ended)
    assert "Your choice for the team: Low morale (l1): which tile loses (Mortar, Mines, Wall rebuild)?" in said(ended)
    offered = await sim.autocomplete(sim.alice, sim.channel, "westerplatte choose", focused="option")
    assert [c["value"] for c in offered] == ["loss:mortar", "loss:mines", "loss:wall_rebuild"]
    assert offered[2]["name"] == "Lose from the Wall rebuild tile"
    wrong = await slash(sim, sim.alice, "westerplatte choose", option="loss:ammunition")
    assert message_of(wrong).content.startswith("'loss:ammunition' is not one of your choices. You can choose: Lose")
    chose = await slash(sim, sim.alice, "westerplatte choose", option="loss:wall_rebuild")
    text = said(chose)
    assert "2 bricks leave the Wall-rebuild tile" in text and "the blue officer's turn" in text
    assert "Your turn with the **Blue officer**" in text
    assert any(a.filename.endswith("-board.png") for m in chose.messages for a in m.attachments)


async def test_rebuild_in_players_words(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Greedy moves into the 4-player game of seed 7 until the acting officer stands on the Wall
    rebuild tile with two walls below 6 bricks (about 40 moves in)."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await table(sim, bot, 4)
    decide = playout_rng(SEED)
    for _ in range(300):
        record = await bot.service.get(gid)
        acting = record.to_act[0]
        rebuilds = [a for a in record.game.legal_actions(record.state, acting) if a["type"] == "rebuild"]
        if len(rebuilds) >= 2:
            break
        seat, action = choose(record.game, record.state, decide)
        await bot.service.act(gid, record.user_of(seat), action)
    record = await bot.service.get(gid)
    seat = record.to_act[0]
    user = sim.users[int(record.user_of(seat))]
    bricks = {w["id"]: w["bricks"] for w in view_of(record)["walls"]}
    offered = await sim.autocomplete(user, sim.channel, "westerplatte rebuild", focused="wall")
    legal = [a["wall"] for a in record.game.legal_actions(record.state, seat) if a["type"] == "rebuild"]
    assert sorted(c["value"] for c in offered) == sorted(legal) and len(legal) >= 2
    assert [bricks[c["value"]] for c in offered] == sorted(bricks[w] for w in legal)  # most damaged first
    assert offered[0]["name"] == f"{place(offered[0]['value'])} ({bricks[offered[0]['value']]} bricks)"
    full = next(w for w in bricks if bricks[w] == 6)
    refused = await slash(sim, user, "westerplatte rebuild", wall=full.replace("_", " "))
    assert refused.ephemeral and (await bot.service.get(gid)).version == record.version
    assert said(refused).lower().startswith(f"{place(full).lower()} already has 6 bricks")
    assert f"You can: Rebuild {place(offered[0]['value'])}" in said(refused)
    target = offered[0]["value"]
    words = "outpost " + target[-1].upper() if target.startswith("outpost") else target.replace("_", " ")
    done = await slash(sim, user, "westerplatte rebuild", wall=words)
    assert done.ephemeral and "went wrong" not in said(done)
    after = await bot.service.get(gid)
    assert {w["id"]: w["bricks"] for w in view_of(after)["walls"]}[target] == min(6, bricks[target] + 2)


async def test_the_l3_loss_is_one_choice_of_a_split(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Seed 2, two players: 68 moves in, morale reaches l3 with the officers holding 4 and 2
    ammunition. The active player answers once with a split; the log tells it in one line."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=2)
    gid = await table(sim, bot, 2)
    decide = playout_rng(2)
    for _ in range(200):
        record = await bot.service.get(gid)
        if (record.state["pending"] or {}).get("kind") == "lose_ammo":
            break
        seat, action = choose(record.game, record.state, decide)
        await bot.service.act(gid, record.user_of(seat), action)
    else:
        raise AssertionError("l3 never came")
    await bot.presenter.deliver(gid)
    seat = record.to_act[0]
    user = sim.users[int(record.user_of(seat))]
    assert [o["ammo"] for o in view_of(record)["officers"]] == [4, 2]
    offered = await sim.autocomplete(user, sim.channel, "westerplatte choose", focused="option")
    assert [c["name"] for c in offered] == ["Red officer loses 4 ammunition, Blue officer 1",
                                            "Red officer loses 3 ammunition, Blue officer 2"]
    panel = await slash(sim, user, "westerplatte panel")
    assert "the officers lose 5 ammunition in all. How many does each lose?" in said(panel)
    start = len(sim.channel_messages(sim.channel))
    done = await slash(sim, user, "westerplatte choose", option=offered[1]["value"])
    assert done.ephemeral and "went wrong" not in said(done)
    after = await bot.service.get(gid)
    assert [o["ammo"] for o in view_of(after)["officers"]] == [1, 0]
    told = "\n".join(m.text for m in sim.channel_messages(sim.channel)[start:]) + said(done)
    assert "Low morale (l3): Red officer loses 3 ammunition, Blue officer 2." in told
    assert "loses 1 ammunition" not in told
