"""The counters of the Lee Invades the North demo, with their ratings, and the players who own them.

Every rating here is an EXAMPLE VALUE unless its comment says "rulebook": the real values are on
the game's counters and record sheets.
"""
from dataclasses import dataclass
from typing import Optional

# Players (their VASSAL player ids, which a Mask or an Invisible trait names as its owner).
UNION_ID, CONFEDERATE_ID = "union-demo-1862", "confederate-demo-1862"
PLAYERS = [(UNION_ID, "Union player", "Union"), (CONFEDERATE_ID, "Confederate player", "Confederate")]


@dataclass
class Counter:
    name: str
    side: str
    prototype: str           # Leader, Infantry, Cavalry or Wagon
    type: str                # infantry | cavalry | artillery | wagon | leader (non-combat leaders)
    kind: str                # department leader | cavalry commander | corps leader | leader | wagon
    cmd: int
    init: int
    bonus: int
    rank: int
    corps: str = ""
    strength: Optional[int] = None   # combat units only
    facing: Optional[int] = None     # cavalry brigades only: 0..5 = N, NE, SE, S, SW, NW
    maskable: bool = False           # carries a Mask (Union corps)
    hideable: bool = False           # carries an Invisible trait (the Union wagon)

    @property
    def image(self):
        return "".join(c if c.isalnum() else "-" for c in self.name.lower()).strip("-") + ".png"


# Ratings: Cmd, Init, Bonus (combat bonus), Rank (1 = highest). "rulebook" marks the values the
# rules give; EVERY OTHER VALUE IS AN EXAMPLE (the real ones are on the counters and record sheets),
# and so is every Strength.
COUNTERS = [
    # --- Confederate ---
    Counter("R.E. Lee", "Confederate", "Leader", "leader", "department leader",
            cmd=1,      # rulebook 7.1: "Lee's command rating is 1"
            init=3, bonus=2,
            rank=1),    # rulebook 6.4: "rank rating 1 (for example, Lee for the Confederates)"
    Counter("Longstreet", "Confederate", "Leader", "leader", "corps leader", cmd=2, init=2, bonus=1, rank=2,
            corps="Longstreet"),
    Counter("Jackson", "Confederate", "Leader", "leader", "corps leader",
            cmd=1,      # rulebook 7.1: "Jackson's command rating is 1"
            init=3, bonus=2, rank=2, corps="Jackson"),
    Counter("Stuart", "Confederate", "Leader", "leader", "cavalry commander", cmd=2, init=3, bonus=1, rank=3),
    Counter("McLaws", "Confederate", "Infantry", "infantry", "leader", cmd=2, init=2, bonus=1, rank=4,
            corps="Longstreet", strength=8),
    Counter("R.H. Anderson", "Confederate", "Infantry", "infantry", "leader", cmd=3, init=1, bonus=1, rank=5,
            corps="Longstreet", strength=7),
    Counter("Walker", "Confederate", "Infantry", "infantry", "leader", cmd=3, init=2, bonus=0, rank=6,
            corps="Longstreet", strength=6),
    Counter("Hood", "Confederate", "Infantry", "infantry", "leader", cmd=2, init=3, bonus=2, rank=4,
            corps="Longstreet", strength=7),   # rulebook 7.1: Hood belongs to Longstreet's corps
    Counter("Pickett", "Confederate", "Infantry", "infantry", "leader", cmd=3, init=2, bonus=1, rank=6,
            corps="Longstreet", strength=9),   # rulebook 7.1: Pickett belongs to Longstreet's corps
    Counter("A.P. Hill", "Confederate", "Infantry", "infantry", "leader", cmd=2, init=3, bonus=2, rank=4,
            corps="Jackson", strength=10),
    Counter("J. Jones", "Confederate", "Infantry", "infantry", "leader", cmd=3, init=1, bonus=0, rank=6,
            corps="Jackson", strength=4),    # 4 SP: 8.6's "a 4-point unit loses 1 point" (still an example)
    Counter("D.H. Hill", "Confederate", "Infantry", "infantry", "leader", cmd=2, init=2, bonus=1, rank=5,
            corps="Jackson", strength=8),
    Counter("Lawton", "Confederate", "Infantry", "infantry", "leader",
            cmd=3,      # rulebook 7.1: with 1 CP "Lawton can use 1/3 of his movement allowance"
            init=2, bonus=1, rank=5, corps="Jackson", strength=7),
    Counter("Fitz Lee", "Confederate", "Cavalry", "cavalry", "leader", cmd=2,
            init=2,     # rulebook 8.5: "Fitz Lee ... has initiative rating 2"
            bonus=1, rank=4, strength=6, facing=1),
    Counter("Hampton", "Confederate", "Cavalry", "cavalry", "leader", cmd=2, init=2, bonus=1, rank=5,
            strength=6, facing=5),
    Counter("Confederate Wagon", "Confederate", "Wagon", "wagon", "wagon", cmd=2, init=0, bonus=0, rank=9),
    # --- Union ---
    Counter("McClellan", "Union", "Leader", "leader", "department leader",
            cmd=3,      # rulebook 9: "His printed rating of 3 applies only to movement" (4 in combat)
            init=1, bonus=0, rank=1),
    Counter("Pleasonton", "Union", "Leader", "leader", "cavalry commander", cmd=3, init=2, bonus=1, rank=3),
    Counter("I Corps (Hooker)", "Union", "Infantry", "infantry", "leader", cmd=2, init=3, bonus=1, rank=4,
            strength=14, maskable=True),
    Counter("II Corps (Sumner)", "Union", "Infantry", "infantry", "leader", cmd=3, init=1, bonus=1, rank=4,
            strength=18, maskable=True),
    Counter("VI Corps (Franklin)", "Union", "Infantry", "infantry", "leader", cmd=3, init=1, bonus=0, rank=5,
            strength=16, maskable=True),
    Counter("IX Corps (Burnside)", "Union", "Infantry", "infantry", "leader", cmd=3, init=1, bonus=0, rank=5,
            strength=13, maskable=True),
    Counter("XII Corps (Mansfield)", "Union", "Infantry", "infantry", "leader", cmd=3, init=2, bonus=1, rank=6,
            strength=10, maskable=True),
    Counter("Artillery Reserve", "Union", "Infantry", "artillery", "leader", cmd=3, init=1, bonus=0, rank=7,
            strength=8, maskable=True),
    Counter("Farnsworth", "Union", "Cavalry", "cavalry", "leader", cmd=2, init=2, bonus=1, rank=6,
            strength=6, facing=3),
    Counter("Rush", "Union", "Cavalry", "cavalry", "leader", cmd=3, init=2, bonus=0, rank=7,
            strength=7, facing=0),
    Counter("Davis", "Union", "Cavalry", "cavalry", "leader", cmd=3, init=3, bonus=1, rank=7,
            strength=5, facing=0),
    Counter("Union Wagon", "Union", "Wagon", "wagon", "wagon", cmd=2, init=0, bonus=0, rank=9, hideable=True),
]
BY_NAME = {c.name: c for c in COUNTERS}


# The map-state markers of 8.7 (the companion file's [state.bridge_destroyed] and [state.rail_destroyed]
# read where they stand): a Bridge Destroyed marker on a hexside, a Destroyed Rail marker in a hex.
MARKERS = {"Bridge Destroyed": "bridge-destroyed.png", "Destroyed Rail": "destroyed-rail.png",
           "Confederate Control": "confederate-control.png"}
