"""The flow of the game: setup, rounds, the auction, the turn's steps, conflicts and scoring."""
from __future__ import annotations

from typing import Any

from games.africa.board import (
    AREAS,
    CONFLICT,
    CONFLICT_IDS,
    HEART,
    RAW,
    REP_MAX,
    START_TRADERS,
    START_VP,
    STATIONS,
    SV,
    SV_IDS,
    TOKEN_IDS,
    TOKENS,
    area_say,
    conflict_say,
    marker_say,
    sv_say,
    token_say,
)
from games.africa.legal import able, scoring_areas, sv_gain
from games.africa.state import (
    Event,
    State,
    clamp_rep,
    controls,
    count_of,
    live,
    move_vp,
    pieces,
    resource_markers_setup,
    vp_order,
    who,
)
from games.base import Say, event, say, say_n
from games.rng import randbelow, shuffle

HEART_BONUS = int(RAW["rules"]["scoring"]["heart_of_africa_bonus"])
STATION_VP = int(RAW["rules"]["scoring"]["per_owned_station"])
MOST_STATIONS = int(RAW["rules"]["scoring"]["most_stations_bonus"])


def emit(events: list[Event], kind: str, words: Say, private_to: str | None = None,
         **extra: Any) -> None:
    e: Event = event(kind, words, **extra)
    if private_to is not None:
        e["private_to"] = private_to
    events.append(e)


def signed(n: int) -> str:
    return "%+d" % n  # noqa: UP031 (an f-string here reads as a text to the catalog's extraction)


def cubes_say(n: int) -> Say:
    return say_n("{count} influence cube", "{count} influence cubes", n)


# ---- setup -------------------------------------------------------------------------------------

def setup(s: State, events: list[Event]) -> None:
    s["station_supply"] = STATIONS
    resource_markers_setup(s)
    order = list(range(len(s["seats"])))
    shuffle(s, order)
    for j, vp in zip(order, START_VP, strict=False):
        s["players"][j]["vp"] = vp
    table = [say("{marker} {row}", marker=marker_say(m), row=s["table"][m]) for m in sorted(s["table"])]
    emit(events, "setup", say("Resource table: {table}.", table=table))
    starting = [say("{player} {vp}", player=who(s, j), vp=s["players"][j]["vp"]) for j in vp_order(s, order)]
    emit(events, "setup", say("Starting VP: {players}.", players=starting))
    for j in reversed(vp_order(s, order)):
        s["pending"].append({"kind": "start_area", "chooser": j})


def after_start_areas(s: State, events: list[Event]) -> None:
    """Special victory tokens in secret, then the action-token rows (3.9, 3.10)."""
    box = list(SV_IDS)
    shuffle(s, box)
    for j in range(len(s["seats"])):
        tid = box.pop()
        s["players"][j]["special_victory_tokens"].append(tid)
        emit(events, "special_victory", say("Your special victory token: {token}.", token=sv_say(tid)),
             s["seats"][j])
    s["box"] = box
    emit(events, "special_victory", say("Each player draws a special victory token in secret."))
    stock = list(TOKEN_IDS)
    shuffle(s, stock)
    s["rows"] = [stock[0:2], stock[2:4], stock[4:6], []]
    s["stock"] = stock[6:]
    start_round(s, events)


def place_start(s: State, j: int, area: str, events: list[Event]) -> None:
    s["areas"][area]["traders"][j] += START_TRADERS
    s["players"][j]["supply"] -= START_TRADERS
    emit(events, "start_area", say("{player} starts in {area} with {count} traders.", player=who(s, j),
                                   area=area_say(area), count=START_TRADERS))


# ---- rounds and the auction --------------------------------------------------------------------

def draw_token(s: State, events: list[Event]) -> str | None:
    if not s["stock"] and s["discards"]:
        s["stock"] = sorted(s["discards"])
        s["discards"] = []
        shuffle(s, s["stock"])
        emit(events, "stock", say("The discarded action tokens are shuffled into a new stock."))
    if not s["stock"]:
        return None
    return str(s["stock"].pop())


