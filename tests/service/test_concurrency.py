"""Concurrent moves: in one process (asyncio) and, on PostgreSQL, from two OS processes."""
from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import Connection

from bot.service import Conflict, GameService, Illegal, NotYourTurn, StaleAction
from tests.service.helpers import ALICE, Db, check_consistent, started
from tests.service.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]


async def test_50_concurrent_calls_one_move_per_seat(service: GameService) -> None:
    game = await started(service, 4, target=1000)
    calls = [service.act(game.id, game.user_of(game.seats[i % 4]), {"type": "bid", "value": 1 + i % 3})
             for i in range(50)]
    results = await asyncio.gather(*calls, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    # after the four bids it is ALICE's move: her later bids are illegal, the others wait
    assert len(applied) == 4 and all(isinstance(r, (NotYourTurn, Illegal)) for r in refused)
    record = await check_consistent(service, game.id)
    assert record.version == game.version + 4 and record.state.phase == "move"
    assert sorted(e.seat for e in await service.log(game.id)) == sorted(game.seats)


async def test_50_concurrent_players_no_lost_moves(service: GameService) -> None:
    game = await started(service, 4, target=1000)

    async def player(n: int) -> int:
        rng = random.Random(n)
        for _ in range(200):
            record = await service.get(game.id)
            seat = rng.choice(record.to_act)
            action = rng.choice(record.game.legal_actions(record.state, seat))
            try:
                await service.act(game.id, record.user_of(seat), action, expected_version=record.version)
                return 1
            except (StaleAction, NotYourTurn, Illegal):
                await asyncio.sleep(0)
        return 0

    done = sum(await asyncio.gather(*(player(n) for n in range(50))))
    assert done == 50
    record = await check_consistent(service, game.id)
    assert record.version == game.version + done
    assert len(await service.log(game.id, limit=None)) == done


async def test_two_processes_hammer_one_game(db: Db) -> None:
    if db.backend != "postgresql":
        pytest.skip("two OS processes on one game: PostgreSQL only (SQLite serialises writers)")
    service = GameService(db.engine, games={"race": GAME})
    game = await started(service, 4, target=1000)
    assert game.creator_id == ALICE
    procs = [subprocess.Popen(  # noqa: ASYNC220 - started at once; they are read from below
        [sys.executable, "-m", "tests.service.hammer", db.url, db.schema or "", str(game.id),
         "30", str(seed)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for seed in (1, 2)]
    try:
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        outputs = [proc.communicate(timeout=60)[0] for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    assert all(proc.returncode == 0 for proc in procs)
    counts = [json.loads(out.strip().splitlines()[-1]) for out in outputs]
    print("hammer counts:", counts)
    ok = sum(c["ok"] for c in counts)
    record = await check_consistent(service, game.id)
    assert record.version == game.version + ok
    assert len(await service.log(game.id, limit=None)) == ok
    assert sum(c["retries"] for c in counts) > 0, counts  # some writes visibly lost a race


async def test_two_services_race_and_retry(db: Db) -> None:
    """Two services (as two processes would be: no shared lock) on one game in one loop."""
    one, two = (GameService(db.engine, games={"race": GAME}) for _ in range(2))
    game = await started(one, 4, target=1000)

    async def player(service: GameService, n: int) -> int:
        rng, done = random.Random(n), 0
        for _ in range(15):
            record = await service.get(game.id)
            seat = rng.choice(record.to_act)
            action = rng.choice(record.game.legal_actions(record.state, seat))
            try:
                await service.act(game.id, record.user_of(seat), action)
                done += 1
            except (NotYourTurn, Illegal):
                pass
        return done

    done = sum(await asyncio.gather(*(player(s, n) for n, s in enumerate([one, two] * 3))))
    record = await check_consistent(one, game.id)
    assert record.version == game.version + done
    assert one.stats["retries"] + two.stats["retries"] > 0
    assert one.stats["conflicts"] + two.stats["conflicts"] == 0


async def test_conflict_after_five_lost_races(service: GameService,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    game = await started(service)

    def always_lose(conn: Connection, *args: object) -> bool:
        conn.rollback()
        return False

    monkeypatch.setattr(service, "_commit", always_lose)
    with pytest.raises(Conflict, match="try again"):
        await service.act(game.id, ALICE, {"type": "bid", "value": 1})
    assert (service.stats["retries"], service.stats["conflicts"]) == (5, 1)
    monkeypatch.undo()
    record = await check_consistent(service, game.id)
    assert record.version == game.version and await service.log(game.id) == []
