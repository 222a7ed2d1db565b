"""What the rules allow now: routes home, placeable locations, a partisan's actions, shots."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.base import Say, say
from games.maquis.board import (
    FIELDS,
    LOCATION_ORDER,
    LOCATIONS,
    MISSIONS,
    PARADE_DAYS,
    RESOURCES,
    ROADS,
    ROOMS,
    SLOTS,
    TILE_ORDER,
    TILES,
)
from games.maquis.state import (
    State,
    affordable,
    filled,
    in_play,
    mode,
    placed_at,
    result,
    slot_of,
)

# ---------------------------------------------------------------- the map


def parade_road_closed(s: State) -> bool:
    """Ruling 27: Rue Baradat - Fence is closed on Parade Days until Milice Parade Day succeeds."""
    return in_play(s, "milice_parade_day") and result(s, "milice_parade_day") is None \
        and s["day"] in PARADE_DAYS


def adjacency(s: State) -> dict[str, list[str]]:
    return _adjacency(tuple(sorted(s["bridges_down"])), parade_road_closed(s))


@lru_cache(maxsize=16)
def _adjacency(down: tuple[str, ...], closed: bool) -> dict[str, list[str]]:
    adj: dict[str, list[str]] = {}
    for a, b, bridge in ROADS:
        if bridge is not None and bridge in down:
            continue
        if closed and {a, b} == {"rue_baradat", "fence"}:
            continue
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    for near in adj.values():
        near.sort()
    return adj


def safe_houses(s: State) -> list[str]:
    return ["safe_house"] + [r for r in ROOMS if s["rooms"][r] == "safe_house"]


def route_cost(s: State, start: str, patrols: dict[str, str] | None = None) -> int | None:
    """The fewest patrols a route from start to a Safe House must pass (0-1 BFS); None: no road."""
    pat = s["patrols"] if patrols is None else patrols
    adj = adjacency(s)
    goals = set(safe_houses(s))
    best: dict[str, int] = {start: 0}
    frontier: list[tuple[int, str]] = [(0, start)]
    while frontier:
        frontier.sort()
        cost, node = frontier.pop(0)
        if cost > best.get(node, 99):
            continue
        if node in goals:
            return cost
        for nxt in adj.get(node, []):
            c = cost + (1 if nxt in pat else 0)
            if c < best.get(nxt, 99):
                best[nxt] = c
                frontier.append((c, nxt))
    return None


def route_result(s: State, p: dict[str, Any], patrols: dict[str, str] | None = None) -> str:
    """Ruling 14 and 17: "home", "papers" (home, the papers spent) or "arrested"."""
    cost = route_cost(s, p["at"], patrols)
    if cost == 0:
        return "home"
    if cost == 1 and p["papers"]:
        return "papers"
    return "arrested"


# ---------------------------------------------------------------- missions on the board


def slot_is_location(s: State, slot: str) -> bool:
    """Ruling 25: a card with a solid box is a location until its mission has succeeded."""
    mid = s["missions"][slot]
    if not MISSIONS[mid]["card_location"]:
        return False
    if mid == "destroy_the_aa_guns":
        return "card" in s["guns"]
    return s["results"][slot] is None


def unusable(s: State) -> list[str]:
    """Ruling 40: Bomb for the Officer closes the east Field and the south-east spare room."""
    if in_play(s, "bomb_for_the_officer") and result(s, "bomb_for_the_officer") is None:
        return ["field_e", "spare_room_se"]
    return []


def barracks_open(s: State) -> bool:
    slot = slot_of(s, "bomb_the_barracks")
    return slot is not None and "plant_the_bomb" not in s["boxes"][slot]


def field_has_resources(s: State, f: str) -> bool:
    return any(n > 0 for n in s["fields"][f].values())


def occupied(s: State, loc: str) -> bool:
    if loc in s["patrols"]:
        return True
    if placed_at(s, loc) is not None:
        return True
    return any(p["status"] == "crypto" and p["at"] == loc for p in s["partisans"])


def placeable(s: State) -> list[str]:
    """Ruling 10: where the next partisan may be placed, in board order, the cards last."""
    out: list[str] = []
    bad = unusable(s)
    for loc in LOCATION_ORDER:
        info = LOCATIONS[loc]
        if info["kind"] == "safe_house" or loc in bad or occupied(s, loc):
            continue
        if loc in ROOMS and s["rooms"][loc] == "safe_house":
            continue
        if loc in FIELDS and not field_has_resources(s, loc) \
                and not (loc in s["guns"] or barracks_open(s)):
            continue
        out.append(loc)
    for slot in SLOTS:
        if slot_is_location(s, slot) and not occupied(s, slot):
            out.append(slot)
    return out


def papers_possible(loc: str) -> bool:
    """Ruling 17: fake papers are not asked on the Cafe or a Field (no route there can be blocked)."""
    return loc != "cafe" and loc not in FIELDS


# ---------------------------------------------------------------- actions of a partisan


def gain_useful(s: State, gain: dict[str, int]) -> bool:
    return any(min(n, s["supply"][r]) > 0 for r, n in gain.items())


def tile_actions(s: State, tile: str) -> list[dict[str, Any]]:
    return [dict(a) for a in TILES[tile]["actions"]]


def simple_ok(s: State, a: dict[str, Any], extra_cost: int = 0) -> bool:
    cost = dict(a["cost"])
    if extra_cost:
        cost["money"] = cost.get("money", 0) + extra_cost
    if not affordable(s, cost):
        return False
    return bool(a.get("morale", 0) > 0 or gain_useful(s, a["gain"]))


def airdrop_choices(s: State) -> list[tuple[int, str]]:
    opts = mode(s)["airdrop_options"]
    fields = [f for f in FIELDS if not field_has_resources(s, f) and f not in s["fresh_fields"]
              and f not in s["guns"] and f not in unusable(s)]
    out: list[tuple[int, str]] = []
    for i, opt in enumerate(opts):
        (res, _n), = opt.items()
        if s["supply"][res] <= 0:
            continue
        for f in fields:
            out.append((i, f))
    return out


def location_actions(s: State, loc: str) -> list[dict[str, Any]]:
    """The location's own actions (not missions) a partisan there may take now."""
    out: list[dict[str, Any]] = []
    if loc in ROOMS:
        tile = s["rooms"][loc]
        if tile is None:
            if affordable(s, {"money": 2}):
                for t in TILE_ORDER:
                    if t not in s["rooms"].values():
                        out.append({"do": "build", "tile": t})
            return out
        if loc in s["rooms_new"] or tile == "safe_house":
            return out
        if tile == "fixer":
            for t in TILE_ORDER:
                if t in s["rooms"].values() or t == "safe_house":
                    continue
                for a in tile_actions(s, t):
                    if simple_ok(s, a, extra_cost=1):
                        out.append({"do": "fixer", "tile": t, "copy": a["id"]})
            return out
        for a in tile_actions(s, tile):
            if simple_ok(s, a):
                out.append({"do": a["id"]})
        return out
    if loc not in LOCATIONS:
        return out
    for a in LOCATIONS[loc]["actions"]:
        special = a.get("special")
        if special == "recruit":
            if affordable(s, a["cost"]) and any(p["status"] == "waiting" for p in s["partisans"]):
                out.append({"do": "recruit"})
        elif special == "airdrop":
            for i, f in airdrop_choices(s):
                out.append({"do": "airdrop", "drop": i, "field": f})
        elif special == "collect_airdrop":
            if field_has_resources(s, loc) and loc not in s["fresh_fields"]:
                out.append({"do": "collect"})
        elif simple_ok(s, a):
            out.append({"do": a["id"]})
    return out


