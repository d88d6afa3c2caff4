"""The tasks of artillery_ammo.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

from ..army import SIDES


def register(plugin):
    side_parameter = Parameter("side", str, "whose artillery", choices=SIDES)

    @plugin.procedure("ammo", "8.4: a side's artillery ammunition points, kept in the global property the companion "
                              "file's [globals] names (union_artillery_ammo, confederate_artillery_ammo); set= writes "
                              "them (the scenario's set-up). cwr.fire spends one for each battery or section firing.",
                      side_parameter,
                      Parameter("set", int, "the points to write (default: report them)", None),
                      example="cwr-ammo.vsav side=Union", quantities=("artillery ammunition points",))
    def ammo_procedure(context, side, set=None):
        from ..artillery_ammo import report_points
        from ..session import start
        session = start(context, f"{side} artillery ammunition (CWR 8.4)", side=side)
        report_points(session, side, set)
        return session.finish()

    @plugin.procedure("ammo-trace", "8.4b: each battery's trace to its Army Supply Train (or the Entry hex it enters "
                                    "or entered by, 8.4c): at most 10 non-road hexes, then primary or secondary roads "
                                    "or trails; enemy units block, an enemy zone blocks unless a friendly combat unit "
                                    "is there. The path, or why there is none.",
                      side_parameter,
                      Parameter("units", str, "the batteries, comma-separated (default: every battery of the side "
                                              "on the map)", ""),
                      example="cwr-ammo.vsav side=Union", quantities=("batteries tracing",))
    def ammo_trace_procedure(context, side, units=""):
        from ..artillery_ammo import report_traces
        from ..session import start
        session = start(context, f"{side} artillery ammunition traces (CWR 8.4b)", side=side)
        report_traces(session, side, [n.strip() for n in units.split(",") if n.strip()])
        return session.finish()
