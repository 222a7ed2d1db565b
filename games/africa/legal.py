"""Who owes an action and every legal action, in a stable order."""
from __future__ import annotations

from typing import Any

from games.africa.board import (
    AREAS,
    CONFLICT_IDS,
    COSTS,
    HEART,
    MARKERS,
    MAX_VP_BID,
    NEIGHBOURS,
    REP_MAX,
    REP_MIN,
    RESOURCES,
    SV,
    TOKENS,
)
from games.africa.state import (
    Held,
    State,
    count_of,
    empty,
    free_below,
    idx,
    live,
    new_trader_cost,
    occupancy,
    pieces,
    retreat_targets,
    start_areas,
    value,
)

Action = dict[str, Any]


# ---- who acts ----------------------------------------------------------------------------------

def to_act(s: State) -> list[str]:
    if s["outcome"] is not None:
        return []
    if s["pending"]:
        return [s["seats"][pending_chooser(s)]]
    stage = s["stage"]
    if stage == "auction":
        a = s["auction"]
        if s["sealed"]:
            return [s["seats"][j] for j in a["order"] if str(j) not in a["bids"]
                    and not s["players"][j]["dropped"]]
        return [s["seats"][a["order"][a["next"]]]]
    if stage == "commit":
        c = s["conflict"]
        return [s["seats"][j] for j in sorted((s["active"], c["defender"]))
                if not c["commitments"][str(j)]["done"]]
    if stage in ("turn", "draw"):
        return [s["seats"][s["active"]]]
    return []


def pending_chooser(s: State) -> int:
    p = s["pending"][0]
    return int(p["chooser"])


# ---- helpers -----------------------------------------------------------------------------------

def max_bid(s: State, j: int, first: bool) -> int:
    """Influence, then VP as far as free spaces lie below the marker (RULINGS 7)."""
    p = s["players"][j]
    return int(p["influence"]) + (0 if first else min(MAX_VP_BID, free_below(s, j)))


def able(s: State, area: str) -> tuple[int, bool]:
    """The active player's traders and wholesaler in an area that may still fight (RULINGS 18)."""
    t = s["turn"]
    i = s["active"]
    traders = s["areas"][area]["traders"][i] - t["unable"].get(area, 0)
    wh = s["players"][i]["wholesaler"] == area and not t["wholesaler_unable"]
    return max(0, traders), wh


def compulsory(s: State, held: Held | None = None) -> list[Action]:
    i = s["active"]
    t = s["turn"]
    held = occupancy(s) if held is None else held
    out: list[Action] = []
    for a in AREAS:
        traders, wh = able(s, a)
        if not traders and not wh:
            continue
        for j in held[a]:
            if j == i:
                continue
            if [a, j] not in t["fought"]:
                out.append({"type": "fight", "area": a, "against": s["players"][j]["colour"]})
    return out


def neutral_fights(s: State, held: Held) -> list[Action]:
    i = s["active"]
    t = s["turn"]
    out: list[Action] = []
    for a in AREAS:
        n = s["areas"][a]["neutrals"]
        if n == 0 or a in t["neutrals_fought"] or any(j != i for j in held[a]):
            continue
        traders, wh = able(s, a)
        if count_of(traders, wh) >= n:
            out.append({"type": "fight_neutrals", "area": a})
    return out


def afford(s: State, cost: int) -> bool:
    t = s["turn"]
    return bool(t["step"] == "actions" and t["action_points"] + s["players"][s["active"]]["influence"] >= cost)


def movable_from(s: State, i: int, area: str, outside: bool) -> list[str]:
    """Kinds of piece of player i that may move out of area now ("trader", "wholesaler")."""
    t = s["turn"]
    mode = t["mode"]
    kinds = []
    traders = s["areas"][area]["traders"][i]
    if outside:
        stopped = mode["stopped"].get(area, 0) if mode else 0
        w_stopped = bool(mode and mode["wholesaler_stopped"])
    else:
        stopped = t["stopped"].get(area, 0)
        w_stopped = t["wholesaler_stopped"]
    if traders - stopped > 0:
        kinds.append("trader")
    if s["players"][i]["wholesaler"] == area and not w_stopped:
        kinds.append("wholesaler")
    return kinds


def moves(s: State, outside: bool, held: Held) -> list[Action]:
    i = s["active"]
    out: list[Action] = []
    for a in AREAS:
        for kind in movable_from(s, i, a, outside):
            for b in NEIGHBOURS[a]:
                if outside and any(j != i for j in held[b]):
                    continue
                out.append({"type": "move", "piece": kind, "from": a, "to": b})
    return out


