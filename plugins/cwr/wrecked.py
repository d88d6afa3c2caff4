"""Wrecked status (5.9): a regiment wrecked at half its printed strength lost, a brigade when its
wrecked regiments fill the Brigade Status boxes left of the check mark, a division likewise with its
wrecked brigades. Recovery clears them the same way, so each is computed from the current strengths."""
from dataclasses import dataclass
from fractions import Fraction

from .stragglers import STRAGGLING_TYPES


@dataclass(frozen=True)
class Wrecked:
    name: str
    wrecked: bool
    count: int        # a unit: strength points lost; a brigade or division: wrecked members
    threshold: int    # a unit: the strength at which it is wrecked; else the boxes left of the check mark
    clause: str


def unit_wrecked(charts, unit):
    """5.9: an infantry or cavalry unit that has lost the chart's fraction (50%) or more of its
    printed strength (6 SP: wrecked at 3; 5 SP: at 2). Artillery, leaders and the rest never."""
    if unit.type not in STRAGGLING_TYPES:
        return Wrecked(unit.name, False, 0, 0, "5.9: artillery and non-combat units never become wrecked")
    fraction = Fraction(str(charts.rule("wrecked", "lost_fraction")))
    at = max(s for s in range(unit.printed_sp + 1) if unit.printed_sp - s >= fraction * unit.printed_sp)
    return Wrecked(unit.name, unit.sp <= at, unit.printed_sp - unit.sp, at, "5.9")


def group_wrecked(name, members_wrecked, check_mark):
    """5.9: a brigade (members: its regiments) or a division (members: its brigades) is wrecked when
    as many members are wrecked as there are status boxes left of its check mark (the Loss Chart's).
    `members_wrecked`: a Wrecked or a bool per member."""
    count = sum(1 for w in members_wrecked if getattr(w, "wrecked", w))
    return Wrecked(name, count >= check_mark, count, check_mark, "5.9")
