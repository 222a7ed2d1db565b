"""Short English labels for a seat's own buttons."""
from __future__ import annotations

from typing import Any

from games.westerplatte.board import (
    OFFICERS,
    PATH_OF,
    ROMAN,
    TILE_NAMES,
    path_name,
    wall_name,
)
from games.westerplatte.flow import split_words
from games.westerplatte.state import State, active, officer_index, remaining


def _officer(s: State, oid: str) -> str:
    i = officer_index(s, oid)
    return str(OFFICERS[i]["name"]) if i >= 0 else str(oid)


def describe(s: State, seat: str, a: dict[str, Any]) -> str:
    kind = a.get("type")
    try:
        if kind == "end_turn":
            return "End moves and actions (the Germans follow)"
        if kind == "move":
            return f"Move to {wall_name(a['to'])} ({s['turn']['moves'] - 1} movement left)"
        if kind == "extra_movement":
            return "Use an extra-movement token (+1 movement)"
        if kind == "extra_action":
            return "Use an extra-action token (+1 action)"
        if kind == "attack":
            p = PATH_OF[active(s)["at"]]
            who = ", ".join(_officer(s, o) for o in a["officers"])
            return f"Attack {path_name(p)}: {len(a['officers'])} damage of {remaining(s, p)} (ammo: {who})"
        if kind == "mortar":
            return f"Mortar: 2 damage to {path_name(a['path'])} ({remaining(s, a['path'])} left)"
        if kind == "mine":
            return f"Lay a mine on {path_name(a['path'])}, space {ROMAN[a['space']]}"
        if kind == "rebuild":
            return f"Rebuild {wall_name(a['wall'])} (+2, has {s['walls'][a['wall']]})"
        if kind == "supply":
            return "Take ammunition"
        if kind == "morale":
            return "Raise morale by one"
        if kind == "push_back":
            return "Push back the troops on " + ", ".join(p.upper() for p in a["paths"])
        if kind == "guardhouse":
            return f"Damage goes to {wall_name(a['wall'])} (has {s['walls'][a['wall']]})"
        if kind == "bonus":
            return f"Bonus onto the {TILE_NAMES[a['tile']]} tile"
        if kind == "loss":
            return f"Lose from the {TILE_NAMES[a['tile']]} tile"
        if kind == "give":
            return f"Extra one goes to the {_officer(s, a['officer'])}"
        if kind == "lose_ammo":
            return split_words(s, a["split"])
        if kind == "brick":
            return f"Brick onto {wall_name(a['wall'])} (has {s['walls'][a['wall']]})"
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return str(kind)
