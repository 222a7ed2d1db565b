"""A full state drawn at random among those one seat's view allows (issue 24: a computer decides
from its view alone). The computer's view carries the public state whole (hidden.py); what it hides
is drawn here: the patrol deck is every card not in the public discard pile, shuffled, with the
mole's peek on top when the seat saw it (a team member), and a new seed."""
from __future__ import annotations

import random
from typing import Any

from games.base import IllegalAction, say
from games.maquis.board import PATROL_ORDER
from games.maquis.state import State, clone


def sample(view: dict[str, Any], seat: str, rng: random.Random) -> State:
    """A state `s` with view(s, seat) == view, its hidden parts drawn with `rng`."""
    pub = view.get("public_state")
    if not isinstance(pub, dict):
        raise IllegalAction(say("This view does not carry the public state: it cannot be sampled."))
    s: State = clone(pub)
    peek = (view.get("me") or {}).get("peek")
    deck = [c for c in PATROL_ORDER if c not in pub["discard"] and c != peek]
    rng.shuffle(deck)
    if peek is not None:
        deck.insert(0, str(peek))
    if len(deck) != view["deck_size"]:
        raise IllegalAction(say("The view's patrol deck does not match the discard pile: it cannot be sampled."))
    s["deck"] = deck
    # the peek is the top card while the mole is on it; a seat outside the team cannot see which
    s["peek"] = peek if peek is not None else (deck[0] if view["mole_peeked"] else None)
    s["rng"] = rng.getrandbits(64)
    return s
