"""`/westerplatte ...`: every 7 Days of Westerplatte action as a slash command, with legal-only
autocomplete (from the seat's own choices and the public view)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import lang
from bot import gate
from bot.texts import fit
from cogs.common import Answer, answer_after_commit, bot_of, match, refuse_with_choices, reply, seat_of
from cogs.gamecog import GAME_HELP, GameCog, game_help, help_page, perform
from cogs.panel import panel_message, waiting_on
from cogs.westerplatte.help import COLOUR, HELP_TOPICS, RULES, TEXT
from cogs.westerplatte.ui import (
    WesterplatteUI,
    officer,
    officer_name,
    place,
    place_with_tile,
    route_costs,
    tile_name,
    troop_text,
)
from games.westerplatte.board import PATHS, ROMAN, WALLS

if TYPE_CHECKING:
    from bot.app import TabletopBot
    from bot.service import Applied, GameRecord

log = logging.getLogger(__name__)
KEY = "westerplatte"
Choices = list[app_commands.Choice[str]]
Action = dict[str, Any]
DECISIONS = ("guardhouse", "bonus", "loss", "give", "lose_ammo", "brick")
TARGETED = ("attack", "mortar", "mine", "rebuild", "push_back")
SHORT_NAMES = {"red": lang.N_("Red"), "blue": lang.N_("Blue"), "green": lang.N_("Green"), "yellow": lang.N_("Yellow")}


# --- reading what the user typed ----------------------------------------------------------------

def wall_id(text: str) -> str | None:
    """'outpost C', 'C', 'guardhouse 3', '3', 'guardhouse_3' -> the wall space's id."""
    t = text.lower().replace("-", " ").replace("_", " ").strip()
    if not t:
        return None
    if t.replace(" ", "_") in WALLS:
        return t.replace(" ", "_")
    last = t.split()[-1]
    if last in PATHS:
        return f"outpost_{last}"
    if last.isdigit() and f"guardhouse_{last}" in WALLS:
        return f"guardhouse_{last}"
    return None


def path_id(text: str) -> str:
    t = text.strip().lower()
    return t.removeprefix("path").strip()


def space_number(text: str) -> int | None:
    t = text.strip().upper().removeprefix("SPACE").strip()
    for k, roman in ROMAN.items():
        if t in (roman, str(k)):
            return k
    return None


def officer_ids(text: str, view: dict[str, Any] | None) -> list[str]:
    """'o1,o2', 'red, blue', 'Red officer' -> officer ids (unknown words kept, for the engine to refuse)."""
    out = []
    for part in text.replace("+", ",").replace(" and ", ",").split(","):
        word = part.strip().lower().removesuffix("officer").strip()
        if not word:
            continue
        found = next((o["id"] for o in (view or {}).get("officers", [])
                      if word in (o["id"], o["colour"])), word)
        out.append(found)
    return out


def decision_value(action: Action) -> str:
    if "split" in action:  # "lose_ammo:o1=3,o2=2"
        return f"{action['type']}:" + ",".join(f"{oid}={n}" for oid, n in sorted(action["split"].items()))
    return ":".join([action["type"]] + [str(action[k]) for k in ("wall", "tile", "officer") if k in action])


# --- answering the player -----------------------------------------------------------------------

def clip(lines: list[str], limit: int = 1300) -> str:
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))


async def tell(interaction: discord.Interaction, applied: Applied) -> None:
    """The actor's answer: what their move caused (nothing here is secret), their next choices, and,
    when their turn passed to another officer of their own (solo), the new board."""
    bot = bot_of(interaction)
    record = applied.record
    seat = seat_of(interaction, record)
    text = clip(applied.lines_for(seat)) or lang.here(KEY)._("Done.")
    passed = any(e.get("type") == "turn" for e in applied.events)
    if seat is not None and seat in record.to_act:
        file = None
        if passed:
            view = gate.public(record)
            file = await bot.presenter.board_file(record, view) if view is not None else None
        content, panel = await panel_message(bot, record, seat)
        kwargs: Answer = {"view": panel}
        if file is not None:
            kwargs["file"] = file
        await reply(interaction, f"{text}\n\n{content}"[:2000], **kwargs)
    else:
        await reply(interaction, f"{text}\n\n{waiting_on(record) if record.to_act else ''}".strip()[:2000])


