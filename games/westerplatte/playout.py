"""A small greedy team policy, used as the weights of random play-outs (games.simulate).

Each officer looks at every space within his remaining movement, values the best action there
(killing the troops that hurt the wall most, rebuilding the weakest guardhouse, fetching
ammunition when he has little, raising morale), walks there and takes it; afterwards he walks
towards the most useful space for his next turn. Forced choices take the default answers."""
from __future__ import annotations

from collections import deque
from typing import Any

from games.westerplatte.board import (
    BEHIND,
    CARDS,
    FACES,
    GUARDHOUSES,
    OUTPOSTS,
    PATH_OF,
    PATHS,
    WALLS,
)
from games.westerplatte.legal import steps_from, tile_actions
from games.westerplatte.state import State, active, level, remaining, tile_at

SPEED3 = 0.8
SLOW = {3: 0.7, 2: 0.5, 1: 0.35}
PUSH_IV = 6.0
MINE_ON_I = 15.0
L1_ORDER = ("wall_rebuild", "mortar", "mines")
H1_ORDER = ("mortar", "mines", "wall_rebuild")
GUARD_VALUE = [40.0, 24.0, 16.0, 8.0, 4.0, 1.5, 0.0]
OUTPOST_VALUE = [10.0, 8.0, 6.0, 3.5, 2.0, 1.0, 0.0]


def threat(s: State, p: str) -> float:
    t = s["troops"][p]
    if t is None:
        return 0.0
    c = CARDS[t["card"]]
    if c["unit"] == "howitzer":
        return float(c["attack"])
    if t["space"] == 4:
        return float(c["attack"])
    if c["speed"] == 3:
        return SPEED3 * float(c["attack"])
    return SLOW[int(t["space"])] * float(c["attack"])


def wall_danger(s: State, w: str) -> float:
    """How much a missing brick at w hurts: guardhouses most, an outpost by its weakest guardhouse."""
    if w in GUARDHOUSES:
        return GUARD_VALUE[int(s["walls"][w])]
    behind = min(int(s["walls"][g]) for g in BEHIND[w])
    return OUTPOST_VALUE[int(s["walls"][w])] * (1.0 + threat(s, PATH_OF[w])) * (1.0 + (6 - behind) / 3)


def damage_value(s: State, p: str, dmg: int) -> float:
    left = remaining(s, p)
    if left <= 0:
        return 0.0
    kill = 8.0 + 12.0 * threat(s, p)
    if all(s["troops"][q] is not None for q in PATHS):
        kill *= 3.0  # five troops: only kills move the day on (cards go under the deck)
    if dmg >= left:
        return kill
    return kill * 0.5 * dmg / left


def action_value(s: State, a: dict[str, Any]) -> float:
    kind = a["type"]
    o = active(s)
    if kind == "attack":
        p = PATH_OF[o["at"]]
        v = damage_value(s, p, len(a["officers"]))
        # spend the ammunition of those who hold most
        held = {x["id"]: x["ammo"] for x in s["officers"]}
        return float(v - 0.3 * len(a["officers"]) + 0.01 * sum(held[i] for i in a["officers"]))
    if kind == "mortar":
        return damage_value(s, a["path"], 2) - 3.0 - (1.5 if remaining(s, a["path"]) == 1 else 0.0)
    if kind == "mine":
        p, k = a["path"], int(a["space"])
        t = s["troops"][p]
        if t is not None:
            if t["space"] < k and CARDS[t["card"]]["speed"]:
                return 6.0 + 8.0 * threat(s, p)
            return 0.5
        # a mine on space I of an empty path destroys the next troop put there: a sure kill
        return MINE_ON_I if k == 1 else 2.0 - 0.1 * k
    if kind == "rebuild":
        # measured: rebuilding costs the action a kill needs; only an emergency is worth it
        w = a["wall"]
        if w in GUARDHOUSES and s["walls"][w] <= 1 and any(
                s["walls"][g] == 0 for g in GUARDHOUSES if g != w):
            return 30.0
        return 0.0
    if kind == "supply":
        base = {0: 14.0, 1: 8.0, 2: 3.0, 3: 1.0}.get(int(o["ammo"]), 0.2)
        return base * (1 if s["reserve"] else 0)
    if kind == "morale":
        lv = level(s)
        if lv in ("l1", "l2", "l3"):
            return 9.0
        return {"start": 4.0, "h1": 5.0, "h2": 7.0}.get(str(lv), 3.5)
    if kind == "push_back":
        full = all(s["troops"][p] is not None for p in PATHS)
        v = -4.0 if full else 0.0
        for p in a["paths"]:
            t = s["troops"][p]
            c = CARDS[t["card"]]
            v += (PUSH_IV * c["attack"] if t["space"] == 4 else 1.5) + (
                6.0 if any(k in s["mines"][p] for k in range(max(1, t["space"] - 2), t["space"])) else 0)
        return v
    return 0.0


