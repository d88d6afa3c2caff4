"""Stacking at the end of a movement phase on a save (4.1-4.5): each stack of the side (or one hex)
against 16 SP of one brigade and 6 SP of artillery, the excess eliminated by the option
stacking_excess and written (SP 0; the pieces are taken off the map by hand)."""
from adjutant.plugin import Parameter
from adjutant.procedures.report import Quantity

from .army import SIDES, ArmyError
from .recovery_procedures import names
from .session import start
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


def register(plugin):
    @plugin.procedure("stacking", "4.1-4.5: the stacks of a side at the end of its movement phase (or one hex) "
                                  "against 16 SP of one brigade's infantry and cavalry and 6 SP of artillery; the "
                                  "excess eliminated (which units: option stacking_excess) and written.",
                      Parameter("hex", str, "one hex to judge (give hex= or side=, exactly one)", ""),
                      Parameter("side", str, "the side whose movement phase ends: all its stacks (give hex= or "
                                             "side=, exactly one)", "", SIDES),
                      Parameter("road", str, "the hexes whose stacks used road movement, HEX,... (option "
                                             "road_stacking)", ""),
                      example="lfm-combat.vsav hex=0810", quantities=("infantry and cavalry SP",))
    def stacking_procedure(context, hex="", side="", road=""):
        if bool(hex) == bool(side):
            raise ArmyError("give exactly one of hex=HEX or side=SIDE")
        session = start(context, f"Stacking in {hex or side + ' hexes'} (LFM 4)", side=side or None)
        army = session.army
        hexes = [hex] if hex else [h for h, us in army.stacks().items() if us[0].side == side
                                   and any(u.is_combat for u in us)]
        if hex:
            army.require_hex(hex)
        check(session, hexes, set(names(road)))
        return session.finish()
