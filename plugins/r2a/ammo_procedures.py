"""Confederate ammunition (Optional II) on a save: a unit's expenditure on its combat results in
the county it stands in, replenishment from a captured depot or an ammunition train (the check of
the resupply refusals: north of the Potomac while the Union occupies a printed group of places,
surrounded by enemy ZOC), and each Confederate unit's ammunition with the effects of being out.
The ammunition is the unit's `ammo` attribute (the companion file's [units]), written back."""
from adjutant.plugin import named_values
from adjutant.procedures.report import Quantity

from . import ammo
from .army import ArmyError

NORTH_STATES = ("MD", "PA")   # Optional II "north of the Potomac": a Maryland or Pennsylvania hex


class AmmoRefused(ValueError):
    """The rules refuse ammunition to the units named: each with its clause."""

    def __init__(self, refused):
        self.refused = tuple(refused)
        super().__init__("the ammunition is refused: " + "; ".join(f"{unit}: {clause}" for unit, clause in refused))


def union_reach(army):
    """The hexes around which a unit is "surrounded by enemy ZOC" (Optional II): those in a Union
    combat unit's ZOC (Army.zone_hexes) and those a Union combat unit stands in."""
    return army.zone_hexes("Union") | {u.hex for u in army.of("Union") if u.is_combat}


def ammo_unit(session, unit, union_zoc=None):
    """The unit as ammo.py takes it; ArmyError for a unit that holds no ammunition."""
    if unit.side != "Confederate" or not unit.is_combat:
        raise ArmyError(f"{unit.name} is a {unit.side} {unit.type}: only Confederate infantry and cavalry hold "
                        f"ammunition (Optional II)")
    if unit.ammo is None:
        raise ArmyError(f"{unit.name} has no ammunition value: map `ammo` in the companion file's [units] "
                        f"(Optional II)")
    if not unit.hex:
        raise ArmyError(f"{unit.name} is not on the map")
    army = session.army
    north = army.state_of(unit.hex) in NORTH_STATES
    zoc = union_reach(army) if union_zoc is None else union_zoc
    return ammo.AmmoUnit(unit.name, unit.type, unit.ammo, north, ammo.surrounded(army.neighbours(unit.hex), zoc))


def write_ammo(session, unit, value, section):
    if session.army.write(unit, "ammo", value):
        section.add(f"{unit.name}: ammunition {value} written", unit=unit.name, ammo=value, written=True,
                    quantity=Quantity("ammunition", value, of=unit.name))
    else:
        section.add(f"{unit.name}: ammunition could not be written (the companion file maps `ammo` to nothing "
                    f"writable): set it to {value} by hand", unit=unit.name, ammo=value, written=False,
                    quantity=Quantity("ammunition", value, of=unit.name))


# ---- expenditure ----

def expend(session, name, results):
    army = session.army
    unit = army.named(name)
    u = ammo_unit(session, unit)
    letters = [r.upper() for r in results]
    wrong = [r for r in letters if r not in session.charts.rule("ammo", "loss")]
    county = army.county_of(unit.hex)
    shown = county.name if county else "no county"
    change = ammo.expend(session.charts, u, letters, army.county_name(county) or "")
    section = session.report.section(f"{name}'s ammunition (Optional II expenditure)")
    section.add(f"{name} in {unit.hex} ({shown}): results {', '.join(letters) or 'none'}"
                + (f" ({', '.join(wrong)}: no ammunition cost)" if wrong else ""), unit=name, hex=unit.hex,
                county=county.name if county else None, results=letters)
    for clause in change.clauses:
        section.add(clause, before=change.before, after=change.after)
    if change.after != change.before:
        write_ammo(session, unit, change.after, section)


# ---- replenishment ----

def union_occupied(session, section):
    """The places the refusals name that a Union combat unit stands in; a place the companion file
    lacks is reported and read as not Union occupied."""
    army = session.army
    wanted = sorted({p for group in session.charts.rule("ammo", "north_refusals") for p in group})
    occupied, missing = set(), []
    for name in wanted:
        hexes = {h for p in army.places() if p.name == name for h in p.hexes}
        if not hexes:
            missing.append(name)
            continue
        holders = [u.name for u in army.combat_units_in(sorted(hexes), "Union")]
        if holders:
            occupied.add(name)
            section.add(f"{name} ({', '.join(sorted(hexes))}): Union occupied by {', '.join(holders)}", place=name,
                        union_occupied=True)
        else:
            section.add(f"{name} ({', '.join(sorted(hexes))}): not Union occupied", place=name, union_occupied=False)
    if missing:
        section.add(f"{', '.join(missing)}: not on the map (the companion file's [[map.place]]): read as not Union "
                    f"occupied", missing=missing)
    return occupied