def best_here(s: State, where: str, shooter_ammo: int) -> tuple[float, dict[str, Any] | None]:
    """The best action value an officer would find on `where` (for planning moves)."""
    o = active(s)
    saved = o["at"]
    o["at"] = where
    try:
        acts = tile_actions(s, where)
        if where in OUTPOSTS and not acts and shooter_ammo > 0 and remaining(s, PATH_OF[where]) > 0:
            return damage_value(s, PATH_OF[where], 1), None
        return max(((action_value(s, a), a) for a in acts), default=(0.0, None), key=lambda x: x[0])
    finally:
        o["at"] = saved


def distances(s: State, start: str) -> dict[str, int]:
    dist = {start: 0}
    q = deque([start])
    while q:
        x = q.popleft()
        for y in steps_from(s, x):
            if y not in dist:
                dist[y] = dist[x] + 1
                q.append(y)
    return dist


def first_step(s: State, start: str, goal: str) -> str | None:
    dist = distances(s, goal)
    here = dist.get(start)
    if here is None or here == 0:
        return None
    for y in steps_from(s, start):
        if dist.get(y, 99) == here - 1:
            return y
    return None


def choose_pending(s: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The team's answer to a forced choice: keep the bricks, spread the losses."""
    kind = s["pending"]["kind"]
    opts = s["pending"]["options"]
    if kind == "l1":
        for t in L1_ORDER:
            if t in opts:
                return {"type": "loss", "tile": t}
    if kind == "h1":
        for t in H1_ORDER:
            if t in opts:
                return {"type": "bonus", "tile": t}
    if kind == "remainder":
        token = s["pending"]["token"]
        key = "ammo" if token == "ammo" else token
        best = min(opts, key=lambda oid: (next(o[key] for o in s["officers"] if o["id"] == oid),
                                          opts.index(oid)))
        return {"type": "give", "officer": best}
    if kind == "lose_ammo":  # one at a time from whoever holds most, as the old answers did
        held = {o["id"]: int(o["ammo"]) for o in s["officers"] if o["id"] in opts}
        split: dict[str, int] = {}
        for _ in range(int(s["pending"]["left"])):
            best = max(opts, key=lambda oid: (held[oid], -opts.index(oid)))
            held[best] -= 1
            split[best] = split.get(best, 0) + 1
        return {"type": "lose_ammo", "split": split}
    from games.westerplatte import default_action_for
    return default_action_for(s)


def choose(s: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    if s["pending"] is not None:
        return choose_pending(s, legal)
    tn = s["turn"]
    o = active(s)
    here = o["at"]
    kinds = {a["type"] for a in legal}
    dist = distances(s, here)
    if tn["actions"] > 0:
        best_v, best_a = -1.0, None
        for a in legal:
            if a["type"] not in ("move", "end_turn", "extra_movement", "extra_action"):
                v = action_value(s, a)
                if v > best_v:
                    best_v, best_a = v, a
        reach = tn["moves"] + (1 if o["extra_movement"] and not tn["used_extra_movement"] else 0)
        target, target_v = None, best_v
        for w in WALLS:
            d = dist.get(w, 99)
            if 0 < d <= reach:
                v, _ = best_here(s, w, o["ammo"])
                v -= 0.2 * d
                if v > target_v + 0.5:
                    target, target_v = w, v
        if target is not None and target_v > 0.5:
            if tn["moves"] == 0 and "extra_movement" in kinds:
                return {"type": "extra_movement"}
            step = first_step(s, here, target)
            if step is not None and {"type": "move", "to": step} in legal:
                return {"type": "move", "to": step}
        if best_a is not None and best_v > 0.3:
            return best_a
    elif "extra_action" in kinds:
        v, found = best_here(s, here, o["ammo"])
        if found is not None and v > 1.0:
            return {"type": "extra_action"}
    if tn["moves"] > 0:
        # walk towards the most useful space for the next turn (others' spots count less)
        best_w, best_v = None, 0.0
        for w in WALLS:
            d = dist.get(w, 99)
            if d == 99:
                continue
            v, _ = best_here(s, w, o["ammo"])
            if w in OUTPOSTS and o["ammo"] > 0:
                v = max(v, 6.0 * threat(s, PATH_OF[w]) + 1.0 * (s["troops"][PATH_OF[w]] is not None))
            if any(x["at"] == w for x in s["officers"] if x["id"] != o["id"]):
                v *= 0.5
            v -= 0.3 * d
            if v > best_v:
                best_w, best_v = w, v
        if best_w is not None and best_w != here:
            step = first_step(s, here, best_w)
            if step is not None and {"type": "move", "to": step} in legal:
                return {"type": "move", "to": step}
    return {"type": "end_turn"}


def playout_weights(s: State, seat: str, legal: list[dict[str, Any]]) -> list[float]:
    pick = choose(s, legal)
    weights = [1.0 if a == pick else 0.0 for a in legal]
    if sum(weights) == 0:
        return [1.0] * len(legal)
    return weights


_ = (FACES, PATHS, tile_at)
