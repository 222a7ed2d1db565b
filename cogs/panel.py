"""A player's control panel: their legal actions as buttons and selects.

Every component's custom_id names the game, the state version it was built for, the action's index in
`legal_actions` at that version and the action's fingerprint (a select: in each option's value), so a
click is exact and survives restarts. A click is played whenever the action it names is still legal for
the clicker's seat now, however the game moved on meanwhile (another player's pick leaves a simultaneous
choice open); it is refused, with the seat's choices now, only when that action is no longer among them.
"""
from __future__ import annotations

import hashlib
import logging
import math
import re
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

import lang
from bot import gate
from bot.languages import reader_language
from bot.presenter import CROP_NAME
from bot.service import ServiceError
from bot.service.errors import word
from bot.texts import clock_line, fit
from cogs.common import (
    Components,
    Edit,
    Panel,
    answer_after_commit,
    bot_of,
    edit,
    game_number,
    on_own_private_message,
    oops,
    own_lines,
    reply,
    status_word,
)
from games.base import canonical

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.presentation import GameUI
    from bot.service import Applied, GameRecord

MAX_ROWS = 5
MAX_OPTIONS = 25
BUTTONS_PER_ROW = 5
QUIET_TYPES = ("end_turn", "finish_moving")


NOT_A_NUMBER = 10**12  # names no game, version or choice, and still fits every template


def number(text: str) -> int:
    """A custom_id or select value part as a number; NOT_A_NUMBER when it is not one (never
    raises), so a forged id still builds its item and then gets the usual friendly refusal."""
    if text.isascii() and text.isdigit() and len(text) <= 12:
        return min(int(text), NOT_A_NUMBER)
    return NOT_A_NUMBER


MARK = r"[0-9a-f]{10}"


def mark(data: Any) -> str:
    """A short fingerprint of an action (or of a list of names): what a component names it by."""
    return hashlib.sha1(canonical(data).encode()).hexdigest()[:10]


def named(legal: list[dict[str, Any]], idx: int, fingerprint: str | None) -> dict[str, Any] | None:
    """The action a component names among the seat's legal actions now: the one at `idx` when its
    fingerprint agrees, else the only one with that fingerprint; None when it is not legal now.
    Without a fingerprint (an id from before they were given) only `idx` names it: the caller
    accepts that only at the id's own version."""
    if fingerprint is None:
        return legal[idx] if 0 <= idx < len(legal) else None
    if 0 <= idx < len(legal) and mark(legal[idx]) == fingerprint:
        return legal[idx]
    found = [a for a in legal if mark(a) == fingerprint]
    return found[0] if len(found) == 1 else None


def option_value(idx: int, action: dict[str, Any]) -> str:
    """A select option's value: the action's index and fingerprint."""
    return f"{idx}:{mark(action)}"


def parse_value(value: str) -> tuple[int, str | None]:
    """A select option's value as the index and fingerprint it names (no fingerprint: an old one)."""
    idx, _, fingerprint = value.partition(":")
    return number(idx), fingerprint if re.fullmatch(MARK, fingerprint) else None


def handlers(bot: TabletopBot, custom_id: str) -> list[type[discord.ui.DynamicItem[Any]]]:
    """The registered persistent items (`TabletopBot.add_dynamic_items`) whose template takes this
    custom_id: each component declares its own, so nothing lists the others."""
    return [c for c in bot.dynamic_items if c.__discord_ui_compiled_template__.fullmatch(custom_id)]


