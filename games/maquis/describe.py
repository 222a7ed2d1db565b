"""Short button labels for the leader's own actions."""
from __future__ import annotations

from typing import Any

from games.maquis.board import (
    BRIDGE_NAME,
    LOCATIONS,
    RES_NAME,
    TILES,
    box,
    box_label,
    cost_text,
    loc_name,
    mission_name,
)
from games.maquis.rules import relevant_shots, route_result
from games.maquis.state import State, mode, partisan


def _act_label(s: State, a: dict[str, Any]) -> str:
    do = a.get("do")
    if do == "nothing":
        return "do nothing"
    if do == "build":
        return f"build the {TILES[a['tile']]['name']} (2 money)"
    if do == "fixer":
        t = TILES[a["tile"]]
        act = next(x for x in t["actions"] if x["id"] == a["copy"])
        return f"Fixer: copy the {t['name']} ({cost_text({**act['cost'], 'money': act['cost'].get('money', 0) + 1})})"
    if do == "recruit":
        return "recruit a partisan (1 food)"
    if do == "airdrop":
        res, n = next(iter(mode(s)["airdrop_options"][a["drop"]].items()))
        return f"airdrop {n} {RES_NAME[res].lower()} on the {loc_name(a['field'])}"
    if do == "collect":
        return "collect the airdrop"
    if do == "box":
        slot = a["mission"]
        mid = s["missions"][slot]
        if a["box"] == "charge":
            return f"{mission_name(mid)}: plant a charge (2 explosives)"
        if a["box"] == "train":
            return f"{mission_name(mid)}: train the cryptographer (1 food + 1 money + 1 weapon)"
        if a["box"].startswith("gun_"):
            return f"{mission_name(mid)}: destroy {box_label(mid, a['box'])} (1 {RES_NAME[a['pay']].lower()})"
        b = box(mid, a["box"])
        return f"{mission_name(mid)}: {box_label(mid, a['box'])} ({cost_text(b['cost'])})"
    loc = a.get("at", "")
    tile = s["rooms"].get(loc)
    acts = TILES[tile]["actions"] if tile else LOCATIONS.get(loc, {}).get("actions", [])
    act = next((x for x in acts if x["id"] == do), None)
    if act is None:
        return str(do)
    return f"{str(do).replace('_', ' ')} ({cost_text(act['cost'])})"


def stays_out(s: State, a: dict[str, Any]) -> bool:
    """An activation after which no route is traced: the builder of a Safe House is home at once,
    the mole and the cryptographer stay on their card, the parade's attacker is arrested anyway."""
    if a.get("do") == "build":
        return bool(a["tile"] == "safe_house")
    if a.get("do") != "box":
        return False
    return a["box"] in ("plant_the_mole", "train", "attack_the_parade")


def cut_off(s: State, loc: str) -> str:
    """What becomes of the partisan on `loc` once it has acted, when its roads home are all closed
    now (ruling 14): arrested, unless a shot allowed now clears its way ('' : it has a way home)."""
    p = next((x for x in s["partisans"] if x["status"] == "placed" and x["at"] == loc), None)
    if p is None or route_result(s, p) != "arrested":
        return ""
    return " (no road home unless a Milice is shot)" if relevant_shots(s, [p["id"]]) \
        else " (then arrested: no road home)"


def describe(s: State, seat: str, a: dict[str, Any]) -> str:
    t = a.get("type")
    if t == "arrange":
        return f"{mission_name(a['left'])} left, {mission_name(a['right'])} right"
    if t == "place":
        return f"Place a partisan on {loc_name(a['at'], s['missions'])}" + (" with fake papers" if a["papers"] else "")
    if t == "activate":
        text = f"{loc_name(a['at'], s['missions'])}: {_act_label(s, a)}"
        return text + ("" if stays_out(s, a) else cut_off(s, a["at"]))
    if t == "shoot":
        return f"Shoot the Milice at {loc_name(a['at'])} (1 weapon)"
    if t == "go_home":
        group = s["route"]["group"] if s["route"] else []
        doomed = [pid for pid in group if partisan(s, pid)["status"] == "placed"
                  and route_result(s, partisan(s, pid)) == "arrested"]
        if doomed:
            return "Go home (arrested: no road home)" if len(group) == 1 else \
                f"Go home ({len(doomed)} of {len(group)} arrested: no road home)"
        return "Go home (trace the route)"
    if t == "end_day":
        return "End the action phase"
    if t == "remove":
        w = a["who"]
        labels = {"self": "Remove the partisan who met her", "home": "Remove a partisan in a Safe House",
                  "waiting": "Remove a partisan waiting at the Cafe"}
        return labels[w] if w in labels else f"Remove the partisan at {loc_name(w, s['missions'])}"
    if t == "bridge":
        return f"Blow {BRIDGE_NAME[a['bridge']]}"
    if t == "hand_over":
        return "Hand the rest of the Day to the next team member"
    return str(t)
