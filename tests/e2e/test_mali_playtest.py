"""The Mali findings of the play-test: texts built from views (MaliUI), checked without Discord."""
from __future__ import annotations

import re
from typing import Any

from bot import gate
from cogs.mali.ui import MaliUI
from games.mali import BOARD, GAME
from renderers.mali import samples

UI = MaliUI()
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a node id such as plac_wilsona: never in a player's text


def mention(seat: str) -> str:
    return f"@{seat}"


def test_no_round_zero_or_internal_words_during_the_draft() -> None:
    line = UI.status_line(samples.extended_draft())
    assert "round 0" not in line.lower() and "objectives" in line
    for name in samples.PUBLIC:
        text = UI.status_line(samples.PUBLIC[name]())
        assert "small" not in text and "token" not in text and "deck " not in text, (name, text)
        assert not RAW_ID.search(text), (name, text)


def test_danger_is_said_in_words() -> None:
    basic = UI.status_line(samples.basic_midgame())
    assert "German units 3/4: one more and everybody loses" in basic
    extended = UI.status_line(samples.extended_cards())
    assert "fallen 1/3 (Mokotów)" in extended
    assert "it falls: Czerniaków, Ochota" in extended


def test_private_text_names_places_not_ids() -> None:
    for name, view in samples.private_samples().items():
        text = UI.private_text(view)
        assert not RAW_ID.search(text), (name, text)
    text = UI.private_text(samples.private_samples()["extended_choosing"])
    o04 = BOARD.orders["O04"]
    assert f"O04 {BOARD.name(o04['from'])} → {BOARD.name(o04['to'])}" in text


def test_the_draft_dm_lists_the_six_objectives_once() -> None:
    view = samples.private_samples()["draft"]
    dm = UI.private_text(view) + "\n\n" + UI.panel_intro(view)
    for o in view["me"]["objective_hand"]:
        assert dm.count(f"{o['id']} (") == 1, o["id"]
        assert o["text"] in dm


def _game_events(seed: int = 3) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    s = GAME.setup(["a", "b"], {"variant": "basic", "jump_costs_one_point": False}, seed)
    s, ev1 = GAME.apply(s, "a", {"type": "choose_card", "value": 4})
    s, ev2 = GAME.apply(s, "b", {"type": "choose_card", "value": 5})
    return s, ev1 + ev2


def test_a_route_is_one_line_and_the_order_of_play_is_said() -> None:
    s, events = _game_events()
    seat = GAME.to_act(s)[0]
    scout = next(a["scout"] for a in GAME.legal_actions(s, seat) if a["type"] == "step")
    start = s["scouts"][scout]["at"]
    for _ in range(3):
        step = next(a for a in GAME.legal_actions(s, seat) if a["type"] == "step" and a["scout"] == scout
                    and a["to"] != start)
        s, ev = GAME.apply(s, seat, step)
        events += ev
    s, ev = GAME.apply(s, seat, {"type": "end_turn"})
    events += ev
    public = [e for e in events if not e.get("private_to")]
    lines = UI.narrate(GAME.view(s, None), public)
    order = [ln for ln in lines if ln.startswith("Movement cards: ") and "Order of play: 1. " in ln]
    assert len(order) == 1 and "2. " in order[0]
    colour = next(p["colour"] for p in GAME.view(s, None)["players"] if p["seat"] == seat).capitalize()
    route = [ln for ln in lines if f"{scout} {BOARD.name(start)} →" in ln]
    assert len(route) == 1 and route[0].startswith(f"{colour} (card 4): ") and "3 steps" in route[0]
    assert len([e for e in public if e["type"] == "moved"]) == 3
    assert not any("movement ends" in ln for ln in lines)
    assert len(lines) <= 6, lines


def test_the_end_is_told_once_and_names_every_objective() -> None:
    view = samples.ended_extended()
    events = [{"type": "game_over", "text": "The game is over. Winner: Green.", "reason": "victory"}]
    post = [*UI.narrate(view, events), UI.outcome_text(view, mention)]
    text = "\n".join(post)
    assert text.lower().count("game over") + text.count("game is over") == 1
    for b in view["outcome"]["breakdown"].values():
        for o in b["objectives"]:
            assert o["text"] in text
            assert str(b["total"]) in text


