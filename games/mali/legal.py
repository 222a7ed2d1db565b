"""Which actions are legal now: the complete, exact list for one seat."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from games.mali.board import BOARD, JUMPS, NODE_DISTRICT, STEPS
from games.mali.state import (
    CARD_ACTIONS,
    OBJECTIVES,
    ORDERS,
    VICTORY,
    State,
    active_orders,
    blocked_edges,
    on_blocked_path,
    orders_per_round,
    scouts_of,
    seat_index,
    victory_on_track,
)

Action = dict[str, Any]


def step_targets(s: State, at: str, blocked: set[str]) -> list[str]:
    soldier, fallen = s["soldier"], s["fallen"]
    return [m for m, e in STEPS[at]
            if e not in blocked and m != soldier and NODE_DISTRICT[m] not in fallen]


def jump_targets(s: State, at: str, blocked: set[str]) -> list[str]:
    if at not in JUMPS:
        return []
    soldier, fallen = s["soldier"], s["fallen"]
    return [m for m, e in JUMPS[at]
            if e not in blocked and m != soldier and NODE_DISTRICT[m] not in fallen]


def placement_nodes(s: State) -> list[str]:
    blocked = blocked_edges(s)
    return [n for n in BOARD.nodes if n != s["soldier"] and NODE_DISTRICT[n] not in s["fallen"]
            and not on_blocked_path(s, n, blocked)]


def peek_count(s: State) -> int:
    if victory_on_track(s) or not s["deck"]:
        return 0
    return min(orders_per_round(s, s["round"] + 1), len(s["deck"]))


def objective_combos(s: State, idx: int) -> list[list[str]]:
    hand = s["players"][idx]["objective_hand"]
    return [list(c) for c in combinations(hand, 3)
            if len({OBJECTIVES[o]["colour"] for o in c}) == 3]


def same_card(oid: str) -> tuple[tuple[str, str], ...]:
    """What an objective card says, without its id: two copies of one objective are equal."""
    return tuple(sorted((k, str(v)) for k, v in OBJECTIVES[oid].items() if k != "id"))


def objectives_forced(s: State, idx: int) -> bool:
    """True when every legal set of three keeps the same objectives (only copies differ): the
    choice cannot change the game."""
    kinds = {tuple(sorted(same_card(o) for o in c)) for c in objective_combos(s, idx)}
    return len(kinds) == 1


def board_scouts(s: State, idx: int) -> list[str]:
    scouts = s["scouts"]
    return [n for n in scouts_of(s, idx) if scouts[n]["status"] == "board"]


def pickups(s: State, idx: int) -> list[Action]:
    out: list[Action] = []
    active = active_orders(s)
    if not active:
        return out
    for name in board_scouts(s, idx):
        sc = s["scouts"][name]
        for oid in active:
            o = ORDERS[oid]
            if o["from"] == sc["at"] and sc["carrying"] != oid and NODE_DISTRICT[o["from"]] not in s["fallen"]:
                out.append({"type": "pick_up", "scout": name, "order": oid})
    return out


def step_actions(s: State, idx: int, cur: dict[str, Any], blocked: set[str]) -> list[Action]:
    if cur["points_left"] < 1:
        return []
    if cur["stage"] == "bonus":
        names = [cur["scout"]] if s["scouts"][cur["scout"]]["status"] == "board" else []
    elif s["variant"] == "basic":
        if cur["mode"] == "jump" and not s["jump_costs_one_point"]:
            return []
        names = board_scouts(s, idx)
    else:
        if cur.get("steps_done"):
            return []
        names = board_scouts(s, idx)
    return [{"type": "step", "scout": n, "to": m}
            for n in names for m in step_targets(s, s["scouts"][n]["at"], blocked)]


def jump_actions(s: State, idx: int, cur: dict[str, Any], blocked: set[str], kind: str) -> list[Action]:
    return [{"type": kind, "scout": n, "to": m}
            for n in board_scouts(s, idx) for m in jump_targets(s, s["scouts"][n]["at"], blocked)]


def card_actions(s: State, idx: int, cur: dict[str, Any], blocked: set[str]) -> list[Action]:
    """The extended card's action, ignoring whether the steps part is in the way."""
    if cur["action_done"]:
        return []
    action = CARD_ACTIONS[cur["card"]]["action"]
    if action == "kumple_z_podworka":
        names = board_scouts(s, idx)
        return [{"type": "swap_scouts", "a": a, "b": b} for a, b in combinations(names, 2)
                if s["scouts"][a]["at"] != s["scouts"][b]["at"]
                and NODE_DISTRICT[s["scouts"][a]["at"]] == NODE_DISTRICT[s["scouts"][b]["at"]]]
    if action == "oddzial_powstanczy":
        return jump_actions(s, idx, cur, blocked, "squad_jump")
    if action == "zamiana_rozkazow":
        track = s["track"]
        return [{"type": "swap_orders", "a": a, "b": b} for i in range(len(track) - 1)
                for a in track[i] if a != VICTORY for b in track[i + 1] if b != VICTORY]
    if action == "plotki_z_ulicy":
        return [{"type": "peek"}] if peek_count(s) > 0 else []
    return []


