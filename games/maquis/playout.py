"""Weights for random play, so that random games also reach victories (games/simulate.py).

A light heuristic: place partisans where a mission box or a useful action waits and where the way
home is short; do something rather than nothing; shoot when it saves a partisan."""
from __future__ import annotations

import random
from typing import Any

from games.maquis.board import LOCATIONS, MISSIONS, PATROL_CARDS, PATROL_ORDER, TILES
from games.maquis.rules import location_actions, mission_actions, route_cost
from games.maquis.state import State, mode

SAMPLES = 8
NEXT_TO_HOME = ("cafe", "grocer", "pont_leveque", "field_e", "spare_room_se")


def _place_weight(s: State, at: str, papers: bool) -> float:
    w = 1.0
    if mission_actions(s, at, ""):
        w = 60.0
    elif len(location_actions(s, at)) > 0:
        w = _want(s, at)
    if at in NEXT_TO_HOME:
        w *= 3.0
    safety = 0.02 + _safety(s, at, papers)
    w *= safety ** 2 if w >= 30.0 else safety ** 4
    if papers:
        w *= 0.5 if at in NEXT_TO_HOME else 1.5
    return w


def _safety(s: State, at: str, papers: bool) -> float:
    """The share of sampled patrol draws (from the cards not yet discarded: public knowledge) after
    which the way home from `at` would still be open."""
    taken = set(s["patrols"]) | {p["at"] for p in s["partisans"] if p["status"] == "placed"} | {at}
    pl = s["placement"]
    left = max(1, len(pl["kinds"]) - pl["next"])
    pool = sorted(s["deck"]) if len(s["deck"]) >= left else list(PATROL_ORDER)
    rng = random.Random(s["rng"] ^ len(taken))
    allowed = 1 if papers else 0
    ok = 0
    for _ in range(SAMPLES):
        cards = rng.sample(pool, min(left, len(pool)))
        patrols = dict(s["patrols"])
        busy = set(taken)
        for card in cards:
            spot = next((x for x in PATROL_CARDS[card] if x not in busy), None)
            if spot is None:
                spot = next((x for x in PATROL_CARDS[card] if x == at), None)
                if spot is not None:
                    patrols = {}
                    break
            else:
                patrols[spot] = "milice"
                busy.add(spot)
        else:
            cost = route_cost(s, at, patrols)
            if cost is not None and cost <= allowed:
                ok += 1
    return ok / SAMPLES


PROVIDES: dict[str, tuple[str, ...]] = {
    "grocer": ("food",), "doctor": ("medicine",), "radio_a": ("intel", "weapon", "money"),
    "radio_b": ("intel", "weapon", "money"), "fence": ("weapon",),
}
TILE_GIVES = {"informant": "intel", "counterfeiter": "money", "chemist": "explosive",
              "smuggler": "food", "pharmacist": "poison", "forger": "fake_papers"}
CHAIN = {"weapon": {"money": 1}, "explosive": {"medicine": 1}, "poison": {"medicine": 2},
         "fake_papers": {"money": 2, "intel": 1}}


def needs(s: State) -> dict[str, int]:
    """What the open missions still cost, less the stock, with what making it costs."""
    want: dict[str, int] = {}
    for slot in ("mission_left", "mission_right"):
        mid = s["missions"][slot]
        if s["results"][slot] is not None and mid != "destroy_the_aa_guns":
            continue
        if mid == "liberate_the_town":
            want["weapon"] = want.get("weapon", 0) + 3
        if mid == "take_out_the_bridges":
            want["explosive"] = want.get("explosive", 0) + 2 * (2 - s["charges"])
        for b in MISSIONS[mid]["boxes"]:
            if b["id"] in s["boxes"][slot]:
                continue
            cost = b.get("cost_options", [b["cost"]])[0] if b.get("cost_options") else b["cost"]
            for r, n in cost.items():
                want[r] = want.get(r, 0) + n
    out = {r: max(0, n - s["stock"][r]) for r, n in want.items()}
    for r, n in list(out.items()):
        for r2, k in CHAIN.get(r, {}).items():
            if n:
                out[r2] = out.get(r2, 0) + max(0, n * k - s["stock"][r2])
    built = [x for x in s["rooms"].values() if x]
    for tile, res in sorted(TILE_GIVES.items()):
        if res in ("explosive", "poison", "fake_papers") and out.get(res, 0) > 0 and tile not in built:
            out["money"] = max(out.get("money", 0), 2 - s["stock"]["money"])
    if mission_uses(s, "destroy_the_aa_guns"):
        out["weapon"] = out.get("weapon", 0) + out.pop("explosive", 0)
    return {r: n for r, n in out.items() if n > 0}


def mission_uses(s: State, mid: str) -> bool:
    return mid in s["missions"].values()


def _provides(s: State, at: str, need: dict[str, int]) -> bool:
    if at in s["rooms"]:
        tile = s["rooms"][at]
        if tile is None:
            return any(TILE_GIVES.get(t) in need for t in TILE_GIVES if t not in s["rooms"].values())
        return TILE_GIVES.get(tile) in need
    return any(r in need for r in PROVIDES.get(at, ()))


def _want(s: State, at: str) -> float:
    st = s["stock"]
    if at == "poor_district":
        can = st["food"] >= 1 and st["medicine"] >= 1
        return (40.0 if s["morale"] <= 4 else 20.0) if can and s["morale"] < 7 else 0.5
    if _provides(s, at, needs(s)):
        return 12.0
    if at == "grocer":
        return 8.0 if st["food"] < 2 else 1.0
    if at == "doctor":
        return 8.0 if st["medicine"] < 2 else 1.0
    if at == "cafe":
        return 10.0
    if at == "black_market":
        return 0.3
    return 3.0


def _weight(s: State, a: dict[str, Any]) -> float:
    t = a["type"]
    if t == "hand_over":
        return 0.02
    if t == "place":
        return _place_weight(s, a["at"], a["papers"])
    if t == "activate":
        do = a.get("do")
        if do == "nothing":
            return 0.05
        if do == "box":
            return 60.0
        need = needs(s)
        if do == "build":
            return 20.0 if TILE_GIVES.get(a["tile"]) in need else 2.0
        if do == "airdrop":
            res = next(iter(mode(s)["airdrop_options"][a["drop"]]))
            return 10.0 if res in need else 0.5
        if do in ("recruit", "collect"):
            return 8.0
        if do in ("sell_food", "sell_medicine"):
            return 0.3 if s["morale"] > 4 else 0.02
        if do in ("aid_the_poor", "propaganda"):
            return (40.0 if s["morale"] <= 4 else 15.0) if s["morale"] < 7 else 0.1
        acts = [x for x in _actions_at(s, a["at"]) if x["id"] == do]
        if acts and any(r in need for r in acts[0]["gain"]):
            return 12.0
        return 2.0
    if t == "shoot":
        if s["phase"] != "route":
            return 0.05
        return 6.0 if s["morale"] > 2 else 0.2
    return 1.0


def _actions_at(s: State, at: str) -> list[dict[str, Any]]:
    tile = s["rooms"].get(at)
    if tile is not None:
        return list(TILES[tile]["actions"])
    return list(LOCATIONS[at]["actions"]) if at in LOCATIONS else []


def playout_weights(s: State, seat: str, legal: list[dict[str, Any]]) -> list[float]:
    weights = [_weight(s, a) for a in legal]
    rest = sum(w for w, a in zip(weights, legal) if a["type"] != "hand_over")
    return [0.005 * rest if a["type"] == "hand_over" else w for w, a in zip(weights, legal)]