async def refuse_stray(interaction: discord.Interaction) -> None:
    """Any other component of ours (from an older version of the bot, or forged): a friendly no."""
    if interaction.type != discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id") or "")
    if custom_id.startswith("tr:") and not handlers(bot_of(interaction), custom_id):
        tx = lang.texts(await reader_language(interaction), "core")  # a listener's task: its own reader
        await reply(interaction, tx._("That button is out of date: it belongs to an older message. "
                                      "Use `/game play` for your choices now."))


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"tr:a:(?P<gid>\d+):(?P<ver>\d+):(?P<idx>\d+)(?::(?P<fp>[0-9a-f]{10}))?"):
    def __init__(self, gid: int, ver: int, idx: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, fingerprint: str | None = None) -> None:
        tail = f":{fingerprint}" if fingerprint else ""
        super().__init__(discord.ui.Button(label=fit(label, 80), style=style,
                                           custom_id=f"tr:a:{gid}:{ver}:{idx}{tail}"))
        self.gid, self.ver, self.idx, self.fingerprint = gid, ver, idx, fingerprint

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActButton:
        return cls(number(match["gid"]), number(match["ver"]), number(match["idx"]),
                   getattr(item, "label", None) or "…",
                   getattr(item, "style", discord.ButtonStyle.primary), match["fp"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_index(interaction, self.gid, self.ver, self.idx, self.fingerprint)


class ActSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=r"tr:s:(?P<gid>\d+):(?P<ver>\d+):(?P<n>\d+)"):
    def __init__(self, gid: int, ver: int, n: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"tr:s:{gid}:{ver}:{n}",
                                           options=options or [discord.SelectOption(label="…", value="0")],
                                           placeholder=placeholder))
        self.gid, self.ver = gid, ver

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActSelect:
        return cls(number(match["gid"]), number(match["ver"]), number(match["n"]),
                   list(getattr(item, "options", [])), getattr(item, "placeholder", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        picked = values[0] if isinstance(values, list) and values else ""
        idx, fingerprint = parse_value(str(picked))
        await play_index(interaction, self.gid, self.ver, idx, fingerprint)


GONE = lang.N_("That button belongs to a game that is not here any more.")


async def seated(interaction: discord.Interaction, gid: int) -> tuple[GameRecord, str] | None:
    """The running game and the user's seat in it; otherwise a friendly private refusal and None.

    A button works only in its game's server, or in the DM of a player of that game."""
    number = game_number(gid)
    try:
        if number is None:
            raise LookupError
        record = await bot_of(interaction).service.get(number, interaction.guild_id)
    except (ServiceError, LookupError):
        await reply(interaction, lang.here("core")._(GONE))
        return None
    tx = lang.here("core")
    seat = record.seat_of(interaction.user.id)
    if seat is None and interaction.guild_id is None:
        await reply(interaction, tx._(GONE))  # outside its server a game is its seats' alone
        return None
    if record.status != "running":
        await reply(interaction, tx._("Game #{number} is {status}; its buttons do nothing any more.",
                                      number=gid, status=status_word(record.status)))
        return None
    if seat is None:
        await reply(interaction, tx._("You're not playing in game #{number}.", number=gid) + " " + waiting_on(record))
        return None
    return record, seat


async def play_index(interaction: discord.Interaction, gid: int, ver: int, idx: int,
                     fingerprint: str | None = None) -> None:
    """A panel click: play the action it names if that is legal for the user's seat now (however
    the game moved on since the panel was shown), and refresh the panel; else say why, with the
    seat's choices now."""
    bot = bot_of(interaction)
    found = await seated(interaction, gid)
    if found is None:
        return
    record, seat = found
    if seat not in record.to_act:
        await reply(interaction, not_now(record.state_version != ver) + " " + waiting_on(record))
        return
    legal = [a for a, _ in gate.choices(record, seat)]
    action = named(legal, idx, fingerprint)
    if action is None or (fingerprint is None and record.state_version != ver):
        await refuse_changed(interaction, bot, record, seat)
        return
    async with bot.presenter.answering():
        try:
            # `ver`: a stale click that repeats the seat's last move is a double click (refused)
            applied = await bot.service.act(record.id, interaction.user.id, action,
                                            expected_version=ver, guild_id=record.guild_id, known=record)
        except ServiceError as exc:
            await reply(interaction, exc.message)
            return
        except Exception:
            log.exception("action failed: game %s seat %s action %s", gid, seat, action)
            await reply(interaction, oops(gid))
            return
        interaction.extras["committed"] = True
        await answer_after_commit(interaction, show_result(interaction, bot, applied.record, seat,
                                                           "\n".join(own_lines(bot, applied, seat)[-8:])))
    await bot.presenter.deliver(record.id)


async def refuse_changed(interaction: discord.Interaction, bot: TabletopBot, record: GameRecord,
                         seat: str) -> None:
    """The seat's own choices changed since the panel was shown: say so, with its choices now."""
    content, view = await panel_message(bot, record, seat)
    text = lang.here("core")._("That choice is out of date: your choices have changed since it was shown, "
                               "and it is not among them now. Here are your choices now.")
    await reply(interaction, f"{text}\n\n{content}"[:2000], view=view)


async def show_result(interaction: discord.Interaction, bot: TabletopBot, new: GameRecord,
                      seat: str, head: str) -> None:
    """Replace the clicked panel with the result and the seat's next choices."""
    head = head or lang.here("core")._("Done.")
    if seat in new.to_act:
        content, view = await panel_message(bot, new, seat)
        content = f"{head}\n\n{content}"
    else:
        content, view = f"{head}\n\n{waiting_on(new)}", None
    quiet = discord.AllowedMentions.none()  # the players are named, not pinged
    if not on_own_private_message(interaction):
        if view is None:
            await reply(interaction, content[:2000], allowed_mentions=quiet)
        else:
            await reply(interaction, content[:2000], view=view, allowed_mentions=quiet)
        return
    changes: Edit = {"content": content[:2000], "view": view}
    files = await fresh_crop(interaction, bot, new, seat)
    if files is not None:
        changes["attachments"] = files
    try:
        await edit(interaction, **changes)
    except discord.HTTPException:
        # The panel was a channel message rather than the user's own: answer privately instead.
        await reply(interaction, head, allowed_mentions=quiet)


async def fresh_crop(interaction: discord.Interaction, bot: TabletopBot, record: GameRecord,
                     seat: str) -> list[discord.File | discord.Attachment] | None:
    """The clicked panel's attachments with its crop of the board drawn anew for `record` (none
    when the seat no longer acts or nothing is on the board), others kept; None when the panel
    carries no crop (it is left as it is)."""
    attached = interaction.message.attachments if interaction.message is not None else []
    old = [a for a in attached if a.filename.endswith(f"-{CROP_NAME}.png")]
    if not old:
        return None
    files: list[discord.File | discord.Attachment] = [a for a in attached if a not in old]
    crop = await bot.presenter.crop_file(record, seat) if seat in record.to_act else None
    return files + ([crop] if crop is not None else [])


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tr:u:(?P<gid>\d+):(?P<ver>\d+)"):
    """On a panel while the seat may take back its last action."""

    def __init__(self, gid: int, ver: int) -> None:
        super().__init__(discord.ui.Button(label=lang.here("core").p_("button", "Undo"),
                                           style=discord.ButtonStyle.danger,
                                           custom_id=f"tr:u:{gid}:{ver}", emoji="↩️"))
        self.gid, self.ver = gid, ver

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> UndoButton:
        return cls(number(match["gid"]), number(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        found = await seated(interaction, self.gid)
        if found is None:
            return
        record, seat = found
        if record.state_version != self.ver:
            await refuse_stale(interaction, bot_of(interaction), record, seat)
            return
        await undo(interaction, record, seat, from_panel=True, expected_version=self.ver)


async def undo(interaction: discord.Interaction, record: GameRecord, seat: str,
               from_panel: bool = False, expected_version: int | None = None) -> None:
    """Take back what the user's last command or click did, say what and where the pieces stand
    now; show their choices again. `expected_version`: the version the button was shown at (a
    double click takes back one command, not two)."""
    bot = bot_of(interaction)
    try:
        applied = await bot.service.undo(record.id, interaction.user.id, guild_id=record.guild_id,
                                         expected_version=expected_version)
    except ServiceError as exc:
        await reply(interaction, exc.message)
        return
    interaction.extras["committed"] = True
    head = taken_back_line(applied, seat)
    if from_panel:
        await answer_after_commit(interaction, show_result(interaction, bot, applied.record, seat, head))
    elif seat in applied.record.to_act:
        content, view = await panel_message(bot, applied.record, seat)
        await answer_after_commit(interaction, reply(interaction, f"{head}\n\n{content}"[:2000], view=view))
    else:
        await answer_after_commit(interaction, reply(interaction, head))
    await bot.presenter.deliver(record.id)


def undone_words(event: dict[str, Any]) -> str:
    """What an undo line says was taken back, in the current language (its English for an old row)."""
    moves = ((event.get("say") or {}).get("args") or {}).get("moves")
    return word("core", moves) if moves is not None else str(event["taken_back"])


def taken_back_line(applied: Applied, seat: str) -> str:
    """The undoer's own line: what was taken back and where the pieces stand now (the undo's
    public line, without the name), then what of it only the undoer knew (🔒)."""
    said = [undone_words(e) for e in applied.events_for(seat) if e.get("type") == "undo" and e.get("taken_back")]
    tx = lang.here("core")
    head = tx._("Taken back: {moves}", moves=said[0]) if said else tx._("Taken back.")
    return "\n".join([head, *(f"🔒 {s}" for s in said[1:])])


async def refuse_stale(interaction: discord.Interaction, bot: TabletopBot, record: GameRecord,
                       seat: str) -> None:
    tx = lang.here("core")
    if seat in record.to_act:
        content, view = await panel_message(bot, record, seat)
        text = tx._("That button is out of date: the game has moved on since it was shown. Here are your "
                    "choices now.")
        await reply(interaction, f"{text}\n\n{content}"[:2000], view=view)
    else:
        text = tx._("That button is out of date: the game has moved on since it was shown.")
        await reply(interaction, f"{text} {waiting_on(record)}")


def not_now(passed: bool) -> str:
    """Why a seat's click does nothing now: its turn passed since the panel, or it is not its turn."""
    tx = lang.here("core")
    return tx._("Your turn has passed: these choices are closed.") if passed else tx._("It's not your turn.")


def waiting_on(record: GameRecord) -> str:
    """Whom the game waits on, and since when, in the current language."""
    tx = lang.here("core")
    if record.status in ("finished", "abandoned"):
        return tx._("Game #{number} is over.", number=record.id)
    if not record.to_act:
        return tx._("Nobody needs to act right now.")
    who = ", ".join(record.mention(s) for s in record.to_act)
    clock = clock_line(record)
    return tx._("The game is waiting on {players}.", players=who) + (f" {clock}" if clock else "")


def seat_groups(ui: GameUI, mine: dict[str, Any], legal: list[dict[str, Any]]) -> tuple[list[str] | None, list[str]]:
    """The game's group of each of the seat's actions (None: the game groups none), and the
    groups in order."""
    names = ui.panel_groups(mine, legal)
    if names is not None:
        names = ungroup_single(names)
    return names, list(dict.fromkeys(n for n in names or [] if n))


def ungroup_single(names: list[str]) -> list[str]:
    """A group of one action is no question: that action is shown as its own button, beside the
    groups, while the loose buttons still fit (a panel with Undo has three rows for them)."""
    counts = Counter(n for n in names if n)
    single = {n for n, k in counts.items() if k == 1}
    loose = sum(1 for n in names if not n)
    if not single or loose + len(single) > (MAX_ROWS - 2) * 5:
        return names
    return ["" if n in single else n for n in names]


def groups_now(bot: TabletopBot, record: GameRecord, seat: str) -> list[str]:
    """The groups the seat's panel offers now."""
    legal = [a for a, _ in gate.choices(record, seat)]
    return seat_groups(bot.presenter.ui(record.key), gate.private(record, seat) or {}, legal)[1]


async def panel_message(bot: TabletopBot, record: GameRecord, seat: str,
                        group: int | None = None) -> tuple[str, Panel]:
    """The text and components of `seat`'s panel at the record's version (from its own view).

    When the game groups its actions (`GameUI.panel_groups`: the piece or area first, then the
    target), the panel shows the groups first, and a group's actions once one is picked."""
    ui = bot.presenter.ui(record.key)
    mine = gate.private(record, seat) or {}
    undoable = await bot.service.can_undo(record.id, seat, record.version, user_id=record.user_of(seat))
    tx = lang.here("core")
    text = ui.panel_intro(mine) or tx._("Your choices in game #{number}:", number=record.id)
    view = Panel(record.id, seat, record.version)
    heading, hidden = lay_out(view, ui, mine, gate.choices(record, seat), record.id, record.state_version,
                              MAX_ROWS - 1 if undoable else MAX_ROWS, group)
    if heading:
        text += f"\n**{heading}**"
    if undoable:
        view.add_item(UndoButton(record.id, record.state_version))
    if hidden:
        text += "\n" + tx.n_("({count} more choice doesn't fit here: use the game's slash commands.)",
                              "({count} more choices don't fit here: use the game's slash commands.)", hidden)
    return text, view


def lay_out(view: Components, ui: GameUI, mine: dict[str, Any], choices: list[tuple[dict[str, Any], str]],
            gid: int, ver: int, rows: int, group: int | None = None) -> tuple[str, int]:
    """Lay a seat's choices (its actions with the engine's labels) out in `view`, in at most `rows`
    rows: the groups first when the game groups them, or the actions of group number `group`.
    Return the name of the group shown ("" for none) and how many actions did not fit."""
    legal = [a for a, _ in choices]
    labels = [ui.action_label(mine, a, label) for a, label in choices]
    names, groups = seat_groups(ui, mine, legal)
    if names is None or len(names) != len(legal) or len(groups) < 2:
        return "", build_panel(gid, ver, legal, labels, rows=rows, into=view, kinds=ui.select_kind)[1]
    if group is None or not 0 <= group < len(groups):
        return "", build_grouped(gid, ver, legal, labels, names, groups, rows, view, kinds=ui.select_kind)[1]
    keep = [i for i, n in enumerate(names) if n == groups[group]]
    _, hidden = build_panel(gid, ver, legal, labels, rows=rows - 1, only=keep, into=view, kinds=ui.select_kind)
    view.add_item(BackButton(gid, ver))
    return groups[group], hidden


def build_grouped(gid: int, ver: int, legal: list[dict[str, Any]], labels: list[str], names: list[str],
                  groups: list[str], rows: int, into: Components | None = None,
                  kinds: Callable[[str], str] | None = None) -> tuple[discord.ui.View, int]:
    """The first step of a grouped panel: one select of the groups, and the ungrouped actions."""
    loose = [i for i, n in enumerate(names) if not n]
    view, hidden = build_panel(gid, ver, legal, labels, rows=rows - 1, only=loose, into=into, kinds=kinds)
    options = [discord.SelectOption(label=fit(g, 100), value=str(n)) for n, g in enumerate(groups[:MAX_OPTIONS])]
    view.add_item(GroupSelect(gid, ver, options, mark(groups)))
    cut = groups[MAX_OPTIONS:]
    return view, hidden + sum(1 for n in names if n in cut)


class GroupSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=r"tr:g:(?P<gid>\d+):(?P<ver>\d+)(?::(?P<fp>[0-9a-f]{10}))?"):
    """A grouped panel's first step: which piece or area. Its id carries the fingerprint of the
    groups offered, so a pick stays good while they are the same."""

    def __init__(self, gid: int, ver: int, options: list[discord.SelectOption] | None = None,
                 fingerprint: str | None = None) -> None:
        tail = f":{fingerprint}" if fingerprint else ""
        super().__init__(discord.ui.Select(custom_id=f"tr:g:{gid}:{ver}{tail}",
                                           placeholder=lang.here("core")._("Choose what to act with…"),
                                           options=options or [discord.SelectOption(label="…", value="0")]))
        self.gid, self.ver, self.fingerprint = gid, ver, fingerprint

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GroupSelect:
        return cls(number(match["gid"]), number(match["ver"]), list(getattr(item, "options", [])), match["fp"])

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        await open_group(interaction, self.gid, self.ver, number(str(values[0]) if values else ""), self.fingerprint)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tr:b:(?P<gid>\d+):(?P<ver>\d+)"):
    """Back from a group's actions to the groups."""

    def __init__(self, gid: int, ver: int) -> None:
        super().__init__(discord.ui.Button(label=lang.here("core").p_("button", "Back"),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"tr:b:{gid}:{ver}", emoji="⬅️"))
        self.gid, self.ver = gid, ver

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BackButton:
        return cls(number(match["gid"]), number(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await open_group(interaction, self.gid, self.ver, None)


async def open_group(interaction: discord.Interaction, gid: int, ver: int, group: int | None,
                     fingerprint: str | None = None) -> None:
    """Show one group's actions (or the groups again) in place of the panel. A stale pick of a
    group still opens it while the seat's groups are the same as shown."""
    bot = bot_of(interaction)
    found = await seated(interaction, gid)
    if found is None:
        return
    record, seat = found
    if seat not in record.to_act:
        await reply(interaction, not_now(record.state_version != ver) + " " + waiting_on(record))
        return
    if group is not None and record.state_version != ver \
            and (fingerprint is None or mark(groups_now(bot, record, seat)) != fingerprint):
        await refuse_changed(interaction, bot, record, seat)
        return
    content, view = await panel_message(bot, record, seat, group)
    if not on_own_private_message(interaction):
        await reply(interaction, content[:2000], view=view)
        return
    try:
        await edit(interaction, content=content[:2000], view=view)
    except discord.HTTPException:
        await reply(interaction, content, view=view)


def placeholder(kind_words: str, count: int) -> str:
    """A menu's placeholder: what it chooses and among how many ("Lay a mine: 7 choices…"), or
    the generic "Choose one of 7…" without words for its kind."""
    tx = lang.here("core")
    if kind_words:
        text = tx.n_("{kind}: {count} choice…", "{kind}: {count} choices…", count, kind=kind_words)
    else:
        text = tx.n_("One choice…", "Choose one of {count}…", count)
    return fit(text, 150)


def build_panel(gid: int, ver: int, legal: list[dict[str, Any]], labels: list[str],
                rows: int = MAX_ROWS, only: list[int] | None = None,
                into: Components | None = None,
                kinds: Callable[[str], str] | None = None) -> tuple[discord.ui.View, int]:
    """Lay the actions (those listed in `only`, else all) out in at most `rows` rows (in `into`, else
    a new view); return the view and how many did not fit. Component values stay indexes into the
    whole `legal` list, each with its action's fingerprint. A menu of one action type says what it
    chooses in the game's words (`kinds`: GameUI.select_kind); all types in one menu, the generic."""
    max_rows = rows
    groups: OrderedDict[str, list[int]] = OrderedDict()
    for i, action in enumerate(legal):
        if only is None or i in only:
            groups.setdefault(action["type"], []).append(i)
    buttons = [i for items in groups.values() if len(items) <= 3 for i in items]
    selects = [(t, items) for t, items in groups.items() if len(items) > 3]
    rows_needed = math.ceil(len(buttons) / BUTTONS_PER_ROW) + sum(math.ceil(len(x) / MAX_OPTIONS) for _, x in selects)
    if rows_needed > max_rows:
        only_kind = next(iter(groups)) if len(groups) == 1 else ""  # several types: no kind to name
        selects = [(only_kind, [i for _, items in groups.items() for i in items])]
        buttons = []
    view = Components() if into is None else into
    rows = 0
    for i in buttons:
        style = discord.ButtonStyle.secondary if legal[i]["type"] in QUIET_TYPES else discord.ButtonStyle.primary
        view.add_item(ActButton(gid, ver, i, labels[i], style, mark(legal[i])))
    rows += math.ceil(len(buttons) / BUTTONS_PER_ROW)
    shown = len(buttons)
    n = 0
    for kind, items in selects:
        words = kinds(kind) if kinds is not None and kind else ""
        for start in range(0, len(items), MAX_OPTIONS):
            if rows >= max_rows:
                break
            chunk = items[start:start + MAX_OPTIONS]
            options = [discord.SelectOption(label=fit(labels[i], 100), value=option_value(i, legal[i]))
                       for i in chunk]
            view.add_item(ActSelect(gid, ver, n, options, placeholder(words, len(chunk))))
            n += 1
            rows += 1
            shown += len(chunk)
    return view, (len(legal) if only is None else len(only)) - shown


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tr:p:(?P<gid>\d+)"):
    """Under every turn message: opens the clicking player's own panel."""

    def __init__(self, gid: int) -> None:
        super().__init__(discord.ui.Button(label=lang.here("core")._("My turn: show my choices"),
                                           style=discord.ButtonStyle.success,
                                           custom_id=f"tr:p:{gid}", emoji="🎲"))
        self.gid = gid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PanelButton:
        return cls(number(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_panel(interaction, self.gid)


async def show_panel(interaction: discord.Interaction, gid: int) -> None:
    bot = bot_of(interaction)
    found = await seated(interaction, gid)
    if found is None:
        return
    record, seat = found
    if seat not in record.to_act:
        await reply(interaction, lang.here("core")._("Nothing to do for you right now.") + " " + waiting_on(record))
        return
    try:
        content, view = await panel_message(bot, record, seat)
    except Exception:
        await reply(interaction, oops(gid))
        raise
    crop = await bot.presenter.crop_file(record, seat)  # the seat's part of the board, for a phone
    if crop is None:
        await reply(interaction, content, view=view)
    else:
        await reply(interaction, content, view=view, file=crop)