def recruit_areas(s: State, free: bool, held: Held) -> list[Action]:
    i = s["active"]
    if s["players"][i]["supply"] <= 0:
        return []
    out: list[Action] = []
    for a in AREAS:
        cost = new_trader_cost(s, i, a, held[a])
        if cost is None:
            continue
        if free or afford(s, cost):
            out.append({"type": "recruit", "area": a})
    return out


def resource_changes(s: State) -> list[Action]:
    t = s["turn"]
    if not afford(s, COSTS["resource_change_per_row"]):
        return []
    out: list[Action] = []
    for m in MARKERS:
        if t["changed"] not in (None, m):
            continue
        row = s["table"][m]
        for step in (1, -1):
            if 0 <= row + step <= 5:
                out.append({"type": "change_resource", "marker": m, "step": step})
    return out


def distinct_tokens(ids: list[str]) -> list[str]:
    """One token per special: two tokens with the same special are the same choice."""
    seen: set[str] = set()
    out: list[str] = []
    for tid in sorted(ids):
        key = TOKENS[tid]["special"] if tid in TOKENS else tid
        if key not in seen:
            seen.add(key)
            out.append(tid)
    return out


def special_uses(s: State, held: Held) -> list[Action]:
    i = s["active"]
    me = s["players"][i]
    t = s["turn"]
    outside = t["step"] == "conflicts"
    out: list[Action] = []
    for tid in distinct_tokens(me["tokens"]):
        sp = TOKENS[tid]["special"]
        base: Action = {"type": "use", "token": tid}
        if sp == "trading_station":
            if s["station_supply"] > 0:
                out += [{**base, "area": a} for a in AREAS
                        if pieces(s, i, a) and not s["areas"][a]["station"]]
        elif sp == "wholesaler":
            if me["wholesaler"] is None:
                out += [{**base, "area": a} for a in AREAS if s["areas"][a]["traders"][i] > 0]
        elif sp == "extra_move":
            if moves(s, outside, held):
                out.append(base)
        elif sp == "extra_traders":
            if recruit_areas(s, True, held):
                out.append(base)
        elif sp == "neutral_move":
            if any(s["areas"][a]["neutrals"] for a in AREAS):
                out.append(base)
        elif sp == "neutral_place":
            if s["neutral_supply"] > 0:
                out += [{**base, "area": a} for a in AREAS if any(j != i for j in held[a])]
        elif sp == "neutral_remove":
            out += [{**base, "area": a} for a in AREAS
                    if s["areas"][a]["neutrals"] and s["areas"][a]["traders"][i] + (me["wholesaler"] == a)]
        elif sp == "reputation_up":
            if me["reputation"] < REP_MAX:
                out.append(base)
        elif sp == "reputation_down":
            out += [{**base, "against": s["players"][j]["colour"]} for j in live(s)
                    if j != i and s["players"][j]["reputation"] > REP_MIN]
        elif sp == "resource_up":
            out += [{**base, "marker": m} for m in MARKERS if s["table"][m] < 5]
        elif sp == "resource_down":
            out += [{**base, "marker": m} for m in MARKERS if s["table"][m] > 0]
        elif sp == "special_victory_token" and s["box"]:
            out.append(base)
    return out


def scoring_areas(s: State, i: int, held: Held | None = None) -> list[str]:
    """The areas player i controls (alone there); `held`: `occupancy(s)`, where the caller has it."""
    held = occupancy(s) if held is None else held
    return [a for a in AREAS if held[a] == [i]]


def sv_gain(s: State, i: int, tid: str, mine: list[str] | None = None) -> int:
    """What special victory token `tid` scores player i now; `mine`: `scoring_areas(s, i)`, where
    the caller has them."""
    sv = SV[tid]
    if sv["kind"] != "victory_points":
        return 0
    mine = scoring_areas(s, i) if mine is None else mine
    if "resource" in sv:
        return int(sv["vp_per_area"]) * sum(1 for a in mine if s["areas"][a]["resource"] == sv["resource"])
    if tid == "sv_heart":
        return int(sv["vp"]) if HEART in mine else 0
    if "vp_per_station" in sv:
        return int(sv["vp_per_station"]) * sum(1 for a in mine if s["areas"][a]["station"])
    return 0


def score_actions(s: State, held: Held) -> list[Action]:
    i = s["active"]
    me = s["players"][i]
    out: list[Action] = [{"type": "score"}]
    mine = scoring_areas(s, i, held)
    for tid in distinct_tokens(me["tokens"]):
        if TOKENS[tid]["special"] == "area_scores_twice":
            out += [{"type": "score", "token": tid, "area": a} for a in mine]
    for tid in sorted(me["special_victory_tokens"]):
        if sv_gain(s, i, tid, mine) >= 1:
            out.append({"type": "score", "token": tid})
    return out


