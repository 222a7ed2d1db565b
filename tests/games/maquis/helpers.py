"""Test helpers: Maquis states in a chosen position."""
from __future__ import annotations

from typing import Any

from games.base import IllegalAction
from games.maquis import GAME, flow
from games.maquis.board import RESOURCES

Events = list[dict[str, Any]]


def new(left: str = "sabotage", right: str = "underground_newspaper", difficulty: str = "normal",
        seats: tuple[str, ...] = ("s1",), seed: int = 1) -> dict[str, Any]:
    return GAME.setup(list(seats), {"difficulty": difficulty, "missions": "chosen",
                                    "mission_left": left, "mission_right": right}, seed)


def act(s: dict[str, Any], type: str,  # noqa: A002 - the action's own key
        **fields: Any) -> tuple[dict[str, Any], Events]:
    return GAME.apply(s, s["acting"], {"type": type, **fields})


def activate(s: dict[str, Any], at: str, do: str = "nothing", **fields: Any) -> tuple[dict[str, Any], Events]:
    return act(s, "activate", at=at, do=do, **fields)


def refused(s: dict[str, Any], type: str, **fields: Any) -> str:  # noqa: A002 - the action's own key
    try:
        act(s, type, **fields)
    except IllegalAction as exc:
        return str(exc)
    raise AssertionError(f"{type} {fields} was accepted")


def stock(s: dict[str, Any], **res: int) -> None:
    """Set the stock (the supply gives or takes the difference)."""
    for r in RESOURCES:
        want = res.get(r, 0)
        diff = want - s["stock"][r]
        s["supply"][r] -= diff
        s["stock"][r] = want
        assert s["supply"][r] >= 0


def deck(s: dict[str, Any], *cards: str) -> None:
    rest = [c for c in s["deck"] + s["discard"] if c not in cards]
    s["deck"] = list(cards) + rest
    s["discard"] = []


def begin_day(s: dict[str, Any]) -> Events:
    """Start the placement phase again with the tracks as they are now (Day unchanged)."""
    for p in s["partisans"]:
        if p["status"] == "placed":
            p["status"], p["at"] = "home", None
    s["patrols"] = {}
    events: Events = []
    played = s["days_played"]
    s["days_played"] = 0
    flow.start_day(s, events)
    s["days_played"] = played
    return events


def position(s: dict[str, Any], partisans: dict[str, bool] | list[str], patrols: dict[str, str] | None = None
             ) -> dict[str, Any]:
    """Skip the placement: put home partisans on locations (value: with fake papers), set the
    patrols, and open the action phase."""
    assert s["phase"] == "placement", s["phase"]
    places = dict.fromkeys(partisans, False) if isinstance(partisans, list) else dict(partisans)
    home = [p for p in s["partisans"] if p["status"] == "home"]
    assert len(home) >= len(places), "not enough partisans at home"
    for p, (loc, papers) in zip(home, places.items(), strict=False):
        p.update(status="placed", at=loc, done=False, papers=papers)
        if papers:
            s["stock"]["fake_papers"] -= 1
    s["patrols"] = dict(patrols or {})
    s["placement"]["next"] = len(s["placement"]["kinds"])
    s["phase"] = "action"
    return s


def at(s: dict[str, Any], loc: str) -> dict[str, Any] | None:
    return next((p for p in s["partisans"] if p["status"] == "placed" and p["at"] == loc), None)


def statuses(s: dict[str, Any]) -> list[str]:
    return [p["status"] for p in s["partisans"]]


def texts(events: Events) -> str:
    return "\n".join(e["text"] for e in events)


def boxes(s: dict[str, Any], slot: str) -> list[str]:
    return sorted(s["boxes"][slot])


def legal(s: dict[str, Any]) -> list[dict[str, Any]]:
    return GAME.legal_actions(s, s["acting"])


def acts_at(s: dict[str, Any], loc: str) -> list[str]:
    """The 'do' (and box) of every legal activation at loc."""
    out = []
    for a in legal(s):
        if a["type"] == "activate" and a["at"] == loc:
            out.append(a["box"] if a["do"] == "box" else a["do"])
    return out
