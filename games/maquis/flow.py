"""The Day's flow: placement, patrols, activations, routes home, shots, missions, maintenance, the end.

Every function works on a live (already cloned) state and appends events. `GameEnded` is raised the
moment the game ends, so that the rest of an effect is not resolved (rulings 26 and 46)."""
from __future__ import annotations

from typing import Any

from games.base import Say, english, say
from games.maquis.board import (
    BRIDGES,
    LOCATION_ORDER,
    LOCATIONS,
    MISSIONS,
    MORALE_MAX,
    MORALE_RED,
    ORANGE,
    PATROL_CARDS,
    RESOURCES,
    SLOTS,
    SOLDIERS_MAX,
    TILES,
    TRIANGLE,
    amount,
    box,
    box_say,
    bridge_falls,
    cost_say,
    day_say,
    joined,
    loc_say,
    mission_say,
    resource_say,
    tile_say,
)
from games.maquis.rules import (
    relevant_shots,
    route_result,
    shot_blocked_reason,
)
from games.maquis.state import (
    Event,
    GameEnded,
    State,
    emit,
    end_space,
    gain_from_supply,
    mode,
    partisan,
    partisans_with,
    pay,
    recruited_left,
    slot_of,
)
from games.rng import shuffle

# ---------------------------------------------------------------- names


def where(s: State, loc: str) -> Say:
    return loc_say(loc, s["missions"])




def day_label(s: State) -> str:
    return english(day_say(s["day"], s["lap"]))


# ---------------------------------------------------------------- the end


def points(s: State) -> int:
    total = 0
    for slot in SLOTS:
        r = s["results"][slot]
        if r == "major_success":
            total += 2
        elif r == "success":
            total += 1
    return total


def finish(s: State, reason: str, words: Say, events: list[Event]) -> None:
    won = reason in ("victory", "major_victory")
    pts = points(s)
    s["outcome"] = {
        "winners": list(s["seats"]) if won else [],
        "scores": dict.fromkeys(s["seats"], pts),
        "reason": reason,
        "result": english(words),
        "words": words,
    }
    s["phase"] = "over"
    s["route"] = None
    s["remove"] = None
    emit(events, "game_over", words, reason=reason)
    raise GameEnded()


def both_succeeded(s: State) -> bool:
    return all(s["results"][slot] is not None for slot in SLOTS)


def check(s: State, events: list[Event]) -> None:
    """Ruling 46: won when both missions have succeeded; lost at morale 0 or with no partisan."""
    if both_succeeded(s):
        major = any(s["results"][slot] == "major_success" for slot in SLOTS)
        if major:
            finish(s, "major_victory", say("Major Victory! Both missions are done and one is a Major Success: "
                   "a heavy blow to the occupation."), events)
        finish(s, "victory", say("Victory! Both missions have succeeded: the resistance did its part."), events)
    if s["morale"] <= 0:
        finish(s, "morale", say("Defeat: the town's morale has collapsed."), events)
    if recruited_left(s) == 0:
        finish(s, "no_partisans", say("Defeat: no partisan of the resistance is left."), events)


def end_by_days(s: State, events: list[Event]) -> None:
    """Ruling 47: at END, 1 per standard success, 1 for a three-star Success, 2 for a Major Success."""
    pts = points(s)
    if pts >= 3:
        finish(s, "major_victory", say("The Days are over: Major Victory."), events)
    if pts == 2:
        finish(s, "victory", say("The Days are over: Victory."), events)
    if pts == 1:
        finish(s, "draw", say("The Days are over with one mission done: a Draw."), events)
    finish(s, "days_over", say("The Days are over and no mission succeeded: Defeat."), events)


# ---------------------------------------------------------------- tracks


def change_morale(s: State, delta: int, why: Say, events: list[Event]) -> None:
    before = s["morale"]
    s["morale"] = max(0, min(MORALE_MAX, before + delta))
    if s["morale"] != before:
        emit(events, "morale", say("{why}: morale {before} -> {after}.", why=why, before=before, after=s["morale"]))
    check(s, events)


def change_soldiers(s: State, delta: int, why: Say, events: list[Event]) -> None:
    before = s["soldiers"]
    s["soldiers"] = max(0, min(SOLDIERS_MAX, before + delta))
    if s["soldiers"] != before:
        emit(events, "soldiers", say("{why}: soldiers {before} -> {after}.", why=why, before=before,
                                     after=s["soldiers"]))
    assassination_check(s, events)


