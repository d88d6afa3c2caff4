"""Victory points and victory levels (rulebook Victory I-VII and levels; Optional II's alternate
levels and game end; Optional III's Pennsylvania points and Maryland levies).

Pure rules: the procedure reads the position (Confederate-controlled counties, destroyed depots and
stations, losses, Panic) and passes it in; every line of the result carries its points and the
clause that gives them. A county's or depot's value is the companion file's `vp`; without one, the
chart's printed row ([victory_counties], [victory_depots]), else the rules' "all other" value.

Rail stations are cumulative (the Victory III note's Alexandria example: 10 + 5 + 2 + 3 = 20): each
line with a destroyed station anywhere on it scores once, and every destroyed station also scores
its own value, which is exactly one of: its named row in [victory_stations] (Alexandria, Aquia
Creek, Orange Court House, Camp Curtin), else its state's "listed" value when the SJW Scenario 6
(Virginia) or HCTR Scenario 7 (Maryland) list holds it, else its state's "other" value."""
import re
from dataclasses import dataclass

from adjutant.procedures.charts import ChartError

from .dates import game_date, show_date

STATES = ("VA", "MD", "PA")


@dataclass(frozen=True)
class County:
    """A county under Confederate control (HCTR Scenario 7's definition)."""
    name: str
    state: str               # VA | MD | PA
    vp: int | None = None    # the companion file's vp; None: the chart's printed row


@dataclass(frozen=True)
class Depot:
    """A destroyed Union depot."""
    name: str
    state: str
    vp: int | None = None


@dataclass(frozen=True)
class Station:
    """A destroyed rail station, with the victory lines it lies on ([victory_rail_lines] and
    [victory_rail_all_cut] names: "Alexandria-Front Royal", "Washington-Annapolis", ...)."""
    name: str
    state: str
    lines: tuple = ()
    sjw_objective: bool = False    # listed in SJW Scenario 6 (Virginia +2)
    hctr_listed: bool = False      # listed in HCTR Scenario 7 (Maryland +3)


@dataclass(frozen=True)
class Position:
    counties: tuple = ()                   # County
    depots: tuple = ()                     # Depot
    stations: tuple = ()                   # Station
    aqueduct_destroyed: bool = False       # the C&O aqueduct
    marysville_bridge_destroyed: bool = False
    union_manpower_lost: int = 0           # in combat, retreat, cavalry retreat or surrender, Harper's Ferry's included
    confederate_manpower_lost: int = 0
    harpers_ferry_surrendered: int = 0     # the Union manpower of union_manpower_lost surrendered at Harper's Ferry
    panic: bool = False                    # Union Panic has occurred
    maryland_levy_units: int = 0           # units supplied by levied towns in Frederick, Washington or Carroll County
    pennsylvania_levies: tuple = ()        # (town, vp) levied in Pennsylvania, vp as the RTG rules give it
    end: bool = False                      # the end of the game (Victory VII; the levels' "at the end of the game")
    union_objectives: tuple = ()           # SJW Scenario 6 Confederate objective hexes the Union controls
    automatic: tuple = ()                  # the White House, the Capitol, Baltimore Depot: those Confederates occupy(ied)
    divisions_north: int = 0               # Confederate infantry divisions in Maryland and/or Pennsylvania (Optional II)


@dataclass(frozen=True)
class VpLine:
    what: str
    vp: int
    clause: str


@dataclass(frozen=True)
class Level:
    level: str               # "Confederate decisive" | "draw" | "Union marginal" | "Union decisive"
    clause: str


@dataclass(frozen=True)
class Victory:
    lines: tuple             # VpLine
    total: int
    level: Level


@dataclass(frozen=True)
class GameEnd:
    ends: bool
    clause: str


def victory(charts, position):
    """The Confederate VP total, line by line, and the victory level it gives."""
    lines = victory_points(charts, position)
    total = sum(line.vp for line in lines)
    return Victory(lines, total, victory_level(charts, total, position.automatic, position.divisions_north,
                                               position.end))


