"""`/game ...`: open a table, join, start, and everything a table needs that no game owns."""
from __future__ import annotations

import contextlib
import importlib.util
import logging
import re
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import lang
from bot import computers, gate, languages
from bot.languages import SETTING as LANGUAGE
from bot.languages import reader_language, table_language
from bot.service import ServiceError
from bot.service.errors import texts_of, title
from bot.service.records import event_words
from bot.texts import chunk_lines, clip_lines, fit, mention
from bot.translator import slash
from cogs.common import (
    Answer,
    Components,
    OffersGames,
    answer_after_commit,
    bot_of,
    defer,
    edit,
    find_game,
    keep_alive,
    on_own_private_message,
    oops,
    reply,
    seat_of,
)
from cogs.listing import listing
from cogs.panel import (
    ActButton,
    ActSelect,
    BackButton,
    GroupSelect,
    PanelButton,
    UndoButton,
    number,
    panel_message,
    refuse_stray,
    show_panel,
    undo,
    waiting_on,
)
from games import registry
from games.base import Game, IllegalAction, Option, resolve_options, say
from games.simulate import parse_value

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import GameRecord, LogEntry

log = logging.getLogger(__name__)

TIMEOUT_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name="wait for the player (reminders only)", value="wait"),
    app_commands.Choice(name="play a safe default move for them", value="default"),
    app_commands.Choice(name="drop the player", value="drop"),
    app_commands.Choice(name="let the computer play for them", value="computer"),
]
STRENGTH_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=computers.STRENGTH_WORDS[s][:100], value=s) for s in computers.STRENGTHS]
HOURS_CHOICES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=n, value=v) for n, v in
    (("no limit", 0), ("12 hours", 12), ("1 day", 24), ("2 days", 48), ("3 days", 72), ("1 week", 168))]
LANGUAGE_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=lang.NAMES[code], value=code) for code in lang.LANGUAGES]
FOLLOW_DISCORD = "discord"
READER_CHOICES = [*LANGUAGE_CHOICES,
                  app_commands.Choice(name="follow my Discord language", value=FOLLOW_DISCORD)]
GAME_CHOICES: list[app_commands.Choice[str]] = [app_commands.Choice(name=fit(g.title, 100), value=k) for k,
                                                g in registry.GAMES.items()
                if importlib.util.find_spec(f"cogs.{k}") is not None]  # games with commands


def playable(key: str) -> Game | None:
    """The game a /game new means, if it is one people can play here."""
    game = registry.GAMES.get(key) or registry.GAMES.get(str(key).strip().lower())
    if game is None or not any(c.value == game.key for c in GAME_CHOICES):
        return None
    return game


VARIANT_OPTIONS = ("variant", "difficulty")  # what the `variant` option of /game new sets


def variant_option(game: Game) -> Option | None:
    """The option `/game new variant:` sets: the game's variant, or its difficulty."""
    return next((o for name in VARIANT_OPTIONS for o in game.options if o.name == name), None)


def table_options(game: Game, options: dict[str, Any]) -> list[tuple[Option, Any]]:
    """The table's options that mean something with its other options, each with its value."""
    full = {o.name: options.get(o.name, o.default) for o in game.options}
    return [(o, full[o.name]) for o in game.options if o.applies(full)]


def option_text(value: Any) -> str:
    """An option's value as it is typed (booleans in lower case)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_choices(game: Game, variant: str | None, current: str) -> list[app_commands.Choice[str]]:
    """What `/game new options:` offers as the user types: the options not typed yet that apply
    with the variant and those typed, each value with its label, after what is typed already."""
    parts = [p for p in re.split(r"[,\s]+", current) if p]
    fragment = "" if not parts or current[-1:] in (",", " ") else parts.pop()
    known = {o.name: o for o in game.options}
    typed: dict[str, Any] = {}
    for part in parts:
        name, _, value = part.partition("=")
        option = known.get(name)
        if option is not None:
            typed[name] = next((c for c in option.choices if option_text(c) == value), option.default)
    chosen = variant_option(game)
    if chosen is not None and variant is not None:
        typed.setdefault(chosen.name, next((c for c in chosen.choices if option_text(c) == variant),
                                           chosen.default))
    full = {o.name: typed.get(o.name, o.default) for o in game.options}
    before = ", ".join(parts) + ", " if parts else ""
    wanted = fragment.lower()
    out: list[app_commands.Choice[str]] = []
    for option in game.options:
        if option.name in typed or option is chosen or not option.applies(full):
            continue
        for value in option.choices:
            text = f"{option.name}={option_text(value)}"
            said = f"{text} — {option.label(value)}"
            if wanted not in said.lower() or len(before + text) > 100:
                continue
            shown = f"{before}{said}" if len(before + said) <= 100 else f"…, {said}"
            out.append(app_commands.Choice(name=fit(shown, 100), value=before + text))
    return out[:25]


def parse_options(text: str | None) -> dict[str, Any]:
    """'name=value, name=value' into typed values."""
    options: dict[str, Any] = {}
    for part in re.split(r"[,\s]+", (text or "").strip()):
        if not part:
            continue
        name, sep, value = part.partition("=")
        if not sep:
            raise IllegalAction(say("Write options as name=value (got {text}).", text=repr(part)))
        options[name.strip()] = parse_value(value.strip())
    return options


def label_words(own: lang.Texts, option: Option, value: Any) -> str:
    """An option value's label: its words in the game's catalog when the game labels it in words."""
    label = option.label(value)
    return own._(label) if option.labels.get(value) == label and "{" not in label else label


def table_embed(record: GameRecord) -> discord.Embed:
    """The table's card, in the table's language (its options' names, "jump costs one point", and their
    values' labels are worded in the game's catalog, where its cog marks them with lang.N_)."""
    tx = lang.texts(table_language(record), "core")
    game = record.game
    colour = discord.Colour.blurple() if record.status == "open" else discord.Colour.dark_grey()
    embed = discord.Embed(title=tx._("{game} · table #{number}", game=title(game), number=record.id), colour=colour)
    with lang.use(table_language(record)):  # a value's label in the game's words (marked in its catalog)
        own = texts_of(game.key)
        opts = "\n".join(f"**{own._(o.name.replace('_', ' '))}**: {label_words(own, o, value)}"
                         for o, value in table_options(game, record.options)) or tx._("none")
    embed.add_field(name=tx._("Options"), value=fit(opts, 1024), inline=True)
    s = record.settings
    hours = s.get("turn_hours") or 0
    strength = tx._(computers.STRENGTH_NAMES.get(s.get("computer_strength") or "medium", "medium"))
    then = {"wait": tx._("then the table waits (with reminders)"), "default": tx._("then a safe move is played"),
            "drop": tx._("then the player leaves the game"),
            "computer": tx._("then the computer ({strength}) plays for them", strength=strength),
            }.get(s.get("on_timeout", "wait"), "")
    limit = (tx.n_("{count} h per move, {then}", "{count} h per move, {then}", hours, then=then) if hours
             else tx._("no time limit per move"))
    where = tx._("played in a thread") if s.get("use_thread") else tx._("played in this channel")
    embed.add_field(name=tx._("Table"), value=f"{limit}\n{where}", inline=True)
    wanted = s.get("max_players") or game.max_players
    with lang.use(table_language(record)):  # a computer's name too
        seats = "\n".join(f"{i + 1}. {record.mention(s)}" for i, s in enumerate(record.seats)) or tx._("nobody yet")
    embed.add_field(name=tx._("Players ({seated}/{seats}, {least} to start)", seated=len(record.seats),
                              seats=wanted, least=game.min_players),
                    value=fit(seats, 1024), inline=False)
    status = {"open": (tx._("Open: press Join to take a seat. The creator starts the game and can seat computer "
                            "players.") if computers.plays(game)
                       else tx._("Open: press Join to take a seat. The creator starts the game.")),
              "running": tx._("The game is running."), "finished": tx._("The game is over."),
              "abandoned": tx._("This table was abandoned.")}[record.status]
    embed.set_footer(text=status)
    return embed


async def reader_texts(interaction: discord.Interaction) -> lang.Texts:
    """The lobby's texts in the language of the one user who reads them."""
    return lang.texts(await reader_language(interaction), "core")