def test_a_lost_game_says_why_in_words() -> None:
    assert "third district has fallen" in UI.outcome_text(samples.lost_third_district(), mention)
    assert "fourth German unit" in UI.outcome_text(samples.lost_fourth_token(), mention)
    for name in ("lost_third_district", "lost_fourth_token", "ended_basic", "ended_extended"):
        assert "_" not in UI.outcome_text(samples.PUBLIC[name](), mention).replace("@p", "")


# ---- the objective draft through Discord ---------------------------------------------------------

async def _draft_game(tmp_path: Any, sim: Any) -> tuple[Any, int]:
    from tests.e2e.harness import sqlite, start_bot, two_player_game

    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot, "extended")
    return bot, gid


async def test_the_draft_is_one_select_of_six_readable_objectives(fake_discord: Any, tmp_path: Any) -> None:
    from games.mali.board import BOARD as B
    from tests.e2e.harness import settle

    sim = fake_discord
    bot, gid = await _draft_game(tmp_path, sim)
    record = await bot.service.get(gid)
    seat = record.seat_of(sim.alice.id)
    hand = record.game.view(record.state, seat)["me"]["objective_hand"]
    # The DM at the start lists each of the six once.
    dm = "\n".join(m.text for m in sim.dm_messages(sim.alice))
    for o in hand:
        assert dm.count(f"{o['id']} (") == 1, (o["id"], dm)
    via_panel = await sim.slash(sim.bob, sim.channel, "mali panel", options={"game": gid})
    await settle()
    assert via_panel.ephemeral and via_panel.message.component(None, prefix=f"tr:mo:{gid}:")
    shown = await sim.slash(sim.alice, sim.channel, "mali objectives", options={"game": gid})
    await settle()
    assert shown.ephemeral and not shown.errors
    select = shown.message.component(None, prefix=f"tr:mo:{gid}:")
    assert select.raw["min_values"] == 3 and select.raw["max_values"] == 3
    labels = [o["label"] for o in select.raw["options"]]
    assert len(labels) == 6 and len(set(labels)) == 6
    assert labels == [f"{o['id']} · {o['text']}" for o in hand]  # every objective readable in full
    assert [o["description"] for o in select.raw["options"]] == [f"{o['colour']} card · {o['points']} points"
                                                               for o in hand]
    # An illegal pick (two of one colour) gets the engine's friendly refusal; nothing changes.
    by_colour: dict[str, list[str]] = {}
    for o in hand:
        by_colour.setdefault(o["colour"], []).append(o["id"])
    twin = next(ids for ids in by_colour.values() if len(ids) >= 2)
    other = next(ids[0] for c, ids in by_colour.items() if ids[0] not in twin)
    bad = await sim.select(sim.alice, shown, None, [twin[0], twin[1], other], prefix=f"tr:mo:{gid}:")
    await settle()
    refusal = "\n".join(m.text for m in bad.messages) if hasattr(bad, "messages") else ""
    assert "must be of 3 different colours" in refusal, refusal
    assert (await bot.service.get(gid)).version == record.version
    # A legal pick is played.
    good = [ids[0] for ids in list(by_colour.values())[:3]]
    ok = await sim.select(sim.alice, shown, None, good, prefix=f"tr:mo:{gid}:")
    await settle()
    after = await bot.service.get(gid)
    kept = {o["id"] for o in after.game.view(after.state, seat)["me"]["objectives"]}
    assert kept == set(good)
    said = "\n".join(m.text for m in ok.messages)
    assert B.objectives[good[0]]["text"] in said, said


async def test_the_draft_select_is_not_also_answered_as_an_unknown_button(fake_discord: Any, tmp_path: Any) -> None:
    from tests.e2e.harness import settle

    sim = fake_discord
    bot, gid = await _draft_game(tmp_path, sim)
    record = await bot.service.get(gid)
    hand = record.game.view(record.state, record.seat_of(sim.alice.id))["me"]["objective_hand"]
    by_colour: dict[str, str] = {}
    for o in hand:
        by_colour.setdefault(o["colour"], o["id"])
    shown = await sim.slash(sim.alice, sim.channel, "mali objectives", options={"game": gid})
    await settle()
    ok = await sim.select(sim.alice, shown, None, list(by_colour.values())[:3], prefix=f"tr:mo:{gid}:")
    await settle()
    said = "\n".join(m.text for m in ok.messages)
    assert "out of date" not in said, said


