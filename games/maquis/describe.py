"""Short button labels for the leader's own actions (Says: worded in the reader's language)."""
from __future__ import annotations

from typing import Any

from games.base import Say, say
from games.maquis.board import (
    LOCATIONS,
    TILES,
    amount,
    box,
    box_say,
    bridge_say,
    cost_say,
    loc_say,
    mission_say,
    tile_say,
)
from games.maquis.rules import relevant_shots, route_result
from games.maquis.state import State, mode, partisan


def action_say(do: str) -> Say:
    """A location's or a spare room's own action ("buy weapon")."""
    names = {"aid_the_poor": say("aid the poor"), "airdrop": say("airdrop"),
             "build_spare_room": say("build spare room"), "buy_weapon": say("buy weapon"),
             "collect_airdrop": say("collect airdrop"), "forge_papers": say("forge papers"),
             "gain_food": say("gain food"), "gain_intel": say("gain intel"), "gain_medicine": say("gain medicine"),
             "gain_money": say("gain money"), "make_explosive": say("make explosive"),
             "make_poison": say("make poison"), "propaganda": say("propaganda"), "recruit": say("recruit"),
             "sell_food": say("sell food"), "sell_medicine": say("sell medicine"),
             "smuggle_food": say("smuggle food"), "smuggle_medicine": say("smuggle medicine"),
             "use_fixer": say("use fixer")}
    return names.get(do) or say(do.replace("_", " "))


def _act_label(s: State, a: dict[str, Any]) -> Say:
    do = a.get("do")
    if do == "nothing":
        return say("do nothing")
    if do == "build":
        return say("build the {tile} (2 money)", tile=tile_say(a["tile"]))
    if do == "fixer":
        t = TILES[a["tile"]]
        act = next(x for x in t["actions"] if x["id"] == a["copy"])
        cost = cost_say({**act["cost"], "money": act["cost"].get("money", 0) + 1})
        return say("Fixer: copy the {tile} ({cost})", tile=tile_say(a["tile"]), cost=cost)
    if do == "recruit":
        return say("recruit a partisan (1 food)")
    if do == "airdrop":
        res, n = next(iter(mode(s)["airdrop_options"][a["drop"]].items()))
        return say("airdrop {things} on the {field}", things=amount(res, int(n)), field=loc_say(a["field"]))
    if do == "collect":
        return say("collect the airdrop")
    if do == "box":
        slot = a["mission"]
        mid = s["missions"][slot]
        if a["box"] == "charge":
            return say("{mission}: plant a charge (2 explosives)", mission=mission_say(mid))
        if a["box"] == "train":
            return say("{mission}: train the cryptographer (1 food + 1 money + 1 weapon)", mission=mission_say(mid))
        if a["box"].startswith("gun_"):
            return say("{mission}: destroy {box} ({cost})", mission=mission_say(mid), box=box_say(mid, a["box"]),
                       cost=amount(a["pay"], 1))
        b = box(mid, a["box"])
        return say("{mission}: {box} ({cost})", mission=mission_say(mid), box=box_say(mid, a["box"]),
                   cost=cost_say(b["cost"]))
    loc = a.get("at", "")
    tile = s["rooms"].get(loc)
    acts = TILES[tile]["actions"] if tile else LOCATIONS.get(loc, {}).get("actions", [])
    act = next((x for x in acts if x["id"] == do), None)
    if act is None:
        return action_say(str(do))
    return say("{action} ({cost})", action=action_say(str(do)), cost=cost_say(act["cost"]))


def stays_out(s: State, a: dict[str, Any]) -> bool:
    """An activation after which no route is traced: the builder of a Safe House is home at once,
    the mole and the cryptographer stay on their card, the parade's attacker is arrested anyway."""
    if a.get("do") == "build":
        return bool(a["tile"] == "safe_house")
    if a.get("do") != "box":
        return False
    return a["box"] in ("plant_the_mole", "train", "attack_the_parade")


def cut_off(s: State, loc: str) -> Say | None:
    """What becomes of the partisan on `loc` once it has acted, when its roads home are all closed
    now (ruling 14): arrested, unless a shot allowed now clears its way ('' : it has a way home)."""
    p = next((x for x in s["partisans"] if x["status"] == "placed" and x["at"] == loc), None)
    if p is None or route_result(s, p) != "arrested":
        return None
    return say("(no road home unless a Milice is shot)") if relevant_shots(s, [p["id"]]) \
        else say("(then arrested: no road home)")


def describe(s: State, seat: str, a: dict[str, Any]) -> Say:
    t = a.get("type")
    if t == "arrange":
        return say("{left} left, {right} right", left=mission_say(a["left"]), right=mission_say(a["right"]))
    if t == "place":
        place = loc_say(a["at"], s["missions"])
        return say("Place a partisan on {place} with fake papers", place=place) if a["papers"] else \
            say("Place a partisan on {place}", place=place)
    if t == "activate":
        label = say("{place}: {action}", place=loc_say(a["at"], s["missions"]), action=_act_label(s, a))
        fate = None if stays_out(s, a) else cut_off(s, a["at"])
        return label if fate is None else say("{label} {fate}", label=label, fate=fate)
    if t == "shoot":
        return say("Shoot the Milice at {place} (1 weapon)", place=loc_say(a["at"]))
    if t == "go_home":
        group = s["route"]["group"] if s["route"] else []
        doomed = [pid for pid in group if partisan(s, pid)["status"] == "placed"
                  and route_result(s, partisan(s, pid)) == "arrested"]
        if doomed:
            return say("Go home (arrested: no road home)") if len(group) == 1 else \
                say("Go home ({doomed} of {group} arrested: no road home)", doomed=len(doomed), group=len(group))
        return say("Go home (trace the route)")
    if t == "end_day":
        return say("End the action phase")
    if t == "remove":
        w = a["who"]
        labels = {"self": say("Remove the partisan who met her"), "home": say("Remove a partisan in a Safe House"),
                  "waiting": say("Remove a partisan waiting at the Cafe")}
        return labels[w] if w in labels else say("Remove the partisan at {place}", place=loc_say(w, s["missions"]))
    if t == "bridge":
        return say("Blow {bridge}", bridge=bridge_say(a["bridge"]))
    if t == "hand_over":
        return say("Hand the rest of the Day to the next team member")
    return say(str(t))
