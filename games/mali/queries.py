"""The questions one seat may ask of a Mali game (`MaliGame.queries`, asked through bot.gate.ask).

Each takes the state and the asking seat and answers only about that seat's own move now; every
answer is built from the seat's legal actions and what the board shows everyone."""
from __future__ import annotations

from typing import Any

from games.base import Query
from games.mali.legal import reachable
from games.mali.route import walk_actions
from games.mali.state import State


def walk(s: State, seat: str, scout: str, to: str, pickups: bool = True) -> list[dict[str, Any]]:
    """The actions that walk the seat's `scout` to `to` by a shortest legal route (with a pick-up
    on the way wherever it can take an order, unless `pickups` is False); [] when out of reach."""
    route = reachable(s, seat, scout).get(to)
    return walk_actions(s, seat, scout, route, pickups) if route else []


QUERIES: dict[str, Query] = {"reachable": reachable, "walk": walk}
