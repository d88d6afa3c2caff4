"""The tasks of rally_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("rally", "6.4: the side's Rally Phase, steps A-E in order: Sh removed, DG to Sh, BL removed "
                               "(rolled for next to the enemy), each R stack rolls d6 - a leader's rating (2 or less: "
                               "DG), R stacks within 6 hexes of the enemy retreat or, with no way out, are "
                               "eliminated; states written.",
                      Parameter("side", str, "the side rallying", choices=("Union", "Confederate")),
                      example="cwr-demo.vsav side=Confederate",
                      quantities=("Blood Lust ended", "rallied to DG", "retreat hexes"))
    def rally_procedure(context, side):
        from ..distances import Distances
        from ..rally_procedure import rally_side
        from ..session import start
        session = start(context, f"{side} Rally Phase (CWR 6.4)", side=side, one_side="the Rally Phase")
        rally_side(session, side)
        Distances(session.army, session.charts, side).note(session)
        return session.finish()
