"""Heart of Africa's pending choices read in words on the table, in the panel and on the board:
a neutral's retreat and the reputation bought after a won conflict (kinds neutral_retreat and
reputation_buy), over every state of the seeded game of tests/games/africa/data/old_shape.json."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cogs.africa.ui import AfricaUI
from games.africa import GAME
from renderers.africa.board import asked
from tests.games.africa.helpers import forced_already

GAME_DATA = Path(__file__).resolve().parents[1] / "games/africa/data/old_shape.json"
EXPECTED = {  # kind -> (waiting line, panel intro, board)
    "neutral_retreat": ("retreats a neutral trader", "Retreat a neutral trader", "retreats a neutral"),
    "reputation_buy": ("may pay 2 influence for +1 reputation", "Pay 2 of your", "may buy reputation"),
}


def pending_states() -> dict[str, Any]:
    """The first state of the game waiting on each kind of EXPECTED."""
    data = json.loads(GAME_DATA.read_text(encoding="utf-8"))
    s = GAME.setup(data["seats"], data["options"], data["seed"])
    found: dict[str, Any] = {}
    for seat, action in data["actions"]:
        if forced_already(s, seat, action):
            continue
        s, _ = GAME.apply(s, seat, action)
        kind = (GAME.view(s, None)["pending"] or {}).get("kind")
        if kind in EXPECTED and kind not in found:
            found[kind] = s
    return found


def test_pending_choices_read_in_words() -> None:
    ui = AfricaUI()
    found = pending_states()
    assert set(found) == set(EXPECTED)
    for kind, (table, panel, board) in EXPECTED.items():
        s = found[kind]
        public = GAME.view(s, None)
        chooser = GAME.to_act(s)[0]
        assert table in ui.waiting_line(public, lambda seat: f"@{seat}")
        assert panel in ui.panel_intro(GAME.view(s, chooser))
        assert board in asked(public)
