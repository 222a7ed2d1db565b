"""Helpers: Heart of Africa states in a chosen position."""
from __future__ import annotations

from typing import Any

from games.africa import GAME, AfricaGame
from games.africa.board import AREAS

SEATS = ["s1", "s2", "s3", "s4", "s5"]  # red, blue, yellow, green, black


def new(players: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    opts = {"target_vp": 42, "sealed_auction": False, **options}
    s = GAME.setup(SEATS[:players], opts, seed)
    while s["pending"] and s["pending"][0]["kind"] == "start_area":
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    return s


def act(s: dict[str, Any], seat: str, **action: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return GAME.apply(s, seat, action)


def clear_map(s: dict[str, Any]) -> None:
    for a in AREAS:
        v = s["areas"][a]
        v["neutrals"] = 0
        v["traders"] = [0] * len(s["seats"])
        v["station"] = False
    for p in s["players"]:
        p["wholesaler"] = None
        p["supply"] = 14


def put(s: dict[str, Any], j: int, area: str, traders: int = 0, wholesaler: bool = False) -> None:
    s["areas"][area]["traders"][j] += traders
    s["players"][j]["supply"] -= traders
    if wholesaler:
        s["players"][j]["wholesaler"] = area


def set_vp(s: dict[str, Any], **vps: int) -> None:
    for j, seat in enumerate(s["seats"]):
        if seat in vps:
            s["players"][j]["vp"] = vps[seat]


def turn(s: dict[str, Any], active: int, ap: int = 0, step: str = "actions") -> None:
    """Make `active` the active player in its action step with `ap` action points."""
    s["stage"] = "turn"
    s["auction"] = None
    s["conflict"] = None
    s["pending"] = []
    s["active"] = active
    s["turn"] = {"action_points": ap, "bought": 0, "won": [], "blank": [], "changed": None, "step": step,
                 "mode": None, "stopped": {}, "wholesaler_stopped": False, "unable": {},
                 "wholesaler_unable": False, "fought": [], "neutrals_fought": []}


def types(s: dict[str, Any], seat: str) -> set[str]:
    return {a["type"] for a in GAME.legal_actions(s, seat)}


def seat_of(s: dict[str, Any], j: int) -> str:
    return str(s["seats"][j])


def forced_already(s: dict[str, Any], seat: str, action: dict[str, Any]) -> bool:
    """A sealed bid an older engine asked for and the engine now plays at once (its being forced
    follows from public facts): a recorded log's action that is already in the state."""
    return AfricaGame().replayed(s, seat, action) is not None
