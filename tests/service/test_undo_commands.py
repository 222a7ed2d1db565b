"""Undo takes back a whole command (one write of several actions), back to the last barrier, and
says what and where the pieces stand now (issue 22); entries logged before 0012 stand alone."""
from __future__ import annotations

from typing import Any

import pytest
from alembic import command
from sqlalchemy import inspect, select
from sqlalchemy.engine import Connection

from bot.db import alembic_config, upgrade
from bot.service import Applied, GameRecord, GameService, NotAllowed, StaleAction
from bot.service.store import ACTIONS, OUTBOX
from games.base import Action, Game, canonical
from games.mali import GAME as MALI
from tests.service.helpers import ALICE, BOB, CHANNEL, GUILD, Clock, Db, check_consistent

ROUTE = ("Red's Janek Budynek PAST-y → Elektrownia Powiśle, 2 steps, picks up O28 at Plac Trzech Krzyży. "
         "Janek stands on Budynek PAST-y again.")


class PickUpReveals(type(MALI)):  # type: ignore[misc]
    """Mali where a pick-up may not be taken back (as if it revealed something): a barrier inside
    the walk of a route."""

    def undo_barrier(self, before: Any, seat: str, action: Action, after: Any) -> bool:
        return action["type"] == "pick_up" or bool(super().undo_barrier(before, seat, action, after))


async def moving(service: GameService) -> GameRecord:
    """Seed 1, basic, two players: Red (ALICE) moves first with card 4; Janek stands on Budynek
    PAST-y, two steps from Elektrownia Powiśle by O28's origin."""
    record = await service.open_table(GUILD, CHANNEL, ALICE, "mali", {"variant": "basic"}, {})
    await service.join(record.id, BOB)
    await service.start(record.id, ALICE, seed=1)
    await service.act(record.id, ALICE, {"type": "choose_card", "value": 4})
    return (await service.act(record.id, BOB, {"type": "choose_card", "value": 5})).record


def walk(game: Game, record: GameRecord, scout: str, to: str, pickups: bool = True) -> list[Action]:
    actions: list[Action] = game.queries["walk"](record.state, "s1", scout=scout, to=to,  # type: ignore[attr-defined]
                                                 pickups=pickups)
    assert actions
    return actions


def undo_line(applied: Applied) -> dict[str, Any]:
    return next(e for e in applied.events_for(None) if e["type"] == "undo")


async def unposted(service: GameService, game_id: int) -> list[dict[str, Any]]:
    rows = await service._db.run(lambda conn: conn.execute(
        select(OUTBOX.c.payload).where(OUTBOX.c.game_id == game_id).order_by(OUTBOX.c.id)).all())
    return [r[0] for r in rows]


async def test_one_undo_takes_back_the_whole_command_and_says_what(db: Db, clock: Clock) -> None:
    service = GameService(db.engine, clock=clock, games={"mali": MALI})
    before = await moving(service)
    one = (await service.act_many(before.id, ALICE, walk(MALI, before, "Zosia", "plac_wilsona--pawiak#1"))).record
    route = walk(MALI, one, "Janek", "elektrownia")
    assert [a["type"] for a in route] == ["step", "pick_up", "step"]
    two = (await service.act_many(before.id, ALICE, route)).record
    assert two.to_act == ["s1"] and await service.can_undo(two.id, "s1", two.version)
    told = len(await unposted(service, two.id))

    undone = await service.undo(two.id, ALICE, expected_version=two.state_version)
    assert undone.record.snapshot == one.snapshot and undone.record.state_version == two.state_version + 1
    line = undo_line(undone)
    assert line["taken_back"] == ROUTE and line["text"] == f"<@{ALICE}> takes back: {ROUTE}"
    log = await service.log(two.id, limit=None)
    assert [e.undone for e in log[-4:]] == [False, True, True, True]
    assert len({e.command for e in log[-3:]}) == 1 and log[-4].command != log[-3].command
    # Nobody was told of the route yet: its post is cancelled and the undo says nothing publicly.
    assert len(await unposted(service, two.id)) == told - 1

    with pytest.raises(StaleAction, match="out of date"):  # the double click: one command only
        await service.undo(two.id, ALICE, expected_version=two.state_version)
    assert (await service.get(two.id)).snapshot == one.snapshot

    again = await service.undo(two.id, ALICE, expected_version=undone.record.state_version)
    assert again.record.snapshot == before.snapshot
    assert undo_line(again)["taken_back"].endswith("Zosia stands on Plac Wilsona again.")
    with pytest.raises(NotAllowed, match="not yours"):  # Green's card came before
        await service.undo(two.id, ALICE)
    after = await check_consistent(service, two.id)
    assert canonical(after.snapshot) == canonical(before.snapshot)
    view, _, steps, _ = await service.replay(two.id, 99)
    counted = [e for e in await service.log(two.id, limit=None) if not e.undone]
    assert view == MALI.view(after.state, None) and steps == len(counted) == 2


