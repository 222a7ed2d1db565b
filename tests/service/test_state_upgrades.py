"""Migrations 0008_africa_words to 0011_maquis_words on both databases:
stored states written with the old keys are rewritten in words and play on as the same games
played fresh; downgrade writes the old keys back; other games' states are left alone."""
from __future__ import annotations

import random
from typing import Any

from alembic import command
from sqlalchemy import select
from sqlalchemy.engine import Connection

from bot.db import alembic_config, upgrade
from bot.migrations.states import rewrite
from bot.models import GameRow
from bot.service import GameService
from games.africa import GAME as AFRICA
from games.africa.upgrade import downgrade_state as africa_down
from games.africa.upgrade import upgrade_state as africa_up
from games.base import Game, canonical
from games.mali import GAME as MALI
from games.mali.upgrade import downgrade_state as mali_down
from games.maquis import GAME as MAQUIS
from games.maquis.upgrade import downgrade_state as maquis_down
from games.westerplatte import GAME as WESTERPLATTE
from games.westerplatte.upgrade import downgrade_state as westerplatte_down
from tests.service.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock, Db, check_consistent, started
from tests.service.toygame import GAME as RACE

BEFORE = "0006_waiting"  # a revision from before the renames
GAMES: dict[str, Game] = {"africa": AFRICA, "mali": MALI, "westerplatte": WESTERPLATTE, "maquis": MAQUIS,
                          "race": RACE}
TABLES: list[tuple[str, dict[str, Any], int]] = [  # key, options, seed
    ("africa", {"sealed_auction": False}, 11), ("africa", {"sealed_auction": True}, 12),
    ("mali", {"variant": "basic", "jump_costs_one_point": True}, 13), ("mali", {"variant": "extended"}, 14),
    ("westerplatte", {"difficulty": "hard"}, 15), ("maquis", {}, 16),
]
OLD_SHAPE = {"africa": (africa_down, "sv_shown"), "mali": (mali_down, "jcop"),
             "westerplatte": (westerplatte_down, None), "maquis": (maquis_down, None)}


def _downgrade(connection: Connection, revision: str) -> None:
    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.downgrade(cfg, revision)


async def stored(db: Db) -> dict[int, Any]:
    """Each game's stored state, straight from the table."""
    async with db.engine.connect() as connection:
        rows = (await connection.execute(select(GameRow.id, GameRow.state))).all()
    return dict(rows)


async def play(service: GameService, game_id: int, moves: int, rng: random.Random, mirror: Any) -> Any:
    """`moves` weighted random moves through the service; the same moves on `mirror` (an engine
    state) give the state returned."""
    for _ in range(moves):
        record = await service.get(game_id)
        if record.status != "running":
            break
        game = record.game
        seat = rng.choice(record.to_act)
        legal = game.legal_actions(record.state, seat)
        action = rng.choices(legal, game.playout_weights(record.state, seat, legal))[0]  # type: ignore[attr-defined]
        await service.act(game_id, record.user_of(seat), action)
        mirror, _ = game.apply(mirror, seat, action)
    return mirror


async def test_old_states_upgrade_and_play_on(db: Db, clock: Clock) -> None:
    service = GameService(db.sessionmaker, clock=clock, games=GAMES)
    rng = random.Random(4)
    fresh: dict[int, tuple[str, Any]] = {}
    for key, options, seed in TABLES:
        table = await service.open_table(GUILD, CHANNEL, ALICE, key, options, {})
        for user in (BOB, CAROL):
            await service.join(table.id, user)
        record = (await service.start(table.id, ALICE, seed=seed)).record
        fresh[table.id] = key, await play(service, table.id, 60, rng, record.state)
    race = await started(service)
    before = await stored(db)
    assert {gid: canonical(before[gid]) for gid in fresh} == {
        gid: canonical(GAMES[key].dump(s)) for gid, (key, s) in fresh.items()}

    async with db.engine.begin() as connection:
        await connection.run_sync(_downgrade, BEFORE)
    old = await stored(db)
    for gid, (key, state) in fresh.items():
        down, old_key = OLD_SHAPE[key]
        assert canonical(old[gid]) == canonical(down(GAMES[key].dump(state)))
        assert old_key is None or old_key in old[gid]  # (no task queue or route may be stored)
    assert old[race.id] == before[race.id]

    await upgrade(db.engine)
    assert await stored(db) == before

    # A new process (nothing kept in memory) rebuilds the same states from seed and log and plays on.
    later = GameService(db.sessionmaker, clock=clock, games=GAMES)
    for gid, (key, state) in fresh.items():
        await check_consistent(later, gid)
        mirror = await play(later, gid, 60, rng, state)
        assert canonical((await later.get(gid)).snapshot) == canonical(GAMES[key].dump(mirror))
        await check_consistent(later, gid)


async def test_the_rewrite_goes_through_every_row_in_batches(db: Db, clock: Clock) -> None:
    """Batches of one row: each of three games is rewritten once, and only games of that key."""
    service = GameService(db.sessionmaker, clock=clock, games=GAMES)
    ids = []
    for seed in (1, 2, 3):
        table = await service.open_table(GUILD, CHANNEL, ALICE, "africa", {}, {})
        await service.join(table.id, BOB)
        ids.append((await service.start(table.id, ALICE, seed=seed)).record.id)
    await service.open_table(GUILD, CHANNEL, ALICE, "africa", {}, {})  # open: no state yet
    race = await started(service)
    before = await stored(db)
    async with db.engine.begin() as connection:
        assert await connection.run_sync(rewrite, "africa", africa_down, 1) == 3
    old = await stored(db)
    assert [canonical(old[gid]) for gid in ids] == [canonical(africa_down(before[gid])) for gid in ids]
    assert old[race.id] == before[race.id]
    async with db.engine.begin() as connection:
        assert await connection.run_sync(rewrite, "africa", africa_up, 2) == 3
    assert await stored(db) == before
