"""A route walked as one command: the steps, with pick-ups on the way (pure; for the cog)."""
from __future__ import annotations

from typing import Any

from games.mali.state import State


def walk_actions(state: State, seat: str, scout: str, route: list[str], pickups: bool) -> list[dict[str, Any]]:
    """The steps of a route, with a pick-up wherever the scout, carrying nothing, can take an
    order on the way; planned on the engine so that the whole walk is one write."""
    from games.mali import GAME

    actions: list[dict[str, Any]] = []
    for n, node in enumerate(route):
        step = {"type": "step", "scout": scout, "to": node}
        actions.append(step)
        if n == len(route) - 1 and not pickups:
            break  # the last step: nothing left to plan (the write checks and applies it)
        state, _ = GAME.apply(state, seat, step)
        if seat not in GAME.to_act(state):
            break
        if not pickups:
            continue
        mine = GAME.view(state, seat)
        carrying = next((s["carrying"] for p in mine["players"] for s in p["scouts"] if s["name"] == scout), None)
        if carrying is None:
            grab = [a for a in GAME.legal_actions(state, seat) if a["type"] == "pick_up" and a["scout"] == scout]
            if grab:
                actions.append(grab[0])
                state, _ = GAME.apply(state, seat, grab[0])
                if seat not in GAME.to_act(state):
                    break
    return actions
