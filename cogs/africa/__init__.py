"""`/africa ...`: every Heart of Africa action as a slash command, with legal-only autocomplete.

Every choice offered comes from the user's own legal actions (`bot.gate.choices`) and the views;
routes and multi-row changes are worked out by the engine's questions asked through `gate.ask`
(games/africa/queries.py). A command that plays several engine actions passes them to `perform` as
one list: one write, all or nothing.
"""
from __future__ import annotations

import functools
import itertools
import logging
import unicodedata
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import lang
from bot import gate
from bot.texts import fit
from cogs.africa.help import COLOUR, HELP_TOPICS, RULES, TEXT
from cogs.africa.ui import (
    AfricaUI,
    area_english,
    area_name,
    bid_split,
    cmd,
    colour_name,
    conflict_token_text,
    token_name,
    token_power,
    words,
)
from cogs.common import answer_after_commit, match, reply
from cogs.gamecog import GAME_HELP, GameCog, game_help, help_page, perform
from cogs.panel import panel_message, waiting_on
from games.africa.board import AREA, AREAS, MARKERS, SPECIALS, SV, TOKENS, marker_name, marker_say
from games.africa.board import token_name as english_token_name

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import Applied, GameRecord

log = logging.getLogger(__name__)
KEY = "africa"
Action = dict[str, Any]
Choices = list[app_commands.Choice[str]]
IntChoices = list[app_commands.Choice[int]]

# What each kind of action is, in players' words (an infinitive), and the command that plays it.
FAMILY: dict[str, tuple[str, str]] = {
    "start_area": (lang.N_("choose your start area"), "africa start"),
    "bid": (lang.N_("bid"), "africa bid"),
    "pass": (lang.N_("pass"), "africa pass"),
    "place_neutral": (lang.N_("place the neutral trader"), "africa place-neutral"),
    "move": (lang.N_("move your pieces"), "africa move"),
    "recruit": (lang.N_("bring in new traders"), "africa recruit"),
    "change_resource": (lang.N_("move a resource marker"), "africa resource"),
    "use": (lang.N_("play a special"), "africa special"),
    "finish": (lang.N_("finish the special"), "africa finish"),
    "move_neutral": (lang.N_("move neutral traders"), "africa move-neutral"),
    "fight": (lang.N_("start a conflict with a company"), "africa conflict"),
    "fight_neutrals": (lang.N_("fight neutral traders"), "africa conflict"),
    "commit": (lang.N_("commit your bid in the conflict"), "africa commit"),
    "add_token": (lang.N_("add tokens to your commitment"), "africa commit"),
    "retreat_token": (lang.N_("play your retreat token"), "africa retreat-token"),
    "keep": (lang.N_("keep the conflict token"), "africa drawn"),
    "refuse": (lang.N_("refuse the conflict token"), "africa drawn"),
    "redraw": (lang.N_("draw another conflict token"), "africa drawn"),
    "retreat": (lang.N_("choose where a piece retreats"), "africa retreat"),
    "buy_reputation": (lang.N_("buy reputation"), "africa reputation"),
    "decline": (lang.N_("decline reputation"), "africa reputation"),
    "score": (lang.N_("score and end your turn"), "africa score"),
}
DRAWN = {"keep": lang.N_("Keep it and pay its loss"), "redraw": lang.N_("Discard it and draw again"),
         "refuse": lang.N_("Refuse it: reputation −1, you lose the conflict")}
DRAWN_WORD = {"keep": "Keep", "redraw": "Draw again", "refuse": "Refuse"}  # the value the command reads back


def family(kind: str) -> str:
    """A kind of action in the reader's words, with its command: "bid (`/africa bid`)"."""
    tx = lang.here("africa")
    if kind not in FAMILY:
        return kind
    what, command = FAMILY[kind]
    return tx._("{action} ({command})", action=tx._(what), command=cmd(command))


# --- reading what the user typed --------------------------------------------------------------

def folded(text: str) -> str:
    """A text as typed, compared loosely: lower case, single spaces, no accents ("Wybrzeze gwinejskie",
    "Timbuctu" for "Wybrzeże Gwinejskie", "Timbuctù")."""
    t = unicodedata.normalize("NFKD", " ".join(text.split()).lower().replace("ł", "l").replace("’", "'"))
    return "".join(c for c in t if not unicodedata.combining(c))


@functools.cache
def typed_areas(language: str) -> dict[str, str]:
    """Every way of typing an area, folded, to its id: the id, the English name and its name in
    `language`."""
    tx = lang.texts(language, KEY)
    found: dict[str, str] = {}
    for a in AREAS:
        english = str(AREA[a]["name"])
        for text in (a, english, tx.p_("area", english)):
            found.setdefault(folded(text), a)
    return found


def find_area(text: str | None) -> str | None:
    """An area id from an id or a name as typed ("congo", "Guinea Coast"), in English or in the
    reader's language ("Kongo", "Wybrzeże Gwinejskie"; another of ours too); None when unknown."""
    if not text:
        return None
    t = folded(text)
    for language in dict.fromkeys((lang.current(), *lang.LANGUAGES)):
        found = typed_areas(language).get(t)
        if found is not None:
            return found
    return None


def find_marker(text: str | None) -> str | None:
    if not text:
        return None
    t = text.strip().lower()
    for m in MARKERS:
        if t in (m, marker_name(m).lower(), words(marker_say(m)).lower()) or (m == "diamonds" and t == "diamond") \
                or t == m.rstrip("s"):
            return m
    return None