def victory_points(charts, position):
    """Every line of Victory I-VII and Optional III for the position, in the rules' order."""
    for item in (*position.counties, *position.depots, *position.stations):
        if item.state not in STATES:
            raise ValueError(f"{item.name}: state {item.state!r} is not one of {', '.join(STATES)}")
    return (*_counties(charts, position.counties), *_depots(charts, position.depots),
            *_stations(charts, position.stations), *_bridges(charts, position), *_manpower(charts, position),
            *_panic(charts, position), *_objectives(charts, position), *_levies(charts, position))


def _rule(charts, key):
    return int(charts.rule("victory", key))


def _named(charts, table, name):
    value = charts.file.section(table).get(name)
    return None if value is None or value == "" else int(value)


def _section(state, virginia_maryland):
    return "Optional III" if state == "PA" else virginia_maryland


def _listed(charts, table, name, given, where, what):
    """(vp, clause) of a county or depot the companion file or the rules' table values; None when
    neither does (the rules' "all other")."""
    printed = _named(charts, table, name)
    if given is not None:
        vp = int(given)
        return vp, f"{where}: {what}: {vp:+d} (companion file)" + (
            f"; the rules print {printed:+d}" if printed is not None and printed != vp else "")
    if printed is not None:
        return printed, f"{where}: {what}: {printed:+d}"
    return None


def _counties(charts, counties):
    for county in counties:
        where = _section(county.state, "Victory I")
        found = _listed(charts, "victory_counties", county.name, county.vp, where,
                        f"Confederate control of {county.name} County")
        if found is None:
            vp = _rule(charts, "county_other")
            found = vp, f"{where}: {county.name} County is not listed: {vp:+d}"
        yield VpLine(f"{county.name} County controlled", *found)


def _depots(charts, depots):
    for depot in depots:
        where = _section(depot.state, "Victory II")
        found = _listed(charts, "victory_depots", depot.name, depot.vp, where, f"{depot.name} depot destroyed")
        if found is None:
            vp = _rule(charts, "pennsylvania_depot_other" if depot.state == "PA" else "depot_other")
            found = vp, f"{where}: all other depots{' in Pennsylvania' if depot.state == 'PA' else ''}: {vp:+d}"
        yield VpLine(f"{depot.name} depot destroyed", *found)


def _stations(charts, stations):
    """Victory III, Optional III: each line cut once, then each station's own value (cumulative)."""
    cut = {}
    for station in stations:
        for line in station.lines:
            cut.setdefault(line, []).append(station.name)
    scoring = charts.file.section("victory_rail_lines")
    both = tuple(charts.rule("victory_rail_all_cut", "lines"))
    unknown = sorted(set(cut) - set(scoring) - set(both))
    if unknown:
        raise ValueError(f"station {cut[unknown[0]][0]}: no victory line {unknown[0]!r} in {charts.path} "
                         f"(the lines are {', '.join([*scoring, *both])})")
    for line, vp in scoring.items():
        if line in cut:
            yield VpLine(f"{line} line cut", int(vp),
                         f"Victory III: a destroyed station on the line {line} ({', '.join(cut[line])}): "
                         f"{int(vp):+d}")
    if all(line in cut for line in both):
        vp = int(charts.rule("victory_rail_all_cut", "vp"))
        held = "; ".join(f"{line}: {', '.join(cut[line])}" for line in both)
        yield VpLine(f"{' and '.join(both)} lines cut", vp,
                     f"Victory III Maryland: destroyed stations on both lines ({held}): {vp:+d}")
    for station in stations:
        vp, clause = _station_value(charts, station)
        yield VpLine(f"{station.name} station destroyed", vp, clause)


