"""Shattered brigades (15): a brigade that has lost half or more of its total SP is shattered in the
Reorganization phase; it recovers at night (night.py) or once rebuilt to more than half (15.3).
All its regiments are shattered with it wherever they are (15.2)."""
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Brigade:
    name: str
    total_sp: int            # its total strength: the printed SP, or the strength noted at night (15.4)
    on_map_sp: int           # SP of its regiments on the map now
    shattered: bool
    regiments: tuple = ()    # names of its regiments on the map


@dataclass(frozen=True)
class ShatterResult:
    brigade: str
    total_sp: int
    on_map_sp: int
    lost_sp: int
    before: bool
    after: bool
    regiments: tuple         # regiments whose shattered flag is `after` (15.2)
    clause: str


def _fraction(charts, key):
    return Fraction(str(charts.rule("shatter", key)))


def reorganize(charts, brigade):
    """15.1, 15.3: the brigade's shattered state after this Reorganization phase's determination."""
    if brigade.total_sp <= 0:
        raise ValueError(f"brigade {brigade.name}: total strength {brigade.total_sp} is not a strength")
    lost = brigade.total_sp - brigade.on_map_sp
    if brigade.shattered:
        above = _fraction(charts, "recovered_above") * brigade.total_sp
        after = brigade.on_map_sp <= above
        clause = (f"15.3: {brigade.on_map_sp} SP of {brigade.total_sp} is more than {above}: "
                  "the shattered marker is removed") if not after else (
                  f"15.3: {brigade.on_map_sp} SP of {brigade.total_sp} is not more than {above}: still shattered")
    else:
        limit = _fraction(charts, "lost_fraction") * brigade.total_sp
        after = lost >= limit
        clause = (f"15.1: lost {lost} SP of {brigade.total_sp}, " +
                  (f"{limit} or more: shattered" if after else f"less than {limit}: not shattered"))
    return ShatterResult(brigade.name, brigade.total_sp, brigade.on_map_sp, lost, brigade.shattered, after,
                         tuple(brigade.regiments), clause)
