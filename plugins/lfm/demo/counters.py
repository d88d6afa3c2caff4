"""The counters of the LFM demo, Gettysburg's first day: each side's army commander (Meade, Lee),
corps commanders (3 stars: Reynolds; Longstreet, Ewell, Hill), division commanders (2 stars:
Wadsworth, Buford; Heth, Early), brigade commanders (1 star) and their regiments, batteries
(artillery and horse artillery) and cavalry; and the markers of 24 and 25 (breastworks, build,
burning and destroyed bridge). Every strength, cohesion and command value is an EXAMPLE value
(the series' counters are not in the rules) but Wadsworth's CV 5, the 8.9 example's."""
from dataclasses import dataclass
from typing import Optional

# Players (their VASSAL player ids).
UNION_ID, CONFEDERATE_ID = "union-lfm-demo", "confederate-lfm-demo"
PLAYERS = [(UNION_ID, "Union player", "Union"), (CONFEDERATE_ID, "Confederate player", "Confederate")]
MARKERS = ("Breastworks", "Build", "Burning Bridge", "Destroyed Bridge")


@dataclass
class Counter:
    name: str
    side: str                      # Union | Confederate; "" for a marker
    type: str                      # infantry | cavalry | artillery | horse artillery | commander | marker
    brigade: str = ""
    division: str = ""
    corps: str = ""
    sp: Optional[int] = None       # printed strength points
    cohesion: Optional[int] = None
    mode: str = ""                 # the mode the palette piece starts in (limbered, mounted ...)
    rank: str = ""                 # a commander's: army | corps | division | brigade
    cv: Optional[int] = None       # division commanders and up (20.3)
    arrives: Optional[int] = None  # a reinforcement's turn on the Order of Appearance (26.1)

    @property
    def image(self):
        return "".join(c if c.isalnum() else "-" for c in self.name.lower()).strip("-") + ".png"

    @property
    def is_combat(self):
        return self.type in ("infantry", "cavalry", "artillery", "horse artillery")

    @property
    def label(self):
        """What the counter prints: SP-cohesion, a commander's stars and CV."""
        if self.is_combat:
            return f"{self.sp}-{self.cohesion}"
        if self.type == "commander":
            stars = {"army": 4, "corps": 3, "division": 2, "brigade": 1}[self.rank]
            return "*" * stars + ("" if self.cv is None else f" {self.cv}")
        return ""


def _regiment(name, side, brigade, division, corps, sp, cohesion, type="infantry", mode=""):
    return Counter(name, side, type, brigade, division, corps, sp, cohesion, mode)


def _battery(name, side, division, corps, sp, cohesion, type="artillery"):
    return Counter(name, side, type, "", division, corps, sp, cohesion, "limbered")


def _commander(name, side, rank, brigade="", division="", corps="", cv=None):
    return Counter(name, side, "commander", brigade, division, corps, rank=rank, cv=cv)


U_CORPS, U_DIV, U_CAV_CORPS, U_CAV_DIV = "I Corps", "Wadsworth's Division", "Cavalry Corps", "Buford's Division"
MEREDITH, CUTLER, GAMBLE = "Meredith's Brigade", "Cutler's Brigade", "Gamble's Brigade"
C_I, C_II, C_III = "I Corps", "II Corps", "III Corps"
HETH, EARLY = "Heth's Division", "Early's Division"
ARCHER, DAVIS, HAYS = "Archer's Brigade", "Davis's Brigade", "Hays's Brigade"