def token_key(tid: str) -> str:
    """Tokens are one choice per special (the engine lists one of two alike): the special's key."""
    if tid in TOKENS:
        return str(TOKENS[tid]["special"] or tid)
    return tid


def find_token(text: str, offered: list[str]) -> str | None:
    """One of the offered token ids from an id or a name ("Movement", "Askari escort")."""
    t = text.strip().lower()
    for tid in offered:
        if t == tid.lower():
            return tid
    if t in TOKENS or t in SV:
        return next((tid for tid in offered if token_key(tid) == token_key(t)), None)
    for tid in offered:
        names = [english_token_name(tid).lower(), token_name(tid).lower()]
        if tid in TOKENS and TOKENS[tid]["special"]:
            names.append(str(SPECIALS[TOKENS[tid]["special"]]["name"]).lower())
            names.append(lang.here("africa")._(str(SPECIALS[TOKENS[tid]["special"]]["name"])).lower())
        if tid in SV:
            names.append(str(SV[tid]["name"]).lower())
        if t in names:
            return tid
    return None


def piece_value(kind: str, area: str) -> str:
    """A piece as the command reads it back, in any language: "Trader in Guinea Coast"."""
    return f"{kind.capitalize()} in {area_english(area)}"


def piece_name(kind: str, area: str) -> str:
    """A piece as the user reads it: "Trader in Guinea Coast"."""
    tx = lang.here("africa")
    if kind == "wholesaler":
        return tx._("Wholesaler in {area}", area=area_name(area))
    return tx._("Trader in {area}", area=area_name(area))


def change_value(marker: str, rows: int) -> str:
    """A resource change in words, read back by `parse_change`: "Gold up 2 rows"."""
    return f"{marker_name(marker)} {'up' if rows > 0 else 'down'} {plural(abs(rows), 'row')}"


def change_name(marker: str, rows: int, row: int) -> str:
    """A resource change as the user reads it: "Gold up 2 rows: 1 → 3 (8 AP)"."""
    tx = lang.here("africa")
    where = {"marker": words(marker_say(marker)), "row": row, "to": row + rows, "ap": 4 * abs(rows)}
    if rows > 0:
        return tx.n_("{marker} up {count} row: {row} → {to} ({ap} AP)",
                     "{marker} up {count} rows: {row} → {to} ({ap} AP)", abs(rows), **where)
    return tx.n_("{marker} down {count} row: {row} → {to} ({ap} AP)",
                 "{marker} down {count} rows: {row} → {to} ({ap} AP)", abs(rows), **where)


def parse_change(text: str) -> tuple[str, int] | None:
    """"Gold up 2 rows", "gold:+2", "africa:-1" -> (marker, signed rows); None when unclear."""
    t = text.strip()
    if ":" in t:
        marker_text, _, rows_text = t.partition(":")
        try:
            rows = int(rows_text or "1")
        except ValueError:
            return None
    else:
        words = t.split()
        low = [w.lower() for w in words]
        way = next((k for k, w in enumerate(low) if w in ("up", "down")), None)
        if way is None:
            return None
        marker_text = " ".join(words[:way])
        count = low[way + 1] if way + 1 < len(low) else "1"
        if not count.isdigit():
            return None
        rows = int(count) * (1 if low[way] == "up" else -1)
    marker = find_marker(marker_text)
    return (marker, rows) if marker is not None and rows else None


def conflict_value(area: str, against: str) -> str:
    """A conflict in words, read back by the `conflict` command: "Blue in Congo", "Neutrals in Congo"."""
    return f"{against.capitalize()} in {area_english(area)}"


def parse_conflict(text: str) -> tuple[str, str]:
    """"Blue in Congo", "Neutrals in Congo", "congo:blue", "Congo" -> (area or the text, who or "")."""
    t = text.strip()
    if ":" in t:
        area_text, _, other = t.partition(":")
        return find_area(area_text) or area_text.strip(), other.strip().lower()
    who, sep, where = t.partition(" in ")
    found = find_area(where) if sep else None
    if found is not None:
        return found, who.strip().lower()
    return find_area(t) or t, ""


def score_value(action: Action) -> str:
    """A scoring token in words: "Gold concession", "Double scoring (1 AP) in Congo"."""
    return english_token_name(action["token"]) + (f" in {area_english(action['area'])}" if "area" in action else "")


def piece_prefix(kind: str) -> str:
    """The words a piece's name begins with in the reader's language, whatever its area, folded:
    "kupiec " ("Kupiec w Kongu", "Kupiec na Saharze"), "commerciante all'ingrosso "."""
    common: list[str] = []
    for column in zip(*(folded(piece_name(kind, a)).split(" ") for a in AREAS), strict=False):
        if len(set(column)) > 1:
            break
        common.append(column[0])
    return "".join(f"{word} " for word in common)


