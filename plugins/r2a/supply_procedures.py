"""Supply on a save (rulebook 8; Optional III Supply, Levies, Maryland Levies): a side's supply
phases (`r2a.victuals`), a forage march (`r2a.forage`, its odds through `odds`), a levy
(`r2a.levy`) and a destroyed Union depot's victuals (`r2a.depot`), each change written on the
counters and reported with its clause. Whether a unit is "in supply" by the SJW or HCTR rules (the
base games' supply trace, not in these rules) is the player's word: every unit is in supply but
those named unsupplied=."""
from adjutant.plugin import named_values
from adjutant.procedures.kept import kept_property
from adjutant.procedures.report import Quantity

from . import forage as forage_rules
from . import levy as levy_rules
from . import victuals as victuals_rules
from .army import ArmyError
from .modified_roll import percent

HARPERS_FERRY = "Harper's Ferry"
ATTRITION = "the Union manpower lost to supply attrition (8), part of union_losses, which Victory V does not count"
LEVY_VP_KEY = "maryland_levy_vp"   # [globals]: the victory points Maryland levies cost so far (Optional III)


class SupplyRefused(ValueError):
    """The rules refuse a levy or a share of victuals as given: every reason with its clause."""

    def __init__(self, what, reasons):
        self.reasons = tuple(reasons)
        super().__init__(f"{what} is refused: " + "; ".join(self.reasons))


def grants_of(text):
    """"UNIT:N,..." as {unit: N}."""
    return dict(named_values(text, "grants=", "UNIT:N", number="signed"))


def shown(value):
    return str(value).lower() if isinstance(value, bool) else str(value)


def write(session, section, unit, attribute, value, clause):
    """Writes the attribute on the unit and reports the change with its clause (or that the
    companion file maps the attribute to nothing writable)."""
    text = shown(value)
    amount = {"quantity": Quantity(attribute, value, of=unit.name)} if type(value) is int else {}  # not a state
    if session.army.write(unit, attribute, text):
        section.add(f"{unit.name}: {attribute} {text} written ({clause})", unit=unit.name, attribute=attribute,
                    value=value, written=True, **amount)
    else:
        section.add(f"{unit.name}: {attribute} {text} not written (the companion file maps {attribute} to nothing "
                    f"writable): set it by hand ({clause})", unit=unit.name, attribute=attribute, value=value,
                    written=False, **amount)


def victualled(session, unit):
    """The unit's victuals; ArmyError when its counter carries none."""
    if unit.victuals is None:
        raise ArmyError(f"{unit.name} has no victuals (8): map victuals in the companion file's [units]")
    return unit.victuals


def side_units(session, side, named):
    """The side's combat units on the map; ArmyError for a name in `named` that is not one of them."""
    units = [u for u in session.army.of(side) if u.is_combat]
    known = {u.name for u in units}
    for name in named:
        if name not in known:
            session.army.named(name)   # no such unit at all: its own message
            raise ArmyError(f"{name} is not a {side} combat unit on the map")
    return units


# ---- r2a.victuals: the supply phases ----

def _phase_units(session, units, unsupplied):
    return [victuals_rules.Unit(u.name, u.side, victualled(session, u), u.fatigue, u.name not in unsupplied,
                                u.supplied, u.disorganized, u.manpower) for u in units]


def _in_supply_note(section, unsupplied):
    section.add("rulebook 8: \"in supply\" as per the SJW or HCTR rules is the base games' supply trace, not in "
                "these rules: every unit is taken to be in supply but those named unsupplied= "
                f"({', '.join(unsupplied) or 'none'})", unsupplied=list(unsupplied))


def _apply(session, section, units, phase):
    """Writes each change of a victuals Phase on its unit."""
    by_name = {u.name: u for u in units}
    for c in phase.changes:
        unit = by_name[c.unit]
        if c.before == c.after:
            section.add(f"{c.unit}: {c.attribute} {c.after} ({c.clause})", unit=c.unit, attribute=c.attribute,
                        value=c.after, quantity=Quantity(c.attribute, c.after, of=c.unit))
        elif c.attribute == "manpower":
            lose_manpower(session, section, unit, c)
        else:
            write(session, section, unit, c.attribute, c.after, f"{shown(c.before)} -> {shown(c.after)}: {c.clause}")
    if not phase.changes:
        section.add("no change", changes=0)


