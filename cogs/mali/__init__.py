"""`/mali ...`: every Mali Powstańcy action as a slash command, with legal-only autocomplete."""
from __future__ import annotations

import logging
import re
import unicodedata
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import lang
from bot import gate
from bot.texts import fit
from cogs.common import Panel, reply, seat_of
from cogs.gamecog import GameCog, game_help, help_page, perform
from cogs.mali.help import COLOUR, HELP_TOPICS, RULES, TEXT
from cogs.mali.ui import MaliUI, action_word, objective_line, objective_text, order_line
from cogs.panel import number, seated, show_panel, waiting_on
from games.mali import BOARD
from games.mali.board import card_colour

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import GameRecord

log = logging.getLogger(__name__)
KEY = "mali"
Choices = list[app_commands.Choice[str]]


def place(node: str) -> str:
    return lang.here(KEY).say(BOARD.place(node))


def fold(text: str) -> str:
    """For matching typed names: lower case, without Polish diacritics (ł too)."""
    text = text.strip().lower().replace("ł", "l")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def ranked_targets(routes: dict[str, list[str]]) -> list[str]:
    """Reachable spaces, named locations first (nearest first), then plain spaces: far named
    targets are never crowded out by the many plain spaces nearby."""
    named = set(BOARD.locations)
    return sorted(routes, key=lambda n: (n not in named, len(routes[n]), place(n)))


def find_target(routes: dict[str, list[str]], typed: str) -> str | None:
    """The reachable space a typed destination means: its id, its name (any case, with or without
    diacritics), or the one named location whose name contains the text."""
    if typed in routes:
        return typed
    want = fold(typed)
    if not want:
        return None
    exact = [n for n in ranked_targets(routes) if fold(place(n)) == want]
    if exact:
        return exact[0]
    named = [n for n in routes if n in BOARD.locations and want in fold(place(n))]
    return named[0] if len(named) == 1 else None


def order_text(view: dict[str, Any], oid: str) -> str:
    if not view["orders"].get(oid):
        return oid
    return order_line(view, oid)


def match(current: str, choices: list[app_commands.Choice[str]]) -> Choices:
    lowered = fold(current)
    return [c for c in choices if lowered in fold(c.name) or lowered in str(c.value).lower()][:25]


def objective_options(view: dict[str, Any]) -> list[discord.SelectOption]:
    """The six dealt objectives, each readable in full, from the seat's own view (the deck holds
    identical cards, so the label starts with the card's id)."""
    tx = lang.here(KEY)
    return [discord.SelectOption(label=fit(tx._("{id} · {objective}", id=o["id"], objective=objective_text(o)), 100),
                                 value=o["id"],
                                 description=tx.n_("{colour} card · {count} point", "{colour} card · {count} points",
                                                   int(o["points"]), colour=tx.say(card_colour(o["colour"])))[:100])
            for o in (view.get("me") or {}).get("objective_hand", [])]


def distinct_sets(legal: list[tuple[dict[str, Any], str]],
                  hand: dict[str, dict[str, Any]]) -> list[tuple[dict[str, Any], str]]:
    """The sets of three objectives that differ in what they ask (copies of one card differ only
    by their ids): each set once, so that no two choices look alike."""
    seen: set[tuple[tuple[str, str, int], ...]] = set()
    out: list[tuple[dict[str, Any], str]] = []
    for a, label in legal:
        cards = [hand.get(i) or {"text": i, "colour": "", "points": 0} for i in a["ids"]]
        key = tuple(sorted((str(c["text"]), str(c["colour"]), int(c["points"])) for c in cards))
        if key not in seen:
            seen.add(key)
            out.append((a, label))
    return out


class ObjectiveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                      template=r"tr:mo:(?P<gid>\d+):(?P<ver>\d+)"):
    """The objective draft in one multi-select: six options, exactly three to tick."""

    def __init__(self, gid: int, ver: int, options: list[discord.SelectOption] | None = None) -> None:
        options = options or [discord.SelectOption(label="…", value=str(i)) for i in range(3)]
        super().__init__(discord.ui.Select(custom_id=f"tr:mo:{gid}:{ver}", options=options,
                                           min_values=3, max_values=3,
                                           placeholder=lang.here(KEY)._("Tick 3 objectives, one of each colour")))
        self.gid, self.ver = gid, ver

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ObjectiveSelect:
        return cls(number(match["gid"]), number(match["ver"]), list(getattr(item, "options", [])))

    async def callback(self, interaction: discord.Interaction) -> None:
        found = await seated(interaction, self.gid)
        if found is None:
            return
        record, _seat = found
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        ids = [str(v) for v in values] if isinstance(values, list) else []
        # Other players' picks move the version on; the engine checks the pick itself (a stale
        # or illegal one gets its friendly refusal), so the version is not compared here.
        await perform(interaction, record, {"type": "choose_objectives", "ids": ids})


