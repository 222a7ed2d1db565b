"""`/maquis help`: the game explained for a newcomer, one topic per embed."""
from __future__ import annotations

import lang

N_ = lang.N_

HELP_TOPICS: list[tuple[str, str]] = [
    ("overview", N_("What the game is")),
    ("day", N_("A Day, step by step")),
    ("placement", N_("Placement: partisans and patrols")),
    ("actions", N_("Actions: locations, routes home, arrests")),
    ("missions", N_("Missions and winning")),
    ("shooting", N_("Shooting, fake papers, spare rooms, airdrops")),
    ("team", N_("Team play: the Day's leader")),
    ("board", N_("Reading the board image")),
    ("commands", N_("Playing on Discord: commands and buttons")),
]

TEXT: dict[str, str] = {  # worded where read (cogs.gamecog.help_page)
    "overview": N_(
        "France, 1944. You lead a cell of the **Resistance** in an occupied town. Complete **two missions** "
        "before the Days run out (Day 15 on Normal) and you win. You lose at once if **morale reaches 0** or "
        "**no partisan is left**. At the end of the Days, missions done count as points: 2 a Victory, 1 a "
        "Draw, 0 a Defeat.\n\n"
        "• A solo game, played here **solo** or by a **team of 2-4** sharing one resistance (co-operative): "
        "each Day one member leads and decides everything.\n"
        "• Every Day you send partisans out into the town; the **Milice** and German **Soldiers** patrol the "
        "streets; every partisan must find a **way home** after its work, or it is **arrested** for good.\n"
        "• Table options: `difficulty` (very_easy, easy, **normal**, tricky, hard, very_hard) and `missions` "
        "(**first_game**: Officer's Mansion + Milice Parade Day; random_one_star, random_two_star, "
        "random_mixed, random_three_star; chosen with mission_left/mission_right).\n"
        "Start with `/game new game:Maquis players:1` (or 2-4 for a team). Read on with the topics below."),
    "day": N_(
        "Each Day has four steps; the bot does everything but your decisions:\n"
        "1. **Start**: the Day's leader is named (team play); with a mole in play, the team privately sees "
        "the next patrol card.\n"
        "2. **Placement**: you place a partisan, then a patrol comes out; again, until every partisan in the "
        "Safe House is out; then the remaining patrols come out.\n"
        "3. **Action**: one at a time, you **activate** each placed partisan: it takes one action of its "
        "location, fills a mission box there, or does nothing. Right after, it **goes home** by the roads; "
        "a patrol on the way blocks it. You may **shoot** a Milice once a Day.\n"
        "4. **Maintenance**: patrols leave, the Day marker moves on. Landing on an orange space (Days 3, 6, 9, "
        "12, 14) costs 1 morale.\n"
        "A step with only one possible choice is taken for you."),
    "placement": N_(
        "**How many patrols**: the larger of your available partisans and the red number on the morale "
        "space (morale 1: 5 · 2-4: 4 · 5-6: 3 · 7: 2). With soldiers on their track, the last patrols of the "
        "Day are Soldiers (they can't be shot).\n"
        "**Where a partisan may go**: any location with no pawn on it, except a Safe House, an empty Field, "
        "a closed location, or a mission card that takes no partisan. `/maquis place` lists the free spots "
        "with what each offers and how clear the road home is *now* (more patrols are still to come!).\n"
        "**A patrol** draws the top patrol card: it goes to the first of the card's three locations with no "
        "pawn. If all three hold a pawn, it goes to the first holding a partisan and **arrests** it.\n"
        "**Fake papers**: with some in the stock you may send one with the partisan (not to the Café or a "
        "Field): it gets past one patrol on the way home."),
    "actions": N_(
        "**Locations**: Café (1 food: recruit a waiting partisan) · Radio A/B (1 intel, or order an airdrop) "
        "· Fence (1 money → 1 weapon) · Doctor (+1 medicine) · Grocer (+1 food) · Poor District (1 food + "
        "1 medicine → morale +1 ★) · Black Market (1 food or 1 medicine → 1 money, morale −1) · Spare rooms "
        "(2 money: build a tile ★) · Fields (collect an airdrop) · Rue Baradat, Pont du Nord, Pont Leveque "
        "(missions only). Actions are offered only when you can pay.\n"
        "**Route home**: after acting, a partisan walks the roads to a Safe House through locations with no "
        "patrol. Partisans and resources don't block.\n"
        "**Arrest**: no way home → the partisan is lost for good. An action with the shield ★ still counts; "
        "otherwise its cost stays paid and its reward is lost."),
    "missions": N_(
        "Two mission cards sit above the town's top exits (left: from the Fence; right: from Pont du Nord). "
        "A mission is done box by box: a **dashed box** is filled by a partisan at the named location, a "
        "**solid box** by a partisan placed on the card itself (the card is then a location). Numbered boxes "
        "go in order; each costs what it shows. `/maquis missions` shows both cards' texts and boxes.\n"
        "**Winning**: both missions succeed → **Victory** (a three-star Major Success → **Major Victory**). "
        "At the end of the Days: 2 points Victory, 1 a Draw, 0 a Defeat (a Major Success counts 2).\n"
        "**First game**: Officer's Mansion (graffiti at Rue Baradat, Pont Leveque, Pont du Nord, then break in "
        "on the card) and Milice Parade Day (on Days 3, 6, 9, 12, 14 pay 1 weapon at Rue Baradat: success, "
        "but the attacker is arrested)."),
    "shooting": N_(
        "**Shooting**: once a Day in the action phase, pay 1 weapon to remove a **Milice** (never a Soldier): "
        "soldiers +1, morale −1. Not while German Shepherds is unfinished, not without a weapon, not twice a "
        "Day: a shot is offered only when it is allowed. Between a partisan's action and its route you are "
        "asked only when a shot would open its way home or save its papers; after the last activation only "
        "while Assassination can still use it.\n"
        "**Spare rooms**: 2 money builds a tile (from the next Day its action works): Informant (+1 intel), "
        "Counterfeiter (+1 money), Chemist (1 medicine → 1 explosive), Smuggler (+3 food or +3 medicine), "
        "Propagandist (morale +1 ★), Pharmacist (2 medicine → 1 poison), Forger (2 money + 1 intel → 1 fake "
        "papers), Fixer (copy a tile not built, +1 money), Safe House (a second way home).\n"
        "**Airdrops**: at a Radio, choose a drop (Normal: 1 weapon, 1 money or 3 food) and an empty Field; "
        "from the next Day a partisan on that Field collects it.\n"
        "**Stock**: 4 tokens of each resource exist; the stock is shared. Morale tops out at 7, soldiers at 5."),
    "team": N_(
        "With 2-4 players, you are **one resistance**. Seats go in join order: seat 1 leads the first Day, "
        "seat 2 the next, and so on around the table.\n"
        "• The **Day's leader** makes every decision of that Day; only they get the buttons and are "
        "mentioned when their Day begins. The others watch the channel (and talk!): the waiting line always "
        "says whose Day it is.\n"
        "• The leader may hand the rest of the Day to the next member at any time (`/maquis handover`). A "
        "leader who "
        "misses the deadline passes the Day on the same way.\n"
        "• The mole's peek at the patrol deck is shown to every member privately, never in the channel.\n"
        "• Everyone wins or loses together.\n"
        "Solo in a server: you play, the channel watches."),
    "board": N_(
        "**Header**: the Day and the phase (the post names whose Day it is); morale, soldiers, points and "
        "what is asked now; at the end, the result.\n"
        "**Top row**: the stock (count by resource), the two mission cards (their boxes, solid or dashed, gold "
        "when filled; stars top right; SUCCESS when done, otherwise the best result still reachable; a mole or "
        "cryptographer held on the card sits on it), "
        "the morale track (red numbers: the least patrols a Day) and the soldiers track.\n"
        "**Left**: the Day track; the framed space is today, orange spaces cost 1 morale on landing (triangles "
        "instead in Hard and Very Hard), END is the last.\n"
        "**The town**: locations joined by roads (the ways home); a red **X** on a road means it is closed (the "
        "parade) or its bridge has fallen; a grey box is closed by a mission; a built spare room shows its "
        "tile. The Safe House shows how many partisans are home, the Café how many wait.\n"
        "**Pawns**: a partisan is a white disc (a green tick: already activated; a small card beside it: fake "
        "papers). A patrol is a coloured disc: **M** Milice (can be shot), **S** Soldier. Grey triangles are AA "
        "guns, the pink diamond the Dark Lady; coloured squares on a Field are its airdrop.\n"
        "**Right**: the spare-room tiles not built yet. **Bottom**: the patrol deck's size and the public "
        "discard pile (the cards drawn, newest last; `/maquis patrols` lists them all).\n"
        "`/game status` shows the latest board at any time."),
    "commands": N_(
        "`/game new` opens a table (pick Maquis, 1 player for solo, 2-4 for a team; options e.g. "
        "`difficulty=easy missions=random_mixed`); others press **Join**; the creator presses **Start**.\n"
        "When it's your decision press **My turn: show my choices** under the latest post, or `/maquis panel`: "
        "pick the location (placement) or the partisan (action) first, then what to do. Or type commands, "
        "whose autocomplete lists only what is legal now:\n"
        "`/maquis place location [papers]` · `/maquis activate partisan [action]` · `/maquis shoot at` · "
        "`/maquis home` (send the partisan home without a shot) · `/maquis end` (end the action phase) · "
        "`/maquis choose option` (mission exits, Double Agent, which bridge falls) · `/maquis handover` (team) · "
        "`/maquis missions` (the cards' texts and the best result still reachable) · `/maquis patrols` (the "
        "public discard pile of patrol cards).\n"
        "`/game undo` takes back a step until a patrol card is drawn. `/game status` shows the board, "
        "`/game log` the recent moves, `/game hand` the mole's peek, `/game notify` DMs you when your Day begins."),
}

COLOUR = "#3b5d3a"
RULES = "docs/rules/maquis.md"  # shown in the reader's language where there is one