def lose_manpower(session, section, unit, change):
    """Rulebook 8: the manpower point lost written; a Union loss added to the Union losses the
    companion file's [globals] union_losses keeps (rulebook 2: losses from all causes) and to the
    supply attrition [globals] union_attrition keeps (which Victory V does not count)."""
    write(session, section, unit, "manpower", change.after, f"{change.before} -> {change.after}: {change.clause}")
    if unit.side != "Union":
        return
    army = session.army
    if not army.companion.globals.get("union_losses"):
        section.add("rulebook 2: a Union manpower loss from any cause counts toward Panic; the companion file keeps "
                    "no union_losses: add it to the total by hand")
        return
    lost = change.before - change.after
    for key, what, clause in (("union_losses", "the Union manpower losses (2)",
                               "rulebook 2: Union manpower losses from all causes"),
                              ("union_attrition", ATTRITION,
                               "Victory V counts only combat, retreat, cavalry retreat and surrender: Union manpower "
                               "lost to supply attrition")):
        name = kept_property(army.companion, army.module, key, what)
        before = int(army.global_value(key) or 0)
        army.game.set_global_property(name, str(before + lost))
        section.add(f"{clause} {before} -> {before + lost} (global property {name})", key=key, losses=before + lost,
                    quantity=Quantity("manpower lost", lost, of=key), written=True)


def supply_status(session, side, unsupplied, levied):
    section = session.report.section(f"{side} supply status phase (8)")
    _in_supply_note(section, unsupplied)
    units = side_units(session, side, [*unsupplied, *levied])
    if levied:
        section.add(f"Optional III levies: in supply at this check by a levy: {', '.join(levied)}",
                    levied=list(levied))
    phase = victuals_rules.supply_status(session.charts, _phase_units(session, units, unsupplied), levied)
    _apply(session, section, units, phase)


def supply_effects(session, side):
    section = session.report.section(f"{side} supply effects phase (8)")
    units = side_units(session, side, ())
    phase = victuals_rules.supply_effects(session.charts, _phase_units(session, units, ()))
    _apply(session, section, units, phase)


def supply_recovery(session, side, unsupplied):
    section = session.report.section(f"{side} recovery phase: victuals (8)")
    _in_supply_note(section, unsupplied)
    units = side_units(session, side, unsupplied)
    phase = victuals_rules.recovery(session.charts, _phase_units(session, units, unsupplied))
    _apply(session, section, units, phase)


def station_repair(session):
    """Rulebook 8 supply line repair phase: a die for each damaged station; a repaired station's
    hex taken off the global property that lists them, or its marker named for the player to remove
    (a procedure cannot delete a piece)."""
    army = session.army
    section = session.report.section("Supply line repair phase (8)")
    damaged = army.damaged_stations()
    if not damaged:
        section.add("no rail station is damaged", repaired=[])
        return
    by_name = {p.name: p for p in damaged}
    repairs = victuals_rules.repair_stations(session.charts, [p.name for p in damaged], session.roll)
    for r in repairs:
        section.add(f"{r.station} ({', '.join(by_name[r.station].hexes)}): {r.clause}", station=r.station,
                    roll=r.roll, repaired=r.repaired,
                    quantity=Quantity("station repaired", int(r.repaired), of=r.station))
    repaired = [by_name[r.station] for r in repairs if r.repaired]
    if not repaired:
        return
    reading = army.state.reading("station_damaged")
    if reading.source == "property":
        hexes = {h for p in repaired for h in p.hexes}
        left = sorted(reading.places - hexes)
        army.game.set_global_property(reading.holder, ",".join(left))
        section.add(f"global property {reading.holder} rewritten: {', '.join(left) or 'empty'} (rulebook 8: the "
                    f"repaired stations taken off)", property=reading.holder, written=True)
    else:
        for p in repaired:
            section.add(f"remove the {reading.holder} marker from {', '.join(p.hexes)} ({p.name}): rulebook 8, "
                        f"repaired", station=p.name, marker=reading.holder, written=False)


# ---- r2a.forage ----


