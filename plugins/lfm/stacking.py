"""Stacking (4): 16 SP of one brigade's infantry or cavalry plus 6 SP of artillery a hex (a single
battery above 6 SP may be alone), no mix of mounted and dismounted cavalry; the phasing player's
stacks over the limits at the end of his movement phase lose the excess (4.5). Which units: option
stacking_excess. The optional road limits (8 infantry, 6 mounted cavalry, 4 limbered artillery
SP): option road_stacking."""
from dataclasses import dataclass
from itertools import combinations

ARTILLERY = ("artillery", "horse artillery")


@dataclass(frozen=True)
class Unit:
    name: str
    type: str                # infantry, cavalry, artillery, horse artillery (commanders do not stack)
    sp: int
    cohesion: int = 0
    brigade: str = ""
    mode: str = ""           # mounted / dismounted cavalry; limbered / unlimbered artillery


@dataclass(frozen=True)
class StackingResult:
    eliminated: tuple        # names, in stack order
    lost_sp: int
    violations: tuple        # what was over the limits, with clauses
    clauses: tuple


def _limits(charts, on_road):
    """[(clause, which units, legal(units))]: the groups a hex's limits apply to."""
    if on_road and charts.option("road_stacking") == "on":
        inf = int(charts.rule("stacking", "road_infantry_sp"))
        cav = int(charts.rule("stacking", "road_mounted_cavalry_sp"))
        art = int(charts.rule("stacking", "road_artillery_sp"))
        alone = lambda cap: lambda us: sum(u.sp for u in us) <= cap or len(us) == 1
        return [(f"4 optional: {inf} SP of infantry on the road",
                 lambda u: u.type == "infantry" or (u.type == "cavalry" and u.mode != "mounted"), alone(inf)),
                (f"4 optional: {cav} SP of mounted cavalry on the road",
                 lambda u: u.type == "cavalry" and u.mode == "mounted", alone(cav)),
                (f"4 optional: {art} SP of limbered artillery on the road", lambda u: u.type in ARTILLERY, alone(art))]
    brigade = int(charts.rule("stacking", "brigade_sp"))
    artillery = int(charts.rule("stacking", "artillery_sp"))
    one = charts.option("stacking_brigades") == "one"

    def combat_legal(us):
        return sum(u.sp for u in us) <= brigade and (not one or len({u.brigade for u in us}) <= 1)
    which = (f"4.1: {brigade} SP of infantry or cavalry" +
             (" of the same brigade (option stacking_brigades = \"one\")" if one else
              " (option stacking_brigades = \"total\")"))
    return [(which, lambda u: u.type in ("infantry", "cavalry"), combat_legal),
            (f"4.2: {artillery} SP of artillery, or one battery alone", lambda u: u.type in ARTILLERY,
             lambda us: sum(u.sp for u in us) <= artillery or len(us) == 1)]


def _excess(group, legal, order):
    """The units of `group` to eliminate: by option stacking_excess."""
    if order == "top":
        left, gone = list(group), []
        for u in group:
            if legal(left):
                break
            left.remove(u)
            gone.append(u)
        return gone
    rank = {u.name: i for i, u in enumerate(sorted(group, key=lambda u: (u.cohesion, group.index(u))))}
    best = None
    for n in range(len(group) + 1):
        for gone in combinations(group, n):
            if legal([u for u in group if u not in gone]):
                key = (sum(u.sp for u in gone), sorted(rank[u.name] for u in gone))
                if best is None or key < best[0]:
                    best = (key, list(gone))
    return best[1]


def stacking_excess(charts, units, on_road=False):
    """4.1-4.5: the units (top of the stack first) the stack loses at the end of its movement phase,
    and every limit it broke. `on_road`: the stack uses road movement (optional limits)."""
    order = charts.option("stacking_excess")
    violations, gone = [], []
    for clause, member, legal in _limits(charts, on_road):
        group = [u for u in units if member(u)]
        if legal(group):
            continue
        violations.append(clause)
        gone += _excess(group, legal, order)
    cavalry = {u.mode for u in units if u.type == "cavalry"}
    if len(cavalry) > 1:
        violations.append("4.3: mounted and dismounted cavalry in one stack")
    eliminated = tuple(u.name for u in units if u in gone)
    lost = sum(u.sp for u in units if u in gone)
    clauses = ()
    if eliminated:
        clauses = (f"4.5: {', '.join(eliminated)} ({lost} SP) eliminated, the excess "
                   f"(option stacking_excess = \"{order}\")",)
    if len(cavalry) > 1:
        clauses += ("4.3: its cavalry must be all mounted or all dismounted (mount or dismount units before the end "
                    "of the phase; 4.5 eliminates only SP over the limits)",)
    return StackingResult(eliminated, lost, tuple(violations), clauses)