def depot_source(session, depot_name, section):
    """(the chart's name for the depot, its hex): the depot place; Optional II 1's "the depot in
    Baltimore" is any depot in a hex of the town Baltimore. Refused unless a Confederate combat unit
    stands in the depot's hex (the capture)."""
    army = session.army
    depot = army.place(depot_name, "depot")
    named = session.charts.rule("ammo", "depots")
    chart_name = depot.name
    if chart_name not in named:
        town = army.place_at(depot.hex, "town")
        if town is not None and town.name in named:
            chart_name = town.name
            section.add(f"the depot {depot.name} stands in {town.name} ({depot.hex}): the depot in {town.name}")
    captors = [u.name for h in depot.hexes for u in army.in_hex(h, "Confederate") if u.is_combat]
    if not captors:
        raise AmmoRefused([(depot.name, f"Optional II 1: no Confederate combat unit stands in the depot's hex "
                                        f"{depot.hex}: it is not captured")])
    section.add(f"the depot at {depot.name} ({depot.hex}) captured by {', '.join(captors)}", depot=depot.name,
                hex=depot.hex)
    return chart_name, depot.hex


def parse_grants(text):
    found = named_values(text, "grants=", "UNIT:N", number="count")
    if not found:
        raise ArmyError("name the units receiving ammunition: grants=UNIT:N,...")
    return found


def replenish(session, depot_name, train, grants):
    if bool(depot_name) == bool(train):
        raise ArmyError("give depot=NAME (a captured depot, Optional II 1) or train=yes (an ammunition train, "
                        "Optional II 2), one of them")
    army = session.army
    source = session.report.section("The source (Optional II replenishment)")
    if depot_name:
        chart_name, depot_hex = depot_source(session, depot_name, source)
    else:
        chart_name = depot_hex = None
        source.add("an ammunition train arrived (an \"Accelerate Confederate Reinforcements\" random event, "
                   "Optional II 2)", train=True)
    places = session.report.section("Places north of the Potomac refusals name (Optional II exceptions)")
    occupied = union_occupied(session, places)
    zoc = union_reach(army)
    units = session.report.section("The units (Optional II exceptions)")
    given = []
    for name, amount in grants:
        unit = army.named(name)
        u = ammo_unit(session, unit, zoc)
        distance = 0
        where = f"in {unit.hex} ({army.state_of(unit.hex) or 'no state'})"
        if depot_hex:
            same_board = army.same_board(unit.hex, depot_hex)
            distance = army.distance(depot_hex, unit.hex) if same_board else 10 ** 6
            where += (f", {distance} hexes from {depot_hex}" if same_board else
                      f", on another board than {depot_hex} (the boards are separate maps: not within range)")
        units.add(f"{name} {where}: ammunition {u.ammo}; " + ("north of the Potomac" if u.north_of_potomac else
                  "not north of the Potomac") + ("; surrounded by enemy ZOC" if u.surrounded else ""),
                  unit=name, hex=unit.hex, ammo=u.ammo, north_of_potomac=u.north_of_potomac, surrounded=u.surrounded)
        given.append((unit, ammo.Grant(u, amount, distance)))
    result = ammo.replenish(session.charts, [g for _, g in given], occupied, depot=chart_name)
    if result.refused:
        raise AmmoRefused(result.refused)
    section = session.report.section(f"Ammunition from the {result.source}")
    for clause in result.clauses[:-1]:
        section.add(clause, available=result.available)
    by_name = {unit.name: unit for unit, _ in given}
    for change in result.given:
        section.add(change.clauses[0], unit=change.unit, before=change.before, after=change.after,
                    quantity=Quantity("ammunition given", change.after - change.before, of=change.unit))
        write_ammo(session, by_name[change.unit], change.after, section)
    section.add(result.clauses[-1], given=sum(c.after - c.before for c in result.given),
                quantity=Quantity("ammunition given", sum(c.after - c.before for c in result.given)))


# ---- status ----

def status(session):
    charts, army = session.charts, session.army
    section = session.report.section("Confederate ammunition (Optional II)")
    factor, floor = charts.rule("ammo", "combat_factor"), charts.rule("ammo", "combat_floor")
    artillery, drm = int(charts.rule("ammo", "artillery_value")), int(charts.rule("ammo", "cavalry_retreat_drm"))
    for unit in army.of("Confederate"):
        if not unit.is_combat:
            continue
        if unit.ammo is None:
            section.add(f"{unit.name} ({unit.type}, {unit.hex}): no ammunition value on the counter", unit=unit.name,
                        ammo=None)
            continue
        start_value = ammo.starting_ammo(charts, unit.type)
        if unit.ammo > 0:
            section.add(f"{unit.name} ({unit.type}, {unit.hex}): {unit.ammo} of {start_value}", unit=unit.name,
                        ammo=unit.ammo, out=False, quantity=Quantity("ammunition", unit.ammo, of=unit.name))
            continue
        effects = [f"combat value x {factor}, rounded down, never below {floor}",
                   f"artillery value {artillery} in attack and defense"]
        if unit.demoralized:
            effects.append("demoralized: it may not attack")
        if unit.is_cavalry:
            effects.append(f"cavalry retreat die roll {drm:+d}")
        section.add(f"{unit.name} ({unit.type}, {unit.hex}): OUT of ammunition (0 of {start_value}): "
                    + "; ".join(effects) + " (Optional II; out of supply effects apply besides)", unit=unit.name,
                    ammo=0, out=True, may_attack=not unit.demoralized, quantity=Quantity("ammunition", 0, of=unit.name))
