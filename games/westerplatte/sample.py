"""A full state drawn at random among those one seat's view allows (issue 24: a computer decides
from its view alone). The computer's view carries the public state whole (hidden.py); what it hides
is drawn here: the German deck's unseen cards (phase-one cards above phase-two cards, each part
shuffled, above the known cards put under the deck), the events still to come (how many positive and
negative the difficulty deals, less those seen) and a new seed."""
from __future__ import annotations

import random
from typing import Any

from games.base import IllegalAction
from games.westerplatte.board import CARD_IDS, CARDS, DIFFICULTY, EVENT_IDS, EVENTS, PATHS
from games.westerplatte.state import State, clone


def unseen_cards(pub: dict[str, Any]) -> list[str]:
    """The German cards nobody has seen: not on a day pile, not a troop on a path, not under the deck."""
    seen = {c for pile in pub["piles"] for c in pile} | set(pub["under"])
    seen |= {t["card"] for t in (pub["troops"][p] for p in PATHS) if t is not None}
    return [c for c in CARD_IDS if c not in seen]


def unseen_events(pub: dict[str, Any], rng: random.Random) -> list[str]:
    """The events still to come: the difficulty's count of each polarity, less those drawn, picked
    at random among the events not drawn, in a random order."""
    dealt = DIFFICULTY[pub["difficulty"]]["events"]
    out: list[str] = []
    for polarity in ("positive", "negative"):
        seen = [e for e in pub["events_seen"] if EVENTS[e]["polarity"] == polarity]
        pool = [e for e in EVENT_IDS if EVENTS[e]["polarity"] == polarity and e not in seen]
        out += rng.sample(pool, int(dealt[polarity]) - len(seen))
    rng.shuffle(out)
    return out


def sample(view: dict[str, Any], seat: str, rng: random.Random) -> State:
    """A state `s` with view(s, seat) == view, its hidden parts drawn with `rng`."""
    pub = view.get("public_state")
    if not isinstance(pub, dict):
        raise IllegalAction("This view does not carry the public state: it cannot be sampled.")
    s: State = clone(pub)
    cards = unseen_cards(pub)
    one = [c for c in cards if CARDS[c]["phase"] == 1]
    two = [c for c in cards if CARDS[c]["phase"] == 2]
    rng.shuffle(one)
    rng.shuffle(two)
    s["deck"] = one + two + list(pub["under"])
    if len(s["deck"]) != view["deck"]["count"]:
        raise IllegalAction("The view's German deck does not match the cards seen: it cannot be sampled.")
    s["event_deck"] = unseen_events(pub, rng)
    if len(s["event_deck"]) != view["events"]["left"]:
        raise IllegalAction("The view's event deck does not match the events seen: it cannot be sampled.")
    s["rng"] = rng.getrandbits(64)
    return s
