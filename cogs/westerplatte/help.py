"""`/westerplatte help`: the game explained for a newcomer, one topic per embed."""
from __future__ import annotations

import lang

HELP_TOPICS: list[tuple[str, str]] = [
    ("overview", lang.N_("What the game is")),
    ("turn", lang.N_("An officer's turn")),
    ("actions", lang.N_("The actions: outposts and tiles")),
    ("germans", lang.N_("The Germans: attack, new card, advance")),
    ("days", lang.N_("Days, events and the end")),
    ("morale", lang.N_("Morale and tokens")),
    ("board", lang.N_("Reading the board image")),
    ("commands", lang.N_("Playing on Discord: commands and buttons")),
]

TEXT: dict[str, str] = {
    "overview": lang.N_(
        "1 September 1939: the Polish garrison of **Westerplatte** is attacked. You are its officers. "
        "**Keep the wall standing until the end of day 7** and you all win; if **two guardhouses** are "
        "ever empty of bricks at the same time, Westerplatte falls and you all lose. It is **co-operative**: "
        "talk, plan, and play your turns in seat order.\n\n"
        "• 1-4 players, one officer each (red, blue, green, yellow). **Solo, you run two officers**, "
        "whose turns alternate.\n"
        "• The wall: five round **outposts A-E** facing five German **paths**, and six **guardhouses 1-6** "
        "behind them, each with an **action tile**. Every wall space starts with 6 bricks.\n"
        "• After every officer's turn the Germans fire, a new German card comes and troops advance.\n"
        "• Difficulty (table option): **easy**, **medium** (default), **hard**.\n"
        "Start a table with `/game new game:7 Days of Westerplatte` (add `options: difficulty=hard` to change "
        "it). Learn the rest with the topics below."),
    "turn": lang.N_(
        "Your turn has four steps; only the first is yours, the bot plays the other three:\n"
        "1. **Moves and actions**: **2 movement** (each moves your officer along one link between wall "
        "spaces) and **1 action**, in any order: step, act, step is fine. Unused points are lost. "
        "Then **end** your moves and actions.\n"
        "2. **German attack**: howitzers and machine guns at the wall remove bricks.\n"
        "3. **A new German card** is drawn: a troop, an air raid or a morale decline.\n"
        "4. **Troop movement**: the card moves the machine guns on the two paths it shows.\n"
        "The action you can take depends on **where you stand**: on an outpost you attack the troop in "
        "front of it; on a guardhouse you use its tile. Only useful actions are offered, and when ending is "
        "all you can do, the bot ends your turn for you.\n"
        "Links: outposts A-B-C-D-E in a row, guardhouses 1-2-3-4-5-6 in a row, and each outpost to the two "
        "guardhouses behind it (A: 1, 2 · B: 2, 3 · C: 3, 4 · D: 4, 5 · E: 5, 6). Everyone starts on outpost C."),
    "actions": lang.N_(
        "**Attack** (on an outpost): hit the troop on the path your outpost faces, on any space. Every "
        "officer standing on your outpost may spend 1 ammunition: 1 damage each, up to the troop's resistance "
        "left. You choose whose ammunition is spent — even a companion's when you have none. Damage stays "
        "until the troop is destroyed.\n"
        "**Tiles** (on a guardhouse):\n"
        "• **+1 Morale**: morale up one step.\n"
        "• **Mortar**: spend 1 shell, 2 damage to a troop on **any** path.\n"
        "• **Mines**: lay a mine on a space of a path that holds no troop; a troop entering or crossing it is "
        "destroyed (table option `mine_on_occupied_path`: any free space).\n"
        "• **Wall rebuild**: 2 bricks from the tile onto one wall space (6 at most).\n"
        "• **Ammunition supply**: take 4 (hard: 3) from the reserve.\n"
        "• **Push back troops**: up to 3 (hard: 2) troops not on space I go 2 spaces back.\n"
        "Shells, mines and bricks on the tiles are limited; they are refilled once, after day 3's event."),
    "germans": lang.N_(
        "After every officer's turn:\n"
        "**German attack**, path A to E: a **howitzer** (always on space I) removes 1 brick, a **machine "
        "gun on space IV** (at the wall) removes its attack (1 or 2), from the outpost its path faces. When "
        "that outpost is empty, each further point hits one of the two guardhouses behind it: **you choose** "
        "which when both have bricks.\n"
        "**New card**: a **troop** goes onto space I of its path (or the next free path to its right); if all "
        "five paths are full, morale falls and the card goes under the deck. An **air raid** lowers morale and "
        "removes a brick from the outpost it names; a **morale decline** lowers morale.\n"
        "**Troop movement**: the card shows two paths; the machine guns there advance by their speed (1 or 3), "
        "stopping at IV. Howitzers never move. Mines destroy troops that enter or cross them."),
    "days": lang.N_(
        "Destroyed troops, air raids and morale declines go onto the **current day's pile**. After the turn in "
        "which the pile reaches **8 cards**, the day ends and an **event** is revealed and resolved (positive: "
        "wall reinforcement, morale up, extra shell, extra mine, extra ammunition; negative: German advance, "
        "naval bombardment, a burnt link). Easy uses only positive events; medium and hard 3 of each.\n"
        "After day 3's event, Mortar, Mines and Wall rebuild are refilled.\n"
        "**You win** when day 7's pile is full and that turn ends with the wall standing. **You lose** the moment "
        "two guardhouses have no bricks at the same time. An empty guardhouse still works as a tile and can "
        "be rebuilt."),
    "morale": lang.N_(
        "The morale marker moves one step at a time from the start space.\n"
        "**Up**: h1 adds a shell, a mine or 2 bricks to a tile (you choose); h2 shares out extra-movement "
        "tokens; h3 shares out extra-action tokens, then the marker returns to start. From a low level, one "
        "step up goes straight back to start.\n"
        "**Down**: l1 loses a shell, a mine or 2 bricks from a tile (you choose); l2 gives every officer "
        "limited-movement tokens; l3 costs the officers 5 ammunition in all (you choose how many each "
        "loses, in one answer), then the marker "
        "returns to start.\n"
        "**Tokens**: at most one extra-movement (+1 movement) and one extra-action (+1 action) token a turn; "
        "the panel offers them once your movement or action is used. A limited-movement token is spent at the "
        "start of your turn (1 movement fewer). Shares are as even as possible; you choose who gets the rest."),
    "board": lang.N_(
        "**Header**: the day, whose turn it is, what is asked, the current pile, morale and how many "
        "guardhouses are empty (two: defeat).\n"
        "**Top left**: the morale track (the ringed space is the marker). **Top right**: the day piles (the "
        "ringed one is today's) and the events left.\n"
        "**Middle**: the six guardhouse tiles (number, tile, what is left on it) and the five round outposts "
        "A-E below them, linked by lines (the ways officers walk; a burnt link is crossed out). The small red "
        "squares are each wall space's bricks (pale: missing); an outpost's count stands beside them (3/6). "
        "Under the German deck: the shells and mines beside the board.\n"
        "**Officers**: coloured discs on their wall space, showing their ammunition; the gold ring marks the "
        "officer whose turn it is. Their panels along the bottom give ammunition and tokens.\n"
        "**Bottom**: the German paths A-E, **space I far from the wall, IV at the wall**. A troop card shows its "
        "unit, resistance left of total and attack; **M** is a mine. Left: the German deck (cards left, phase-one "
        "cards among them); right: the ammunition reserve and the token supplies."),
    "commands": lang.N_(
        "`/game new` opens a table (pick 7 Days of Westerplatte, the number of players — 1 for solo — and "
        "`options: difficulty=easy|medium|hard`); others press **Join**; the creator presses **Start**.\n"
        "On your turn press **My turn: show my choices** under the latest board, or `/westerplatte panel`: "
        "pick the action first (a menu when there are many), then its target. Or use commands, whose "
        "autocomplete lists only what is legal now:\n"
        "`/westerplatte move to` (walks the whole route) · `/westerplatte attack ammo` · `/westerplatte mortar "
        "path` · `/westerplatte mine path space` · `/westerplatte rebuild wall` · `/westerplatte supply` · "
        "`/westerplatte morale` · `/westerplatte pushback paths` · `/westerplatte token kind` · "
        "`/westerplatte end` · `/westerplatte choose option` (which guardhouse takes damage, morale bonuses and "
        "losses, shares, bricks).\n"
        "`/game undo` takes back a move or action before you end your turn. `/game status` shows the board, "
        "`/game log` the recent moves, `/game notify` DMs you when it's your turn."),
}

COLOUR = "#c8322d"
RULES = "docs/rules/westerplatte.md"  # shown in the reader's language where there is one