def box_number_ok(s: State, slot: str, mid: str, b: dict[str, Any]) -> bool:
    if b["number"] is None:
        return True
    done = s["boxes"][slot]
    for other in MISSIONS[mid]["boxes"]:
        if other["number"] is not None and other["number"] < b["number"] and other["id"] not in done:
            if other.get("optional"):
                continue
            return False
    return True


def mission_actions(s: State, loc: str, pid: str) -> list[dict[str, Any]]:
    """Mission boxes a partisan at loc may fill now (rulings 24-44)."""
    out: list[dict[str, Any]] = []
    for slot in SLOTS:
        mid = s["missions"][slot]
        done = s["boxes"][slot]
        res = s["results"][slot]
        if mid == "destroy_the_aa_guns":
            if len(s["guns"]) == 0:
                continue
            where = "card" if loc == slot else loc
            if where in s["guns"]:
                for pay_with in ("explosive", "weapon"):
                    if s["stock"][pay_with] >= 1:
                        out.append({"do": "box", "mission": slot, "box": f"gun_{'card' if where == 'card' else where}",
                                    "pay": pay_with})
            continue
        if res is not None:
            continue
        if mid == "take_out_the_bridges":
            if loc == "black_market" and s["charges"] < 2 and not s["charge_today"] \
                    and s["stock"]["explosive"] >= 2:
                out.append({"do": "box", "mission": slot, "box": "charge"})
            continue
        if mid == "coded_messages":
            crypto = any(p["status"] == "crypto" for p in s["partisans"])
            if loc == slot and not crypto and s["day"] <= 6 and not done \
                    and affordable(s, MISSIONS[mid]["boxes"][0]["cost"]):
                out.append({"do": "box", "mission": slot, "box": "train"})
            continue
        for b in MISSIONS[mid]["boxes"]:
            if b["id"] in done:
                continue
            if b["where"] == "card":
                if loc != slot:
                    continue
            elif b.get("location_rule") == "dark_lady":
                if s["dark_lady"] is None or loc != s["dark_lady"]:
                    continue
            elif loc not in b["locations"]:
                continue
            if not box_number_ok(s, slot, mid, b):
                continue
            if b["days"] is not None and s["day"] not in b["days"]:
                continue
            if not affordable(s, b["cost"]):
                continue
            if b.get("requires", {}).get("morale_at_least", 0) > s["morale"]:
                continue
            if mid == "free_the_resistance_leader" and b.get("alternative_group") \
                    and any(x in done for x in ("poison_the_guards", "break_out")):
                continue
            if mid == "bomb_the_barracks" and b["id"] == "distract_the_soldiers" \
                    and ("plant_the_bomb" in done or s["distracted_today"] or field_has_resources(s, loc)):
                continue
            if mid == "infiltration" and b["id"] == "extract" \
                    and not any(p["status"] == "mole" for p in s["partisans"]):
                continue
            out.append({"do": "box", "mission": slot, "box": b["id"]})
    return out


