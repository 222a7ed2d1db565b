"""`/africa help`: Heart of Africa explained for a newcomer, one topic per embed."""
from __future__ import annotations

import lang

HELP_TOPICS: list[tuple[str, str]] = [
    ("overview", lang.N_("What the game is")),
    ("round", lang.N_("A round and a turn")),
    ("auction", lang.N_("The auction")),
    ("actions", lang.N_("The action step: moving, new traders, resources")),
    ("specials", lang.N_("Action tokens and their specials")),
    ("conflicts", lang.N_("Conflicts with neutrals and with companies")),
    ("scoring", lang.N_("Scoring, the influence pool and the end")),
    ("secrets", lang.N_("Special victory tokens and what is secret")),
    ("board", lang.N_("Reading the board image")),
    ("commands", lang.N_("Playing on Discord: commands and buttons")),
]

TEXT: dict[str, str] = {
    "overview": lang.N_(
        "You run a trading company in 19th-century Africa. Spread your **traders** over the map, hold areas "
        "whose resources are worth the most, and **score victory points (VP)**. The first company to reach "
        "the target (**42 VP**; 60 or 80 for a longer game) wins at once.\n\n"
        "• 2-5 players: red, blue, yellow, green, black. Each has 14 traders to play, a wholesaler, a retreat "
        "token, influence cubes (15 each with 2-3 players, 12 with 4-5) and reputation 2 (of 1-6).\n"
        "• Every round one company wins an **auction** for two action tokens and plays **the only turn** of the "
        "round: it moves, brings new traders, fights, and scores. Everybody else waits for the next auction; "
        "the cubes it spends are shared among them.\n"
        "• Each company also holds a **secret special victory token**.\n\n"
        "Start a table with `/game new game:Heart of Africa` (options: `target_vp`, `sealed_auction`). "
        "Read on: `/africa help topic:A round and a turn`."),
    "round": lang.N_(
        "**Setting up**: from the fewest VP up, each company puts 5 traders in a coastal area with no neutrals "
        "and no other company. The resource table holds the Africa marker on row 0 and the four resources "
        "on rows 1-4; 11 areas start with a resource marker and a neutral trader.\n\n"
        "**Each round:**\n"
        "1. Two action tokens from the stock go face up into row 4.\n"
        "2. **Auction** of the two tokens of row 1 (see `auction`). The winner takes them; rows 2-4 move up.\n"
        "3. The winner's **turn**:\n"
        "   a. **Neutral**: place a neutral trader in an empty area or one already holding neutrals.\n"
        "   b. **Action step**: spend the action points (AP) of the two tokens, plus 1 AP per influence cube "
        "you pay: move, new traders, resource markers (see `actions`). Specials may be played too.\n"
        "   c. **Conflicts**, one at a time: compulsory against every company sharing an area with you, "
        "optional against neutrals (see `conflicts`). The first conflict ends the action step: unused AP are lost.\n"
        "   d. **Scoring** ends the turn (see `scoring`); then the influence pool is shared.\n"
        "If row 1 is empty when an auction is due, the game ends: most VP wins."),
    "auction": lang.N_(
        "**Open auction** (the book's): one round, from most VP to fewest. The first bidder **must** bid "
        "(0 is a bid). Each later player bids more than the highest bid so far, or passes.\n"
        "A bid is a number paid in **influence cubes first**; only the part above all your cubes is paid in "
        "**VP** (at most 10, and only as many as there are free spaces below your marker). The first bidder may "
        "not use VP. Only the winner pays: "
        "cubes into the pool, VP shared equally among all the others (the remainder one each to the fewest VP).\n\n"
        "**Sealed auction** (table option): everybody bids at once, **in secret**; the channel only says who has "
        "bid. When all have bid, the bids are shown together. Highest wins; a tie goes to fewer VP; 0 means no "
        "bid (if all bid 0, the fewest VP takes the row for nothing). The player with most VP may not use VP; "
        "who can bid only 0 is not asked: the bot bids it for him.\n\n"
        "`/africa bid amount` (autocomplete shows what each bid costs you) · `/africa pass`.\n"
        "Tip: the token rows on the board show what is coming up; the AP number on a token is spent only in "
        "the turn it was won."),
    "actions": lang.N_(
        "In the action step you spend the AP of the two tokens you won; each AP more costs 1 influence cube.\n"
        "• **Move**: 1 AP per area entered. Madagascar is reached only along its two arrows (East Africa, "
        "Mozambique); Europe and Arabia are closed. A piece that **enters** an area holding neutrals or another "
        "company's piece **stops** there for the rest of the step (a piece that started there may leave).\n"
        "• **New trader** from your supply: **4 AP** into an empty coastal area or a coastal area you hold alone; "
        "**2 AP** into an area you hold alone with a trading station.\n"
        "• **Resource marker**: 4 AP moves one marker of the resource table one row up or down (0-5). AP may "
        "change only one marker a turn, by as many rows as you pay for. An area is worth the row of its "
        "resource's marker, or of the Africa marker when it has no resource.\n"
        "`/africa move piece to` walks a whole route (autocomplete lists where the piece can get and the cost); "
        "`/africa recruit area [count]` · `/africa resource change` · or the panel's buttons."),
    "specials": lang.N_(
        "Most action tokens carry a **special**. You keep such a token face up after its turn and play it in "
        "**any later turn of yours** (after the neutral, outside a conflict), or commit it in a conflict "
        "(+9 strength). Blank tokens are discarded at the end of the turn. Specials:\n"
        "• **Trading station**: a station in an area with your piece (6 in the game).\n"
        "• **Wholesaler**: your wholesaler enters an area with your trader; in a conflict there your count is "
        "1 + 2 × your other traders, and it is the first piece you lose.\n"
        "• **Movement**: 3 free movement points; after the action step they may still move your pieces, but "
        "never into an area with another company's piece.\n"
        "• **New traders**: up to 2 free new traders. • **Move neutral traders**: 2 steps of neutrals.\n"
        "• **Place / Remove a neutral trader**: one neutral into an area with another company's piece / out of "
        "an area with yours.\n"
        "• **Reputation up** (yours) / **down** (another's) · **Resource up / down** (any marker, free).\n"
        "• **Special victory token**: draw one in secret. • **Double scoring**: in your scoring, one area you "
        "hold scores twice.\n"
        "`/africa special token [target]`; multi-point specials are then spent with `/africa move`, "
        "`/africa recruit`, `/africa move-neutral`, and `/africa finish` gives up the rest."),
    "conflicts": lang.N_(
        "After the action step the active company fights, one conflict at a time, in the order it likes.\n"
        "**Against a company** (compulsory, one per company per area): both sides **commit in secret at the same "
        "time**: influence cubes (+3 each) and held action tokens with a special (+9 each; special victory tokens "
        "too), or the retreat token alone, or nothing. Nothing shows until both have committed; then both are "
        "revealed together. **Strength = count × reputation + bids**; the count is your pieces there (with the "
        "wholesaler 1 + 2 × traders). More strength wins; a tie goes to the defender. Cubes go to the pool, tokens "
        "are discarded.\n"
        "The loser loses one piece there; the winner retreats each of the loser's other pieces 1 or 2 areas, never "
        "into the winner's areas. The winner may pay 2 cubes for +1 reputation.\n"
        "**Retreat token**: you lose but lose no piece, retreat your pieces yourself and **take the other side's "
        "committed cubes and tokens**. Both retreat: nobody wins.\n"
        "**Against neutrals** (optional, your count at least the neutrals): draw a conflict token (no loss, "
        "reputation, influence or traders). For each unit your count exceeds the neutrals you may draw again. Keep "
        "the last and pay it, or refuse it: reputation −1 and you lose. If you still have a piece there you win: "
        "one neutral leaves, you retreat the others.\n"
        "`/africa conflict with` · `/africa commit cubes [tokens]` · `/africa retreat-token` · "
        "`/africa drawn choice` · `/africa retreat to` · `/africa reputation`."),
    "scoring": lang.N_(
        "Only the active company scores, at the end of its turn (`/africa score`):\n"
        "• each area it **holds alone** (neutrals don't matter) scores its value: its resource's row on the resource "
        "table, or the Africa marker's row without a resource;\n"
        "• **−1 VP per neutral** in every area holding its pieces, held alone or not;\n"
        "• the **Heart of Africa** held: +3; each **station** in an area it holds: +1, and +3 more with more "
        "stations than every other company;\n"
        "• one VP token: **Double scoring** or a **special victory token** (only when it gains VP).\n"
        "The marker moves once by the total, counting **free spaces only** (two markers never share a space).\n\n"
        "**Influence pool**: every cube spent in the turn (auction, AP, conflicts) goes to the pool; at the end of "
        "the turn it is shared equally among the other companies; the remainder waits.\n"
        "**The end**: the moment a marker reaches the target (in scoring, or by an auction share) that company wins; "
        "the others rank by VP."),
    "secrets": lang.N_(
        "**Special victory tokens**: you draw one at the start, in secret (your DM, or `/game hand`). How many each "
        "company holds is public; the face shows only when used or committed.\n"
        "• *Gold / Diamond / Ivory / Banana concession*: in your scoring, 2 VP per area you hold with that resource.\n"
        "• *Into the heart*: 5 VP if you hold the Heart of Africa. • *Trading empire*: 3 VP per station you own.\n"
        "• *Askari escort*: 18 strength in a conflict instead of 9. • *Safe conduct*: if you lose the conflict you "
        "lose no piece (you retreat them yourself). • *Favour of the chiefs*: your reputation counts 6 in the "
        "conflict. Any of them may be committed as a plain +9 token.\n\n"
        "**Secret choices**: sealed bids and conflict commitments are made privately (`/africa` commands and panel "
        "buttons answer only you); the channel only says that a company has bid or committed, and shows every bid "
        "together once all are in.\n"
        "Hidden from everybody: the token stock, the conflict-token pile and the box of victory tokens (only "
        "their sizes show)."),
    "board": lang.N_(
        "**Header**: round and stage, what the game waits for, then each company: colour, VP, influence cubes, "
        "reputation and action tokens held (the active or asked company is outlined in yellow).\n"
        "**Map**: each area shows its name and a tag with its resource and current value (\"Gold 3\"; \"Africa 0\" "
        "when it has no resource marker). Below: a brown house = trading station; grey discs = neutral traders "
        "(with their number); coloured discs = a company's traders (with their number); a coloured square with "
        "W = a wholesaler. An area tinted in a company's colour is held by it alone. The Heart of Africa has a red "
        "outline; arrows link Madagascar to East Africa and Mozambique; Europe and Arabia are grey and closed. A "
        "red ring marks the area of the conflict in progress, with the conflict tokens drawn.\n"
        "**Edges**: the VP track 0-80 (the target space is yellow). **Panels**: the resource table (each marker's "
        "row = the value of its areas), reputation 1-6, the four action-token rows (row 1, red, is auctioned "
        "next; each token shows its special and AP), and the supply (neutrals, stations, influence pool, victory "
        "tokens left in the box, discards)."),
    "commands": lang.N_(
        "`/game new` opens a table (pick Heart of Africa, the options, seats, turn time); others press **Join**; the "
        "creator presses **Start**.\n"
        "When you are mentioned press **My turn: show my choices** (or `/africa panel`, `/game play`): your legal "
        "moves as buttons, only for you. Long lists ask for the piece or area first, then the target.\n"
        "Or type commands; their autocomplete offers only what you may do now:\n"
        "• setup: `/africa start area` • auction: `/africa bid amount` · `/africa pass`\n"
        "• turn: `/africa place-neutral area` · `/africa move piece to` (whole routes, with the cost) · "
        "`/africa recruit area [count]` · `/africa resource change` · `/africa special token [target]` · "
        "`/africa move-neutral from to` · `/africa finish`\n"
        "• conflicts: `/africa conflict with` · `/africa commit cubes [tokens]` · `/africa retreat-token` · "
        "`/africa drawn choice` · `/africa retreat to` · `/africa reputation buy`\n"
        "• `/africa score [bonus]` ends your turn.\n"
        "`/game status` shows the board, `/game log` the recent moves, `/game hand` your secrets, `/game undo` takes "
        "back a step that revealed nothing, `/game notify` DMs you when it's your turn. The full rules: "
        "`docs/rules/africa.md`."),
}

COLOUR = "#b5651d"
RULES = "docs/rules/africa.md"  # shown in the reader's language where there is one
