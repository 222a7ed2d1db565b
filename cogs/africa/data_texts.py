"""The long data texts of games/africa/data/africa.json, marked for the catalog (worded where shown)."""
# ruff: noqa: E501
from __future__ import annotations

import lang

# The effects of the specials and of the special victory tokens (data texts).
DATA_EFFECTS = [
    lang.N_("Take one trading-station piece from the supply and place it in an area that holds at least one of your traders (your wholesaler counts) and no trading station. It stays there for the rest of the game; whoever controls the area owns it (rule 9.3)."),
    lang.N_("Put your wholesaler pawn into play in an area that holds at least one of your traders. From then on it is a trader for every rule (it moves for 1 AP per area entered, counts for control, friendly and empty areas, scoring and stations), except two: in every conflict, with a player or with neutral traders, your count in its area is 1 + 2 x your other traders there (rule 8.3; 2 traders and the wholesaler count 5); and it is always your first loss in a conflict in its area. A removed wholesaler returns to you; another wholesaler token can bring it back (RULINGS Heart of Africa 19)."),
    lang.N_("Up to 3 free movement points for your own traders and wholesaler (each area entered costs 1), split as you like, under the movement rules of 7.1.2: Madagascar only along its arrows, never into Europe or Arabia, and a piece stops when it enters an area holding neutral traders or another player's pieces. In the action step a piece that has stopped this way moves no more. Outside the action step (between conflicts or after the last one) the points may move any of your pieces, stopped or retreated ones too, but never into an area holding another player's piece (RULINGS Heart of Africa 13, 16)."),
    lang.N_("Place up to 2 new traders from your supply, free of AP. Each goes where rule 7.1.3 allows a new trader: an empty coastal area, a friendly coastal area, or a friendly area with a trading station."),
    lang.N_("Move up to 2 neutral traders (the same one twice is allowed), each time by one area to a neighbouring area (Madagascar only along its arrows; never into Europe or Arabia). No conflict follows from it."),
    lang.N_("Place 1 neutral trader from the common supply in an area that holds at least one trader of another player."),
    lang.N_("Return 1 neutral trader to the common supply from an area that holds at least one of your traders, without a conflict."),
    lang.N_("Raise your own reputation by 1 (at most 6)."),
    lang.N_("Lower the reputation of one other player of your choice by 1 (never below 1)."),
    lang.N_("Move one resource marker or the Africa marker one row up on the resource table (at most 5), free of AP. It is not the AP-paid change of rule 7.1.4 and does not count against it."),
    lang.N_("Move one resource marker or the Africa marker one row down on the resource table (at least 0), free of AP. It is not the AP-paid change of rule 7.1.4 and does not count against it."),
    lang.N_("In your scoring step, one area that scores for you this turn (it holds your traders and no other player's) scores its value a second time: its resource marker's value, or the Africa marker's value if it has no resource marker. Neutral traders there are deducted only once (rule 9.4). The Heart of Africa bonus and station points are not doubled."),
    lang.N_("Draw one special victory token at random from those left in the box (returned there unseen at setup), shown only to you; it is yours and is used like the one you got at setup. Used special victory tokens never return to the box."),
    lang.N_("Gain 2 VP for each area you control that holds a gold marker."),
    lang.N_("Gain 2 VP for each area you control that holds a diamonds marker."),
    lang.N_("Gain 2 VP for each area you control that holds an ivory marker."),
    lang.N_("Gain 2 VP for each area you control that holds a bananas marker."),
    lang.N_("Gain 5 VP if you control the Heart of Africa."),
    lang.N_("Gain 3 VP for each trading station you own (rule 9.3)."),
    lang.N_("This token is worth 18 strength in the conflict instead of the usual 9."),
    lang.N_("Worth the usual 9 strength. If you still lose the conflict, none of your traders is removed: you move your traders out yourself as with a retreat token (8.2.2), but you do not receive the opponent's bid."),
    lang.N_("Worth the usual 9 strength, and your reputation counts as 6 for this conflict."),
]

# The map's areas (games/africa/data/africa.json `areas[].name`), under the context "area" (the game's
# title is "Heart of Africa" too): worded where shown with tx.p_("area", name), or board.area_say.
AREA_NAMES = [
    lang.NP_("area", "Morocco"), lang.NP_("area", "Algeria"), lang.NP_("area", "Tripolitania"),
    lang.NP_("area", "Egypt"), lang.NP_("area", "Senegambia"), lang.NP_("area", "Sahara"), lang.NP_("area", "Sudan"),
    lang.NP_("area", "Abyssinia"), lang.NP_("area", "Guinea Coast"), lang.NP_("area", "Timbuktu"),
    lang.NP_("area", "Niger"), lang.NP_("area", "Bornu"), lang.NP_("area", "Heart of Africa"),
    lang.NP_("area", "Cameroon"), lang.NP_("area", "Congo"), lang.NP_("area", "Great Lakes"),
    lang.NP_("area", "East Africa"), lang.NP_("area", "Angola"), lang.NP_("area", "Zambezi"),
    lang.NP_("area", "Mozambique"), lang.NP_("area", "South West Africa"), lang.NP_("area", "Bechuanaland"),
    lang.NP_("area", "Cape Colony"), lang.NP_("area", "Madagascar"),
]

