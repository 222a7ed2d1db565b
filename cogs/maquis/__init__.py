"""`/maquis ...`: every Maquis decision as a slash command, with legal-only autocomplete (from the
leader's own choices and the public view). Solo, the player decides; in a team, the Day's leader."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import lang
from bot import gate
from bot.texts import fit
from cogs.common import answer_after_commit, find_game, match, refuse_with_choices, reply, seat_of
from cogs.gamecog import GAME_HELP, GameCog, confirm, game_help, help_page, perform
from cogs.maquis.help import COLOUR, HELP_TOPICS, RULES, TEXT
from cogs.maquis.ui import (
    RESULT,
    MaquisUI,
    discard_lines,
    end_word,
    mission_title,
    offers,
    outlook_text,
    place_name,
    tx,
)
from games.maquis.board import LOCATIONS, MISSIONS, SLOTS, box_say, cost_say, loc_say

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import GameRecord

log = logging.getLogger(__name__)
KEY = "maquis"
Choices = list[app_commands.Choice[str]]
Action = dict[str, Any]
DECISIONS = ("arrange", "remove", "bridge")


# --- reading what the user typed ----------------------------------------------------------------

def norm(text: str) -> str:
    return " ".join(text.strip().lower().replace("_", " ").replace("-", " ").replace("é", "e").split())


def location_id(text: str, view: dict[str, Any] | None) -> str | None:
    """'grocer', 'Pont du Nord', 'spare room w', 'the Sabotage card', 'left' -> a location id."""
    t = norm(text).removeprefix("the ").removesuffix(" card").strip()
    if not t:
        return None
    words = tx()
    for loc, info in LOCATIONS.items():
        names = (info["name"], words.say(loc_say(loc)))
        if t in (norm(loc), *(norm(n) for n in names), *(norm(n).replace("(", "").replace(")", "") for n in names)):
            return loc
    for m in (view or {}).get("missions", []):
        if t in (norm(m["slot"]), norm(m["name"]), norm(mission_title(m["id"])),
                 norm(m["slot"]).removeprefix("mission ")):
            return str(m["slot"])
    return None


def option_value(action: Action) -> str:
    """An action (but its type and place) as a short stable string: 'do=box;box=break_in;mission=…'."""
    return ";".join(f"{k}={action[k]}" for k in sorted(action) if k not in ("type", "at"))


def without_place(label: str, view: dict[str, Any], loc: str | None) -> str:
    """A label of the partisan's action on `loc` without the place, when it begins with it (the
    reader has just named the partisan); as it is otherwise (a language that words it differently)."""
    head = f"{place_name(view, loc)}: " if loc is not None else ""
    return label[len(head):] if head and label.startswith(head) else label


def words(label: str, drop_place: bool = False) -> str:
    """An engine label in players' words: no '(nothing)' cost; without the place when it is known."""
    label = label.replace(" (nothing)", "").replace(f" ({tx().say(cost_say({}))})", "")
    return label.split(": ", 1)[1] if drop_place and ": " in label else label


def route_hints(record: GameRecord, seat: str, locs: list[str]) -> dict[str, int | None]:
    """How many patrols stand between each location and a Safe House now (public knowledge)."""
    hints: dict[str, int | None] = gate.ask(record, seat, "route_costs", places=locs) or {}
    return hints


def route_word(cost: int | None) -> str:
    t = tx()
    if cost == 0:
        return t._("road home clear")
    if cost is None:
        return t._("no way home now")
    return t.n_("{count} patrol on the way home", "{count} patrols on the way home", cost)


def place_refusal(view: dict[str, Any], loc: str | None, text: str) -> str:
    t = tx()
    if loc is None:
        return t._("{text} is not a place on the board.", text=repr(text[:40]))
    name = place_name(view, loc)
    if any(p["at"] == loc for p in view["patrols"]):
        return t._("A patrol stands on {place}.", place=name)
    if any(p["status"] == "placed" and p["at"] == loc for p in view["partisans"]):
        return t._("A partisan is already on {place}.", place=name)
    if loc == "safe_house" or (view.get("rooms") or {}).get(loc) == "safe_house":
        return t._("{place} is a Safe House: partisans start from there, nobody is placed on it.", place=name)
    if loc in (view.get("unusable") or []):
        return t._("{place} is closed while Bomb for the Officer is not done.", place=name)
    if loc in SLOTS:
        return t._("{place} takes no partisan now (no solid box open, or its mission is done).", place=name)
    if loc.startswith("field"):
        return t._("{place} has nothing to collect and no mission use now.", place=name)
    return t._("A partisan cannot be placed on {place} now.", place=name)