def movement_actions(s: State, idx: int, meaningful_only: bool = False) -> list[Action]:
    cur = s["current"]
    if cur["stage"] == "place":
        nodes = placement_nodes(s)
        return [{"type": "place_scout", "scout": n, "to": m} for n in scouts_of(s, idx)
                if s["scouts"][n]["status"] == "escaped" for m in nodes]
    blocked = blocked_edges(s)
    out = step_actions(s, idx, cur, blocked)
    if cur["stage"] != "bonus":
        if s["variant"] == "basic":
            can_jump = (not cur.get("jumped") and cur["points_left"] >= 1) if s["jump_costs_one_point"] \
                else cur["mode"] is None
            if can_jump:
                out += jump_actions(s, idx, cur, blocked, "jump")
        else:
            acts = card_actions(s, idx, cur, blocked)
            steps_open = cur["mode"] == "steps" and not cur.get("steps_done") and bool(out)
            if acts and steps_open:
                if not meaningful_only:
                    out.append({"type": "finish_moving"})
            else:
                out += acts
    out += pickups(s, idx)
    if meaningful_only:
        return out
    out += [{"type": "drop", "scout": n} for n in scouts_of(s, idx)
            if s["scouts"][n]["status"] == "board" and s["scouts"][n]["carrying"]]
    out.append({"type": "end_turn"})
    return out


PENDING_FIELD = {"choose_scout": "scout", "soldier_to": "to", "block_path": "edge", "displace": "to"}


def pending_actions(s: State, seat: str) -> list[Action]:
    p = s["pending"]
    if p["seat"] != seat:
        return []
    field = PENDING_FIELD[p["kind"]]
    if p["kind"] == "displace":
        return [{"type": "displace", "scout": p["scout"], "to": o} for o in p["options"]]
    return [{"type": p["kind"], field: o} for o in p["options"]]


def legal_actions(s: State, seat: str) -> list[Action]:
    if s["outcome"] is not None or seat not in s["seats"]:
        return []
    idx = seat_index(s, seat)
    player = s["players"][idx]
    if player["dropped"]:
        return []
    if s["pending"] is not None:
        return pending_actions(s, seat)
    if s["phase"] == "objectives":
        if player["objectives"]:
            return []
        return [{"type": "choose_objectives", "ids": c} for c in objective_combos(s, idx)]
    if s["phase"] == "cards":
        if player["chosen"] is not None:
            return []
        return [{"type": "choose_card", "value": v} for v in sorted(player["hand"])]
    cur = s["current"]
    if cur is not None and cur["seat"] == seat:
        return movement_actions(s, idx)
    return []


def has_meaningful(s: State) -> bool:
    cur = s["current"]
    return bool(movement_actions(s, seat_index(s, cur["seat"]), meaningful_only=True))


def to_act(s: State) -> list[str]:
    if s["outcome"] is not None:
        return []
    if s["pending"] is not None:
        return [s["pending"]["seat"]]
    if s["phase"] == "objectives":
        return [p["seat"] for p in s["players"] if not p["dropped"] and not p["objectives"]]
    if s["phase"] == "cards":
        return [p["seat"] for p in s["players"] if not p["dropped"] and p["chosen"] is None]
    if s["current"] is not None:
        return [s["current"]["seat"]]
    return []


def reachable(s: State, seat: str, scout: str) -> dict[str, list[str]]:
    """Every node the scout can reach with the steps left now, with a shortest legal route."""
    cur = s["current"]
    if s["outcome"] is not None or cur is None or cur["seat"] != seat or s["pending"] is not None:
        return {}
    sc = s["scouts"].get(scout)
    if sc is None or s["seats"][sc["owner"]] != seat or sc["status"] != "board":
        return {}
    blocked = blocked_edges(s)
    if cur["stage"] == "place" or not step_actions(s, sc["owner"], cur, blocked):
        return {}
    if cur["stage"] == "bonus" and cur["scout"] != scout:
        return {}
    routes: dict[str, list[str]] = {sc["at"]: []}
    frontier = [sc["at"]]
    for _ in range(cur["points_left"]):
        nxt = []
        for here in frontier:
            for there in step_targets(s, here, blocked):
                if there not in routes:
                    routes[there] = routes[here] + [there]
                    nxt.append(there)
        frontier = nxt
    del routes[sc["at"]]
    return routes