def lobby_of(interaction: discord.Interaction) -> Lobby:
    lobby = bot_of(interaction).get_cog("Lobby")
    if not isinstance(lobby, Lobby):
        raise RuntimeError("the lobby cog is not loaded")
    return lobby


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"tr:t:(?P<op>join|leave|start):(?P<gid>\d+)"):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary}

    LABELS: ClassVar[dict[str, str]] = {"join": lang.N_("Join"), "leave": lang.N_("Leave"), "start": lang.N_("Start")}

    def __init__(self, op: str, gid: int, disabled: bool = False, grey: bool = False, language: str = "en") -> None:
        style = discord.ButtonStyle.secondary if grey else self.STYLES[op]
        label = lang.texts(language, "core")._(self.LABELS[op])
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"tr:t:{op}:{gid}", disabled=disabled))
        self.op, self.gid = op, gid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TableButton:
        return cls(match["op"], number(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby_of(interaction).table_op(interaction, self.op, self.gid, from_button=True)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"tr:r:(?P<gid>\d+):(?P<step>\d+):(?P<tag>[a-z])"):
    """A step of a replay (the replay is the asker's own ephemeral message)."""

    def __init__(self, gid: int, step: int, tag: str, label: str = "…", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"tr:r:{gid}:{step}:{tag}"))
        self.gid, self.step = gid, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReplayButton:
        return cls(number(match["gid"]), number(match["step"]), match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_replay(interaction, self.gid, self.step, first=False)


async def show_replay(interaction: discord.Interaction, gid: int, step: int | None, first: bool) -> None:
    """Show the public board after `step` moves with that step's public lines, and step buttons."""
    bot = bot_of(interaction)
    in_place = not first and on_own_private_message(interaction)  # else a new private answer
    try:
        record = await bot.service.get(gid, interaction.guild_id)
        if interaction.guild_id is None and record.seat_of(interaction.user.id) is None:
            await reply(interaction, lang.here("core")._("There is no game #{number} of yours. In a server, use "
                                                         "`/game replay` in the game's channel.", number=gid))
            return  # outside its server a game is its seats' alone
        await defer(interaction, update=in_place)
        wanted = step if step is not None else (1 << 30)
        view, events, total, shown = await bot.service.replay(gid, wanted, interaction.guild_id)
    except ServiceError as exc:
        await reply(interaction, exc.message)
        return
    tx = lang.here("core")
    lines = [event_words(record.key, e) for e in events] or (
        [tx._("The game as it began.")] if shown == 0 else [tx._("(no public lines)")])
    status = bot.presenter.status_line(record, view)
    content = clip_lines([tx._("Replay of game #{number}: step {step} of {steps}", number=gid, step=shown, steps=total),
                          status, *lines], 1990)
    buttons = Components()
    for target, tag, label in ((0, "f", "⏮"), (max(0, shown - 10), "b", "-10"), (max(0, shown - 1), "p", "◀"),
                               (min(total, shown + 1), "n", "▶"), (min(total, shown + 10), "m", "+10"),
                               (total, "l", "⏭")):
        buttons.add_item(ReplayButton(gid, target, tag, label, disabled=target == shown))
    file = await bot.presenter.board_file(record, view)
    files = [file] if file is not None else []
    if not in_place:
        await interaction.followup.send(content, files=files, view=buttons, ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())
    else:
        await interaction.edit_original_response(content=content, attachments=files, view=buttons)


def table_view(record: GameRecord) -> discord.ui.View:
    """Join, Leave and Start: Join off when the table is full; all off, and grey, once it is not open."""
    view = Components()
    closed = record.status != "open"
    full = len(record.seats) >= (record.settings.get("max_players") or record.game.max_players)
    language = table_language(record)
    for op in ("join", "leave", "start"):
        view.add_item(TableButton(op, record.id, disabled=closed or (op == "join" and full), grey=closed,
                                  language=language))
    if computers.plays(record.game):
        view.add_item(ComputerSelect(record.id, disabled=closed, language=language))
    return view


class ComputerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tr:t:cpu:(?P<gid>\d+)"):
    """The table's "Computer players…" menu: its creator seats one of a strength, or removes one."""

    def __init__(self, gid: int, disabled: bool = False, language: str = "en") -> None:
        tx = lang.texts(language, "core")
        options = [discord.SelectOption(label=tx._("Add a computer player ({strength})",
                                                   strength=tx._(computers.STRENGTH_NAMES[s])), value=s,
                                        description=tx._(computers.STRENGTH_WORDS[s])[:100])
                   for s in computers.STRENGTHS]
        options.append(discord.SelectOption(label=tx._("Remove a computer player"), value="remove",
                                            description=tx._("the last one seated")))
        super().__init__(discord.ui.Select(custom_id=f"tr:t:cpu:{gid}", options=options, disabled=disabled,
                                           placeholder=tx._("Computer players (the creator)…")))
        self.gid = gid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ComputerSelect:
        return cls(number(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        picked = str(values[0]) if isinstance(values, list) and values else ""
        await lobby_of(interaction).computer_op(interaction, self.gid, picked)


def turn_view(record: GameRecord) -> discord.ui.View:
    view = Components()
    view.add_item(PanelButton(record.id))
    view.add_item(HandButton(record.id))
    return view


class Controls:
    """The table's controls for the poster (`bot.presentation.TableControls`)."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    def turn_view(self, record: GameRecord) -> discord.ui.View:
        return turn_view(record)

    async def private_panel(self, record: GameRecord, seat: str) -> tuple[str, discord.ui.View] | None:
        if seat not in record.to_act:
            return None
        return await panel_message(self.bot, record, seat)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tr:h:(?P<gid>\d+)"):
    def __init__(self, gid: int) -> None:
        super().__init__(discord.ui.Button(label=lang.here("core")._("My secrets"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"tr:h:{gid}", emoji="🔒"))
        self.gid = gid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(number(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        record = await find_game(interaction, self.gid)
        if record is not None:
            await send_hand(interaction, record)


async def send_hand(interaction: discord.Interaction, record: GameRecord) -> None:
    bot = bot_of(interaction)
    seat = seat_of(interaction, record)
    tx = lang.here("core")
    if seat is None:
        await reply(interaction, tx._("You're not playing in game #{number}, so you hold no secrets there.",
                                      number=record.id))
        return
    if gate.private(record, seat) is None:
        await reply(interaction, tx._("The game hasn't started yet: nothing secret to show."))
        return
    await defer(interaction)
    text, file = await bot.presenter.private_package(record, seat)
    content = tx._("Your private view of game #{number}.\n{text}", number=record.id, text=text)
    kwargs: Answer = {"ephemeral": True}
    if file is not None:
        kwargs["file"] = file
    if record.status == "running" and seat in record.to_act:  # e.g. a draft when DMs are closed
        choices, kwargs["view"] = await panel_message(bot, record, seat)
        content = f"{content}\n\n{choices}"
    await reply(interaction, content, **kwargs)  # its choices, a Panel, close once the turn passes


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"tr:c:(?P<op>resign|abandon|keep):(?P<gid>\d+):(?P<uid>\d{1,20})"):
    """A private "are you sure" of `/game resign` and `/game abandon` (keep: changed my mind). The
    user's id is in the custom_id: a click by anyone else changes nothing."""
    LABELS: ClassVar[dict[str, str]] = {"resign": lang.N_("Yes, resign"), "abandon": lang.N_("Yes, abandon it"),
                                        "keep": lang.N_("Cancel")}

    def __init__(self, op: str, gid: int, uid: int) -> None:
        style = discord.ButtonStyle.secondary if op == "keep" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=lang.here("core")._(self.LABELS[op]), style=style,
                                           custom_id=f"tr:c:{op}:{gid}:{uid}"))
        self.op, self.gid, self.uid = op, gid, uid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ConfirmButton:
        return cls(match["op"], number(match["gid"]), int(match["uid"]))  # a user id: up to 20 digits

    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby_of(interaction).confirmed(interaction, self.op, self.gid, self.uid)


def confirm_view(op: str, gid: int, uid: int) -> discord.ui.View:
    view = Components()
    view.add_item(ConfirmButton(op, gid, uid))
    view.add_item(ConfirmButton("keep", gid, uid))
    return view


def resign_warning(record: GameRecord) -> str:
    """What resigning does, said before it is done."""
    tx = lang.here("core")
    head = tx._("Resign from game #{number} ({game})? You leave it for good; this can't be undone.",
                number=record.id, game=title(record.game))
    if len(record.seats) == 1:
        return f"{head}\n" + tx._("You are its only player: the game ends now, and it counts as lost.")
    if record.game.cooperative:
        return f"{head}\n" + tx._("The team plays on without you (the rules say what becomes of your part).")
    return f"{head}\n" + tx._("The game counts as lost for you; the others play on without you (the rules say what "
                              "becomes of your pieces), and if only one player would be left, the game ends.")


def abandon_warning(record: GameRecord) -> str:
    """What abandoning does, said before it is done."""
    tx = lang.here("core")
    if record.status == "open":
        return tx._("Abandon table #{number} ({game})? It closes for everyone seated, and the game never starts. "
                    "This can't be undone.", number=record.id, game=title(record.game))
    return tx.n_("Abandon game #{number} ({game})? It ends now for its {count} player, without a result: nobody "
                 "wins or loses, and it is not counted in stats or ratings. This can't be undone.",
                 "Abandon game #{number} ({game})? It ends now for all {count} players, without a result: nobody "
                 "wins or loses, and it is not counted in stats or ratings. This can't be undone.",
                 len(record.seats), number=record.id, game=title(record.game))


ENDED = ("finished", "abandoned")
HELP_COMMANDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("game new",), lang.N_("open a table: the game, seats, variant and options, the time for a move, what happens "
                            "when it runs out, whether to play in a thread, the table's language, and computer "
                            "players")),
    (("game join", "game leave", "game start"), lang.N_("the table's buttons, as commands")),
    (("game play",), lang.N_("your choices now, as buttons only you see (or press **My turn** under a post)")),
    (("game hand",), lang.N_("your secrets: hand, objectives, hidden tokens (only you see them)")),
    (("game undo",), lang.N_("take back your last move while it drew, rolled or revealed nothing")),
    (("game status", "game log"), lang.N_("the board now, and what happened, in words; finished games too")),
    (("game list", "game history"), lang.N_("the server's games and whom they wait on; finished games and results")),
    (("game stats", "game leaderboard"), lang.N_("games played, won and drawn, ratings (Elo from 1500; co-operative "
                                                 "games: the team's results, no rating) and reliability")),
    (("game replay",), lang.N_("the board at any point of a game, step by step, with what happened")),
    (("game notify",), lang.N_("how you hear it's your turn: off, a mention, or a DM, with quiet hours")),
    (("game language",), lang.N_("the language the bot speaks to you: English, Polski, Italiano, or your Discord's")),
    (("game resign",), lang.N_("leave a running game for good (it asks first)")),
    (("game replace", "game kick", "game abandon"), lang.N_("for the table's creator and admins: hand a seat over "
                                                            "(to the computer too, and back), drop a player whose "
                                                            "time ran out, end a game (it asks first)")),
    (("game server-language",), lang.N_("for admins: the language of the server's new tables")),
)


