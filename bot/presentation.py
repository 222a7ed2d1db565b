"""What the bot needs from a game's presentation (implemented in cogs/<key>/), and from the
table's controls (implemented by the lobby cog).

Every GameUI method reads a view (public, or one seat's private view) and nothing else: the gate
(bot/gate.py) builds the views, so no text can see what its reader may not.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import lang
from bot.service.errors import texts_of
from bot.service.records import event_words
from games.base import Action, Event, View

if TYPE_CHECKING:
    import discord

    from bot.service import GameRecord

Name = Callable[[str], str]  # seat -> how to name its player in a message (a mention)


@runtime_checkable
class GameUI(Protocol):
    key: str

    def status_line(self, view: View) -> str:
        """The game's state in one line: round, phase, the tracks that matter."""

    def waiting_line(self, view: View, name: Name) -> str:
        """Whom the game waits on and for what ("@bob (Green) moves: card 4, 3 points left")."""

    def board_signature(self, view: View) -> str:
        """Equal when two public views draw the same board (a new image only when it changed)."""

    def private_text(self, view: View) -> str:
        """A seat's secrets and hand, from its private view."""

    def panel_intro(self, view: View) -> str:
        """The first line of a seat's panel: what is asked of it now."""

    def opening_lines(self, view: View, name: Name) -> list[str]:
        """What the table is told when the game starts."""

    def outcome_text(self, view: View, name: Name) -> str:
        """The end of the game in words: the result and each score."""

    def action_label(self, view: View, action: Action, label: str) -> str:
        """A button label for one of the viewer's own actions (`label` is the engine's)."""

    def narrate(self, view: View, events: list[Event]) -> list[str]:
        """The lines of a post from the public events it tells (group a walked route into one
        line, say the order of play after a reveal); `view` is the public view now."""

    def narrate_named(self, view: View, events: list[Event], name: Name) -> list[str]:
        """`narrate`, with the players named (`name`: seat -> a mention) where the events name a
        seat by a field rather than in their text ("@bob hands the rest of the Day to @carol")."""

    def named_line(self, event: Event, name: Name) -> str:
        """One event's own text, with the players named as `narrate_named` names them (the
        actor's reply to their own move)."""

    def panel_groups(self, view: View, actions: list[Action]) -> list[str] | None:
        """For long action lists: a group name per action ("Trader in Congo"; "" for one shown
        directly, like ending the turn), so the panel offers the piece or area first, then the
        target. None: no groups."""

    def select_kind(self, kind: str) -> str:
        """What a panel's menu of the viewer's actions of type `kind` chooses ("Lay a mine"), in
        the current language; "" when the game has no words for it (the generic then)."""


@runtime_checkable
class TableControls(Protocol):
    """The components the poster attaches (registered with `Presenter.use_controls` at start-up)."""

    def turn_view(self, record: GameRecord) -> discord.ui.View | None:
        """The persistent buttons under a post of a running game."""

    async def private_panel(self, record: GameRecord, seat: str) -> tuple[str, discord.ui.View] | None:
        """A seat's own choices (text and components) for a DM; None when it has none now."""


PLAIN_STATUS = {"round": lang.N_("round {value}"), "day": lang.N_("day {value}"), "phase": lang.N_("phase {value}")}


class PlainUI:
    """The presentation of a game that has no cogs package of its own (tests, new games)."""

    # action type -> what its panel menu chooses, marked (lang.N_) in the game's catalog
    select_kinds: Mapping[str, str] = {}

    def __init__(self, key: str) -> None:
        self.key = key

    def status_line(self, view: View) -> str:
        tx = lang.here("core")
        parts = [tx._(PLAIN_STATUS[k], value=view[k]) for k in ("round", "day", "phase") if k in view]
        return " · ".join(parts)

    def waiting_line(self, view: View, name: Name) -> str:
        waiting = view.get("to_act") or []
        if not waiting:
            return ""
        return lang.here("core")._("Waiting on {players}.", players=", ".join(name(s) for s in waiting))

    def board_signature(self, view: View) -> str:
        from games.base import canonical

        return canonical({k: v for k, v in view.items() if k != "to_act"})

    def private_text(self, view: View) -> str:
        return ""

    def panel_intro(self, view: View) -> str:
        return ""

    def opening_lines(self, view: View, name: Name) -> list[str]:
        return []

    def outcome_text(self, view: View, name: Name) -> str:
        outcome: dict[str, Any] = view.get("outcome") or {}
        winners = outcome.get("winners") or []
        tx = lang.here("core")
        if winners:
            return tx.n_("🏆 Winner: {players}", "🏆 Winners: {players}", len(winners),
                         players=", ".join(name(w) for w in winners))
        return tx._("The game is over: nobody wins.")

    def action_label(self, view: View, action: Action, label: str) -> str:
        return label

    def panel_groups(self, view: View, actions: list[Action]) -> list[str] | None:
        return None

    def select_kind(self, kind: str) -> str:
        words = self.select_kinds.get(kind)
        return texts_of(self.key)._(words) if words else ""

    def narrate(self, view: View, events: list[Event]) -> list[str]:
        return [event_words(self.key, e) for e in events if e.get("text")]

    def narrate_named(self, view: View, events: list[Event], name: Name) -> list[str]:
        return self.narrate(view, events)

    def named_line(self, event: Event, name: Name) -> str:
        return event_words(self.key, event)
