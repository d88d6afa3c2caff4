"""Where the demo's saves put the counters: {hex: [(counter name, its state)]}, each stack listed
from the TOP down; the state gives manpower, fatigue, victuals, ammo, rail_last_turn, reorganized,
unsupplied, disorganized, demoralized where they differ from the palette's. Hexes are named as
VASSAL names them (E2101, S5801, N5816)."""


def unit(name, **state):
    return name, state


# Aug 20: Pope's army around Manassas and the capital, Jackson and Longstreet to the west, a
# Confederate control marker on Leesburg.
DEMO_HEXES = {
    "E3011": [unit("Pope")],
    "E2808": [unit("McClellan")],
    "E2513": [unit("Heintzelman"), unit("Kearny's Division"), unit("Hooker's Division", fatigue=1)],
    "E2614": [unit("Porter"), unit("Morell's Division"), unit("Sykes's Division", disorganized=True)],
    "E2711": [unit("Sumner", reorganized=True), unit("Richardson's Division"), unit("Sedgwick's Division")],
    "E2912": [unit("Franklin"), unit("Slocum's Division"), unit("Smith's Division", rail_last_turn=True)],
    "E2812": [unit("Couch's Division")],
    "E2909": [unit("Washington Garrison")],
    "E3305": [unit("Baltimore Garrison")],
    "E2306": [unit("3rd Indiana Cavalry")],
    "E2207": [unit("6th New York Cavalry")],
    "E2412": [unit("Bayard's Brigade", unsupplied=True)],
    "S5804": [unit("Piatt's Brigade")],
    "E2215": [unit("Lee")],
    "E2314": [unit("Jackson"), unit("A.P. Hill's Division"), unit("Ewell's Division", fatigue=2)],
    "E2315": [unit("Taliaferro's Division", victuals=1, demoralized=True)],
    "E2116": [unit("Longstreet"), unit("Hood's Division"), unit("D.R. Jones's Division", ammo=1)],
    "E2211": [unit("Stuart's Division"), unit("Confederate Control")],
    "E2213": [unit("Fitz Lee's Brigade")],
}

# Rulebook 4's example: Couch's division (which did not move by rail last turn) begins its turn in
# 6 Mile Post station; Smith's division in Alexandria did move by rail last turn.
RAIL_HEXES = {
    "E2812": [unit("Couch's Division")],
    "E2911": [unit("Franklin"), unit("Smith's Division", rail_last_turn=True)],
    "E3011": [unit("Pope")],
    "E2314": [unit("Jackson"), unit("A.P. Hill's Division")],
}

# Victory III's example: the only destroyed station is Alexandria's (10 + 5 + 2 + 3 = 20 VP).
ALEXANDRIA_HEXES = {
    "E2911": [unit("Hood's Division"), unit("Station Destroyed")],
    "E2912": [unit("Longstreet")],
    "E3011": [unit("Pope")],
    "E2909": [unit("Washington Garrison")],
}

# Rulebook 2 on Aug 20: demoralized Union manpower 7 + 8 + 6 + 5 = 26, three unsupplied divisions,
# and 33 manpower lost (the global property UnionLosses): 26 + 33 + 3 = 62, below 65.
PANIC_HEXES = {
    "E3011": [unit("Pope")],
    "E2513": [unit("Heintzelman"), unit("Kearny's Division", demoralized=True),
              unit("Hooker's Division", demoralized=True)],
    "E2614": [unit("Porter"), unit("Morell's Division", demoralized=True), unit("Sykes's Division", demoralized=True)],
    "E2711": [unit("Sumner"), unit("Richardson's Division", unsupplied=True),
              unit("Sedgwick's Division", unsupplied=True)],
    "E2912": [unit("Franklin"), unit("Slocum's Division", unsupplied=True), unit("Smith's Division")],
    "E2812": [unit("Couch's Division")],
    "E2314": [unit("Jackson"), unit("A.P. Hill's Division")],
}
PANIC_LOSSES = 33

# The levy example: A.P. Hill's division levies Carlisle (4 VP); Jackson with it, Ewell's division
# and Fitz Lee's brigade next to it, a Union garrison in Harrisburg.
LEVY_HEXES = {
    "N5619": [unit("Jackson"), unit("A.P. Hill's Division", victuals=0)],
    "N5618": [unit("Ewell's Division", victuals=1)],
    "N5519": [unit("Fitz Lee's Brigade")],
    "N5816": [unit("Piatt's Brigade")],
}