def harpers_ferry(session, given):
    """Whether the Union holds Harper's Ferry, and how that is known: `given` (True or False) when the
    player says, else (None) read from the map's place of that name (held by the side of the combat
    units in it; empty, the Union's unless a Confederate control marker lies on it)."""
    if given is not None:
        return given, "union_holds_harpers_ferry= given"
    army = session.army
    place = next((p for p in army.places() if p.name == HARPERS_FERRY), None)   # any kind of place
    if place is None:
        raise ArmyError(f"no place {HARPERS_FERRY!r} on the map (the companion file's [[map.place]]): give "
                        f"union_holds_harpers_ferry=yes or no")
    sides = {u.side for u in army.combat_units_in(place.hexes)}
    if sides:
        return "Union" in sides, f"{HARPERS_FERRY} ({', '.join(place.hexes)}) occupied by {' and '.join(sorted(sides))}"
    marked = bool(set(place.hexes) & army.control_markers())
    return (not marked, f"{HARPERS_FERRY} ({', '.join(place.hexes)}) empty, "
            + ("a Confederate control marker on it" if marked else "no Confederate control marker on it"))


def _forager(session, name):
    unit = session.army.named(name)
    if not unit.hex:
        raise ArmyError(f"{name} is not on the map")
    if not unit.is_combat:
        raise ArmyError(f"{name} is not a combat unit: only units forage (8)")
    state = session.army.state_of(unit.hex)
    if state is None:
        raise ArmyError(f"{name} is in {unit.hex}, in no state (the District): it has no forage value")
    region = session.army.forage_region(unit.hex)
    value = None if region is None else region.values.get("forage")
    return unit, forage_rules.Forager(unit.name, unit.side, victualled(session, unit), unit.fatigue, state, value)


def forage_plan(session, unit, union_holds_harpers_ferry, modifier):
    """(the unit, its Forager, whether the Union holds Harper's Ferry, the clause saying how that is
    known or None when it does not matter, the die modifiers, the forage value and its clause).
    union_holds_harpers_ferry: True or False as the player says, None to read it from the map."""
    u, forager = _forager(session, unit)
    held, how = False, None
    if forager.side == "Confederate" and forager.state == "PA":
        held, how = harpers_ferry(session, union_holds_harpers_ferry)
    value, clause = forage_rules.forage_value(session.charts, forager.side, forager.state, forager.forage)
    modifiers = forage_rules.forage_modifiers(session.charts, forager.side, forager.state, held, modifier)
    return u, forager, held, how, modifiers, value, clause


def _describe_plan(section, u, forager, held, how, modifiers, value, clause):
    section.add(f"{u.name} in {u.hex} ({forager.state}): fatigue {forager.fatigue}, {forager.victuals} victuals",
                unit=u.name, hex=u.hex, state=forager.state, fatigue=forager.fatigue, victuals=forager.victuals)
    section.add(clause, value=value, quantity=Quantity("forage value", value, of=u.name))
    if how is not None:
        section.add(f"Optional III: the Union {'holds' if held else 'does not hold'} {HARPERS_FERRY} ({how})",
                    union_holds_harpers_ferry=held)
    for label, drm in modifiers:
        section.add(f"die modifier {drm:+d}: {label}", modifier=drm)


def _describe_odds(section, odds):
    for got, chance in odds.items():
        section.add(f"{got} victuals received: {percent(chance)}", victuals=got, chance=str(chance),
                    )