COUNTERS = [
    # Union
    _commander("Meade", "Union", "army", cv=4),
    _commander("Reynolds", "Union", "corps", corps=U_CORPS, cv=5),
    _commander("Wadsworth", "Union", "division", division=U_DIV, corps=U_CORPS, cv=5),   # 8.9: CV 5
    _commander("Meredith", "Union", "brigade", MEREDITH, U_DIV, U_CORPS),
    _commander("Cutler", "Union", "brigade", CUTLER, U_DIV, U_CORPS),
    _commander("Buford", "Union", "division", division=U_CAV_DIV, corps=U_CAV_CORPS, cv=5),
    _commander("Gamble", "Union", "brigade", GAMBLE, U_CAV_DIV, U_CAV_CORPS),
    _regiment("19th Indiana", "Union", MEREDITH, U_DIV, U_CORPS, 4, 5),
    _regiment("24th Michigan", "Union", MEREDITH, U_DIV, U_CORPS, 5, 5),
    _regiment("2nd Wisconsin", "Union", MEREDITH, U_DIV, U_CORPS, 4, 6),
    _regiment("6th Wisconsin", "Union", MEREDITH, U_DIV, U_CORPS, 4, 5),
    _regiment("76th New York", "Union", CUTLER, U_DIV, U_CORPS, 4, 4),
    _regiment("147th New York", "Union", CUTLER, U_DIV, U_CORPS, 3, 4),
    _regiment("56th Pennsylvania", "Union", CUTLER, U_DIV, U_CORPS, 3, 4),
    _regiment("8th Illinois Cavalry", "Union", GAMBLE, U_CAV_DIV, U_CAV_CORPS, 3, 5, "cavalry", "mounted"),
    _regiment("12th Illinois Cavalry", "Union", GAMBLE, U_CAV_DIV, U_CAV_CORPS, 2, 4, "cavalry", "mounted"),
    _battery("Hall's Battery", "Union", "", U_CORPS, 3, 5),
    _battery("Calef's Battery", "Union", U_CAV_DIV, U_CAV_CORPS, 2, 5, "horse artillery"),
    # Confederate
    _commander("Lee", "Confederate", "army", cv=5),
    _commander("Longstreet", "Confederate", "corps", corps=C_I, cv=5),
    _commander("Ewell", "Confederate", "corps", corps=C_II, cv=4),
    _commander("Hill", "Confederate", "corps", corps=C_III, cv=3),
    _commander("Heth", "Confederate", "division", division=HETH, corps=C_III, cv=3),
    _commander("Early", "Confederate", "division", division=EARLY, corps=C_II, cv=4),
    _commander("Archer", "Confederate", "brigade", ARCHER, HETH, C_III),
    _commander("Davis", "Confederate", "brigade", DAVIS, HETH, C_III),
    _commander("Hays", "Confederate", "brigade", HAYS, EARLY, C_II),
    _regiment("1st Tennessee", "Confederate", ARCHER, HETH, C_III, 4, 5),
    _regiment("7th Tennessee", "Confederate", ARCHER, HETH, C_III, 4, 4),
    _regiment("14th Tennessee", "Confederate", ARCHER, HETH, C_III, 3, 5),
    _regiment("2nd Mississippi", "Confederate", DAVIS, HETH, C_III, 5, 4),
    _regiment("42nd Mississippi", "Confederate", DAVIS, HETH, C_III, 5, 3),
    _regiment("55th North Carolina", "Confederate", DAVIS, HETH, C_III, 5, 4),
    _regiment("5th Louisiana", "Confederate", HAYS, EARLY, C_II, 2, 5),
    _regiment("6th Louisiana", "Confederate", HAYS, EARLY, C_II, 2, 5),
    _regiment("7th Louisiana", "Confederate", HAYS, EARLY, C_II, 2, 4),
    _regiment("17th Virginia Cavalry", "Confederate", "Jenkins's Brigade", "", C_II, 2, 4, "cavalry", "dismounted"),
    _battery("Pegram's Battery", "Confederate", HETH, C_III, 4, 5),
    # The markers (24, 25)
    *(Counter(name, "", "marker") for name in MARKERS),
]
# 26.1: Davis's brigade, in lfm-entry.vsav's Reinforcements box, appears on the demo's turn 3.
for c in COUNTERS:
    if c.brigade == DAVIS:
        c.arrives = 3
BY_NAME = {c.name: c for c in COUNTERS}
