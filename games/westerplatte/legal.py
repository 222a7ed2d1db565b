"""Who acts and what he may do: the officer's phase 1 and the choices the rules ask."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from games.westerplatte.board import (
    CARDS,
    FACES,
    NEIGHBOURS,
    OUTPOSTS,
    PATH_OF,
    PATHS,
    WALLS,
    side_value,
)
from games.westerplatte.flow import ammo_splits
from games.westerplatte.state import State, active, active_seat, remaining, tile_at

Action = dict[str, Any]
END = {"type": "end_turn"}


def to_act(s: State) -> list[str]:
    if s["outcome"] is not None:
        return []
    return [active_seat(s)]


def burnt(s: State, a: str, b: str) -> bool:
    return s["burnt"] is not None and sorted([a, b], key=WALLS.index) == s["burnt"]


def steps_from(s: State, here: str) -> list[str]:
    return [n for n in NEIGHBOURS[here] if not burnt(s, here, n)]


def mine_spaces(s: State) -> list[tuple[str, int]]:
    out = []
    for p in PATHS:
        troop = s["troops"][p]
        if troop is not None and not s["mine_on_occupied_path"]:
            continue
        for k in (1, 2, 3, 4):
            if k in s["mines"][p] or (troop is not None and troop["space"] == k):
                continue
            out.append((p, k))
    return out


def tile_actions(s: State, where: str) -> list[Action]:
    """The actions an officer standing on `where` may take now (rule 8: only useful ones)."""
    out: list[Action] = []
    if where in OUTPOSTS:
        p = PATH_OF[where]
        left = remaining(s, p)
        if left > 0:
            shooters = [o["id"] for o in s["officers"] if o["at"] == where and o["ammo"] > 0]
            for k in range(1, min(left, len(shooters)) + 1):
                for combo in combinations(shooters, k):
                    out.append({"type": "attack", "officers": list(combo)})
        return out
    tile = tile_at(s, where)
    if tile == "morale":
        out.append({"type": "morale"})
    elif tile == "mortar":
        if s["stock"]["mortar"] > 0:
            out += [{"type": "mortar", "path": p} for p in PATHS if s["troops"][p] is not None]
    elif tile == "mines":
        if s["stock"]["mines"] > 0:
            out += [{"type": "mine", "path": p, "space": k} for p, k in mine_spaces(s)]
    elif tile == "wall_rebuild":
        if s["stock"]["wall_rebuild"] > 0:
            out += [{"type": "rebuild", "wall": w} for w in WALLS if s["walls"][w] < 6]
    elif tile == "ammunition":
        if s["reserve"] > 0:
            out.append({"type": "supply"})
    elif tile == "push_back":
        movable = [p for p in PATHS if s["troops"][p] is not None and s["troops"][p]["space"] > 1]
        most = side_value("push_back", s["side"], "troops")
        for k in range(1, min(most, len(movable)) + 1):
            for combo in combinations(movable, k):
                out.append({"type": "push_back", "paths": list(combo)})
    return out


def officer_actions(s: State) -> list[Action]:
    tn = s["turn"]
    o = active(s)
    out: list[Action] = []
    if tn["moves"] > 0:
        out += [{"type": "move", "to": n} for n in steps_from(s, o["at"])]
    if tn["actions"] > 0:
        out += tile_actions(s, o["at"])
    if o["extra_movement"] > 0 and not tn["used_extra_movement"] and tn["moves"] == 0:
        out.append({"type": "extra_movement"})
    useful = tn["moves"] > 0 or (o["extra_movement"] > 0 and not tn["used_extra_movement"])
    if o["extra_action"] > 0 and not tn["used_extra_action"] and tn["actions"] == 0 and (
            useful or tile_actions(s, o["at"])):
        out.append({"type": "extra_action"})
    out.append(dict(END))
    return out


def pending_actions(s: State) -> list[Action]:
    pend = s["pending"]
    kind = pend["kind"]
    if kind == "guardhouse":
        return [{"type": "guardhouse", "wall": g} for g in pend["options"]]
    if kind == "h1":
        return [{"type": "bonus", "tile": t} for t in pend["options"]]
    if kind == "l1":
        return [{"type": "loss", "tile": t} for t in pend["options"]]
    if kind == "remainder":
        return [{"type": "give", "officer": oid} for oid in pend["options"]]
    if kind == "lose_ammo":
        return [{"type": "lose_ammo", "split": split}
                for split in ammo_splits(s, int(pend["left"]), list(pend["options"]))]
    if kind == "brick":
        return [{"type": "brick", "wall": w} for w in pend["options"]]
    raise KeyError(kind)


def legal_actions(s: State, seat: str) -> list[Action]:
    if s["outcome"] is not None or seat != active_seat(s):
        return []
    if s["pending"] is not None:
        return pending_actions(s)
    if s["turn"]["stage"] == "officer" and not s["tasks"]:
        return officer_actions(s)
    return []


_ = (CARDS, FACES)
