"""The questions one seat may ask of a Maquis game (`MaquisGame.queries`, asked through
bot.gate.ask). Each takes the state and the asking seat and answers from what the board shows
everyone."""
from __future__ import annotations

from games.base import Query
from games.maquis.rules import route_cost
from games.maquis.state import State


def route_costs(s: State, seat: str, places: list[str]) -> dict[str, int | None]:
    """How many patrols stand between each of `places` and a Safe House now (None: no road home)."""
    return {place: route_cost(s, place) for place in places}


QUERIES: dict[str, Query] = {"route_costs": route_costs}