def waiting_text(record: GameRecord) -> str:
    view = gate.public(record) or {}
    if record.status != "running" or not record.to_act:
        return tx()._("Game #{id} is over.", id=record.id)
    return MaquisUI().waiting_line(view, record.mention)


class Maquis(GameCog, group_name="maquis", group_description="Play Maquis (solo or a co-operative team)"):
    key = KEY
    help = game_help("Maquis", HELP_TOPICS, help_page(KEY, COLOUR, HELP_TOPICS, TEXT, RULES))
    not_playing = lang.N_("You're not playing in game #{gid}: you can watch. ")  # worded by GameCog (maquis domain)
    not_your_turn = lang.N_("It's not your Day: today's leader decides for the team. ")

    def waiting(self, record: GameRecord) -> str:
        return waiting_text(record)

    async def run(self, interaction: discord.Interaction, game: int | None, actions: Action | list[Action],
                  found: tuple[GameRecord, str] | None = None) -> None:
        found = found or await self.turn_record(interaction, game)
        if found is None:
            return
        applied = await perform(interaction, found[0], actions, quiet=True)
        if applied is not None:
            await answer_after_commit(interaction, confirm(interaction, applied))

    # --- placement -----------------------------------------------------------------------------
    @app_commands.command(name="place", description="Placement: send the next partisan to a location")
    @app_commands.describe(location="Where (autocomplete lists the free spots and what each offers)",
                           papers="Give it 1 fake papers from the stock (gets it past one patrol on the way home)",
                           game=GAME_HELP)
    async def place(self, interaction: discord.Interaction, location: str, papers: bool = False,
                    game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        view = gate.public(record) or {}
        if view.get("phase") != "placement":
            await refuse_with_choices(interaction, tx()._("Partisans are placed only in the placement phase."),
                                      record, seat)
            return
        loc = location_id(location, view)
        action = {"type": "place", "at": loc, "papers": papers}
        legal = [a for a, _ in gate.choices(record, seat)]
        if action not in legal:
            if loc is not None and {**action, "papers": False} in legal:
                why = (tx()._("The stock holds no fake papers.") if not view["stock"].get("fake_papers")
                       else tx()._("Fake papers are not needed on {place}: no patrol can block its way home.",
                                   place=place_name(view, loc)))
            else:
                why = place_refusal(view, loc, location)
            await refuse_with_choices(interaction, why, record, seat, "place")
            return
        await self.run(interaction, game, action, found)

    @place.autocomplete("location")
    async def place_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "place")
        seat = seat_of(interaction, record) if record is not None else None
        view = gate.public(record) if record is not None else None
        if record is None or view is None or seat is None:
            return []
        locs = list(dict.fromkeys(a["at"] for a, _ in legal))
        routes = route_hints(record, seat, locs)
        out = [app_commands.Choice(
            name=fit(f"{place_name(view, loc)} · {offers(view, loc)} · {route_word(routes.get(loc))}", 100),
            value=loc) for loc in locs]
        return match(current, out)

    # --- action phase --------------------------------------------------------------------------
    @app_commands.command(name="activate", description="Action phase: a partisan takes an action where it stands")
    @app_commands.describe(partisan="The partisan, by where it stands (autocomplete lists those not yet activated)",
                           action="What it does (autocomplete lists what it can do now; left out when it "
                           "can do one thing only)", game=GAME_HELP)
    async def activate(self, interaction: discord.Interaction, partisan: str, action: str | None = None,
                       game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        view = gate.public(record) or {}
        if view.get("phase") != "action":
            await refuse_with_choices(interaction, tx()._("Partisans are activated only in the action phase."),
                                      record, seat)
            return
        loc = location_id(partisan, view)
        mine = [(a, label) for a, label in gate.choices(record, seat) if a["type"] == "activate" and a["at"] == loc]
        if not mine:
            name = place_name(view, loc) if loc else repr(partisan[:40])
            done = any(p["at"] == loc and p["status"] == "placed" and p["activated"] for p in view["partisans"])
            why = (tx()._("The partisan on {place} has already acted today.", place=name) if done
                   else tx()._("There is no partisan waiting to act on {place}.", place=name))
            await refuse_with_choices(interaction, why, record, seat, "activate")
            return
        if action is None and len(mine) == 1:
            picked: Action | None = mine[0][0]  # one thing it can do: no question (RULINGS, General)
        else:
            picked = next((a for a, label in mine if action in (option_value(a), label, words(label, True))), None)
        if picked is None:
            head = (tx()._("Say what the partisan does (the `action` option).") if action is None else
                    tx()._("{text} is not something the partisan on {place} can do now.", text=repr(action[:40]),
                           place=place_name(view, loc or "")))
            await reply(interaction, tx()._("{head} It can: {choices}.", head=head,
                                            choices="; ".join(words(label, True) for _, label in mine))[:2000])
            return
        await self.run(interaction, game, picked, found)

    @activate.autocomplete("partisan")
    async def activate_partisan_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "activate")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        locs = list(dict.fromkeys(a["at"] for a, _ in legal))
        cut, saves = view.get("cut_off") or [], view.get("shot_saves") or []
        t = tx()

        def label(loc: str) -> str:
            place, n = place_name(view, loc), sum(1 for a, _ in legal if a["at"] == loc)
            if loc in saves:
                return t.n_("Partisan on {place} · no road home unless a Milice is shot · {count} choice",
                            "Partisan on {place} · no road home unless a Milice is shot · {count} choices", n,
                            place=place)
            if loc in cut:
                return t.n_("Partisan on {place} · arrested if activated (no road home) · {count} choice",
                            "Partisan on {place} · arrested if activated (no road home) · {count} choices", n,
                            place=place)
            return t.n_("Partisan on {place} · {count} choice", "Partisan on {place} · {count} choices", n,
                        place=place)

        return match(current, [app_commands.Choice(name=fit(label(loc), 100), value=loc) for loc in locs])

    @activate.autocomplete("action")
    async def activate_action_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "activate")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        loc = location_id(str(getattr(interaction.namespace, "partisan", "") or ""), view)
        return match(current, [app_commands.Choice(name=fit(without_place(words(label), view, loc), 100),
                                                   value=option_value(a)[:100])
                               for a, label in legal if loc is None or a["at"] == loc])

    @app_commands.command(name="shoot", description="Shoot a Milice (1 weapon; once a Day; soldiers +1, morale -1)")
    @app_commands.describe(at="Where the Milice stands (autocomplete lists the shots allowed now)", game=GAME_HELP)
    async def shoot(self, interaction: discord.Interaction, at: str, game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        view = gate.public(record) or {}
        loc = location_id(at, view)
        action = {"type": "shoot", "at": loc}
        if action not in [a for a, _ in gate.choices(record, seat)]:
            kind = next((p["kind"] for p in view["patrols"] if p["at"] == loc), None)
            if view.get("shot_blocked"):
                why = tx().say(view.get("shot_blocked_say") or view["shot_blocked"])
            elif kind is None:
                why = tx()._("There is no patrol on {place}.", place=place_name(view, loc) if loc else repr(at[:40]))
            elif kind == "soldier":
                why = tx()._("That patrol is a Soldier: only Milice can be shot.")
            else:
                why = tx()._("A shot is not offered now: it would change nothing (no route or fake papers it saves).")
            await refuse_with_choices(interaction, why, record, seat, "shoot")
            return
        await self.run(interaction, game, action, found)

    @shoot.autocomplete("at")
    async def shoot_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "shoot")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        t = tx()
        return match(current, [app_commands.Choice(name=fit(t._("Milice on {place}", place=place_name(view, a["at"])),
                                                                100), value=a["at"]) for a, _ in legal])

    @app_commands.command(name="home", description="Send the activated partisan home now (trace its route)")
    @app_commands.describe(game=GAME_HELP)
    async def home(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.simple(interaction, game, "go_home", lang.N_("No partisan is waiting to go home now."))

    @app_commands.command(name="end", description="End the action phase (when every partisan has acted)")
    @app_commands.describe(game=GAME_HELP)
    async def end(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.simple(interaction, game, "end_day",
                          lang.N_("The action phase ends only once every placed partisan has been activated."))

    @app_commands.command(name="handover", description="Team play: hand the rest of your Day to the next member")
    @app_commands.describe(game=GAME_HELP)
    async def handover(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.simple(interaction, game, "hand_over",
                          lang.N_("You play alone: there is nobody to hand the Day to."))

    async def simple(self, interaction: discord.Interaction, game: int | None, kind: str, why: str) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        if {"type": kind} not in [a for a, _ in gate.choices(record, seat)]:
            await refuse_with_choices(interaction, tx()._(why), record, seat)
            return
        await self.run(interaction, game, {"type": kind}, found)

    # --- choices the rules ask ------------------------------------------------------------------
    @app_commands.command(name="choose", description="Answer the game's question (mission exits, Double Agent, bridge)")
    @app_commands.describe(option="What you choose (autocomplete lists the choices)", game=GAME_HELP)
    async def choose(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        legal = [(a, label) for a, label in gate.choices(record, seat) if a["type"] in DECISIONS]
        picked = next((a for a, label in legal if option in (f"{a['type']}:{option_value(a)}", label)), None)
        if picked is None:
            if legal:
                await reply(interaction, tx()._("{text} is not one of your choices. You can choose: {choices}.",
                                                text=repr(option[:40]),
                                                choices="; ".join(label for _, label in legal))[:2000])
            else:
                await refuse_with_choices(interaction, tx()._("No question is waiting on you now."), record, seat)
            return
        await self.run(interaction, game, picked, found)

    @choose.autocomplete("option")
    async def choose_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, legal = await self.legal_of(interaction, *DECISIONS)
        return match(current, [app_commands.Choice(name=fit(label, 100), value=f"{a['type']}:{option_value(a)}"[:100])
                               for a, label in legal])

    @app_commands.command(name="missions", description="The two mission cards: their boxes and what they ask")
    @app_commands.describe(game=GAME_HELP)
    async def missions(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await find_game(interaction, game, key=KEY, finished_too=True)
        view = gate.public(record) if record is not None else None
        if view is None:
            return
        t = tx()
        embed = discord.Embed(title=t._("Maquis · game #{id} · missions", id=record.id if record else ""),
                              colour=discord.Colour.from_str("#3b5d3a"))
        for m in view["missions"]:
            boxes = ", ".join(("☑" if b["filled"] else "☐") + " " + t.say(box_say(m["id"], b["id"]))
                              for b in m["boxes"])
            text = f"{outlook_text(m)}\n{t._(MISSIONS[m['id']]['text'])}" + \
                ("\n" + t._("Boxes: {boxes}", boxes=boxes) if boxes else "")
            side = t._("left") if m["slot"] == "mission_left" else t._("right")
            res = f" · {t._(RESULT[m['result']])}" if m["result"] else ""
            embed.add_field(name=f"{mission_title(m['id'])} ({side}){res}"[:256], value=text[:1024], inline=False)
        if not view.get("outcome"):
            embed.description = t._("Best end of the game still reachable: **{end}**.", end=end_word(view))
        await reply(interaction, embed=embed)

    @app_commands.command(name="patrols", description="The patrol discard pile (public) and the deck's size")
    @app_commands.describe(game=GAME_HELP)
    async def patrols(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await find_game(interaction, game, key=KEY, finished_too=True)
        view = gate.public(record) if record is not None else None
        if record is None or view is None:
            return
        t = tx()
        pile = discard_lines(view)
        head = t.n_("Maquis · game #{id} · patrol deck: {count} card face down (their order is secret)",
                    "Maquis · game #{id} · patrol deck: {count} cards face down (their order is secret)",
                    int(view["deck_size"]), id=record.id)
        if not pile:
            await reply(interaction, t._("{head}; the discard pile is empty.", head=head))
            return
        await reply(interaction, t._("{head}. The discard pile, oldest first (each card: its three places in "
                                     "order):", head=head) + "\n" + "\n".join(pile)[:1700])


async def setup(bot: TabletopBot) -> None:
    bot.game_uis[KEY] = MaquisUI()
    await bot.add_cog(Maquis(bot))
