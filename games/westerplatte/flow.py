"""The rules in motion: a queue of tasks run until a choice is owed or the officer's phase begins.

A task that needs a choice stays at the head of the queue and sets `pending`; the choice's action
(apply.py) settles it and the queue runs on."""
from __future__ import annotations

from typing import Any

from games.base import Say, event, say, say_n
from games.westerplatte.board import (
    BEHIND,
    CARDS,
    DAYS,
    EVENTS,
    FACES,
    GUARDHOUSES,
    MAX_BRICKS,
    OFFICER_WORDS,
    OFFICERS,
    PATHS,
    PER_DAY,
    ROMAN,
    TILE_NAMES,
    TRACKS,
    WALLS,
    card_say,
    data_say,
    path_name,
    path_say,
    side_value,
    wall_say,
    why_say,
)
from games.westerplatte.state import Event, State, active, level, officer_index

SHARE_NAMES = {"extra_movement": "extra-movement token", "extra_action": "extra-action token",
               "ammo": "ammunition"}


def emit(events: list[Event], kind: str, words: Say, **extra: Any) -> None:
    events.append(event(kind, words, **extra))


def one_more(s: State, i: int, token: str) -> Say:
    """"Red officer gets 1 more extra-action token." (a share's remainder)."""
    who = OFFICER_WORDS[i]
    if token == "extra_movement":
        return say("{officer} gets 1 more extra-movement token.", officer=who)
    if token == "extra_action":
        return say("{officer} gets 1 more extra-action token.", officer=who)
    return say("{officer} gets 1 more ammunition.", officer=who)


def push(s: State, *tasks: dict[str, Any]) -> None:
    """Put tasks at the head of the queue, in the given order."""
    s["tasks"][0:0] = [dict(t) for t in tasks]


# ---- end of the game ---------------------------------------------------------------------

def game_over(s: State, won: bool, reason: str, text: Say, events: list[Event]) -> None:
    score = DAYS if won else int(s["day"]) - 1
    s["outcome"] = {"winners": list(s["seats"]) if won else [],
                    "scores": dict.fromkeys(s["seats"], score), "reason": reason,
                    "day": s["day"]}
    s["tasks"] = []
    s["pending"] = None
    emit(events, "game_over", text, won=won, reason=reason)


def check_loss(s: State, events: list[Event]) -> bool:
    if s["outcome"] is not None:
        return True
    empty = [g for g in GUARDHOUSES if s["walls"][g] == 0]
    if len(empty) >= 2:
        game_over(s, False, "walls_destroyed",
                  say("Two guardhouses have no bricks left ({walls}): Westerplatte falls. The defenders lose.",
                      walls=[wall_say(g) for g in empty]), events)
        return True
    return False


# ---- cards, troops and piles -------------------------------------------------------------

def to_pile(s: State, cid: str) -> int:
    """Put a card face up on the current day's pile, or the next one if it holds 8 (rule 20)."""
    d = int(s["day"]) - 1
    while d < DAYS - 1 and len(s["piles"][d]) >= PER_DAY:
        d += 1
    s["piles"][d].append(cid)
    return d + 1


def destroy(s: State, p: str, why: Say | str, events: list[Event]) -> None:
    t = s["troops"][p]
    s["troops"][p] = None
    day = to_pile(s, t["card"])
    if CARDS[t["card"]].get("unit") == "howitzer":
        words = say("The howitzer on {path} is destroyed ({why}); its card goes onto day {day}'s pile.",
                    path=path_say(p), why=why, day=day)
    else:
        words = say("The machine gun on {path} is destroyed ({why}); its card goes onto day {day}'s pile.",
                    path=path_say(p), why=why, day=day)
    emit(events, "troop_destroyed", words, path=p)


def mine_hit(s: State, p: str, space: int, events: list[Event]) -> None:
    s["mines"][p].remove(space)
    s["beside"]["mines"] += 1
    destroy(s, p, say("mine on space {space}", space=ROMAN[space]), events)