def parse_piece(text: str) -> tuple[str, str] | None:
    """"trader:congo", "wholesaler in Congo", "Congo" (a trader), or as the reader reads it
    ("Kupiec w Kongu"; "Kupiec w Kongo" too: the piece's words, then an area's name) -> (kind, area)."""
    t = text.strip()
    shown = folded(t)
    for k in ("wholesaler", "trader"):
        found = next((a for a in AREAS if folded(piece_name(k, a)) == shown), None)
        if found is not None:
            return k, found
    for k in sorted(("wholesaler", "trader"), key=lambda k: -len(piece_prefix(k))):
        head = piece_prefix(k)
        if head and shown.startswith(head):
            rest = shown[len(head):].split()
            area = next((a for i in range(len(rest)) if (a := find_area(" ".join(rest[i:]))) is not None), None)
            if area is not None:
                return k, area
    kind = "trader"
    if ":" in t:
        kind, _, t = t.partition(":")
    else:
        low = t.lower()
        for k in ("wholesaler", "trader"):
            if low.startswith(k):
                kind, t = k, t[len(k):].strip()
                if t.lower().startswith("in "):
                    t = t[3:]
                break
    area = find_area(t)
    kind = kind.strip().lower()
    return (kind, area) if area and kind in ("trader", "wholesaler") else None


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- the user's choices ------------------------------------------------------------------------

def of_types(legal: list[tuple[Action, str]], *types: str) -> list[tuple[Action, str]]:
    return [(a, label) for a, label in legal if a["type"] in types]


def move_cost(view: dict[str, Any], steps: int) -> str:
    """What a route of `steps` areas costs the mover now."""
    tx = lang.here("africa")
    t = view.get("turn") or {}
    if t.get("mode"):
        return tx.n_("{count} movement point of {left}", "{count} movement points of {left}", steps,
                     left=t["mode"]["left"])
    ap = int(t.get("ap", 0))
    if steps <= ap:
        return tx._("{ap} AP", ap=steps)
    paid = steps - ap
    if ap:
        return tx.n_("{steps} AP: {ap} AP + {count} influence cube", "{steps} AP: {ap} AP + {count} influence cubes",
                     paid, steps=steps, ap=ap)
    return tx.n_("{count} influence cube", "{count} influence cubes", paid)


def friendly_refusal(action: Action, legal: list[tuple[Action, str]], view: dict[str, Any] | None = None) -> str:
    """Why an action of a kind the user may not play now is refused, and what they may do."""
    tx = lang.here("africa")
    kind = str(action["type"])
    kinds = list(dict.fromkeys(a["type"] for a, _ in legal))
    offer = "; ".join(dict.fromkeys(family(k) for k in kinds))
    what = tx._(FAMILY[kind][0]) if kind in FAMILY else kind
    turn = (view or {}).get("turn") or {}
    why = ""
    if kind in ("move", "recruit", "change_resource") and turn.get("step") == "conflicts":
        why = tx._("Action points are spent only in the action step, before the first conflict.")
    elif kind in ("move", "recruit", "change_resource") and turn.get("step") == "actions":
        me = next((p for p in (view or {}).get("players", []) if p["colour"] == (view or {}).get("active")), None)
        why = (tx.n_("You have {ap} AP and {count} influence cube left.",
                     "You have {ap} AP and {count} influence cubes left.", me["influence"], ap=turn.get("ap", 0))
               if me else tx._("You have {ap} AP left.", ap=turn.get("ap", 0)))
    if kind == "score" and "fight" in kinds:
        left = ", ".join(tx._("{player} in {area}", player=colour_name(str(a["against"])), area=area_name(a["area"]))
                         for a, _ in legal if a["type"] == "fight")
        why = tx._("Your compulsory conflicts come first: {conflicts}.", conflicts=left)
    if "place_neutral" in kinds and kind != "place_neutral":
        why = tx._("First place this turn's neutral trader.")
    if why:
        return tx._("You can't {action} now. {why} You may: {choices}.", action=what, why=why, choices=offer)[:1900]
    return tx._("You can't {action} now. You may: {choices}.", action=what, choices=offer)[:1900]


def area_refusal(action: Action, legal: list[tuple[Action, str]], view: dict[str, Any]) -> str | None:
    """Why an area (or a conflict) is not a legal choice for this kind of action, then the legal ones."""
    tx = lang.here("africa")
    kind = action["type"]
    field = {"start_area": "area", "place_neutral": "area", "recruit": "area", "retreat": "to",
             "move_neutral": "to", "fight": "area", "fight_neutrals": "area"}.get(kind)
    if field is None:
        return None
    same = [(a, label) for a, label in legal if a["type"] == kind]
    wanted = action.get(field)
    if wanted not in AREA:
        return tx._("There is no area called {name} on the map. You may choose: {choices}.",
                    name=repr(str(wanted)[:40]), choices="; ".join(label for _, label in same[:15]))
    name = area_name(str(wanted))
    info = view["areas"].get(wanted, {})
    if kind == "start_area":
        why = (tx._("{area} is not on the coast.", area=name) if not AREA[wanted]["coastal"] else
               tx._("{area} holds neutral traders.", area=name) if info.get("neutrals") else
               tx._("{area} already holds another company.", area=name) if info.get("traders") else
               tx._("{area} is not free.", area=name))
        return tx._("{why} Your 5 traders start in a coastal area without neutrals or another company: {choices}.",
                    why=why, choices="; ".join(area_name(a["area"]) for a, _ in same))
    if kind == "place_neutral":
        return tx._("{area} is neither empty nor holding neutrals: the neutral goes into an empty area or one that "
                    "already holds neutrals. You may choose: {choices}.", area=name,
                    choices="; ".join(area_name(a["area"]) for a, _ in same[:20]))
    if kind == "recruit":
        return tx._("A new trader cannot go into {area} now: only into an empty coastal area or a coastal area you "
                    "hold alone (4 AP), or an area you hold alone with a trading station (2 AP), when you can pay. "
                    "You may choose: {choices}.", area=name, choices="; ".join(label for _, label in same[:15]))
    if kind == "retreat":
        return tx._("The piece cannot retreat to {area}: it goes 1 or 2 areas away, never through or into an area "
                    "it must avoid. You may choose: {choices}.", area=name,
                    choices="; ".join(area_name(a["to"]) for a, _ in same))
    if kind == "move_neutral":
        return tx._("A neutral cannot move from {area} to {to}: one area to a neighbour. You may move: {choices}.",
                    area=area_name(str(action.get("from"))), to=name,
                    choices="; ".join(label for _, label in same[:15]))
    return tx._("You cannot start that conflict in {area} now. You may start: {choices}.", area=name,
                choices="; ".join(label for a, label in legal if a["type"] in ("fight", "fight_neutrals")))


