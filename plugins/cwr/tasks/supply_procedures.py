"""The tasks of supply_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("resupply", "8.3: the Resupply segment of a side: each Low or No Ammo unit (or the units "
                                  "named) at least 4 hexes from every enemy unit, within 2 hexes of its corps wagon "
                                  "or the army train (8.3a), not DG or R, artillery limbered (8.3b), its ammunition "
                                  "written back to Normal; why not for the others.",
                      Parameter("side", str, "whose Resupply segment", choices=("Union", "Confederate")),
                      Parameter("units", str, "the units to resupply, comma-separated (default: every Low or No Ammo "
                                              "unit of the side)", ""),
                      example='cwr-demo.vsav side=Union units="Stevens\'s Battery,Hall\'s Battery"')
    def resupply_procedure(context, side, units=""):
        from ..distances import Distances
        from ..session import start
        from ..supply_procedures import resupply_segment
        session = start(context, f"{side} Resupply (CWR 8.3)", side=side)
        resupply_segment(session, [n.strip() for n in units.split(",") if n.strip()])
        Distances(session.army, session.charts, side).note(session)
        return session.finish()
