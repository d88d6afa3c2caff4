"""The tasks of rail_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("rail", "4, Optional III: a Union infantry unit's attempt to move by rail: eligibility (its "
                              "station joined to Alexandria, Baltimore or Washington, or Harrisburg with the RTG "
                              "maps, by rail hexes with no damaged or destroyed station), the maximum of the state "
                              "the move begins in over this turn's attempts (the global property rail_moves), +1 "
                              "fatigue even on a failure, a d6 (1-3 moves; -2 after a rail move last turn), then "
                              "the move along path= (up to 35 rail hexes, no enemy unit, enemy ZOC or "
                              "Confederate-controlled county) or the hexes it may reach.",
                      Parameter("unit", str, "the Union unit attempting to move by rail"),
                      Parameter("path", str, "HEX,...: the rail hexes it moves along when the attempt succeeds "
                                             "(its own hex first or not); default: report the hexes it may reach",
                                ""),
                      example="r2a-rail.vsav unit=\"Couch's Division\"",
                      quantities=("fatigue", "moved by rail", "rail move allowed"))
    def rail_procedure(context, unit, path=""):
        from ..rail_procedure import rail_move
        from ..session import start
        session = start(context, f"Union rail movement: {unit} (4)", side="Union")
        rail_move(session, unit, path)
        return session.finish()
