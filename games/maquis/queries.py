"""The questions one seat may ask of a Maquis game (`MaquisGame.queries`, asked through
bot.gate.ask). Each takes the state and the asking seat and answers from what the board shows
everyone."""
from __future__ import annotations

from games.base import Action, Event, Query, Say, say
from games.maquis.board import loc_say
from games.maquis.rules import route_cost
from games.maquis.state import State
from games.maquis.views import view


def route_costs(s: State, seat: str, places: list[str]) -> dict[str, int | None]:
    """How many patrols stand between each of `places` and a Safe House now (None: no road home)."""
    return {place: route_cost(s, place) for place in places}


def taken_back(s: State, seat: str, actions: list[Action], events: list[Event]) -> list[Say | str]:
    """What an undo took back (its public `events`, as they were told) and where the partisans it
    had activated stand now, from the public view only: the same words for everyone."""
    shown = view(s, None)
    missions = {m["slot"]: m["id"] for m in shown["missions"]}
    waiting = {p["at"] for p in shown["partisans"] if p["status"] == "placed" and not p["activated"]}
    where: dict[str, Say] = {}
    for a in actions:
        if a.get("type") == "activate" and a.get("at") in waiting:
            where.setdefault(a["at"], say("The partisan on {place} waits there again, not yet activated.",
                                          place=loc_say(a["at"], missions)))
    return [e.get("say") or str(e["text"]) for e in events if e.get("text")] + list(where.values())


QUERIES: dict[str, Query] = {"route_costs": route_costs, "taken_back": taken_back}