def start_round(s: State, events: list[Event]) -> None:
    s["round"] += 1
    s["active"] = None
    s["turn"] = None
    s["conflict"] = None
    emit(events, "round", say("Round {round}.", round=s["round"]), round=s["round"])
    drawn = []
    while len(s["rows"][3]) < 2:
        tid = draw_token(s, events)
        if tid is None:
            break
        s["rows"][3].append(tid)
        drawn.append(tid)
    if drawn:
        emit(events, "draw", say("New tokens in row 4: {tokens}.", tokens=[token_say(t) for t in drawn]))
    if not s["rows"][0]:
        game_over(s, "no_tokens", events, None)
        return
    order = vp_order(s, live(s))
    s["stage"] = "auction"
    s["auction"] = {"order": order, "next": 0, "bids": {}}
    row = [token_say(t) for t in s["rows"][0]]
    emit(events, "phase", say("Auction of row 1: {tokens}. Everyone bids in secret.", tokens=row)
         if s["sealed"] else say("Auction of row 1: {tokens}. {player} bids first.", tokens=row,
                                 player=who(s, order[0])))


def auction_done(s: State) -> bool:
    a = s["auction"]
    if s["sealed"]:
        return all(str(j) in a["bids"] or s["players"][j]["dropped"] for j in a["order"])
    return bool(a["next"] >= len(a["order"]))


def skip_dropped_bidders(s: State) -> None:
    a = s["auction"]
    while a["next"] < len(a["order"]) and s["players"][a["order"][a["next"]]]["dropped"]:
        if a["next"] == 0 and len(a["order"]) > 1:
            a["order"] = a["order"][1:]  # the first live bidder opens
            continue
        a["next"] += 1


def resolve_auction(s: State, events: list[Event]) -> None:
    a = s["auction"]
    bids = {int(k): v for k, v in a["bids"].items() if v is not None
            and not s["players"][int(k)]["dropped"]}
    if s["sealed"]:
        shown = [say("{player} {bid}", player=who(s, j), bid=bids.get(j, 0)) for j in a["order"] if j in bids]
        emit(events, "bids", say("Sealed bids: {bids}.", bids=shown), boundary=True)
    if not bids:
        # Every bidder left the table: the first live player takes the row for nothing.
        winner = live(s)[0]
        amount = 0
    else:
        # Highest bid; a tie (sealed) goes to the player with fewer VP.
        winner = max(bids, key=lambda j: (bids[j], -s["players"][j]["vp"]))
        amount = bids[winner]
    p = s["players"][winner]
    cubes = min(amount, p["influence"])
    vp = amount - cubes
    p["influence"] -= cubes
    s["pool"] += cubes
    if vp:
        emit(events, "auction_won", say("{player} wins the auction with {amount} ({cubes} and {vp} VP).",
                                        player=who(s, winner), amount=amount, cubes=cubes_say(cubes), vp=vp))
    else:
        emit(events, "auction_won", say("{player} wins the auction with {amount}.", player=who(s, winner),
                                        amount=amount))
    if vp:
        move_vp(s, winner, -vp)
        others = [j for j in live(s) if j != winner]
        if others:
            base, rest = divmod(vp, len(others))
            fewest = sorted(others, key=lambda j: (s["players"][j]["vp"], j))
            shares = {j: base + (1 if k < rest else 0) for k, j in enumerate(fewest)}
            for j in fewest:
                if shares[j]:
                    move_vp(s, j, shares[j])
                    emit(events, "vp_share", say("{player} receives {vp} VP (now {total}).",
                                                 player=who(s, j), vp=shares[j], total=s["players"][j]["vp"]))
                    if check_target(s, j, events):
                        return
    won = list(s["rows"][0])
    s["rows"] = [s["rows"][1], s["rows"][2], s["rows"][3], []]
    ap = sum(int(TOKENS[t]["ap"]) for t in won)
    keep = [t for t in won if TOKENS[t]["special"]]
    p["tokens"] = sorted(p["tokens"] + keep)
    s["active"] = winner
    s["auction"] = None
    s["stage"] = "turn"
    s["turn"] = {
        "action_points": ap, "bought": 0, "won": won, "blank": [t for t in won if not TOKENS[t]["special"]],
        "changed": None, "step": "neutral", "mode": None, "stopped": {}, "wholesaler_stopped": False,
        "unable": {}, "wholesaler_unable": False, "fought": [], "neutrals_fought": [],
    }
    emit(events, "phase", say_n("{player}'s turn with {count} action point.",
                                "{player}'s turn with {count} action points.", ap, player=who(s, winner)))


def check_target(s: State, j: int, events: list[Event]) -> bool:
    if s["players"][j]["vp"] >= s["target"]:
        game_over(s, "target", events, j)
        return True
    return False