def move_troop(s: State, p: str, steps: int, events: list[Event]) -> None:
    """Move a machine gun forwards (steps > 0) or back (steps < 0); mines apply (rule 13)."""
    t = s["troops"][p]
    if t is None or not CARDS[t["card"]]["speed"]:
        return
    start = int(t["space"])
    target = max(1, min(4, start + steps))
    if target == start:
        return
    direction = 1 if target > start else -1
    for k in range(start + direction, target + direction, direction):
        if k in s["mines"][p]:
            t["space"] = k
            mine_hit(s, p, k, events)
            return
    t["space"] = target
    if direction > 0:
        words = say("The machine gun on {path} advances to space {space}.", path=path_say(p), space=ROMAN[target])
    else:
        words = say("The machine gun on {path} is pushed back to space {space}.", path=path_say(p),
                    space=ROMAN[target])
    emit(events, "troop_moved", words, path=p, space=target)


def place_troop(s: State, cid: str, events: list[Event]) -> str | None:
    """Put a troop card onto space I of its path or the first free path to its right (rule 18)."""
    home = CARDS[cid]["path"]
    i = PATHS.index(home)
    for k in range(len(PATHS)):
        p = PATHS[(i + k) % len(PATHS)]
        if s["troops"][p] is None:
            s["troops"][p] = {"card": cid, "space": 1, "damage": 0}
            if p == home:
                words = say("German card: {card}. It goes onto {path}, space I.", card=card_say(cid), path=path_say(p))
            else:
                words = say("German card: {card}. It goes onto {path}, space I (path {home} is taken).",
                            card=card_say(cid), path=path_say(p), home=home.upper())
            emit(events, "troop_placed", words, path=p, card=cid)
            if 1 in s["mines"][p]:
                mine_hit(s, p, 1, events)
            return p
    return None


def hit(s: State, p: str, points: int, why: Say | str, events: list[Event]) -> None:
    t = s["troops"][p]
    left = int(CARDS[t["card"]]["resistance"]) - int(t["damage"])
    dealt = min(points, left)
    t["damage"] += dealt
    if t["damage"] >= CARDS[t["card"]]["resistance"]:
        destroy(s, p, why, events)
    else:
        emit(events, "troop_hit", say_n("The troop on {path} takes {count} damage ({why}); {left} resistance left.",
                                        "The troop on {path} takes {count} damage ({why}); {left} resistance left.",
                                        dealt, path=path_say(p), why=why, left=left - dealt), path=p)


# ---- morale ------------------------------------------------------------------------------

def morale_step(s: State, delta: int, events: list[Event]) -> None:
    """One step up or down the track with its bonus or loss (rule 23)."""
    track = TRACKS[s["track"]]
    start = int(track["start_index"])
    top = len(track["spaces"]) - 1
    lv = level(s)
    if delta > 0:
        if lv in ("l1", "l2", "l3"):
            s["morale"] = start
            emit(events, "morale", say("Morale rises back to the start space."), morale=start)
            return
        s["morale"] = min(top, s["morale"] + 1)
        new = level(s)
        emit(events, "morale", say("Morale rises to {level}.", level=new) if new else say("Morale rises."),
             morale=s["morale"])
        if new == "h1":
            push(s, {"kind": "h1"})
        elif new == "h2":
            push(s, {"kind": "share", "token": "extra_movement", "count": 5})
        elif new == "h3":
            s["morale"] = start
            push(s, {"kind": "share", "token": "extra_action", "count": 4})
            emit(events, "morale", say("The morale marker goes back to the start space."), morale=start)
        return
    if lv == "l3" and s["low_morale_stays_at_bottom"]:
        emit(events, "morale", say("Morale falls while on the lowest level: l3's loss again."),
             morale=s["morale"])
        push(s, {"kind": "l3"})
        return
    s["morale"] = max(0, s["morale"] - 1)
    new = level(s)
    emit(events, "morale", say("Morale falls to {level}.", level=new) if new else say("Morale falls."),
         morale=s["morale"])
    if new == "l1":
        push(s, {"kind": "l1"})
    elif new == "l2":
        push(s, {"kind": "l2"})
    elif new == "l3":
        push(s, {"kind": "l3"})
        if not s["low_morale_stays_at_bottom"]:
            s["morale"] = start
            emit(events, "morale", say("The morale marker goes back to the start space."), morale=start)


def h1_options(s: State) -> list[str]:
    out = []
    if s["stock"]["mortar"] < side_value("mortar", s["side"], "shells") and s["beside"]["shells"] > 0:
        out.append("mortar")
    if s["stock"]["mines"] < side_value("mines", s["side"], "mines") and s["beside"]["mines"] > 0:
        out.append("mines")
    if s["stock"]["wall_rebuild"] + 2 <= side_value("wall_rebuild", s["side"], "bricks"):
        out.append("wall_rebuild")
    return out


