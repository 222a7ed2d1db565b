"""`/africa ...` through Discord: help by topic, legal-only autocomplete, whole routes, refusals that say
why first, another seat's buttons, and the secret choices (sealed bids, conflict commitments) that the
channel learns only together."""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot import gate
from bot.app import TabletopBot
from cogs.africa.help import HELP_TOPICS
from games.africa.board import AREA, SV, token_name
from games.simulate import choose, playout_rng
from tests.e2e.harness import (
    message_of,
    option_of,
    said,
    seat_of,
    settle,
    sqlite,
    start_bot,
    turn_messages,
    view_of,
)
from tests.fakediscord import FakeDiscord, User

# Seed 30, two players, open auction: Blue (Bob) chooses his start area first, then Red (Alice); Red
# wins round 1 and acts with 5 AP and 15 influence; a conflict Blue against Red comes in round 5.
SEED = 30


async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> Any:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


def channel_text(sim: FakeDiscord, since: int = 0) -> str:
    return "\n".join(m.text for m in sim.channel_messages(sim.channel)[since:])


async def new_game(sim: FakeDiscord, bot: TabletopBot, sealed: bool = False) -> int:
    options = {"game": "africa", "players": 2} | ({"options": "sealed_auction=true"} if sealed else {})
    opened = await sim.slash(sim.alice, sim.channel, "game new", options=options)
    table = message_of(opened)
    gid = int(re.search(r"table #(\d+)", table.text)[1])  # type: ignore[index]
    await sim.click(sim.bob, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    assert (await bot.service.get(gid)).status == "running"
    return gid


class Table:
    """Plays the seed's random game through the service (fast), as `games.simulate` would."""

    def __init__(self, bot: TabletopBot, gid: int, seed: int) -> None:
        self.bot, self.gid = bot, gid
        self.decide: random.Random = playout_rng(seed)

    async def until(self, done: Callable[[Any], bool], limit: int = 500) -> Any:
        for _ in range(limit):
            record = await self.bot.service.get(self.gid)
            if done(record):
                return record
            seat, action = choose(record.game, record.state, self.decide)
            await self.bot.service.act(self.gid, record.user_of(seat), action)
        raise AssertionError("the position never came")

    async def next_choice(self) -> tuple[str, dict[str, Any]]:
        """The move the seed plays next, taken from the same random stream (play it by Discord)."""
        record = await self.bot.service.get(self.gid)
        return choose(record.game, record.state, self.decide)


def test_every_action_type_has_a_command() -> None:
    """Each engine action type is named in players' words with the command that plays it, and the
    command is one of `/africa`'s."""
    from cogs.africa import FAMILY, AfricaCog, family
    from games.africa.apply import HANDLERS

    assert set(FAMILY) == set(HANDLERS)
    names = {c.name for c in AfricaCog.__cog_app_commands__}
    for kind in FAMILY:
        command = re.search(r"`/africa ([a-z-]+)`", family(kind))
        assert command and command[1] in names, kind
    assert {"help", "panel"} <= names and len(names) <= 25


async def test_help_for_every_topic(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    default = await slash(sim, sim.carol, "africa help")
    assert default.ephemeral and "What the game is" in default.message.embeds[0]["title"]
    for key, title in HELP_TOPICS:
        result = await slash(sim, sim.carol, "africa help", topic=key)
        assert result.ephemeral and not result.errors, key
        embed = result.message.embeds[0]
        assert len(result.message.embeds) == 1 and title in embed["title"]
        assert 400 < len(embed["description"]) <= 4096 and "/africa help" in embed["footer"]["text"]
    assert not sim.channel_messages(sim.channel)


async def test_autocomplete_routes_and_refusals(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await new_game(sim, bot)
    table = Table(bot, gid, SEED)
    record = await bot.service.get(gid)
    red, blue = seat_of(record, sim.alice), seat_of(record, sim.bob)
    assert record.to_act == [blue]

    # Setup: Bob is offered exactly his legal start areas, in words; Alice nothing (not her turn).
    legal = [a["area"] for a in record.game.legal_actions(record.state, blue)]
    offered = await sim.autocomplete(sim.bob, sim.channel, "africa start", focused="area")
    assert [c["value"] for c in offered] == [AREA[a]["name"] for a in legal]
    assert "East Africa" in [c["name"] for c in offered]
    assert await sim.autocomplete(sim.alice, sim.channel, "africa start", focused="area") == []
    # Out of turn, and a wrong area: refused privately, saying why first; nothing changes.
    early = await slash(sim, sim.alice, "africa start", area="cape")
    assert early.ephemeral and said(early).startswith("It's not your turn")
    inland = await slash(sim, sim.bob, "africa start", area="Sahara")
    assert inland.ephemeral and said(inland).startswith("Sahara is not on the coast.")
    assert "East Africa" in said(inland)
    nowhere = await slash(sim, sim.bob, "africa start", area="Atlantis")
    assert said(nowhere).startswith("There is no area called 'Atlantis'")
    assert (await bot.service.get(gid)).version == record.version

    # Red's action step in round 1: 5 AP and 15 influence cubes.
    record = await table.until(lambda r: view_of(r)["stage"] == "turn"
                               and (view_of(r)["turn"] or {}).get("step") == "actions")
    assert record.to_act == [red] and view_of(record)["turn"]["ap"] == 5
    await bot.presenter.deliver(gid)
    offered = await sim.autocomplete(sim.alice, sim.channel, "africa move", focused="piece")
    assert [c["value"] for c in offered] == ["Trader in South West Africa"]  # words, never an id
    assert offered[0]["name"] == "Trader in South West Africa (5 traders there)"
    assert await sim.autocomplete(sim.bob, sim.channel, "africa move", focused="piece") == []
    routes = gate.ask(record, red, "reachable", piece="trader", start="southwest")
    offered = await sim.autocomplete(sim.alice, sim.channel, "africa move", {"piece": "Trader in South West Africa"},
                                     focused="to")
    assert sorted(c["value"] for c in offered) == sorted(AREA[a]["name"] for a in routes)
    assert "Madagascar · 3 AP" in [c["name"] for c in offered] and "Angola · 1 AP" in [c["name"] for c in offered]
    typed = await sim.autocomplete(sim.alice, sim.channel, "africa move",
                                   {"piece": "Trader in South West Africa", "to": "mada"}, focused="to")
    assert [c["value"] for c in typed] == ["Madagascar"]
    recruits = await sim.autocomplete(sim.alice, sim.channel, "africa recruit", focused="area")
    assert recruits and all(c["name"].endswith("· 4 AP") for c in recruits)
    assert {c["value"] for c in recruits} == {AREA[a["area"]]["name"] for a in
                                              record.game.legal_actions(record.state, red) if a["type"] == "recruit"}

    # Wrong inputs: each says why first, privately, and changes nothing.
    far = await slash(sim, sim.alice, "africa move", piece="Trader in South West Africa", to="Egypt")
    assert far.ephemeral and said(far).startswith("Your trader in South West Africa cannot reach Egypt now.")
    assert "Madagascar (3 AP)" in said(far)
    lost = await slash(sim, sim.alice, "africa move", piece="Trader in South West Africa", to="Atlantis")
    assert lost.ephemeral and said(lost).startswith("There is no area called 'Atlantis' on the map. You may choose: ")
    assert "Madagascar (3 AP)" in said(lost)
    ghost = await slash(sim, sim.alice, "africa move", piece="Wholesaler in Congo", to="Heart of Africa")
    assert said(ghost).startswith("You have no wholesaler in Congo that can move now. "
                                  "You can move: Trader in South West Africa.")
    typo = await slash(sim, sim.alice, "africa move", piece="wagon in Congo", to="Heart of Africa")
    assert said(typo).startswith("I don't know which piece “wagon in Congo” is")
    bid = await slash(sim, sim.alice, "africa bid", amount=3)
    assert said(bid).startswith("You can't bid now.") and "`/africa move`" in said(bid)
    bob_moves = await slash(sim, sim.bob, "africa move", piece="Trader in East Africa", to="Madagascar")
    assert said(bob_moves).startswith("It's not your turn")
    assert (await bot.service.get(gid)).version == record.version

    # A whole route in one command: three moves, one write, one post.
    before = len(await bot.service.log(gid, limit=None))
    posts = len(sim.channel_messages(sim.channel))
    moved = await slash(sim, sim.alice, "africa move", piece="South West Africa", to="Madagascar")
    assert moved.ephemeral and "went wrong" not in said(moved)
    log = await bot.service.log(gid, limit=None)
    steps = [e.action for e in log[before:]]
    assert len(steps) == 3 and all(a["type"] == "move" and a["piece"] == "trader" for a in steps)  # type: ignore[index]
    assert steps[0]["from"] == "southwest" and steps[-1]["to"] == "madagascar"  # type: ignore[index]
    record = await bot.service.get(gid)
    assert view_of(record)["areas"]["madagascar"]["traders"] == {"red": 1}
    assert view_of(record)["turn"]["ap"] == 2
    assert "to Madagascar" in said(moved) and len(sim.channel_messages(sim.channel)) == posts  # same turn: no post
    # The resource marker: as many rows as 2 AP + 15 cubes pay, one marker.
    changes = await sim.autocomplete(sim.alice, sim.channel, "africa resource", focused="change")
    assert changes and all(re.search(r"\((4|8|12|16) AP\)$", c["name"]) for c in changes)

    # Another seat's buttons: Bob's "My turn" has nothing for him; a copy of Alice's panel button is refused.
    board = turn_messages(sim, sim.channel, gid)[-1]
    nothing = await sim.click(sim.bob, board, custom_id=f"tr:p:{gid}")
    assert nothing.ephemeral and message_of(nothing).content.startswith("Nothing to do for you right now")
    panel = message_of(await sim.click(sim.alice, board, custom_id=f"tr:p:{gid}"))
    assert panel.ephemeral and panel.components
    button = next(c for c in panel.components if c.custom_id and c.custom_id.startswith(f"tr:a:{gid}:"))
    copy = sim.create_bot_message(sim.channel, "copy", components=[
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": button.custom_id}]}])
    stolen = await sim.click(sim.bob, copy, custom_id=button.custom_id)
    await settle()
    assert stolen.ephemeral and said(stolen).startswith("It's not your turn")
    mine = await slash(sim, sim.alice, "africa panel")
    assert mine.ephemeral and "Action step: **2 AP** left" in said(mine) and mine.message.components
    theirs = await slash(sim, sim.bob, "africa panel")
    assert said(theirs).startswith("Nothing to do for you right now")
    outsider = await sim.click(sim.carol, board, custom_id=f"tr:p:{gid}")
    assert outsider.ephemeral and "not playing" in said(outsider)
    assert (await bot.service.get(gid)).version == record.version


async def test_conflict_commitments_are_secret_until_both_are_in(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await new_game(sim, bot)
    table = Table(bot, gid, SEED)
    record = await table.until(lambda r: view_of(r)["stage"] == "commit")
    red, blue = seat_of(record, sim.alice), seat_of(record, sim.bob)
    assert sorted(record.to_act) == sorted([red, blue])
    conflict = view_of(record)["conflict"]
    assert (conflict["active"], conflict["defender"]) == ("blue", "red")
    await bot.presenter.deliver(gid)
    start = len(sim.channel_messages(sim.channel))

    # Each is offered only their own tokens and cubes.
    blue_tokens = [a["token"] for a in record.game.legal_actions(record.state, blue) if a["type"] == "add_token"]
    offered = await sim.autocomplete(sim.bob, sim.channel, "africa commit", focused="tokens")
    assert blue_tokens and {v for c in offered for v in c["value"].split(" + ")} == {token_name(t) for t in blue_tokens}
    red_tokens = [a["token"] for a in record.game.legal_actions(record.state, red) if a["type"] == "add_token"]
    offered = await sim.autocomplete(sim.alice, sim.channel, "africa commit", focused="tokens")
    assert {v for c in offered for v in c["value"].split(" + ")} == {token_name(t) for t in red_tokens}
    cubes = await sim.autocomplete(sim.bob, sim.channel, "africa commit", focused="cubes")
    influence = next(p["influence"] for p in view_of(record)["players"] if p["seat"] == blue)
    assert [c["value"] for c in cubes] == list(range(min(influence + 1, 25)))

    # Bob commits cubes and a token in one command: one write, his reply shows it, the channel does not.
    token = blue_tokens[-1]
    bad = await slash(sim, sim.bob, "africa commit", cubes=1, tokens="nonsense")
    assert said(bad).startswith("You can't add “nonsense” to this commitment.")
    committed = await slash(sim, sim.bob, "africa commit", cubes=1, tokens=token_name(token))
    assert committed.ephemeral and f"🔒 You add {token_name(token)} to your commitment." in said(committed)
    assert f"🔒 You commit 1 influence cube and {token_name(token)}." in said(committed)
    record = await bot.service.get(gid)
    assert record.to_act == [red] and view_of(record, blue)["me"]["commitment"] == {
        "tokens": [token], "cubes": 1, "retreat": False, "done": True}
    public = channel_text(sim, start)
    assert "Blue has committed." in public and "Revealed" not in public
    assert token_name(token) not in public and "cube" not in public.split("Blue has committed.")[1]
    assert "You add" not in "\n".join(m.text for m in sim.dm_messages(sim.alice) + sim.ephemeral_messages(sim.alice))
    again = await slash(sim, sim.bob, "africa commit", cubes=0)
    assert said(again).startswith("It's not your turn")

    # Alice answers from her panel with the retreat token: both commitments are revealed in one post.
    board = turn_messages(sim, sim.channel, gid)[-1]
    panel = message_of(await sim.click(sim.alice, board, custom_id=f"tr:p:{gid}"))
    retreat = panel.button(label="Retreat token (lose nothing, take their bid)")
    await sim.click(sim.alice, panel, custom_id=retreat.custom_id)
    await settle()
    # The table hears the reveal at once (a boundary), although Alice acts on.
    told = [m.text for m in sim.channel_messages(sim.channel)[start:] if "Revealed:" in m.text]
    assert len(told) == 1 and "Red: retreat token" in told[0]
    # She retreats her trader herself.
    record = await bot.service.get(gid)
    assert record.to_act == [red] and view_of(record)["pending"]["kind"] == "retreat"
    legal = [a["to"] for a in record.game.legal_actions(record.state, red)]
    offered = await sim.autocomplete(sim.alice, sim.channel, "africa retreat", focused="to")
    assert [c["value"] for c in offered] == [AREA[a]["name"] for a in legal]
    wrong = await slash(sim, sim.alice, "africa retreat", to="cape")
    assert said(wrong).startswith("The piece cannot retreat to Cape Colony")
    await slash(sim, sim.alice, "africa retreat", to=offered[0]["value"])
    reveal = [m.text for m in sim.channel_messages(sim.channel)[start:] if "Revealed:" in m.text]
    assert len(reveal) == 1
    line = next(x for x in reveal[0].splitlines() if x.startswith("Revealed:"))
    assert "Blue: 1 cube, " + token_name(token) in line and "Red: retreat token" in line
    assert "Red retreats and takes Blue's bid" in "\n".join(m.text for m in sim.channel_messages(sim.channel)[start:])


async def test_sealed_bids_are_shown_together(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    seed = 18
    bot = await start_bot(sim, sqlite(tmp_path), seed=seed)
    gid = await new_game(sim, bot, sealed=True)
    table = Table(bot, gid, seed)
    record = await table.until(lambda r: view_of(r)["stage"] == "auction")
    red, blue = seat_of(record, sim.alice), seat_of(record, sim.bob)
    assert sorted(record.to_act) == sorted([red, blue])
    await bot.presenter.deliver(gid)
    start = len(sim.channel_messages(sim.channel))
    assert "bid in secret" in channel_text(sim) and "/africa bid" in channel_text(sim)

    # Each sees what their own bids cost; the first bidder (most VP) may not pay VP.
    for user, seat in ((sim.alice, red), (sim.bob, blue)):
        legal = [a["amount"] for a in record.game.legal_actions(record.state, seat) if a["type"] == "bid"]
        offered = await sim.autocomplete(user, sim.channel, "africa bid", focused="amount")
        assert [c["value"] for c in offered] == legal[:25] and "cube" in offered[0]["name"]
    amount = 3
    mine = await slash(sim, sim.alice, "africa bid", amount=amount)
    assert mine.ephemeral and f"🔒 Your sealed bid: {amount}." in said(mine)
    public = channel_text(sim, start)
    assert "Red has bid." in public and "Sealed bids" not in public
    told = [line for line in public.splitlines() if not line.startswith("**Heart of Africa**")]
    assert not any(re.search(rf"\b{amount}\b", line) for line in told), public
    assert "sealed bid" not in "\n".join(m.text for m in sim.dm_messages(sim.bob) + sim.ephemeral_messages(sim.bob))
    # Alice's own view shows her bid; Bob's does not.
    record = await bot.service.get(gid)
    assert view_of(record, red)["me"]["sealed_bid"] == amount and "sealed_bid" not in view_of(record, blue)["me"]
    hand = await slash(sim, sim.alice, "game hand")
    assert f"Your sealed bid this round: **{amount}**" in said(hand)

    # Bob bids from his panel: the bids are shown together.
    board = turn_messages(sim, sim.channel, gid)[-1]
    panel = message_of(await sim.click(sim.bob, board, custom_id=f"tr:p:{gid}"))
    legal = record.game.legal_actions(record.state, blue)
    idx = legal.index({"type": "bid", "amount": 1})
    select = next(c for c in panel.components if c.is_select and option_of(c.option_values, idx))
    await sim.select(sim.bob, panel, select.custom_id, [option_of(select.option_values, idx)])
    await settle()
    reveal = channel_text(sim, start)
    assert re.search(rf"Sealed bids: (Red {amount}, Blue 1|Blue 1, Red {amount})\.", reveal), reveal
    assert "Red wins the auction with 3" in reveal


async def test_special_victory_tokens_only_to_their_owners(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await new_game(sim, bot)
    table = Table(bot, gid, SEED)
    record = await table.until(lambda r: view_of(r)["stage"] == "auction")
    await bot.presenter.deliver(gid)
    for user in (sim.alice, sim.bob):
        seat = record.seat_of(user.id)
        held = view_of(record, seat)["me"]["special_victory_tokens"]
        hand = await slash(sim, user, "game hand")
        assert hand.ephemeral and all(SV[t]["name"] in said(hand) for t in held)
        other = next(s for s in record.seats if s != seat)
        theirs = view_of(record, other)["me"]["special_victory_tokens"]
        private = "\n".join(m.text for m in sim.dm_messages(user) + sim.ephemeral_messages(user))
        assert not any(SV[t]["name"] in private for t in theirs)
    assert not any(SV[t]["name"] in channel_text(sim) for t in SV)
    assert "Each player draws a special victory token in secret." in channel_text(sim)


async def test_a_sealed_bid_forced_by_public_facts_is_not_asked(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Seed 1, sealed: a round comes where one bidder (most VP, no cubes) can bid only 0. The engine
    bids it at once: the table says so, only the other player is asked and pinged, nobody DMs him."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await new_game(sim, bot, sealed=True)
    table = Table(bot, gid, 1)
    for _ in range(300):
        record = await bot.service.get(gid)
        seat, action = await table.next_choice()
        _, events = record.game.apply(record.state, seat, action)
        if any("can bid only" in e["text"] for e in events):
            break
        await bot.service.act(gid, record.user_of(seat), action)
    else:
        raise AssertionError("no forced sealed bid came")
    await bot.presenter.deliver(gid)
    start = len(sim.channel_messages(sim.channel))
    dms = {u.id: len(sim.dm_messages(u)) for u in (sim.alice, sim.bob)}
    await bot.service.act(gid, record.user_of(seat), action)
    await bot.presenter.deliver(gid)
    await settle()
    record = await bot.service.get(gid)
    forced = next(p for p in view_of(record)["players"] if p["seat"] not in record.to_act)
    asked = next(p for p in view_of(record)["players"] if p["seat"] in record.to_act)
    assert view_of(record)["stage"] == "auction" and len(record.to_act) == 1
    posts = "\n".join(m.text for m in sim.channel_messages(sim.channel)[start:])
    assert f"{forced['name']} can bid only 0 and has bid it." in posts
    forced_user = sim.users[int(record.user_of(forced["seat"]))]
    asked_user = sim.users[int(record.user_of(asked["seat"]))]
    assert f"<@{asked_user.id}>" in posts and f"<@{forced_user.id}>" not in posts
    assert len(sim.dm_messages(forced_user)) == dms[forced_user.id]
    refused = await slash(sim, forced_user, "africa bid", amount=0)
    assert said(refused).startswith("It's not your turn")


AUTOCOMPLETES = (("africa start", "area"), ("africa place-neutral", "area"), ("africa retreat", "to"),
                 ("africa recruit", "area"), ("africa move", "piece"), ("africa resource", "change"),
                 ("africa special", "token"), ("africa special", "target"), ("africa move-neutral", "from"),
                 ("africa move-neutral", "to"), ("africa conflict", "with"), ("africa commit", "tokens"),
                 ("africa drawn", "choice"), ("africa score", "bonus"))


async def test_autocomplete_values_are_words(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """What a choice puts into the input (the local table shows it) reads as words, never an id, and
    the command reads it back: over the first 150 moves of seed 30 (every third, and every conflict),
    every offered value."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    gid = await new_game(sim, bot)
    table = Table(bot, gid, SEED)
    seen: set[tuple[str, str]] = set()
    for n in range(150):
        record = await bot.service.get(gid)
        if record.status != "running":
            break
        stage = view_of(record)["stage"]
        for seat in record.to_act if n % 3 == 0 or stage in ("commit", "draw") else []:
            user = sim.users[int(record.user_of(seat))]
            for command, option in AUTOCOMPLETES:
                for choice in await sim.autocomplete(user, sim.channel, command, focused=option):
                    value = str(choice["value"])
                    assert not re.search(r"[_:@]", value) and value[:1].isupper(), (command, value)
                    seen.add((command, option))
            moves = await sim.autocomplete(user, sim.channel, "africa move", focused="piece")
            if moves:
                routes = await sim.autocomplete(user, sim.channel, "africa move", {"piece": moves[0]["value"]},
                                                focused="to")
                assert routes and all(c["value"][:1].isupper() and "_" not in c["value"] for c in routes)
        seat, action = await table.next_choice()
        await bot.service.act(gid, record.user_of(seat), action)
    assert {("africa start", "area"), ("africa move", "piece"), ("africa conflict", "with"),
            ("africa commit", "tokens"), ("africa special", "token")} <= seen, seen
