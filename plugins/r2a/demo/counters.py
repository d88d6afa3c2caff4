"""The counters of the Roads to Antietam demo, late August 1862: each side's army commander
(Pope and McClellan; Lee), corps leaders (Heintzelman III, Porter V, Sumner II, Franklin VI;
Jackson, Longstreet), the divisions and brigades of those corps with their manpower, Couch's
division (IV Corps, no corps leader on the map), the designated units of Washington (DC) and
Baltimore (Balt), cavalry (the 3rd Indiana and 6th New York regiments, Bayard's brigade; Stuart's
division), and the map-state markers (destroyed and damaged stations, destroyed depots,
Confederate control). EVERY initiative, command radius, manpower, victuals and ammunition value
is an EXAMPLE value: the base games' counters are not in these rules."""
from dataclasses import dataclass
from typing import Optional

UNION_ID, CONFEDERATE_ID = "union-r2a-demo", "confederate-r2a-demo"
PLAYERS = [(UNION_ID, "Union player", "Union"), (CONFEDERATE_ID, "Confederate player", "Confederate")]
MARKERS = ("Station Destroyed", "Station Damaged", "Depot Destroyed", "Confederate Control")


@dataclass
class Counter:
    name: str
    side: str                         # Union | Confederate; "" for a marker
    type: str                         # infantry | cavalry | leader | marker
    size: str = ""                    # division | brigade | regiment; "" for leaders
    rank: str = ""                    # a leader's: army | corps
    corps: str = ""
    initiative: Optional[int] = None  # leaders
    command_radius: Optional[int] = None   # army commanders
    manpower: Optional[int] = None    # combat units: the printed manpower
    designation: str = ""             # DC | Balt | Shen | RR | Kan | Res (5, 7)
    victuals: Optional[int] = None    # combat units: the victuals the palette piece starts with (8)
    ammo: Optional[int] = None        # Confederate combat units (Optional II)

    @property
    def image(self):
        return "".join(c if c.isalnum() else "-" for c in self.name.lower()).strip("-") + ".png"

    @property
    def is_combat(self):
        return self.type in ("infantry", "cavalry")

    @property
    def label(self):
        """What the counter prints: manpower, or a leader's initiative (and command radius)."""
        if self.is_combat:
            return f"{self.manpower}" + (f" {self.designation}" if self.designation else "")
        if self.type == "leader":
            return f"{self.initiative}" + ("" if self.command_radius is None else f"/{self.command_radius}")
        return ""


def _leader(name, side, rank, initiative, corps="", command_radius=None):
    return Counter(name, side, "leader", rank=rank, corps=corps, initiative=initiative, command_radius=command_radius)


def _union(name, size, corps, manpower, type="infantry", designation=""):
    return Counter(name, "Union", type, size, corps=corps, manpower=manpower, designation=designation, victuals=5)


def _confederate(name, size, corps, manpower, type="infantry"):
    # Optional II: infantry low (2 of their 12) for the worked examples; cavalry at their start, 9
    return Counter(name, "Confederate", type, size, corps=corps, manpower=manpower, victuals=3,
                   ammo=2 if type == "infantry" else 9)


II, III, IV, V, VI = "II Corps", "III Corps", "IV Corps", "V Corps", "VI Corps"
JACKSON, LONGSTREET = "Jackson's Command", "Longstreet's Command"

COUNTERS = [
    # Union
    _leader("Pope", "Union", "army", 2, command_radius=4),
    _leader("McClellan", "Union", "army", 3, command_radius=5),
    _leader("Heintzelman", "Union", "corps", 2, III),
    _leader("Porter", "Union", "corps", 2, V),
    _leader("Sumner", "Union", "corps", 3, II),
    _leader("Franklin", "Union", "corps", 2, VI),
    _union("Kearny's Division", "division", III, 7),
    _union("Hooker's Division", "division", III, 8),
    _union("Morell's Division", "division", V, 6),
    _union("Sykes's Division", "division", V, 5),
    _union("Richardson's Division", "division", II, 7),
    _union("Sedgwick's Division", "division", II, 8),
    _union("Slocum's Division", "division", VI, 6),
    _union("Smith's Division", "division", VI, 6),
    _union("Couch's Division", "division", IV, 6),
    _union("Piatt's Brigade", "brigade", V, 2),
    _union("Washington Garrison", "brigade", "", 4, designation="DC"),
    _union("Baltimore Garrison", "brigade", "", 3, designation="Balt"),
    _union("Bayard's Brigade", "brigade", "", 2, "cavalry"),
    _union("3rd Indiana Cavalry", "regiment", "", 1, "cavalry"),
    _union("6th New York Cavalry", "regiment", "", 1, "cavalry"),
    # Confederate
    _leader("Lee", "Confederate", "army", 5, command_radius=6),
    _leader("Jackson", "Confederate", "corps", 5, JACKSON),
    _leader("Longstreet", "Confederate", "corps", 4, LONGSTREET),
    _confederate("A.P. Hill's Division", "division", JACKSON, 10),
    _confederate("Ewell's Division", "division", JACKSON, 8),
    _confederate("Taliaferro's Division", "division", JACKSON, 6),
    _confederate("Hood's Division", "division", LONGSTREET, 7),
    _confederate("D.R. Jones's Division", "division", LONGSTREET, 6),
    _confederate("Stuart's Division", "division", "", 4, "cavalry"),
    _confederate("Fitz Lee's Brigade", "brigade", "", 2, "cavalry"),
    # The map-state markers
    *(Counter(name, "", "marker") for name in MARKERS),
]
BY_NAME = {c.name: c for c in COUNTERS}