def _station_value(charts, station):
    named = _named(charts, "victory_stations", station.name)
    where = _section(station.state, "Victory III " + {"VA": "Virginia", "MD": "Maryland"}.get(station.state, ""))
    if named is not None:
        return named, f"{where}: {station.name} station: {named:+d}"
    if station.state == "VA" and station.sjw_objective:
        vp = _rule(charts, "virginia_station_listed")
        return vp, f"{where}: {station.name} is listed in SJW Scenario 6: {vp:+d}"
    if station.state == "MD" and station.hctr_listed:
        vp = _rule(charts, "maryland_station_listed")
        return vp, f"{where}: {station.name} is listed in HCTR Scenario 7: {vp:+d}"
    key = {"VA": "virginia_station_other", "MD": "maryland_station_other", "PA": "pennsylvania_station_other"}
    vp = _rule(charts, key[station.state])
    return vp, f"{where}: each other station: {vp:+d}"


def _bridges(charts, position):
    if position.aqueduct_destroyed:
        vp = _rule(charts, "aqueduct")
        yield VpLine("C&O aqueduct destroyed", vp, f"Victory IV: destruction of the C&O aqueduct: {vp:+d}")
    if position.marysville_bridge_destroyed:
        vp = _rule(charts, "marysville_bridge")
        yield VpLine("Marysville bridge destroyed", vp,
                     f"Optional III: the Susquehanna River bridge at Marysville destroyed: {vp:+d}")


def _manpower(charts, position):
    """Victory V. Option harpers_ferry_surrender: "extra" scores Harper's Ferry's surrendered manpower
    +1 on top of its +2; "instead", +1 in place of the +2."""
    union, surrendered = position.union_manpower_lost, position.harpers_ferry_surrendered
    if not 0 <= surrendered <= union:
        raise ValueError(f"harpers_ferry_surrendered {surrendered} is not part of union_manpower_lost {union}")
    instead = charts.option("harpers_ferry_surrender") == "instead"
    each, bonus = _rule(charts, "union_manpower"), _rule(charts, "harpers_ferry_surrender")
    counted = union - surrendered if instead else union
    elsewhere = " (not at Harper's Ferry)" if instead and surrendered else ""
    if counted:
        yield VpLine("Union manpower lost", each * counted,
                     f"Victory V: {counted} Union manpower lost in combat, retreat, cavalry retreat or surrender"
                     f"{elsewhere}: "
                     f"{counted} x {each:+d} = {each * counted:+d}")
    if surrendered:
        reading = ("in place of the manpower loss's points (option harpers_ferry_surrender = instead)" if instead
                   else "on top of the manpower loss's points (option harpers_ferry_surrender = extra)")
        yield VpLine("Union manpower surrendered at Harper's Ferry", bonus * surrendered,
                     f"Victory V: {surrendered} manpower surrendered at Harper's Ferry: {surrendered} x {bonus:+d} = "
                     f"{bonus * surrendered:+d}, {reading}")
    if position.confederate_manpower_lost:
        each, lost = _rule(charts, "confederate_manpower"), position.confederate_manpower_lost
        yield VpLine("Confederate manpower lost", each * lost,
                     f"Victory V: {lost} Confederate manpower lost in combat, retreat, cavalry retreat or surrender: "
                     f"{lost} x {each:+d} = {each * lost:+d}")


def _panic(charts, position):
    if position.panic:
        vp = _rule(charts, "panic")
        yield VpLine("Union Panic", vp, f"Victory VI: Union Panic has occurred: {vp:+d}")


def _objectives(charts, position):
    if position.union_objectives and not position.end:
        raise ValueError("union_objectives count only at the end of the game (Victory VII): end is not set")
    if position.union_objectives:
        each, held = _rule(charts, "union_objective"), len(position.union_objectives)
        yield VpLine("SJW objective hexes held by the Union", each * held,
                     f"Victory VII: at the end of the game the Union controls {held} Confederate objective hex(es) of "
                     f"SJW Scenario 6 ({', '.join(position.union_objectives)}): {held} x {each:+d} = {each * held:+d}")