def l1_options(s: State) -> list[str]:
    out = []
    if s["stock"]["mortar"] > 0:
        out.append("mortar")
    if s["stock"]["mines"] > 0:
        out.append("mines")
    if s["stock"]["wall_rebuild"] >= 2:
        out.append("wall_rebuild")
    return out


def add_to_tile(s: State, tile: str, events: list[Event], why: Say | str) -> None:
    if tile == "mortar":
        s["beside"]["shells"] -= 1
        s["stock"]["mortar"] += 1
        words = say("{why}: 1 mortar shell goes onto the Mortar tile.", why=why)
    elif tile == "mines":
        s["beside"]["mines"] -= 1
        s["stock"]["mines"] += 1
        words = say("{why}: 1 mine goes onto the Mines tile.", why=why)
    else:
        s["stock"]["wall_rebuild"] += 2
        words = say("{why}: 2 bricks go onto the Wall-rebuild tile.", why=why)
    emit(events, "supply", words, tile=tile)


def take_from_tile(s: State, tile: str, events: list[Event], why: Say | str) -> None:
    if tile == "mortar":
        s["beside"]["shells"] += 1
        s["stock"]["mortar"] -= 1
        words = say("{why}: 1 mortar shell leaves the Mortar tile.", why=why)
    elif tile == "mines":
        s["beside"]["mines"] += 1
        s["stock"]["mines"] -= 1
        words = say("{why}: 1 mine leaves the Mines tile.", why=why)
    else:
        s["stock"]["wall_rebuild"] -= 2
        words = say("{why}: 2 bricks leave the Wall-rebuild tile.", why=why)
    emit(events, "supply", words, tile=tile)


def give(s: State, i: int, token: str, n: int, events: list[Event]) -> None:
    """Hand n tokens (or ammunition) to officer i, cancelling extra against limited movement."""
    o = s["officers"][i]
    if token == "ammo":
        s["reserve"] -= n
        o["ammo"] += n
        return
    s["supply"][token] -= n
    o[token] += n
    cancel_movement_tokens(s, i, events)


def cancel_movement_tokens(s: State, i: int, events: list[Event]) -> None:
    o = s["officers"][i]
    k = min(o["extra_movement"], o["limited_movement"])
    if k:
        o["extra_movement"] -= k
        o["limited_movement"] -= k
        s["supply"]["limited_movement"] += k
        emit(events, "tokens", say_n("{officer}: {count} extra-movement and {count} limited-movement token(s) "
                                     "cancel each other.", "{officer}: {count} extra-movement and {count} "
                                     "limited-movement token(s) cancel each other.", k, officer=OFFICER_WORDS[i]))


# ---- the task queue ----------------------------------------------------------------------

def run(s: State, events: list[Event]) -> None:
    """Run tasks until a choice is owed, the officer's phase waits for him, or the game ends."""
    guard = 0
    while s["outcome"] is None and s["pending"] is None and s["tasks"]:
        guard += 1
        if guard > 10000:
            raise RuntimeError("task loop")
        task = s["tasks"][0]
        HANDLERS[task["kind"]](s, task, events)


def _pop(s: State) -> None:
    s["tasks"].pop(0)


def _damage(s: State, t: dict[str, Any], events: list[Event]) -> None:
    """Points of damage to a round outpost, passing on to its guardhouses (rule 17)."""
    w = t["wall"]
    while t["count"] > 0:
        if s["walls"][w] > 0:
            s["walls"][w] -= 1
            t["count"] -= 1
            emit(events, "wall", say("{why}: {wall} loses 1 brick ({left} left).", why=why_say(t["why"]),
                                     wall=wall_say(w), left=s["walls"][w]), wall=w, bricks=s["walls"][w])
            continue
        options = [g for g in BEHIND[w] if s["walls"][g] > 0]
        if not options:
            t["count"] = 0
            break
        if len(options) == 1:
            g = options[0]
            s["walls"][g] -= 1
            t["count"] -= 1
            emit(events, "wall", no_bricks(t["why"], w, g, s["walls"][g]), wall=g, bricks=s["walls"][g])
            if check_loss(s, events):
                return
            continue
        s["pending"] = {"kind": "guardhouse", "wall": w, "options": options, "why": t["why"]}
        return
    _pop(s)