def game_over(s: State, reason: str, events: list[Event], winner: int | None) -> None:
    alive = live(s)
    if winner is None:
        winner = vp_order(s, alive)[0] if alive else 0
    s["outcome"] = {
        "winners": [s["seats"][winner]],
        "scores": {seat: int(s["players"][j]["vp"]) for j, seat in enumerate(s["seats"])},
        "reason": reason,
        "ranking": [s["seats"][j] for j in vp_order(s, alive)],
    }
    s["stage"] = "over"
    s["pending"] = []
    player = who(s, winner)
    words = {"target": say("{player} reaches {vp} VP and wins.", player=player, vp=s["target"]),
             "no_tokens": say("{player} has most VP when no tokens are left to auction and wins.",
                              player=player),
             "abandoned": say("{player} is the last player left and wins.", player=player)}[reason]
    emit(events, "game_over", words, reason=reason)


# ---- the turn ------------------------------------------------------------------------------------

def pay(s: State, cost: int) -> None:
    """AP first, then influence cubes into the pool (7.1.1)."""
    t = s["turn"]
    use = min(cost, t["action_points"])
    t["action_points"] -= use
    rest = cost - use
    if rest:
        s["players"][s["active"]]["influence"] -= rest
        s["pool"] += rest
        t["bought"] += rest


def discard_token(s: State, j: int, tid: str) -> None:
    p = s["players"][j]
    if tid in p["tokens"]:
        p["tokens"].remove(tid)
        s["discards"].append(tid)
    elif tid in p["special_victory_tokens"]:
        p["special_victory_tokens"].remove(tid)
        if tid not in s["special_victory_shown"]:
            s["special_victory_shown"].append(tid)


def end_action_step(s: State) -> None:
    t = s["turn"]
    if t["step"] == "actions":
        t["step"] = "conflicts"
        t["action_points"] = 0
        t["stopped"] = {}
        t["wholesaler_stopped"] = False


def remove_piece(s: State, j: int, area: str, events: list[Event]) -> str:
    """Remove one piece of j from the area, wholesaler first; returns its kind."""
    p = s["players"][j]
    if p["wholesaler"] == area:
        p["wholesaler"] = None
        if j == s["active"]:
            s["turn"]["wholesaler_unable"] = False
        return "wholesaler"
    s["areas"][area]["traders"][j] -= 1
    p["supply"] += 1
    if j == s["active"] and s["turn"]:
        fix_status(s, area)
    return "trader"


def fix_status(s: State, area: str) -> None:
    t = s["turn"]
    n = s["areas"][area]["traders"][s["active"]]
    for key in ("unable", "stopped"):
        if t[key].get(area, 0) > n:
            t[key][area] = n
        if t[key].get(area) == 0:
            del t[key][area]


def queue_retreats(s: State, owner: int, area: str, chooser: int, avoid: list[int],
                   leave_for: int | None = None) -> None:
    kinds = ((["wholesaler"] if s["players"][owner]["wholesaler"] == area else [])
             + ["trader"] * s["areas"][area]["traders"][owner])
    for k in kinds:
        item: dict[str, Any] = {"kind": "retreat", "chooser": chooser, "owner": owner,
                                "piece": k, "from": area, "avoid": avoid}
        if leave_for is not None:
            item["leave_for"] = leave_for
        s["pending"].append(item)


def fought_areas(s: State) -> set[str]:
    """Areas where the active player has fought this turn (with a player or the neutrals)."""
    t = s["turn"]
    return {str(x[0]) for x in t["fought"]} | set(t["neutrals_fought"])


def move_piece(s: State, j: int, kind: str, a: str, b: str, outside: bool, retreat: bool) -> None:
    """Move one piece of j. Outside the action step the active player's piece fights no more once
    it retreats or has fought; one moved by the special that has not fought may still fight
    (RULINGS Heart of Africa 18). A piece that could not fight moves first."""
    p = s["players"][j]
    t = s["turn"]
    active = t is not None and j == s["active"]
    spent = active and outside and (retreat or a in fought_areas(s))
    if kind == "wholesaler":
        p["wholesaler"] = b
        if spent:
            t["wholesaler_unable"] = True
        return
    s["areas"][a]["traders"][j] -= 1
    s["areas"][b]["traders"][j] += 1
    if active and outside:
        was_unable = t["unable"].get(a, 0) > 0
        if was_unable:
            t["unable"][a] -= 1
        if was_unable or spent:
            t["unable"][b] = t["unable"].get(b, 0) + 1
        fix_status(s, a)


