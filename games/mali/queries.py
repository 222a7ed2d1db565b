"""The questions one seat may ask of a Mali game (`MaliGame.queries`, asked through bot.gate.ask).

Each takes the state and the asking seat and answers only about that seat's own move now; every
answer is built from the seat's legal actions and what the board shows everyone."""
from __future__ import annotations

from typing import Any

from games.base import Action, Event, Query, Say, say, say_n
from games.mali.board import colour_say
from games.mali.legal import reachable
from games.mali.route import walk_actions
from games.mali.state import State, place
from games.mali.views import view


def walk(s: State, seat: str, scout: str, to: str, pickups: bool = True) -> list[dict[str, Any]]:
    """The actions that walk the seat's `scout` to `to` by a shortest legal route (with a pick-up
    on the way wherever it can take an order, unless `pickups` is False); [] when out of reach."""
    route = reachable(s, seat, scout).get(to)
    return walk_actions(s, seat, scout, route, pickups) if route else []


CHOICES = {"card_chosen": lambda: say("a movement card"), "objectives_chosen": lambda: say("secret objectives")}


def _route_words(route: dict[str, Any]) -> Say:
    """One scout's taken-back route: "Red's Janek Budynek PAST-y → Elektrownia Powiśle, 2 steps",
    then what it picked up, dropped or delivered on the way."""
    if route["jump"]:
        how = say("{who}'s {scout} {start} → {end}, jumps", who=route["who"], scout=route["scout"],
                  start=place(route["start"]), end=place(route["at"]))
    else:
        how = say_n("{who}'s {scout} {start} → {end}, {count} step", "{who}'s {scout} {start} → {end}, {count} steps",
                    route["steps"], who=route["who"], scout=route["scout"], start=place(route["start"]),
                    end=place(route["at"]))
    return say("{route}.", route=[how, *route["done"]]) if route["done"] else say("{route}.", route=how)


def _routes(events: list[Event], colours: dict[str, Any]) -> list[Say | str]:
    """The taken-back events in words: a scout's steps as one route, a secret choice as whose it
    was, every other event as it was told (its own words)."""
    parts: list[dict[str, Any] | Say | str] = []
    routes: dict[str, dict[str, Any]] = {}
    for e in events:
        scout, kind = e.get("scout"), e.get("type")
        if kind in ("moved", "jumped") and scout and "start" in e:
            route = routes.get(scout)
            if kind == "moved" and route is not None and route["at"] == e["start"] and not route["jump"]:
                route.update(at=e["to"], steps=route["steps"] + 1)
            else:
                route = {"who": colours.get(str(e.get("seat")), ""), "scout": scout, "start": e["start"],
                         "at": e["to"], "steps": 1, "jump": kind == "jumped", "done": []}
                routes[scout] = route
                parts.append(route)
        elif kind in ("picked_up", "dropped", "delivered") and scout in routes and e.get("order"):
            route = routes[str(scout)]
            route["done"].append(_done(str(kind), str(e["order"]), route["at"]))
        elif kind in CHOICES and e.get("seat") in colours:
            parts.append(say("{who}'s choice of {what}.", who=colours[str(e["seat"])], what=CHOICES[str(kind)]()))
        elif e.get("text"):
            parts.append(e.get("say") or str(e["text"]))
            routes = {}
    return [_route_words(p) if isinstance(p, dict) and "jump" in p else p for p in parts]


def _done(kind: str, order: str, at: str) -> Say:
    if kind == "picked_up":
        return say("picks up {order} at {place}", order=order, place=place(at))
    if kind == "dropped":
        return say("drops {order} at {place}", order=order, place=place(at))
    return say("delivers {order} at {place}", order=order, place=place(at))


def taken_back(s: State, seat: str, actions: list[Action], events: list[Event]) -> list[Say | str]:
    """What an undo took back (its public `events`) and where the scouts its `actions` named
    stand now, from the public view only: the same words for everyone."""
    shown = view(s, None)
    colours = {p["seat"]: colour_say(str(p["colour"])) for p in shown["players"]}
    scouts = {sc["name"]: sc for p in shown["players"] for sc in p["scouts"]}
    named = [n for a in actions for n in (a.get("scout"), a.get("a"), a.get("b")) if n in scouts]
    where: list[Say | str] = []
    for name in dict.fromkeys(named):
        sc = scouts[name]
        if sc["status"] != "board":
            off = {"prison": say("in prison"), "escaped": say("waiting to be placed")}
            status = off.get(sc["status"], sc["status"])
            where.append(say("{scout} is off the board again ({status}).", scout=name, status=status))
        elif sc["carrying"]:
            where.append(say("{scout} stands on {place} again, carrying {order}.", scout=name,
                             place=place(sc["at"]), order=sc["carrying"]))
        else:
            where.append(say("{scout} stands on {place} again.", scout=name, place=place(sc["at"])))
    return _routes(events, colours) + where


QUERIES: dict[str, Query] = {"reachable": reachable, "walk": walk, "taken_back": taken_back}