def away_from_tile(view: dict[str, Any], tile: str) -> str | None:
    """Why the active officer cannot use `tile` from where he stands, with the way there; None when
    he stands on it (the engine then says anything else that is wrong)."""
    if (view.get("asked") or {}).get("kind") != "officer_phase":
        return None
    turn = view["turn"]
    here = next(o["at"] for o in view["officers"] if o["id"] == turn["officer"])
    there = next((t["wall"] for t in view["tiles"] if t["tile"] == tile), None)
    if there is None or there == here:
        return None
    tx = lang.here(KEY)
    steps = route_costs(view, here, 12).get(there, [])
    words = {"place": place_with_tile(view, here), "tile": tile_name(tile), "there": place(there)}
    if not steps:
        return tx._("Your officer stands on {place}, not on the {tile} tile: that is on {there}.", **words)
    return tx.n_("Your officer stands on {place}, not on the {tile} tile: that is on {there}. It is {count} step "
                 "away (you have {moves} movement left): `/westerplatte move to:{target}`.",
                 "Your officer stands on {place}, not on the {tile} tile: that is on {there}. It is {count} steps "
                 "away (you have {moves} movement left): `/westerplatte move to:{target}`.", len(steps),
                 moves=turn["moves"], target=place(there), **words)


def target_refusal(view: dict[str, Any], action: Action) -> str | None:
    """Why an action with a target is not possible, in players' words (from the public view);
    None when nothing specific can be said (the engine's own reason is used then)."""
    tx = lang.here(KEY)
    turn, kind = view["turn"], action.get("type")
    if turn["actions"] <= 0:
        return tx._("You have no action left this turn.")
    stock = view["stock"]
    troops = {p["id"]: p["troop"] for p in view["paths"]}
    mines = {p["id"]: p["mines"] for p in view["paths"]}
    paths = [action["path"]] if "path" in action else list(action.get("paths") or [])
    bad = next((p for p in paths if p not in troops), None)
    if bad is not None:
        return tx._("{given} is not a path: the paths are A, B, C, D and E.", given=repr(str(bad)[:20]))
    if kind == "mortar":
        if stock["mortar"] <= 0:
            return tx._("The Mortar tile has no shells left.")
        if troops[action["path"]] is None:
            return tx._("There is no troop on path {path} to fire at.", path=action["path"].upper())
    elif kind == "mine":
        p, k = action["path"], action["space"]
        troop = troops[p]
        if stock["mines"] <= 0:
            return tx._("The Mines tile has no mines left.")
        if k in mines[p]:
            return tx._("Path {path}, space {space} already holds a mine.", path=p.upper(), space=ROMAN.get(k, k))
        if troop is not None and troop["space"] == k:
            return tx._("A troop stands on path {path}, space {space}.", path=p.upper(), space=ROMAN.get(k, k))
        if troop is not None and not view["options"]["mine_on_occupied_path"]:
            return tx._("Path {path} holds a troop: mines go only on a path without one.", path=p.upper())
    elif kind == "rebuild":
        bricks = {w["id"]: w["bricks"] for w in view["walls"]}
        if stock["wall_rebuild"] <= 0:
            return tx._("The Wall rebuild tile has no bricks left.")
        if bricks.get(action["wall"]) == 6:
            name = place(action["wall"])
            return tx._("{place} already has 6 bricks, the most a wall space holds.",
                        place=name[:1].upper() + name[1:])
    elif kind == "push_back":
        most = view["push_back_troops"]
        if len(paths) > most:
            return tx.n_("You may push back at most {count} troop.", "You may push back at most {count} troops.", most)
        for p in paths:
            if troops[p] is None:
                return tx._("There is no troop on path {path}.", path=p.upper())
            if troops[p]["space"] == 1:
                return tx._("The troop on path {path} is on space I already: it cannot go further back.",
                            path=p.upper())
    elif kind == "attack":
        me = next(o for o in view["officers"] if o["id"] == turn["officer"])
        if not me["at"].startswith("outpost"):
            return tx._("You can attack only from a round outpost.")
        for oid in action["officers"]:
            o = next((x for x in view["officers"] if x["id"] == oid), None)
            if o is None:
                return tx._("{given} is not an officer: say red, blue, green or yellow.", given=repr(str(oid)[:20]))
            if o["at"] != me["at"]:
                return tx._("The {officer} is not on {place}: only officers there can spend ammunition.",
                            officer=officer_name(view, oid), place=place(me["at"]))
            if o["ammo"] <= 0:
                return tx._("The {officer} has no ammunition.", officer=officer_name(view, oid))
        troop = troops[me["at"][-1]]
        if troop is None:
            return tx._("There is no troop on path {path} to attack.", path=me["at"][-1].upper())
        if len(action["officers"]) > troop["resistance"] - troop["damage"]:
            return tx.n_("The troop has only {count} resistance left: spend at most that.",
                         "The troop has only {count} resistance left: spend at most that.",
                         troop["resistance"] - troop["damage"])
    return None