class AfricaCog(GameCog, group_name="africa", group_description="Play Heart of Africa"):
    key = KEY
    help = game_help("Heart of Africa", HELP_TOPICS, help_page(KEY, COLOUR, HELP_TOPICS, TEXT, RULES))

    @staticmethod
    def tx() -> lang.Texts:
        return lang.here(KEY)

    # --- playing ---------------------------------------------------------------------------
    async def play(self, interaction: discord.Interaction, game: int | None,
                   build: Action | list[Action] | Callable[[GameRecord, str, list[tuple[Action, str]]],
                                                            Awaitable[Action | list[Action] | None]]) -> None:
        """Check the user may act, build the action(s), refuse a wrong kind in players' words, and play."""
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        legal = gate.choices(record, seat)
        actions = build if isinstance(build, dict | list) else await build(record, seat, legal)
        if actions is None:
            return
        batch = actions if isinstance(actions, list) else [actions]
        if not batch:
            await reply(interaction, self.tx()._("Nothing to do."))
            return
        kinds = {a["type"] for a, _ in legal}
        if batch[0]["type"] not in kinds:
            await reply(interaction, friendly_refusal(batch[0], legal, gate.public(record)))
            return
        if batch[0] not in [a for a, _ in legal]:
            why = area_refusal(batch[0], legal, gate.public(record) or {})
            if why is not None:
                await reply(interaction, why[:1900])
                return
        applied = await perform(interaction, record, batch, quiet=True)
        if applied is not None:
            await answer_after_commit(interaction, self.confirm(interaction, applied, seat))

    async def confirm(self, interaction: discord.Interaction, applied: Applied, seat: str) -> None:
        """The user's own answer: what their command did (public lines and their own secrets), then
        their next choices."""
        text = "\n".join(applied.lines_for(seat, last=10)) or self.tx()._("Done.")
        record = applied.record
        if seat in record.to_act:
            content, view = await panel_message(self.bot, record, seat)
            await reply(interaction, f"{text}\n\n{content}"[:2000], view=view)
        else:
            await reply(interaction, f"{text}\n\n{waiting_on(record)}"[:2000])

    # --- setup and auction -----------------------------------------------------------------
    @app_commands.command(name="start", description="Setup: the coastal area where your 5 traders start")
    @app_commands.describe(area="A coastal area without neutrals or another company", game=GAME_HELP)
    async def start(self, interaction: discord.Interaction, area: str, game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "start_area", "area": find_area(area) or area})

    @app_commands.command(name="bid", description="Bid for the two tokens of row 1 (sealed: in secret)")
    @app_commands.describe(amount="Influence first, the rest in VP (autocomplete shows what each bid costs)",
                           game=GAME_HELP)
    async def bid(self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, 500],
                  game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "bid", "amount": amount})

    @app_commands.command(name="pass", description="Open auction: pass instead of bidding")
    @app_commands.describe(game=GAME_HELP)
    async def pass_(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "pass"})

    # --- the turn --------------------------------------------------------------------------
    @app_commands.command(name="place-neutral", description="Your turn begins: place a neutral trader")
    @app_commands.describe(area="An empty area, or one that already holds neutrals", game=GAME_HELP)
    async def place_neutral(self, interaction: discord.Interaction, area: str, game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "place_neutral", "area": find_area(area) or area})

    @app_commands.command(name="move", description="Move a trader or your wholesaler along a whole route")
    @app_commands.describe(piece="Which piece (autocomplete lists the pieces that can move)",
                           to="Where to (autocomplete lists where it can get, with the cost)", game=GAME_HELP)
    async def move(self, interaction: discord.Interaction, piece: str, to: str, game: int | None = None) -> None:
        async def build(record: GameRecord, seat: str, legal: list[tuple[Action, str]]) -> list[Action] | None:
            moving = of_types(legal, "move")
            if not moving:
                await reply(interaction, friendly_refusal({"type": "move"}, legal, gate.public(record)))
                return None
            parsed = parse_piece(piece)
            starts = list(dict.fromkeys((a["piece"], a["from"]) for a, _ in moving))
            tx = self.tx()
            listing = "; ".join(piece_name(k, a) for k, a in starts[:12])
            if parsed is None:
                await reply(interaction, tx._("I don't know which piece “{piece}” is: name it like “{example}”. "
                                              "You can move: {choices}.", piece=piece[:60],
                                              example=piece_name("trader", "congo"), choices=listing))
                return None
            if parsed not in starts:
                await reply(interaction, tx._("You have no wholesaler in {area} that can move now. You can move: "
                                              "{choices}.", area=area_name(parsed[1]), choices=listing)
                            if parsed[0] == "wholesaler" else
                            tx._("You have no trader in {area} that can move now. You can move: {choices}.",
                                 area=area_name(parsed[1]), choices=listing))
                return None
            kind, src = parsed
            routes: dict[str, list[Action]] = gate.ask(record, seat, "reachable", piece=kind, start=src) or {}
            target = find_area(to)
            if target is None or target not in routes:
                view = gate.private(record, seat) or {}
                ranked = sorted(routes.items(), key=lambda kv: (len(kv[1]), area_name(kv[0])))
                where = "; ".join(f"{area_name(a)} ({move_cost(view, len(r))})" for a, r in ranked[:14])
                if target is None and where:
                    await reply(interaction, tx._("There is no area called {name} on the map. You may choose: "
                                                  "{choices}.", name=repr(to[:40]), choices=where))
                    return None
                name = area_name(target) if target else repr(to[:40])
                piece_words = {"area": area_name(src), "to": name}
                if kind == "wholesaler":
                    head = tx._("Your wholesaler in {area} cannot reach {to} now.", **piece_words)
                else:
                    head = tx._("Your trader in {area} cannot reach {to} now.", **piece_words)
                tail = tx._("It can reach: {choices}.", choices=where) if where else tx._("It cannot move now.")
                await reply(interaction, f"{head} {tail}")
                return None
            return routes[target]

        await self.play(interaction, game, build)

    @app_commands.command(name="recruit", description="Bring new traders from your supply into an area")
    @app_commands.describe(area="Where (autocomplete lists where a new trader may go, with its cost)",
                           count="How many (default 1)", game=GAME_HELP)
    async def recruit(self, interaction: discord.Interaction, area: str,
                      count: app_commands.Range[int, 1, 14] = 1, game: int | None = None) -> None:
        await self.play(interaction, game, [{"type": "recruit", "area": find_area(area) or area}] * count)

    @app_commands.command(name="resource", description="Pay 4 AP a row to move one resource marker")
    @app_commands.describe(change="Which marker, which way and how far (autocomplete lists what you can pay)",
                           game=GAME_HELP)
    async def resource(self, interaction: discord.Interaction, change: str, game: int | None = None) -> None:
        parsed = parse_change(change)
        if parsed is None:
            await reply(interaction, self.tx()._("“{change}” is not a change I understand: pick one from the list, "
                                                 "e.g. “Gold up 1 row” or “Africa marker down 2 rows”.",
                                                 change=change[:40]))
            return
        marker, rows = parsed
        step = 1 if rows > 0 else -1
        await self.play(interaction, game,
                        [{"type": "change_resource", "marker": marker, "step": step}] * abs(rows))

    @app_commands.command(name="special", description="Play the special of one of your action tokens")
    @app_commands.describe(token="Your token (autocomplete lists what you can play now)",
                           target="Where or on what, when the special asks (area, marker or company)",
                           game=GAME_HELP)
    async def special(self, interaction: discord.Interaction, token: str, target: str | None = None,
                      game: int | None = None) -> None:
        async def build(record: GameRecord, seat: str, legal: list[tuple[Action, str]]) -> Action | None:
            uses = [a for a, _ in of_types(legal, "use")]
            if not uses:
                await reply(interaction, friendly_refusal({"type": "use"}, legal, gate.public(record)))
                return None
            offered = list(dict.fromkeys(a["token"] for a in uses))
            tid = find_token(token, offered)
            if tid is None:
                await reply(interaction, self.tx()._("You can't play “{token}” now. You can play: {choices}.",
                                                     token=token[:40],
                                                     choices="; ".join(token_name(t) for t in offered)))
                return None
            options = [a for a in uses if a["token"] == tid]
            if len(options) == 1 and len(options[0]) == 2:
                return options[0]
            wanted = (target or "").strip().lower()
            for a in options:
                if wanted and wanted in (target_value(a), target_name(a).lower(), target_english(a).lower()):
                    return a
            where = find_area(wanted)
            by_area = [a for a in options if where is not None and a.get("area") == where]
            if len(by_area) == 1:
                return by_area[0]
            tx = self.tx()
            targets = "; ".join(target_name(a) for a in options[:15])
            if not wanted:
                await reply(interaction, tx._("Say where: {token} can go to {targets} (the `target` option).",
                                              token=token_name(tid), targets=targets))
            else:
                await reply(interaction, tx._("“{target}” is not a target for it now; choose: {token} can go to "
                                              "{targets} (the `target` option).", target=target,
                                              token=token_name(tid), targets=targets))
            return None

        await self.play(interaction, game, build)

    @app_commands.command(name="finish", description="Stop using a multi-point special and give up the rest")
    @app_commands.describe(game=GAME_HELP)
    async def finish(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "finish"})

    @app_commands.command(name="move-neutral", description="Move neutrals special: move a neutral one area")
    @app_commands.describe(from_="The area a neutral leaves", to="A neighbouring area", game=GAME_HELP)
    @app_commands.rename(from_="from")
    async def move_neutral(self, interaction: discord.Interaction, from_: str, to: str,
                           game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "move_neutral", "from": find_area(from_) or from_,
                                            "to": find_area(to) or to})

    # --- conflicts -------------------------------------------------------------------------
    @app_commands.command(name="conflict", description="Start a conflict with a company or with neutrals")
    @app_commands.describe(with_="Who and where (autocomplete lists the conflicts you may start)",
                           game=GAME_HELP)
    @app_commands.rename(with_="with")
    async def conflict(self, interaction: discord.Interaction, with_: str, game: int | None = None) -> None:
        area, against = parse_conflict(with_)

        async def build(record: GameRecord, seat: str, legal: list[tuple[Action, str]]) -> Action:
            if against in ("neutral", "neutrals"):
                return {"type": "fight_neutrals", "area": area}
            if against:
                return {"type": "fight", "area": area, "against": against}
            # Only an area: the company there if there is one, else its neutrals.
            there = [a for a, _ in of_types(legal, "fight") if a["area"] == area]
            return there[0] if len(there) == 1 else {"type": "fight_neutrals", "area": area}

        await self.play(interaction, game, build)

    @app_commands.command(name="commit", description="Conflict: commit cubes and tokens in secret")
    @app_commands.describe(cubes="Influence cubes to commit (+3 strength each)",
                           tokens="Tokens to add (+9 each), e.g. Movement + Askari escort (autocomplete lists yours)",
                           game=GAME_HELP)
    async def commit(self, interaction: discord.Interaction, cubes: app_commands.Range[int, 0, 500],
                     tokens: str | None = None, game: int | None = None) -> None:
        async def build(record: GameRecord, seat: str, legal: list[tuple[Action, str]]) -> list[Action] | None:
            if not of_types(legal, "commit"):
                await reply(interaction, friendly_refusal({"type": "commit"}, legal, gate.public(record)))
                return None
            offered = [a["token"] for a, _ in of_types(legal, "add_token")]
            picked: list[str] = []
            for part in [p for p in (tokens or "").replace(";", ",").replace("+", ",").split(",") if p.strip()]:
                tid = find_token(part, [t for t in offered if token_key(t) not in map(token_key, picked)]
                                 if part.strip() not in picked else [])
                if tid is None:
                    names = "; ".join(token_name(t) for t in offered) or self.tx()._("none")
                    await reply(interaction, self.tx()._("You can't add “{token}” to this commitment. Tokens you can "
                                                         "add: {choices}.", token=part.strip()[:40], choices=names))
                    return None
                picked.append(tid)
            return [{"type": "add_token", "token": t} for t in picked] + [{"type": "commit", "cubes": cubes}]

        await self.play(interaction, game, build)

    @app_commands.command(name="retreat-token", description="Conflict: commit your retreat token, in secret")
    @app_commands.describe(game=GAME_HELP)
    async def retreat_token(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "retreat_token"})

    @app_commands.command(name="drawn", description="Conflict with neutrals: keep, refuse or redraw the token")
    @app_commands.describe(choice="What to do with the conflict token you drew", game=GAME_HELP)
    async def drawn(self, interaction: discord.Interaction, choice: str, game: int | None = None) -> None:
        word = choice.strip().lower()
        word = {"draw": "redraw", "draw again": "redraw", "again": "redraw"}.get(word, word)
        if word not in DRAWN:
            await reply(interaction, self.tx()._("Choose `keep`, `redraw` or `refuse` (the autocomplete lists what "
                                                 "you may do)."))
            return
        await self.play(interaction, game, {"type": word})

    @app_commands.command(name="retreat", description="Choose where a retreating piece goes")
    @app_commands.describe(to="An area 1 or 2 away (autocomplete lists the legal ones)", game=GAME_HELP)
    async def retreat(self, interaction: discord.Interaction, to: str, game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "retreat", "to": find_area(to) or to})

    @app_commands.command(name="reputation", description="After winning a conflict: 2 influence for +1 reputation")
    @app_commands.describe(buy="Yes: pay 2 influence cubes for +1 reputation; no: keep your cubes",
                           game=GAME_HELP)
    async def reputation(self, interaction: discord.Interaction, buy: bool, game: int | None = None) -> None:
        await self.play(interaction, game, {"type": "buy_reputation" if buy else "decline"})

    @app_commands.command(name="score", description="Score your areas and end your turn")
    @app_commands.describe(bonus="Optional: a victory-point token to use (autocomplete lists those that score)",
                           game=GAME_HELP)
    async def score(self, interaction: discord.Interaction, bonus: str | None = None,
                    game: int | None = None) -> None:
        action: Action = {"type": "score"}
        if bonus:
            tid, sep, area = bonus.partition("@")
            if not sep:
                tid, sep, area = bonus.rpartition(" in ")
                if not sep or find_area(area) is None:
                    tid, area = bonus, ""
            action["token"] = tid.strip()
            if area:
                action["area"] = find_area(area) or area

        async def build(record: GameRecord, seat: str, legal: list[tuple[Action, str]]) -> Action | None:
            if "token" in action and action not in [a for a, _ in legal]:
                scoring = of_types(legal, "score")
                offered = [a["token"] for a, _ in scoring if "token" in a]
                tid = find_token(action["token"], offered)
                same = [a for a, _ in scoring if a.get("token") == tid
                        and ("area" not in action or a.get("area") == action["area"])]
                if tid is not None and len(same) == 1:
                    return same[0]
                if scoring:
                    names = "; ".join(label for a, label in scoring if "token" in a) or self.tx()._("none now")
                    await reply(interaction, self.tx()._("That token can't score for you now. Tokens that score: "
                                                         "{choices}.", choices=names))
                    return None
            return action

        await self.play(interaction, game, build)

    # --- autocompletes ---------------------------------------------------------------------
    @start.autocomplete("area")
    @place_neutral.autocomplete("area")
    @retreat.autocomplete("to")
    @recruit.autocomplete("area")
    async def area_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        command = interaction.command.name if interaction.command else ""
        kind = {"start": "start_area", "place-neutral": "place_neutral", "retreat": "retreat",
                "recruit": "recruit"}[command]
        _, _, legal = await self.my_choices(interaction)
        field = "to" if kind == "retreat" else "area"
        out = []
        for a, label in of_types(legal, kind):
            name = area_name(a[field])
            if kind == "recruit":
                cost = label.rpartition("(")[2].rstrip(")") if label.endswith(")") else self.tx()._("free")
                name = f"{name} · {cost}"
            out.append(app_commands.Choice(name=fit(name, 100), value=area_english(a[field])))
        return match(current, list({c.value: c for c in out}.values()))

    @bid.autocomplete("amount")
    async def bid_ac(self, interaction: discord.Interaction, current: str) -> IntChoices:
        record, seat, legal = await self.my_choices(interaction)
        view = gate.private(record, seat) if record and seat else None
        if not view:
            return []
        colour = (view.get("me") or {}).get("colour", "")
        out = [app_commands.Choice(name=fit(f"{a['amount']} ({bid_split(view, colour, a['amount'])})", 100),
                                   value=int(a["amount"])) for a, _ in of_types(legal, "bid")]
        return [c for c in out if current.strip() in str(c.value)][:25]

    @move.autocomplete("piece")
    async def piece_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, seat, legal = await self.my_choices(interaction)
        view = gate.public(record) if record else None
        if not view:
            return []
        out = []
        for kind, area in dict.fromkeys((a["piece"], a["from"]) for a, _ in of_types(legal, "move")):
            colour = next((p["colour"] for p in view["players"] if p["seat"] == seat), "")
            here = view["areas"][area].get("traders", {}).get(colour, 0)
            shown = piece_name(kind, area)
            if kind == "trader":
                shown = self.tx().n_("{piece} ({count} trader there)", "{piece} ({count} traders there)", here,
                                     piece=shown)
            out.append(app_commands.Choice(name=fit(shown, 100), value=piece_value(kind, area)))
        return match(current, out)

    @move.autocomplete("to")
    async def move_to_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, seat, legal = await self.my_choices(interaction)
        parsed = parse_piece(str(getattr(interaction.namespace, "piece", "") or ""))
        if record is None or seat is None or parsed is None or not of_types(legal, "move"):
            return []
        kind, src = parsed
        try:
            routes: dict[str, list[Action]] = gate.ask(record, seat, "reachable", piece=kind, start=src) or {}
        except Exception:
            log.exception("routes for %s %s in game %s", kind, src, record.id)
            return []
        view = gate.private(record, seat) or {}
        ranked = sorted(routes.items(), key=lambda kv: (len(kv[1]), area_name(kv[0])))
        return match(current, [app_commands.Choice(name=fit(f"{area_name(a)} · {move_cost(view, len(r))}", 100),
                                                   value=area_english(a)) for a, r in ranked])

    @resource.autocomplete("change")
    async def resource_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, seat, legal = await self.my_choices(interaction)
        view = gate.public(record) if record else None
        firsts = [a for a, _ in of_types(legal, "change_resource")]
        if record is None or seat is None or view is None or not firsts:
            return []
        out = []
        for a in firsts:
            m, step = a["marker"], a["step"]
            most = gate.ask(record, seat, "resource_steps", marker=m, step=int(step)) or 1
            row = int(view["table"][m])
            for k in range(1, most + 1):
                out.append(app_commands.Choice(name=fit(change_name(m, k * step, row), 100),
                                               value=change_value(m, k * step)))
        return match(current, out)

    @special.autocomplete("token")
    async def special_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, _, legal = await self.my_choices(interaction)
        offered = list(dict.fromkeys(a["token"] for a, _ in of_types(legal, "use")))
        return match(current, [app_commands.Choice(name=fit(token_name(t), 100), value=english_token_name(t)[:100])
                               for t in offered])

    @special.autocomplete("target")
    async def special_target_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, _, legal = await self.my_choices(interaction)
        chosen = str(getattr(interaction.namespace, "token", "") or "")
        uses = [a for a, _ in of_types(legal, "use")]
        tid = find_token(chosen, list(dict.fromkeys(a["token"] for a in uses))) if chosen else None
        out = [app_commands.Choice(name=fit(target_name(a), 100), value=target_english(a)[:100]) for a in uses
               if (tid is None or a["token"] == tid) and len(a) > 2]
        return match(current, list({c.value: c for c in out}.values()))

    @move_neutral.autocomplete("from_")
    async def neutral_from_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, _, legal = await self.my_choices(interaction)
        view = gate.public(record) if record else None
        if view is None:
            return []
        out = [app_commands.Choice(name=self.tx().n_("{area} ({count} neutral)", "{area} ({count} neutrals)",
                                                     view["areas"][a].get("neutrals", 0), area=area_name(a))[:100],
                                   value=area_english(a))
               for a in dict.fromkeys(x["from"] for x, _ in of_types(legal, "move_neutral"))]
        return match(current, out)

    @move_neutral.autocomplete("to")
    async def neutral_to_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, _, legal = await self.my_choices(interaction)
        src = find_area(str(getattr(interaction.namespace, "from_", "") or getattr(interaction.namespace, "from", "")
                            or ""))
        out = [app_commands.Choice(name=fit(area_name(a["to"]), 100), value=area_english(a["to"]))
               for a, _ in of_types(legal, "move_neutral")
               if src is None or a["from"] == src]
        return match(current, list({c.value: c for c in out}.values()))

    @conflict.autocomplete("with_")
    async def conflict_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, seat, legal = await self.my_choices(interaction)
        view = gate.public(record) if record else None
        if view is None:
            return []
        colour = next((p["colour"] for p in view["players"] if p["seat"] == seat), "")
        out = []
        for a, _ in of_types(legal, "fight", "fight_neutrals"):
            info = view["areas"][a["area"]]
            if a["type"] == "fight":
                theirs = info.get("traders", {}).get(a["against"], 0) + (a["against"] in info.get("wholesalers", []))
                name = self.tx().n_("{player} in {area} (compulsory; their {count} piece against yours)",
                                    "{player} in {area} (compulsory; their {count} pieces against yours)", theirs,
                                    player=colour_name(str(a["against"])), area=area_name(a["area"]))
                value = conflict_value(a["area"], a["against"])
            else:
                traders = info.get("traders", {}).get(colour, 0)
                wh = colour in info.get("wholesalers", [])
                name = self.tx().n_("Neutrals in {area} ({count} neutral; your count up to {strength})",
                                    "Neutrals in {area} ({count} neutrals; your count up to {strength})",
                                    info.get("neutrals", 0), area=area_name(a["area"]),
                                    strength=1 + 2 * traders if wh else traders)
                value = conflict_value(a["area"], "neutrals")
            out.append(app_commands.Choice(name=fit(name, 100), value=value))
        return match(current, out)

    @commit.autocomplete("cubes")
    async def cubes_ac(self, interaction: discord.Interaction, current: str) -> IntChoices:
        _, _, legal = await self.my_choices(interaction)
        out = [app_commands.Choice(name=self.tx()._("{cubes} (+{strength} strength)", cubes=a["cubes"],
                                                    strength=3 * a["cubes"]), value=int(a["cubes"]))
               for a, _ in of_types(legal, "commit")]
        return [c for c in out if current.strip() in str(c.value)][:25]

    @commit.autocomplete("tokens")
    async def tokens_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, _, legal = await self.my_choices(interaction)
        offered = [a["token"] for a, _ in of_types(legal, "add_token")]
        out: list[app_commands.Choice[str]] = []
        for size in range(1, len(offered) + 1):
            for combo in itertools.combinations(offered, size):
                if len({token_key(t) for t in combo}) < size:
                    continue
                strength = sum(int(token_power(t)) for t in combo)
                name = " + ".join(token_name(t) for t in combo) + f" (+{strength})"
                out.append(app_commands.Choice(name=fit(name, 100),
                                               value=" + ".join(english_token_name(t) for t in combo)[:100]))
                if len(out) >= 50:
                    break
        return match(current, out)

    @drawn.autocomplete("choice")
    async def drawn_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, _, legal = await self.my_choices(interaction)
        view = gate.public(record) if record else None
        c = (view or {}).get("conflict") or {}
        tx = self.tx()
        token = conflict_token_text(c["drawn"][-1]) if c.get("drawn") else tx._("the token")
        out = [app_commands.Choice(name=fit(f"{tx._(DRAWN[a['type']])} ({token})", 100) if a["type"] == "keep"
                                   else tx._(DRAWN[a["type"]])[:100], value=DRAWN_WORD[a["type"]])
               for a, _ in of_types(legal, "keep", "redraw", "refuse")]
        return match(current, out)

    @score.autocomplete("bonus")
    async def score_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, seat, legal = await self.my_choices(interaction)
        view = gate.private(record, seat) if record and seat else None
        if view is None:
            return []
        out = []
        for a, label in of_types(legal, "score"):
            if "token" not in a:
                continue
            value = score_value(a)[:100]
            gain = bonus_gain(view, a)
            shown = self.tx()._("{action} (+{vp} VP)", action=label, vp=gain) if gain else label
            out.append(app_commands.Choice(name=fit(shown, 100), value=value))
        return match(current, out)


