"""Forged buttons (issue 21, bad input): in a DM a button shows only the presser's own games,
and a component edits only the private message it belongs to, never a public post."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.harness import said, settle, sqlite, start_bot, two_player_game
from tests.fakediscord import FakeDiscord, InteractionRecord, Message, User


def button(custom_id: str) -> list[dict[str, Any]]:
    return [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}]}]


def select(custom_id: str, value: str) -> list[dict[str, Any]]:
    return [{"type": 1, "components": [{"type": 3, "custom_id": custom_id,
                                        "options": [{"label": "x", "value": value}]}]}]


async def press(sim: FakeDiscord, user: User, message: Message, custom_id: str) -> InteractionRecord:
    component = message.component(custom_id)
    if component.is_select:
        result = await sim.select(user, message, custom_id, [component.option_values[0]])
    else:
        result = await sim.click(user, message, custom_id)
    await settle()
    return result


async def test_in_a_dm_a_button_shows_only_the_pressers_own_games(fake_discord: FakeDiscord,
                                                                  tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)  # alice and bob, in the server's channel
    record = await bot.service.get(gid)
    ver = record.state_version  # what the panel's components carry
    dm = sim.dm_channel(sim.carol)
    for custom_id, components in ((f"tr:r:{gid}:0:f", button(f"tr:r:{gid}:0:f")),
                                  (f"tr:p:{gid}", button(f"tr:p:{gid}")),
                                  (f"tr:h:{gid}", button(f"tr:h:{gid}")),
                                  (f"tr:a:{gid}:{ver}:0", button(f"tr:a:{gid}:{ver}:0")),
                                  (f"tr:u:{gid}:{ver}", button(f"tr:u:{gid}:{ver}")),
                                  (f"tr:b:{gid}:{ver}", button(f"tr:b:{gid}:{ver}")),
                                  (f"tr:g:{gid}:{ver}", select(f"tr:g:{gid}:{ver}", "0")),
                                  (f"tr:t:join:{gid}", button(f"tr:t:join:{gid}"))):
        forged = sim.create_bot_message(dm, "forged", components=components)
        result = await press(sim, sim.carol, forged, custom_id)
        text = said(result)
        assert "went wrong" not in text, (custom_id, text)
        assert not any(m.attachments for m in result.messages), custom_id  # no board
        for user in (sim.alice, sim.bob):
            assert f"<@{user.id}>" not in text, (custom_id, text)  # nor whom it waits on
        assert "Replay of game" not in text and "Your choices" not in text, (custom_id, text)
        assert forged.text == "forged" and not forged.history, custom_id
    after = await bot.service.get(gid)
    assert (after.version, after.players) == (record.version, record.players)
    # A seat of the game may use its buttons in a DM.
    mine = sim.create_bot_message(sim.dm_channel(sim.alice), "replay", components=button(f"tr:r:{gid}:0:f"))
    replay = await press(sim, sim.alice, mine, f"tr:r:{gid}:0:f")
    assert "Replay of game" in said(replay) or "Replay of game" in mine.text, said(replay)


async def test_a_forged_button_on_a_public_post_never_overwrites_it(fake_discord: FakeDiscord,
                                                                    tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    ver = (await bot.service.get(gid)).state_version
    for custom_id, components in ((f"tr:r:{gid}:0:f", button(f"tr:r:{gid}:0:f")),
                                  (f"tr:g:{gid}:{ver}", select(f"tr:g:{gid}:{ver}", "0")),
                                  (f"tr:b:{gid}:{ver}", button(f"tr:b:{gid}:{ver}")),
                                  (f"tr:t:join:{gid}", button(f"tr:t:join:{gid}")),
                                  (f"tr:a:{gid}:{ver}:0", button(f"tr:a:{gid}:{ver}:0"))):
        post = sim.create_bot_message(sim.channel, "a public post", components=components)
        result = await press(sim, sim.alice, post, custom_id)
        assert "went wrong" not in said(result), (custom_id, said(result))
        assert post.text == "a public post" and not post.history, (custom_id, post.text)
        assert post.components[0].custom_id == custom_id, custom_id
        assert all(m.ephemeral for m in result.messages), custom_id
    # The last one was Alice's legal card: played, and she was answered privately.
    assert (await bot.service.get(gid)).state_version == ver + 1


async def test_a_forged_table_button_edits_only_the_tables_own_message(fake_discord: FakeDiscord,
                                                                       tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 3})
    table = opened.message
    assert table is not None
    tid = int(table.text.split("table #")[1].split()[0].strip(".:,*"))
    post = sim.create_bot_message(sim.channel, "a public post", components=button(f"tr:t:join:{tid}"))
    joined = await press(sim, sim.bob, post, f"tr:t:join:{tid}")
    assert "went wrong" not in said(joined)
    assert post.text == "a public post" and not post.history and not post.embeds
    assert str(sim.bob.id) in (await bot.service.get(tid)).players
    assert table.history  # the table's own message shows the new seat
    real = await press(sim, sim.carol, table, f"tr:t:join:{tid}")
    assert "went wrong" not in said(real) and len(table.history) >= 2