# ---- /mali move by typed name ------------------------------------------------------------------------

def test_far_named_targets_come_before_plain_spaces() -> None:
    from cogs.mali import ranked_targets
    from games.mali import reachable

    s = GAME.setup(["a", "b"], {"variant": "basic", "jump_costs_one_point": False}, 1)
    s, _ = GAME.apply(s, GAME.to_act(s)[0], {"type": "choose_card", "value": 5})
    s, _ = GAME.apply(s, GAME.to_act(s)[0], {"type": "choose_card", "value": 5})
    seat = GAME.to_act(s)[0]
    scouts = {a["scout"] for a in GAME.legal_actions(s, seat) if a["type"] == "step"}
    routes = max((reachable(s, seat, sc) for sc in sorted(scouts)), key=len)
    named = [n for n in routes if n in BOARD.locations]
    assert len(routes) > 25 and named
    assert set(ranked_targets(routes)[:len(named)]) == set(named)


def test_a_typed_destination_is_matched_by_name() -> None:
    from cogs.mali import find_target

    routes = {"plac_trzech_krzyzy": ["plac_trzech_krzyzy"], "elektrownia": ["x", "elektrownia"],
              "plac_wilsona--pawiak#1": ["plac_wilsona--pawiak#1"]}
    assert find_target(routes, "plac_trzech_krzyzy") == "plac_trzech_krzyzy"
    assert find_target(routes, "Plac Trzech Krzyży") == "plac_trzech_krzyzy"
    assert find_target(routes, "  plac trzech krzyzy ") == "plac_trzech_krzyzy"
    assert find_target(routes, "krzyzy") == "plac_trzech_krzyzy"
    assert find_target(routes, "elektrownia powisle") == "elektrownia"
    assert find_target(routes, "cytadela") is None


async def test_move_by_typed_name_through_discord(fake_discord: Any, tmp_path: Any) -> None:
    from tests.e2e.harness import settle, sqlite, start_bot, two_player_game

    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    gid = await two_player_game(sim, bot)
    await sim.slash(sim.alice, sim.channel, "mali card", options={"value": 2})
    await sim.slash(sim.bob, sim.channel, "mali card", options={"value": 5})
    await settle()
    offered = await sim.autocomplete(sim.alice, sim.channel, "mali move", {"scout": "Janek", "to": "krzyzy"},
                                     focused="to")
    assert [c["value"] for c in offered][:1] == ["plac_trzech_krzyzy"]
    await sim.slash(sim.alice, sim.channel, "mali move", options={"scout": "Janek", "to": "trzech krzyzy"})
    await settle()
    record = await bot.service.get(gid)
    janek = next(s for p in (gate.public(record) or {})["players"] for s in p["scouts"] if s["name"] == "Janek")
    assert janek["at"] == "plac_trzech_krzyzy" and janek["carrying"] == "O28"


def test_a_new_board_only_when_the_board_changed_for_a_player() -> None:
    import copy

    view = samples.basic_midgame()
    same = copy.deepcopy(view)
    same.update(round=7, phase="cards", die=None, movement_order=None, current=None, to_act=["p1", "p2"],
                start_player="p2", deck=7)
    for p in same["players"]:
        p.update(hand=[1, 2], played=[3, 4, 5], chosen=True, card=None)
    assert UI.board_signature(same) == UI.board_signature(view)
    moved = copy.deepcopy(view)
    moved["players"][0]["scouts"][0]["at"] = "cytadela"
    assert UI.board_signature(moved) != UI.board_signature(view)
    blocked = copy.deepcopy(view)
    blocked["blocked"] = blocked["blocked"][:-1]
    assert UI.board_signature(blocked) != UI.board_signature(view)


# ---- issue 22: what play-testing found ------------------------------------------------------------

def _walk_with_a_pick_up() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Red's Zosia walks from beside Plac Wilsona onto it, picks up O01 there and walks on."""
    from tests.games.mali.helpers import park, play_cards, position, set_track

    s = GAME.setup(["r", "g"], {"variant": "basic", "jump_costs_one_point": False}, 1)
    park(s)
    set_track(s, ["O01"])  # Plac Wilsona → Starówka
    position(s, Zosia="plac_wilsona--cytadela#1")
    s, events = play_cards(s, {"r": 3, "g": 5})
    while s["current"]["seat"] != "r":
        s, ev = GAME.apply(s, s["current"]["seat"], {"type": "end_turn"})
        events += ev
    for action in ({"type": "step", "scout": "Zosia", "to": "plac_wilsona"},
                   {"type": "pick_up", "scout": "Zosia", "order": "O01"},
                   {"type": "step", "scout": "Zosia", "to": "plac_wilsona--pawiak#1"},
                   {"type": "step", "scout": "Zosia", "to": "plac_wilsona--pawiak#2"}):
        s, ev = GAME.apply(s, "r", action)
        events += ev
    return s, events


