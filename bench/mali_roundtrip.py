"""A move's round trip through the Discord simulator against a no-op command's (goal at most 1.5x).

Run: .venv/bin/python bench/mali_roundtrip.py [--moves N]
The real bot plays Mali Powstańcy against the loopback simulator on a SQLite file; each move (a slash
command: load, check, apply, save snapshot and log, reply) is timed from the interaction's creation
to the bot's last reply, interleaved with a no-op command (`/mali help`) timed the same way.
Prints one JSON line; no goal is asserted anywhere in the test suite.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.simulate import choose, playout_rng
from tests.e2e.harness import settle, start_bot, user_of
from tests.e2e.mali_driver import DECISIONS, decision_value
from tests.fakediscord import FakeDiscord


def command_for(action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    kind = action["type"]
    simple = {"choose_card": ("mali card", {"value": action.get("value")}),
              "end_turn": ("mali end", {}), "finish_moving": ("mali finish", {}), "peek": ("mali peek", {})}
    if kind in simple:
        return simple[kind]
    if kind in DECISIONS:
        return "mali choose", {"option": decision_value(action)}
    if kind == "choose_objectives":
        return "mali objectives", {"keep": ",".join(action["ids"])}
    if kind == "step":
        return "mali move", {"scout": action["scout"], "to": action["to"], "pickups": False}
    names = {"place_scout": "mali place", "jump": "mali jump", "pick_up": "mali pickup", "drop": "mali drop",
             "squad_jump": "mali squad-jump", "swap_scouts": "mali swap-scouts", "swap_orders": "mali swap-orders"}
    return names[kind], {k: v for k, v in action.items() if k != "type"}


def elapsed(record: Any) -> float:
    return (record.last_activity - record.created_at) * 1000


async def run(moves: int) -> dict[str, Any]:
    before = logging.root.manager.disable
    logging.disable(logging.WARNING)  # the bot's warnings are not figures
    try:
        return await measure(moves)
    finally:
        logging.disable(before)


async def measure(moves: int) -> dict[str, Any]:
    move_ms: list[float] = []
    noop_ms: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        sim = FakeDiscord(validate_spec=False)  # the tests check the spec; here it would only add noise
        await sim.start()
        bot = await start_bot(sim, f"sqlite+aiosqlite:///{Path(tmp) / 'bench.sqlite3'}", seed=1)
        try:
            game_no = 0
            while len(move_ms) < moves:
                game_no += 1
                opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2})
                assert opened.message is not None
                gid = int(opened.message.text.split("table #")[1].split()[0])
                await sim.click(sim.bob, opened.message, label="Join")
                await sim.click(sim.alice, opened.message, label="Start")
                await settle()
                rng = playout_rng(game_no)
                while len(move_ms) < moves:
                    record = await bot.service.get(gid)
                    if record.status != "running":
                        break
                    seat, action = choose(record.game, record.state, rng)
                    name, options = command_for(action)
                    done = await sim.slash(user_of(sim, seat, record), sim.channel, name,
                                           options={**options, "game": gid})
                    move_ms.append(elapsed(done))
                    await settle()
                    idle = await sim.slash(user_of(sim, seat, record), sim.channel, "mali help")
                    noop_ms.append(elapsed(idle))
        finally:
            await sim.close()
    move, noop = statistics.median(move_ms), statistics.median(noop_ms)
    return {"bench": "mali_roundtrip", "moves": len(move_ms), "median_move_ms": round(move, 2),
            "median_noop_ms": round(noop, 2), "p95_move_ms": round(sorted(move_ms)[int(len(move_ms) * 0.95) - 1], 2),
            "ratio": round(move / noop, 2), "goal_ratio": 1.5, "meets_goal": move / noop <= 1.5}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=150)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.moves))))


if __name__ == "__main__":
    main()
