"""Confederate ammunition (Optional II): the start (infantry 12, cavalry 9; never more, never
negative), the expenditure on D, F and E combat results outside Caroline, Culpepper, Madison,
Orange and Spotsylvania counties, the effects of being out of ammunition, and replenishment by
depot capture (to units within 10 hexes) or an ammunition train (8, anywhere), refused north of
the Potomac while the Union occupies one of the printed groups of places, and to a unit surrounded
by enemy ZOC.

A combat value is a Fraction: out of ammunition, half the value rounded down, but never below 1/2,
so a unit of combat value 1 fights at Fraction(1, 2)."""
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from .verdict import Verdict


@dataclass(frozen=True)
class AmmoChange:
    unit: str
    before: int
    after: int
    clauses: tuple


@dataclass(frozen=True)
class OutOfAmmo:
    out: bool
    combat_value: Fraction
    artillery_value: int
    may_attack: bool
    cavalry_retreat_drm: int
    clauses: tuple


@dataclass(frozen=True)
class AmmoUnit:
    name: str
    type: str                # infantry | cavalry
    ammo: int                # its ammunition now
    north_of_potomac: bool = False
    surrounded: bool = False     # surrounded by enemy ZOC: surrounded()


@dataclass(frozen=True)
class Grant:
    unit: AmmoUnit
    amount: int
    distance: int = 0        # hexes from the captured depot (not read for a train)


@dataclass(frozen=True)
class Replenishment:
    source: str
    available: int
    given: tuple             # AmmoChange for each unit that received ammunition
    refused: tuple           # (unit, clause)
    clauses: tuple


def starting_ammo(charts, unit_type):
    """Optional II: a Confederate unit's ammunition at the start, the most it may ever hold."""
    start = charts.rule("ammo", "start")
    if unit_type not in start:
        raise ValueError(f"Optional II: {charts.path} [ammo] start gives no ammunition for {unit_type!r} units")
    return int(start[unit_type])


def _bounded(charts, unit, value):
    return max(0, min(value, starting_ammo(charts, unit.type)))


def expend(charts, unit, results, county):
    """Optional II: `unit` received the combat `results` (letters: "D", "F", "E"), attacking or
    defending, in `county`: D costs 2, F or E 1 each, none in the exempt counties; never below 0."""
    exempt = charts.rule("ammo", "exempt_counties")
    if county in exempt:
        return AmmoChange(unit.name, unit.ammo, unit.ammo,
                          (f"Optional II: in {county} county: no ammunition spent",))
    loss = charts.rule("ammo", "loss")
    spent = sum(int(loss[r]) for r in results if r in loss)
    after = _bounded(charts, unit, unit.ammo - spent)
    named = ", ".join(f"{r} -{loss[r]}" for r in results if r in loss) or "no D, F or E result"
    clause = f"Optional II: {named}: {unit.ammo} -> {after}"
    if unit.ammo - spent < 0:
        clause += " (never negative)"
    return AmmoChange(unit.name, unit.ammo, after, (clause,))


def out_of_ammo(charts, unit, combat_value, artillery_value, demoralized=False):
    """Optional II: a unit with no ammunition fights at half its combat value rounded down, never
    below 1/2 (Fraction(1, 2)); its artillery value is 0; demoralized it may not attack; a cavalry
    retreat subtracts 2 from its die roll. Out of supply effects apply besides."""
    if unit.ammo > 0:
        return OutOfAmmo(False, Fraction(combat_value), artillery_value, True, 0,
                         (f"Optional II: {unit.ammo} ammunition: no effect",))
    factor = Fraction(str(charts.rule("ammo", "combat_factor")))
    floor_value = Fraction(str(charts.rule("ammo", "combat_floor")))
    halved = Fraction(floor(combat_value * factor))
    value = max(halved, floor_value) if combat_value > 0 else Fraction(0)
    clauses = [f"Optional II: out of ammunition: combat value {combat_value} x {factor} rounded down = {halved}"
               + (f", raised to {value}" if value != halved else "")]
    artillery = int(charts.rule("ammo", "artillery_value"))
    clauses.append(f"Optional II: artillery value {artillery_value} -> {artillery}")
    may_attack = not demoralized
    if demoralized:
        clauses.append("Optional II: demoralized and out of ammunition: it may not attack")
    drm = int(charts.rule("ammo", "cavalry_retreat_drm")) if unit.type == "cavalry" else 0
    if drm:
        clauses.append(f"Optional II: cavalry retreat die roll {drm:+d}")
    return OutOfAmmo(True, value, artillery, may_attack, drm, tuple(clauses))


