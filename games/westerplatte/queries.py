"""The questions one seat may ask of a Westerplatte game (`WesterplatteGame.queries`, asked through
bot.gate.ask). Each answers only what that seat may know."""
from __future__ import annotations

from games.base import Action, Event, Query, Say, say
from games.westerplatte.board import OFFICER_WORDS, wall_say
from games.westerplatte.state import State
from games.westerplatte.views import view


def taken_back(s: State, seat: str, actions: list[Action], events: list[Event]) -> list[Say | str]:
    """What an undo took back and where the officers it moved stand now, from the public view only
    (the same words for everyone): an officer's moves as one walk ("Red officer outpost C →
    guardhouse 3 → outpost B"), the other public `events` as they were told, then where each
    moved officer stands."""
    officers = {o["id"]: o for o in view(s, None)["officers"]}
    index = {o["id"]: n for n, o in enumerate(view(s, None)["officers"])}
    walks: dict[str, list[str]] = {}  # officer -> where it stood, then every wall it entered
    parts: list[tuple[str | None, Say | str]] = []  # an officer's walk (its id) or an event's words
    for e in events:
        oid = str(e.get("officer"))
        if e.get("type") == "move" and oid in officers and e.get("to"):
            if oid not in walks:
                walks[oid] = [str(officers[oid]["at"])]
                parts.append((oid, ""))
            walks[oid].append(str(e["to"]))
        elif e.get("text"):
            parts.append((None, e.get("say") or str(e["text"])))

    def walk(oid: str) -> Say:
        steps: list[Say] = [wall_say(w) for w in walks[oid]]
        route: Say = steps[0]
        for step in steps[1:]:
            route = say("{from_} → {to}", from_=route, to=step)
        return say("{officer} {walk}.", officer=OFFICER_WORDS[index[oid]], walk=route)

    said = [text if oid is None else walk(oid) for oid, text in parts]
    where = [say("{officer} stands on {wall} again.", officer=OFFICER_WORDS[index[o]],
                 wall=wall_say(str(officers[o]["at"]))) for o in walks]
    return said + where


QUERIES: dict[str, Query] = {"taken_back": taken_back}
