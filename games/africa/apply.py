"""Applying one action: checking it against the legal list, its handler, then the engine's own
forced steps (a choice that cannot change the outcome is never asked)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.africa import flow
from games.africa.board import (
    COSTS,
    SPECIALS,
    TOKENS,
    area_say,
    marker_say,
    special_say,
    sv_say,
    token_say,
)
from games.africa.explain import explain
from games.africa.legal import legal_actions, pending_actions, retreat_choices, to_act
from games.africa.state import (
    Event,
    State,
    clamp_rep,
    clone,
    idx,
    new_trader_cost,
    others_in,
    who,
)
from games.base import IllegalAction, canonical, say
from games.rng import randbelow

Action = dict[str, Any]
Handler = Callable[[State, int, Action, list[Event]], None]


def apply(s: State, seat: str, action: Action) -> tuple[State, list[Event]]:
    legal = legal_actions(s, seat) if isinstance(seat, str) and seat in s["seats"] else []
    kind = action.get("type") if isinstance(action, dict) else None
    same = [a for a in legal if a["type"] == kind] if isinstance(kind, str) else []
    if not isinstance(action, dict) or not any(a == action and canonical(a) == canonical(action) for a in same):
        raise IllegalAction(explain(s, seat, action, legal))  # == alone would take True for 1
    s = clone(s)
    events: list[Event] = []
    apply_unchecked(s, idx(s, seat), action, events)
    advance(s, events)
    return s, events


def apply_unchecked(s: State, j: int, action: Action, events: list[Event]) -> None:
    HANDLERS[action["type"]](s, j, action, events)


# ---- forced steps ------------------------------------------------------------------------------

def advance(s: State, events: list[Event]) -> None:
    for _ in range(10000):
        if s["outcome"] is not None:
            return
        if s["pending"]:
            p = s["pending"][0]
            if p["kind"] in ("retreat", "neutral_retreat"):
                if p["kind"] == "retreat" and s["players"][p["owner"]]["dropped"]:
                    s["pending"].pop(0)
                    continue
                choices = retreat_choices(s, p)
                if len(choices) <= 1:
                    s["pending"].pop(0)
                    do_retreat(s, p, choices[0] if choices else None, events)
                    continue
            if p["kind"] == "start_area" and s["players"][p["chooser"]]["dropped"]:
                s["pending"].pop(0)
                continue
            if p["kind"] == "reputation_buy" and s["players"][p["chooser"]]["dropped"]:
                s["pending"].pop(0)
                continue
            if p["kind"] == "start_area" and len(pending_actions(s)) == 1:
                s["pending"].pop(0)
                flow.place_start(s, p["chooser"], pending_actions_of_start(s), events)
                after_pending(s, events)
                continue
            return
        if s["stage"] == "setup":
            flow.after_start_areas(s, events)
            continue
        if s["stage"] == "auction":
            if not s["sealed"]:
                flow.skip_dropped_bidders(s)
            if flow.auction_done(s):
                flow.resolve_auction(s, events)
                continue
        if s["stage"] == "turn" and s["turn"]["step"] == "neutral":
            legal = legal_actions(s, s["seats"][s["active"]])
            if not legal:
                s["turn"]["step"] = "actions"
                emit_no_neutral(s, events)
                continue
        if s["stage"] == "turn" and s["turn"]["mode"] is not None:
            mode = s["turn"]["mode"]
            if mode["left"] <= 0 or len(legal_actions(s, s["seats"][s["active"]])) == 1:
                s["turn"]["mode"] = None
                continue
        if forced_sealed_bid(s, events):
            continue
        waiting = to_act(s)
        if len(waiting) == 1:
            legal = legal_actions(s, waiting[0])
            if len(legal) == 1:
                apply_unchecked(s, idx(s, waiting[0]), legal[0], events)
                continue
        return
    raise AssertionError("the engine's forced steps do not end")


def forced_sealed_bid(s: State, events: list[Event]) -> bool:
    """A sealed bidder with one possible bid bids it at once: his influence and VP are public, so
    nobody learns a secret, and nobody waits on him (RULINGS General)."""
    if s["stage"] != "auction" or not s["sealed"] or s["pending"]:
        return False
    for seat in to_act(s):
        legal = legal_actions(s, seat)
        if len(legal) == 1:
            j = idx(s, seat)
            s["auction"]["bids"][str(j)] = legal[0]["amount"]
            flow.emit(events, "bid_sealed", say("{player} can bid only {amount} and has bid it.",
                                                player=who(s, j), amount=legal[0]["amount"]))
            return True
    return False


def pending_actions_of_start(s: State) -> str:
    return str(pending_actions(s)[0]["area"])


def emit_no_neutral(s: State, events: list[Event]) -> None:
    flow.emit(events, "neutral", say("No neutral trader can be placed."))


def after_pending(s: State, events: list[Event]) -> None:
    """Nothing to do: advance() moves on when the queue is empty."""


def do_retreat(s: State, p: dict[str, Any], to: str | None, events: list[Event]) -> None:
    area = p["from"]
    if p["kind"] == "neutral_retreat":
        if s["areas"][area]["neutrals"] <= 0:
            return
        s["areas"][area]["neutrals"] -= 1
        if to is None:
            s["neutral_supply"] += 1
            flow.emit(events, "retreat", say("A neutral in {area} cannot retreat and leaves the map.",
                                             area=area_say(area)))
        else:
            s["areas"][to]["neutrals"] += 1
            flow.emit(events, "retreat", say("A neutral retreats from {area} to {to}.", area=area_say(area),
                                             to=area_say(to)))
        return
    owner = p["owner"]
    kind = p["piece"]
    if kind == "wholesaler" and s["players"][owner]["wholesaler"] != area:
        return
    if kind == "trader" and s["areas"][area]["traders"][owner] <= 0:
        return
    if to is None:
        flow.remove_piece(s, owner, area, events)
        flow.emit(events, "retreat", say("{player}'s wholesaler in {area} cannot retreat and goes back to "
                                         "the supply.", player=who(s, owner), area=area_say(area))
                  if kind == "wholesaler" else
                  say("{player}'s trader in {area} cannot retreat and goes back to the supply.",
                      player=who(s, owner), area=area_say(area)))
        return
    flow.move_piece(s, owner, kind, area, to, True, retreat=True)
    flow.emit(events, "retreat", say("{player}'s wholesaler retreats from {area} to {to}.",
                                     player=who(s, owner), area=area_say(area), to=area_say(to))
              if kind == "wholesaler" else
              say("{player}'s trader retreats from {area} to {to}.", player=who(s, owner), area=area_say(area),
                  to=area_say(to)))


# ---- handlers ----------------------------------------------------------------------------------

def h_start_area(s: State, j: int, a: Action, ev: list[Event]) -> None:
    s["pending"].pop(0)
    flow.place_start(s, j, a["area"], ev)


def h_bid(s: State, j: int, a: Action, ev: list[Event]) -> None:
    auc = s["auction"]
    auc["bids"][str(j)] = a["amount"]
    if s["sealed"]:
        flow.emit(ev, "bid_sealed", say("{player} has bid.", player=who(s, j)))
        flow.emit(ev, "bid_sealed", say("Your sealed bid: {amount}.", amount=a["amount"]), s["seats"][j])
    else:
        auc["next"] += 1
        flow.emit(ev, "bid", say("{player} bids {amount}.", player=who(s, j), amount=a["amount"]))


def h_pass(s: State, j: int, a: Action, ev: list[Event]) -> None:
    auc = s["auction"]
    auc["bids"][str(j)] = None
    auc["next"] += 1
    flow.emit(ev, "bid", say("{player} passes.", player=who(s, j)))


def h_place_neutral(s: State, j: int, a: Action, ev: list[Event]) -> None:
    s["areas"][a["area"]]["neutrals"] += 1
    s["neutral_supply"] -= 1
    s["turn"]["step"] = "actions"
    flow.emit(ev, "neutral", say("{player} places a neutral trader in {area}.", player=who(s, j),
                                 area=area_say(a["area"])))


def h_move(s: State, j: int, a: Action, ev: list[Event]) -> None:
    t = s["turn"]
    mode = t["mode"]
    outside = t["step"] == "conflicts"
    if mode is None:
        flow.pay(s, COSTS["move_per_area_entered"])
    else:
        mode["left"] -= 1
    src, dst, kind = a["from"], a["to"], a["piece"]
    flow.move_piece(s, j, kind, src, dst, outside, retreat=False)
    stops = s["areas"][dst]["neutrals"] > 0 or bool(others_in(s, j, dst))
    if stops:
        holder = mode if outside else t
        if kind == "wholesaler":
            holder["wholesaler_stopped"] = True
        else:
            holder["stopped"][dst] = holder["stopped"].get(dst, 0) + 1
    where = {"player": who(s, j), "area": area_say(src), "to": area_say(dst)}
    flow.emit(ev, "move", {
        ("wholesaler", True): say("{player} moves a wholesaler from {area} to {to} and stops.", **where),
        ("wholesaler", False): say("{player} moves a wholesaler from {area} to {to}.", **where),
        ("trader", True): say("{player} moves a trader from {area} to {to} and stops.", **where),
        ("trader", False): say("{player} moves a trader from {area} to {to}.", **where),
    }[kind, stops])


def h_recruit(s: State, j: int, a: Action, ev: list[Event]) -> None:
    t = s["turn"]
    area = a["area"]
    cost = new_trader_cost(s, j, area)
    assert cost is not None
    if t["mode"] is None:
        flow.pay(s, cost)
    else:
        t["mode"]["left"] -= 1
    s["areas"][area]["traders"][j] += 1
    s["players"][j]["supply"] -= 1
    flow.emit(ev, "recruit", say("{player} brings a new trader into {area} for {cost} AP.", player=who(s, j),
                                 area=area_say(area), cost=cost) if t["mode"] is None else
              say("{player} brings a new trader into {area}.", player=who(s, j), area=area_say(area)))


def h_change_resource(s: State, j: int, a: Action, ev: list[Event]) -> None:
    flow.pay(s, COSTS["resource_change_per_row"])
    m = a["marker"]
    s["table"][m] += a["step"]
    s["turn"]["changed"] = m
    flow.emit(ev, "resource", say("{player} moves the {marker} up to {row}.", player=who(s, j),
                                  marker=marker_say(m), row=s["table"][m]) if a["step"] > 0 else
              say("{player} moves the {marker} down to {row}.", player=who(s, j), marker=marker_say(m),
                  row=s["table"][m]))


def h_use(s: State, j: int, a: Action, ev: list[Event]) -> None:
    tid = a["token"]
    sp = TOKENS[tid]["special"]
    p = s["players"][j]
    t = s["turn"]
    flow.discard_token(s, j, tid)
    label = special_say(sp)
    player = who(s, j)
    if sp == "trading_station":
        s["areas"][a["area"]]["station"] = True
        s["station_supply"] -= 1
        flow.emit(ev, "special", say("{player} plays {special}: a trading station in {area}.", player=player,
                                     special=label, area=area_say(a["area"])))
    elif sp == "wholesaler":
        p["wholesaler"] = a["area"]
        t["wholesaler_stopped"] = False
        t["wholesaler_unable"] = False
        flow.emit(ev, "special", say("{player} plays {special}: the wholesaler enters {area}.", player=player,
                                     special=label, area=area_say(a["area"])))
    elif sp in ("extra_move", "extra_traders", "neutral_move"):
        left = {"extra_move": "movement_points", "extra_traders": "traders",
                "neutral_move": "neutral_steps"}[sp]
        t["mode"] = {"kind": sp, "left": int(SPECIALS[sp][left]), "stopped": {},
                     "wholesaler_stopped": False, "token": tid}
        flow.emit(ev, "special", say("{player} plays {special}.", player=player, special=label))
    elif sp == "neutral_place":
        s["areas"][a["area"]]["neutrals"] += 1
        s["neutral_supply"] -= 1
        flow.emit(ev, "special", say("{player} plays {special}: a neutral into {area}.", player=player,
                                     special=label, area=area_say(a["area"])))
    elif sp == "neutral_remove":
        s["areas"][a["area"]]["neutrals"] -= 1
        s["neutral_supply"] += 1
        flow.emit(ev, "special", say("{player} plays {special}: a neutral leaves {area}.", player=player,
                                     special=label, area=area_say(a["area"])))
    elif sp == "reputation_up":
        p["reputation"] = clamp_rep(p["reputation"] + 1)
        flow.emit(ev, "special", say("{player} plays {special}: reputation {reputation}.", player=player,
                                     special=label, reputation=p["reputation"]))
    elif sp == "reputation_down":
        k = [q["colour"] for q in s["players"]].index(a["against"])
        s["players"][k]["reputation"] = clamp_rep(s["players"][k]["reputation"] - 1)
        flow.emit(ev, "special", say("{player} plays {special}: {other}'s reputation {reputation}.",
                                     player=player, special=label, other=who(s, k),
                                     reputation=s["players"][k]["reputation"]))
    elif sp in ("resource_up", "resource_down"):
        m = a["marker"]
        s["table"][m] += 1 if sp == "resource_up" else -1
        flow.emit(ev, "special", say("{player} plays {special}: the {marker} to {row}.", player=player,
                                     special=label, marker=marker_say(m), row=s["table"][m]))
    elif sp == "special_victory_token":
        drawn = s["box"].pop(randbelow(s, len(s["box"])))
        p["special_victory_tokens"] = sorted(p["special_victory_tokens"] + [drawn])
        flow.emit(ev, "special", say("{player} plays {special} and draws a special victory token.",
                                     player=player, special=label))
        flow.emit(ev, "special_victory", say("You draw {token}.", token=sv_say(drawn)), s["seats"][j])


def h_finish(s: State, j: int, a: Action, ev: list[Event]) -> None:
    s["turn"]["mode"] = None


def h_move_neutral(s: State, j: int, a: Action, ev: list[Event]) -> None:
    s["areas"][a["from"]]["neutrals"] -= 1
    s["areas"][a["to"]]["neutrals"] += 1
    s["turn"]["mode"]["left"] -= 1
    flow.emit(ev, "neutral", say("{player} moves a neutral from {area} to {to}.", player=who(s, j),
                                 area=area_say(a["from"]), to=area_say(a["to"])))


def h_fight(s: State, j: int, a: Action, ev: list[Event]) -> None:
    k = [q["colour"] for q in s["players"]].index(a["against"])
    flow.start_player_conflict(s, a["area"], k, ev)


def h_fight_neutrals(s: State, j: int, a: Action, ev: list[Event]) -> None:
    flow.start_neutral_conflict(s, a["area"], ev)


def h_commit(s: State, j: int, a: Action, ev: list[Event]) -> None:
    c = s["conflict"]["commitments"][str(j)]
    c["cubes"] = a["cubes"]
    c["done"] = True
    flow.emit(ev, "committed", say("{player} has committed.", player=who(s, j)))
    flow.emit(ev, "committed", flow.commit_words(c), s["seats"][j])
    if all(x["done"] for x in s["conflict"]["commitments"].values()):
        flow.resolve_player_conflict(s, ev)


def h_add_token(s: State, j: int, a: Action, ev: list[Event]) -> None:
    c = s["conflict"]["commitments"][str(j)]
    c["tokens"] = sorted(c["tokens"] + [a["token"]])
    flow.emit(ev, "commit_token", say("You add {token} to your commitment.", token=token_say(a["token"])),
              s["seats"][j])


def h_retreat_token(s: State, j: int, a: Action, ev: list[Event]) -> None:
    c = s["conflict"]["commitments"][str(j)]
    c.update(retreat=True, cubes=0, tokens=[])
    h_commit(s, j, {"cubes": 0}, ev)


def h_keep(s: State, j: int, a: Action, ev: list[Event]) -> None:
    flow.keep_conflict(s, ev)


def h_refuse(s: State, j: int, a: Action, ev: list[Event]) -> None:
    flow.refuse_conflict(s, ev)


def h_redraw(s: State, j: int, a: Action, ev: list[Event]) -> None:
    s["conflict"]["redraws"] -= 1
    flow.emit(ev, "conflict_token", say("{player} discards it and draws again.", player=who(s, j)))
    flow.draw_conflict(s, ev)


def h_retreat(s: State, j: int, a: Action, ev: list[Event]) -> None:
    p = s["pending"].pop(0)
    do_retreat(s, p, a["to"], ev)


def h_buy_reputation(s: State, j: int, a: Action, ev: list[Event]) -> None:
    s["pending"].pop(0)
    p = s["players"][j]
    p["influence"] -= 2
    s["pool"] += 2
    p["reputation"] = clamp_rep(p["reputation"] + 1)
    flow.emit(ev, "reputation", say("{player} pays 2 influence: reputation {reputation}.", player=who(s, j),
                                    reputation=p["reputation"]))


def h_decline(s: State, j: int, a: Action, ev: list[Event]) -> None:
    s["pending"].pop(0)


def h_score(s: State, j: int, a: Action, ev: list[Event]) -> None:
    flow.end_action_step(s)
    flow.score_turn(s, a, ev)


HANDLERS: dict[str, Handler] = {
    "start_area": h_start_area, "bid": h_bid, "pass": h_pass, "place_neutral": h_place_neutral,
    "move": h_move, "recruit": h_recruit, "change_resource": h_change_resource, "use": h_use,
    "finish": h_finish, "move_neutral": h_move_neutral, "fight": h_fight,
    "fight_neutrals": h_fight_neutrals, "commit": h_commit, "add_token": h_add_token,
    "retreat_token": h_retreat_token, "keep": h_keep, "refuse": h_refuse, "redraw": h_redraw,
    "retreat": h_retreat, "buy_reputation": h_buy_reputation, "decline": h_decline,
    "score": h_score,
}
