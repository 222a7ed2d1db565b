"""The questions one seat may ask of a Heart of Africa game (`AfricaGame.queries`, asked through
bot.gate.ask).

Each takes the game's state and a seat, and answers only what that seat may know: where one of its
pieces can go and the moves that take it there, and how far a resource marker can be pushed. They
only try the engine's own legal actions, one after the other, on copies of the state.
"""
from __future__ import annotations

from typing import Any

from games.africa.apply import apply
from games.africa.board import area_say, colour_say, route_say
from games.africa.legal import legal_actions, to_act
from games.africa.views import view
from games.base import Event, IllegalAction, Query, Say, say, say_n

Action = dict[str, Any]


def _same_turn(before: Any, after: Any, seat: str) -> bool:
    """After a step the same seat still acts in the same turn (the engine did not score for it)."""
    return (seat in to_act(after) and after["round"] == before["round"]
            and after["stage"] == before["stage"] and not after["pending"])


def reachable(game_state: Any, seat: str, piece: str, start: str) -> dict[str, list[Action]]:
    """Every area the seat's `piece` ("trader" or "wholesaler") in `start` can reach now, with the
    shortest list of legal moves that takes it there (each move is one area entered)."""
    routes: dict[str, list[Action]] = {start: []}
    frontier = [(game_state, start)]
    while frontier:
        nxt = []
        for here_state, here in frontier:
            for a in legal_actions(here_state, seat):
                if a["type"] != "move" or a["piece"] != piece or a["from"] != here or a["to"] in routes:
                    continue
                try:
                    after, _ = apply(here_state, seat, a)
                except IllegalAction:
                    continue
                routes[a["to"]] = routes[here] + [a]
                if _same_turn(here_state, after, seat):
                    nxt.append((after, a["to"]))
        frontier = nxt
    del routes[start]
    return routes


def resource_steps(game_state: Any, seat: str, marker: str, step: int) -> int:
    """How many rows in a row the seat can move `marker` in direction `step` (+1/-1) now."""
    rows = 0
    here = game_state
    action = {"type": "change_resource", "marker": marker, "step": step}
    while action in legal_actions(here, seat):
        after, _ = apply(here, seat, action)
        rows += 1
        if not _same_turn(here, after, seat):
            break
        here = after
    return rows


def taken_back(game_state: Any, seat: str, actions: list[Action], events: list[Event]) -> list[Say | str]:
    """What an undo took back and where the moved pieces stand now, from the public view only (the
    same words for everyone): each piece's moves as one route ("Red's trader Libya → Sahara →
    Chad"), the other public `events` as they were told, then where each moved piece stands."""
    shown = view(game_state, None)
    me = next(p for p in shown["players"] if p["seat"] == seat)
    who: Say | str = str(me["name"]) if me.get("name") else colour_say(str(me["colour"]))
    chains: list[list[Any]] = []  # [piece, areas...]
    for a in actions:
        if a.get("type") != "move" or a.get("from") not in shown["areas"] or a.get("to") not in shown["areas"]:
            continue
        chain = next((c for c in reversed(chains) if c[0] == a.get("piece") and c[-1] == a["from"]), None)
        if chain is None:
            chains.append([a.get("piece"), a["from"], a["to"]])
        else:
            chain.append(a["to"])
    what: list[Say | str] = [
        say("{who}'s wholesaler {route}.", who=who, route=route_say(c[1:])) if c[0] == "wholesaler"
        else say("{who}'s trader {route}.", who=who, route=route_say(c[1:])) for c in chains]
    what += [e.get("say") or str(e["text"]) for e in events
             if e.get("text") and (e.get("type") != "move" or not chains)]
    where: dict[str, Say] = {}
    for piece, start, *_ in chains:
        if piece == "wholesaler" and me.get("wholesaler") == start:
            where.setdefault(f"w{start}", say("{who}'s wholesaler stands in {area} again.", who=who,
                                              area=area_say(start)))
        elif piece == "trader":
            count = int(shown["areas"][start].get("traders", {}).get(me["colour"], 0))
            where.setdefault(f"t{start}", say_n("{who}'s trader is back in {area} ({count} {who} trader there).",
                                                "{who}'s trader is back in {area} ({count} {who} traders there).",
                                                count, who=who, area=area_say(start)))
    return what + list(where.values())


QUERIES: dict[str, Query] = {"reachable": reachable, "resource_steps": resource_steps,
                             "taken_back": taken_back}
