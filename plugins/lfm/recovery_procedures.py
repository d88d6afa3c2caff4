"""The Reorganization phase on a save: shattered brigades determined (15.1-15.3) and written on
every regiment of the brigade, disorganized stacks rallied (17b) and routed regiments recovered by
their brigade commanders (17a), each roll through the session."""
from adjutant.plugin import name_list, named_values
from adjutant.procedures.report import Quantity

from . import recovery, shatter
from .army import ArmyError, enemy_of
from .stacking import Unit as StackingUnit, stacking_excess


def noted_totals(text):
    """"BRIGADE:N,..." (15.4: the total strengths noted at night) as {brigade: N}."""
    return dict(named_values(text, "totals=", "BRIGADE:N", number="count"))


def brigades(army, side, totals=None):
    """{brigade: (its regiments wherever they are, on-map SP, total SP)}: the total is the printed SP
    of all its regiments (on the map, in a pool or in a box) unless `totals` notes one (15.4).
    Brigades with no regiment on the map are left out (not arrived, or destroyed: 23.7)."""
    found = {}
    for unit in army.units + army.off_map:
        if unit.side == side and unit.is_regiment and unit.brigade:
            found.setdefault(unit.brigade, []).append(unit)
    out = {}
    for name, members in found.items():
        on_map = [u for u in members if u.hex]
        if not on_map:
            continue
        total = (totals or {}).get(name, sum(u.printed_sp for u in members))
        out[name] = (members, sum(u.sp for u in on_map), total)
    return out


def write_flag(session, units, attribute, value, section):
    """Writes the flag on each unit, reporting those the companion file maps to nothing writable."""
    unwritten = [u.name for u in units if not session.army.write(u, attribute, "true" if value else "false")]
    if unwritten:
        section.add(f"{attribute} could not be written on {', '.join(unwritten)} (the companion file maps it to "
                    f"nothing writable): set it by hand", unwritten=unwritten)


def determine_shatter(session, side, totals):
    section = session.report.section(f"{side} shattered brigades (15)")
    if session.night:
        section.add("a night turn: every shatter marker is removed at the start of the first night turn (23.4, "
                    "15.3): lfm.night phase=start", night=True)
        return
    found = brigades(session.army, side, totals)
    if not found:
        section.add(f"no {side} brigade has a regiment on the map (brigades not yet arrived or destroyed are left "
                    f"out, 23.7)", brigades=0)
    for name, (members, on_map, total) in found.items():
        was = any(u.shattered for u in members)
        r = shatter.reorganize(session.charts, shatter.Brigade(name, total, on_map, was,
                                                               tuple(u.name for u in members)))
        noted = " (noted, 15.4)" if name in totals else " (the printed SP of its regiments)"
        section.add(f"{name}: {on_map} SP on the map of {total}{noted}; {r.clause}", brigade=name, sp=on_map,
                    total=total, lost=r.lost_sp, shattered=r.after, quantity=Quantity("SP lost", r.lost_sp, of=name))
        changed = [u for u in members if u.shattered != r.after]
        if changed:
            write_flag(session, changed, "shattered", r.after, section)
            section.add(f"shattered {'set' if r.after else 'removed'} on {', '.join(u.name for u in changed)} "
                        f"(15.2: every regiment of the brigade, wherever it is)", written=[u.name for u in changed])


def _stacks(army, side):
    """{hex: the side's combat units there} of every hex holding a disorganized or shattered unit."""
    found = {}
    for unit in army.of(side):
        if unit.is_combat:
            found.setdefault(unit.hex, []).append(unit)
    return {h: us for h, us in found.items() if any(u.counts_disorganized for u in us)}


def _commander(army, c, hex_name):
    return recovery.Commander(c.name, c.rank, c.side, c.cv or 0, c.brigade, c.division, c.corps,
                              army.distance(c.hex, hex_name))


def _unit(u):
    return recovery.Unit(u.name, u.type, u.cohesion, u.side, u.brigade, u.division, u.corps, u.shattered)