def test_a_route_says_where_its_order_was_picked_up() -> None:
    s, events = _walk_with_a_pick_up()
    lines = UI.narrate(GAME.view(s, None), [e for e in events if not e.get("private_to")])
    route = [ln for ln in lines if "Zosia" in ln]
    assert len(route) == 1, lines
    start, to = BOARD.name("plac_wilsona--cytadela#1"), BOARD.name("plac_wilsona--pawiak#2")
    assert f"Zosia {start} → Plac Wilsona (picks up O01) → {to}, 3 steps" in route[0], route


def test_a_pick_up_before_any_step_says_where() -> None:
    view = GAME.view(GAME.setup(["r", "g"], {"variant": "basic", "jump_costs_one_point": False}, 1), None)
    events: list[dict[str, Any]] = [
              {"type": "turn", "what": "begins", "seat": "r", "card": 2, "text": "Red moves (card 2)."},
              {"type": "dropped", "seat": "r", "scout": "Zosia", "order": "O02", "at": "plac_wilsona",
               "text": "x"},
              {"type": "picked_up", "seat": "r", "scout": "Zosia", "order": "O01", "at": "plac_wilsona",
               "text": "x"},
              {"type": "turn", "what": "ends", "seat": "r", "text": "Red's movement ends."}]
    assert UI.narrate(view, events) == ["Red (card 2): Zosia drops O02, picks up O01 at Plac Wilsona."]


def test_the_deck_names_the_victory_card_apart() -> None:
    view = samples.extended_cards()
    view.update(deck=43, victory_in_deck=True)
    assert "42 order cards and the Victory card left to draw" in UI.status_line(view)
    view.update(deck=1)
    assert "0 order cards and the Victory card left to draw" in UI.status_line(view)
    view.update(deck=5, victory_in_deck=False)
    assert "5 order cards left to draw" in UI.status_line(view)


def test_a_lost_game_ranks_nobody_and_counts_nothing() -> None:
    from renderers.mali import score_label
    from renderers.mali.pieces import player_rgb
    from renderers.mali.summary import render_summary

    for view in (samples.lost_fourth_token(), samples.lost_third_district()):
        text = UI.outcome_text(view, mention)
        assert "everybody loses" in text and "**" not in text.replace("**Game over.**", ""), text
        assert {score_label(view, p) for p in view["players"]} == {"–"}
        now = render_summary(view)
        # A game lost before this fix kept totals in its outcome: the image ignores them.
        old = dict(view, outcome=dict(view["outcome"], breakdown={
            p["seat"]: {"orders": 9 * k, "return_bonus": 7, "objectives": [], "total": 9 * k + 7, "delivered": k}
            for k, p in enumerate(view["players"])}))
        before = render_summary(old)
        assert now.size == before.size
        first_stripe = now.getpixel((40, 112 + 120 + 30))
        assert first_stripe == player_rgb(view["players"][0])  # seat order, not by totals
        assert before.getpixel((40, 112 + 120 + 30)) == player_rgb(view["players"][0])


def test_the_private_image_never_says_round_0() -> None:
    from renderers.mali.private import when

    draft = samples.private_samples()["draft"]
    assert draft["round"] == 0 and when(draft) == "before round 1"
    assert when(dict(draft, round=3)) == "round 3"


def test_the_final_post_does_not_pass_the_start_marker() -> None:
    from tests.games.mali.helpers import park, run_tasks, set_track

    s = GAME.setup(["r", "g"], {"variant": "basic", "jump_costs_one_point": False}, 1)
    park(s)
    s["deck"] = []
    set_track(s)
    s["order"] = [0, 1]
    events = run_tasks(s, "time_start", phase="time")
    view = GAME.view(s, None)
    post = "\n".join([*UI.narrate(view, events), UI.outcome_text(view, mention)])
    assert "start marker" not in post and "Game over" in post