def bonus_gain(view: dict[str, Any], action: Action) -> int:
    """What a VP token adds to this scoring, from the public map (areas held alone by the scorer)."""
    colour = (view.get("me") or {}).get("colour")
    held = {a: info for a, info in view["areas"].items() if info.get("controller") == colour}
    tid = action.get("token", "")
    if "area" in action:
        return int(held.get(action["area"], {}).get("value", 0))
    token = SV.get(tid, {})
    if "resource" in token:
        return int(token["vp_per_area"]) * sum(1 for info in held.values() if info.get("resource") == token["resource"])
    if "vp_per_station" in token:
        return int(token["vp_per_station"]) * sum(1 for info in held.values() if info.get("station"))
    if "vp" in token:
        return int(token["vp"]) if any(AREA[a]["heart_of_africa"] for a in held) else 0
    return 0


def target_value(action: Action) -> str:
    for k in ("area", "marker", "against"):
        if k in action:
            return str(action[k])
    return ""


def target_english(action: Action) -> str:
    """A special's target as the `target` option reads it back: "Congo", "Gold", "Blue"."""
    if "area" in action:
        return area_english(action["area"])
    if "marker" in action:
        return marker_name(action["marker"])
    if "against" in action:
        return str(action["against"]).capitalize()
    return ""


def target_name(action: Action) -> str:
    if "area" in action:
        return area_name(action["area"])
    if "marker" in action:
        return words(marker_say(action["marker"]))
    if "against" in action:
        return colour_name(str(action["against"]))
    return ""


async def setup(bot: TabletopBot) -> None:
    bot.game_uis[KEY] = AfricaUI()
    await bot.add_cog(AfricaCog(bot))