# The areas' forms in a sentence (lang.Worded): a translation asks for one with a spec, "{area:in}" for
# "Conflict in {area}", and gets the entry under "area:<form>" (English has none: the name as it is).
# Each holds the preposition the place takes in the language: Polish "w Egipcie", "na Saharze", "nad
# Wielkimi Jeziorami"; Italian "in Egitto", "nel Sahara", "a Timbuctù".
AREA_FORMS = ("in", "to", "from")
# Where a thing is or happens: Polish "w Egipcie", "na Madagaskarze"; Italian "in Egitto", "nel Sahara".
AREAS_IN = [
    lang.NP_("area:in", "Morocco"), lang.NP_("area:in", "Algeria"), lang.NP_("area:in", "Tripolitania"),
    lang.NP_("area:in", "Egypt"), lang.NP_("area:in", "Senegambia"), lang.NP_("area:in", "Sahara"),
    lang.NP_("area:in", "Sudan"), lang.NP_("area:in", "Abyssinia"), lang.NP_("area:in", "Guinea Coast"),
    lang.NP_("area:in", "Timbuktu"), lang.NP_("area:in", "Niger"), lang.NP_("area:in", "Bornu"),
    lang.NP_("area:in", "Heart of Africa"), lang.NP_("area:in", "Cameroon"), lang.NP_("area:in", "Congo"),
    lang.NP_("area:in", "Great Lakes"), lang.NP_("area:in", "East Africa"), lang.NP_("area:in", "Angola"),
    lang.NP_("area:in", "Zambezi"), lang.NP_("area:in", "Mozambique"), lang.NP_("area:in", "South West Africa"),
    lang.NP_("area:in", "Bechuanaland"), lang.NP_("area:in", "Cape Colony"), lang.NP_("area:in", "Madagascar"),
]
# Where a thing goes: Polish "do Egiptu", "na Madagaskar"; Italian "in Egitto", "a Timbuctù".
AREAS_TO = [
    lang.NP_("area:to", "Morocco"), lang.NP_("area:to", "Algeria"), lang.NP_("area:to", "Tripolitania"),
    lang.NP_("area:to", "Egypt"), lang.NP_("area:to", "Senegambia"), lang.NP_("area:to", "Sahara"),
    lang.NP_("area:to", "Sudan"), lang.NP_("area:to", "Abyssinia"), lang.NP_("area:to", "Guinea Coast"),
    lang.NP_("area:to", "Timbuktu"), lang.NP_("area:to", "Niger"), lang.NP_("area:to", "Bornu"),
    lang.NP_("area:to", "Heart of Africa"), lang.NP_("area:to", "Cameroon"), lang.NP_("area:to", "Congo"),
    lang.NP_("area:to", "Great Lakes"), lang.NP_("area:to", "East Africa"), lang.NP_("area:to", "Angola"),
    lang.NP_("area:to", "Zambezi"), lang.NP_("area:to", "Mozambique"), lang.NP_("area:to", "South West Africa"),
    lang.NP_("area:to", "Bechuanaland"), lang.NP_("area:to", "Cape Colony"), lang.NP_("area:to", "Madagascar"),
]
# Where a thing comes from: Polish "z Egiptu", "znad Wielkich Jezior"; Italian "dall'Egitto", "dal Marocco".
AREAS_FROM = [
    lang.NP_("area:from", "Morocco"), lang.NP_("area:from", "Algeria"), lang.NP_("area:from", "Tripolitania"),
    lang.NP_("area:from", "Egypt"), lang.NP_("area:from", "Senegambia"), lang.NP_("area:from", "Sahara"),
    lang.NP_("area:from", "Sudan"), lang.NP_("area:from", "Abyssinia"), lang.NP_("area:from", "Guinea Coast"),
    lang.NP_("area:from", "Timbuktu"), lang.NP_("area:from", "Niger"), lang.NP_("area:from", "Bornu"),
    lang.NP_("area:from", "Heart of Africa"), lang.NP_("area:from", "Cameroon"), lang.NP_("area:from", "Congo"),
    lang.NP_("area:from", "Great Lakes"), lang.NP_("area:from", "East Africa"), lang.NP_("area:from", "Angola"),
    lang.NP_("area:from", "Zambezi"), lang.NP_("area:from", "Mozambique"), lang.NP_("area:from", "South West Africa"),
    lang.NP_("area:from", "Bechuanaland"), lang.NP_("area:from", "Cape Colony"), lang.NP_("area:from", "Madagascar"),
]

# The table options: their names as the table card shows them, their labels and help (engine data,
# worded by the lobby in this catalog), and the game's title.
OPTION_TEXTS = [
    lang.N_("Heart of Africa"),
    lang.N_("target vp"), lang.N_("sealed auction"),
    lang.N_("42 VP"), lang.N_("60 VP"), lang.N_("80 VP"), lang.N_("Open auction"), lang.N_("Sealed auction"),
    lang.N_("Victory points that end the game at once (42; 60 or 80 for the longer game, 13.0)."),
    lang.N_("Everyone bids at once in secret instead of the book's one public round."),
]