def succeed(s: State, slot: str, res: str, events: list[Event]) -> None:
    """Ruling 26: a mission succeeds the moment its last box is filled, before anything else."""
    if s["results"][slot] == res:
        return
    s["results"][slot] = res
    mission = mission_say(s["missions"][slot])
    emit(events, "mission", say("{mission}: a Major Success!", mission=mission) if res == "major_success"
         else say("{mission}: a Success!", mission=mission))
    other = SLOTS[1 - SLOTS.index(slot)]
    if s["missions"][other] == "assassination":
        assassination_check(s, events)
    check(s, events)


def assassination_check(s: State, events: list[Event]) -> None:
    """Ruling 35: soldiers at 5 and the other mission done."""
    slot = slot_of(s, "assassination")
    if slot is None or s["results"][slot] is not None:
        return
    other = SLOTS[1 - SLOTS.index(slot)]
    if s["soldiers"] >= SOLDIERS_MAX and s["results"][other] is not None:
        succeed(s, slot, "success", events)


# ---------------------------------------------------------------- the patrol deck


def top_card(s: State, events: list[Event]) -> str:
    """Ruling 12: an empty deck is refilled from the shuffled discard pile first."""
    if not s["deck"]:
        pile = sorted(s["discard"])
        shuffle(s, pile)
        s["deck"] = pile
        s["discard"] = []
        emit(events, "reshuffle", say("The patrol deck is empty: the discard pile is shuffled into a new deck."))
    return str(s["deck"][0])


def draw_card(s: State, events: list[Event]) -> str:
    card = top_card(s, events)
    s["deck"].pop(0)
    s["discard"].append(card)
    if s["peek"] == card:
        s["peek"] = None
    return card


def card_say(card: str) -> Say:
    words: Say = joined([loc_say(x) for x in PATROL_CARDS[card]], "/")
    return words


def card_text(card: str) -> str:
    return english(card_say(card))


def place_patrol(s: State, events: list[Event]) -> None:
    """Ruling 11 (Collocare una Pattuglia), ruling 8 (Milice or Soldier)."""
    pl = s["placement"]
    kind = pl["kinds"][pl["next"]]
    pl["next"] += 1
    card = draw_card(s, events)
    order = PATROL_CARDS[card]
    milice = kind == "milice"
    for loc in order:
        if loc not in s["patrols"] and not any(p["status"] == "placed" and p["at"] == loc
                                               for p in s["partisans"]):
            s["patrols"][loc] = kind
            words = say("Patrol card {card}: a milice patrols {place}.", card=card_say(card), place=loc_say(loc)) \
                if milice else say("Patrol card {card}: a soldier patrols {place}.", card=card_say(card),
                                   place=loc_say(loc))
            emit(events, "patrol", words, card=card, at=loc, kind=kind)
            return
    for loc in order:
        victim = next((p for p in s["partisans"] if p["status"] == "placed" and p["at"] == loc), None)
        if victim is not None:
            s["patrols"][loc] = kind
            words = say("Patrol card {card}: every place is taken; a milice arrests the partisan at {place}.",
                        card=card_say(card), place=loc_say(loc)) if milice else \
                say("Patrol card {card}: every place is taken; a soldier arrests the partisan at {place}.",
                    card=card_say(card), place=loc_say(loc))
            emit(events, "patrol", words, card=card, at=loc, kind=kind)
            arrest(s, victim, say("arrested by a patrol"), events)
            return
    emit(events, "patrol", say("Patrol card {card}: all three places hold patrols; this patrol is not placed "
                               "today.", card=card_say(card)), card=card, at=None, kind=kind)


# ---------------------------------------------------------------- partisans


