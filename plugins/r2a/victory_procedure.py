"""The Confederate victory points and the victory level of a save (`r2a.victory`): the position
read from the save and the companion file (victory.py scores it), every line with its points and
clause, the total and the level. Nothing is rolled or written.

From the save: the counties under Confederate control (their `vp`), the destroyed depots (`vp`),
the destroyed stations (`victory_lines`, `sjw_objective`, `hctr_listed`), the C&O aqueduct and the
Marysville bridge, the Union's manpower lost (the global property [globals] union_losses names),
Panic ([globals] panic_date set), the objective hexes a Union combat unit holds (with end=yes),
Confederate combat units on the automatic-win hexes, the Confederate infantry divisions in
Maryland and Pennsylvania (Optional II). The rest are parameters: the Confederate manpower lost
(unless [globals] confederate_losses names a global property), Harper's Ferry's surrender, the
Maryland levy units and the Pennsylvania towns levied."""
from adjutant.plugin import Parameter

from . import victory
from .army import ArmyError
from .dates import show_date
from .session import start

DISTRICT_STATE = "MD"   # a place in the District (no state) scores under Victory III Maryland


def names(text):
    return [n.strip() for n in str(text or "").split(",") if n.strip()]


def _vp(place):
    """A county's or place's `vp` from the companion file; None when it gives none (the chart's row)."""
    value = place.values.get("vp")
    return None if value in (None, "") else int(value)


def _state(army, place):
    """(state, note): the place's state; the District's places count as Maryland's."""
    state = str(place.values.get("state", "")) or army.state_of(place.hex)
    if state is None:
        return DISTRICT_STATE, f"{place.name} ({place.hex}) is in the District: scored under Maryland's values"
    return state, ""


def victory_lines(place):
    """The Victory III lines a station lies on: its `victory_lines`, separated by commas."""
    return tuple(names(place.values.get("victory_lines", "")))


def _flag(place, key):
    return str(place.values.get(key, "")).strip().lower() in ("true", "yes", "1")


def _number(army, key, given, what, parameter):
    """(value, source): `given` when the parameter is set, else the global property [globals] `key`
    names, else 0."""
    if given is not None:
        return int(given), f"{what}: {given} (parameter {parameter}=)"
    name = army.companion.globals.get(key)
    if name:
        text = army.global_value(key)
        try:
            value = int(text or 0)
        except ValueError:
            raise ArmyError(f"global property {name!r} is {text!r}, not a whole number of manpower") from None
        return value, f"{what}: {value} (the global property {name})"
    return 0, f"{what}: 0 (no global property names it: give {parameter}=N)"


def read_position(session, confederate_losses=None, union_losses=None, harpers_ferry=0, levy_units=0,
                  levied="", end=False):
    """(victory.Position, notes): the position the save holds, with what the parameters add, and a
    line for each thing read."""
    army = session.army
    notes = []
    counties = []
    for area in army.confederate_counties():
        counties.append(victory.County(army.county_name(area), area.state, _vp(area)))
        notes.append(f"{area.name} ({area.state}): a Confederate control marker on "
                     + (f"its control hex {area.control_hex}" if area.control_hex else "one of its hexes"))
    depots = []
    for place in army.destroyed_depots():
        state, note = _state(army, place)
        depots.append(victory.Depot(place.name, state, _vp(place)))
        notes += [f"{place.name} depot ({place.hex}): a Depot Destroyed marker"] + ([note] if note else [])
    stations = []
    for place in army.destroyed_stations():
        state, note = _state(army, place)
        lines = victory_lines(place)
        stations.append(victory.Station(place.name, state, lines, _flag(place, "sjw_objective"),
                                        _flag(place, "hctr_listed")))
        notes += [f"{place.name} station ({place.hex}): a Station Destroyed marker; on the victory lines "
                  f"{', '.join(lines) or 'none'}"] + ([note] if note else [])
    union, source = _number(army, "union_losses", union_losses, "Union manpower lost", "union_losses")
    notes.append(source)
    confederate, source = _number(army, "confederate_losses", confederate_losses, "Confederate manpower lost",
                                  "confederate_losses")
    notes.append(source)
    panic_date = army.global_value("panic_date")
    notes.append(f"Union Panic: began {panic_date} (the global property {army.companion.globals.get('panic_date')})"
                 if panic_date else "Union Panic: has not occurred (no Panic date)")
    pennsylvania = []
    for town in names(levied):
        place = army.place(town, "town")
        if army.state_of(place.hex) != "PA":
            raise ArmyError(f"levied={town}: {town} ({place.hex}) is not in Pennsylvania (Optional III: a levied "
                            f"Maryland town's points are levy_units=)")
        if _vp(place) is None:
            raise ArmyError(f"levied={town}: the companion file gives the town no vp (the RTG rules' levy VPs)")
        pennsylvania.append((town, _vp(place)))
    objectives = []
    if end:
        for place in army.places("objective"):
            holders = [u.name for u in army.combat_units_in(place.hexes, "Union")]
            if holders:
                objectives.append(f"{place.name} {place.hex}")
                notes.append(f"objective {place.name} ({place.hex}) held by the Union: {', '.join(holders)}")
    automatic = []
    for place in army.places("automatic_win"):
        occupiers = army.combat_units_in(place.hexes, "Confederate")
        if occupiers:
            automatic.append(place.name)
            notes.append(f"{place.name} ({place.hex}) occupied by {', '.join(u.name for u in occupiers)}")
    north = [u for u in infantry_north(army) if u.is_division]
    notes.append(f"Confederate infantry divisions in Maryland and/or Pennsylvania: {len(north)}"
                 + (f" ({', '.join(u.name for u in north)})" if north else ""))
    position = victory.Position(
        counties=tuple(counties), depots=tuple(depots), stations=tuple(stations),
        aqueduct_destroyed=army.aqueduct_destroyed(), marysville_bridge_destroyed=army.bridge_destroyed(),
        union_manpower_lost=union, confederate_manpower_lost=confederate, harpers_ferry_surrendered=harpers_ferry,
        panic=bool(panic_date), maryland_levy_units=levy_units, pennsylvania_levies=tuple(pennsylvania), end=end,
        union_objectives=tuple(objectives), automatic=tuple(automatic), divisions_north=len(north))
    return position, notes