def forage_march(session, unit, union_holds_harpers_ferry, modifier):
    section = session.report.section(f"Forage march of {unit} (8)")
    u, forager, held, how, modifiers, value, clause = forage_plan(session, unit, union_holds_harpers_ferry, modifier)
    _describe_plan(section, u, forager, held, how, modifiers, value, clause)
    odds = forage_rules.forage_odds(session.charts, forager, value, modifiers)
    _describe_odds(session.report.section(f"The forage of {unit} before rolling (8)"), odds)
    r = forage_rules.forage(session.charts, forager, session.roll, held, modifier)
    result = session.report.section(f"The forage of {unit} (8)")
    for c in r.clauses:
        result.add(c)
    received = r.victuals_after - r.victuals_before   # the table's victuals up to the cap
    result.add(f"{r.gained} victuals from the table, {r.victuals_before} -> {r.victuals_after}"
               + (f": {received} gained" if received != r.gained else ""), roll=r.roll,
               modified_roll=r.modified_roll, result=r.result, gained=received, table_victuals=r.gained,
               victuals=r.victuals_after, extended_march=r.extended_march,
               # an unchanged level is not written below, so its amount is marked here
               quantity=[Quantity("victuals gained", received, of=u.name),
                         Quantity("forage table victuals", r.gained, of=u.name)]
               + ([Quantity("victuals", r.victuals_after, of=u.name)] if r.victuals_after == r.victuals_before else []))

    write(session, result, u, "fatigue", r.fatigue_after,
          f"{r.fatigue_before} -> {r.fatigue_after}: rulebook 8, a forage march expends one fatigue")
    if r.extended_march:
        result.add(f"rulebook 8: fatigue {r.fatigue_after}: make the base game's extended march roll (not in these "
                   f"rules)", extended_march=True)
    if r.victuals_after != r.victuals_before:
        write(session, result, u, "victuals", r.victuals_after,
              f"{r.victuals_before} -> {r.victuals_after}: rulebook 8 forage table")


def odds(session, kind, unit, union_holds_harpers_ferry=None, modifier=0):
    """The exact odds of a forage march before rolling (kind "forage"; the parameters as r2a.forage
    takes them), reported in the session's report: {victuals received, capped: Fraction}. Nothing
    is rolled or written."""
    if kind != "forage":
        raise ValueError(f"the supply odds are of kind forage, not {kind!r}")
    plan = forage_plan(session, unit, union_holds_harpers_ferry, modifier)
    section = session.report.section(f"The forage of {unit} before rolling (8)")
    _describe_plan(section, *plan)
    u, forager, held, how, modifiers, value, clause = plan
    found = forage_rules.forage_odds(session.charts, forager, value, modifiers)
    _describe_odds(section, found)
    return found


# ---- r2a.levy, r2a.depot: victuals shared out ----

def share(session, source, centre, grants, what):
    """Checks the player's `grants` of the source's victuals against rulebook 8 and writes them;
    SupplyRefused with every reason when the rules refuse them."""
    army = session.army
    recipients, far = [], []
    for name in grants:
        unit = army.named(name)
        if not army.same_board(unit.hex, centre):   # another board: no distance in hexes
            far.append(f"rulebook 8: {name} is not on the board of {source.name} ({centre})")
            continue
        recipients.append(levy_rules.Recipient(name, unit.side, victualled(session, unit),
                                               army.distance(centre, unit.hex)))
    d = levy_rules.distribute(session.charts, source, recipients, grants)
    section = session.report.section(f"Victuals of {what} (8)")
    section.add(d.clauses[0], total=d.total, quantity=Quantity("victuals to share", d.total, of=source.name))
    if far or not d.allowed:
        raise SupplyRefused(f"the share of {source.name}'s victuals", [*far, *d.clauses[1:]])
    by_name = {r.name: r for r in recipients}
    for s in d.shares:
        section.add(f"{s.unit}, {by_name[s.unit].distance} hex(es) away: +{s.after - s.before}", unit=s.unit,
                    distance=by_name[s.unit].distance, gained=s.after - s.before,
                    quantity=Quantity("victuals gained", s.after - s.before, of=s.unit))
        if s.after != s.before:
            write(session, section, army.named(s.unit), "victuals", s.after,
                  f"{s.before} -> {s.after}: rulebook 8, within {session.charts.rule('levy', 'range')} hexes")
    left = d.total - d.given
    section.add(f"{d.given} of {d.total} victuals shared" + (f", {left} left unused" if left else ""),
                given=d.given, left=left, quantity=Quantity("victuals shared", d.given, of=source.name))