def arrest(s: State, p: dict[str, Any], why: Say, events: list[Event], lost: list[Say] | None = None,
           morale: bool = True) -> None:
    """Ruling 15: removed for good; fake papers with it are lost; Very Hard: morale -1 (ruling 49)
    unless `morale` is False (the parade's +1 cancels it, ruling 27). `lost`: its gains, lost."""
    at = p["at"]
    p["status"] = "arrested"
    p["at"] = None
    p["done"] = True
    if p["papers"]:
        p["papers"] = False
        s["supply"]["fake_papers"] += 1
    if at and lost:
        words = say("The partisan at {place} is {why}: removed from the game for good; its gains are lost: "
                    "{lost}.", place=where(s, at), why=why, lost=lost)
    elif at:
        words = say("The partisan at {place} is {why}: removed from the game for good.", place=where(s, at),
                    why=why)
    elif lost:
        words = say("The partisan at large is {why}: removed from the game for good; its gains are lost: "
                    "{lost}.", why=why, lost=lost)
    else:
        words = say("The partisan at large is {why}: removed from the game for good.", why=why)
    emit(events, "arrest", words)
    loss = int(mode(s)["arrest_morale_loss"])
    if loss and morale:
        change_morale(s, -loss, say("Very Hard: an arrest"), events)
    check(s, events)


def go_home(s: State, p: dict[str, Any]) -> None:
    p["status"] = "home"
    p["at"] = None


def return_papers(s: State, p: dict[str, Any]) -> None:
    if p["papers"]:
        p["papers"] = False
        s["stock"]["fake_papers"] += 1


# ---------------------------------------------------------------- the Day


def start_day(s: State, events: list[Event]) -> None:
    if s["days_played"] > 0:
        s["leader"] = next_active(s, s["leader"])
    s["acting"] = s["leader"]
    s["shot_today"] = False
    s["charge_today"] = False
    s["distracted_today"] = False
    s["rooms_new"] = []
    s["fresh_fields"] = []
    for p in s["partisans"]:
        p["done"] = False
    lead = {} if len(s["seats"]) == 1 else {"leader": s["leader"]}  # the presentation names them
    emit(events, "round", say("{day} begins.", day=day_say(s["day"], s["lap"])), day=s["day"], lap=s["lap"],
         **lead)
    mole = next((p for p in s["partisans"] if p["status"] == "mole"), None)
    if mole is not None and s["mole_since"] is not None and s["mole_since"] < s["days_played"]:
        card = top_card(s, events)
        s["peek"] = card
        emit(events, "peek", say("The mole looks at the top patrol card (the team sees it in private)."))
        for seat in s["active"]:
            emit(events, "peek", say("The mole reports the next patrol card: {card}.", card=card_say(card)),
                 private_to=seat, card=card)
    n = max(len(partisans_with(s, "home", "mole", "crypto")), MORALE_RED[s["morale"]])
    soldiers = s["soldiers"]
    s["placement"] = {"kinds": ["milice" if k <= n - soldiers else "soldier" for k in range(1, n + 1)],
                      "next": 0}
    s["phase"] = "placement"
    if soldiers == 0:
        emit(events, "phase", say("Placement: {n} patrols come out today.", n=n))
    else:
        emit(events, "phase", say("Placement: {n} patrols come out today, the last {soldiers} of them Soldiers.",
                                  n=n, soldiers=min(soldiers, n)))
    settle_placement(s, events)


def next_active(s: State, seat: str) -> str:
    seats = s["seats"]
    i = seats.index(seat)
    for k in range(1, len(seats) + 1):
        cand = seats[(i + k) % len(seats)]
        if cand in s["active"]:
            return str(cand)
    return seat


def settle_placement(s: State, events: list[Event]) -> None:
    if partisans_with(s, "home"):
        return
    pl = s["placement"]
    while pl["next"] < len(pl["kinds"]):
        place_patrol(s, events)
    s["phase"] = "action"
    emit(events, "phase", say("Action phase: activate each placed partisan."))
    settle_action(s, events)


def place_partisan(s: State, loc: str, papers: bool, events: list[Event]) -> None:
    p = partisans_with(s, "home")[0]
    p["status"] = "placed"
    p["at"] = loc
    p["done"] = False
    if papers:
        p["papers"] = True
        s["stock"]["fake_papers"] -= 1
    emit(events, "place", say("A partisan goes to {place} with fake papers.", place=where(s, loc)) if papers
         else say("A partisan goes to {place}.", place=where(s, loc)), at=loc)
    pl = s["placement"]
    if pl["next"] < len(pl["kinds"]):
        place_patrol(s, events)
    settle_placement(s, events)


