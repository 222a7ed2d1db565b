"""One OS process hammering a game (used by test_concurrency): `python -m tests.service.hammer
URL SCHEMA GAME_ID MOVES SEED`. Prints "ready", waits for a line on stdin, plays, then prints
one JSON line with its counts."""
from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from typing import Any

from bot.db import make_engine
from bot.service import Conflict, GameService, Illegal, NotYourTurn, StaleAction
from bot.service.cache import BOT_SIZE
from tests.service.toygame import Race


class SlowRace(Race):
    """The race with a slower apply, to widen the window in which two processes collide."""

    def apply(self, state: Any, seat: str, action: dict[str, Any]) -> Any:
        time.sleep(0.003)
        return super().apply(state, seat, action)


async def main(url: str, schema: str, game_id: int, moves: int, seed: int) -> None:
    engine = make_engine(url, schema=schema or None)
    # Games kept in memory as the bot keeps them: the other process makes them stale all the time.
    service = GameService(engine, games={"race": SlowRace()}, cached_games=BOT_SIZE)
    rng = random.Random(seed)
    counts = {"ok": 0, "refused": 0, "conflict": 0}
    await service.get(game_id)  # warm the pool before the start signal
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for _ in range(moves):
        record = await service.get(game_id)
        seat = rng.choice(record.to_act)
        action = rng.choice(record.game.legal_actions(record.state, seat))
        try:
            await service.act(game_id, record.user_of(seat), action)
            counts["ok"] += 1
        except (NotYourTurn, StaleAction, Illegal):
            counts["refused"] += 1
        except Conflict:
            counts["conflict"] += 1
    counts["retries"] = service.stats["retries"]
    print(json.dumps(counts), flush=True)
    await engine.dispose()


if __name__ == "__main__":
    url, schema, game_id, moves, seed = sys.argv[1:6]
    asyncio.run(main(url, schema, int(game_id), int(moves), int(seed)))