def help_embed(bot: TabletopBot, language: str = "en") -> discord.Embed:
    """/game help: what the bot is, how a game goes, every /game command, and each game's help, in the
    reader's language (the commands as their Discord shows them)."""
    tx = lang.texts(language, "core")
    embed = discord.Embed(
        title=tx._("Tabletop Resistance: board games in your channels, a few moves a day"),
        colour=discord.Colour.blurple(),
        description=tx._(
            "Open a table with `{new}`; friends press **Join**; the creator presses **Start**. "
            "The bot posts the board whenever it changes and mentions whoever must act. Secrets "
            "(hands, objectives, hidden choices) come by DM, or in `{hand}` when DMs are closed. "
            "Games survive restarts and can run for weeks: set a time per move in `{new}`.",
            new=slash(language, "game new"), hand=slash(language, "game hand")))
    lines = [f"`{slash(language, *paths)}`: {tx._(what)}" for paths, what in HELP_COMMANDS]
    for i, chunk in enumerate(chunk_lines(lines, 1024)):
        embed.add_field(name=tx._("Commands") if i == 0 else tx._("More commands"), value=chunk, inline=False)
    titles = lang.texts(language, "commands")  # the titles as the command's choices give them
    games = "\n".join(f"**{titles.p_('choice', c.name)}**: `{slash(language, f'{c.value} help')}`"
                      for c in GAME_CHOICES if c.value in bot.game_uis)
    embed.add_field(name=tx._("Games"), value=games or tx._("none yet"), inline=False)
    embed.set_footer(text=tx._("Every command answers only you unless it changes the game."))
    return embed