def shot_at_end_matters(s: State) -> bool:
    """After every activation a shot only matters for Assassination (interpretation)."""
    slot = slot_of(s, "assassination")
    return slot is not None and s["results"][slot] is None and s["soldiers"] < SOLDIERS_MAX \
        and shot_blocked_reason(s) is None


def settle_action(s: State, events: list[Event]) -> None:
    if s["phase"] != "action":
        return
    if any(not p["done"] for p in partisans_with(s, "placed")):
        return
    if shot_at_end_matters(s):
        return
    end_action(s, events)


def end_action(s: State, events: list[Event]) -> None:
    """Ruling 38: Coded Messages' Day-10 step ends the action phase; then maintenance."""
    crypto = next((p for p in s["partisans"] if p["status"] == "crypto"), None)
    if crypto is not None and s["day"] == 10:
        slot = crypto["at"]
        s["boxes"][slot].append("cryptographer")
        crypto["status"] = "placed"
        crypto["done"] = True
        emit(events, "box", say("The cryptographer has decoded the messages."))
        succeed(s, slot, "success", events)
        begin_route(s, [crypto["id"]], None, "maintenance", events)
        return
    maintenance(s, events)


def maintenance(s: State, events: list[Event]) -> None:
    """Ruling 45: (a) a bridge falls, (b) patrols leave, (c) the Day marker moves, (d) the end."""
    s["phase"] = "maintenance"
    if s["charge_today"]:
        standing = [b for b in ("north_bridge", "south_bridge") if b not in s["bridges_down"]]
        if len(standing) == 2:
            s["phase"] = "bridge"
            return
        if standing:
            fell(s, standing[0], events)
    finish_maintenance(s, events)


def fell(s: State, bridge: str, events: list[Event]) -> None:
    s["bridges_down"].append(bridge)
    slot = slot_of(s, "take_out_the_bridges")
    if slot is not None:
        s["boxes"][slot].append("blow_" + bridge)
    s["charge_today"] = False
    emit(events, "bridge", bridge_falls(bridge),
         bridge=bridge, road=list(BRIDGES[bridge]))


def finish_maintenance(s: State, events: list[Event]) -> None:
    s["patrols"] = {}
    slot = slot_of(s, "bomb_the_barracks")
    if slot is not None and "plant_the_bomb" not in s["boxes"][slot] \
            and "distract_the_soldiers" in s["boxes"][slot]:
        s["boxes"][slot].remove("distract_the_soldiers")
    s["day"] += 1
    s["days_played"] += 1
    spaces = TRIANGLE if mode(s)["morale_drop_on"] == "triangle" else ORANGE
    emit(events, "phase", say("Maintenance: the patrols leave; the Day marker moves to END.") if s["day"] == 15
         else say("Maintenance: the patrols leave; the Day marker moves to {day}.", day=s["day"]))
    if s["day"] in spaces:
        change_morale(s, -1, say("The Day marker lands on a marked space"), events)
    if s["day"] >= end_space(s):
        slot = slot_of(s, "liberate_the_town")
        if slot is not None and s["results"][slot] is None:
            if s["stock"]["weapon"] >= 3 and s["morale"] >= 4:
                emit(events, "mission", say("The town rises: the resistance holds 3 weapons and morale is 4 "
                                            "or more."))
                succeed(s, slot, "success", events)
            else:
                emit(events, "mission", say("Liberate the Town fails its check (3 weapons and morale 4 needed)."))
        if mode(s)["at_end"] == "second_lap" and s["lap"] == 0:
            s["lap"] = 1
            s["day"] = 0
            emit(events, "phase", say("Very Easy: the Day marker goes back to Start for a second lap."))
        else:
            end_by_days(s, events)
    start_day(s, events)


# ---------------------------------------------------------------- activations


