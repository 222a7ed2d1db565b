"""Short labels for a seat's own buttons, as Says (worded in the reader's language by the bot)."""
from __future__ import annotations

from typing import Any

from games.base import Say, say, say_n
from games.westerplatte.board import (
    OFFICER_WORDS,
    PATH_OF,
    ROMAN,
    TILE_WORDS,
    path_say,
    wall_say,
)
from games.westerplatte.flow import split_words
from games.westerplatte.state import State, active, officer_index, remaining


def _officer(s: State, oid: str) -> Say | str:
    i = officer_index(s, oid)
    return OFFICER_WORDS[i] if i >= 0 else str(oid)


def describe(s: State, seat: str, a: dict[str, Any]) -> Say:
    kind = a.get("type")
    try:
        if kind == "end_turn":
            return say("End moves and actions (the Germans follow)")
        if kind == "move":
            return say("Move to {wall} ({left} movement left)", wall=wall_say(a["to"]), left=s["turn"]["moves"] - 1)
        if kind == "extra_movement":
            return say("Use an extra-movement token (+1 movement)")
        if kind == "extra_action":
            return say("Use an extra-action token (+1 action)")
        if kind == "attack":
            p = PATH_OF[active(s)["at"]]
            return say_n("Attack {path}: {count} damage of {left} (ammo: {officers})",
                         "Attack {path}: {count} damage of {left} (ammo: {officers})", len(a["officers"]),
                         path=path_say(p), left=remaining(s, p), officers=[_officer(s, o) for o in a["officers"]])
        if kind == "mortar":
            return say("Mortar: 2 damage to {path} ({left} left)", path=path_say(a["path"]),
                       left=remaining(s, a["path"]))
        if kind == "mine":
            return say("Lay a mine on {path}, space {space}", path=path_say(a["path"]), space=ROMAN[a["space"]])
        if kind == "rebuild":
            return say("Rebuild {wall} (+2, has {bricks})", wall=wall_say(a["wall"]), bricks=s["walls"][a["wall"]])
        if kind == "supply":
            return say("Take ammunition")
        if kind == "morale":
            return say("Raise morale by one")
        if kind == "push_back":
            return say("Push back the troops on {paths}", paths=[p.upper() for p in a["paths"]])
        if kind == "guardhouse":
            return say("Damage goes to {wall} (has {bricks})", wall=wall_say(a["wall"]),
                       bricks=s["walls"][a["wall"]])
        if kind == "bonus":
            return say("Bonus onto the {tile} tile", tile=TILE_WORDS[a["tile"]])
        if kind == "loss":
            return say("Lose from the {tile} tile", tile=TILE_WORDS[a["tile"]])
        if kind == "give":
            return say("Extra one goes to the {officer}", officer=_officer(s, a["officer"]))
        if kind == "lose_ammo":
            return split_words(s, a["split"])
        if kind == "brick":
            return say("Brick onto {wall} (has {bricks})", wall=wall_say(a["wall"]), bricks=s["walls"][a["wall"]])
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return {"msg": str(kind)}
