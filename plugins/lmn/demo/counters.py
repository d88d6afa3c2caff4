"""The counters of the Lee Moves North demo (a part of the 1862 countersheet), with the values the
rulebook prints on them (3.21, the counter manifest after 19.1), and the players who own them."""
from dataclasses import dataclass
from typing import Optional

# Players (their VASSAL player ids, which a Mask names as its owner).
UNION_ID, CONFEDERATE_ID = "union-lmn-demo", "confederate-lmn-demo"
PLAYERS = [(UNION_ID, "Union player", "Union"), (CONFEDERATE_ID, "Confederate player", "Confederate")]
OWNER = {"Union": UNION_ID, "Confederate": CONFEDERATE_ID}


@dataclass
class Counter:
    name: str
    side: str
    type: str                       # infantry | cavalry | leader | fortification | depot
    kind: str                       # corps | division | brigade | militia | dummy | militia dummy | leader | fortification | depot
    strength: Optional[int] = None  # combat and fortification units; None: "--" (dummies, leaders)
    bonus: Optional[int] = None     # leaders (11.4)

    @property
    def image(self):
        return "".join(c if c.isalnum() else "-" for c in self.name.lower()).strip("-") + ".png"

    @property
    def ma(self):
        """The movement allowance printed on the counter (3.21 and the counter manifest): Union 5 (its
        cavalry 6), Confederate 6 (its cavalry 7); fortifications none."""
        if self.type == "fortification":
            return 0
        return (5 if self.side == "Union" else 6) + (self.type == "cavalry")

    @property
    def maskable(self):
        """Infantry, cavalry and dummies may be face-down (6.0); leaders (11.5) and fortifications never."""
        return self.type in ("infantry", "cavalry")

    @property
    def label(self):
        value = "--" if self.strength is None and self.bonus is None else self.bonus if self.bonus is not None \
            else self.strength
        return f"{value}"


def _union(name, strength, kind="corps", type="infantry"):
    return Counter(name, "Union", type, kind, strength)


def _csa(name, strength, kind="division", type="infantry"):
    return Counter(name, "Confederate", type, kind, strength)


COUNTERS = [
    # Union (1862): corps, cavalry (1-6), militia (1-5, 18.3), dummies, leaders, fortifications (21.1, 1862)
    _union("I Corps", 16), _union("IX Corps", 12), _union("XI Corps", 9), _union("XII Corps", 9),
    _union("VIII Corps", 6),
    _union("Union Cavalry 1", 1, "brigade", "cavalry"), _union("Union Cavalry 2", 1, "brigade", "cavalry"),
    _union("Militia 1", 1, "militia"), _union("Militia 2", 1, "militia"), _union("Militia 3", 1, "militia"),
    _union("Militia 4", 1, "militia"),
    _union("Militia Dummy 1", None, "militia dummy"), _union("Militia Dummy 2", None, "militia dummy"),
    _union("Union Dummy 1", None, "dummy"), _union("Union Dummy 2", None, "dummy"),
    Counter("Pope", "Union", "leader", "leader", bonus=5), Counter("McClellan", "Union", "leader", "leader", bonus=12),
    Counter("Washington East", "Union", "fortification", "fortification", 3),
    Counter("Washington West", "Union", "fortification", "fortification", 2),
    Counter("Baltimore Fort", "Union", "fortification", "fortification", 2),
    # Confederate (1862): divisions (4-6, 5-6), cavalry (1-7), dummies, leaders
    _csa("J.R. Jones", 4), _csa("McLaws", 4), _csa("Anderson", 4), _csa("D.R. Jones", 4), _csa("Walker", 4),
    _csa("Ewell", 4), _csa("A.P. Hill", 4), _csa("D.H. Hill", 5), _csa("Hood", 5),
    _csa("CSA Cavalry 1", 1, "brigade", "cavalry"), _csa("CSA Cavalry 2", 1, "brigade", "cavalry"),
    _csa("CSA Cavalry 3", 1, "brigade", "cavalry"),
    _csa("CSA Dummy 1", None, "dummy"), _csa("CSA Dummy 2", None, "dummy"), _csa("CSA Dummy 3", None, "dummy"),
    _csa("CSA Dummy 4", None, "dummy"),
    Counter("Lee", "Confederate", "leader", "leader", bonus=15),
    Counter("Longstreet", "Confederate", "leader", "leader", bonus=6),
    Counter("Jackson", "Confederate", "leader", "leader", bonus=10),
]
BY_NAME = {c.name: c for c in COUNTERS}
