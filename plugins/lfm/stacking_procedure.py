"""Stacking at the end of a movement phase on a save (4.1-4.5): each stack of the side (or one hex)
against 16 SP of one brigade and 6 SP of artillery, the excess eliminated by the option
stacking_excess and written (SP 0; the pieces are taken off the map by hand)."""
from adjutant.procedures.report import Quantity

from .army import ArmyError
from .stacking import Unit, stacking_excess


def check(session, hexes, on_road):
    army = session.army
    for hex_name in hexes:
        units = [u for u in army.in_hex(hex_name) if u.is_combat]
        section = session.report.section(f"Stacking in {hex_name} (4)")
        r = stacking_excess(session.charts, [Unit(u.name, u.type, u.sp, u.cohesion, u.brigade, u.mode)
                                             for u in units], on_road=hex_name in on_road)
        infantry = sum(u.sp for u in units if u.is_regiment)
        artillery = sum(u.sp for u in units if u.is_artillery)
        section.add(f"{hex_name}: {', '.join(u.describe() for u in units) or 'no combat unit'}; {infantry} SP of "
                    f"infantry and cavalry, {artillery} SP of artillery", hex=hex_name, infantry=infantry,
                    artillery=artillery, quantity=Quantity("infantry and cavalry SP", infantry, of=hex_name))
        for clause in r.violations:
            section.add(f"over the limit: {clause}", violation=clause)
        if not r.violations:
            section.add("within the limits (4.1, 4.2)", eliminated=[])
        for clause in r.clauses:
            section.add(clause, eliminated=list(r.eliminated), lost=r.lost_sp,
                        quantity=Quantity("SP lost", r.lost_sp, of=hex_name))
        for name in r.eliminated:
            unit = army.named(name)
            if not army.write(unit, "sp", 0):
                raise ArmyError(f"the companion file maps sp to nothing writable: {name} cannot be eliminated")
        if r.eliminated:
            section.add(f"SP 0 written on {', '.join(r.eliminated)}: take them off the map (to do by hand)",
                        written=list(r.eliminated))
