"""The Confederate victory points and the victory level of a save (`r2a.victory`): the position
read from the save and the companion file (victory.py scores it), every line with its points and
clause, the total and the level. Nothing is rolled or written.

From the save: the counties under Confederate control (their `vp`), the destroyed depots (`vp`),
the destroyed stations (`victory_lines`, `sjw_objective`, `hctr_listed`), the C&O aqueduct and the
Marysville bridge, the Union's manpower lost that Victory V counts (the global property [globals]
union_losses names, all causes, less the one [globals] union_attrition names, supply attrition),
Panic ([globals] panic_date set), the objective hexes a Union combat unit holds (with end=yes),
Confederate combat units on the automatic-win hexes, the Confederate infantry divisions in
Maryland and Pennsylvania (Optional II). The rest are parameters: the Confederate manpower lost
(unless [globals] confederate_losses names a global property), Harper's Ferry's surrender, the
Maryland levy units and the Pennsylvania towns levied."""
from adjutant.plugin import name_list
from adjutant.procedures.kept import kept_property
from adjutant.rules.army_unit import is_true
from adjutant.procedures.report import Quantity

from . import victory
from .army import ArmyError
from .dates import show_date
from .supply_procedures import ATTRITION

READ_GLOBALS = {"union_losses": "Union manpower losses from all causes (2)", "union_attrition": ATTRITION,
                "panic_date": "the day Union Panic began (2)"}

DISTRICT_STATE = "MD"   # a place in the District (no state) scores under Victory III Maryland


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
    return tuple(name_list(place.values.get("victory_lines", "")))


def _flag(place, key):
    return is_true(place.values.get(key))


def _whole(text, what):
    try:
        return int((text or "0").strip() or "0")
    except ValueError:
        raise ArmyError(f"{what} is {text!r}, not a whole number of manpower") from None


def read_global(army, key):
    """(name, value) of the global property the companion file's [globals] `key` names; refused
    (plugin contract 8) when the companion file or the module names none, or the save holds none
    (a save of another module)."""
    name = kept_property(army.companion, army.module, key, READ_GLOBALS[key])
    value = army.game.global_property(name)
    if value is None:
        raise ArmyError(f"the save holds no global property {name!r} ([globals] {key}: {READ_GLOBALS[key]}): "
                        f"is it a save of module {army.module.name!r}?")
    return name, value


def union_losses_counted(army, given):
    """(the Union manpower lost that Victory V counts, the note saying where it comes from):
    `given` (union_losses=) when set, else the losses from all causes ([globals] union_losses) less
    those to supply attrition ([globals] union_attrition), which Victory V does not count."""
    if given is not None:
        return given, f"Union manpower lost in combat, retreat, cavalry retreat or surrender: {given} (parameter " \
                      f"union_losses=)"
    total_name, text = read_global(army, "union_losses")
    total = _whole(text, f"global property {total_name!r}")
    attrition_name, text = read_global(army, "union_attrition")
    attrition = _whole(text, f"global property {attrition_name!r}")
    counted = total - attrition
    if total < 0 or attrition < 0 or counted < 0:
        raise ArmyError(f"the global properties {total_name!r} ({total}, Union manpower lost from all causes) and "
                        f"{attrition_name!r} ({attrition}, lost to supply attrition, a part of it) do not make a "
                        f"count of manpower: give union_losses=N")
    return counted, (f"Union manpower lost in combat, retreat, cavalry retreat or surrender: {counted} = {total} from "
                     f"all causes (the global property {total_name}) - {attrition} to supply attrition (the global "
                     f"property {attrition_name}), which Victory V does not count")


def confederate_losses_counted(army, given):
    """(the Confederate manpower lost, its note): `given` when set, else the global property
    [globals] confederate_losses names, else 0."""
    if given is not None:
        return given, f"Confederate manpower lost: {given} (parameter confederate_losses=)"
    name = army.companion.globals.get("confederate_losses")
    if name:
        value = _whole(army.global_value("confederate_losses"), f"global property {name!r}")
        if value < 0:
            raise ArmyError(f"global property {name!r} is {value}: manpower lost is 0 or more")
        return value, f"Confederate manpower lost: {value} (the global property {name})"
    return 0, "Confederate manpower lost: 0 (no global property names it: give confederate_losses=N)"