def activation_choices(s: State, pid: str, loc: str) -> list[dict[str, Any]]:
    return [{"do": "nothing"}, *location_actions(s, loc), *mission_actions(s, loc, pid)]


def shot_blocked_reason(s: State) -> Say | None:
    if s["shot_today"]:
        return say("The resistance has already shot a Milice today (once per Day).")
    if in_play(s, "german_shepherds") and result(s, "german_shepherds") is None:
        return say("No shooting while German Shepherds is in play and not yet complete.")
    if s["stock"]["weapon"] < 1:
        return say("Shooting a Milice costs 1 weapon and the stock has none.")
    if not any(k == "milice" for k in s["patrols"].values()):
        return say("There is no Milice on the board to shoot (Soldiers cannot be shot).")
    return None


def milice_spots(s: State) -> list[str]:
    return [loc for loc in LOCATION_ORDER if s["patrols"].get(loc) == "milice"]


def relevant_shots(s: State, group: list[str]) -> list[str]:
    """Milice whose removal changes a waiting partisan's route home (or saves its papers)."""
    if shot_blocked_reason(s) is not None:
        return []
    ps = [p for p in s["partisans"] if p["id"] in group and p["at"] is not None]
    out: list[str] = []
    for loc in milice_spots(s):
        fewer = {k: v for k, v in s["patrols"].items() if k != loc}
        if any(route_result(s, p, fewer) != route_result(s, p) for p in ps):
            out.append(loc)
    return out


def resources_text(d: dict[str, int]) -> str:
    parts = [f"{d[r]} {r.replace('_', ' ')}" for r in RESOURCES if d.get(r)]
    return ", ".join(parts) if parts else "nothing"


def boxes_done(s: State, slot: str) -> list[str]:
    return filled(s, slot)