def score_turn(s: State, action: dict[str, Any], events: list[Event]) -> None:
    i = s["active"]
    mine = scoring_areas(s, i)
    total = 0
    parts: list[Say] = []
    for a in AREAS:
        if pieces(s, i, a) == 0:
            continue
        v = s["areas"][a]
        gain = (s["table"][v["resource"]] if v["resource"] else s["table"]["africa"]) if a in mine else 0
        net = gain - v["neutrals"]
        if net or gain:
            points = signed(net)
            parts.append(say("{area} area {points}", area=area_say(a), points=points) if a == HEART
                         else say("{area} {points}", area=area_say(a), points=points))
        total += net
    if HEART in mine:
        total += HEART_BONUS
        parts.append(say("bonus for holding the Heart of Africa +{points}", points=HEART_BONUS))
    owned = sum(1 for a in mine if s["areas"][a]["station"])
    if owned:
        total += owned * STATION_VP
        parts.append(say("stations +{points}", points=owned * STATION_VP))
        best_other = max([sum(1 for a in scoring_areas(s, j) if s["areas"][a]["station"])
                          for j in live(s) if j != i], default=0)
        if owned > best_other:
            total += MOST_STATIONS
            parts.append(say("most stations +{points}", points=MOST_STATIONS))
    tid = action.get("token")
    if tid is not None:
        if tid in SV:
            gain = sv_gain(s, i, tid)
            parts.append(say("{token} +{points}", token=sv_say(tid), points=gain))
            total += gain
            emit(events, "special_victory", say("{player} reveals {token}.", player=who(s, i),
                                                token=sv_say(tid)))
        else:
            area = action["area"]
            gain = s["table"][s["areas"][area]["resource"] or "africa"]
            parts.append(say("double scoring in {area} +{points}", area=area_say(area), points=gain))
            total += gain
        discard_token(s, i, tid)
    before = s["players"][i]["vp"]
    after = move_vp(s, i, total)
    points = signed(total)
    if parts:
        emit(events, "score", say("{player} scores {points} VP ({parts}): {before} → {after}.",
                                  player=who(s, i), points=points, parts=say_list(parts),
                                  before=before, after=after))
    else:
        emit(events, "score", say("{player} scores {points} VP: {before} → {after}.", player=who(s, i),
                                  points=points, before=before, after=after))
    if check_target(s, i, events):
        return
    end_turn(s, events)


def end_turn(s: State, events: list[Event]) -> None:
    t = s["turn"]
    i = s["active"]
    if t is not None:
        s["discards"] += t["blank"]
    receivers = [j for j in live(s) if j != i]
    if receivers and s["pool"]:
        each, rest = divmod(s["pool"], len(receivers))
        if each:
            for j in receivers:
                s["players"][j]["influence"] += each
            emit(events, "influence", say_n(
                "The influence pool gives {count} cube to each other player; {rest} wait for the next turn.",
                "The influence pool gives {count} cubes to each other player; {rest} wait for the next turn.",
                each, rest=rest))
        s["pool"] = rest
    start_round(s, events)


# ---- conflicts ----------------------------------------------------------------------------------

def start_player_conflict(s: State, area: str, j: int, events: list[Event]) -> None:
    end_action_step(s)
    i = s["active"]
    s["stage"] = "commit"
    s["conflict"] = {"kind": "player", "area": area, "defender": j, "commitments": {
        str(k): {"done": False, "cubes": 0, "tokens": [], "retreat": False} for k in (i, j)}}
    emit(events, "conflict", say("Conflict in {area}: {player} against {other}. Both commit in secret.",
                                 area=area_say(area), player=who(s, i), other=who(s, j)))


def strength(s: State, k: int, count: int, c: dict[str, Any]) -> int:
    rep = s["players"][k]["reputation"]
    if "sv_chiefs_favour" in c["tokens"]:
        rep = int(SV["sv_chiefs_favour"]["reputation_counts_as"])
    total = count * rep + 3 * c["cubes"]
    for tid in c["tokens"]:
        total += int(SV[tid].get("strength", 9)) if tid in SV else 9
    return int(total)


