"""What each mission can still come to, from the public state: the best result still reachable
(a Major Success, a Success, or nothing: the mission can no longer succeed) and why, and the best
end of the game that follows (ruling 47). Conservative: a result is called out of reach only when
no Day left on the track could bring it."""
from __future__ import annotations

from typing import Any

from games.base import Say, say
from games.maquis.board import MISSIONS, PARADE_DAYS, SLOTS
from games.maquis.state import State, end_space, mode

RANK = {None: 0, "success": 1, "major_success": 2}
END_WORDS = {3: "Major Victory", 2: "Victory", 1: "Draw", 0: "Defeat"}


def days_ahead(s: State) -> list[int]:
    """The day numbers of the Days still to come, today included while a partisan may still be
    placed or act (Very Easy: the second lap too, ruling 48)."""
    end = end_space(s)
    today = s["phase"] in ("arrange", "placement", "action", "route", "remove")
    days = list(range(s["day"] if today else s["day"] + 1, end))
    if mode(s)["at_end"] == "second_lap" and s["lap"] == 0:
        days += list(range(end))
    return days


def card_days_needed(s: State, slot: str) -> int:
    """Days a mission still needs on its card: one partisan a Day there (ruling 25), one box each
    (Free the Resistance Leader's objective 2 is one of two boxes)."""
    mid = s["missions"][slot]
    done = s["boxes"][slot]
    left = [b for b in MISSIONS[mid]["boxes"] if b["where"] == "card" and b["id"] not in done]
    if mid == "free_the_resistance_leader":
        return int("bribe_the_clerk" not in done) + int(not {"poison_the_guards", "break_out"} & set(done))
    if mid == "destroy_the_aa_guns":
        return 0
    if mid == "coded_messages" and any(p["status"] == "crypto" for p in s["partisans"]):
        return 0
    return len(left)


def best(s: State, slot: str) -> tuple[str | None, Say | None]:
    """(the best result still reachable, why it is not better) for the mission on `slot`."""
    mid = s["missions"][slot]
    got = s["results"][slot]
    days = days_ahead(s)
    major = MISSIONS[mid]["stars"] == 3
    top = "major_success" if major else "success"
    if got is not None and (got == top or mid != "destroy_the_aa_guns" or s["outcome"] is not None):
        return got, None  # a result is final, but for the AA guns' Success on the way to five guns
    if s["outcome"] is not None:
        return None, say("the game is over")
    if card_days_needed(s, slot) > len(days):
        return None, say("not enough Days are left for its boxes on the card (one a Day)")
    if mid == "coded_messages":
        if any(p["status"] == "crypto" for p in s["partisans"]) or any(d <= 6 for d in days):
            return "success", None
        return None, say("the cryptographer had to be trained by Day 6")
    if mid == "destroy_the_train":
        if any(6 <= d <= 9 for d in days):
            return "success", None
        return None, say("the train passes only on Days 6 to 9")
    if mid == "milice_parade_day":
        return ("success", None) if any(d in PARADE_DAYS for d in days) else (None, say("no Parade Day is left"))
    if mid == "free_the_resistance_leader":
        bribed = "bribe_the_clerk" in s["boxes"][slot]
        first = 0 if bribed else next((d for d in days if d <= 5), -1)
        if first < 0:
            return None, say("the clerk had to be bribed by Day 5")
        later = [d for d in days if d > first] if not bribed else days
        if 10 in later:
            return "major_success", None
        if any(d <= 9 for d in later):
            return "success", say("the break-out is only on Day 10")
        return None, say("no Day is left for its second objective")
    if mid == "milice_headquarters" and s["soldiers"] > 2:
        return "success", say("a Major Success needs the soldiers track at 2 or less")
    if mid == "assassination":
        other = SLOTS[1 - SLOTS.index(slot)]
        if s["results"][other] is None and best(s, other)[0] is None:
            return None, say("it succeeds only after the other mission, which can no longer succeed")
    return top, None


def outlook(s: State) -> dict[str, Any]:
    """Per slot: best and why; and the best end of the game still reachable (ruling 47)."""
    per = {slot: best(s, slot) for slot in SLOTS}
    if all(b is not None for b, _ in per.values()):
        three = next((slot for slot in SLOTS if MISSIONS[s["missions"][slot]]["stars"] == 3), None)
        end = "Major Victory" if three is not None and per[three][0] == "major_success" else "Victory"
    else:
        end = END_WORDS[min(3, sum(RANK[b] for b, _ in per.values()))]
    return {"missions": per, "end": end}