def _morale(s: State, t: dict[str, Any], events: list[Event]) -> None:
    _pop(s)
    morale_step(s, int(t["change"]), events)


def _h1(s: State, t: dict[str, Any], events: list[Event]) -> None:
    options = h1_options(s)
    if not options:
        _pop(s)
        emit(events, "supply", say("High morale (h1): no tile has room; no bonus."))
        return
    if len(options) == 1:
        _pop(s)
        add_to_tile(s, options[0], events, say("High morale (h1)"))
        return
    s["pending"] = {"kind": "h1", "options": options}


def _l1(s: State, t: dict[str, Any], events: list[Event]) -> None:
    options = l1_options(s)
    if not options:
        _pop(s)
        emit(events, "supply", say("Low morale (l1): the tiles hold nothing to lose."))
        return
    if len(options) == 1:
        _pop(s)
        take_from_tile(s, options[0], events, say("Low morale (l1)"))
        return
    s["pending"] = {"kind": "l1", "options": options}


def _l2(s: State, t: dict[str, Any], events: list[Event]) -> None:
    _pop(s)
    k = len(s["officers"])
    each = s["supply"]["limited_movement"] // k
    if each == 0:
        emit(events, "tokens", say("Low morale (l2): no limited-movement tokens are left to hand out."))
        return
    for i in range(k):
        give(s, i, "limited_movement", each, events)
    emit(events, "tokens", say_n("Low morale (l2): every officer gets {count} limited-movement token(s).",
                                 "Low morale (l2): every officer gets {count} limited-movement token(s).", each))


def _l3(s: State, t: dict[str, Any], events: list[Event]) -> None:
    if "left" not in t:
        total = sum(o["ammo"] for o in s["officers"])
        t["left"] = min(5, total)
        emit(events, "ammo", say_n("Low morale (l3): the officers lose {count} ammunition in all.",
                                   "Low morale (l3): the officers lose {count} ammunition in all.", int(t["left"])))
    if t["left"] > 0:
        holders = [i for i, o in enumerate(s["officers"]) if o["ammo"] > 0]
        if len(holders) == 1 or sum(s["officers"][i]["ammo"] for i in holders) <= t["left"]:
            lose_ammo(s, {s["officers"][i]["id"]: min(t["left"], s["officers"][i]["ammo"])
                          for i in holders}, events)
            t["left"] = 0
        else:
            s["pending"] = {"kind": "lose_ammo", "left": t["left"], "options": [
                s["officers"][i]["id"] for i in holders]}
            return
    _pop(s)


def ammo_splits(s: State, left: int, oids: list[str]) -> list[dict[str, int]]:
    """Every way to take `left` ammunition from these officers, each at most what he holds, the
    first officer's largest share first (officers who lose none are left out)."""
    if not oids:
        return [{}] if left == 0 else []
    first, rest = oids[0], oids[1:]
    held = int(s["officers"][officer_index(s, first)]["ammo"])
    out: list[dict[str, int]] = []
    for n in range(min(held, left), -1, -1):
        for tail in ammo_splits(s, left - n, rest):
            out.append({first: n, **tail} if n else tail)
    return out


def split_words(s: State, split: dict[str, int]) -> Say:
    """ "Red officer loses 3 ammunition, Blue officer 2" in the officers' order."""
    parts = [(officer_index(s, oid), n) for oid, n in split.items() if n]
    parts.sort()
    (first, n), rest = parts[0], parts[1:]
    if not rest:
        return say_n("{officer} loses {count} ammunition", "{officer} loses {count} ammunition", n,
                     officer=OFFICER_WORDS[first])
    others = [say("{officer} {count}", officer=OFFICER_WORDS[i], count=k) for i, k in rest]
    return say_n("{officer} loses {count} ammunition, {others}", "{officer} loses {count} ammunition, {others}", n,
                 officer=OFFICER_WORDS[first], others=others)


def lose_ammo(s: State, split: dict[str, int], events: list[Event]) -> None:
    """Low morale (l3): the officers lose this split of ammunition to the reserve, told in one line."""
    for oid, n in split.items():
        s["officers"][officer_index(s, oid)]["ammo"] -= n
        s["reserve"] += n
    if any(split.values()):
        emit(events, "ammo", say("Low morale (l3): {losses}.", losses=split_words(s, split)))