def apply_simple(s: State, a: dict[str, Any], safe: bool, deferred: dict[str, Any], events: list[Event],
                 extra_money: int = 0, label: Say | None = None) -> None:
    cost = dict(a["cost"])
    if extra_money:
        cost["money"] = cost.get("money", 0) + extra_money
    pay(s, cost)
    got: dict[str, int] = {}
    for r in RESOURCES:
        n = a["gain"].get(r, 0)
        if n:
            got[r] = gain_from_supply(s, r, n)
    label = label or say("The partisan")
    m = int(a.get("morale", 0))
    bits: list[Say] = [say("pays {cost}", cost=cost_say(cost))] if any(cost.values()) else []
    if any(got.values()):
        bits.append(say("gains {things}", things=[amount(r, n) for r, n in got.items() if n]))
    if m:
        bits.append(say("morale {delta}", delta=format(m, "+d")) if safe or m < 0
                    else say("morale {delta} once the partisan is home", delta=format(m, "+d")))
    if len(bits) == 1 and not any(got.values()) and not m:
        bits.append(say("gains nothing"))
    emit(events, "action", say("{who}: {what}.", who=label, what=bits or [say("gains nothing")]))
    if not safe:
        for r, n in got.items():
            deferred["gained"][r] = deferred["gained"].get(r, 0) + n
    if m < 0:
        change_morale(s, m, label, events)
    elif m > 0:
        if safe:
            change_morale(s, m, label, events)
        else:
            deferred["morale"] = m


def activate(s: State, loc: str, action: dict[str, Any], events: list[Event]) -> None:
    p = next(p for p in s["partisans"] if p["status"] == "placed" and p["at"] == loc)
    p["done"] = True
    do = action["do"]
    name = where(s, loc)
    deferred: dict[str, Any] = {"partisan": p["id"], "gained": {}}
    if do == "nothing":
        emit(events, "action", say("The partisan at {place} does nothing.", place=name))
        begin_route(s, [p["id"]], None, "action", events)
        return
    if do == "build":
        pay(s, {"money": 2})
        tile = action["tile"]
        s["rooms"][loc] = tile
        s["rooms_new"].append(loc)
        emit(events, "action", say("The partisan at {place} pays 2 money and builds the {tile} spare room.",
                                   place=name, tile=tile_say(tile)), tile=tile)
        if tile == "safe_house":
            go_home(s, p)
            return_papers(s, p)
            emit(events, "home", say("The builder is home at once in the new Safe House."))
            after_route(s, "action", events)
            return
        begin_route(s, [p["id"]], None, "action", events)
        return
    if do == "fixer":
        tile = action["tile"]
        a = next(x for x in TILES[tile]["actions"] if x["id"] == action["copy"])
        safe = bool(a["safe"])
        apply_simple(s, a, safe, deferred, events, extra_money=1,
                     label=say("The Fixer at {place} copies the {tile}", place=name, tile=tile_say(tile)))
        begin_route(s, [p["id"]], None if safe else deferred, "action", events)
        return
    if do == "recruit":
        pay(s, {"food": 1})
        emit(events, "action", say("The partisan at the Cafe pays 1 food to recruit a new partisan."))
        deferred["recruit"] = True
        begin_route(s, [p["id"]], deferred, "action", events)
        return
    if do == "airdrop":
        res, n = next(iter(mode(s)["airdrop_options"][action["drop"]].items()))
        emit(events, "action", say("The partisan at {place} radios for an airdrop of {things} on the {field}.",
                                   place=name, things=amount(res, int(n)), field=loc_say(action["field"])))
        deferred["airdrop"] = [action["field"], res, int(n)]
        begin_route(s, [p["id"]], deferred, "action", events)
        return
    if do == "collect":
        got = {r: n for r, n in sorted(s["fields"][loc].items()) if n}
        s["fields"][loc] = {}
        for r, n in got.items():
            s["stock"][r] += n
            deferred["gained"][r] = n
        emit(events, "action", say("The partisan at {place} collects the airdrop: {things}.", place=name,
                                   things=[amount(r, n) for r, n in got.items()]))
        begin_route(s, [p["id"]], deferred, "action", events)
        return
    if do == "box":
        activate_box(s, p, action, deferred, events)
        return
    # a plain action of the location or of its spare room
    acts = list(LOCATIONS[loc]["actions"]) if loc in LOCATIONS else []
    tile = s["rooms"].get(loc)
    if tile is not None:
        acts = list(TILES[tile]["actions"])
    a = next(x for x in acts if x["id"] == do)
    safe = bool(a["safe"])
    apply_simple(s, a, safe, deferred, events, label=say("The partisan at {place}", place=name))
    begin_route(s, [p["id"]], None if safe else deferred, "action", events)


def box_safe(s: State, slot: str, box_id: str) -> bool:
    mid = s["missions"][slot]
    m = MISSIONS[mid]
    if m["shield"]:
        return True
    return bool(box(mid, box_id)["safe"])


