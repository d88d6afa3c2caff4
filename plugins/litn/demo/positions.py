"""Where the demo's saves put the counters, which the Union player masked or hid, and the turn."""

# Where the saves put the counters (hexes), stack by stack.
DEMO_HEXES = {
    # LIN 7.1, comprehensive example
    "1622": ["R.E. Lee", "Longstreet", "McLaws", "R.H. Anderson", "Walker"],
    "1625": ["Jackson", "A.P. Hill", "J. Jones", "Hood"],
    "1924": ["D.H. Hill"],
    "1629": ["Lawton"],
    # Stuart's cavalry to the west; the wagon on the Valley Pike behind Lee
    "1223": ["Stuart"],
    "1122": ["Fitz Lee"],
    "1125": ["Hampton"],
    "1721": ["Confederate Wagon"],
    # The Union army, more than 7 hexes from every hex of the example and off every path between them
    "2715": ["McClellan", "II Corps (Sumner)", "Artillery Reserve", "Union Wagon"],
    "2618": ["VI Corps (Franklin)"],
    "2813": ["IX Corps (Burnside)"],
    "2514": ["Pleasonton"],
    # LIN 11's attrition example, every case of it: a corps and two cavalry brigades in Union
    # territory (Davis with a line of communications, Farnsworth more than 4 hexes from every road
    # and rail hex: none), a corps and a brigade in Confederate territory (Virginia); all five more
    # than 4 MP from every Union depot.
    "2412": ["I Corps (Hooker)"],
    "2409": ["Davis"],
    "0606": ["Farnsworth"],
    "2634": ["XII Corps (Mansfield)"],
    "2935": ["Rush"],
}
MASKED = {"II Corps (Sumner)", "VI Corps (Franklin)"}   # masked by the Union player
HIDDEN = {"Union Wagon"}                                 # hidden by the Union player
BROADCAST_HEXES = {
    "1610": ["R.E. Lee"],
    "1615": ["Longstreet"],
    "1619": ["Pickett"],
    "2902": ["McClellan", "I Corps (Hooker)"],
}
# A battle (LIN 10): Longstreet's divisions of the command example attacked in 1622 by two Union
# corps with their wagon; the Confederate wagon on the Valley Pike behind.
BATTLE_HEXES = {
    "1622": ["R.E. Lee", "Longstreet", "McLaws", "R.H. Anderson", "Walker", "I Corps (Hooker)",
             "XII Corps (Mansfield)", "Union Wagon"],
    "1721": ["Confederate Wagon"],
}

TURN, YEAR, LOST_DISPATCH = "5", "1862", "false"
# The global properties the turn's procedures keep (docs/litn.md): scenario 2, no VP yet, no
# militia yet, the Hooker Dissatisfaction marker in its first box (scenario 3's).
SCENARIO, NET_VP, MILITIA, HOOKER_BOX = "2", "0", "false", "1"
