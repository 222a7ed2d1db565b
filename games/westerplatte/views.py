"""Views: everything on the table is public; the German deck's order and the events to come are
hidden from everyone (notes: hidden information)."""
from __future__ import annotations

from typing import Any

from games.westerplatte.board import (
    CARDS,
    EVENTS,
    GUARDHOUSES,
    OFFICERS,
    PATHS,
    TILE_NAMES,
    TRACKS,
    WALLS,
    side_value,
)
from games.westerplatte.legal import to_act
from games.westerplatte.state import State, level


def _troop(s: State, p: str) -> dict[str, Any] | None:
    t = s["troops"][p]
    if t is None:
        return None
    c = CARDS[t["card"]]
    return {"card": t["card"], "unit": c["unit"], "space": t["space"], "damage": t["damage"],
            "resistance": c["resistance"], "speed": c["speed"], "attack": c["attack"],
            "home_path": c["path"], "move_paths": list(c["move_paths"])}


def public_view(s: State) -> dict[str, Any]:
    track = TRACKS[s["track"]]
    tn = s["turn"]
    pend = s["pending"]
    asked = None
    if pend is not None:
        asked = {k: (list(v) if isinstance(v, list) else v) for k, v in sorted(pend.items())}
    elif tn["stage"] == "officer" and s["outcome"] is None:
        asked = {"kind": "officer_phase"}
    deck_phase_one = sum(1 for c in s["deck"] if CARDS[c]["phase"] == 1)
    return {
        "game": "westerplatte",
        "difficulty": s["difficulty"],
        "tile_side": s["side"],
        "options": {"mine_on_occupied_path": s["mine_on_occupied_path"],
                    "low_morale_stays_at_bottom": s["low_morale_stays_at_bottom"]},
        "day": s["day"],
        "turn": {"number": tn["number"], "officer": s["officers"][tn["officer"]]["id"],
                 "seat": s["officers"][tn["officer"]]["seat"], "stage": tn["stage"],
                 "moves": tn["moves"], "actions": tn["actions"],
                 "used_extra_movement": tn["used_extra_movement"],
                 "used_extra_action": tn["used_extra_action"]},
        "asked": asked,
        "officers": [{"id": o["id"], "colour": OFFICERS[i]["colour"], "name": OFFICERS[i]["name"],
                      "hex": OFFICERS[i]["hex"], "seat": o["seat"], "at": o["at"], "ammo": o["ammo"],
                      "extra_movement": o["extra_movement"],
                      "limited_movement": o["limited_movement"], "extra_action": o["extra_action"]}
                     for i, o in enumerate(s["officers"])],
        "walls": [{"id": w, "bricks": s["walls"][w]} for w in WALLS],
        "tiles": [{"wall": g, "tile": s["tiles"][g], "name": TILE_NAMES[s["tiles"][g]]}
                  for g in GUARDHOUSES],
        "stock": {"mortar": s["stock"]["mortar"], "mines": s["stock"]["mines"],
                  "wall_rebuild": s["stock"]["wall_rebuild"]},
        "stock_max": {"mortar": side_value("mortar", s["side"], "shells"),
                      "mines": side_value("mines", s["side"], "mines"),
                      "wall_rebuild": side_value("wall_rebuild", s["side"], "bricks")},
        "ammunition_take": side_value("ammunition", s["side"], "take"),
        "push_back_troops": side_value("push_back", s["side"], "troops"),
        "beside": dict(sorted(s["beside"].items())),
        "reserve": s["reserve"],
        "supply": dict(sorted(s["supply"].items())),
        "morale": {"track": s["track"], "index": s["morale"], "level": level(s),
                   "spaces": [sp["level"] for sp in track["spaces"]],
                   "start": track["start_index"]},
        "paths": [{"id": p, "troop": _troop(s, p), "mines": list(s["mines"][p])} for p in PATHS],
        "deck": {"count": len(s["deck"]), "phase_one": sum(1 for c in s["deck"] if CARDS[c]["phase"] == 1),
                 "top_phase": CARDS[s["deck"][0]]["phase"] if s["deck"] else None,
                 "known_at_bottom": list(s["under"])},
        "piles": [list(p) for p in s["piles"]],
        "events": {"left": len(s["event_deck"]),
                   "seen": [{"id": e, "name": EVENTS[e]["name"]} for e in s["events_seen"]]},
        "burnt": None if s["burnt"] is None else list(s["burnt"]),
        "last_card": s["last_card"],
        "to_act": to_act(s),
        "outcome": s["outcome"],
        "phase_one_left": deck_phase_one,
    }


def view(s: State, seat: str | None) -> dict[str, Any]:
    v = public_view(s)
    if seat is not None:
        v["me"] = {"seat": seat, "officers": [o["id"] for o in s["officers"] if o["seat"] == seat]}
    return v