def objective_picker(record: GameRecord, seat: str) -> tuple[str, discord.ui.View] | None:
    """The draft select for the seat, or None when it has nothing to pick."""
    view = gate.private(record, seat) or {}
    options = objective_options(view)
    if len(options) < 3 or not any(a["type"] == "choose_objectives" for a, _ in gate.choices(record, seat)):
        return None
    holder = Panel(record.id, seat, record.version)  # closed once the seat's draft is done
    holder.add_item(ObjectiveSelect(record.id, record.version, options))
    text = lang.here(KEY)._("Your 6 objective cards: tick the 3 you keep, one of each colour. They score at the end "
                            "if Warsaw holds.\n{objectives}", objectives="\n".join(
                                f"• {objective_line(o)}" for o in (view.get("me") or {}).get("objective_hand", [])))
    return text, holder


class Mali(GameCog, group_name="mali", group_description="Play Mali Powstańcy. Warszawa 1944"):
    key = KEY
    help = game_help("Mali Powstańcy", HELP_TOPICS, help_page(KEY, COLOUR, HELP_TOPICS, TEXT, RULES))

    async def run(self, interaction: discord.Interaction, game: int | None, action: dict[str, Any]) -> None:
        record = await self.running(interaction, game)
        if record is None:
            return
        await perform(interaction, record, action)

    async def open_panel(self, interaction: discord.Interaction, record: GameRecord) -> None:
        seat = seat_of(interaction, record)
        picker = objective_picker(record, seat) if seat is not None else None
        if picker is not None:  # the draft: the six objectives in one list to tick
            await reply(interaction, picker[0][:2000], view=picker[1])
            return
        await show_panel(interaction, record.id)

    # --- secret choices ----------------------------------------------------------------------
    @app_commands.command(name="card", description="Choose this round's movement card (secret until all chose)")
    @app_commands.describe(value="A card from your hand", game="Which game (when several share the channel)")
    async def card(self, interaction: discord.Interaction, value: app_commands.Range[int, 1, 5],
                   game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "choose_card", "value": value})

    @card.autocomplete("value")
    async def card_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        record, legal = await self.legal_of(interaction, "choose_card")
        if record is None:
            return []
        extended = record.options.get("variant") == "extended"

        return [app_commands.Choice(name=f"{a['value']}" + (fit(f" — {action_word(a['value'])}", 90) if extended
                                                             else ""),
                                    value=a["value"]) for a, _ in legal if current in str(a["value"])]

    @app_commands.command(name="objectives", description="Keep 3 secret objectives of different colours")
    @app_commands.describe(keep="Leave empty to tick 3 of your 6 in a list; or three ids, e.g. S01,S08,S13",
                           game="Which game (when several share the channel)")
    async def objectives(self, interaction: discord.Interaction, keep: str | None = None,
                         game: int | None = None) -> None:
        if keep is None or not keep.strip():
            record = await self.running(interaction, game)
            if record is None:
                return
            seat = seat_of(interaction, record)
            picker = objective_picker(record, seat) if seat is not None else None
            if picker is None:
                await reply(interaction, lang.here(KEY)._("You have no objectives to pick now. {waiting}",
                                                          waiting=waiting_on(record)))
                return
            await reply(interaction, picker[0][:2000], view=picker[1])
            return
        ids = sorted(x.strip().upper() for x in keep.replace(" ", ",").split(",") if x.strip())
        await self.run(interaction, game, {"type": "choose_objectives", "ids": ids})

    @objectives.autocomplete("keep")
    async def objectives_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "choose_objectives")
        seat = seat_of(interaction, record) if record is not None else None
        if record is None or seat is None:
            return []
        hand = {o["id"]: o for o in ((gate.private(record, seat) or {}).get("me") or {}).get("objective_hand", [])}
        return match(current, [app_commands.Choice(name=fit(label, 100), value=",".join(sorted(a["ids"])))
                               for a, label in distinct_sets(legal, hand)])

    # --- movement ------------------------------------------------------------------------------
    @app_commands.command(name="move", description="Walk a scout to a space by the shortest legal route")
    @app_commands.describe(scout="Your scout", to="Where to (autocomplete shows what you can reach and its cost)",
                           pickups="Pick up orders at their origins on the way (default yes)",
                           game="Which game (when several share the channel)")
    async def move(self, interaction: discord.Interaction, scout: str, to: str, pickups: bool = True,
                   game: int | None = None) -> None:
        record = await self.running(interaction, game)
        if record is None:
            return
        seat = seat_of(interaction, record)
        if seat is None or seat not in record.to_act:
            await reply(interaction, lang.here(KEY)._("It's not your turn. {waiting}", waiting=waiting_on(record)))
            return
        routes = gate.ask(record, seat, "reachable", scout=scout) or {}
        target = find_target(routes, to)
        if target is None:
            want = fold(to)
            ranked = ranked_targets(routes)
            ranked = [n for n in ranked if want and want in fold(place(n))] + \
                [n for n in ranked if not (want and want in fold(place(n)))]
            tx = lang.here(KEY)
            options = ", ".join(f"{place(n)} ({len(routes[n])})" for n in ranked[:12])
            where = place(to) if to in BOARD.nodes else to
            await reply(interaction, tx._("{scout} cannot reach {space} now. From here {scout} can reach: {options}.",
                                          scout=scout, space=where, options=options) if routes else
                        tx._("{scout} cannot reach {space} now. {scout} cannot move now.", scout=scout, space=where))
            return
        actions = gate.ask(record, seat, "walk", scout=scout, to=target, pickups=pickups)
        await perform(interaction, record, actions or [])

    @app_commands.command(name="jump", description="Jump a scout from its location to a neighbouring location")
    @app_commands.describe(scout="Your scout, standing on a location", to="A neighbouring location",
                           game="Which game (when several share the channel)")
    async def jump(self, interaction: discord.Interaction, scout: str, to: str, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "jump", "scout": scout, "to": to})

    @app_commands.command(name="place", description="Put an escaped scout back on the board before you move")
    @app_commands.describe(scout="Your escaped scout", to="Any free space",
                           game="Which game (when several share the channel)")
    async def place_cmd(self, interaction: discord.Interaction, scout: str, to: str, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "place_scout", "scout": scout, "to": to})

    @app_commands.command(name="pickup", description="A scout on an order's origin takes the order")
    @app_commands.describe(scout="Your scout on the order's origin", order="The order to take",
                           game="Which game (when several share the channel)")
    async def pickup(self, interaction: discord.Interaction, scout: str, order: str, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "pick_up", "scout": scout, "order": order})

    @app_commands.command(name="drop", description="A scout drops the order it carries")
    @app_commands.describe(scout="Your scout carrying an order", game="Which game (when several share the channel)")
    async def drop(self, interaction: discord.Interaction, scout: str, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "drop", "scout": scout})

    @app_commands.command(name="end", description="End your turn (or your bonus move) now")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def end(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "end_turn"})

    @app_commands.command(name="finish", description="Extended: stop moving and take the card's action next")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def finish(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "finish_moving"})

    # --- extended actions --------------------------------------------------------------------
    @app_commands.command(name="swap-scouts", description="Card 1: swap two of your scouts in one district")
    @app_commands.describe(a="One of your scouts", b="Another of your scouts in the same district",
                           game="Which game (when several share the channel)")
    async def swap_scouts(self, interaction: discord.Interaction, a: str, b: str, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "swap_scouts", "a": a, "b": b})

    @app_commands.command(name="squad-jump", description="Card 2: a scout on a location jumps to a neighbouring one")
    @app_commands.describe(scout="Your scout, standing on a location", to="A neighbouring location",
                           game="Which game (when several share the channel)")
    async def squad_jump(self, interaction: discord.Interaction, scout: str, to: str, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "squad_jump", "scout": scout, "to": to})

    @app_commands.command(name="swap-orders", description="Card 3: swap two orders on neighbouring track spaces")
    @app_commands.describe(a="An order on the track", b="An order on a neighbouring track space",
                           game="Which game (when several share the channel)")
    async def swap_orders(self, interaction: discord.Interaction, a: str, b: str, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "swap_orders", "a": a, "b": b})

    @app_commands.command(name="peek", description="Card 4: look at the next orders (only you see them)")
    @app_commands.describe(game="Which game (when several share the channel)")
    async def peek(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "peek"})

    @app_commands.command(name="choose", description="Answer the decision the game asks of you")
    @app_commands.describe(option="What you choose (autocomplete lists the choices)",
                           game="Which game (when several share the channel)")
    async def choose(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        record = await self.running(interaction, game)
        if record is None:
            return
        seat = seat_of(interaction, record)
        legal = [(a, label) for a, label in gate.choices(record, seat) if a["type"] in DECISIONS] if seat else []
        picked = next((a for a, _ in legal if decision_value(a) == option), None)
        if picked is None:
            tx = lang.here(KEY)
            choices = "; ".join(label for _, label in legal[:5])
            await reply(interaction, (tx._("That is not one of your choices. You can choose: {choices}.",
                                           choices=choices)
                                      if legal else
                                      tx._("That is not one of your choices. No decision is waiting on you. {waiting}",
                                           waiting=waiting_on(record)))[:2000])
            return
        await perform(interaction, record, picked)

    @choose.autocomplete("option")
    async def choose_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, legal = await self.legal_of(interaction, *DECISIONS)
        return match(current, [app_commands.Choice(name=fit(label, 100), value=decision_value(a))
                               for a, label in legal])

    # --- autocompletes -------------------------------------------------------------------------
    @move.autocomplete("scout")
    @jump.autocomplete("scout")
    @place_cmd.autocomplete("scout")
    @pickup.autocomplete("scout")
    @drop.autocomplete("scout")
    @squad_jump.autocomplete("scout")
    @swap_scouts.autocomplete("a")
    @swap_scouts.autocomplete("b")
    async def scout_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        command = interaction.command.name if interaction.command else ""
        types = {"move": ("step",), "jump": ("jump",), "place": ("place_scout",), "pickup": ("pick_up",),
                 "drop": ("drop",), "squad-jump": ("squad_jump",), "swap-scouts": ("swap_scouts",)}[command]
        record, legal = await self.legal_of(interaction, *types)
        names: list[str] = []
        for a, _ in legal:
            for field in ("scout", "a", "b"):
                if field in a and a[field] not in names:
                    names.append(a[field])
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        where = {s["name"]: s["at"] for p in view["players"] for s in p["scouts"]}
        off_board = lang.here(KEY)._("off the board")  # not in the f-string: the extraction would miss it
        return match(current, [app_commands.Choice(
            name=fit(f"{n} — {place(where[n]) if where.get(n) else off_board}", 100), value=n)
            for n in names])

    @move.autocomplete("to")
    async def move_to_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record = await self.current_record(interaction)
        scout = getattr(interaction.namespace, "scout", None)
        seat = seat_of(interaction, record) if record is not None else None
        if record is None or not scout or seat is None or seat not in record.to_act:
            return []
        try:
            routes: dict[str, list[str]] = gate.ask(record, seat, "reachable", scout=str(scout)) or {}
        except Exception:  # suggestions only: none, but the fault is logged (the Africa cog does the same)
            log.exception("routes for scout %r in game %s", scout, record.id)
            return []
        return match(current, [app_commands.Choice(
            name=lang.here(KEY).n_("{space} · {count} pt", "{space} · {count} pts", len(routes[n]),
                                   space=place(n))[:100], value=n)
            for n in ranked_targets(routes)])

    @jump.autocomplete("to")
    @place_cmd.autocomplete("to")
    @squad_jump.autocomplete("to")
    async def to_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        command = interaction.command.name if interaction.command else ""
        kind = {"jump": "jump", "place": "place_scout", "squad-jump": "squad_jump"}[command]
        _, legal = await self.legal_of(interaction, kind)
        scout = getattr(interaction.namespace, "scout", None)
        targets = [a["to"] for a, _ in legal if not scout or a["scout"] == scout]
        return match(current, [app_commands.Choice(name=fit(place(t), 100), value=t) for t in dict.fromkeys(targets)])

    @pickup.autocomplete("order")
    async def order_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "pick_up")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        scout = getattr(interaction.namespace, "scout", None)
        orders = [a["order"] for a, _ in legal if not scout or a["scout"] == scout]
        return match(current, [app_commands.Choice(name=fit(order_text(view, o), 100), value=o)
                               for o in dict.fromkeys(orders)])

    @swap_orders.autocomplete("a")
    @swap_orders.autocomplete("b")
    async def swap_orders_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "swap_orders")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        other = getattr(interaction.namespace, "a", None)
        ids: list[str] = []
        for a, _ in legal:
            pair = (a["a"], a["b"])
            partners = pair if not other else tuple(y for x, y in (pair, pair[::-1]) if x == other)
            for o in partners:
                if o not in ids:
                    ids.append(o)
        return match(current, [app_commands.Choice(name=fit(order_text(view, o), 100), value=o) for o in ids])


DECISIONS = ("choose_scout", "soldier_to", "block_path", "displace")


def decision_value(action: dict[str, Any]) -> str:
    """A decision as one short string: 'displace:Zosia:node', 'block_path:edge', ..."""
    parts = [action["type"]] + [str(action[k]) for k in ("scout", "to", "edge") if k in action]
    return ":".join(parts)


async def setup(bot: TabletopBot) -> None:
    bot.game_uis[KEY] = MaliUI()
    bot.add_dynamic_items(ObjectiveSelect)
    await bot.add_cog(Mali(bot))
