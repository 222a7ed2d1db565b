"""`/mali help`: the game explained for a newcomer, one topic per embed."""
from __future__ import annotations

from lang import N_

HELP_TOPICS: list[tuple[str, str]] = [
    ("overview", N_("What the game is")),
    ("round", N_("A round, phase by phase")),
    ("moving", N_("Moving, jumping, orders")),
    ("soldier", N_("The German soldier and prison (basic)")),
    ("time", N_("Time passes: undelivered orders")),
    ("extended", N_("Extended variant: actions, objectives, falling districts")),
    ("scoring", N_("End of the game and scoring")),
    ("board", N_("Reading the board image")),
    ("commands", N_("Playing on Discord: commands and buttons")),
]

TEXT: dict[str, str] = {
    "overview": N_(
        "Warsaw, August 1944. Each player leads a patrol of three young scouts who carry orders between "
        "the insurgents' posts. **Deliver orders to score points**, but deliver them in time: every order "
        "that expires gives the Germans ground, and if too much is lost **everybody loses**.\n\n"
        "• 2-4 players, colours red, green, orange, purple; three scouts each, starting on "
        "Plac Wilsona, Budynek PAST-y and Stary Mokotów.\n"
        "• **Basic variant**: a German soldier hunts scouts; a die decides each round.\n"
        "• **Extended variant**: no soldier; each movement card also gives an action; secret objectives; "
        "districts can fall.\nStart a table with `/game new game:Mali…`; learn the rest with the topics below."),
    "round": N_(
        "Every round has four phases:\n"
        "1. **Orders**: the start player draws new order cards onto the first space of the order track "
        "(4 players: 2 cards; 3 players: 2 in odd rounds, 1 in even; 2 players: 1).\n"
        "2. **Movement**: everyone secretly chooses one of their movement cards (1-5) with `/mali card` or the "
        "panel. When all have chosen they are revealed, and players move in card order (1 first; ties: the start "
        "player, then clockwise). Played cards stay out until all five are used, then you take them all back.\n"
        "3. **German soldier** (basic only): prisoners escape, then the die is rolled.\n"
        "4. **Time**: every order slides one space down the track; orders falling off the end were not "
        "delivered in time. The start marker passes clockwise."),
    "moving": N_(
        "Your card's number is your **movement points**: each step to the next space costs 1, spread over your "
        "scouts as you like. Nobody may enter the soldier's space, a blocked path, or a fallen district.\n"
        "**Basic**: instead of stepping you may **jump** one scout from a location (a named place) to a neighbouring "
        "location, whatever your card (table option `jump_costs_one_point`: the jump costs 1 point and you "
        "keep the rest).\n"
        "**Orders**: a scout standing on an order's origin during your movement can **pick it up** "
        "(one order per scout; one of your scouts per order). It is **delivered** automatically when the "
        "scout stands on the destination during your movement: the first to deliver takes the card and its points. "
        "Dropping an order is free at any time in your movement."),
    "soldier": N_(
        "Basic variant only. First, scouts in prison escape: they come back to your hand and you place each on any "
        "free space just before your next movement. Then the start player's die is rolled:\n"
        "• **Black 1-3**: the soldier walks that many steps towards the nearest scout (blocked paths don't stop him). "
        "If he enters a space with scouts he stops and **arrests** them all: they go to prison and lose their orders.\n"
        "• **Red 1-3**: the scout nearest to the soldier may walk that many steps at once.\n"
        "Ties: the player who moved later this round; between your own scouts, you choose."),
    "time": N_(
        "When an order falls off the track, the Germans gain ground at its destination.\n"
        "**Basic**: the player who moved last blocks one path from that destination with a German token; scouts on "
        "it step to the nearer end. The **fourth token ends the game: everybody loses.**\n"
        "**Extended**: the first expired order of a district blocks a path there and a new order is drawn at once; "
        "the second makes the **whole district fall**: scouts there flee to the nearest safe space, nobody may "
        "enter it again and new orders from or to it are discarded. **A third fallen district: everybody loses.**"),
    "extended": N_(
        "The soldier and the die stay in the box. The order track has 4 spaces, and the **Victory card** lies in the "
        "deck: it counts as one of its round's cards; when it has been drawn and has slid off the track, the game "
        "ends.\n"
        "Cards 1-4 give an action as well as movement points, before or after moving:\n"
        "1 **Kumple z podwórka**: swap two of your scouts in the same district (`/mali swap-scouts`).\n"
        "2 **Oddział powstańczy**: a scout on a location jumps to a neighbouring location (`/mali squad-jump`).\n"
        "3 **Zamiana rozkazów**: swap two orders on neighbouring track spaces (`/mali swap-orders`).\n"
        "4 **Plotki z ulicy**: look at the orders the next round will draw, privately (`/mali peek`).\n"
        "**Secret objectives**: you are dealt 6 and keep 3 of different colours: `/mali objectives` shows "
        "the six in one list to tick (if every set you could keep is the same objectives, the bot keeps it for you "
        "once the others have chosen). "
        "They score at the end: most orders from a district, most orders, orders into 4/5/6 districts, "
        "the most valuable order. Ties share."),
    "scoring": N_(
        "At the end you score the points of your delivered orders, plus a **return bonus** for scouts standing on "
        "the three start locations: 1 / 3 / 7 points for one / two / three scouts, plus (extended) your met "
        "objectives. Most points wins; a tie goes to more delivered orders; still tied, the win is shared.\n"
        "If the Germans win (fourth token, or third fallen district), nobody scores: everybody loses."),
    "board": N_(
        "**The dark band on top** (readable on a phone): the round and phase; in yellow, who is asked what "
        "now; on the right every player's points (gold: the winner, with the final totals; a dash after a loss, "
        "when nothing is counted).\n"
        "**The map**: big discs are locations (a gold ring: a start location), small ones plain spaces. "
        "Lettered discs are scouts in their player's colour; ✉ O12 beside one is the order it carries. "
        "The grey helmet is the German soldier (basic). A black ✚ square on a path: the Germans block "
        "it. Hatched districts have fallen (extended); the little squares by a district's name count its "
        "undelivered orders (one red square: one more and it falls).\n"
        "**The right side**: the order track (space 1 at the top; the red space's orders leave after this "
        "round), each player's movement cards (crossed: played), and how close Warsaw is to falling, "
        "in numbers and words. The prison box (basic) shows arrested scouts and those waiting to re-enter."),
    "commands": N_(
        "`/game new` opens a table (pick Mali, the variant, seats, turn time); others press **Join**; the creator "
        "presses **Start**.\nOn your turn press **My turn: show my choices** under the latest board, or `/game play`: "
        "buttons for every legal move. Or use commands, whose autocomplete lists only legal choices:\n"
        "`/mali card` · `/mali move scout to` (walks the shortest route and picks up orders on the way) · "
        "`/mali jump` · `/mali place` · `/mali pickup` · `/mali drop` · `/mali end` · `/mali finish` · "
        "`/mali choose` (soldier ties, blocked paths, where a displaced scout goes) · `/mali objectives` · "
        "extended actions `/mali swap-scouts` `/mali squad-jump` `/mali swap-orders` `/mali peek`.\n"
        "`/game status` shows the board, `/game log` the recent moves, `/game hand` your secrets, "
        "`/game notify` DMs you when it's your turn."),
}

COLOUR = "#c0392b"
RULES = "docs/rules/mali.md"  # shown in the reader's language where there is one
