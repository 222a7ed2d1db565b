"""The Westerplatte presentation over every state of a few greedy games: every text builds from the
views alone, every choice the rules ask reads in words, panel groups cover long lists, and the
outcome says won or lost, the day and the walls."""
from __future__ import annotations

from typing import Any

import pytest

from cogs.westerplatte import away_from_tile, officer_ids, target_refusal, wall_id
from cogs.westerplatte.ui import WesterplatteUI, route_costs
from games import registry
from games.base import english, resolve_options
from games.simulate import choose, playout_rng

UI = WesterplatteUI()


def name(seat: str) -> str:
    return f"@{seat}"


def play(players: int, seed: int, difficulty: str = "medium") -> list[tuple[Any, str, list[dict[str, Any]]]]:
    """(state, seat to act, legal actions) at every step of one greedy game, and the final state."""
    game = registry.get("westerplatte")
    state = game.setup([f"s{i + 1}" for i in range(players)], resolve_options(game, {"difficulty": difficulty}), seed)
    rng = playout_rng(seed)
    out = []
    while game.outcome(state) is None:
        seat, action = choose(game, state, rng)
        out.append((state, seat, game.legal_actions(state, seat)))
        state, _ = game.apply(state, seat, action)
    out.append((state, "", []))
    return out


@pytest.mark.parametrize(("players", "seed", "won"), [(1, 7, True), (4, 7, False), (2, 3, False)])
def test_every_state_reads_in_words(players: int, seed: int, won: bool) -> None:
    game = registry.get("westerplatte")
    asked: set[str] = set()
    grouped = 0
    for state, seat, legal in play(players, seed):
        public = game.view(state, None)
        assert UI.status_line(public).startswith("day ")
        assert ("game over" in UI.status_line(public)) == (not seat)
        UI.board_signature(public)
        if not seat:
            text = UI.outcome_text(public, name)
            assert ("the team won" in text) == won and "Walls: outposts A" in text and len(text) < 300
            assert ("the team lost on day" in text) != won
            continue
        mine = game.view(state, seat)
        waiting = UI.waiting_line(public, name)
        assert waiting.startswith(f"@{seat} ")
        assert ("The team waits on them." in waiting) == (players > 1)
        intro = UI.panel_intro(mine)
        kind = (public["asked"] or {}).get("kind", "")
        asked.add(kind)
        assert intro.startswith("Your turn with" if kind == "officer_phase" else "Your choice for the team:")
        assert "a choice" not in intro
        assert "You run" in UI.private_text(mine)
        labels = [UI.action_label(mine, a, english(game.describe(state, seat, a))) for a in legal]
        assert all(labels)
        groups = UI.panel_groups(mine, legal)
        if groups is not None:
            assert len(groups) == len(legal)
            assert all(g == "" for a, g in zip(legal, groups, strict=True) if a["type"] == "end_turn")
            grouped += len({g for g in groups if g}) > 1
        if kind == "officer_phase":  # the route helper agrees with the engine's single steps
            turn = public["turn"]
            here = next(o["at"] for o in public["officers"] if o["id"] == turn["officer"])
            steps = {a["to"] for a in legal if a["type"] == "move"}
            assert {w for w, r in route_costs(public, here, turn["moves"]).items() if len(r) == 1} == steps
    assert "officer_phase" in asked and len(asked) >= 2
    assert grouped > 0


def test_opening_lines_name_every_player_and_the_germans() -> None:
    game = registry.get("westerplatte")
    state = game.setup(["s1", "s2", "s3"], resolve_options(game, {}), 7)
    lines = UI.opening_lines(game.view(state, None), name)
    assert "@s1 (Red officer); @s2 (Blue officer); @s3 (Green officer)" in lines[0]
    assert any(line.startswith("Germans on the paths:") for line in lines)


def test_inputs_in_players_words() -> None:
    assert wall_id("outpost C") == "outpost_c" and wall_id("c") == "outpost_c"
    assert wall_id("Guardhouse 3") == wall_id("3") == wall_id("guardhouse_3") == "guardhouse_3"
    assert wall_id("the moon") is None and wall_id("guardhouse 9") is None
    view = {"officers": [{"id": "o1", "colour": "red"}, {"id": "o2", "colour": "blue"}]}
    assert officer_ids("Red officer + blue", view) == ["o1", "o2"]
    assert officer_ids("o2", view) == ["o2"]


def test_away_from_tile_gives_the_way() -> None:
    game = registry.get("westerplatte")
    view = game.view(game.setup(["s1"], resolve_options(game, {}), 7), None)
    where = next(t["wall"] for t in view["tiles"] if t["tile"] == "ammunition")
    text = away_from_tile(view, "ammunition") or ""
    assert text.startswith("Your officer stands on outpost C, not on the Ammunition supply tile")
    assert where.replace("_", " ") in text


def test_targets_refused_in_words() -> None:
    game = registry.get("westerplatte")
    view = game.view(game.setup(["s1"], resolve_options(game, {}), 7), None)
    troops = {p["id"]: p["troop"] for p in view["paths"]}
    assert troops["a"]["space"] == 1 and troops["b"] is None and troops["c"]["resistance"] == 1

    def why(action: dict[str, Any]) -> str:
        return target_refusal(view, action) or ""

    assert why({"type": "mortar", "path": "b"}) == "There is no troop on path B to fire at."
    assert why({"type": "mortar", "path": "z"}).startswith("'z' is not a path")
    assert why({"type": "mine", "path": "a", "space": 2}).startswith("Path A holds a troop")
    assert why({"type": "mine", "path": "c", "space": 1}) == "A troop stands on path C, space I."
    assert why({"type": "rebuild", "wall": "outpost_a"}).startswith("Outpost A already has 6 bricks")
    assert why({"type": "push_back", "paths": ["a"]}).endswith("it cannot go further back.")
    assert why({"type": "attack", "officers": ["o1", "o2"]}).startswith("The troop has only 1 resistance left")
    assert why({"type": "attack", "officers": ["o9"]}).startswith("'o9' is not an officer")