def check_parameters(confederate_losses, union_losses, harpers_ferry_surrendered, levy_units):
    """The parameters that cannot be right whatever the save holds, refused naming the parameter."""
    for name, value in (("confederate_losses", confederate_losses), ("union_losses", union_losses),
                        ("harpers_ferry_surrendered", harpers_ferry_surrendered), ("levy_units", levy_units)):
        if value is not None and value < 0:
            raise ArmyError(f"{name}={value}: a count of manpower or units is 0 or more")
    if union_losses is not None and harpers_ferry_surrendered > union_losses:
        raise ArmyError(f"harpers_ferry_surrendered={harpers_ferry_surrendered} is more than "
                        f"union_losses={union_losses}: the manpower surrendered at Harper's Ferry is part of the "
                        f"Union manpower lost (Victory V)")


def read_position(session, confederate_losses=None, union_losses=None, harpers_ferry_surrendered=0,
                  levy_units=0, levied="", end=False):
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
    union, source = union_losses_counted(army, union_losses)
    notes.append(source)
    if harpers_ferry_surrendered > union:
        raise ArmyError(f"harpers_ferry_surrendered={harpers_ferry_surrendered} is more than the {union} Union "
                        f"manpower lost that Victory V counts (the manpower surrendered at Harper's Ferry is part "
                        f"of it): give union_losses=N")
    confederate, source = confederate_losses_counted(army, confederate_losses)
    notes.append(source)
    panic_name, panic_date = read_global(army, "panic_date")
    notes.append(f"Union Panic: began {panic_date} (the global property {panic_name})"
                 if panic_date.strip() else "Union Panic: has not occurred (no Panic date)")
    pennsylvania = []
    for town in name_list(levied):
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
        union_manpower_lost=union, confederate_manpower_lost=confederate,
        harpers_ferry_surrendered=harpers_ferry_surrendered, panic=bool(panic_date), maryland_levy_units=levy_units, pennsylvania_levies=tuple(pennsylvania), end=end,
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
        section.add("nothing scores", vp=0)
    for line in result.lines:
        section.add(f"{line.what}: {line.vp:+d} VP ({line.clause})", what=line.what, vp=line.vp,
                    clause=line.clause, quantity=Quantity("VP", line.vp, of=line.what))
    section.add(f"total: {result.total} VP", total=result.total, quantity=Quantity("VP", result.total))
    level = session.report.section("Victory level")
    level.add(f"{result.level.level} ({result.level.clause})", level=result.level.level, clause=result.level.clause)
    if charts.option("victory_levels") == "alternate" and session.date is not None:
        north = infantry_north(session.army)
        has_crossed = bool(north) if crossed is None else crossed
        end = victory.alternate_game_end(charts, session.date, has_crossed, len(north), result.total,
                                         position.divisions_north)
        read = ("" if crossed is not None else
                " (Confederate infantry stands north of the Potomac: it has crossed)" if north else
                " (no Confederate infantry north of the Potomac now: read as not crossed; give crossed=yes if one "
                "crossed and came back)")
        level.add(f"{show_date(session.date)}: {end.clause}{read}", ends=end.ends)
        if position.end and not end.ends:
            level.add(f"end=yes, but Optional II Game End has the game go on on {show_date(session.date)}: the level "
                      f"above is scored as if the game ended now, which the rules do not make it", contradicts="end")
    return result


def check_crossed(army, crossed):
    """crossed=no refused when Confederate infantry stands north of the Potomac (in Maryland or
    Pennsylvania) on the map: it has crossed."""
    if crossed is False:
        north = infantry_north(army)
        if north:
            raise ArmyError(f"crossed=no: {', '.join(f'{u.name} ({u.hex})' for u in north)}, Confederate infantry, "
                            f"stand{'s' if len(north) == 1 else ''} in Maryland or Pennsylvania on the map: a "
                            f"Confederate infantry unit has crossed the Potomac (Optional II Game End)")
