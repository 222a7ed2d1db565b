"""A player's control panel: their legal actions as buttons and selects.

Every component's custom_id names the game, the version it was built for and the action's index in
`legal_actions` at that version, so a click is exact, survives restarts, and a stale one is refused.
"""
from __future__ import annotations

import logging
import math
import re
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

from bot.presenter import mention
from bot.service import ServiceError
from cogs.common import OOPS, bot_of, in_time, reply, seat_of

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import GameRecord

MAX_ROWS = 5
MAX_OPTIONS = 25
BUTTONS_PER_ROW = 5
QUIET_TYPES = ("end_turn", "finish_moving")


def _label(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"tr:a:(?P<gid>\d+):(?P<ver>\d+):(?P<idx>\d+)"):
    def __init__(self, gid: int, ver: int, idx: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=_label(label, 80), style=style,
                                           custom_id=f"tr:a:{gid}:{ver}:{idx}"))
        self.gid, self.ver, self.idx = gid, ver, idx

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: re.Match[str]) -> "ActButton":
        return cls(int(match["gid"]), int(match["ver"]), int(match["idx"]), item.label or "…", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_index(interaction, self.gid, self.ver, self.idx)


class ActSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=r"tr:s:(?P<gid>\d+):(?P<ver>\d+):(?P<n>\d+)"):
    def __init__(self, gid: int, ver: int, n: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"tr:s:{gid}:{ver}:{n}",
                                           options=options or [discord.SelectOption(label="…", value="0")],
                                           placeholder=placeholder))
        self.gid, self.ver = gid, ver

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select[Any],
                             match: re.Match[str]) -> "ActSelect":
        made = cls(int(match["gid"]), int(match["ver"]), int(match["n"]), list(item.options), item.placeholder)
        return made

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or self.item.values  # type: ignore[union-attr]
        await play_index(interaction, self.gid, self.ver, int(values[0]))


async def seated(interaction: discord.Interaction, gid: int) -> "tuple[GameRecord, str] | None":
    """The running game and the user's seat in it; otherwise a friendly private refusal and None."""
    seat = seat_of(interaction)
    try:
        record = await bot_of(interaction).service.get(gid)
    except ServiceError:
        await reply(interaction, f"Game #{gid} no longer exists.")
        return None
    if record.status != "running":
        await reply(interaction, f"Game #{gid} is {record.status}; its buttons do nothing any more.")
        return None
    if seat not in record.seats:
        await reply(interaction, f"You're not playing in game #{gid}. " + waiting_on(record))
        return None
    return record, seat


async def play_index(interaction: discord.Interaction, gid: int, ver: int, idx: int) -> None:
    """A panel click: refuse it if stale or not the user's turn, else play it and refresh the panel."""
    bot = bot_of(interaction)
    found = await seated(interaction, gid)
    if found is None:
        return
    record, seat = found
    if record.version != ver:
        await refuse_stale(interaction, bot, record, seat)
        return
    if seat not in record.to_act:
        await reply(interaction, "It's not your turn. " + waiting_on(record))
        return
    legal = record.game.legal_actions(record.state, seat)
    if idx >= len(legal):
        await refuse_stale(interaction, bot, record, seat)
        return
    try:
        applied = await in_time(interaction, bot.service.act(record.id, seat, legal[idx], expected_version=ver),
                                update=True)
    except ServiceError as exc:
        await reply(interaction, exc.message)
        return
    except Exception:
        log.exception("action failed: game %s seat %s action %s", gid, seat, legal[idx])
        await reply(interaction, OOPS.format(gid=gid))
        return
    new = applied.record
    events = [e["text"] for e in applied.events if e.get("seat") == seat and not e.get("private_to")]
    mine = [f"🔒 {e['text']}" for e in applied.events if e.get("private_to") == seat]
    head = "\n".join((events + mine)[-8:]) or "Done."
    if seat in new.to_act:
        content, view = await panel_message(bot, new, seat)
        content = f"{head}\n\n{content}"
    else:
        content, view = f"{head}\n\n{waiting_on(new)}", None
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(content=content[:2000], view=view)
        else:
            await interaction.response.edit_message(content=content[:2000], view=view)
    except discord.HTTPException:
        # The panel was a channel message rather than the user's own: answer privately instead.
        await reply(interaction, head)
    await bot.presenter.after(applied, actor=seat)