async def test_a_barrier_inside_a_command_stops_the_undo(db: Db, clock: Clock) -> None:
    game = PickUpReveals()
    service = GameService(db.engine, clock=clock, games={"mali": game})
    before = await moving(service)
    route = walk(game, before, "Janek", "elektrownia")
    moved = await service.act_many(before.id, ALICE, route)
    kept, _ = game.apply(before.state, "s1", route[0])
    kept, _ = game.apply(kept, "s1", route[1])

    undone = await service.undo(before.id, ALICE, expected_version=moved.record.state_version)
    assert canonical(undone.record.snapshot) == canonical(game.dump(kept))
    assert undo_line(undone)["taken_back"] == ("Red's Janek Plac Trzech Krzyży → Elektrownia Powiśle, 1 step. "
                                               "Janek stands on Plac Trzech Krzyży again, carrying O28.")
    assert [e.undone for e in (await service.log(before.id, limit=None))[-3:]] == [False, False, True]
    # Part of the command stands: its post stays, and the undo's line goes out after it.
    payloads = await unposted(service, before.id)
    assert "takes back: Red's Janek Plac Trzech Krzyży" in payloads[-1]["events"][0]["text"]
    assert any("picks up order O28" in e.get("text", "") for p in payloads for e in p["events"])
    with pytest.raises(NotAllowed, match="can't be taken back"):
        await service.undo(before.id, ALICE)
    await check_consistent(service, before.id)


def _downgrade(connection: Connection, revision: str) -> None:
    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.downgrade(cfg, revision)


async def test_entries_logged_before_0012_stand_alone(db: Db, clock: Clock) -> None:
    """An old dump (0011: no actions.command) upgrades; its entries are taken back one by one, as
    they were then, and commands logged after the upgrade are taken back whole."""
    service = GameService(db.engine, clock=clock, games={"mali": MALI})
    before = await moving(service)
    route = walk(MALI, before, "Janek", "elektrownia")
    moved = (await service.act_many(before.id, ALICE, route)).record
    async with db.engine.begin() as connection:
        await connection.run_sync(_downgrade, "0011_maquis_words")
    async with db.engine.connect() as connection:
        names = await connection.run_sync(lambda c: [col["name"] for col in inspect(c).get_columns("actions")])
    assert "command" not in names and "seq" in names
    await upgrade(db.engine)

    later = GameService(db.engine, clock=clock, games={"mali": MALI})
    async with db.engine.connect() as connection:
        commands = (await connection.execute(select(ACTIONS.c.command).where(
            ACTIONS.c.game_id == before.id))).scalars().all()
    assert set(commands) == {None}
    assert (await later.get(before.id)).snapshot == moved.snapshot
    undone = await later.undo(before.id, ALICE)  # the last step alone
    assert "Plac Trzech Krzyży → Elektrownia Powiśle, 1 step" in undo_line(undone)["taken_back"]
    await later.undo(before.id, ALICE)
    back = await later.undo(before.id, ALICE)
    assert back.record.snapshot == before.snapshot
    again = (await later.act_many(before.id, ALICE, route)).record
    assert again.snapshot == moved.snapshot
    whole = await later.undo(before.id, ALICE, expected_version=again.state_version)
    assert whole.record.snapshot == before.snapshot and undo_line(whole)["taken_back"] == ROUTE
    await check_consistent(later, before.id)


async def test_a_secret_choice_taken_back_is_told_to_its_owner_alone(db: Db, clock: Clock) -> None:
    service = GameService(db.engine, clock=clock, games={"mali": MALI})
    record = await service.open_table(GUILD, CHANNEL, ALICE, "mali", {"variant": "basic"}, {})
    await service.join(record.id, BOB)
    start = (await service.start(record.id, ALICE, seed=1)).record
    await service.act(record.id, ALICE, {"type": "choose_card", "value": 4})
    undone = await service.undo(record.id, ALICE)
    assert undone.record.snapshot == start.snapshot
    assert undone.lines_for(None) == [f"<@{ALICE}> takes back: Red's choice of a movement card."]
    assert undone.lines_for("s1") == [f"<@{ALICE}> takes back: Red's choice of a movement card.",
                                      "🔒 Taken back: You play card 4."]
    assert undone.lines_for("s2") == undone.lines_for(None)
    payloads = await unposted(service, record.id)
    assert not any("card 4" in str(p) for p in payloads)
