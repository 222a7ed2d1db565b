# ruff: noqa: E501
"""The game data's texts (games/westerplatte/data/westerplatte.json: the events' names and effects),
marked for the catalog: the engine says them with `data_say`, worded where they are shown."""
from __future__ import annotations

import lang

EVENT_TEXTS: list[str] = [
    lang.N_("Wall reinforcement (2)"),
    lang.N_("Put 2 bricks at once on wall spaces with fewer than 6, split as the active player likes (at most 6 per space); bricks that find no room are lost."),
    lang.N_("Wall reinforcement (3)"),
    lang.N_("Put 3 bricks at once on wall spaces with fewer than 6, split as the active player likes (at most 6 per space); bricks that find no room are lost."),
    lang.N_("Morale up"),
    lang.N_("Morale rises by one step (from a low level straight to the start space; entering a high level pays its bonus)."),
    lang.N_("Extra mortar shell"),
    lang.N_("Add 1 mortar shell from beside the board to the Mortar tile, if the tile has room."),
    lang.N_("Extra ammunition"),
    lang.N_("The officers take 4 ammunition tokens from the reserve (as many as are left) and share them as evenly as possible; the active player decides who gets the remainder."),
    lang.N_("Extra mine"),
    lang.N_("Add 1 mine from beside the board to the Mines tile, if the tile has room and a mine lies beside the board."),
    lang.N_("German advance (B, C, D)"),
    lang.N_("The troops on paths B, C and D advance by their speed (mines apply); howitzers do not move."),
    lang.N_("German advance (all paths)"),
    lang.N_("The troops on all five paths advance by their speed (mines apply); howitzers do not move."),
    lang.N_("Naval bombardment (B, D)"),
    lang.N_("Remove 1 brick from round outpost B and 1 from D, in letter order; damage to an outpost with no bricks passes to one of its two guardhouses as in the German attack."),
    lang.N_("Naval bombardment (A, C, E)"),
    lang.N_("Remove 1 brick from round outpost A, 1 from C and 1 from E, in letter order; damage to an outpost with no bricks passes to one of its two guardhouses as in the German attack."),
    lang.N_("Burnt path (B-C)"),
    lang.N_("The link between round outposts B and C cannot be used until the next event card is drawn (through the whole next day); mark it with the 2 burnt-path tokens."),
    lang.N_("Burnt path (D-5)"),
    lang.N_("The link between round outpost D and guardhouse 5 cannot be used until the next event card is drawn (through the whole next day); mark it with the 2 burnt-path tokens."),
]

# the game's title and its table options (games/westerplatte/__init__.py), for the lobby to word
OPTION_TEXTS: list[str] = [
    lang.N_("7 Days of Westerplatte"),
    lang.N_("easy: green tiles, green morale track, the 6 positive events; medium: green tiles and track, 3 positive and 3 negative events; hard: red tiles and track, 3 + 3 events."),
    lang.N_("Easy"),
    lang.N_("Medium"),
    lang.N_("Hard"),
    lang.N_("A mine may go on any empty space of any path, also in front of or behind a troop (by default only on a path that holds no troop)."),
    lang.N_("Mines only on empty paths"),
    lang.N_("Mines on any free space"),
    lang.N_("Entering the lowest morale level leaves the marker there, and every further fall pays its loss again (by default the marker goes back to the start space)."),
    lang.N_("Lowest morale resets"),
    lang.N_("Lowest morale stays"),
]

# The table card's option names (the lobby words `name.replace("_", " ")` in this catalog).
OPTION_NAMES = [lang.N_("difficulty"), lang.N_("mine on occupied path"), lang.N_("low morale stays at bottom")]