def result_line(record: GameRecord) -> str:
    """How a game ended, in a few words, from its public outcome."""
    tx = lang.here("core")
    if record.status == "abandoned":
        return tx.p_("result", "abandoned")
    outcome: dict[str, Any] = dict(gate.outcome(record) or {})
    winners = outcome.get("winners") or []
    scores = outcome.get("scores") or {}
    marked = " " + tx._("(with computer players)") if record.computer_seats else ""
    if record.game.cooperative:
        if winners:
            return tx._("the team won") + marked
        reason = str(outcome.get("reason"))
        if reason == "draw":
            return tx._("a draw") + marked
        if reason == "abandoned":
            return tx._("abandoned: nobody was left") + marked
        return tx._("the team lost") + marked
    if not winners:
        return tx._("nobody won") + marked
    best = ", ".join(f"{record.mention(w)}" + (f" ({scores[w]})" if w in scores else "") for w in winners)
    return tx._("won by {players}", players=best) + marked


class Lobby(OffersGames, commands.GroupCog, group_name="game", group_description="Open, join and run game tables"):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()
        self.offer_games()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A component no item handles gets its answer; every command, button and form of every
        game is acknowledged in time (`keep_alive`)."""
        await refuse_stray(interaction)
        await keep_alive(interaction)

    # --- opening a table ---------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", players="Seats at the table (the game's range)",
                           variant="The game's variant or difficulty",
                           options="Further options as name=value, e.g. jump_costs_one_point=true",
                           turn_hours="Time each player has for a move", on_timeout="When the time runs out",
                           thread="Play in a new thread instead of this channel",
                           computer="Computer players to seat now (more with the table's menu)",
                           strength="How well the computer plays (its seats here, and for a timed-out player)",
                           language="The table's language: its posts, thread and board (default: the server's)")
    @app_commands.choices(game=GAME_CHOICES, on_timeout=TIMEOUT_CHOICES, strength=STRENGTH_CHOICES,
                          language=LANGUAGE_CHOICES)
    @app_commands.choices(turn_hours=HOURS_CHOICES)  # apart: one call takes choices of one type
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: str, players: int | None = None,
                  variant: str | None = None, options: str | None = None, turn_hours: int = 0,
                  on_timeout: str = "wait", thread: bool = False,
                  computer: app_commands.Range[int, 0, computers.MOST] = 0, strength: str = "medium",
                  language: str | None = None) -> None:
        found = playable(game)
        if found is None:
            names = ", ".join(c.name for c in GAME_CHOICES)
            tx = await reader_texts(interaction)
            await reply(interaction, tx._("There is no game called {name} here. Pick one from the list: {games}.",
                                          name=repr(game[:40]), games=names))
            return
        g, game = found, found.key
        try:
            given = parse_options(options)
            if variant is not None:
                chosen = variant_option(g)
                if chosen is None:
                    raise IllegalAction(say("{game} has no variants or difficulties.", game=g.title))
                given[chosen.name] = parse_value(variant.strip())
            resolved = resolve_options(g, given)
        except IllegalAction as exc:
            tx = await reader_texts(interaction)
            await reply(interaction, f"{tx.say(exc.words)} {self.options_help(game)}")
            return
        if players is not None and not g.min_players <= players <= g.max_players:
            tx = await reader_texts(interaction)
            await reply(interaction, tx._("{game} takes {least} to {most} players.", game=title(g),
                                          least=g.min_players, most=g.max_players))
            return
        cap = players or g.max_players
        if computer and (why := computers.refusal(g)):
            await reply(interaction, (await reader_texts(interaction)).say(why))
            return
        if computer >= cap:
            tx = await reader_texts(interaction)
            await reply(interaction, tx.n_("A table of {seats} has room for {count} computer player beside you. "
                                           "Nothing was opened.",
                                           "A table of {seats} has room for {count} computer players beside you. "
                                           "Nothing was opened.", cap - 1, seats=cap))
            return
        if language not in (None, *lang.LANGUAGES):
            tx = await reader_texts(interaction)
            await reply(interaction, tx._("Choose the table's language from the list: {languages}.",
                                          languages=", ".join(lang.NAMES.values())))
            return
        spoken = language or await languages.server_language(self.bot.service, interaction.guild_id,
                                                           interaction.guild_locale)
        settings = {"turn_hours": turn_hours, "on_timeout": on_timeout, "use_thread": thread,
                    "max_players": cap, "computer_strength": strength, LANGUAGE: spoken}
        try:
            record = await self.bot.service.open_table(interaction.guild_id or 0, interaction.channel_id or 0,
                                                       interaction.user.id, game, resolved, settings)
            for _ in range(computer):
                record = await self.bot.service.add_computer(record.id, strength, interaction.user.id)
        except ServiceError as exc:
            await reply(interaction, exc.message)
            return
        tx = lang.texts(table_language(record), "core")
        opened = tx._("{player} opened a table for **{game}**. Press **Join** to take a seat.",
                      player=interaction.user.mention, game=title(g))
        sent = await reply(interaction, opened,
                           ephemeral=False, embed=table_embed(record), view=table_view(record),
                           allowed_mentions=discord.AllowedMentions.none())
        message = sent or await interaction.original_response()
        await self.bot.service.set_table_message(record.id, message.channel.id, message.id)

    def options_help(self, key: str) -> str:
        """The game's options, in the current language (their help in the game's catalog)."""
        g = registry.get(key)
        tx, own = lang.here("core"), texts_of(key)
        parts = [tx._("`{name}`: {choices} (default {default}) — {help}", name=o.name,
                      choices=", ".join(map(str, o.choices)), default=o.default, help=own._(o.help))
                 for o in g.options]
        return tx._("Options: {options}", options="; ".join(parts))

    @new.autocomplete("variant")
    async def variant_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        key = getattr(interaction.namespace, "game", None)
        games = [registry.GAMES[key]] if key in registry.GAMES else list(registry.GAMES.values())
        out: list[app_commands.Choice[str]] = []
        for g in games:
            o = variant_option(g)
            for c in o.choices if o is not None else ():
                said = f"{option_text(c)} — {o.label(c)}" if o is not None else ""
                name = said if len(games) == 1 else f"{title(g)}: {said}"
                if current.lower() in name.lower():
                    out.append(app_commands.Choice(name=fit(name, 100), value=option_text(c)))
        return out[:25]

    @new.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        key = getattr(interaction.namespace, "game", None)
        if key not in registry.GAMES:
            return []
        return option_choices(registry.GAMES[key], getattr(interaction.namespace, "variant", None), current)

    # --- join, leave, start ------------------------------------------------------------------
    @app_commands.command(name="join", description="Take a seat at an open table")
    @app_commands.describe(game="Which table (when several share the channel)")
    async def join(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.table_op(interaction, "join", game)

    @app_commands.command(name="leave", description="Leave a table that has not started")
    @app_commands.describe(game="Which table (when several share the channel)")
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.table_op(interaction, "leave", game)

    @app_commands.command(name="start", description="Start the game at your table")
    @app_commands.describe(game="Which table (when several share the channel)")
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.table_op(interaction, "start", game)

    async def table_op(self, interaction: discord.Interaction, op: str, game_id: int | None,
                       from_button: bool = False) -> None:
        record = await find_game(interaction, game_id)
        if record is None:
            return
        service = self.bot.service
        user = interaction.user.id
        table = lang.texts(table_language(record), "core")
        try:
            if op == "join":
                wanted = record.settings.get("max_players") or record.game.max_players
                if record.status == "open" and record.seat_of(user) is None and len(record.seats) >= wanted:
                    tx = await reader_texts(interaction)
                    await reply(interaction, tx._("Table #{number} is full ({seats} players).", number=record.id,
                                                  seats=wanted))
                    return
                record = await service.join(record.id, user, guild_id=record.guild_id)
                said = table._("{player} joined table #{number}.", player=interaction.user.mention, number=record.id)
            elif op == "leave":
                record = await service.leave(record.id, user, guild_id=record.guild_id)
                said = table._("{player} left table #{number}.", player=interaction.user.mention, number=record.id)
            else:
                await self.start_game(interaction, record)
                return
        except ServiceError as exc:
            await reply(interaction, exc.message)
            return
        message = interaction.message
        if from_button and message is not None and message.id == record.table_message_id:
            await edit(interaction, embed=table_embed(record), view=table_view(record))
            await interaction.followup.send(said, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())
        else:
            await reply(interaction, said, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())
            await self.refresh_table(record)

    async def computer_op(self, interaction: discord.Interaction, game_id: int, picked: str) -> None:
        """The table's computer menu: seat a computer of a strength, or remove the last one."""
        record = await find_game(interaction, game_id)
        if record is None:
            return
        service = self.bot.service
        table = lang.texts(table_language(record), "core")
        try:
            if picked == "remove":
                record = await service.remove_computer(record.id, interaction.user.id, guild_id=record.guild_id)
                said = table._("{player} took a computer player away from table #{number}.",
                               player=interaction.user.mention, number=record.id)
            elif picked in computers.STRENGTHS:
                record = await service.add_computer(record.id, picked, interaction.user.id,
                                                    guild_id=record.guild_id)
                said = table._("{player} takes a seat at table #{number}.", player=record.mention(record.seats[-1]),
                               number=record.id)
            else:
                tx = await reader_texts(interaction)
                await reply(interaction, tx._("Pick a strength (easy, medium or hard) or Remove."))
                return
        except ServiceError as exc:
            await reply(interaction, exc.message)
            return
        message = interaction.message
        if message is not None and message.id == record.table_message_id:
            await edit(interaction, embed=table_embed(record), view=table_view(record))
            await interaction.followup.send(said, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())
        else:
            await reply(interaction, said, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())
            await self.refresh_table(record)

    async def refresh_table(self, record: GameRecord) -> None:
        if not record.table_message_id:
            return
        channel = await self.bot.presenter.channel(record.channel_id)
        if channel is None:
            return
        try:
            message = channel.get_partial_message(record.table_message_id)
            await message.edit(embed=table_embed(record), view=table_view(record))
        except discord.HTTPException:
            log.warning("could not refresh table message of game %s", record.id)

    async def start_game(self, interaction: discord.Interaction, record: GameRecord) -> None:
        await defer(interaction)
        try:
            applied = await self.bot.service.start(record.id, interaction.user.id,
                                                   guild_id=record.guild_id)
        except ServiceError as exc:
            await interaction.followup.send(exc.message, ephemeral=True)
            return
        except Exception:
            log.exception("start failed for game %s", record.id)
            await interaction.followup.send(oops(record.id), ephemeral=True)
            return
        record = applied.record
        players = ", ".join(record.mention(s) for s in record.seats)
        tx = await reader_texts(interaction)
        await interaction.followup.send(tx._("You started game #{number}.", number=record.id), ephemeral=True)
        channel = await self.bot.presenter.channel(record.channel_id)
        if channel is not None:
            # No ping here: the first board, right after, mentions whoever must act.
            table = lang.texts(table_language(record), "core")
            await channel.send(table._("**{game}** #{number} starts: {players}!", game=title(record.game),
                                       number=record.id, players=players),
                               allowed_mentions=discord.AllowedMentions.none())
        await self.refresh_table(record)
        # Its thread, the players' secrets and the first board go out with the start's outbox row:
        # once, by the shard's owner, even when a takeover delivers it again (bot/presenter.py).
        await self.bot.presenter.deliver(record.id)

    # --- looking at games ----------------------------------------------------------------------
    @app_commands.command(name="list", description="Tables and games in this server, and whose turn it is")
    @app_commands.describe(page="Which page, on a busy server (your games come first)")
    @app_commands.guild_only()
    async def list_games(self, interaction: discord.Interaction,
                         page: app_commands.Range[int, 1, 1000] = 1) -> None:
        records = await self.bot.service.in_guild(interaction.guild_id or 0)
        ended = await self.bot.service.history(interaction.guild_id or 0, limit=3) if page == 1 else []
        tx = lang.here("core")
        if not records and not ended:
            if page > 1:
                await reply(interaction, tx._("No tables or games in this server: there are no pages."))
                return
            await reply(interaction, tx._("No tables or games in this server yet. Open one with `/game new`."))
            return
        lines, more = listing(records, interaction.user.id, page) if records else (
            [tx._("No table is open and no game is running.")], "")
        if more:
            lines.append(more)
        if ended:
            lines.append(tx._("Recently finished (`/game history` for more):"))
            lines += [fit(f"#{r.id} **{title(r.game)}** · {result_line(r)}", 150) for r in ended]
        # a page leaves room for the rest: nothing is cut unless a game's title is very long
        await reply(interaction, fit("\n".join(lines), 2000), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="help", description="What this bot does, how to start a game, every command")
    async def help(self, interaction: discord.Interaction) -> None:
        await reply(interaction, embed=help_embed(self.bot, await reader_language(interaction)))

    @app_commands.command(name="replay", description="The board at any point of a game, step by step (only you see it)")
    @app_commands.describe(game="Which game (the channel's, by default)", step="Which step (0: the start)")
    async def replay(self, interaction: discord.Interaction, game: int | None = None,
                     step: app_commands.Range[int, 0, 100000] | None = None) -> None:
        record = await find_game(interaction, game, finished_too=True)
        if record is not None:
            await show_replay(interaction, record.id, step, first=True)

    @app_commands.command(name="stats", description="A player's games, wins, ratings and reliability here")
    @app_commands.describe(player="Whose figures (yours by default)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction,
                   player: discord.Member | discord.User | None = None) -> None:
        who = player or interaction.user
        figures = await self.bot.service.player_stats(interaction.guild_id or 0, who.id)
        tx = lang.here("core")
        language = lang.current()
        lines = [tx._("**{player} in this server**", player=who.mention)]
        for g in figures["games"]:
            title = registry.GAMES[g["key"]].title if g["key"] in registry.GAMES else g["key"]
            bits = [tx.n_("{count} played", "{count} played", g["played"]),
                    tx.n_("{count} won", "{count} won", g["won"])]
            if g["drawn"]:
                bits.append(tx.n_("{count} drawn", "{count} drawn", g["drawn"]))
            if g["average"] is not None:
                bits.append(tx._("average score {score}", score=lang.number(g["average"], language)))
            if g["rating"] is not None:
                bits.append(tx._("rating **{rating}**", rating=g["rating"]))
            if g["with_computers"]:
                bits.append(tx.n_("{count} with computer players", "{count} with computer players",
                                  g["with_computers"]))
            lines.append(f"{title}: " + " · ".join(bits))
        if not figures["games"]:
            lines.append(tx._("No finished games yet."))
        moves = figures["in_time"] + figures["timed_out"]
        if moves:
            share = round(100 * figures["in_time"] / moves)
            lines.append(tx.n_("Reliability: {share}% of {moves} moves made before the deadline; {count} game left "
                               "before the end.",
                               "Reliability: {share}% of {moves} moves made before the deadline; {count} games left "
                               "before the end.", figures["left"], share=share, moves=moves))
        await reply(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description="The best players of a game in this server")
    @app_commands.describe(game="Which game",
                           computers="Count games with computer players too (by wins; by default people's alone)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, computers: bool = False) -> None:
        found = playable(game)
        tx = lang.here("core")
        if found is None:
            await reply(interaction, tx._("There is no game called {name} here.", name=repr(game[:40])))
            return
        rows = await self.bot.service.leaderboard(interaction.guild_id or 0, found.key, computers=computers)
        if not rows:
            if computers:
                await reply(interaction, tx._("No finished games of {game} in this server yet.", game=found.title))
            else:
                await reply(interaction, tx._("No finished games of {game} between people (`computers: True` counts "
                                              "games with computers) in this server yet.", game=found.title))
            return
        if found.cooperative or computers:
            lines = [f"{i}. <@{r['user_id']}> · " + (
                tx.n_("{wins} won, {draws} drawn of {count}", "{wins} won, {draws} drawn of {count}", r["games"],
                      wins=r["wins"], draws=r["draws"]) if r.get("draws")
                else tx.n_("{wins} won of {count}", "{wins} won of {count}", r["games"], wins=r["wins"]))
                for i, r in enumerate(rows, 1)]
        else:
            lines = [f"{i}. <@{r['user_id']}> · **{r['rating']}** ("
                     + tx.n_("{count} rated game", "{count} rated games", r["games"]) + ")"
                     for i, r in enumerate(rows, 1)]
        if computers:
            head = tx._("**{game}** in this server (wins, games with computer players counted)", game=found.title)
        elif found.cooperative:
            head = tx._("**{game}** in this server (the team's results: no rating)", game=found.title)
        else:
            head = tx._("**{game}** in this server (Elo between people, everyone starts at 1500)", game=found.title)
        await reply(interaction, "\n".join([head, *lines]), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="history", description="Finished games of this server, or of one player")
    @app_commands.describe(player="Only this player's games")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction,
                     player: discord.Member | discord.User | None = None) -> None:
        records = await self.bot.service.history(interaction.guild_id or 0, player.id if player else None)
        tx = lang.here("core")
        if not records:
            none = tx._("{player} has no finished games yet.", player=player.mention) if player \
                else tx._("This server has no finished games yet.")
            await reply(interaction, none, allowed_mentions=discord.AllowedMentions.none())
            return
        lines = [f"#{r.id} **{title(r.game)}** · {discord.utils.format_dt(r.updated_at, 'd')} · "
                 f"{', '.join(r.mention(s) for s in r.seats)} · {result_line(r)}" for r in records]
        head = tx._("Finished games of {player}:", player=player.mention) if player \
            else tx._("Finished games in this server:")
        await reply(interaction, clip_lines([head, *lines], 1990), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="status", description="The board and a summary of the game here")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await find_game(interaction, game, finished_too=True)
        if record is None:
            return
        view = gate.public(record)
        if view is None:
            await reply(interaction, embed=table_embed(record))
            return
        await defer(interaction)
        presenter = self.bot.presenter
        text = "\n".join(x for x in (presenter.status_line(record, view), waiting_on(record)) if x)
        if record.status in ENDED:
            text = "\n".join([text, result_line(record), presenter.ui(record.key).outcome_text(view, record.mention)])
        file = await presenter.board_file(record, view)
        kwargs: Answer = {"content": text[:2000], "allowed_mentions": discord.AllowedMentions.none(),
                          "ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        await interaction.followup.send(**kwargs)

    @app_commands.command(name="log", description="What happened recently, in words")
    @app_commands.describe(game="Which game (when several share the channel)", count="How many moves")
    async def log_cmd(self, interaction: discord.Interaction, game: int | None = None,
                      count: app_commands.Range[int, 1, 50] = 15) -> None:
        record = await find_game(interaction, game, finished_too=True)
        if record is None:
            return
        entries = await self.bot.service.log(record.id, limit=count, guild_id=record.guild_id)
        if not entries:
            await reply(interaction, lang.here("core")._("No moves yet."))
            return
        lines = [self.logged_line(record, e) for e in entries]
        await reply(interaction, clip_lines(lines, 1990), allowed_mentions=discord.AllowedMentions.none())

    @staticmethod
    def logged_line(record: GameRecord, entry: LogEntry) -> str:
        """A log entry in words: its public events only (a secret choice shows as a choice)."""
        tx = lang.here("core")
        texts = [event_words(record.key, e) for e in entry.events or [] if e.get("text")]
        who = mention(str(entry.user_id)) if entry.user_id else record.mention(entry.seat)
        if entry.kind == "drop":
            how = {"resign": tx._("{player} resigns and leaves the game.", player=who),
                   "admin": tx._("{player} was dropped and leaves the game.", player=who),
                   "timeout": tx._("{player} ran out of time and leaves the game.", player=who)}
            texts = [how.get(entry.by, tx._("{player} left and leaves the game.", player=who)), *texts]
        said = " ".join(texts) or tx._("{player} made a move.", player=who)
        notes = [x for x, on in ((tx._("time-out"), entry.by == "timeout"), (tx._("taken back"), entry.undone)) if on]
        suffix = f" *({', '.join(notes)})*" if notes else ""
        text = f"~~{said}~~" if entry.undone else said
        return f"`{entry.seq:>3}` {text}{suffix}"

    @app_commands.command(name="hand", description="Your own secret information (only you see it)")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await find_game(interaction, game, finished_too=True)
        if record is not None:
            await send_hand(interaction, record)

    @app_commands.command(name="play", description="Show your choices for your turn (only you see them)")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def play(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await find_game(interaction, game)
        if record is not None:
            await show_panel(interaction, record.id)

    # --- running a table ---------------------------------------------------------------------
    @app_commands.command(name="abandon", description="End a table or game (its creator, or Manage Server)")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await find_game(interaction, game)
        if record is None:
            return
        is_admin = bool(getattr(interaction.permissions, "manage_guild", False))
        if str(interaction.user.id) != str(record.creator_id) and not is_admin:
            await reply(interaction, lang.here("core")._("Only the table's creator or someone with Manage Server "
                                                         "can abandon game #{number}. Nothing was changed.",
                                                         number=record.id))
            return
        await reply(interaction, abandon_warning(record), view=confirm_view("abandon", record.id, interaction.user.id))

    async def confirmed(self, interaction: discord.Interaction, op: str, gid: int, uid: int) -> None:
        """A click on a confirmation: do what it confirms (or nothing, for Cancel), and say so."""
        if interaction.user.id != uid:
            await reply(interaction, lang.here("core")._("That button belongs to someone else's question: nothing "
                                                         "was changed. Use the command yourself if you mean it."))
            return
        in_place = on_own_private_message(interaction)

        async def answer(text: str) -> None:
            if in_place:
                await edit(interaction, content=text, view=None)
            else:
                await reply(interaction, text)

        if op == "keep":
            await answer(lang.here("core")._("Cancelled: nothing was changed in game #{number}.", number=gid))
            return
        try:
            record = await self.bot.service.get(gid, interaction.guild_id)
        except ServiceError as exc:
            await answer(exc.message)
            return
        if op == "resign":
            await self.do_resign(interaction, record, answer)
        else:
            await self.do_abandon(interaction, record, answer)

    async def do_abandon(self, interaction: discord.Interaction, record: GameRecord,
                         answer: Callable[[str], Awaitable[None]]) -> None:
        if record.status in ENDED:
            await answer(lang.here("core")._("Game #{number} has ended already: there is nothing to abandon.",
                                             number=record.id))
            return
        is_admin = bool(getattr(interaction.permissions, "manage_guild", False))
        try:
            record = await self.bot.service.abandon(record.id, interaction.user.id, is_admin,
                                                    guild_id=record.guild_id)
        except ServiceError as exc:
            await answer(exc.message)
            return
        interaction.extras["committed"] = True
        await answer_after_commit(interaction, answer(lang.here("core")._("You abandoned game #{number}.",
                                                                          number=record.id)))
        channel = await self.bot.presenter.channel(record.where)
        if channel is not None:
            with lang.use(table_language(record)):  # a public post: the table's language
                text = lang.here("core")._("Game #{number} ({game}) was abandoned by {player}.", number=record.id,
                                           game=title(record.game), player=interaction.user.mention)
            with contextlib.suppress(discord.HTTPException):
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        await self.refresh_table(record)

    async def do_resign(self, interaction: discord.Interaction, record: GameRecord,
                        answer: Callable[[str], Awaitable[None]]) -> None:
        seat = seat_of(interaction, record)
        if record.status != "running" or seat is None:
            tx = lang.here("core")
            await answer(tx._("You're no longer playing in game #{number} (it has ended): there is nothing to resign.",
                              number=record.id) if record.status in ENDED else
                         tx._("You're no longer playing in game #{number}: there is nothing to resign.",
                              number=record.id))
            return
        try:
            await self.bot.service.drop_player(record.id, seat, by="resign", user_id=interaction.user.id,
                                               guild_id=record.guild_id)
        except ServiceError as exc:
            await answer(exc.message)
            return
        interaction.extras["committed"] = True
        left = lang.here("core")._("You left game #{number}.", number=record.id)
        await answer_after_commit(interaction, answer(left))
        await self.bot.presenter.deliver(record.id)

    @app_commands.command(name="kick", description="Drop a player whose turn time ran out")
    @app_commands.describe(player="The player to drop", game="Which game (when several share the channel)")
    async def kick(self, interaction: discord.Interaction, player: discord.Member | discord.User,
                   game: int | None = None) -> None:
        record = await find_game(interaction, game, running_only=True)
        if record is None:
            return
        is_admin = bool(getattr(interaction.permissions, "manage_guild", False))
        seat = record.seat_of(player.id)
        tx = lang.here("core")
        if seat is None:
            await reply(interaction, tx._("{player} is not playing in game #{number}.", player=player.mention,
                                          number=record.id))
            return
        if str(interaction.user.id) != str(record.creator_id) and not is_admin:
            await reply(interaction, tx._("Only the table's creator or someone with Manage Server can drop a player."))
            return
        if not self.time_ran_out(record, seat):
            await reply(interaction, tx._("{player}'s time has not run out: only a player whose turn deadline has "
                                          "passed can be dropped.", player=player.mention))
            return
        await defer(interaction)
        try:
            await self.bot.service.drop_player(record.id, seat, by="admin", guild_id=record.guild_id)
        except ServiceError as exc:
            await interaction.followup.send(exc.message, ephemeral=True)
            return
        interaction.extras["committed"] = True
        await answer_after_commit(interaction, interaction.followup.send(
            tx._("You dropped {player} from game #{number}.", player=player.mention, number=record.id), ephemeral=True))
        await self.bot.presenter.deliver(record.id)

    @app_commands.command(name="resign", description="Leave a running game for good (the rules say what follows)")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await find_game(interaction, game, running_only=True)
        if record is None:
            return
        seat = seat_of(interaction, record)
        if seat is None:
            await reply(interaction, lang.here("core")._("You're not playing in game #{number}, so there is nothing "
                                                         "to resign.", number=record.id))
            return
        await reply(interaction, resign_warning(record), view=confirm_view("resign", record.id, interaction.user.id))

    @app_commands.command(name="undo", description="Take back your last move (while nothing was drawn or revealed)")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def undo_cmd(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await find_game(interaction, game, running_only=True)
        if record is None:
            return
        seat = seat_of(interaction, record)
        if seat is None:
            await reply(interaction, lang.here("core")._("You're not playing in game #{number}, so there is nothing "
                                                         "to undo.", number=record.id))
            return
        await undo(interaction, record, seat)

    @app_commands.command(name="replace",
                          description="Hand a player's seat to someone else or the computer (creator or Manage Server)")
    @app_commands.describe(player="Who holds the seat now (or computer_number: a computer)",
                           new_player="Who takes it over (or computer: the computer)",
                           computer="The computer takes the seat over, playing this well",
                           computer_number="The seat is Computer <this number>'s (to hand it to new_player)",
                           game="Which game (when several share the channel)")
    @app_commands.choices(computer=STRENGTH_CHOICES)
    async def replace(self, interaction: discord.Interaction, player: discord.Member | discord.User | None = None,
                      new_player: discord.Member | discord.User | None = None, computer: str | None = None,
                      computer_number: app_commands.Range[int, 1, computers.MOST] | None = None,
                      game: int | None = None) -> None:
        record = await find_game(interaction, game)
        if record is None:
            return
        tx = lang.here("core")
        if (player is None) == (computer_number is None) or (new_player is None) == (computer is None):
            await reply(interaction, tx._("Say whose seat (`player`, or `computer_number` for a computer) and who "
                                          "takes it over (`new_player`, or `computer` with a strength). Nothing "
                                          "was changed."))
            return
        if new_player is not None and new_player.bot:
            await reply(interaction, tx._("{player} is a bot and can't take a seat.", player=new_player.mention))
            return
        if new_player is not None and interaction.guild_id is not None \
                and not isinstance(new_player, discord.Member):
            await reply(interaction, tx._("{player} is not a member of this server, so they can't take a seat here. "
                                          "Nothing was changed.", player=new_player.mention))
            return
        if player is not None:
            old_user = str(player.id)
        else:
            held = [u for u in record.users.values() if (p := computers.parse(u)) and p[1] == computer_number]
            if not held:
                await reply(interaction, tx._("There is no Computer {computer} in game #{number}. Nothing was "
                                              "changed.", computer=computer_number, number=record.id))
                return
            old_user = held[0]
        handed = record.seat_of(old_user)
        if handed is None:
            await reply(interaction, tx._("{player} has no seat in game #{number}. Nothing was changed.",
                                          player=mention(old_user), number=record.id))
            return
        before = record.mention(handed)
        is_admin = bool(getattr(interaction.permissions, "manage_guild", False))
        try:
            record = await self.bot.service.replace(record.id, old_user, new_player.id if new_player else None,
                                                    interaction.user.id, is_admin,
                                                    guild_id=record.guild_id, computer=computer)
        except ServiceError as exc:
            await reply(interaction, exc.message)
            return
        interaction.extras["committed"] = True
        await answer_after_commit(interaction, reply(
            interaction, tx._("{player} now plays {before}'s seat in game #{number}.", player=record.mention(handed),
                              before=before, number=record.id)))
        await self.refresh_table(record)
        await self.bot.presenter.deliver(record.id)
        if new_player is not None and record.status == "running":
            await self.bot.presenter.send_package(record, handed, "handed")

    def time_ran_out(self, record: GameRecord, seat: str) -> bool:
        """The seat has owed its move for at least one whole turn window (a "wait" time-out moves
        the deadline on but keeps the turn clock running)."""
        hours = record.settings.get("turn_hours") or 0
        if not hours or seat not in record.to_act or record.turn_started_at is None:
            return False
        return self.bot.clock() - record.turn_started_at >= timedelta(hours=hours)

    @app_commands.command(name="language", description="The language the bot speaks to you alone (replies, DMs)")
    @app_commands.describe(language="English, Polski, Italiano, or your Discord app's language")
    @app_commands.choices(language=READER_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        if language not in (*lang.LANGUAGES, FOLLOW_DISCORD):
            await reply(interaction, lang.here("core")._("Choose a language from the list: {languages}, or your "
                                                         "Discord's.", languages=", ".join(lang.NAMES.values())))
            return
        choice = None if language == FOLLOW_DISCORD else language
        await self.bot.service.set_language(interaction.user.id, choice)
        interaction.extras.pop(LANGUAGE, None)
        tx = await reader_texts(interaction)
        if choice is None:
            said = tx._("I will speak to you in your Discord app's language ({language}).",
                        language=lang.NAMES[lang.of_discord_locale(interaction.locale)])
        else:
            said = tx._("I will speak to you in {language}.", language=lang.NAMES[choice])
        await reply(interaction, said + " " + tx._("A table's public posts follow the table's language."))

    @app_commands.command(name="server-language",
                          description="The language of this server's new tables (Manage Server)")
    @app_commands.describe(language="English, Polski, Italiano, or the server's Discord language")
    @app_commands.choices(language=[*LANGUAGE_CHOICES, app_commands.Choice(
        name="follow the server's Discord language", value=FOLLOW_DISCORD)])
    @app_commands.guild_only()
    async def server_language(self, interaction: discord.Interaction, language: str) -> None:
        tx = await reader_texts(interaction)
        if not getattr(interaction.permissions, "manage_guild", False):
            await reply(interaction, tx._("Only someone with Manage Server can set the server's language."))
            return
        if language not in (*lang.LANGUAGES, FOLLOW_DISCORD):
            await reply(interaction, tx._("Choose a language from the list."))
            return
        choice = None if language == FOLLOW_DISCORD else language
        await self.bot.service.set_server_language(interaction.guild_id or 0, choice)
        now = await languages.server_language(self.bot.service, interaction.guild_id, interaction.guild_locale)
        await reply(interaction, tx._("New tables in this server will play in {language} (`/game new language:` "
                                      "picks another for one table).", language=lang.NAMES[now]))

    @app_commands.command(name="notify", description="How you hear that it's your turn: off, mention, or DM")
    @app_commands.describe(mode="off: never pinged; mention: pinged in the game's channel; dm: pinged and a DM",
                           quiet_from="Start of your quiet hours (your own clock, 0-23): no DMs then",
                           quiet_to="End of your quiet hours (0-23); the same as quiet_from clears them",
                           utc_offset="Your clock's offset from UTC in hours, e.g. 1 for Warsaw in winter")
    @app_commands.choices(mode=[app_commands.Choice(name="off: no pings, no DMs", value="off"),
                                app_commands.Choice(name="mention me when my turn begins", value="mention"),
                                app_commands.Choice(name="mention me and DM me", value="dm")])
    async def notify(self, interaction: discord.Interaction, mode: str,
                     quiet_from: app_commands.Range[int, 0, 23] | None = None,
                     quiet_to: app_commands.Range[int, 0, 23] | None = None,
                     utc_offset: app_commands.Range[int, -12, 14] | None = None) -> None:
        tx = lang.here("core")
        if mode not in ("off", "mention", "dm"):
            await reply(interaction, tx._("Choose off, mention or dm."))
            return
        if (quiet_from is None) != (quiet_to is None):
            await reply(interaction, tx._("Give both quiet_from and quiet_to (the same hour twice clears them)."))
            return
        quiet = (quiet_from, quiet_to) if quiet_from is not None and quiet_to is not None else None
        player = await self.bot.service.set_preferences(interaction.user.id, mode, quiet, utc_offset)
        said = {"off": tx._("You won't be mentioned or DMed when your turn begins; `/game list` shows "
                            "what waits on you."),
                "mention": tx._("You'll be mentioned in the game's channel when your turn begins."),
                "dm": tx._("You'll be mentioned and get one DM when your turn begins (allow DMs from "
                           "server members).")}[mode]
        if player.quiet_from is not None and player.quiet_from != player.quiet_to:
            offset = f"UTC{player.utc_offset:+g}" if player.utc_offset else "UTC"  # +g: a float stored before
            said += " " + tx._("No DMs between {start}:00 and {end}:00 ({offset}).", start=player.quiet_from,
                               end=player.quiet_to, offset=offset)
        await reply(interaction, said)


async def setup(bot: TabletopBot) -> None:
    bot.add_dynamic_items(TableButton, ComputerSelect, PanelButton, HandButton, ActButton, ActSelect, UndoButton,
                          GroupSelect, BackButton, ReplayButton, ConfirmButton)
    bot.presenter.use_controls(Controls(bot))
    await bot.add_cog(Lobby(bot))
