"""A game stored in the database plays exactly like one that never left memory (issue: platform,
defect 3: PostgreSQL's JSONB reorders object keys, and Mali's engine depended on their order)."""
from __future__ import annotations

from bot.service import GameService
from games.base import canonical
from games.mali import GAME as MALI
from games.simulate import choose, playout_rng
from tests.service.helpers import ALICE, BOB, CHANNEL, GUILD, Clock, Db


async def test_mali_through_the_database_equals_mali_in_memory(db: Db, clock: Clock) -> None:
    service = GameService(db.engine, clock=clock, games={"mali": MALI})
    record = await service.open_table(GUILD, CHANNEL, ALICE, "mali", {"variant": "extended"}, {})
    await service.join(record.id, BOB)
    record = (await service.start(record.id, ALICE, seed=0)).record
    twin = MALI.setup(list(record.seats), dict(record.options), 0)
    rng = playout_rng(0)  # seed 0, two players, extended: PostgreSQL's key order broke step 16
    for _ in range(60):
        record = await service.get(record.id)
        if record.status != "running":
            break
        assert canonical(MALI.dump(record.state)) == canonical(MALI.dump(twin))
        for seat in record.to_act:
            assert record.game.legal_actions(record.state, seat) == MALI.legal_actions(twin, seat)
        seat, action = choose(MALI, twin, rng)
        await service.act(record.id, record.user_of(seat), action)
        twin, _ = MALI.apply(twin, seat, action)
    rebuilt = await service.rebuild(record.id)
    assert canonical(MALI.dump(rebuilt)) == canonical((await service.get(record.id)).snapshot)