HEXSIDES = 6


def surrounded(neighbours, enemy_zoc):
    """Optional II "surrounded by enemy ZOC", read as: every one of the six hexes adjacent to the
    unit (`neighbours`, the hexes of the map around it) is in an enemy ZOC. The map's edge is open,
    not enemy ZOC: a unit at the edge (fewer than six neighbours on the map) is not surrounded."""
    neighbours = list(neighbours)
    return len(neighbours) == HEXSIDES and all(h in enemy_zoc for h in neighbours)


def may_receive(charts, unit, union_occupied):
    """Optional II exceptions: may `unit` receive ammunition? Not north of the Potomac while the Union
    occupies every place of one printed group (Winchester and Culpepper; Harper's Ferry;
    Williamsport, Falling Waters, Sharpsburg and Naval Battery); never when surrounded by enemy ZOC."""
    if unit.surrounded:
        return Verdict(False, (f"Optional II: {unit.name} is surrounded by enemy ZOC: it may not receive ammunition",))
    if unit.north_of_potomac:
        for group in charts.rule("ammo", "north_refusals"):
            if all(place in union_occupied for place in group):
                return Verdict(False, (f"Optional II: {unit.name} is north of the Potomac and the Union occupies "
                                       f"{' and '.join(group)}",))
        return Verdict(True, (f"Optional II: {unit.name} is north of the Potomac; the Union occupies none of "
                              "the printed groups whole",))
    return Verdict(True, (f"Optional II: {unit.name} may receive ammunition",))


def depot_ammo(charts, depot):
    """(amount, clause): the ammunition the capture of the Union depot `depot` gives."""
    named = charts.rule("ammo", "depots")
    if depot in named:
        return int(named[depot]), f"Optional II 1: {named[depot]} for the capture of the depot at {depot}"
    other = int(charts.rule("ammo", "other_depot"))
    return other, f"Optional II 1: {other} for the capture of the depot at {depot}, any other Union depot"


def replenish(charts, grants, union_occupied, depot=None):
    """Optional II: share the ammunition of the captured `depot` (its name; units within 10 hexes) or,
    with no depot, of an ammunition train (8, anywhere) among `grants` (Grant, in the player's order).
    A grant beyond what is left, beyond the unit's start, out of range or refused by may_receive()
    is cut or refused with its clause."""
    if depot is None:
        available = int(charts.rule("ammo", "train"))
        source, clauses = "ammunition train", [f"Optional II 2: an ammunition train: {available} units, anywhere"]
        reach = None
    else:
        available, clause = depot_ammo(charts, depot)
        source, clauses = f"depot at {depot}", [clause]
        reach = int(charts.rule("ammo", "depot_range"))
    left, given, refused = available, [], []
    for g in grants:
        u = g.unit
        if g.amount < 0:
            raise ValueError(f"Optional II: a grant of {g.amount} ammunition to {u.name} is not a grant")
        if reach is not None and g.distance > reach:
            refused.append((u.name, f"Optional II 1: {u.name} is {g.distance} hexes from {depot}, beyond {reach}"))
            continue
        verdict = may_receive(charts, u, union_occupied)
        if not verdict.allowed:
            refused.append((u.name, verdict.clauses[0]))
            continue
        start = starting_ammo(charts, u.type)
        amount = min(g.amount, left, start - u.ammo)
        notes = []
        if amount < g.amount:
            if amount == start - u.ammo and amount < left:
                notes.append(f"never more than its start, {start}")
            else:
                notes.append(f"only {left} left")
        if amount <= 0:
            refused.append((u.name, f"Optional II: {u.name} receives none ({'; '.join(notes)})"))
            continue
        left -= amount
        given.append(AmmoChange(u.name, u.ammo, u.ammo + amount, (
            f"Optional II: {u.name} receives {amount} from the {source}: {u.ammo} -> {u.ammo + amount}"
            + (f" ({'; '.join(notes)})" if notes else ""),)))
    clauses.append(f"Optional II: {available - left} of {available} given")
    return Replenishment(source, available, tuple(given), tuple(refused), tuple(clauses))
