"""The texts of Maquis's board data (games/maquis/data/maquis.json), marked for the catalog: the
engine names them in its Says (location, mission and tile names) and `/maquis missions` shows the
mission texts; each is worded where it is shown (`lang.here("maquis")._(text)`). tests/lang checks
that every one of them is here."""
from __future__ import annotations

from lang import N_

DATA_TEXTS = [
    N_("Rue Baradat"),
    N_("Fence"),
    N_("Pont du Nord"),
    N_("Radio B"),
    N_("Doctor"),
    N_("Poor District"),
    N_("Black Market"),
    N_("Spare Room (north-east)"),
    N_("Radio A"),
    N_("Spare Room (west)"),
    N_("Pont Leveque"),
    N_("Grocer"),
    N_("Spare Room (south-east)"),
    N_("Field (west)"),
    N_("Cafe"),
    N_("Safe House"),
    N_("Field (east)"),
    N_("Informant"),
    N_("Counterfeiter"),
    N_("Chemist"),
    N_("Smuggler"),
    N_("Propagandist"),
    N_("Fixer"),
    N_("Pharmacist"),
    N_("Forger"),
    N_("Milice Parade Day"),
    N_("Officer's Mansion"),
    N_("Sabotage"),
    N_("Underground Newspaper"),
    N_("Infiltration"),
    N_("German Shepherds"),
    N_("Double Agent"),
    N_("Aid the Spy"),
    N_("Assassination"),
    N_("Destroy the Train"),
    N_("Liberate the Town"),
    N_("Coded Messages"),
    N_("Take Out the Bridges"),
    N_("Bomb for the Officer"),
    N_("Bomb the Barracks"),
    N_("Milice Headquarters"),
    N_("Destroy the AA Guns"),
    N_("Free the Resistance Leader"),
    N_(
        "On a Parade Day (a Day on an orange space: 3, 6, 9, 12, 14) a partisan at Rue Baradat spends 1 "
        "weapon to attack the parade: morale +1, and the partisan is arrested (the card's shield keeps the "
        "success). Until the mission is complete, the road between Rue Baradat and Fence is closed on Parade "
        "Days."
    ),
    N_(
        "Paint graffiti to draw the guards away: a partisan at Rue Baradat, at Pont Leveque and at Pont du "
        "Nord each fills one dashed box (any order, any Days). When all three are painted, a partisan on the "
        "card breaks into the mansion and completes the mission. Recommended with Milice Parade Day for a "
        "first game."
    ),
    N_(
        "Infiltrate the factory twice (box 1, then box 2), then a partisan on the card spends 1 explosive to "
        "blow it up (box 3). One partisan stands on the card per Day, so the three boxes take three Days."
    ),
    N_(
        "Print three issues: on three Days a partisan on the card spends 2 intel (boxes 1, 2, 3)."
    ),
    N_(
        "Box 1: a partisan on the card spends 2 intel and stays there as the mole: it is not activated and "
        "does not go home, but counts as an available partisan, and the card now holds one more partisan. "
        "While the mole is in place, the player privately looks at the top patrol card at the start of each "
        "Day (it stays on top). Box 2, on a later Day: a second partisan on the card spends 1 weapon + 1 "
        "explosive: success; then both partisans trace their routes home (or are arrested)."
    ),
    N_(
        "On three Days a partisan on the card spends 1 food + 1 medicine (boxes 1, 2, 3). Until the mission "
        "is complete, you may not shoot Milice."
    ),
    N_(
        "Hunt the double agent: visit Rue Baradat, Pont du Nord, Doctor, Poor District, Radio A and Pont "
        "Leveque (one dashed box each, any order; the visit is that partisan's action). The moment all six "
        "are visited, draw the top patrol card: its first location is where the Dark Lady waits, and the card "
        "is discarded. A partisan activated there afterwards (the same Day included) meets her: the last box "
        "is filled and the mission succeeds; then the player removes one partisan of their choice from the "
        "game for good (not the mole or the cryptographer)."
    ),
    N_(
        "Box 1: a partisan on the card spends 2 weapons. Box 2, on a later Day: a partisan on the card spends "
        "1 money + 2 food."
    ),
    N_(
        "Eliminate all the Milice; it must be completed last. The mission succeeds the moment both hold: the "
        "Soldiers track is at 5 (no Milice can be placed any more; shots and other cards' soldier increases "
        "both count) and the other mission has succeeded, whichever comes last. It never succeeds before the "
        "other mission; if the other one never succeeds, it fails."
    ),
    N_(
        "On Day 6, 7, 8 or 9 a partisan on the card spends 3 explosives."
    ),
    N_(
        "When the Day marker reaches END, you hold at least 3 weapons and morale is at least 4."
    ),
    N_(
        "On Day 6 or earlier a partisan on the card spends 1 food + 1 money + 1 weapon (training) and becomes "
        "the cryptographer: it stays there, not activated, counting as available. At the end of Day 10's "
        "action phase, after every activation (the Day's shot may still be made first), it fills the box "
        "(mission success) and traces its route home with that Day's patrols still on the board."
    ),
    N_(
        "Blow up the two bridges that link the Black Market to Pont du Nord and to the Poor District. Both "
        "boxes are dashed: a partisan at the Black Market spends 2 explosives to plant a charge (one per "
        "Day). At the start of that Day's maintenance the player chooses a standing bridge; its road is gone "
        "for the rest of the game. The mission succeeds when the second charge is planted."
    ),
    N_(
        "With morale at 5 or more, a partisan on the card spends 1 weapon + 1 explosive. Until the mission is "
        "complete, the east Field and the south-east Spare Room cannot be used (no partisan, no airdrop "
        "there)."
    ),
    N_(
        "Setup: the Soldiers track starts at 3. Objectives 1 and 2 (no shield): reconnoitre the barracks, a "
        "partisan on the card each time (one per Day). Objective 3 (shield): a partisan on the card spends 1 "
        "fake papers + 2 explosives to plant the bomb: Success. If earlier on the same Day another partisan "
        "on a Field with no resources spent 1 weapon to distract the soldiers (dashed box, shield): Major "
        "Success. While objective 3 is open a partisan may be placed on a Field with no resources to do so; "
        "no distraction after the bomb."
    ),
    N_(
        "Setup: morale starts at 4. Objective 1 (no shield): a partisan at Rue Baradat discovers the plans. "
        "Objective 2 (shield): a partisan on the card spends 2 poison: morale +2, Soldiers +3. Major Success "
        "if the Soldiers track stood below 3 before this objective, otherwise Success."
    ),
    N_(
        "Setup: an AA gun token on each Field, on Rue Baradat and on the Black Market; the fifth gun is "
        "printed on the card. A partisan at a gun (shield) spends 1 explosive or 1 weapon to destroy it "
        "(remove the token). No airdrop may land on a Field holding a gun; a partisan may be placed on such a "
        "Field to attack it. 3 guns destroyed: Success at once; all 5: Major Success at once (if the other "
        "mission has already succeeded, the third gun ends the game)."
    ),
    N_(
        "Objective 1 (no shield), by the end of Day 5: a partisan on the card spends 1 intel + 1 money to "
        "bribe the clerk. Objective 2 (shield), one of: by the end of Day 9 spend 1 poison (Success); or on "
        "Day 10 spend 1 fake papers + 2 weapons + 1 medicine, Soldiers +2 (Major Success)."
    ),
]

# The table options: their names as the table card shows them, their labels and help (engine data,
# worded by the lobby in this catalog).
OPTION_TEXTS = [
    N_("Maquis"), N_("difficulty"), N_("missions"), N_("mission left"), N_("mission right"),
    N_("Very Easy (bigger airdrops, two laps of the Day track)"), N_("Easy (bigger airdrops)"),
    N_("Normal (the rule book's game: 15 Days, 3 partisans)"),
    N_("Tricky (12 Days, 2 partisans at the start)"),
    N_("Hard (as Tricky, and morale drops on more Days)"),
    N_("Very Hard (as Hard, and every arrest costs 1 morale)"),
    N_("First game"), N_("Random one-star"), N_("Random two-star"),
    N_("Random one- and two-star"), N_("Random with a three-star card"), N_("Chosen"), N_("None"),
    N_("How hard the game is; Normal is the rule book's game."),
    N_("first_game: Officer's Mansion and Milice Parade Day; random draws by stars; random_three_star: a "
            "standard card and a three-star card on the right; chosen: mission_left and mission_right."),
    N_("With missions = chosen: the card on the left exit (Fence); not a three-star card."),
    N_("With missions = chosen: the card on the right exit (Pont du Nord)."),
]
