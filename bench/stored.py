"""Stored games for the scale benchmarks (bench/scale.py, bench/load.py): real games of every registered
game played at random to various points, with their logs, written straight into the bot's tables."""
from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.store import ACTIONS, GAMES, remind_time
from games import registry
from games.base import public_events, resolve_options
from games.simulate import choose, playout_rng

# The stored games' clock: their deadlines and reminders are relative to it.
NOW = datetime(2031, 1, 1, 12, tzinfo=UTC)


def templates(per_game: int = 6) -> list[dict[str, Any]]:
    """Real games at various points: their key, options, seats, seed, state and log."""
    out: list[dict[str, Any]] = []
    for key, game in registry.GAMES.items():
        for i in range(per_game):
            players = game.min_players + i % (game.max_players - game.min_players + 1)
            options = resolve_options(game, {})
            seats = [f"s{n + 1}" for n in range(players)]
            seed = 100 + i
            state = game.setup(seats, options, seed)
            rng = playout_rng(seed)
            stop = 10 + i * 25
            log: list[dict[str, Any]] = []
            while game.outcome(state) is None and len(log) < stop:
                seat, action = choose(game, state, rng)
                state, events = game.apply(state, seat, action)
                log.append({"seat": seat, "action": action, "events": public_events(events)})
            out.append({"key": key, "options": options, "seats": seats, "seed": seed,
                        "state": game.dump(state), "log": log,
                        "to_act": [] if game.outcome(state) else game.to_act(state),
                        "over": game.outcome(state) is not None})
    return out


async def populate(engine: AsyncEngine, stored: int, shapes: list[dict[str, Any]]) -> None:
    rng = random.Random(5)
    batch: list[dict[str, Any]] = []
    logs: list[tuple[int, dict[str, Any]]] = []
    for n in range(stored):
        shape = rng.choice(shapes)
        status = "finished" if shape["over"] else rng.choice(["running", "running", "finished", "abandoned"])
        # Running games wait on someone within their 48 h window; one in a hundred is overdue.
        start = NOW - timedelta(hours=rng.randint(60, 90) if rng.random() < 0.01 else rng.randint(1, 30))
        deadline = start + timedelta(hours=48) if status == "running" else None
        users = {s: str(10_000 + rng.randint(0, 5000)) for s in shape["seats"]}
        batch.append({
            "guild_id": 1 + n % 50, "channel_id": 1000 + n % 400, "thread_id": None, "key": shape["key"],
            "options": shape["options"], "settings": {"turn_hours": 48 if deadline else 0, "on_timeout": "wait",
                                                      "use_thread": False, "max_players": len(shape["seats"])},
            "creator_id": int(users["s1"]), "seats": shape["seats"], "users": users, "status": status,
            "seed": shape["seed"], "state": shape["state"], "version": len(shape["log"]) + 1,
            "last_seq": len(shape["log"]), "table_message_id": None,
            "turn_started_at": start if deadline else None, "deadline_at": deadline,
            "remind_at": remind_time(start, deadline) if deadline else None,
            "reminded": list(shape["to_act"]) if deadline else [],
            "created_at": start, "updated_at": start})
        logs.append((n, shape))
        if len(batch) == 500 or n == stored - 1:
            async with engine.begin() as conn:
                result = await conn.execute(insert(GAMES).returning(GAMES.c.id), batch)
                ids = [row[0] for row in result.all()]
                rows = [{"game_id": gid, "seq": i + 1, "seat": e["seat"], "kind": "action", "action": e["action"],
                         "by": "player", "created_at": NOW, "user_id": None, "events": e["events"],
                         "barrier": True, "undone": False}
                        for gid, (_, shape) in zip(ids, logs, strict=True) for i, e in enumerate(shape["log"][:20])]
                if rows:
                    await conn.execute(insert(ACTIONS), rows)
            batch, logs = [], []


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)
