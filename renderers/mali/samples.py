"""Hand-made Mali views that follow docs/dev/mali-interface.md, for tests, the bench and previews."""
from __future__ import annotations

import copy
from typing import Any

from games.mali.board import BOARD

View = dict[str, Any]
COLOURS = BOARD.raw["players"]


def _orders(ids: list[str]) -> dict[str, dict[str, Any]]:
    return {i: {k: BOARD.orders[i][k] for k in ("from", "to", "points")} for i in ids}


def _player(i: int, scouts: list[tuple[str | None, str, str | None]], hand: list[int],
            played: list[int], delivered: list[str], **extra: Any) -> dict[str, Any]:
    colour = COLOURS[i]
    player = {
        "seat": f"p{i + 1}", "colour": colour["colour"], "hex": colour["hex"], "dropped": False,
        "scouts": [{"name": name, "at": at, "status": status, "carrying": carrying}
                   for name, (at, status, carrying) in zip(colour["scouts"], scouts, strict=True)],
        "hand": hand, "played": played, "chosen": False, "card": None, "delivered": delivered,
        "points": sum(BOARD.orders[o]["points"] for o in delivered), "objectives": 0,
    }
    player.update(extra)
    return player


def _carriers(players: list[dict[str, Any]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in players:
        for s in p["scouts"]:
            if s["carrying"]:
                out.setdefault(s["carrying"], []).append(s["name"])
    return out


def basic_midgame() -> View:
    """Four players, movement phase: soldier, prison, blocked paths, a full track."""
    players = [
        _player(0, [("bank_polski", "board", "O15"), (None, "prison", None),
                    ("past--dworzec_pocztowy#1", "board", None)], [1, 2, 4, 5], [3], ["O07"],
                card=3, chosen=True),
        _player(1, [("bank_polski", "board", "O16"), ("port", "board", None),
                    (None, "escaped", None)], [1, 3, 4, 5], [2], ["O21", "O11"], card=2, chosen=True),
        _player(2, [("plac_wilsona--pawiak#3", "board", "O12"), ("stary_mokotow", "board", None),
                    ("stary_mokotow", "board", None)], [1, 2, 4, 5], [3], [], card=3, chosen=True),
        _player(3, [("bank_polski", "board", None), ("elektrownia", "board", "O16"),
                    ("plac_wilsona", "board", None)], [1, 2, 3, 4], [5], ["O17"], card=5, chosen=True),
    ]
    track = [["O30", "O05"], ["O12", "O20"], ["O16", "O01"], ["O08", "O27"], ["O33", "O40"]]
    return {
        "game": "mali", "variant": "basic", "jump_costs_one_point": False,
        "round": 6, "phase": "movement", "start_player": "p2", "players": players,
        "soldier": "browary--past#1", "track": track,
        "orders": _orders([o for space in track for o in space] + ["O07", "O21", "O11", "O17"]),
        "carriers": _carriers(players), "deck": 8, "discarded": [],
        "blocked": [{"edge": "aleja_szucha--przyczolek", "location": "aleja_szucha", "district": "mokotow"},
                    {"edge": "pwpw--starowka", "location": "starowka", "district": "srodmiescie"},
                    {"edge": None, "location": "cytadela", "district": "zoliborz"}],
        "small_tokens": 3, "big_tokens": 0, "fallen": [], "undelivered": {},
        "die": {"colour": "black", "value": 2},
        "movement_order": ["p2", "p1", "p3", "p4"],
        "current": {"seat": "p3", "stage": "move", "card": 3, "points_left": 2, "mode": "steps",
                    "action_done": False, "scout": None},
        "pending": None, "to_act": ["p3"], "outcome": None,
    }


def basic_two_time() -> View:
    """Two players, time phase: the last mover picks a path to block."""
    players = [
        _player(0, [("starowka", "board", "O13"), ("past", "board", None), ("sggw", "board", None)],
                [4, 5], [1, 2, 3], ["O18"], card=3, chosen=True),
        _player(1, [("filtry", "board", None), ("plac_wilsona", "board", "O02"),
                    ("palacyk_michla--pawiak#2", "board", None)], [1, 5], [4, 3, 2], [], card=2,
                chosen=True),
    ]
    track = [["O02"], ["O13"], [], ["O36"], ["O22"]]
    options = list(BOARD.paths_from[BOARD.orders["O22"]["to"]])
    return {
        "game": "mali", "variant": "basic", "jump_costs_one_point": True,
        "round": 3, "phase": "time", "start_player": "p1", "players": players,
        "soldier": "plac_narutowicza", "track": track,
        "orders": _orders(["O02", "O13", "O36", "O22", "O18"]), "carriers": _carriers(players),
        "deck": 9, "discarded": [], "blocked": [], "small_tokens": 0, "big_tokens": 0,
        "fallen": [], "undelivered": {}, "die": {"colour": "red", "value": 3},
        "movement_order": ["p2", "p1"], "current": None,
        "pending": {"kind": "block_path", "seat": "p1", "options": options,
                    "why": "Order O22 expired: Red blocks a path from its destination."},
        "to_act": ["p1"], "outcome": None,
    }


def extended_cards() -> View:
    """Three players, extended, choosing cards: victory card on the track, a fallen district."""
    players = [
        _player(0, [("uniwersytet", "board", "O11"), ("past", "board", None), ("port", "board", None)],
                [1, 2, 5], [3, 4], ["O05", "O19"], chosen=True, objectives=3),
        _player(1, [("plac_wilsona", "board", None), ("filtry", "board", "O23"),
                    ("pwpw--pawiak#1", "board", None)], [2, 3, 4], [5, 1], ["O29"], objectives=3),
        _player(2, [("starowka", "board", None), ("starowka", "board", None),
                    ("plac_trzech_krzyzy", "board", "O11")], [1, 3, 4], [2, 5], ["O01", "O09", "O03"],
                objectives=3),
    ]
    track = [["O23"], ["O11", "VICTORY"], ["O38"], ["O34", "O26"]]
    return {
        "game": "mali", "variant": "extended", "jump_costs_one_point": False,
        "round": 9, "phase": "cards", "start_player": "p3", "players": players,
        "soldier": None, "track": track,
        "orders": _orders(["O23", "O11", "O38", "O34", "O26", "O05", "O19", "O29", "O01", "O09",
                           "O03", "O31", "O32"]),
        "carriers": _carriers(players), "deck": 12, "discarded": ["O31", "O32"],
        "blocked": [{"edge": "stary_mokotow--sggw",
                     "location": "sggw", "district": "mokotow"},
                    {"edge": "filtry--dworzec_pocztowy", "location": "filtry", "district": "ochota"},
                    {"edge": "port--kosciol_bernardynow", "location": "port", "district": "czerniakow"}],
        "small_tokens": 3, "big_tokens": 1, "fallen": ["mokotow"],
        "undelivered": {"mokotow": 2, "ochota": 1, "czerniakow": 1},
        "die": None, "movement_order": None, "current": None, "pending": None,
        "to_act": ["p2", "p3"], "outcome": None,
    }


def extended_draft() -> View:
    """Four players, extended, the secret objective draft before round 1."""
    start = BOARD.raw["start_locations"]
    players = [_player(i, [(s, "board", None) for s in start], [1, 2, 3, 4, 5], [], [], objectives=0)
               for i in range(4)]
    players[1]["objectives"] = 3
    return {
        "game": "mali", "variant": "extended", "jump_costs_one_point": False,
        "round": 0, "phase": "objectives", "start_player": "p4", "players": players,
        "soldier": None, "track": [[], [], [], []], "orders": {}, "carriers": {}, "deck": 25,
        "discarded": [], "blocked": [], "small_tokens": 0, "big_tokens": 0, "fallen": [],
        "undelivered": {}, "die": None, "movement_order": None, "current": None, "pending": None,
        "to_act": ["p1", "p3", "p4"], "outcome": None,
    }


def _breakdown(view: View, objectives: bool) -> dict[str, Any]:
    out = {}
    bonus = BOARD.raw["return_bonus"]
    starts = set(BOARD.raw["start_locations"])
    for i, p in enumerate(view["players"]):
        home = sum(1 for s in p["scouts"] if s["at"] in starts)
        objs = []
        if objectives:
            for j, oid in enumerate(("S03", "S09", "S15")[: 3]):
                o = BOARD.objectives[oid]
                objs.append({"id": oid, "text": o["text"], "points": o["points"], "met": (i + j) % 2 == 0})
        total = p["points"] + bonus.get(str(home), 0) + sum(o["points"] for o in objs if o["met"])
        out[p["seat"]] = {"orders": p["points"], "return_bonus": bonus.get(str(home), 0),
                          "objectives": objs, "total": total, "delivered": len(p["delivered"])}
    return out


def ended_basic() -> View:
    view = basic_midgame()
    view.update(phase="over", round=11, current=None, to_act=[], track=[[], [], [], [], []],
                deck=0, die=None, carriers={})
    for p in view["players"]:
        for s in p["scouts"]:
            s["carrying"] = None
    breakdown = _breakdown(view, objectives=False)
    scores = {seat: b["total"] for seat, b in breakdown.items()}
    best = max(scores.values())
    view["outcome"] = {"winners": [s for s, v in scores.items() if v == best], "scores": scores,
                       "reason": "orders_exhausted", "breakdown": breakdown}
    return view


def ended_extended() -> View:
    view = extended_cards()
    view.update(phase="over", round=13, to_act=[], track=[[], [], [], []], deck=0)
    breakdown = _breakdown(view, objectives=True)
    scores = {seat: b["total"] for seat, b in breakdown.items()}
    best = max(scores.values())
    view["outcome"] = {"winners": [s for s, v in scores.items() if v == best], "scores": scores,
                       "reason": "victory_card", "breakdown": breakdown}
    return view


def _lost_breakdown(view: View) -> dict[str, Any]:
    """As the engine says a loss: nothing counted, only how many orders each delivered."""
    return {p["seat"]: {"orders": 0, "return_bonus": 0, "objectives": [], "total": 0,
                        "delivered": len(p["delivered"])} for p in view["players"]}


def lost_fourth_token() -> View:
    view = basic_midgame()
    view.update(phase="over", small_tokens=4, current=None, to_act=[])
    view["blocked"].append({"edge": "sggw--plac_narutowicza", "location": "sggw", "district": "mokotow"})
    view["outcome"] = {"winners": [], "scores": {}, "reason": "fourth_token", "breakdown": _lost_breakdown(view)}
    return view


def lost_third_district() -> View:
    view = extended_cards()
    view.update(phase="over", fallen=["mokotow", "ochota", "czerniakow"], big_tokens=3, to_act=[],
                undelivered={"mokotow": 2, "ochota": 2, "czerniakow": 2})
    view["outcome"] = {"winners": [], "scores": {}, "reason": "districts_fallen", "breakdown": _lost_breakdown(view)}
    return view


def soldier_pending() -> View:
    """Soldier phase in a three-player basic game: a player picks which own scout the soldier hunts."""
    view = basic_midgame()
    view["players"] = view["players"][:3]
    view["carriers"] = _carriers(view["players"])
    view.update(phase="soldier", current=None, to_act=["p2"], die={"colour": "black", "value": 3},
                pending={"kind": "choose_scout", "seat": "p2", "options": ["Gosia", "Tadek"],
                         "why": "Two green scouts are equally near the soldier: Green picks."})
    return view


PUBLIC: dict[str, Any] = {
    "basic_midgame": basic_midgame, "basic_two_time": basic_two_time,
    "soldier_pending": soldier_pending, "extended_cards": extended_cards,
    "extended_draft": extended_draft, "ended_basic": ended_basic, "ended_extended": ended_extended,
    "lost_fourth_token": lost_fourth_token, "lost_third_district": lost_third_district,
}


def private(view: View, seat: str, **me: Any) -> View:
    """A private view: the public one plus "me" for seat."""
    out = copy.deepcopy(view)
    player = next(p for p in out["players"] if p["seat"] == seat)
    base = {"seat": seat, "colour": player["colour"], "card": player["card"], "objectives": [],
            "objective_hand": [], "peeked": []}
    base.update(me)
    out["me"] = base
    return out


def private_samples() -> dict[str, View]:
    objs = [BOARD.objectives[i] for i in ("S03", "S09", "S15")]
    hand = [BOARD.objectives[i] for i in ("S01", "S06", "S08", "S13", "S17", "S20")]
    peek = [dict(id=i, **_orders([i])[i]) for i in ("O04", "O39")]
    return {
        "basic_chosen": private(basic_midgame(), "p3", card=3),
        "extended_choosing": private(extended_cards(), "p2", card=None, objectives=objs, peeked=peek),
        "extended_chosen": private(extended_cards(), "p1", card=2, objectives=objs),
        "draft": private(extended_draft(), "p1", objective_hand=hand),
    }