def fill(s: State, slot: str, box_id: str, events: list[Event]) -> None:
    """Fill a box and score what it completes (rulings 24-44)."""
    mid = s["missions"][slot]
    done = s["boxes"][slot]
    done.append(box_id)
    if box_id.startswith("gun_"):
        return
    emit(events, "box", say("{mission}: {box}.", mission=mission_say(mid), box=box_say(mid, box_id)), mission=mid,
         box=box_id)
    if mid == "double_agent":
        visits = [b["id"] for b in MISSIONS[mid]["boxes"] if b["number"] == 1]
        if box_id == "meet_the_dark_lady":
            succeed(s, slot, "success", events)
        elif all(v in done for v in visits) and s["dark_lady"] is None:
            card = draw_card(s, events)
            lady = PATROL_CARDS[card][0]
            s["dark_lady"] = lady
            emit(events, "dark_lady", say("Patrol card {card} is drawn: the Dark Lady waits at {place}.",
                                          card=card_say(card), place=loc_say(lady)), card=card, at=lady)
        return
    if mid in ("milice_headquarters", "bomb_the_barracks", "free_the_resistance_leader"):
        return  # their results are scored by activate_box
    needed = [b["id"] for b in MISSIONS[mid]["boxes"]]
    if all(b in done for b in needed):
        succeed(s, slot, "success", events)


def activate_box(s: State, p: dict[str, Any], action: dict[str, Any], deferred: dict[str, Any],
                 events: list[Event]) -> None:
    slot, box_id = action["mission"], action["box"]
    mid = s["missions"][slot]
    loc = p["at"]
    name = where(s, loc)
    if mid == "take_out_the_bridges":
        pay(s, {"explosive": 2})
        s["charges"] += 1
        s["charge_today"] = True
        emit(events, "box", say("The partisan at the Black Market plants a charge (2 explosives); charge {n} of 2.",
                                n=s["charges"]))
        if s["charges"] >= 2:
            succeed(s, slot, "success", events)
        begin_route(s, [p["id"]], None, "action", events)
        return
    if mid == "coded_messages":
        pay(s, MISSIONS[mid]["boxes"][0]["cost"])
        p["status"] = "crypto"
        s["crypto_since"] = s["days_played"]
        emit(events, "box", say("A partisan pays 1 food + 1 money + 1 weapon and trains as the cryptographer; "
                                "it stays on the card until the end of Day 10."))
        after_route(s, "action", events)
        return
    if mid == "destroy_the_aa_guns":
        pay(s, {action["pay"]: 1})
        gun = box_id[len("gun_"):]
        s["guns"].remove(gun)
        fill(s, slot, box_id, events)
        gone = 5 - len(s["guns"])
        emit(events, "box", say("The partisan at {place} destroys an AA gun with {thing} ({gone} of 5 destroyed).",
                                place=name, thing=amount(action["pay"], 1), gone=gone), box=box_id)
        if gone >= 5:
            succeed(s, slot, "major_success", events)
        elif gone >= 3:
            succeed(s, slot, "success", events)
        begin_route(s, [p["id"]], None, "action", events)
        return
    b = box(mid, box_id)
    pay(s, b["cost"])
    if b["cost"]:
        emit(events, "action", say("The partisan at {place} pays {cost}.", place=name, cost=cost_say(b["cost"])))
    if not box_safe(s, slot, box_id):
        deferred["box"] = [slot, box_id]
        emit(events, "action", say("The partisan at {place} works on {mission} ({box}); it counts once the "
                                   "partisan is home.", place=name, mission=mission_say(mid),
                                   box=box_say(mid, box_id)))
        begin_route(s, [p["id"]], deferred, "action", events)
        return
    if mid == "milice_parade_day":
        fill(s, slot, box_id, events)
        if mode(s)["arrest_morale_loss"]:  # ruling 27: in Very Hard the +1 and the -1 cancel out
            emit(events, "morale", say("The parade is attacked (+1) and the attacker arrested (Very Hard: -1): "
                                       "morale stays {morale}.", morale=s["morale"]))
            arrest(s, p, say("caught attacking the parade"), events, morale=False)
        else:
            change_morale(s, 1, say("The parade is attacked"), events)
            arrest(s, p, say("caught attacking the parade"), events)
        after_route(s, "action", events)
        return
    if mid == "infiltration" and box_id == "plant_the_mole":
        fill(s, slot, box_id, events)
        p["status"] = "mole"
        s["mole_since"] = s["days_played"]
        emit(events, "mole", say("The partisan stays on the card as the mole."))
        after_route(s, "action", events)
        return
    if mid == "infiltration" and box_id == "extract":
        mole = next(x for x in s["partisans"] if x["status"] == "mole")
        fill(s, slot, box_id, events)
        mole["status"] = "placed"
        mole["done"] = True
        s["mole_since"] = None
        s["peek"] = None
        begin_route(s, [p["id"], mole["id"]], None, "action", events)
        return
    if mid == "milice_headquarters":
        before = s["soldiers"]
        fill(s, slot, box_id, events)
        succeed(s, slot, "major_success" if before <= 2 else "success", events)
        change_morale(s, 2, say("The Milice officers are poisoned"), events)
        change_soldiers(s, 3, say("The Germans send soldiers"), events)
        begin_route(s, [p["id"]], None, "action", events)
        return
    if mid == "bomb_the_barracks":
        if box_id == "distract_the_soldiers":
            s["distracted_today"] = True
            fill(s, slot, box_id, events)
        else:
            fill(s, slot, box_id, events)
            succeed(s, slot, "major_success" if s["distracted_today"] else "success", events)
        begin_route(s, [p["id"]], None, "action", events)
        return
    if mid == "free_the_resistance_leader":
        fill(s, slot, box_id, events)
        if box_id == "break_out":
            succeed(s, slot, "major_success", events)
            change_soldiers(s, 2, say("The break-out alerts the Germans"), events)
        else:
            succeed(s, slot, "success", events)
        begin_route(s, [p["id"]], None, "action", events)
        return
    fill(s, slot, box_id, events)
    if mid == "double_agent" and box_id == "meet_the_dark_lady":
        s["phase"] = "remove"
        s["remove"] = {"met": p["id"]}
        return
    begin_route(s, [p["id"]], None, "action", events)