class Westerplatte(GameCog, group_name="westerplatte", group_description="Play 7 Days of Westerplatte (co-operative)"):
    key = KEY
    help = game_help("7 Days of Westerplatte", HELP_TOPICS, help_page(KEY, COLOUR, HELP_TOPICS, TEXT, RULES))

    async def run(self, interaction: discord.Interaction, game: int | None, actions: Action | list[Action],
                  found: tuple[GameRecord, str] | None = None, tile: str | None = None) -> None:
        found = found or await self.turn_record(interaction, game)
        if found is None:
            return
        if tile is not None:
            why = away_from_tile(gate.public(found[0]) or {}, tile)
            if why:
                await reply(interaction, why)
                return
        single = actions if isinstance(actions, dict) else None
        if single is not None and single["type"] in TARGETED:
            record, seat = found
            if single not in [a for a, _ in gate.choices(record, seat)]:
                why = target_refusal(gate.public(record) or {}, single)
                if why:
                    await refuse_with_choices(interaction, why, record, seat, single["type"])
                    return
        applied = await perform(interaction, found[0], actions, quiet=True)
        if applied is not None:
            await answer_after_commit(interaction, tell(interaction, applied))

    # --- phase 1: moving -----------------------------------------------------------------------
    @app_commands.command(name="move", description="Walk your officer to a wall space (uses 1 movement per step)")
    @app_commands.describe(to="Where to (autocomplete shows what you can reach and the steps it takes)",
                           game=GAME_HELP)
    async def move(self, interaction: discord.Interaction, to: str, game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        tx = lang.here(KEY)
        view = gate.public(record) or {}
        turn = view["turn"]
        target = wall_id(to)
        if (view.get("asked") or {}).get("kind") != "officer_phase":
            await refuse_with_choices(interaction, tx._("You can't move now: the game asks a choice first."),
                                      record, seat)
            return
        here = next(o["at"] for o in view["officers"] if o["id"] == turn["officer"])
        routes = route_costs(view, here, turn["moves"])
        if target is None or target not in routes:
            what = place(target) if target else repr(to[:40])
            if target == here:
                why = tx._("Your officer already stands on {place}.", place=what)
            elif turn["moves"] == 0:
                why = tx._("You have no movement left this turn.")
            else:
                why = tx._("You can't reach {place} with {moves} movement left.", place=what, moves=turn["moves"])
            reach = ", ".join(f"{place(w)} ({len(r)})" for w, r in sorted(routes.items(), key=lambda kv: len(kv[1])))
            more = (tx._("From {place} you can reach: {places}.", place=place(here), places=reach) if reach else
                    tx._("End your moves and actions, or take an action."))
            await reply(interaction, f"{why} {more}")
            return
        await self.run(interaction, game, [{"type": "move", "to": w} for w in routes[target]], found)

    @move.autocomplete("to")
    async def move_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "move")
        view = gate.public(record) if record is not None else None
        if view is None or not legal:
            return []
        turn = view["turn"]
        here = next(o["at"] for o in view["officers"] if o["id"] == turn["officer"])
        routes = route_costs(view, here, turn["moves"])
        ranked = sorted(routes.items(), key=lambda kv: (len(kv[1]), WALLS.index(kv[0])))
        tx = lang.here(KEY)
        return match(current, [app_commands.Choice(
            name=tx.n_("{place} · {count} step", "{place} · {count} steps", len(r),
                       place=place_with_tile(view, w))[:100], value=w)
            for w, r in ranked])

    @app_commands.command(name="end", description="End your moves and actions: the Germans attack, draw and advance")
    @app_commands.describe(game=GAME_HELP)
    async def end(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "end_turn"})

    @app_commands.command(name="token", description="Use an extra-movement or extra-action token")
    @app_commands.describe(kind="Which token (autocomplete lists those you can use now)", game=GAME_HELP)
    async def token(self, interaction: discord.Interaction, kind: str, game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        tx = lang.here(KEY)
        legal = [a for a, _ in gate.choices(record, seat)]
        if kind not in ("extra_movement", "extra_action"):
            await refuse_with_choices(interaction, tx._("{given} is not a token: say extra_movement or extra_action.",
                                                        given=repr(kind[:30])),
                                      record, seat, "extra_movement", "extra_action")
            return
        if {"type": kind} not in legal:
            view = gate.public(record) or {}
            me = next(o for o in view["officers"] if o["id"] == view["turn"]["officer"])
            who = officer_name(view, me["id"])
            if not me.get(kind):
                why = (tx._("The {officer} holds no extra-movement token.", officer=who) if kind == "extra_movement"
                       else tx._("The {officer} holds no extra-action token.", officer=who))
            elif view["turn"].get(f"used_{kind}"):
                why = (tx._("You already used an extra-movement token this turn (one a turn).")
                       if kind == "extra_movement" else
                       tx._("You already used an extra-action token this turn (one a turn)."))
            elif kind == "extra_movement":
                why = tx._("Use your movement first: the extra-movement token is offered once your movement is "
                           "used up.")
            else:
                why = tx._("Use your action first: the extra-action token is offered once your action is used.")
            await refuse_with_choices(interaction, why, record, seat, "extra_movement", "extra_action")
            return
        await self.run(interaction, game, {"type": kind}, found)

    @token.autocomplete("kind")
    async def token_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, legal = await self.legal_of(interaction, "extra_movement", "extra_action")
        return match(current, [app_commands.Choice(name=fit(label, 100), value=a["type"]) for a, label in legal])

    # --- phase 1: actions ----------------------------------------------------------------------
    @app_commands.command(name="attack", description="From an outpost: fire at the troop on the path in front")
    @app_commands.describe(ammo="Whose ammunition is spent (1 damage each; autocomplete lists the choices)",
                           game=GAME_HELP)
    async def attack(self, interaction: discord.Interaction, ammo: str, game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        await self.run(interaction, game, {"type": "attack", "officers": officer_ids(ammo, gate.public(found[0]))},
                       found, tile=None)

    @attack.autocomplete("ammo")
    async def attack_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "attack")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        tx = lang.here(KEY)
        out = []
        for a, _ in legal:
            who = " + ".join(tx._(SHORT_NAMES[officer(view, o)["colour"]]) for o in a["officers"])
            out.append(app_commands.Choice(name=tx.n_("{count} damage: {officers}'s ammunition",
                                                      "{count} damage: {officers}'s ammunition",
                                                      len(a["officers"]), officers=who)[:100],
                                           value=",".join(a["officers"])))
        return match(current, out)

    @app_commands.command(name="mortar", description="On the Mortar tile: 2 damage to a troop on any path")
    @app_commands.describe(path="The troop's path (autocomplete lists the troops)", game=GAME_HELP)
    async def mortar(self, interaction: discord.Interaction, path: str, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "mortar", "path": path_id(path)}, tile="mortar")

    @mortar.autocomplete("path")
    async def mortar_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "mortar")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        return match(current, [app_commands.Choice(name=fit(troop_text(view, a["path"]), 100), value=a["path"])
                               for a, _ in legal])

    @app_commands.command(name="mine", description="On the Mines tile: lay a mine on a path's space")
    @app_commands.describe(path="Which path (A-E)", space="Which space (I far from the wall … IV at the wall)",
                           game=GAME_HELP)
    async def mine(self, interaction: discord.Interaction, path: str, space: str, game: int | None = None) -> None:
        k = space_number(space)
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        if k is None:
            await refuse_with_choices(interaction, lang.here(KEY)._("{given} is not a space: spaces are I, II, III "
                                                                    "and IV.", given=repr(space[:20])),
                                      found[0], found[1], "mine")
            return
        await self.run(interaction, game, {"type": "mine", "path": path_id(path), "space": k}, found, tile="mines")

    @mine.autocomplete("path")
    async def mine_path_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, legal = await self.legal_of(interaction, "mine")
        paths = list(dict.fromkeys(a["path"] for a, _ in legal))
        tx = lang.here(KEY)
        return match(current, [app_commands.Choice(name=tx._("path {path}", path=p.upper()), value=p) for p in paths])

    @mine.autocomplete("space")
    async def mine_space_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, legal = await self.legal_of(interaction, "mine")
        path = path_id(str(getattr(interaction.namespace, "path", "") or ""))
        spaces = [(a["path"], a["space"]) for a, _ in legal if not path or a["path"] == path]
        seen = list(dict.fromkeys(k for _, k in spaces))
        tx = lang.here(KEY)

        def name(k: int) -> str:
            if k == 1:
                return tx._("space {space} (far from the wall)", space=ROMAN[k])
            if k == 4:
                return tx._("space {space} (at the wall)", space=ROMAN[k])
            return tx._("space {space}", space=ROMAN[k])

        return match(current, [app_commands.Choice(name=name(k), value=ROMAN[k]) for k in seen])

    @app_commands.command(name="rebuild", description="On the Wall rebuild tile: 2 bricks onto one wall space")
    @app_commands.describe(wall="The wall space (autocomplete lists those below 6 bricks)", game=GAME_HELP)
    async def rebuild(self, interaction: discord.Interaction, wall: str, game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        target = wall_id(wall)
        if target is None:
            await refuse_with_choices(interaction, lang.here(KEY)._("{given} is not a wall space: say e.g. `outpost C` "
                                                                    "or `guardhouse 3`.",
                                                                    given=repr(wall[:40])),
                                      found[0], found[1], "rebuild")
            return
        await self.run(interaction, game, {"type": "rebuild", "wall": target}, found, tile="wall_rebuild")

    @rebuild.autocomplete("wall")
    async def rebuild_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "rebuild")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        bricks = {w["id"]: w["bricks"] for w in view["walls"]}
        ranked = sorted((a["wall"] for a, _ in legal), key=lambda w: (bricks[w], WALLS.index(w)))
        tx = lang.here(KEY)
        return match(current, [app_commands.Choice(name=tx.n_("{place} ({count} brick)", "{place} ({count} bricks)",
                                                              bricks[w], place=place(w)), value=w) for w in ranked])

    @app_commands.command(name="supply", description="On the Ammunition supply tile: take ammunition from the reserve")
    @app_commands.describe(game=GAME_HELP)
    async def supply(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "supply"}, tile="ammunition")

    @app_commands.command(name="morale", description="On the +1 Morale tile: raise morale by one step")
    @app_commands.describe(game=GAME_HELP)
    async def morale(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, {"type": "morale"}, tile="morale")

    @app_commands.command(name="pushback", description="On the Push back tile: push troops 2 spaces back")
    @app_commands.describe(paths="The troops' paths, e.g. A,C (autocomplete lists the choices)", game=GAME_HELP)
    async def pushback(self, interaction: discord.Interaction, paths: str, game: int | None = None) -> None:
        chosen = sorted({path_id(p) for p in paths.replace(" ", ",").split(",") if p.strip()},
                        key=lambda p: PATHS.index(p) if p in PATHS else 99)
        await self.run(interaction, game, {"type": "push_back", "paths": chosen}, tile="push_back")

    @pushback.autocomplete("paths")
    async def pushback_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        record, legal = await self.legal_of(interaction, "push_back")
        view = gate.public(record) if record is not None else None
        if view is None:
            return []
        ranked = sorted(legal, key=lambda al: -len(al[0]["paths"]))
        out = []
        for a, _ in ranked:
            spaces = {x["id"]: x["troop"]["space"] for x in view["paths"] if x["troop"]}
            where = ", ".join(f"{p.upper()} ({ROMAN[spaces[p]]})" for p in a["paths"])
            out.append(app_commands.Choice(name=fit(lang.here(KEY)._("Push back {paths}", paths=where), 100),
                                           value=",".join(p.upper() for p in a["paths"])))
        return match(current, out)

    # --- choices the rules ask ------------------------------------------------------------------
    @app_commands.command(name="choose", description="Answer the game's question (guardhouse, morale, shares, bricks)")
    @app_commands.describe(option="What you choose (autocomplete lists the choices)", game=GAME_HELP)
    async def choose(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        found = await self.turn_record(interaction, game)
        if found is None:
            return
        record, seat = found
        legal = [(a, label) for a, label in gate.choices(record, seat) if a["type"] in DECISIONS]
        picked = next((a for a, label in legal if option in (decision_value(a), label)), None)
        if picked is None:
            tx = lang.here(KEY)
            if legal:
                await reply(interaction, tx._("{given} is not one of your choices. You can choose: {choices}.",
                                              given=repr(option[:40]),
                                              choices="; ".join(label for _, label in legal))[:2000])
            else:
                await refuse_with_choices(interaction, tx._("No choice is waiting on you: it's your moves and "
                                                            "actions."), record, seat)
            return
        await self.run(interaction, game, picked, found)

    @choose.autocomplete("option")
    async def choose_ac(self, interaction: discord.Interaction, current: str) -> Choices:
        _, legal = await self.legal_of(interaction, *DECISIONS)
        return match(current, [app_commands.Choice(name=fit(label, 100), value=decision_value(a))
                               for a, label in legal])


async def setup(bot: TabletopBot) -> None:
    bot.game_uis[KEY] = WesterplatteUI()
    await bot.add_cog(Westerplatte(bot))
