"""Sample positions of seeded random games, for the renderer tests, the bench and previews
(tests/renderers/africa/preview.py)."""
from __future__ import annotations

import random
from typing import Any

from games.africa import GAME
from games.africa.playout import playout_weights


def sample_states(players: int = 4, seed: int = 5, sealed: bool = False) -> dict[str, Any]:
    """One state per stage reached by a seeded random game (the last one finished)."""
    s = GAME.setup([f"s{i}" for i in range(1, players + 1)],
                   {"target_vp": 42, "sealed_auction": sealed}, seed)
    rng = random.Random(seed)
    shots: dict[str, Any] = {"setup": s}
    steps = 0
    while GAME.outcome(s) is None:
        waiting = GAME.to_act(s)
        seat = rng.choice(waiting)
        legal = GAME.legal_actions(s, seat)
        action = rng.choices(legal, playout_weights(s, seat, legal))[0]
        s, _ = GAME.apply(s, seat, action)
        steps += 1
        key = s["stage"] if not s["pending"] else "pending_" + s["pending"][0]["kind"]
        if steps > 40 and key not in shots:
            shots[key] = s
    shots["over"] = s
    return shots

