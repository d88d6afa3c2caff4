"""cwr.reinforcements and cwr.forced-march: a group entering at its Entry hex (3.6, 3.6a: the n-th
unit counts the Entry hex as its n-th hex; a blocked Entry hex shifts along the map edge) and a
unit's Forced March (3.7: straggler checks for extra MP), written back to the save."""
import re

from .army import ArmyError, enemy_of
from .command_chain import mp_text
from .command_events import straggler_checker
from .forced_march import Marcher, forced_march
from .reinforcements import arrivals, entry_hexes


def _place(hex_name):
    col, row = re.search(r"(\d+)\.(\d+)$", hex_name).groups()
    return int(col), int(row)


def map_edge(army, entry):
    """The map edge `entry` lies on, its hexes in order along it: a first or last column, else a
    first or last row."""
    hexes = army.hexes
    places = {h: _place(h) for h in hexes}
    cols, rows = {c for c, _ in places.values()}, {r for _, r in places.values()}
    col, row = places[entry]
    if col in (min(cols), max(cols)):
        return sorted((h for h in hexes if places[h][0] == col), key=lambda h: places[h][1])
    if row in (min(rows), max(rows)):
        return sorted((h for h in hexes if places[h][1] == row), key=lambda h: places[h][0])
    raise ArmyError(f"the Entry hex {entry} is not on the map edge (3.6)")


def entry_cost(army, unit, hex_name):
    """What entering the hex costs the unit's class: its road rate when a road runs through it to
    a neighbouring hex (3.6: the road goes on off the map), else its terrain cost."""
    unit_class = unit.attributes.get("class")
    lines = army.map.lines_at(hex_name)
    for neighbour in army.neighbours(hex_name):
        if set(lines) & set(army.map.lines_at(neighbour)):
            step = army.map.explain([neighbour, hex_name], [unit_class], None).steps[0]
            if step["line_type"]:
                return step["total"]
    cost = army.map.terrain_cost(hex_name, unit_class)
    if cost is None:
        raise ArmyError(f"{unit.name} ({unit_class}) may not enter {hex_name} (its terrain is prohibited)")
    return cost


def reinforce(session, entry, names, waiting):
    army = session.army
    army.require_hex(entry)
    units = [army.named(n) for n in names]
    if not units:
        raise ArmyError("give units=NAME,NAME,... in the order they are lined up")
    side = units[0].side
    if any(u.side != side for u in units):
        raise ArmyError("reinforcements of one side at a time")
    zones = army.zone_hexes(enemy_of(side))
    blocked = lambda h: bool(army.in_hex(h, enemy_of(side))) or h in zones
    section = session.report.section(f"Reinforcements at {entry} (3.6)")
    shift = entry_hexes(map_edge(army, entry), entry, blocked, session.charts)
    if shift.blocked:
        if not shift.hexes:
            section.add(f"{entry} and the whole map edge are blocked by enemy units or zones: they wait (3.6a)")
            return
        section.add(f"{entry} is blocked by enemy units or zones: they enter at {shift.hexes[0]}, the nearest open "
                    f"hex within {shift.reach} hexes along the edge (also open: {', '.join(shift.hexes[1:]) or '-'}) "
                    f"({shift.clause})", entry=shift.hexes[0], reach=shift.reach)
    at = shift.hexes[0]
    cost = {u.name: entry_cost(army, u, at) for u in units}
    group = [(u.name, int(u.attributes.get("ma") or 0)) for u in units]
    for arrival, unit in zip(arrivals_by_cost(group, cost, waiting), units):
        if arrival.enters:
            section.add(f"{unit.name}: unit {arrival.position} in line, {arrival.position} x "
                        f"{mp_text(cost[unit.name])} = {mp_text(arrival.mp_spent)} MP spent on entering {at}, "
                        f"{mp_text(arrival.mp_left)} of "
                        f"{unit.attributes.get('ma')} left ({arrival.clause})", unit=unit.name, hex=at,
                        mp_spent=arrival.mp_spent, mp_left=arrival.mp_left, quantity="MP")
            army.move(unit, at)
        else:
            section.add(f"{unit.name}: unit {arrival.position} in line needs {mp_text(arrival.mp_spent)} MP, it has "
                        f"{unit.attributes.get('ma')}: it stays lined up and enters next friendly Movement Phase "
                        f"(3.6)", unit=unit.name, enters=False)


def arrivals_by_cost(group, cost, waiting):
    """reinforcements.arrivals for each unit at its own class's cost of the Entry hex."""
    out = []
    for n, (name, allowance) in enumerate(group):
        out.append(arrivals([(name, allowance)], cost[name], waiting + n)[0])
    return out


def force_march(session, name, checks, changed):
    army = session.army
    unit = army.named(name)
    marcher = Marcher(unit.name, unit.type, unit.formation, unit.state, changed)
    section = session.report.section(f"{name}: Forced March (3.7)")
    done = forced_march(marcher, checks, straggler_checker(session, section), session.charts)
    if not done.allowed:   # refused before any roll, as a refused order or fire is
        raise ArmyError(f"{name} may not Force March: {done.why}")
    limit = session.charts.option("forced_march_limit")
    if done.total_limit is not None:
        section.add(f"+{done.extra_mp} MP this Movement Phase; no more than {done.total_limit} MP used this turn in "
                    f"all (3.7; option forced_march_limit = 'total')", extra_mp=done.extra_mp, quantity="MP")
    else:
        section.add(f"+{done.extra_mp} MP this Movement Phase, {unit.attributes.get('ma')} + {done.extra_mp} in all "
                    f"(3.7; option forced_march_limit = {limit!r})", extra_mp=done.extra_mp, quantity="MP")