def infantry_north(army):
    """The Confederate infantry units in Maryland or Pennsylvania (Optional II)."""
    return [u for u in army.units if u.side == "Confederate" and u.type == "infantry" and u.hex
            and army.state_of(u.hex) in ("MD", "PA")]


def score(session, position, notes, crossed=None):
    """The report's sections: the position read, each VP line, the total and the level (and
    Optional II's game end under its levels)."""
    charts = session.charts
    read = session.report.section("The position (the save, the companion file, the parameters)")
    for note in notes:
        read.add(note)
    result = victory.victory(charts, position)
    section = session.report.section("Confederate victory points (Victory I-VII, Optional III)")
    if not result.lines:
        section.add("nothing scores", vp=0, quantity="VP")
    for line in result.lines:
        section.add(f"{line.what}: {line.vp:+d} VP ({line.clause})", what=line.what, vp=line.vp,
                    clause=line.clause, quantity="VP")
    section.add(f"total: {result.total} VP", total=result.total, quantity="VP")
    level = session.report.section("Victory level")
    level.add(f"{result.level.level} ({result.level.clause})", level=result.level.level, clause=result.level.clause)
    if charts.option("victory_levels") == "alternate" and session.date is not None:
        north = infantry_north(session.army)
        has_crossed = bool(north) if crossed is None else crossed
        end = victory.alternate_game_end(charts, session.date, has_crossed, len(north), result.total)
        level.add(f"{show_date(session.date)}: {end.clause}"
                  + ("" if crossed is not None else " (a Confederate infantry unit north of the Potomac now counts "
                                                     "as crossed; give crossed= otherwise)"),
                  ends=end.ends)
    return result


def register(plugin):
    @plugin.procedure("victory", "Victory I-VII, the Victory levels, Optional II and III: the Confederate victory "
                                 "points of the save line by line (counties under Confederate control, destroyed "
                                 "depots and stations with the victory lines they cut, the C&O aqueduct, the "
                                 "Marysville bridge, manpower lost, Panic, levies, the objective hexes the Union "
                                 "holds at the end), each with its clause, the total and the victory level. Nothing "
                                 "is rolled or written.",
                      Parameter("confederate_losses", int, "Victory V: Confederate manpower lost in combat, retreat, "
                                                           "cavalry retreat or surrender (default: the global "
                                                           "property [globals] confederate_losses names, else 0)",
                                None),
                      Parameter("union_losses", int, "Victory V: Union manpower lost (default: the global property "
                                                     "[globals] union_losses names)", None),
                      Parameter("harpers_ferry", int, "Victory V: the Union manpower of those lost surrendered at "
                                                      "Harper's Ferry", 0),
                      Parameter("levy_units", int, "Optional III: units supplied by levied towns in Frederick, "
                                                   "Washington or Carroll County", 0),
                      Parameter("levied", str, "Optional III: the Pennsylvania towns levied, TOWN,... (their "
                                               "companion vp)", ""),
                      Parameter("end", bool, "Victory VII and the levels: the end of the game (the objective hexes "
                                             "a Union combat unit holds score)", False),
                      Parameter("crossed", bool, "Optional II Game End: a Confederate infantry unit has crossed the "
                                                 "Potomac (default: one is in Maryland or Pennsylvania now)", None),
                      example="r2a-alexandria.vsav")
    def victory_procedure(context, confederate_losses=None, union_losses=None, harpers_ferry=0, levy_units=0,
                          levied="", end=False, crossed=None):
        session = start(context, "Confederate victory points and the victory level (R2A)")
        position, notes = read_position(session, confederate_losses, union_losses, harpers_ferry, levy_units,
                                        levied, end)
        score(session, position, notes, crossed)
        return session.finish()