def apply_deferred(s: State, d: dict[str, Any], events: list[Event]) -> None:
    """The reward of an action without the shield, once its partisan is home (ruling 15)."""
    if d.get("recruit"):
        w = next((x for x in s["partisans"] if x["status"] == "waiting"), None)
        if w is not None:
            w["status"] = "home"
            w["at"] = None
            emit(events, "recruit", say("A new partisan joins the Safe House (available from the next Day)."))
    if d.get("airdrop"):
        field, res, n = d["airdrop"]
        got = min(int(n), s["supply"][res])
        s["supply"][res] -= got
        s["fields"][field][res] = s["fields"][field].get(res, 0) + got
        if field not in s["fresh_fields"]:
            s["fresh_fields"].append(field)
        if got:
            emit(events, "airdrop", say("{things} lands on the {field}.", things=amount(res, got), field=loc_say(field))
                 if got == 1 else say("{things} land on the {field}.", things=amount(res, got), field=loc_say(field)))
        else:
            emit(events, "airdrop", say("No {thing} is left in the supply: nothing lands on the {field}.",
                                        thing=resource_say(res), field=loc_say(field)))
    if d.get("morale"):
        change_morale(s, int(d["morale"]), say("The action succeeds"), events)
    if d.get("box"):
        slot, box_id = d["box"]
        mid = s["missions"][slot]
        fill(s, slot, box_id, events)
        if mid == "free_the_resistance_leader" and box_id == "bribe_the_clerk":
            pass


def revert(s: State, d: dict[str, Any]) -> list[Say]:
    """The gains of an arrested partisan's action go back to the supply; what they were, in words."""
    lost: list[Say] = []
    for r in RESOURCES:
        n = d["gained"].get(r, 0)
        back = min(n, s["stock"][r])
        if back:
            s["stock"][r] -= back
            s["supply"][r] += back
            lost.append(amount(r, back))
    return lost


# ---------------------------------------------------------------- routes home


def begin_route(s: State, group: list[str], deferred: dict[str, Any] | None, then: str,
                events: list[Event]) -> None:
    s["route"] = {"group": list(group), "deferred": deferred, "then": then}
    s["phase"] = "route"
    settle_route(s, events)