def levy_source(session, levier, town):
    """The levy's Source: the town in the levier's hex, by the state it lies in (a Baltimore city
    hex levied on its own)."""
    army = session.army
    place = army.place(town, "town")
    if levier.hex not in place.hexes:
        raise SupplyRefused(f"the levy of {town}", [f"rulebook 8: {levier.name} is in {levier.hex or 'no hex'}, not "
                                                    f"in {town} ({', '.join(place.hexes)})"])
    state = army.state_of(levier.hex)
    if town == "Baltimore":
        return levy_rules.Source(f"{town} {levier.hex}", "baltimore_hex")
    if state == "PA":
        return levy_rules.Source(town, "pa_town", vp=place.vp)
    if state == "MD":
        named = army.county_name(army.county_of(levier.hex)) or ""
        penalty = next((c for c in session.charts.rule("levy", "md_penalty_counties")
                        if named == c or named.startswith(c + "-")), named)
        return levy_rules.Source(town, "md_town", county=penalty)
    raise SupplyRefused(f"the levy of {town}", [f"rulebook 8: {town} is in {state or 'no state'}: towns are levied in "
                                                "Pennsylvania and Maryland"])


def keep_levy_vp(session, section, vp):
    """Optional III Maryland levies: the VP the levy costs, added to the global property the
    companion file's [globals] maryland_levy_vp names, else reported for the victory count."""
    army = session.army
    if not army.companion.globals.get(LEVY_VP_KEY):
        section.add(f"Optional III: {vp} VP for the victory count (the companion file keeps no {LEVY_VP_KEY})",
                    vp=vp, quantity=Quantity("levy VP", vp))
        return
    name = kept_property(army.companion, army.module, LEVY_VP_KEY, "the VP Maryland levies cost (Optional III)")
    before = int(army.global_value(LEVY_VP_KEY) or 0)
    army.game.set_global_property(name, str(before + vp))
    section.add(f"Optional III: Maryland levies {before:+d} -> {before + vp:+d} VP (global property {name})",
                vp=vp, total=before + vp, quantity=Quantity("levy VP", vp), written=True)


def levy_town(session, unit, town, others, grants):
    army = session.army
    levier = army.named(unit)
    source = levy_source(session, levier, town)
    for name in others:
        other = army.named(name)
        if other.side != levier.side or not other.is_combat:
            raise SupplyRefused(f"the levy of {town}", [f"Optional III: {name} is not a {levier.side} combat unit"])
    s = levy_rules.levy_supply(session.charts, source, levier.name, levier.side, others)
    section = session.report.section(f"Levy of {source.name} by {levier.name} (8, Optional III)")
    section.add(f"{levier.name} levies {source.name} in {levier.hex}", unit=levier.name, town=source.name,
                hex=levier.hex, vp=source.vp)
    for c in s.clauses:
        section.add(c, limit=s.limit)
    if not s.allowed:
        raise SupplyRefused(f"the levy of {source.name}", s.refusals)
    if others:
        section.add("Optional III: the other units passed through the town (the player's word: the moves are not "
                    "read)", others=list(others))
    section.add(f"in supply at the next supply status check: {', '.join(s.supplied)}; give r2a.victuals "
                f"phase=status levied={','.join(s.supplied)}", levied=list(s.supplied))
    if s.vp_change:
        keep_levy_vp(session, section, s.vp_change)
    if grants:
        share(session, source, levier.hex, grants, f"the levy of {source.name}")
    else:
        total, clause = levy_rules.victuals_provided(session.charts, source)
        session.report.section(f"Victuals of the levy of {source.name} (8)").add(
            f"{clause}: none shared (give grants=UNIT:N,... to units within "
            f"{session.charts.rule('levy', 'range')} hexes)", total=total, given=0,
            quantity=Quantity("victuals to share", total, of=source.name))


def depot_victuals(session, name, grants):
    army = session.army
    place = army.place(name, "depot")
    if place not in army.destroyed_depots():
        raise SupplyRefused(f"the victuals of depot {name}", [f"rulebook 8: depot {name} ({', '.join(place.hexes)}) "
                                                               "is not destroyed (no destroyed-depot marker)"])
    session.report.section(f"Depot {name} (8)").add(
        f"depot {name} in {place.hex} is destroyed; rulebook 8: its victuals go to Confederate units within "
        f"{session.charts.rule('levy', 'range')} hexes when a Confederate unit destroys it (the player's word: "
        f"who destroyed it, and when, is not in the save)", depot=name, hex=place.hex, vp=place.vp)
    share(session, levy_rules.Source(name, "depot", vp=place.vp), place.hex, grants, f"depot {name}")