async def refuse_stale(interaction: discord.Interaction, bot: "TabletopBot", record: "GameRecord",
                       seat: str) -> None:
    text = "That button is out of date: the game has moved on since it was shown."
    if seat in record.to_act:
        content, view = await panel_message(bot, record, seat)
        await reply(interaction, f"{text} Here are your choices now.\n\n{content}"[:2000], view=view)
    else:
        await reply(interaction, f"{text} {waiting_on(record)}")


def waiting_on(record: "GameRecord") -> str:
    if not record.to_act:
        return "Nobody needs to act right now."
    return "The game is waiting on " + ", ".join(mention(s) for s in record.to_act) + "."


async def panel_message(bot: "TabletopBot", record: "GameRecord", seat: str) -> tuple[str, discord.ui.View]:
    """The text and components of `seat`'s panel at the record's version."""
    game, state = record.game, record.state
    legal = game.legal_actions(state, seat)
    labels = [game.describe(state, seat, a) for a in legal]
    ui = bot.game_uis.get(record.key)
    intro = ui.panel_intro(game.view(state, seat)) if ui is not None and hasattr(ui, "panel_intro") else ""
    view, hidden = build_panel(record.id, record.version, legal, labels)
    text = intro or f"Your choices in game #{record.id}:"
    if hidden:
        text += f"\n({hidden} more choice(s) don't fit here: use the game's slash commands.)"
    return text, view


def build_panel(gid: int, ver: int, legal: list[dict[str, Any]], labels: list[str]) -> tuple[discord.ui.View, int]:
    """Lay the actions out in at most five rows; return the view and how many did not fit."""
    groups: OrderedDict[str, list[int]] = OrderedDict()
    for i, action in enumerate(legal):
        groups.setdefault(action["type"], []).append(i)
    buttons = [i for items in groups.values() if len(items) <= 3 for i in items]
    selects = [(t, items) for t, items in groups.items() if len(items) > 3]
    rows_needed = math.ceil(len(buttons) / BUTTONS_PER_ROW) + sum(math.ceil(len(x) / MAX_OPTIONS) for _, x in selects)
    if rows_needed > MAX_ROWS:
        selects = [("choose", [i for _, items in groups.items() for i in items])]
        buttons = []
    view = discord.ui.View(timeout=None)
    rows = 0
    for i in buttons:
        style = discord.ButtonStyle.secondary if legal[i]["type"] in QUIET_TYPES else discord.ButtonStyle.primary
        view.add_item(ActButton(gid, ver, i, labels[i], style))
    rows += math.ceil(len(buttons) / BUTTONS_PER_ROW)
    shown = len(buttons)
    n = 0
    for kind, items in selects:
        for start in range(0, len(items), MAX_OPTIONS):
            if rows >= MAX_ROWS:
                break
            chunk = items[start:start + MAX_OPTIONS]
            options = [discord.SelectOption(label=_label(labels[i], 100), value=str(i)) for i in chunk]
            placeholder = _label(f"{kind.replace('_', ' ').capitalize()}…", 150)
            view.add_item(ActSelect(gid, ver, n, options, placeholder))
            n += 1
            rows += 1
            shown += len(chunk)
    return view, len(legal) - shown


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tr:p:(?P<gid>\d+)"):
    """Under every turn message: opens the clicking player's own panel."""

    def __init__(self, gid: int) -> None:
        super().__init__(discord.ui.Button(label="My turn: show my choices", style=discord.ButtonStyle.success,
                                           custom_id=f"tr:p:{gid}", emoji="🎲"))
        self.gid = gid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: re.Match[str]) -> "PanelButton":
        return cls(int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_panel(interaction, self.gid)


async def show_panel(interaction: discord.Interaction, gid: int) -> None:
    bot = bot_of(interaction)
    found = await seated(interaction, gid)
    if found is None:
        return
    record, seat = found
    if seat not in record.to_act:
        await reply(interaction, "Nothing to do for you right now. " + waiting_on(record))
        return
    try:
        content, view = await panel_message(bot, record, seat)
    except Exception:
        await reply(interaction, OOPS.format(gid=gid))
        raise
    await reply(interaction, content, view=view)
