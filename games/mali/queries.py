"""The questions one seat may ask of a Mali game (`MaliGame.queries`, asked through bot.gate.ask).

Each takes the state and the asking seat and answers only about that seat's own move now; every
answer is built from the seat's legal actions and what the board shows everyone."""
from __future__ import annotations

from typing import Any

from games.base import Action, Event, Query
from games.mali.legal import reachable
from games.mali.route import walk_actions
from games.mali.state import State, place_name
from games.mali.views import view


def walk(s: State, seat: str, scout: str, to: str, pickups: bool = True) -> list[dict[str, Any]]:
    """The actions that walk the seat's `scout` to `to` by a shortest legal route (with a pick-up
    on the way wherever it can take an order, unless `pickups` is False); [] when out of reach."""
    route = reachable(s, seat, scout).get(to)
    return walk_actions(s, seat, scout, route, pickups) if route else []


CHOICES = {"card_chosen": "a movement card", "objectives_chosen": "secret objectives"}  # secret choices


def _routes(events: list[Event], colours: dict[str, str]) -> list[str]:
    """The taken-back events in words: a scout's steps as one route ("Red's Janek Budynek PAST-y →
    Elektrownia Powiśle, 2 steps, picks up O28 at Plac Trzech Krzyży"), a secret choice as whose it
    was, every other event as it was told."""
    parts: list[list[str]] = []
    routes: dict[str, dict[str, Any]] = {}
    for e in events:
        scout, kind = e.get("scout"), e.get("type")
        if kind in ("moved", "jumped") and scout and "start" in e:
            route = routes.get(scout)
            if kind == "moved" and route is not None and route["at"] == e["start"] and not route["jump"]:
                route.update(at=e["to"], steps=route["steps"] + 1)
            else:
                route = {"who": colours.get(str(e.get("seat")), ""), "start": e["start"], "at": e["to"],
                         "steps": 1, "jump": kind == "jumped", "part": [""]}
                routes[scout] = route
                parts.append(route["part"])
            how = "jumps" if route["jump"] else f"{route['steps']} step{'' if route['steps'] == 1 else 's'}"
            route["part"][0] = (f"{route['who']}'s {scout} {place_name(route['start'])} → "
                                f"{place_name(route['at'])}, {how}")
        elif kind in ("picked_up", "dropped", "delivered") and scout in routes and e.get("order"):
            word = {"picked_up": "picks up", "dropped": "drops", "delivered": "delivers"}[str(kind)]
            route = routes[str(scout)]
            route["part"].append(f"{word} {e['order']} at {place_name(route['at'])}")
        elif kind in CHOICES and e.get("seat") in colours:
            parts.append([f"{colours[str(e['seat'])]}'s choice of {CHOICES[str(kind)]}"])
        elif e.get("text"):
            parts.append([str(e["text"]).rstrip(".")])
            routes = {}
    return [", ".join(p) + "." for p in parts]


def taken_back(s: State, seat: str, actions: list[Action], events: list[Event]) -> list[str]:
    """What an undo took back (its public `events`) and where the scouts its `actions` named
    stand now, from the public view only: the same words for everyone."""
    shown = view(s, None)
    colours = {p["seat"]: str(p["colour"]).capitalize() for p in shown["players"]}
    scouts = {sc["name"]: sc for p in shown["players"] for sc in p["scouts"]}
    named = [n for a in actions for n in (a.get("scout"), a.get("a"), a.get("b")) if n in scouts]
    where = []
    for name in dict.fromkeys(named):
        sc = scouts[name]
        if sc["status"] != "board":
            where.append(f"{name} is off the board again ({sc['status']}).")
            continue
        carrying = f", carrying {sc['carrying']}" if sc["carrying"] else ""
        where.append(f"{name} stands on {place_name(sc['at'])} again{carrying}.")
    return _routes(events, colours) + where


QUERIES: dict[str, Query] = {"reachable": reachable, "walk": walk, "taken_back": taken_back}