def rally(session, side, chosen):
    army = session.army
    section = session.report.section(f"{side} recovery from disorder (17b)")
    zoi = session.influence_hexes(enemy_of(side))
    stacks = _stacks(army, side)
    if not stacks:
        section.add(f"no {side} stack is disorganized", rallied=0)
    for hex_name, units in stacks.items():
        here = [_commander(army, c, hex_name) for c in army.commanders(side)]
        r = recovery.remove_disorganization(session.charts, side, [_unit(u) for u in units], here, session.roll,
                                            in_zoi=hex_name in zoi, use=chosen.get(hex_name))
        offered = ", ".join(f"{t.source} {t.value}" for t in r.targets)
        section.add(f"{hex_name}: {', '.join(r.stack)}; ratings offered: {offered}" +
                    (f"; rolled against {r.target.source} ({r.target.value})" if r.target else ""),
                    hex=hex_name, target=r.target.source if r.target else None,
                    rating=r.target.value if r.target else None, roll=r.roll, removed=r.removed,
                    quantity=Quantity("D removed", int(r.removed), of=hex_name))
        for clause in r.clauses:
            section.add(clause)
        if r.removed:
            marked = [u for u in units if u.disorganized]
            write_flag(session, marked, "disorganized", False, section)
            section.add(f"D removed from {', '.join(u.name for u in marked) or 'no marked unit'}",
                        written=[u.name for u in marked])


def _routed_placements(session, side, commander, unit):
    army = session.army
    zoi = session.influence_hexes(enemy_of(side))
    zoc = army.zone_hexes(enemy_of(side))
    found = []
    for h in army.within(commander.hex, int(session.charts.rule("recovery", "placement_range"))):
        if army.side_in(h) == enemy_of(side):
            continue
        stack = [StackingUnit(u.name, u.type, u.sp, u.cohesion, u.brigade, u.mode)
                 for u in army.in_hex(h, side) if u.is_combat]
        stack.append(StackingUnit(unit.name, unit.type, unit.printed_sp, unit.cohesion, unit.brigade, unit.mode))
        fits = not stacking_excess(session.charts, stack).violations
        found.append(recovery.Placement(h, army.distance(commander.hex, h), h in zoi, h in zoc, fits))
    return found


def recover(session, side, routed, moved, place):
    """17a: each unit named in `routed` (off the map: the demo module has no routed pool, so the
    player names the eliminated units) tried by its brigade commander (a battery: the first corps,
    division or brigade commander of its chain on the map)."""
    army = session.army
    section = session.report.section(f"{side} recovery from rout (17a)")
    if not routed:
        section.add("no routed unit named: the save holds no routed pool the plugin can read (the demo module has "
                    "none); give routed=NAME,... for the eliminated units to try (they are read off the map, "
                    "placed on it when they return)", recovered=0)
        return
    zoi, zoc = session.influence_hexes(enemy_of(side)), army.zone_hexes(enemy_of(side))
    used = set()
    for name in routed:
        unit = army.named(name)
        if unit.hex:
            raise ArmyError(f"{name} is on the map ({unit.hex}), not in the routed pool")
        if unit.side != side:
            raise ArmyError(f"{name} is not a {side} unit")
        chain = [c for c in army.chain(unit) if c.rank in (("brigade",) if unit.is_regiment else
                                                            ("brigade", "division", "corps"))]
        spent = [c.name for c in chain if c.name in used]
        chain = [c for c in chain if c.name not in used]
        if not chain:
            why = (f"{' and '.join(spent)} {'has' if len(spent) == 1 else 'have'} already made the one recovery "
                   f"attempt of this phase" if spent else "no commander of its chain on the map may recover it")
            section.add(f"{name}: {why} (17a.1, 17a.5)", unit=name, recovered=False,
                        quantity=Quantity("recovered", 0, of=name))
            continue
        c = chain[0]
        used.add(c.name)   # 17a.1, 17a.5: one attempt per commander
        r = recovery.recover_routed(session.charts, _commander(army, c, c.hex), _unit(unit), session.roll,
                                    c.name in moved, c.hex in zoi, c.hex in zoc,
                                    _routed_placements(session, side, c, unit))
        section.add(f"{name} (cohesion {unit.cohesion}) by {c.name} in {c.hex}: " + "; ".join(r.clauses),
                    unit=name, commander=c.name, roll=r.roll, recovered=r.recovered,
                    quantity=Quantity("recovered", int(r.recovered), of=name))

        if r.recovered:
            target = place.get(name, r.hexes[0])
            if target not in r.hexes:
                raise ArmyError(f"{name} may be placed in {', '.join(r.hexes)}, not {target} (17a.3)")
            army.move(unit, target)
            section.add(f"{name} placed in {target} (17a.3; the hexes allowed: {', '.join(r.hexes)})",
                        hex=target, written=True)


def pairs(text, what):
    found = {}
    for item in name_list(text):
        key, sep, value = item.partition(":")
        if not sep:
            raise ArmyError(f"{what} is NAME:VALUE[,NAME:VALUE ...], not {item!r}")
        found[key.strip()] = value.strip()
    return found