def say_list(parts: list[Say]) -> Say:
    """Parts joined by "; " (a list in a Say is joined by ", ")."""
    out = parts[0]
    for p in parts[1:]:
        out = say("{first}; {next}", first=out, next=p)
    return out


def commit_words(c: dict[str, Any]) -> Say:
    """Your commitment in words: "You commit your retreat token." or "You commit 3 influence cubes
    and Movement (3 AP)."."""
    if c["retreat"]:
        return say("You commit your retreat token.")
    cubes = cubes_say(c["cubes"])
    tokens = [token_say(t) for t in c["tokens"]]
    if not tokens:
        return say("You commit {cubes}.", cubes=cubes)
    return say("You commit {cubes_and_tokens} and {last}.", cubes_and_tokens=[cubes, *tokens[:-1]],
               last=tokens[-1])


def describe_commit(s: State, k: int, c: dict[str, Any]) -> Say:
    if c["retreat"]:
        return say("{player}: retreat token", player=who(s, k))
    bits = [say_n("{count} cube", "{count} cubes", c["cubes"])] + [token_say(t) for t in c["tokens"]]
    return say("{player}: {commitment}", player=who(s, k), commitment=bits)


def resolve_player_conflict(s: State, events: list[Event]) -> None:
    c = s["conflict"]
    i = s["active"]
    j = c["defender"]
    area = c["area"]
    ci, cj = c["commitments"][str(i)], c["commitments"][str(j)]
    s["turn"]["fought"].append([area, j])
    for _k, ck in ((i, ci), (j, cj)):
        for tid in ck["tokens"]:
            if tid in SV and tid not in s["special_victory_shown"]:
                s["special_victory_shown"].append(tid)
    emit(events, "commitments", say("Revealed: {first}; {second}.", first=describe_commit(s, i, ci),
                                    second=describe_commit(s, j, cj)), boundary=True)
    s["stage"] = "turn"
    s["conflict"] = None
    if ci["retreat"] and cj["retreat"]:
        emit(events, "conflict_result", say("Both retreat: nobody wins."))
        queue_retreats(s, i, area, i, [j], leave_for=j)
        queue_retreats(s, j, area, j, [i])
        return
    if ci["retreat"] or cj["retreat"]:
        r, w, cw = (i, j, cj) if ci["retreat"] else (j, i, ci)
        pw = s["players"][w]
        pr = s["players"][r]
        pw["influence"] -= cw["cubes"]
        pr["influence"] += cw["cubes"]
        for tid in cw["tokens"]:
            if tid in pw["tokens"]:
                pw["tokens"].remove(tid)
                pr["tokens"] = sorted(pr["tokens"] + [tid])
            else:
                pw["special_victory_tokens"].remove(tid)
                pr["special_victory_tokens"] = sorted(pr["special_victory_tokens"] + [tid])
        emit(events, "conflict_result", say("{player} retreats and takes {winner}'s bid; {winner} wins.",
                                            player=who(s, r), winner=who(s, w)))
        queue_retreats(s, r, area, r, [w])
        offer_reputation(s, w)
        return
    ti, wi = able(s, area)
    si = strength(s, i, count_of(ti, wi), ci)
    sj = strength(s, j, count_of(s["areas"][area]["traders"][j], s["players"][j]["wholesaler"] == area), cj)
    w, lo = (i, j) if si > sj else (j, i)
    for k, ck in ((i, ci), (j, cj)):
        s["players"][k]["influence"] -= ck["cubes"]
        s["pool"] += ck["cubes"]
        for tid in ck["tokens"]:
            discard_token(s, k, tid)
    both = {"player": who(s, i), "strength": si, "other": who(s, j), "other_strength": sj,
            "winner": who(s, w), "loser": who(s, lo)}
    safe = "sv_safe_conduct" in c_of(ci, cj, lo, i)["tokens"]
    if safe:
        emit(events, "conflict_result", say("Strength {player} {strength}, {other} {other_strength}: "
                                            "{winner} wins; {loser}'s safe conduct saves every trader.",
                                            **both))
        queue_retreats(s, lo, area, lo, [w])
    else:
        kind = remove_piece(s, lo, area, events)
        emit(events, "conflict_result", say("Strength {player} {strength}, {other} {other_strength}: "
                                            "{winner} wins; {loser} loses a wholesaler.", **both)
             if kind == "wholesaler" else
             say("Strength {player} {strength}, {other} {other_strength}: {winner} wins; "
                 "{loser} loses a trader.", **both))
        queue_retreats(s, lo, area, w, [w])
    offer_reputation(s, w)