def _share(s: State, t: dict[str, Any], events: list[Event]) -> None:
    """Share tokens or ammunition as evenly as possible; the remainder is chosen (rule 25)."""
    _pop(s)
    token = t["token"]
    avail = s["reserve"] if token == "ammo" else s["supply"][token]
    total = min(int(t["count"]), int(avail))
    k = len(s["officers"])
    if total == 0:
        emit(events, "tokens", {"extra_movement": say("No extra-movement token is left to share out."),
                                "extra_action": say("No extra-action token is left to share out."),
                                "ammo": say("No ammunition is left to share out.")}[token])
        return
    each, rem = divmod(total, k)
    if each:
        for i in range(k):
            give(s, i, token, each, events)
        if token == "extra_movement":
            words = say_n("Every officer gets {count} extra-movement token.",
                          "Every officer gets {count} extra-movement tokens.", each)
        elif token == "extra_action":
            words = say_n("Every officer gets {count} extra-action token.",
                          "Every officer gets {count} extra-action tokens.", each)
        else:
            words = say_n("Every officer gets {count} ammunition.", "Every officer gets {count} ammunition.", each)
        emit(events, "tokens", words)
    if rem:
        push(s, {"kind": "remainder", "token": token, "left": rem, "got": []})


def _remainder(s: State, t: dict[str, Any], events: list[Event]) -> None:
    if t["left"] <= 0:
        _pop(s)
        return
    cands = [o["id"] for o in s["officers"] if o["id"] not in t["got"]]
    if len(cands) <= t["left"]:
        _pop(s)
        for i, o in enumerate(s["officers"]):
            if o["id"] in cands:
                give(s, i, t["token"], 1, events)
                emit(events, "tokens", one_more(s, i, t["token"]))
        return
    s["pending"] = {"kind": "remainder", "token": t["token"], "left": t["left"], "options": cands}


def _bricks(s: State, t: dict[str, Any], events: list[Event]) -> None:
    """Wall reinforcement: bricks onto wall spaces below 6, the active player choosing where."""
    while t["left"] > 0:
        low = [w for w in WALLS if s["walls"][w] < MAX_BRICKS]
        if not low:
            emit(events, "wall", say_n("{count} brick(s) find no room and are lost.",
                                       "{count} brick(s) find no room and are lost.", int(t["left"])))
            break
        missing = sum(MAX_BRICKS - s["walls"][w] for w in low)
        if len(low) == 1 or missing <= t["left"]:
            for w in low:
                n = min(t["left"], MAX_BRICKS - s["walls"][w])
                s["walls"][w] += n
                t["left"] -= n
                emit(events, "wall", say_n("Wall reinforcement: {count} brick(s) onto {wall}.",
                                           "Wall reinforcement: {count} brick(s) onto {wall}.", n, wall=wall_say(w)),
                     wall=w)
            continue
        s["pending"] = {"kind": "brick", "left": t["left"], "options": low}
        return
    _pop(s)


def _extra(s: State, t: dict[str, Any], events: list[Event]) -> None:
    _pop(s)
    tile = t["tile"]
    key = "shells" if tile == "mortar" else "mines"
    if s["stock"][tile] < side_value(tile, s["side"], key) and s["beside"][key] > 0:
        add_to_tile(s, tile, events, data_say(EVENTS[t["event"]]["name"]))
    else:
        emit(events, "supply", say("{event}: no room on the tile or none beside the board; nothing happens.",
                                   event=data_say(EVENTS[t["event"]]["name"])))


def _advance(s: State, t: dict[str, Any], events: list[Event]) -> None:
    _pop(s)
    for p in t["paths"]:
        troop = s["troops"][p]
        if troop is not None and CARDS[troop["card"]]["speed"]:
            move_troop(s, p, int(CARDS[troop["card"]]["speed"]), events)


