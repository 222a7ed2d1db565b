"""Views: the public one (everything every player may see) and each team member's."""
from __future__ import annotations

from typing import Any

from games.base import english, say
from games.maquis.board import (
    LOCATION_ORDER,
    MISSIONS,
    MODE_NAME,
    MORALE_RED,
    PATROL_CARDS,
    ROOMS,
    SLOTS,
    TILE_ORDER,
    loc_name,
)
from games.maquis.flow import day_label, points
from games.maquis.legal import to_act
from games.maquis.outlook import outlook
from games.maquis.rules import (
    parade_road_closed,
    relevant_shots,
    route_result,
    safe_houses,
    shot_blocked_reason,
    slot_is_location,
    unusable,
)
from games.maquis.state import State, end_space, member_name

ASKED = {
    "arrange": say("choose which mission goes on which exit"),
    "placement": say("place the next partisan"),
    "action": say("activate a partisan"),
    "route": say("shoot a Milice first, or send the partisan home"),
    "remove": say("choose the partisan the Double Agent costs"),
    "bridge": say("choose the bridge that falls"),
    "over": say("nothing: the game is over"),
}


def mission_view(s: State, slot: str, ahead: dict[str, Any]) -> dict[str, Any]:
    mid = s["missions"][slot]
    m = MISSIONS[mid]
    best, why = ahead["missions"][slot]
    return {
        "slot": slot,
        "id": mid,
        "name": m["name"],
        "stars": m["stars"],
        "text": m["text"],
        "boxes": [{"id": b["id"], "number": b["number"], "dashed": b["dashed"],
                   "filled": b["id"] in s["boxes"][slot]} for b in m["boxes"]],
        "filled": sorted(s["boxes"][slot]),
        "result": s["results"][slot],
        "is_location": slot_is_location(s, slot),
        "best": best,  # the best result still reachable (None: it can no longer succeed)
        "best_why": english(why) if why else "",
        "best_why_say": why,
    }


def public_view(s: State) -> dict[str, Any]:
    seats = s["seats"]
    pl = s["placement"]
    partisans = []
    for p in s["partisans"]:
        partisans.append({"id": p["id"], "status": p["status"], "at": p["at"], "papers": p["papers"],
                          "activated": p["done"]})
    # placed partisans still to act (or about to go home) whose every road home is closed now
    going = s["route"]["group"] if s["route"] else []
    cut_off = [p["at"] for p in s["partisans"] if p["status"] == "placed" and route_result(s, p) == "arrested"
               and ((s["phase"] == "action" and not p["done"]) or (s["phase"] == "route" and p["id"] in going))]
    # of those, the ones a shot allowed now would bring home (the route's prompt offers it first)
    savable = [p["at"] for p in s["partisans"] if p["status"] == "placed" and p["at"] in cut_off
               and relevant_shots(s, [p["id"]])]
    ahead = outlook(s)
    blocked = shot_blocked_reason(s) if s["phase"] in ("action", "route") \
        else say("Shots are made only in the action phase.")
    return {
        "game": "maquis",
        "difficulty": s["options"]["difficulty"],
        "difficulty_name": MODE_NAME[s["options"]["difficulty"]],
        "missions_option": s["options"]["missions"],
        "team": [{"seat": seat, "name": member_name(s, seat), "active": seat in s["active"]} for seat in seats],
        "leader": s["leader"],
        "leader_name": member_name(s, s["leader"]),
        "acting": s["acting"],
        "acting_name": member_name(s, s["acting"]),
        "whose_day": f"{member_name(s, s['acting'])}'s Day" if len(seats) > 1 else "the player's Day",
        "day": s["day"],
        "day_label": day_label(s),
        "lap": s["lap"],
        "end_day": end_space(s),
        "days_played": s["days_played"],
        "phase": s["phase"],
        "asked": english(ASKED[s["phase"]]) if s["phase"] in ASKED else "",
        "asked_say": ASKED.get(s["phase"]),
        "morale": s["morale"],
        "morale_red": MORALE_RED.get(s["morale"]),
        "soldiers": s["soldiers"],
        "stock": dict(s["stock"]),
        "supply": dict(s["supply"]),
        "fields": {f: dict(v) for f, v in s["fields"].items()},
        "fresh_fields": sorted(s["fresh_fields"]),
        "rooms": dict(s["rooms"]),
        "tiles_left": [t for t in TILE_ORDER if t not in s["rooms"].values()],
        "safe_houses": safe_houses(s),
        "partisans": partisans,
        "patrols": [{"at": loc, "kind": s["patrols"][loc]} for loc in LOCATION_ORDER if loc in s["patrols"]],
        "patrols_today": len(pl["kinds"]),
        "patrols_placed": pl["next"],
        "missions": [mission_view(s, slot, ahead) for slot in SLOTS],
        "best_end": ahead["end"],  # the best end of the game still reachable (ruling 47)
        "cut_off": cut_off,
        "shot_saves": savable,
        "guns": sorted(s["guns"]),
        "dark_lady": s["dark_lady"],
        "bridges_down": sorted(s["bridges_down"]),
        "charges": s["charges"],
        "parade_road_closed": parade_road_closed(s),
        "unusable": unusable(s),
        "mole_peeked": s["peek"] is not None,
        "deck_size": len(s["deck"]),
        "discard": list(s["discard"]),
        "discard_text": [" / ".join(loc_name(x) for x in PATROL_CARDS[c]) for c in s["discard"]],
        "shot_today": s["shot_today"],
        # why no Milice may be shot now (None: a shot is allowed), in English and worded per reader
        "shot_blocked": None if blocked is None else english(blocked),
        "shot_blocked_say": blocked,
        "route_waiting": list(s["route"]["group"]) if s["route"] else [],
        "route_shots": relevant_shots(s, s["route"]["group"]) if s["route"] else [],
        "arrange": s.get("arrange"),
        "points": points(s),
        "rooms_list": ROOMS,
        "to_act": to_act(s),
        "outcome": s["outcome"],
    }


def view(s: State, seat: str | None) -> dict[str, Any]:
    v = public_view(s)
    if seat is None or seat not in s["seats"]:
        return v
    v["me"] = {
        "seat": seat,
        "name": member_name(s, seat),
        "leader_today": seat == s["acting"],
        "peek": s["peek"],
        "peek_text": " / ".join(loc_name(x) for x in PATROL_CARDS[s["peek"]]) if s["peek"] else None,
    }
    return v

