"""What the state hides, and from whom (notes: hidden information): the German deck's order and its
cards not yet seen, the events still to come and the seed are hidden from everyone; every other key
of the state is public, and the computer's view (`computer_view`, built by
games.base.with_public_state) carries it whole (`public_state`), so that a computer can rebuild a
full state from its view alone (games/westerplatte/sample.py)."""
from __future__ import annotations

from typing import Any

from games.westerplatte.state import State, clone

HIDDEN = ("rng", "deck", "event_deck")
# Every other key; "dropped" exists once a player has left. A new key must be put in one list or the
# other (tests/games/westerplatte/test_sample.py checks it).
PUBLIC = ("game", "seats", "dropped", "difficulty", "side", "track", "mine_on_occupied_path",
          "low_morale_stays_at_bottom", "officers", "walls", "tiles", "stock", "beside", "boxed",
          "reserve", "supply", "morale", "troops", "mines", "under", "piles", "day", "events_seen",
          "burnt", "turn", "last_card", "tasks", "pending", "outcome")


def public_state(s: State) -> dict[str, Any]:
    """The public keys of the state, copied (the deck's known bottom is `under`)."""
    return clone({k: s[k] for k in PUBLIC if k in s})