def _draw(s: State, t: dict[str, Any], events: list[Event]) -> None:
    """Phase 3: a new German card (rule 18), then phase 4: troop movement (rule 19)."""
    _pop(s)
    setup = bool(t.get("setup"))
    cid = s["deck"].pop(0)
    if s["under"] and s["under"][0] == cid:
        s["under"].pop(0)
    s["last_card"] = cid
    card = CARDS[cid]
    follow: list[dict[str, Any]] = []
    if card["type"] == "troop":
        if place_troop(s, cid, events) is None:
            s["deck"].append(cid)
            s["under"].append(cid)
            emit(events, "overflow", say("German card: {card}. All five paths hold a troop: morale falls and the "
                                         "card goes under the deck.", card=card_say(cid)), card=cid)
            follow.append({"kind": "morale", "change": -1})
    elif card["type"] == "air_raid":
        day = to_pile(s, cid)
        emit(events, "air_raid", say("German card: {card}. Morale falls; it goes onto day {day}'s pile.",
                                     card=card_say(cid), day=day), card=cid)
        follow += [{"kind": "morale", "change": -1},
                   {"kind": "damage", "wall": card["outpost"], "count": int(card["bricks"]), "why": "Air raid"}]
    else:
        day = to_pile(s, cid)
        emit(events, "morale_decline", say("German card: {card}. Morale falls; it goes onto day {day}'s pile.",
                                           card=card_say(cid), day=day), card=cid)
        follow.append({"kind": "morale", "change": -1})
    if not setup:
        follow.append({"kind": "advance", "paths": list(card["move_paths"])})
    push(s, *follow)


def _setup_pile(s: State, t: dict[str, Any], events: list[Event]) -> None:
    _pop(s)
    cid = s["deck"].pop(0)
    s["piles"][0].append(cid)
    s["last_card"] = cid
    emit(events, "setup_card", say("Setup: {card} goes face up onto day 1's pile, unresolved.", card=card_say(cid)),
         card=cid)


def _german_attack(s: State, t: dict[str, Any], events: list[Event]) -> None:
    """Phase 2: howitzers on space I and machine guns on space IV fire, paths A to E (rule 17)."""
    _pop(s)
    shots: list[dict[str, Any]] = []
    for p in PATHS:
        troop = s["troops"][p]
        if troop is None:
            continue
        c = CARDS[troop["card"]]
        if c["unit"] == "howitzer" or troop["space"] == 4:
            what = "Howitzer" if c["unit"] == "howitzer" else "Machine gun"
            shots.append({"kind": "damage", "wall": FACES[p], "count": int(c["attack"]),
                          "why": f"{what} on {path_name(p)}"})
    emit(events, "phase", say("German attack.") if shots else say("German attack: no troop can fire."))
    push(s, *shots)


def _end_turn(s: State, t: dict[str, Any], events: list[Event]) -> None:
    """After phase 4: the day ends if its pile holds 8 (rules 21, 29); then the next turn."""
    _pop(s)
    day = int(s["day"])
    if len(s["piles"][day - 1]) >= PER_DAY:
        if day >= DAYS:
            game_over(s, True, "survived", say("Day 7 is over and the wall still stands: the defenders of "
                                               "Westerplatte win!"), events)
            return
        s["day"] = day + 1
        s["burnt"] = None
        emit(events, "round", say("Day {day} ends. Day {next} begins.", day=day, next=day + 1), day=day + 1)
        follow: list[dict[str, Any]] = []
        if s["event_deck"]:
            eid = s["event_deck"].pop(0)
            s["events_seen"].append(eid)
            follow += event_tasks(s, eid, events)
        if day == 3:
            follow.append({"kind": "refill"})
        follow.append({"kind": "next_turn"})
        push(s, *follow)
        return
    push(s, {"kind": "next_turn"})


def event_tasks(s: State, eid: str, events: list[Event]) -> list[dict[str, Any]]:
    e = EVENTS[eid]
    emit(events, "event", say("Event: {name}. {effect}", name=data_say(e["name"]), effect=data_say(e["effect"])),
         event=eid)
    if eid.startswith("wall_reinforcement"):
        return [{"kind": "bricks", "left": int(e["bricks"])}]
    if eid == "morale_up":
        return [{"kind": "morale", "change": 1}]
    if eid == "extra_mortar_shell":
        return [{"kind": "extra", "tile": "mortar", "event": eid}]
    if eid == "extra_mine":
        return [{"kind": "extra", "tile": "mines", "event": eid}]
    if eid == "extra_ammunition":
        return [{"kind": "share", "token": "ammo", "count": int(e["ammunition"])}]
    if eid.startswith("german_advance"):
        return [{"kind": "advance", "paths": list(e["paths"])}]
    if eid.startswith("naval_bombardment"):
        return [{"kind": "damage", "wall": w, "count": int(e["bricks_each"]), "why": "Naval bombardment"}
                for w in e["outposts"]]
    if eid.startswith("burnt_path"):
        s["burnt"] = sorted(e["link"], key=WALLS.index)
        return []
    raise KeyError(eid)


