"""Helpers: build Westerplatte positions and drive the engine."""
from __future__ import annotations

from typing import Any

from games.westerplatte import GAME
from games.westerplatte.board import CARDS, PATHS

SEATS = ["s1", "s2", "s3", "s4"]


def new(players: int = 2, difficulty: str = "medium", mines: bool = False, stays: bool = False,
        seed: int = 1, settle: bool = True) -> dict[str, Any]:
    s = GAME.setup(SEATS[:players], {"difficulty": difficulty, "mine_on_occupied_path": mines,
                                     "low_morale_stays_at_bottom": stays}, seed)
    return defaults(s) if settle else s


def defaults(s: dict[str, Any]) -> dict[str, Any]:
    """Answer every pending choice with its default."""
    while s["pending"] is not None:
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, seat, GAME.default_action(s, seat))
    return s


def play(s: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """Apply an action, then answer the choices it raises with their defaults."""
    s, _ = act(s, action)
    return defaults(s)


def clear(s: dict[str, Any]) -> dict[str, Any]:
    """An empty battlefield at the start of the first officer's phase, morale on its start space."""
    while s["pending"] is not None:
        s, _ = GAME.apply(s, GAME.to_act(s)[0], GAME.default_action(s, GAME.to_act(s)[0]))
    assert not s["tasks"]
    s["troops"] = dict.fromkeys(PATHS)
    s["mines"] = {p: [] for p in PATHS}
    s["morale"] = 3
    s["turn"].update(officer=0, stage="officer", moves=2, actions=1,
                     used_extra_movement=False, used_extra_action=False)
    return s


def troop(s: dict[str, Any], path: str, card: str, space: int = 1, damage: int = 0) -> None:
    s["troops"][path] = {"card": card, "space": space, "damage": damage}


def top(s: dict[str, Any], *cards: str) -> None:
    """Put these cards on top of the German deck, in order."""
    rest = [c for c in s["deck"] if c not in cards]
    s["deck"] = list(cards) + rest
    for p in PATHS:
        t = s["troops"][p]
        if t is not None and t["card"] in s["deck"]:
            s["deck"].remove(t["card"])


def find(**want: Any) -> str:
    for cid in sorted(CARDS):
        c = CARDS[cid]
        if all(c.get(k) == v for k, v in want.items()):
            return cid
    raise LookupError(want)


def act(s: dict[str, Any], action: dict[str, Any], seat: str | None = None) -> tuple[dict[str, Any], list[dict[str,
                                                                                                               Any]]]:
    seat = seat or GAME.to_act(s)[0]
    return GAME.apply(s, seat, action)


def quiet_card(s: dict[str, Any]) -> str:
    """A morale decline to draw when the test does not care about the new card."""
    return find(type="morale_decline")


def texts(events: list[dict[str, Any]]) -> str:
    return "\n".join(e["text"] for e in events)