def settle_route(s: State, events: list[Event]) -> None:
    r = s["route"]
    if r is None:
        return
    if relevant_shots(s, r["group"]):
        return  # the player decides: shoot first, or go home
    resolve_route(s, events)


def resolve_route(s: State, events: list[Event]) -> None:
    r = s["route"]
    s["route"] = None
    for pid in r["group"]:
        p = partisan(s, pid)
        if p["status"] != "placed":
            continue
        d = r["deferred"] if r["deferred"] is not None and r["deferred"]["partisan"] == pid else None
        how = route_result(s, p)
        name = where(s, p["at"])
        if how == "arrested":
            lost = revert(s, d) if d is not None else []
            arrest(s, p, say("cut off from every Safe House and arrested"), events, lost=lost)
            continue
        if how == "papers":
            p["papers"] = False
            s["supply"]["fake_papers"] += 1
            emit(events, "home", say("The partisan from {place} slips past a patrol with its fake papers "
                                     "(spent) and is home.", place=name))
        else:
            words = say("The partisan from {place} is home (its fake papers back in the stock).", place=name) \
                if p["papers"] else say("The partisan from {place} is home.", place=name)
            return_papers(s, p)
            emit(events, "home", words)
        go_home(s, p)
        if d is not None:
            apply_deferred(s, d, events)
    check(s, events)
    after_route(s, r["then"], events)


def after_route(s: State, then: str, events: list[Event]) -> None:
    s["route"] = None
    if then == "maintenance":
        maintenance(s, events)
        return
    s["phase"] = "action"
    settle_action(s, events)


# ---------------------------------------------------------------- shots, removal, bridges


def shoot(s: State, loc: str, events: list[Event]) -> None:
    """Ruling 16: 1 weapon, the Milice leaves, soldiers +1, then morale -1."""
    s["shot_today"] = True
    pay(s, {"weapon": 1})
    del s["patrols"][loc]
    emit(events, "shot", say("The resistance shoots the Milice at {place} (1 weapon).", place=loc_say(loc)), at=loc)
    change_soldiers(s, 1, say("The Germans replace the Milice"), events)
    change_morale(s, -1, say("Reprisals for the shooting"), events)


def remove_choices(s: State) -> list[str]:
    rm = s["remove"]
    out = ["self"]
    for loc in LOCATION_ORDER + SLOTS:
        p = next((x for x in s["partisans"] if x["status"] == "placed" and x["at"] == loc
                  and x["id"] != rm["met"]), None)
        if p is not None:
            out.append(loc)
    if partisans_with(s, "home"):
        out.append("home")
    if partisans_with(s, "waiting"):
        out.append("waiting")
    return out


def remove(s: State, who: str, events: list[Event]) -> None:
    """Ruling 33: the Double Agent's price; not an arrest; fake papers go back to the stock."""
    met = partisan(s, s["remove"]["met"])
    s["remove"] = None
    if who == "self":
        victim = met
    elif who == "home":
        victim = partisans_with(s, "home")[0]
    elif who == "waiting":
        victim = partisans_with(s, "waiting")[0]
    else:
        victim = next(x for x in s["partisans"] if x["status"] == "placed" and x["at"] == who)
    labels = {"self": say("the partisan who met her at {place}", place=where(s, met["at"])),
              "home": say("a partisan from the Safe House"), "waiting": say("a partisan waiting at the Cafe")}
    label = labels[who] if who in labels else say("the partisan at {place}", place=where(s, who))
    return_papers(s, victim)
    victim["status"] = "removed"
    victim["at"] = None
    victim["done"] = True
    emit(events, "removed", say("The Double Agent's price: {who} leaves the resistance for good.", who=label))
    check(s, events)
    if met["status"] == "placed":
        begin_route(s, [met["id"]], None, "action", events)
    else:
        after_route(s, "action", events)


def arrange(s: State, left: str, right: str, events: list[Event]) -> None:
    s["missions"] = {"mission_left": left, "mission_right": right}
    s["arrange"] = None
    emit(events, "setup", say("{left} goes on the left exit ({fence}), {right} on the right exit ({bridge}).",
                              left=mission_say(left), right=mission_say(right), fence=loc_say("fence"),
                              bridge=loc_say("pont_du_nord")))
    start_day(s, events)
