"""cwr.reinforcements and cwr.forced-march: a group entering at its Entry hex (3.6, 3.6a: the n-th
unit counts the Entry hex as its n-th hex; a blocked Entry hex shifts along the map edge) and a
unit's Forced March (3.7: straggler checks for extra MP), written back to the save."""
import re

from adjutant.procedures.report import Quantity

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


ENTERS_ENEMY_NON_COMBAT = ("infantry", "cavalry")   # 3.0b: the others only accompanied by one of these
ENTRY_CONSEQUENCES = {  # what entering a hex of enemy non-combat units does to them
    "leader": "checks for Leader Loss (9.1: cwr.leader-loss leader=NAME cause=entry)",
    "hq": "must displace to the nearest hex with a friendly unit of its command (9.2), forcing an Emergency Retreat "
          "(9.2c)",
    "wagon": "is destroyed (8.1c)",
}


class _EntryHex:
    """What stands in the way of a reinforcement at an edge hex (3.6a with 3.0b): an enemy zone or
    enemy combat units stop every unit; enemy units that are not combat units (leaders, HQs, wagons,
    trains) stop leaders, HQs, wagons, trains and artillery unless accompanied by friendly infantry
    or cavalry: one entering that hex before them from the same line."""

    def __init__(self, army, side):
        self.army, self.enemy = army, enemy_of(side)
        self.zones = army.zone_hexes(self.enemy)

    def stops_all(self, hex_name):
        return hex_name in self.zones or any(u.is_combat for u in self.army.in_hex(hex_name, self.enemy))

    def stops_unaccompanied(self, hex_name):
        return hex_name in self.zones or bool(self.army.in_hex(hex_name, self.enemy))

    def why(self, hex_name):
        enemy = self.army.in_hex(hex_name, self.enemy)
        combat = [u.name for u in enemy if u.is_combat]
        if combat:
            return f"enemy combat units ({', '.join(combat)}; 3.0b)"
        if hex_name in self.zones:
            return "an enemy zone (3.4)"
        return (f"enemy units ({', '.join(u.name for u in enemy)}), which leaders, HQs, wagons and artillery may not "
                "enter unless accompanied by friendly infantry or cavalry (3.0b)")


def reinforce(session, entry, names, waiting):
    """3.6, 3.6a with 3.0b: each unit in its place in the line enters at the Entry hex when nothing
    there stops it, else at the nearest edge hex open to it, 10 hexes at a time; infantry and cavalry
    enter an Entry hex holding only enemy non-combat units, and the units behind them with them."""
    army = session.army
    army.require_hex(entry)
    units = [army.named(n) for n in names]
    if not units:
        raise ArmyError("give units=NAME,NAME,... in the order they are lined up")
    side = units[0].side
    if any(u.side != side for u in units):
        raise ArmyError("reinforcements of one side at a time")
    hexes = _EntryHex(army, side)
    edge = map_edge(army, entry)
    section = session.report.section(f"Reinforcements at {entry} (3.6)")
    shifts, shifted, plan = {}, {}, []
    accompanied = False
    for n, unit in enumerate(units):
        stops = hexes.stops_all if unit.type in ENTERS_ENEMY_NON_COMBAT or accompanied else hexes.stops_unaccompanied
        at = entry
        if stops(entry):
            if stops not in shifts:
                shifts[stops] = entry_hexes(edge, entry, stops, session.charts)
            shift = shifts[stops]
            shifted.setdefault((shift.hexes, shift.reach), []).append(unit.name)
            at = shift.hexes[0] if shift.hexes else None
        arrival = None
        if at is not None:
            cost = entry_cost(army, unit, at)
            arrival = arrivals([(unit.name, int(unit.attributes.get("ma") or 0))], cost, waiting + n)[0]
            accompanied = accompanied or (at == entry and arrival.enters and unit.type in ENTERS_ENEMY_NON_COMBAT)
        plan.append((unit, at, arrival, cost if at is not None else None))
    for (open_hexes, reach), shifted_names in shifted.items():
        _report_shift(section, entry, open_hexes, reach, hexes.why(entry), shifted_names)
    reported = set()
    for unit, at, arrival, cost in plan:
        if at is None:
            section.add(f"{unit.name}: waits: no edge hex is open to it (3.6a)", unit=unit.name, enters=False)
        elif not arrival.enters:
            section.add(f"{unit.name}: unit {arrival.position} in line needs {mp_text(arrival.mp_spent)} MP, it has "
                        f"{unit.attributes.get('ma')}: it stays lined up and enters next friendly Movement Phase "
                        f"(3.6)", unit=unit.name, enters=False)
        else:
            section.add(f"{unit.name}: unit {arrival.position} in line, {arrival.position} x {mp_text(cost)} = "
                        f"{mp_text(arrival.mp_spent)} MP spent on entering {at}, {mp_text(arrival.mp_left)} of "
                        f"{unit.attributes.get('ma')} left ({arrival.clause})", unit=unit.name, hex=at,
                        mp_spent=arrival.mp_spent, mp_left=arrival.mp_left,
                        quantity=Quantity("MP left", arrival.mp_left, of=unit.name))
            enemy_here = army.in_hex(at, hexes.enemy)
            if enemy_here and at not in reported:
                reported.add(at)
                _report_entered(section, unit, at, enemy_here)
            army.move(unit, at)


def _report_shift(section, entry, open_hexes, reach, why, names):
    if not open_hexes:
        section.add(f"{entry} is blocked by {why} and so is the whole map edge for {', '.join(names)}: they wait "
                    "(3.6a)", entry=None)
        return
    section.add(f"{entry} is blocked for {', '.join(names)} by {why}: they enter at {open_hexes[0]}, the nearest "
                f"open hex within {reach} hexes along the edge (also open: {', '.join(open_hexes[1:]) or '-'}) (3.6a)",
                entry=open_hexes[0], reach=reach, units=names)


def _report_entered(section, unit, at, enemy):
    """3.0b: infantry or cavalry entering a hex of enemy non-combat units (no Close Combat: none
    there is a combat unit), and what that does to each."""
    done = "; ".join(f"{u.name} " + ENTRY_CONSEQUENCES.get(u.type, "is entered: as the game's rules say").replace(
        "NAME", f'"{u.name}"') for u in enemy)
    section.add(f"{unit.name} enters {at}, held only by enemy units that are not combat units (3.0b: no Close "
                f"Combat): {done}", unit=unit.name, enemy=[u.name for u in enemy])


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
                    f"all (3.7; option forced_march_limit = 'total')", extra_mp=done.extra_mp,
                    quantity=Quantity("forced march MP", done.extra_mp, of=name))
    else:
        section.add(f"+{done.extra_mp} MP this Movement Phase, {unit.attributes.get('ma')} + {done.extra_mp} in all "
                    f"(3.7; option forced_march_limit = {limit!r})", extra_mp=done.extra_mp,
                    quantity=Quantity("forced march MP", done.extra_mp, of=name))