def _levies(charts, position):
    if position.maryland_levy_units:
        each, units = _rule(charts, "maryland_levy_unit"), position.maryland_levy_units
        yield VpLine("Maryland levies", each * units,
                     f"Optional III: {units} unit(s) supplied by levied towns in Frederick, Washington or Carroll "
                     f"County: {units} x {each:+d} = {each * units:+d}")
    for town, vp in position.pennsylvania_levies:
        yield VpLine(f"{town} levied", int(vp),
                     f"Optional III: levy of {town}, as per the Roads to Gettysburg rules: {int(vp):+d}")


BAND = re.compile(r"^\s*(-?\d+)\s*-\s*(-?\d+)\s*$")


def _band(charts, section, key):
    text = str(charts.rule(section, key))
    m = BAND.match(text)
    if not m:
        raise ChartError(f"{charts.path}: [{section}] {key} {text!r} is not a band of VP (\"150-200\")")
    return int(m.group(1)), int(m.group(2))


def victory_level(charts, total, automatic=(), divisions_north=0, end=True):
    """The level the total gives: the Victory levels, or Optional II's (option victory_levels)."""
    alternate = charts.option("victory_levels") == "alternate"
    when = "at the end of the game" if end else "standing now, not the end of the game"
    if automatic and not (alternate and charts.option("alternate_automatic") == "dropped"):
        reading = " (kept under Optional II: option alternate_automatic = kept)" if alternate else ""
        return Level("Confederate decisive",
                     f"Victory levels, Automatic Victory: Confederate forces occupy {', '.join(automatic)}{reading}")
    if alternate:
        return _alternate_level(charts, total, divisions_north, when, bool(automatic))
    return _standard_level(charts, total, when)


def _standard_level(charts, total, when):
    """Victory levels. Option vp_band_200: "200+ Confederate decisive" and "150-200 Draw" both hold
    200; "decisive" or "draw" says which band a total in both takes."""
    section = "victory_levels"
    decisive = int(charts.rule(section, "confederate_decisive"))
    draw, marginal = _band(charts, section, "draw"), _band(charts, section, "union_marginal")
    below = int(charts.rule(section, "union_decisive_below"))
    held = []
    if total >= decisive:
        held.append(("Confederate decisive", f"Victory levels: {total} VP is {decisive}+: Confederate decisive"))
    if draw[0] <= total <= draw[1]:
        held.append(("draw", f"Victory levels: {total} VP is in {draw[0]}-{draw[1]}: draw"))
    if marginal[0] <= total <= marginal[1]:
        held.append(("Union marginal", f"Victory levels: {total} VP is in {marginal[0]}-{marginal[1]}: Union marginal"))
    if total < below:
        held.append(("Union decisive", f"Victory levels: {total} VP is less than {below}: Union decisive"))
    if not held:
        raise ChartError(f"{charts.path}: [{section}] no band holds {total} VP")
    if len(held) > 1:
        pick = charts.option("vp_band_200")
        chosen = next((h for h in held if (h[0] == "Confederate decisive") == (pick == "decisive")), held[0])
        others = " and ".join(level for level, _ in held)
        return Level(chosen[0], f"{chosen[1]} ({total} VP is in both bands, {others}: option vp_band_200 = {pick}); "
                                f"{when}")
    return Level(held[0][0], f"{held[0][1]}; {when}")