def _refill(s: State, t: dict[str, Any], events: list[Event]) -> None:
    _pop(s)
    shells = min(side_value("mortar", s["side"], "shells") - s["stock"]["mortar"], s["beside"]["shells"])
    s["stock"]["mortar"] += shells
    s["beside"]["shells"] -= shells
    mines = min(side_value("mines", s["side"], "mines") - s["stock"]["mines"], s["beside"]["mines"])
    s["stock"]["mines"] += mines
    s["beside"]["mines"] -= mines
    s["stock"]["wall_rebuild"] = side_value("wall_rebuild", s["side"], "bricks")
    emit(events, "supply", say("End of day 3: supplies arrive. Mortar {shells} shells, Mines {mines} mines, "
                               "Wall rebuild {bricks} bricks.", shells=s["stock"]["mortar"],
                               mines=s["stock"]["mines"], bricks=s["stock"]["wall_rebuild"]))


def _next_turn(s: State, t: dict[str, Any], events: list[Event]) -> None:
    _pop(s)
    tn = s["turn"]
    if tn["stage"] == "setup":
        nxt = 0
    else:
        nxt = (tn["officer"] + 1) % len(s["officers"])
    start_turn(s, nxt, events)


def start_turn(s: State, i: int, events: list[Event]) -> None:
    o = s["officers"][i]
    moves = 2
    limited = o["limited_movement"] > 0
    if limited:
        o["limited_movement"] -= 1
        s["supply"]["limited_movement"] += 1
        moves -= 1
    s["turn"] = {"officer": i, "number": s["turn"]["number"] + 1, "stage": "officer", "moves": moves,
                 "actions": 1, "used_extra_movement": False, "used_extra_action": False}
    emit(events, "turn", turn_words(OFFICERS[i]["colour"], limited, s["day"]),
         officer=o["id"], day=s["day"], boundary=True)  # told at once: solo, the same seat goes on


def turn_words(colour: str, limited: bool, day: int) -> Say:
    """"Day 2: the red officer's turn." (and the limited-movement token it costs)."""
    words = {
        ("red", False): say("Day {day}: the red officer's turn.", day=day),
        ("blue", False): say("Day {day}: the blue officer's turn.", day=day),
        ("green", False): say("Day {day}: the green officer's turn.", day=day),
        ("yellow", False): say("Day {day}: the yellow officer's turn.", day=day),
        ("red", True): say("Day {day}: the red officer's turn. A limited-movement token costs 1 movement "
                           "point.", day=day),
        ("blue", True): say("Day {day}: the blue officer's turn. A limited-movement token costs 1 movement "
                            "point.", day=day),
        ("green", True): say("Day {day}: the green officer's turn. A limited-movement token costs 1 movement "
                             "point.", day=day),
        ("yellow", True): say("Day {day}: the yellow officer's turn. A limited-movement token costs 1 movement "
                              "point.", day=day),
    }
    return words[(colour, limited)]




def no_bricks(why: str, wall: str, guardhouse: str, left: int) -> Say:
    """"Air raid: outpost B has no bricks, so guardhouse 3 loses 1 (4 left)."""
    return say("{why}: {wall} has no bricks, so {guardhouse} loses 1 ({left} left).", why=why_say(why),
               wall=wall_say(wall), guardhouse=wall_say(guardhouse), left=left)


def end_officer_phase(s: State, events: list[Event]) -> None:
    s["turn"]["stage"] = "germans"
    s["turn"]["moves"] = 0
    s["turn"]["actions"] = 0
    push(s, {"kind": "german_attack"}, {"kind": "draw"}, {"kind": "end_turn"})


HANDLERS: dict[str, Any] = {
    "damage": _damage, "morale": _morale, "h1": _h1, "l1": _l1, "l2": _l2, "l3": _l3,
    "share": _share, "remainder": _remainder, "bricks": _bricks, "extra": _extra,
    "advance": _advance, "draw": _draw, "setup_pile": _setup_pile, "german_attack": _german_attack,
    "end_turn": _end_turn, "refill": _refill, "next_turn": _next_turn,
}

TILE_LABEL = TILE_NAMES
_ = active
