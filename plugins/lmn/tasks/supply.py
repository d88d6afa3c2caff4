"""The tasks of supply.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list


def register(plugin):
    @plugin.procedure("supply", "16: each unit supplied (within 6 hexes of a source or of a rail line leading from "
                                "one), unsupplied (7-12) or isolated, with the path of its trace; enemy units and "
                                "zones block; the depot traces 10 hexes and feeds no rail; face-up cavalry, leaders "
                                "and fortifications always supplied.",
                      Parameter("side", str, "whose units (default: both sides)", None, ("Union", "Confederate")),
                      Parameter("units", str, "only these units, NAME,NAME", ""),
                      Parameter("control", str, "who controls a city used as a source, CITY:SIDE,... (default: "
                                                "the side occupying it, else the companion file's controlled_by)", ""),
                      example="lmn-demo.vsav side=Confederate", quantities=("hexes to supply",))
    def supply_procedure(context, side=None, units="", control=""):
        from ..session import start
        from ..supply import run_supply
        session = start(context, "Supply (LMN 16)", side)
        run_supply(session, side, name_list(units), control)
        return session.finish()
