"""Where the demo's saves put the counters: {hex: [(counter name, its state)]}, each stack listed
from the TOP down (as the rules count a stack: 5.1a, 6.1); the state gives facing (0 N, 1 NE, 2 SE,
3 S, 4 SW, 5 NW), formation, sp, state, ammo, wrecked where they differ from the palette's.
Hexes are named as VASSAL names them (A10.10)."""

N, NE, SE, S, SW, NW = range(6)


def unit(name, **state):
    return name, state


# The worked examples of the rules catalogue (3E), in clear ground at elevation 0, each away from
# the others:
# 5.2: 19th Indiana (R6) 1 hex from 1st Tennessee (12); 2nd Wisconsin (M5) 3 hexes from 7th
#      Tennessee (2.5 at 1/2 per SP).
# 5.4: 24th Michigan (R8) stacked on Stevens's Battery (N, 5 guns), 2 hexes from two enemy hexes
#      (14th Tennessee and 2nd Mississippi): split 2 guns + 2 SP and 3 guns + 1 SP gives 8 and 10.
FIRE_HEXES = {
    "A2.02": [unit("19th Indiana", facing=N)],
    "A2.03": [unit("1st Tennessee", facing=S)],
    "A2.06": [unit("2nd Wisconsin", facing=N)],
    "A2.09": [unit("7th Tennessee", facing=S)],
    "A9.04": [unit("24th Michigan", facing=N), unit("Stevens's Battery", facing=N, sp=5)],
    "A9.06": [unit("14th Tennessee", facing=S)],
    "A10.05": [unit("2nd Mississippi", facing=S)],
}

# 5.9: a 6-SP unit is wrecked at 3, a 5-SP unit at 2: 76th New York (R6) at 3 SP, 147th New York
# (M5) at 2 SP, neither marked yet; 56th Pennsylvania (R6) at 4 SP is not wrecked.
WRECKED_HEXES = {
    "A8.03": [unit("76th New York", facing=N, sp=3)],
    "A9.03": [unit("147th New York", facing=N, sp=2)],
    "A10.03": [unit("56th Pennsylvania", facing=N, sp=4)],
    "A9.01": [unit("Cutler")],
}

# Close combat (7.0): 55th North Carolina (R8) with Pegram's Battery (N5) in 9.07, facing south;
# 24th Michigan and 19th Indiana with Meredith stacked in front of it (9.06: attackers start the phase
# stacked together); 2nd Wisconsin in its rear hex (9.08), attacking through the rear
# hexside (7.1b: the -3 shift).
CLOSE_COMBAT_HEXES = {
    "A9.07": [unit("55th North Carolina", facing=S), unit("Pegram's Battery", facing=S)],
    "A9.06": [unit("Meredith"), unit("24th Michigan", facing=N), unit("19th Indiana", facing=N)],
    "A9.08": [unit("2nd Wisconsin", facing=S)],
    "A10.08": [unit("Davis")],
}

# A firefight (5.0): Cutler's line (76th New York, 147th New York, 56th Pennsylvania) and Hall's
# Battery facing north across 2 hexes of open ground at Davis's line and Marye's Battery facing south.
FIREFIGHT_HEXES = {
    "A7.04": [unit("76th New York", facing=N)],
    "A8.04": [unit("147th New York", facing=N)],
    "A9.04": [unit("56th Pennsylvania", facing=N)],
    "A10.04": [unit("Hall's Battery", facing=N)],
    "A8.03": [unit("Cutler")],
    "A7.06": [unit("2nd Mississippi", facing=S)],
    "A8.06": [unit("42nd Mississippi", facing=S)],
    "A9.06": [unit("55th North Carolina", facing=S)],
    "A10.06": [unit("Marye's Battery", facing=S)],
    "A8.07": [unit("Davis")],
}

# Artillery ammunition (8.4b): the Army of the Potomac's train on the pike; Hall's Battery 3 hexes
# off it; Stevens's Battery in the map's corner behind 17th Virginia Cavalry's line, whose zone
# closes its way out; 8th Illinois Cavalry (mounted) and Wadsworth out of the way; the Confederate
# train not yet on the map (its batteries trace to its Entry hex, A1.07, 8.4c).
AMMO_HEXES = {
    "A15.07": [unit("Army of the Potomac Train")],
    "A12.10": [unit("Hall's Battery", facing=NW)],
    "A16.12": [unit("Stevens's Battery", facing=SW)],
    "A15.11": [unit("17th Virginia Cavalry", facing=N)],
    "A13.02": [unit("8th Illinois Cavalry"), unit("Wadsworth")],
    "A3.05": [unit("Pegram's Battery", facing=NE)],
    "A4.10": [unit("Marye's Battery", facing=NE)],
}

# The morning of the battle: Meredith's and Cutler's brigades in line on the first ridge facing
# west, a battery with them and one limbered on the pike; Archer's and Davis's brigades coming
# east, one regiment in column on the pike; a cavalry regiment on each flank; HQs and wagons behind,
# each Army Commander with his Army HQ farthest back (10.1).
DEMO_HEXES = {
    "A5.05": [unit("19th Indiana", facing=NW)],
    "A5.06": [unit("24th Michigan", facing=NW), unit("Meredith")],
    "A5.07": [unit("2nd Wisconsin", facing=NW)],
    "A6.07": [unit("Hall's Battery", facing=NW), unit("Wadsworth")],
    "A5.09": [unit("76th New York", facing=NW)],
    "A5.10": [unit("147th New York", facing=NW), unit("Cutler")],
    "A5.11": [unit("56th Pennsylvania", facing=NW)],
    "A11.07": [unit("Stevens's Battery", formation="limbered")],
    "A4.12": [unit("8th Illinois Cavalry")],
    "A12.07": [unit("I Corps HQ")],
    "A13.07": [unit("I Corps Wagon")],
    "A14.10": [unit("Meade"), unit("Army of the Potomac HQ")],
    "A2.05": [unit("1st Tennessee", facing=NE)],
    "A2.06": [unit("7th Tennessee", facing=NE), unit("Archer")],
    "A1.07": [unit("14th Tennessee", formation="column")],
    "A2.09": [unit("2nd Mississippi", facing=NE), unit("Davis")],
    "A2.10": [unit("42nd Mississippi", facing=NE, state="sh")],
    "A3.10": [unit("55th North Carolina", facing=NE)],
    "A3.08": [unit("Pegram's Battery", facing=NE)],
    "A1.06": [unit("Marye's Battery", formation="limbered")],
    "A1.11": [unit("17th Virginia Cavalry", facing=NE)],
    "A1.08": [unit("Heth")],
    "A1.04": [unit("III Corps HQ")],
    "A1.02": [unit("III Corps Wagon")],
    "A1.01": [unit("Lee"), unit("Army of Northern Virginia HQ")],
}


# The Order Log each save starts with (plugins/cwr/order_log.py): in the demo save Cutler's brigade
# holds order 1 (Written Complex) and Meade's order 2 (Written Complex) reaches it in this turn
# (4); in the wrecked save it holds an Accepted Complex order, for the Stoppage Check (10.3).
ORDER_LOGS = {
    "cwr-demo.vsav": "Cutler's Brigade = A 1WC, P 2WC T4 Meade",
    "cwr-wrecked.vsav": "Cutler's Brigade = A 1WC",
}
