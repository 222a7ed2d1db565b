"""Test helpers: build Mali states in a chosen position and drive phases."""
from __future__ import annotations

from typing import Any

from games.mali import GAME, flow
from games.mali.board import BOARD
from games.mali.state import ORDERS
from games.rng import randbelow

SEATS = ["r", "g", "o", "p"]  # red, green, orange, purple
NAMES = {
    "r": ["Zosia", "Janek", "Wicek"], "g": ["Gosia", "Tadek", "Basia"],
    "o": ["Alek", "Hanka", "Kazik"], "p": ["Jurek", "Staszek", "Zbyszek"],
}
FAR = "kosciol_bernardynow"


def new(players: int = 2, variant: str = "basic", jcop: bool = False, seed: int = 1) -> dict[str, Any]:
    return GAME.setup(SEATS[:players], {"variant": variant, "jump_costs_one_point": jcop}, seed)


def act(s: dict[str, Any], seat: str, **action: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return GAME.apply(s, seat, action)


def position(s: dict[str, Any], **where: str | None) -> None:
    """Put scouts (by name) on nodes; None sends one to prison."""
    for name, node in where.items():
        sc = s["scouts"][name]
        if node is None:
            sc.update(status="prison", at=None, carrying=None)
        else:
            sc.update(status="board", at=node)


def park(s: dict[str, Any], node: str = FAR, keep: tuple[str, ...] = ()) -> None:
    """Move every scout not in keep to one far node (out of the way)."""
    for name, sc in s["scouts"].items():
        if name not in keep and sc["status"] == "board":
            sc["at"] = node


def set_track(s: dict[str, Any], *spaces: list[str]) -> None:
    n = len(s["track"])
    s["track"] = [list(x) for x in spaces] + [[] for _ in range(n - len(spaces))]
    for oid in (o for sp in spaces for o in sp):
        if oid in s["deck"]:
            s["deck"].remove(oid)


def carry(s: dict[str, Any], name: str, oid: str) -> None:
    s["scouts"][name]["carrying"] = oid


def play_cards(s: dict[str, Any], cards: dict[str, int]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Everybody chooses the given card (cards phase); returns the state after the reveal."""
    events: list[dict[str, Any]] = []
    for seat, value in cards.items():
        s, ev = act(s, seat, type="choose_card", value=value)
        events += ev
    return s, events


def force_roll(s: dict[str, Any], colour: str, value: int) -> None:
    """Set the generator so that the next die roll shows this face."""
    faces = BOARD.raw["die"]
    want = next(i for i, f in enumerate(faces) if f["colour"] == colour and f["value"] == value)
    k = 0
    while True:
        probe = {"rng": k}
        if randbelow(probe, len(faces)) == want:
            s["rng"] = k
            return
        k += 1


def run_tasks(s: dict[str, Any], *tasks: str, phase: str | None = None) -> list[dict[str, Any]]:
    """Run engine tasks directly (white box), e.g. the time phase on a prepared position."""
    events: list[dict[str, Any]] = []
    s["current"] = None
    if phase:
        s["phase"] = phase
    s["tasks"] = [{"kind": t} for t in tasks]
    flow.advance(s, events)
    return events


def order(oid: str) -> dict[str, Any]:
    return ORDERS[oid]


def types(legal: list[dict[str, Any]]) -> set[str]:
    return {a["type"] for a in legal}
