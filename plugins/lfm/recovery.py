"""Recovery in the Reorganization phase (17): removing D markers (17b) and returning a routed
regiment or battery to play (17a). The map is not read here: each commander's distance in hexes,
whether he moved, and the ZOI and enemy ZOC facts are inputs."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    name: str
    type: str                # infantry, cavalry, artillery, horse artillery
    cohesion: int
    side: str
    brigade: str = ""
    division: str = ""
    corps: str = ""
    shattered: bool = False


@dataclass(frozen=True)
class Commander:
    name: str
    rank: str                # army, corps, division, brigade
    side: str
    cv: int = 0              # division and up
    brigade: str = ""        # his own formation is the one he commands
    division: str = ""
    corps: str = ""
    distance: int = 0        # hexes to the stack in question (0: stacked, 1: adjacent)


@dataclass(frozen=True)
class Target:
    """One rating a rally may roll against (17b.2-5)."""
    source: str              # the unit or commander whose rating it is
    value: int
    clause: str


@dataclass(frozen=True)
class RallyResult:
    stack: tuple             # the units' names
    attempted: bool
    targets: tuple           # every Target the player could choose
    target: Target | None    # the one rolled against
    roll: int | None
    removed: bool            # the whole stack loses its D markers (17b.3)
    still_disorganized: tuple   # shattered units, disorganized while shattered (16.5)
    clauses: tuple


def _in_chain(commander, unit):
    if commander.rank == "corps":
        return bool(commander.corps) and commander.corps == unit.corps
    if commander.rank == "division":
        return bool(commander.division) and commander.division == unit.division
    return False


def rally_targets(charts, side, units, commanders):
    """17b.2-5: the ratings a disorganized stack of `side` may roll against: its lowest cohesion, the
    army commander's CV when stacked or adjacent, a corps or division commander's CV in the units'
    chain (option rally_chain) within 3 hexes (Union) or 5 (Confederate)."""
    if not units:
        raise ValueError("a rally needs a stack with at least one unit")
    lowest = min(units, key=lambda u: u.cohesion)
    targets = [Target(lowest.name, lowest.cohesion, "17b.2-3: the lowest cohesion in the stack")]
    army_range = int(charts.rule("recovery", "army_commander_range"))
    ranges = charts.rule("recovery", "commander_range")
    if side not in ranges:
        raise ValueError(f"side {side!r} is not one of {', '.join(ranges)}")
    reach = int(ranges[side])
    every = all if charts.option("rally_chain") == "all" else any
    for c in commanders:
        if c.side != side:
            continue
        if c.rank == "army" and c.distance <= army_range:
            targets.append(Target(c.name, c.cv, f"17b.4: the army commander within {army_range} hex"))
        elif c.rank in ("corps", "division") and c.distance <= reach and every(_in_chain(c, u) for u in units):
            targets.append(Target(c.name, c.cv, f"17b.5: {c.rank} commander of the chain within {reach} hexes "
                                                f"({side}; option rally_chain = \"{charts.option('rally_chain')}\")"))
    return tuple(targets)


def remove_disorganization(charts, side, units, commanders, roll, in_zoi=False, use=None):
    """17b: one attempt for a disorganized stack (17b.6: one a hex a phase): d6 <= the chosen
    rating removes the D markers of the whole stack. `use` names the unit or commander to roll
    against; by default the highest rating offered. Option rally_in_zoi: in an enemy ZOI, none."""
    names = tuple(u.name for u in units)
    targets = rally_targets(charts, side, units, commanders)
    if in_zoi and charts.option("rally_in_zoi") == "blocked":
        return RallyResult(names, False, targets, None, None, False, (),
                           ("6.2: the stack is in an enemy ZOI, which prevents reorganization "
                            "(option rally_in_zoi = \"blocked\")",))
    if use is None:
        target = max(targets, key=lambda t: t.value)
    else:
        chosen = [t for t in targets if t.source == use]
        if not chosen:
            raise ValueError(f"{use!r} may not rally this stack (the choices are "
                             f"{', '.join(t.source for t in targets)})")
        target = chosen[0]
    die = roll("d6", f"remove D {'/'.join(names)} against {target.source}")
    removed = die <= target.value
    still = tuple(u.name for u in units if u.shattered) if removed else ()
    clauses = (target.clause, f"17b.2: {die} {'<=' if removed else '>'} {target.value}: D " +
               ("removed from the whole stack (17b.3)" if removed else "stays"))
    if still:
        clauses += ("16.5: shattered units are still disorganized",)
    return RallyResult(names, True, targets, target, die, removed, still, clauses)


@dataclass(frozen=True)
class Placement:
    """A hex a recovered unit might be placed in."""
    hex: str
    distance: int            # from the recovering commander's hex
    in_zoi: bool
    in_ezoc: bool
    stacking_ok: bool        # the unit fits within the stacking limits there


@dataclass(frozen=True)
class RecoverResult:
    unit: str
    commander: str
    attempted: bool
    roll: int | None
    recovered: bool
    hexes: tuple             # the hexes it may be placed in (17a.3)
    clauses: tuple


def _may_recover(commander, unit):
    if unit.type in ("artillery", "horse artillery"):
        if commander.rank not in ("corps", "division", "brigade"):
            return "17a.5: only corps, division and brigade commanders recover batteries"
        if commander.rank == "brigade":
            ok = (unit.division and unit.division == commander.division) or (unit.corps and unit.corps == commander.corps)
        else:
            ok = _in_chain(commander, unit)
        return None if ok else f"17a.5: {unit.name} is not a battery of {commander.name}'s command"
    if commander.rank != "brigade" or not unit.brigade or unit.brigade != commander.brigade:
        return f"17a.1: only the commander of brigade {unit.brigade or '?'} recovers {unit.name}"
    return None


def recover_routed(charts, commander, unit, roll, moved, in_zoi, in_ezoc, placements):
    """17a: one attempt by `commander` to return eliminated `unit` from the routed pool: he has not
    moved and is in no enemy ZOI or ZOC; d6 <= the unit's cohesion returns it, in or adjacent to his
    hex, within stacking, outside any ZOI or ZOC (`placements`: the hexes considered)."""
    reach = int(charts.rule("recovery", "placement_range"))
    refusals = []
    why = _may_recover(commander, unit)
    if why:
        refusals.append(why)
    if commander.side != unit.side:
        refusals.append(f"17a.1: {commander.name} and {unit.name} are not of one side")
    if moved:
        refusals.append(f"17a.1: {commander.name} moved this turn")
    if in_zoi:
        refusals.append(f"17a.1: {commander.name} is in an enemy ZOI")
    if in_ezoc:
        refusals.append(f"17a.1: {commander.name} is in an enemy ZOC")
    hexes = tuple(p.hex for p in placements
                  if p.distance <= reach and p.stacking_ok and not p.in_zoi and not p.in_ezoc)
    if not hexes:
        refusals.append(f"17a.3: no hex in or adjacent to {commander.name}'s may take {unit.name} "
                        "(within stacking, outside any ZOI or ZOC)")
    if refusals:
        return RecoverResult(unit.name, commander.name, False, None, False, hexes, tuple(refusals))
    die = roll("d6", f"recover {unit.name} by {commander.name}")
    recovered = die <= unit.cohesion
    clause = (f"17a.2: {die} {'<=' if recovered else '>'} cohesion {unit.cohesion}: " +
              ("it returns to play (17a.3: placed in one of the hexes)" if recovered
               else "it stays eliminated; it may be tried again later (17a.4)"))
    return RecoverResult(unit.name, commander.name, True, die, recovered, hexes if recovered else (), (clause,))
