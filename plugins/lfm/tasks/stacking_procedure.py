"""The tasks of stacking_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from ..army import SIDES


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
        from ..army import ArmyError
        from ..session import start
        from ..stacking_procedure import check
        if bool(hex) == bool(side):
            raise ArmyError("give exactly one of hex=HEX or side=SIDE")
        session = start(context, f"Stacking in {hex or side + ' hexes'} (LFM 4)", side=side or None)
        army = session.army
        hexes = [hex] if hex else [h for h, us in army.stacks().items() if us[0].side == side
                                   and any(u.is_combat for u in us)]
        if hex:
            army.require_hex(hex)
        check(session, hexes, set(name_list(road)))
        return session.finish()
