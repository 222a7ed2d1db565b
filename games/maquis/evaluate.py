"""How well the resistance stands, in [0, 1], for the computer's search (issue 24): a finished game
by its end (Major Victory 1, Victory 0.95, Draw 0.4, a defeat 0); between them, from the missions'
progress (a success, or the share of boxes filled), morale, the partisans still free, the stock,
the Days left and the soldiers. Reads only the public parts of the state."""
from __future__ import annotations

from games.maquis.board import MISSIONS, MORALE_MAX, RESOURCES, SLOTS, SOLDIERS_MAX
from games.maquis.state import State, end_space, mode

ENDS = {"major_victory": 1.0, "victory": 0.95, "draw": 0.4}
STOCK_ENOUGH = 8


def mission_progress(s: State, slot: str) -> float:
    result = s["results"][slot]
    if result == "major_success":
        return 1.0
    if result == "success":
        return 0.85
    boxes = MISSIONS[s["missions"][slot]]["boxes"]
    return 0.6 * len(s["boxes"][slot]) / max(1, len(boxes))


def days_left(s: State) -> float:
    """The share of the game's Days still to come (Very Easy's second lap counts)."""
    laps = 2 if mode(s)["at_end"] == "second_lap" else 1
    total = laps * end_space(s)
    gone = int(s["lap"]) * end_space(s) + int(s["day"])
    return max(0.0, 1.0 - gone / total)


def evaluate(s: State, seat: str) -> float:
    out = s["outcome"]
    if out is not None:
        return float(ENDS.get(str(out["reason"]), 0.0))
    missions = sum(mission_progress(s, slot) for slot in SLOTS) / len(SLOTS)
    morale = int(s["morale"]) / int(MORALE_MAX)
    people = s["partisans"]
    free = sum(p["status"] != "arrested" for p in people) / max(1, len(people))
    stock = min(STOCK_ENOUGH, sum(int(s["stock"][r]) for r in RESOURCES)) / STOCK_ENOUGH
    soldiers = int(s["soldiers"]) / int(SOLDIERS_MAX)
    est = (0.5 * missions + 0.15 * morale + 0.15 * free + 0.05 * stock
           + 0.1 * days_left(s) * (1 - missions) + 0.05 * (1 - soldiers))
    return 0.05 + 0.85 * max(0.0, min(1.0, float(est)))
