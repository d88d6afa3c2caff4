"""The counters of the CWR demo: two small brigades a side with their batteries, brigade and
division leaders, a corps HQ, a supply wagon, the Army Commander and Army HQ (10.1: the leader and
the HQ with no brigade, division or corps) and the Army Supply Train each. The names are Gettysburg's first morning
(Heth's and Wadsworth's divisions); every weapon, strength, morale and rating here is an EXAMPLE
value (the series' counters are not in the rules)."""
from dataclasses import dataclass
from typing import Optional

# Players (their VASSAL player ids).
UNION_ID, CONFEDERATE_ID = "union-cwr-demo", "confederate-cwr-demo"
PLAYERS = [(UNION_ID, "Union player", "Union"), (CONFEDERATE_ID, "Confederate player", "Confederate")]


@dataclass
class Counter:
    name: str
    side: str
    type: str                      # infantry | cavalry | artillery | leader | hq | wagon | train
    brigade: str = ""
    division: str = ""
    corps: str = ""
    weapon: str = ""               # the Range table's row: R, M, S ... (small arms), N, R, H ... (batteries)
    sp: Optional[int] = None       # printed strength points (a battery's guns)
    morale: str = ""               # A-F
    formation: str = ""            # the formation the palette piece starts in
    rating: Optional[int] = None   # a leader's; a brigade leader's command rating
    morale_rating: Optional[int] = None   # a brigade leader's second rating (8.0)

    @property
    def image(self):
        return "".join(c if c.isalnum() else "-" for c in self.name.lower()).strip("-") + ".png"

    @property
    def is_combat(self):
        return self.type in ("infantry", "cavalry", "artillery")

    @property
    def label(self):
        """What the counter prints: weapon and SP (R8), or a leader's rating(s)."""
        if self.is_combat:
            return f"{self.weapon}{self.sp}"
        if self.morale_rating is not None:
            return f"{self.rating}/{self.morale_rating}"
        return "" if self.rating is None else str(self.rating)


def _regiment(name, side, brigade, division, corps, weapon, sp, morale, type="infantry", formation="line"):
    return Counter(name, side, type, brigade, division, corps, weapon, sp, morale, formation)


def _battery(name, side, brigade, division, corps, weapon, guns, morale):
    return Counter(name, side, "artillery", brigade, division, corps, weapon, guns, morale, "unlimbered")


U_DIV, U_CORPS = "Wadsworth's Division", "I Corps"
C_DIV, C_CORPS = "Heth's Division", "III Corps"
U_1, U_2 = "Meredith's Brigade", "Cutler's Brigade"
C_1, C_2 = "Archer's Brigade", "Davis's Brigade"

COUNTERS = [
    # Union
    _regiment("19th Indiana", "Union", U_1, U_DIV, U_CORPS, "R", 6, "B"),
    _regiment("24th Michigan", "Union", U_1, U_DIV, U_CORPS, "R", 8, "B"),
    _regiment("2nd Wisconsin", "Union", U_1, U_DIV, U_CORPS, "M", 5, "A"),
    _regiment("76th New York", "Union", U_2, U_DIV, U_CORPS, "R", 6, "C"),
    _regiment("147th New York", "Union", U_2, U_DIV, U_CORPS, "M", 5, "C"),
    _regiment("56th Pennsylvania", "Union", U_2, U_DIV, U_CORPS, "R", 6, "C"),
    _regiment("8th Illinois Cavalry", "Union", "Gamble's Brigade", "Buford's Division", "Cavalry Corps", "S", 4, "B",
              type="cavalry", formation="mounted"),
    _battery("Hall's Battery", "Union", "", U_DIV, U_CORPS, "R", 6, "B"),
    _battery("Stevens's Battery", "Union", "", U_DIV, U_CORPS, "N", 6, "B"),
    Counter("Meredith", "Union", "leader", U_1, U_DIV, U_CORPS, rating=2, morale_rating=3),
    Counter("Cutler", "Union", "leader", U_2, U_DIV, U_CORPS, rating=3, morale_rating=2),
    Counter("Wadsworth", "Union", "leader", "", U_DIV, U_CORPS, rating=2),
    Counter("I Corps HQ", "Union", "hq", "", "", U_CORPS),
    Counter("I Corps Wagon", "Union", "wagon", "", "", U_CORPS),
    # Confederate
    _regiment("1st Tennessee", "Confederate", C_1, C_DIV, C_CORPS, "R", 6, "B"),
    _regiment("7th Tennessee", "Confederate", C_1, C_DIV, C_CORPS, "M", 5, "B"),
    _regiment("14th Tennessee", "Confederate", C_1, C_DIV, C_CORPS, "R", 8, "C"),
    _regiment("2nd Mississippi", "Confederate", C_2, C_DIV, C_CORPS, "R", 6, "B"),
    _regiment("42nd Mississippi", "Confederate", C_2, C_DIV, C_CORPS, "M", 5, "C"),
    _regiment("55th North Carolina", "Confederate", C_2, C_DIV, C_CORPS, "R", 8, "B"),
    _regiment("17th Virginia Cavalry", "Confederate", "Jenkins's Brigade", "Stuart's Division", "Cavalry Corps", "S",
              4, "C", type="cavalry", formation="line"),
    _battery("Pegram's Battery", "Confederate", "", C_DIV, C_CORPS, "N", 5, "B"),
    _battery("Marye's Battery", "Confederate", "", C_DIV, C_CORPS, "R", 4, "B"),
    Counter("Archer", "Confederate", "leader", C_1, C_DIV, C_CORPS, rating=2, morale_rating=3),
    Counter("Davis", "Confederate", "leader", C_2, C_DIV, C_CORPS, rating=1, morale_rating=2),
    Counter("Heth", "Confederate", "leader", "", C_DIV, C_CORPS, rating=2),
    Counter("III Corps HQ", "Confederate", "hq", "", "", C_CORPS),
    Counter("III Corps Wagon", "Confederate", "wagon", "", "", C_CORPS),
    # The Army Commanders and Army HQs (10.1)
    Counter("Meade", "Union", "leader", rating=2),
    Counter("Army of the Potomac HQ", "Union", "hq"),
    Counter("Lee", "Confederate", "leader", rating=3),
    Counter("Army of Northern Virginia HQ", "Confederate", "hq"),
    # The Army Supply Trains (8.0, 8.4b)
    Counter("Army of the Potomac Train", "Union", "train"),
    Counter("Army of Northern Virginia Train", "Confederate", "train"),
]
BY_NAME = {c.name: c for c in COUNTERS}
