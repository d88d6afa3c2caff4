"""Where the demo's saves put the counters: {hex: [(counter name, its state)]}, each stack listed
from the TOP down; the state gives sp, mode, command, disorganized, shattered, detached where they
differ from the palette's. Hexes are named as VASSAL names them (0907). `*_BOX` dicts place units in
the Reinforcements box (its own small grid, 0101-0403): off the map (26)."""


def unit(name, **state):
    return name, state


# The morning: both sides deployed across the pike, every type and mode and state on the map.
DEMO_HEXES = {
    "1107": [unit("Meredith"), unit("19th Indiana", command="in"), unit("24th Michigan")],
    "1108": [unit("2nd Wisconsin"), unit("Hall's Battery", mode="unlimbered")],
    "1109": [unit("6th Wisconsin", disorganized=True)],
    "1206": [unit("Cutler"), unit("76th New York")],
    "1205": [unit("147th New York")],
    "1304": [unit("56th Pennsylvania", detached=True)],
    "1208": [unit("Wadsworth")],
    "1607": [unit("Reynolds")],
    "1010": [unit("8th Illinois Cavalry", mode="dismounted"), unit("Gamble")],
    "1011": [unit("12th Illinois Cavalry")],
    "1112": [unit("Calef's Battery")],
    "1511": [unit("Buford")],
    "2008": [unit("Meade")],
    "0707": [unit("Archer"), unit("1st Tennessee"), unit("7th Tennessee")],
    "0708": [unit("14th Tennessee"), unit("Pegram's Battery", mode="unlimbered")],
    "0709": [unit("Davis"), unit("2nd Mississippi")],
    "0610": [unit("42nd Mississippi", sp=3)],
    "0611": [unit("55th North Carolina")],
    "0508": [unit("Heth")],
    "0308": [unit("Hill")],
    "0914": [unit("17th Virginia Cavalry")],
    "0108": [unit("Lee")],
}

# 8.2: friendly units in hexes A (0313) and B (0514) both have enemy hex C (0414) in their ZOC;
# the phasing player may attack with B alone so long as C is attacked.
ZOC_HEXES = {
    "0313": [unit("19th Indiana")],
    "0514": [unit("Meredith"), unit("24th Michigan")],
    "0414": [unit("Archer"), unit("7th Tennessee")],
}

# 8.9: a stack defending in breastworks (0910, level 0) attacked from two hexes that are not
# adjacent (0810 and 1010, both level 1: flanking, elevation); the 1010 stack is disorganized and
# Wadsworth (CV 5) is stacked with the 0810 attackers: -1 -1 -1 +1 +1 = -1.
COMBAT_HEXES = {
    "0910": [unit("Davis"), unit("55th North Carolina"), unit("42nd Mississippi"), unit("Breastworks")],
    "0810": [unit("Wadsworth"), unit("Cutler"), unit("76th New York"), unit("147th New York")],
    "1010": [unit("Meredith"), unit("19th Indiana", disorganized=True),
             unit("24th Michigan", disorganized=True)],
}

# 20.11: Longstreet (3-star I Corps), in command, stacked with Early (2-star II Corps) and Hays
# with the 5th Louisiana; the 6th and 7th Louisiana in a chain of adjacent hexes from it.
COMMAND_HEXES = {
    "1503": [unit("Longstreet", command="in"), unit("Early"), unit("Hays"), unit("5th Louisiana")],
    "1504": [unit("6th Louisiana")],
    "1505": [unit("7th Louisiana")],
    "1808": [unit("Reynolds"), unit("2nd Wisconsin")],
}

# 20.13: Buford (2 stars) the ranking Union commander near the enemy, Reynolds (3 stars) 10 hexes
# away, Meade not yet arrived; Heth (2 stars, III Corps) by the enemy, Hill (3 stars, III Corps)
# and Ewell (3 stars, II Corps) on the map out of range, Lee not yet arrived.
ACTING_HEXES = {
    "0908": [unit("Buford"), unit("Gamble"), unit("8th Illinois Cavalry")],
    "0909": [unit("12th Illinois Cavalry", mode="dismounted")],
    "1908": [unit("Reynolds")],
    "0608": [unit("Heth"), unit("Archer"), unit("1st Tennessee")],
    "0607": [unit("7th Tennessee")],
    "0116": [unit("Hill")],
    "1201": [unit("Ewell")],
}
ACTING_BOX = {"0101": [unit("Meade")], "0201": [unit("Lee")]}

# 26.5: three Confederate stacks of MA 5 waiting to enter on the Chambersburg Pike (its entry hex
# 0108, the companion file's [[map.place]]): 20 road MP for the first, 19 and 18 for the next.
ENTRY_HEXES = {
    "1508": [unit("Buford"), unit("8th Illinois Cavalry")],
}
ENTRY_BOX = {
    "0101": [unit("Davis"), unit("2nd Mississippi")],
    "0201": [unit("42nd Mississippi")],
    "0301": [unit("55th North Carolina")],
}