def c_of(ci: dict[str, Any], cj: dict[str, Any], who: int, i: int) -> dict[str, Any]:
    return ci if who == i else cj


def offer_reputation(s: State, w: int) -> None:
    p = s["players"][w]
    if p["influence"] >= 2 and p["reputation"] < REP_MAX:
        s["pending"].append({"kind": "reputation_buy", "chooser": w})


def start_neutral_conflict(s: State, area: str, events: list[Event]) -> None:
    end_action_step(s)
    i = s["active"]
    traders, wh = able(s, area)
    count = count_of(traders, wh)
    n = s["areas"][area]["neutrals"]
    s["stage"] = "draw"
    s["conflict"] = {"kind": "neutral", "area": area, "drawn": [], "redraws": count - n}
    s["turn"]["neutrals_fought"].append(area)
    redraws = say_n("{count} redraw", "{count} redraws", count - n)
    emit(events, "conflict", say_n("{player} fights the {count} neutral in {area} (count {strength}, {redraws}).",
                                   "{player} fights the {count} neutrals in {area} (count {strength}, {redraws}).",
                                   n, player=who(s, i), area=area_say(area), strength=count, redraws=redraws))
    draw_conflict(s, events)


def conflict_text(cid: str) -> str:
    t = CONFLICT[cid]
    return "no loss" if t["loss"] == "none" else f"{t['loss']} {t['amount']}"




def draw_conflict(s: State, events: list[Event]) -> None:
    c = s["conflict"]
    left = [cid for cid in CONFLICT_IDS if cid not in c["drawn"]]
    cid = left[randbelow(s, len(left))]
    c["drawn"].append(cid)
    emit(events, "conflict_token", say("{player} draws a conflict token: {token}.", player=who(s, s["active"]),
                                       token=conflict_say(cid)), token=cid)


def keep_conflict(s: State, events: list[Event]) -> None:
    c = s["conflict"]
    i = s["active"]
    p = s["players"][i]
    area = c["area"]
    cid = c["drawn"][-1]
    tok = CONFLICT[cid]
    amount = int(tok["amount"])
    if tok["loss"] == "reputation":
        p["reputation"] = clamp_rep(p["reputation"] - amount)
        emit(events, "loss", say("{player} keeps it: reputation down to {reputation}.", player=who(s, i),
                                 reputation=p["reputation"]))
    elif tok["loss"] == "influence":
        paid = min(amount, p["influence"])
        p["influence"] -= paid
        s["pool"] += paid
        emit(events, "loss", say_n("{player} keeps it: {count} influence cube to the pool.",
                                   "{player} keeps it: {count} influence cubes to the pool.", paid,
                                   player=who(s, i)))
    elif tok["loss"] == "traders":
        lost = 0
        for _ in range(amount):
            if pieces(s, i, area) == 0:
                break
            remove_piece(s, i, area, events)
            lost += 1
        emit(events, "loss", say_n("{player} keeps it and loses {count} piece in {area}.",
                                   "{player} keeps it and loses {count} pieces in {area}.", lost,
                                   player=who(s, i), area=area_say(area)))
    else:
        emit(events, "loss", say("{player} keeps it: no loss.", player=who(s, i)))
    s["stage"] = "turn"
    s["conflict"] = None
    if pieces(s, i, area) == 0:
        emit(events, "conflict_result", say("{player} has no piece left there and loses; the neutrals stay.",
                                            player=who(s, i)))
        return
    s["areas"][area]["neutrals"] -= 1
    s["neutral_supply"] += 1
    emit(events, "conflict_result", say("{player} wins: one neutral leaves {area}.", player=who(s, i),
                                        area=area_say(area)))
    for _ in range(s["areas"][area]["neutrals"]):
        s["pending"].append({"kind": "neutral_retreat", "chooser": i, "from": area, "avoid": [i]})


def refuse_conflict(s: State, events: list[Event]) -> None:
    i = s["active"]
    p = s["players"][i]
    p["reputation"] = clamp_rep(p["reputation"] - 1)
    emit(events, "conflict_result", say("{player} refuses the token and loses the conflict: reputation down "
                                        "to {reputation}; every piece stays.", player=who(s, i),
                                        reputation=p["reputation"]))
    s["stage"] = "turn"
    s["conflict"] = None


_ = (controls, STATIONS)
