"""The tasks of construction_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from .recovery_procedures import SIDE

MOVED = Parameter("moved", str, "the units that moved this turn, NAME,...", "")


def register(plugin):
    @plugin.procedure("breastworks", "24.1, 24.9-24.10: each build marker placed last turn becomes breastworks (a "
                                     "unit still in the hex, no enemy ZOI), stays (in a ZOI) or is cancelled; the "
                                     "units named may take a new build marker (24.1a). The markers are placed, "
                                     "replaced and removed in the written save.",
                      SIDE, Parameter("build", str, "the units to take a build marker, NAME,...", ""), MOVED,
                      Parameter("retreated", str, "the hexes whose builder was forced to retreat (24.9), HEX,...",
                                ""),
                      example='lfm-demo.vsav side=Union build="147th New York,Calef\'s Battery"')
    def breastworks_procedure(context, side, build="", moved="", retreated=""):
        from ..construction_procedures import breastworks
        from ..session import start
        session = start(context, f"{side} breastworks (LFM 24)", side=side, one_side="lfm.breastworks")
        breastworks(session, side, name_list(build), set(name_list(moved)), set(name_list(retreated)))
        return session.finish()

    @plugin.procedure("bridge-burning", "25: each Burning Bridge marker beside a unit of the side: a cohesion check "
                                        "(+1 in a ZOI or ZOC, +1 in rain) destroys the bridge, unless the unit "
                                        "moved; new markers placed by the units named, in the written save.",
                      SIDE, Parameter("burn", str, "UNIT:HEX/HEX,...: units to place a Burning Bridge marker", ""),
                      MOVED, Parameter("raining", bool, "it is raining (25: +1)", False),
                      example="lfm-burning.vsav side=Confederate", quantities=("bridge destroyed",))
    def bridge_procedure(context, side, burn="", moved="", raining=False):
        from ..construction_procedures import _burns, bridges
        from ..session import start
        session = start(context, f"{side} burning bridges (LFM 25)", side=side, one_side="lfm.bridge-burning")
        bridges(session, side, _burns(burn), set(name_list(moved)), raining)
        return session.finish()
