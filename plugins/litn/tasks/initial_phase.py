"""The tasks of initial_phase.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

from ..scenarios import SCENARIO, TURN, YEAR


def register(plugin):
    @plugin.procedure("militia", "4.2: whether the Union may roll for militia (5 net Confederate VP, or a "
                                 "Confederate combat unit within 15 hexes of Harrisburg; once met, every turn after, "
                                 "kept in the game's Militia property), then the Union Militia table roll.",
                      Parameter("net_vp", int, "the net Confederate VP (default: the game's NetVP property)", None),
                      Parameter("triggered", bool, "the condition was met on an earlier turn (default: the game's "
                                                   "Militia property)", None),
                      Parameter("harrisburg", str, "Harrisburg's hex (default: the companion file's place)", ""),
                      Parameter("harrisburg_controlled", bool, "Harrisburg is Confederate-controlled (default: a "
                                                               "Confederate Control marker there)", None),
                      TURN, YEAR, example="litn-demo.vsav net_vp=5", quantities=("militia units",))
    def run_militia(context, net_vp=None, triggered=None, harrisburg="", harrisburg_controlled=None, turn=None,
                    year=None):
        from ..initial_phase import militia
        from ..session import start
        session = start(context, "Union militia (LIN 4.2)", "Union", turn, year)
        militia(session, net_vp, triggered, harrisburg, harrisburg_controlled)
        return session.finish()

    @plugin.procedure("reorganization", "15.4 (scenario 2): on turns 1-4 up to four disorganized Union units within "
                                        "three hexes of McClellan roll, 1-4 reorganizes; on turn 5 all reorganize. "
                                        "Writes the units' disorganized state.",
                      Parameter("units", str, "the units that try, NAME,NAME (default: the four nearest McClellan)",
                                (), many=True),
                      SCENARIO, TURN, YEAR, example="litn-demo.vsav turn=2", quantities=("reorganized",))
    def run_reorganization(context, units=(), scenario=None, turn=None, year=None):
        from ..initial_phase import reorganization
        from ..scenarios import scenario_of
        from ..session import start
        session = start(context, "Union reorganization (LIN 15.4)", "Union", turn, year)
        reorganization(session, scenario_of(session, scenario), units)
        return session.finish()

    @plugin.procedure("hooker", "15.6 (scenario 3): the Hooker Dissatisfaction marker (the game's HookerBox "
                                "property) moves +1 per Confederate VP and -2 per Union major victory; from turn 2 "
                                "d6 + box of 6 or more replaces Hooker by Meade (the steps reported).",
                      Parameter("vp", int, "Confederate VP scored since the last Initial Phase", 0),
                      Parameter("union_major_victories", int, "Union major victories since the last Initial Phase", 0),
                      Parameter("box", int, "the marker's box (default: the game's HookerBox property)", None),
                      Parameter("hooker", str, "the Hooker department leader counter", "Hooker"),
                      Parameter("meade", str, "the Meade leader counter", "Meade"),
                      Parameter("sykes", str, "the Sykes counter", "Sykes"),
                      SCENARIO, TURN, YEAR,
                      example="litn-demo.vsav scenario=3 year=1863 vp=2 hooker=McClellan",
                      quantities=("Hooker replaced",))
    def run_hooker(context, vp=0, union_major_victories=0, box=None, hooker="Hooker", meade="Meade", sykes="Sykes",
                   scenario=None, turn=None, year=None):
        from ..initial_phase import hooker_dissatisfaction
        from ..scenarios import scenario_of
        from ..session import start
        session = start(context, "Hooker dissatisfaction (LIN 15.6)", "Union", turn, year)
        hooker_dissatisfaction(session, scenario_of(session, scenario), box, vp, union_major_victories, hooker,
                               meade, sykes)
        return session.finish()

    @plugin.procedure("variable-entry", "15.6 (scenario 3): from turn 3, a roll for each of Imboden, Jones and "
                                        "Robertson not yet on the map; the roll needed grows with the turn.",
                      Parameter("units", str, "the units that roll", ("Imboden", "Jones", "Robertson"), many=True),
                      SCENARIO, TURN, YEAR, example="litn-demo.vsav scenario=3 year=1863", quantities=("enters",))
    def run_variable_entry(context, units=("Imboden", "Jones", "Robertson"), scenario=None, turn=None, year=None):
        from ..initial_phase import variable_entry
        from ..scenarios import scenario_of
        from ..session import start
        session = start(context, "Variable entry (LIN 15.6)", "Confederate", turn, year)
        variable_entry(session, scenario_of(session, scenario), units)
        return session.finish()