def _alternate_level(charts, total, divisions_north, when, automatic_dropped):
    section = "victory_levels_alternate"
    decisive = int(charts.rule(section, "confederate_decisive"))
    divisions = int(charts.rule(section, "confederate_divisions"))
    marginal = _band(charts, section, "union_marginal")
    below = int(charts.rule(section, "union_decisive_below"))
    dropped = ("; the Automatic Victory does not apply (option alternate_automatic = dropped)"
               if automatic_dropped else "")
    if total >= decisive and divisions_north >= divisions:
        return Level("Confederate decisive",
                     f"Optional II Victory Levels: {total} VP is {decisive}+ with {divisions_north} Confederate infantry "
                     f"divisions in Maryland and/or Pennsylvania ({divisions}+): Confederate decisive{dropped}")
    if total >= decisive and charts.option("alternate_decisive") == "vp":
        return Level("Confederate decisive",
                     f"Optional II Game End: {total} VP is {decisive}+, \"thus signifying a Confederate decisive "
                     f"victory\", with {divisions_north} Confederate infantry divisions in Maryland and/or "
                     f"Pennsylvania (option alternate_decisive = \"vp\": the total alone){dropped}")
    if marginal[0] <= total <= marginal[1]:
        return Level("Union marginal", f"Optional II Victory Levels: {total} VP is between {marginal[0]} and "
                                       f"{marginal[1]}: Union marginal; {when}{dropped}")
    if total < below:
        return Level("Union decisive", f"Optional II Victory Levels: {total} VP is less than {below}: Union decisive; "
                                       f"{when}{dropped}")
    short = (f" ({divisions_north} Confederate infantry divisions in Maryland and/or Pennsylvania, fewer than "
             f"{divisions}: not a decisive victory, option alternate_decisive = \"divisions\")" if total >= decisive
             else "")
    return Level("draw", f"Optional II Victory Levels: {total} VP{short}: all other results are a draw; {when}{dropped}")


def alternate_game_end(charts, day, crossed_potomac, infantry_north, total, divisions_north):
    """Optional II Game End, reported: whether the game ends on `day` (a date), given whether a
    Confederate infantry unit has crossed the Potomac by the game-end date, how many Confederate
    infantry units (and of them divisions) are in Maryland or Pennsylvania, and the Confederate VP
    total. 250 VP ends the game as the decisive victory the Victory Levels define (option
    alternate_decisive = "divisions": with three divisions north) or alone ("vp")."""
    last = game_date(charts.rule("victory_levels_alternate", "game_end"))
    decisive = int(charts.rule("victory_levels_alternate", "confederate_decisive"))
    divisions = int(charts.rule("victory_levels_alternate", "confederate_divisions"))
    by_vp = charts.option("alternate_decisive") == "vp"
    if not crossed_potomac:
        if day >= last:
            return GameEnd(True, f"Optional II Game End: no Confederate infantry unit has crossed the Potomac: the "
                                 f"game ends at the end of the {show_date(last)} turn")
        return GameEnd(False, f"Optional II Game End: no Confederate infantry unit has crossed the Potomac yet: the "
                              f"game ends at the end of the {show_date(last)} turn unless one crosses by then")
    if total >= decisive and (by_vp or divisions_north >= divisions):
        reading = ("option alternate_decisive = \"vp\": the total alone" if by_vp else
                   f"with {divisions_north} Confederate infantry divisions in Maryland and/or Pennsylvania, "
                   f"{divisions}+")
        return GameEnd(True, f"Optional II Game End: the Confederate VP total is {total}, {decisive}+: the game ends "
                             f"(a Confederate decisive victory; {reading})")
    if infantry_north == 0:
        return GameEnd(True, "Optional II Game End: no Confederate infantry units are in Maryland or Pennsylvania: "
                             "the game ends")
    if total >= decisive:
        return GameEnd(False, f"Optional II Game End: {total} VP is {decisive}+ but only {divisions_north} Confederate "
                              f"infantry divisions are in Maryland and/or Pennsylvania (fewer than {divisions}): not "
                              f"the decisive victory the Victory Levels define, so the game goes on (option "
                              f"alternate_decisive = \"divisions\")")
    return GameEnd(False, f"Optional II Game End: {infantry_north} Confederate infantry unit(s) in Maryland or "
                          f"Pennsylvania and {total} VP (under {decisive}): the game goes on")


