"""What the state hides, and from whom (notes: hidden information): the patrol deck's order and the
seed from everyone, the mole's peek (the top card) from all but the team; every other key of the
state is public, and the computer's view (`computer_view`, built by games.base.with_public_state)
carries it whole (`public_state`), so that a computer can rebuild a full state from its view alone
(games/maquis/sample.py)."""
from __future__ import annotations

from typing import Any

from games.maquis.state import State, clone

HIDDEN = ("rng", "deck", "peek")
# Every other key. A new key must be put in one list or the other (tests/games/maquis/test_sample.py
# checks it).
PUBLIC = ("seats", "active", "options", "discard", "morale", "soldiers", "day", "lap", "days_played",
          "stock", "supply", "fields", "fresh_fields", "rooms", "rooms_new", "partisans", "patrols",
          "placement", "missions", "boxes", "results", "guns", "dark_lady", "bridges_down", "charges",
          "charge_today", "distracted_today", "mole_since", "crypto_since", "shot_today", "phase",
          "route", "remove", "leader", "acting", "outcome", "liberate_checked", "arrange")


def public_state(s: State) -> dict[str, Any]:
    """The public keys of the state, copied."""
    return clone({k: s[k] for k in PUBLIC if k in s})
