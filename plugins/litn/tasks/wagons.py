"""The tasks of wagons.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

from ..army import SIDES
from ..scenarios import SCENARIO, TURN, YEAR


def register(plugin):
    @plugin.procedure("wagons", "4.1, 9.2: Confederate: whether a wagon is due this turn by the scenario, the "
                                "six-wagon limit and the depots to place it at; Union: a wagon for each Wagon "
                                "Creation marker, and the leaders in depots who may earn one this turn.",
                      Parameter("side", str, "whose wagons", choices=SIDES),
                      Parameter("delayed", int, "Confederate wagons delayed from earlier turns (4.1)", 0),
                      Parameter("creation", str, "Union: the hexes of Wagon Creation markers, HEX,HEX", (), many=True),
                      SCENARIO, TURN, YEAR, example="litn-demo.vsav side=Confederate turn=6")
    def run_wagons(context, side=None, delayed=0, creation=(), scenario=None, turn=None, year=None):
        from ..scenarios import scenario_of
        from ..session import start
        from ..wagons import confederate_wagons, union_wagons
        session = start(context, "Supply wagons (LIN 4.1, 9.2)", side, turn, year, one_side="wagons")
        if session.side == "Confederate":
            confederate_wagons(session, scenario_of(session, scenario), delayed)
        else:
            union_wagons(session, creation)
        return session.finish()

    @plugin.procedure("wagon-undepletion", "3.H.II, 9.2: each depleted wagon that stayed put the whole turn on a "
                                           "road or rail hex within four road or rail hexes of a friendly depot "
                                           "(rail in friendly territory only) turns to its undepleted side.",
                      Parameter("side", str, "whose wagons", choices=SIDES),
                      Parameter("moved", str, "wagons that moved this turn, NAME,NAME", (), many=True),
                      example="litn-demo.vsav side=Confederate")
    def run_undepletion(context, side=None, moved=()):
        from ..session import start
        from ..wagons import undepletion
        session = start(context, "Wagon undepletion (LIN 9.2)", side, need_turn=False, one_side="wagon undepletion")
        undepletion(session, moved)
        return session.finish()
