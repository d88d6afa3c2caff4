"""The tasks of retreat_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from ..retreat import REASONS


def register(plugin):
    @plugin.procedure("retreat", "10.6: judges the path the player chooses for each unit retreating from a combat "
                                 "hex (4 MP not paying zone costs, or the fewest more; enemy units, unbridged "
                                 "rivers, the hexsides the enemy came in by; where it must end) and moves the "
                                 "units when all are legal; without path=, the hexes they may end in.",
                      Parameter("hex", str, "the combat hex"),
                      Parameter("side", str, "the retreating side (--side only says who reads the report)",
                                choices=("Union", "Confederate")),
                      Parameter("reason", str, "why it retreats: demoralized, unsupplied or withdraw", choices=REASONS),
                      Parameter("units", str, "the retreating units, NAME,NAME (default: the side's units in the hex "
                                              "but wagons; a wagon named here accompanies them)", ""),
                      Parameter("path", str, "the hexes of the retreat, HEX,HEX; for groups NAME+NAME:HEX,HEX;... "
                                             "(one group without names takes the rest); none: where they may end", ""),
                      Parameter("entered_by", str, "the hexes the enemy entered the battle from, HEX[:NAME+NAME],...",
                                ""),
                      Parameter("enemy_retreated", bool, "the enemy retreated first: those hexsides do not block",
                                False),
                      example="litn-demo.vsav hex=1625 side=Confederate reason=demoralized "
                              "path=Hood:1624,1623,1622,1621;1524,1424,1323,1322")
    def retreat(context, hex, side=None, reason=None, units="", path="", entered_by="", enemy_retreated=False):
        from ..retreat_procedure import run_retreat
        from ..session import start
        session = start(context, f"Retreat from {hex} (LIN 10.6)", side, need_turn=False, one_side="a retreat")
        if reason is None:
            raise ValueError("give reason=demoralized, unsupplied or withdraw")
        run_retreat(session, hex, reason, name_list(units), path, entered_by, enemy_retreated)
        return session.finish()
