"""Union rail movement on a save (4, Optional III): a unit's eligibility from its station on the rail
network, the maximum of the state the move begins in counted over this turn's attempts (the global
property [globals] rail_moves names, reset when the date changes), the attempt's fatigue and roll,
and the move along the path given (up to 35 rail hexes, no enemy unit, enemy ZOC or
Confederate-controlled county). Refusals raise ArmyError naming each clause (exit 2)."""
from adjutant.plugin import name_list
from adjutant.procedures.report import Quantity

from . import rail, rail_save
from .army import ArmyError
from .dates import show_date
from .modified_roll import percent


LIMITS = {   # 5: what the reach of a designated unit leaves out
    "DC": "5: a DC unit: only hexes of the District of Columbia defense area, reached by rail hexes within it",
    "Balt": "5: a Balt unit: no hex west of hex row 2101-2134 of the east HCTR map, on the way or at the end",
}


def refuse(name, clauses):
    raise ArmyError(f"{name} may not move by rail: " + "; ".join(clauses))


def _path(army, unit, text):
    """The hexes of path= with the unit's hex first (given or not)."""
    hexes = name_list(text)
    for h in hexes:
        army.require_hex(h)
    if hexes and hexes[0] != unit.hex:
        hexes.insert(0, unit.hex)
    return hexes


def _obstacles(army, unit):
    """What 4 forbids a rail move to enter, and the unit's own limit (5: Balt and DC units), judged as
    the move check judges it."""
    enemies = {u.hex for u in army.of("Confederate") if u.hex}
    return dict(enemy_units=enemies, enemy_zoc=army.zone_hexes("Confederate"), county_of=rail_save.county_map(army),
                confederate_counties=rail_save.confederate_counties(army),
                limit=rail.designation_limit(unit.designation, army.dc_defense_hexes(), army.balt_west_hexes()))


def rail_move(session, name, path_text):
    army, charts = session.army, session.charts
    unit = army.named(name)
    if not unit.hex:
        raise ArmyError(f"{name} is not on the map")
    if session.date is None:
        raise ArmyError("the game's date (the global property [globals] date names) is needed to keep this turn's "
                        "rail attempts (4)")
    section = session.report.section(f"{name} by rail (4)")
    eligible = rail_save.eligibility(army, charts, unit)
    if not eligible.eligible:
        refuse(name, eligible.clauses)
    section.add(f"{name} in {unit.hex}: " + "; ".join(eligible.clauses), unit=name, hex=unit.hex,
                terminus=eligible.terminus)
    network, obstacles = rail_save.network(army), _obstacles(army, unit)
    path = _path(army, unit, path_text)
    if path:   # judged before the die: a wrong path refuses the whole attempt, nothing written
        verdict = rail.check_move(charts, network, path, **obstacles)
        if not verdict.allowed:
            refuse(name, verdict.clauses)
    state, district = rail_save.station_state(army, unit.hex)
    kept = rail_save.read_attempts(army, session.date)
    if kept.date and not kept.attempts:
        section.add(f"the attempts kept ({kept.property}) are of {kept.date}, an earlier turn: none counts on "
                    f"{show_date(session.date)} (4: the maximum is per turn)")
    result = rail.attempt(charts, rail_save.rail_unit(unit), state, kept.attempts, session.roll,
                          map_state=rail_save.map_state(unit.hex))
    clauses = ([district] if district and charts.option("rail_cap_state") == "station" else []) + list(result.clauses)
    if not result.made:
        refuse(name, clauses)
    for clause in clauses:
        section.add(clause)
    moving = result.moves and len(path) > 1
    section.add(f"fatigue {result.fatigue_after} written on {name}", fatigue=result.fatigue_after,
                quantity=[Quantity("fatigue", result.fatigue_after, of=name),
                          Quantity("rail move allowed", int(result.moves), of=name)]
                + ([] if moving else [Quantity("moved by rail", 0, of=name)]),
                roll=result.roll, modified_roll=result.modified_roll, moves=result.moves, state=result.state,
                written=True)
    _write(session, unit, "fatigue", result.fatigue_after, section)
    session.army.game.set_global_property(kept.property, rail_save.attempts_text(session.date,
                                                                                 kept.attempts + (result.record,)))
    section.add(f"{kept.property}: {name} counts against the {result.state} maximum this turn", written=True)
    if not result.moves:
        return
    _write(session, unit, "rail_last_turn", "true", section)
    section.add("rail_last_turn set: it moved by rail this turn, which the next turn's attempts read (4); clearing "
                "it after a turn without a rail move is left to the players", written=True)
    if moving:
        verdict = rail.check_move(charts, network, path, **obstacles)
        army.move(unit, path[-1])
        section.add(f"{name} moved {' '.join(path)} to {path[-1]}: " + "; ".join(verdict.clauses), hex=path[-1],
                    hexes=verdict.hexes, written=True, quantity=Quantity("moved by rail", 1, of=name))
        return
    reach = rail.reach(charts, network, unit.hex, **obstacles)
    hexes = sorted((h for h in reach if h != unit.hex), key=lambda h: (reach[h], h))
    section.add(f"it may reach {len(hexes)} hexes by rail: " + ", ".join(f"{h} ({reach[h]})" for h in hexes) +
                "; give path= to move it, or move it in VASSAL (adjutant check moves judges the move)",
                reach={h: reach[h] for h in hexes})
    if unit.designation in LIMITS:
        section.add(LIMITS[unit.designation])


def _write(session, unit, attribute, value, section):
    if not session.army.write(unit, attribute, str(value)):
        section.add(f"{attribute} could not be written on {unit.name} (the companion file maps it to nothing "
                    f"writable): set it to {value} by hand", unwritten=[unit.name])


def odds(session, kind, unit):
    """The chance, before rolling, that a Union infantry unit's rail attempt moves it (kind "rail"),
    reported in a section of the session's report. Nothing rolled or written."""
    if kind != "rail":
        raise ValueError(f"the rail odds are of kind rail, not {kind!r}")
    found = session.army.named(unit)
    if not (found.side == "Union" and found.type == "infantry"):
        raise ArmyError(f"{found.name} is a {found.side} {found.type or 'unit'}: only Union infantry moves by rail (4)")
    section = session.report.section(f"{found.name}'s rail attempt before rolling (4)")
    moves = rail.rail_odds(session.charts, rail_save.rail_unit(found))
    modifier, why = rail.repeat_modifier(session.charts, rail_save.rail_unit(found))
    section.add(f"{found.name} at {found.hex}: the attempt costs +1 fatigue whatever the roll (4)")
    section.add(f"moves {percent(moves)}, no move {percent(1 - moves)}: d6 {modifier:+d} on the rail table"
                + (f" ({why})" if why else " (it did not move by rail last turn)"), unit=found.name,
                chance=str(moves))
    return moves