# ---- the lists ---------------------------------------------------------------------------------

def legal_actions(s: State, seat: str) -> list[Action]:
    if seat not in to_act(s):
        return []
    j = idx(s, seat)
    if s["pending"]:
        return pending_actions(s)
    stage = s["stage"]
    if stage == "auction":
        return auction_actions(s, j)
    if stage == "commit":
        return commit_actions(s, j)
    if stage == "draw":
        c = s["conflict"]
        out: list[Action] = [{"type": "keep"}, {"type": "refuse"}]
        if c["redraws"] > 0 and len(c["drawn"]) < len(CONFLICT_IDS):
            out.append({"type": "redraw"})
        return out
    return turn_actions(s)


def auction_actions(s: State, j: int) -> list[Action]:
    a = s["auction"]
    if s["sealed"]:
        first = a["order"][0] == j
        return [{"type": "bid", "amount": n} for n in range(max_bid(s, j, first) + 1)]
    first = a["next"] == 0
    top = max([b for b in a["bids"].values() if b is not None], default=-1)
    out: list[Action] = [] if first else [{"type": "pass"}]
    out += [{"type": "bid", "amount": n} for n in range(top + 1, max_bid(s, j, first) + 1)]
    return out


def commit_actions(s: State, j: int) -> list[Action]:
    c = s["conflict"]["commitments"][str(j)]
    me = s["players"][j]
    out: list[Action] = [{"type": "commit", "cubes": n} for n in range(me["influence"] + 1)]
    left_tokens = [t for t in me["tokens"] if t not in c["tokens"]]
    out += [{"type": "add_token", "token": t} for t in distinct_tokens(left_tokens)]
    out += [{"type": "add_token", "token": t} for t in sorted(me["special_victory_tokens"]) if t not in c["tokens"]]
    if not c["tokens"]:
        out.append({"type": "retreat_token"})
    return out


def pending_actions(s: State) -> list[Action]:
    p = s["pending"][0]
    if p["kind"] == "start_area":
        return [{"type": "start_area", "area": a} for a in start_areas(s)]
    if p["kind"] in ("retreat", "neutral_retreat"):
        return [{"type": "retreat", "to": a} for a in retreat_choices(s, p)]
    if p["kind"] == "reputation_buy":
        return [{"type": "buy_reputation"}, {"type": "decline"}]
    return []


def blocked_for(s: State, p: dict[str, Any]) -> set[str]:
    return {a for a in AREAS if any(pieces(s, j, a) for j in p["avoid"])}


def retreat_choices(s: State, p: dict[str, Any]) -> list[str]:
    targets = retreat_targets(s, p["from"], blocked_for(s, p))
    guard = p.get("leave_for")
    if guard is None or not targets:
        return targets
    # Both retreat (RULINGS 24): the active player must leave the other a retreat if he can.
    area = p["from"]
    mine = {a for a in AREAS if pieces(s, p["owner"], a)}
    keep = [d for d in targets if retreat_targets(s, area, (mine | {d}) - {area})]
    return keep or targets


def turn_actions(s: State) -> list[Action]:
    t = s["turn"]
    i = s["active"]
    if t["step"] == "neutral":
        return [{"type": "place_neutral", "area": a} for a in neutral_areas(s)]
    mode = t["mode"]
    outside = t["step"] == "conflicts"
    held = occupancy(s)
    if mode is not None:
        out: list[Action] = [{"type": "finish"}]
        if mode["kind"] == "extra_move":
            out += moves(s, outside, held)
        elif mode["kind"] == "extra_traders":
            out += recruit_areas(s, True, held)
        elif mode["kind"] == "neutral_move":
            out += [{"type": "move_neutral", "from": a, "to": b} for a in AREAS
                    if s["areas"][a]["neutrals"] for b in NEIGHBOURS[a]]
        return out
    out = []
    if t["step"] == "actions" and afford(s, COSTS["move_per_area_entered"]):
        out += moves(s, False, held)
    if t["step"] == "actions":
        out += recruit_areas(s, False, held)
        out += resource_changes(s)
    out += special_uses(s, held)
    forced = compulsory(s, held)
    out += forced
    out += neutral_fights(s, held)
    if not forced:
        out += score_actions(s, held)
    del i
    return out


def neutral_areas(s: State) -> list[str]:
    if s["neutral_supply"] <= 0:
        return []
    return [a for a in AREAS if s["areas"][a]["neutrals"] > 0 or empty(s, a)]


_ = (RESOURCES, value)
