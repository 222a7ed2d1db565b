"""The gate's named questions (`gate.ask`), its outcome (`gate.outcome`), and the one filter of the
events a seat may read (`Applied.lines_for`)."""
from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import pytest

from bot import gate
from bot.service.records import Applied, GameRecord
from games.base import Event, Game
from games.mali import GAME as MALI
from games.mali.legal import reachable
from games.maquis import GAME as MAQUIS
from games.maquis.board import LOCATIONS
from games.maquis.rules import route_cost
from games.registry import GAMES
from games.simulate import choose

NOW = datetime(2030, 1, 1, tzinfo=UTC)
SEATS = ["s1", "s2"]


def record_of(game: Game, state: Any, seats: list[str] = SEATS, result: dict[str, Any] | None = None,
              status: str = "running") -> GameRecord:
    """A record as the service hands it out: full with a state, light (lists) without."""
    return GameRecord(
        id=1, guild_id=1, channel_id=2, thread_id=None, key=game.key, options={}, settings={},
        creator_id=10, seats=seats, users={s: str(10 + i) for i, s in enumerate(seats)},
        status=status, seed=3, snapshot=game.dump(state) if state is not None else None, version=1,
        last_seq=0, table_message_id=None, turn_started_at=None, deadline_at=None, remind_at=None,
        reminded=[], created_at=NOW, updated_at=NOW, game=game, state=state,
        to_act=list(game.to_act(state)) if state is not None else [], result=result)


def mali_moving() -> tuple[Any, str, str]:
    """A basic Mali game at a seat's move: (state, the moving seat, a scout it can walk)."""
    state = MALI.setup(SEATS, {"variant": "basic", "jump_costs_one_point": False}, 5)
    rng = random.Random(5)
    while True:
        for seat in MALI.to_act(state):
            steps = [a for a in MALI.legal_actions(state, seat) if a["type"] == "step"]
            if steps:
                return state, seat, steps[0]["scout"]
        seat, action = choose(MALI, state, rng)
        state, _ = MALI.apply(state, seat, action)


def test_ask_answers_the_engine_question_for_the_seat() -> None:
    state, seat, scout = mali_moving()
    record = record_of(MALI, state)
    routes = gate.ask(record, seat, "reachable", scout=scout)
    assert routes and routes == reachable(state, seat, scout)
    other = next(s for s in SEATS if s != seat)
    assert gate.ask(record, other, "reachable", scout=scout) == {}  # not its scout, not its turn


def test_ask_walks_a_scout_by_the_engine_s_route() -> None:
    state, seat, scout = mali_moving()
    record = record_of(MALI, state)
    routes = gate.ask(record, seat, "reachable", scout=scout)
    far = max(routes, key=lambda n: len(routes[n]))
    walk = gate.ask(record, seat, "walk", scout=scout, to=far, pickups=False)
    assert [a["to"] for a in walk if a["type"] == "step"] == routes[far][:len(walk)]
    after = state
    for action in walk:  # every planned action is legal in turn
        assert action in MALI.legal_actions(after, seat)
        after, _ = MALI.apply(after, seat, action)
    assert gate.ask(record, seat, "walk", scout=scout, to="nowhere") == []


def test_ask_refuses_an_unknown_question_and_answers_nothing_without_a_seat() -> None:
    state, seat, scout = mali_moving()
    with pytest.raises(LookupError):
        gate.ask(record_of(MALI, state), seat, "hand_of", of="s2")
    assert gate.ask(record_of(MALI, state), "s9", "reachable", scout=scout) is None
    assert gate.ask(record_of(MALI, None, status="open"), seat, "reachable", scout=scout) is None


def test_maquis_route_costs_come_from_the_board() -> None:
    state = MAQUIS.setup(["s1"], {}, 2)
    places = list(LOCATIONS)
    costs = gate.ask(record_of(MAQUIS, state, ["s1"]), "s1", "route_costs", places=places)
    assert costs == {p: route_cost(state, p) for p in places} and costs["safe_house"] == 0


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_question_takes_the_state_and_the_seat_first(key: str) -> None:
    import inspect

    for name, query in getattr(GAMES[key], "queries", {}).items():
        assert list(inspect.signature(query).parameters)[1] == "seat", (key, name)


def test_outcome_of_a_full_record_and_of_a_light_one() -> None:
    state, _, _ = mali_moving()
    assert gate.outcome(record_of(MALI, state)) is None
    dropped, _ = MALI.drop(state, "s2")
    ended = gate.outcome(record_of(MALI, dropped, status="finished"))
    assert ended is not None and ended["reason"] == "abandoned" and ended == MALI.outcome(dropped)
    light = record_of(MALI, None, result=dict(ended), status="finished")
    assert gate.outcome(light) == ended
    assert gate.outcome(record_of(MALI, None)) is None


EVENTS: list[Event] = [
    {"type": "round", "text": "Round 2."},
    {"type": "move", "text": "Red moves.", "seat": "s1"},
    {"type": "move", "text": "Green moves.", "seat": "s2"},
    {"type": "timeout", "text": "Green ran out of time."},
    {"type": "draw", "text": "You draw the Bank order.", "private_to": "s1"},
    {"type": "draw", "text": "You draw the Port order.", "private_to": "s2"},
]


def applied_with(events: list[Event]) -> Applied:
    state, _, _ = mali_moving()
    return Applied(record=record_of(MALI, state), events=events, before_to_act=[], after_to_act=[],
                   public_before=None, public_after=None, finished=False)


def test_a_seat_reads_the_public_events_and_only_its_own_secrets() -> None:
    applied = applied_with(EVENTS)
    assert applied.lines_for("s1") == ["Round 2.", "Red moves.", "Green moves.", "Green ran out of time.",
                                       "🔒 You draw the Bank order."]
    assert applied.lines_for("s2")[-1] == "🔒 You draw the Port order."
    assert not any("Bank" in line for line in applied.lines_for("s2"))
    assert applied.lines_for(None) == ["Round 2.", "Red moves.", "Green moves.", "Green ran out of time."]
    assert [e["text"] for e in applied.events_for("s3")] == applied.lines_for(None)


def test_the_actor_s_own_lines_leave_out_other_seats_and_time_outs() -> None:
    applied = applied_with(EVENTS)
    assert applied.lines_for("s1", own=True) == ["Round 2.", "Red moves.", "🔒 You draw the Bank order."]
    assert applied.lines_for("s1", last=1) == ["Green ran out of time.", "🔒 You draw the Bank order."]
