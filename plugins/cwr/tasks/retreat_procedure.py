"""The tasks of retreat_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list


def register(plugin):
    @plugin.procedure("retreat", "6.3: a retreat the player gives, judged (straight to the rear, no doubling back, "
                                 "enemy units and prohibited terrain that leave no way on stop it and Rout the "
                                 "stack, the first enemy zone draws a free fire, friendly units displace or join) "
                                 "and made: the units moved, states written, a stack leaving the map lost as "
                                 "stragglers. An illegal or incomplete path is refused and nothing is written.",
                      Parameter("hex", str, "the retreating stack's hex (A10.10)"),
                      Parameter("path", str, "the hexes of the retreat, HEX,HEX,...; end with 'off' to leave the map"),
                      Parameter("hexes", int, "the retreat result's distance (B1-B4); default the path's length ('off' "
                                              "counting as one)", 0),
                      Parameter("displace", str, "hexes of the path whose friendly units displace instead of "
                                                 "joining the retreat (6.3d), HEX,HEX", ""),
                      example="cwr-demo.vsav hex=A2.10 path=A2.09,A2.08",
                      quantities=("retreat hexes", "retreat hexes left"))
    def retreat_procedure(context, hex, path, hexes=0, displace=""):
        from ..retreat_procedure import Retreat
        from ..session import start
        session = start(context, f"Retreat from {hex} (CWR 6.3)")
        steps = name_list(path)
        if not steps:
            raise ValueError("path: give the hexes of the retreat, HEX,HEX,...")
        required = hexes or len(steps)
        Retreat(session, hex, required, name_list(displace)).run(steps)
        return session.finish()
