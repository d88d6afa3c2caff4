"""The tasks of reinforcement.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("militia", "18.3: at the end of a Union Player-Turn with Confederates north of the Potomac, "
                                 "a 1-5 militia at Carlisle, Harrisburg, Columbia and Gettysburg and two dummies "
                                 "(if not on the map); with none north, all six removed.",
                      Parameter("dummy_towns", str, "the two towns the dummies go to, TOWN,TOWN (default: the "
                                                    "first two)", ""),
                      example="lmn-demo.vsav")
    def militia_procedure(context, dummy_towns=""):
        from ..reinforcement import militia
        from ..session import start
        session = start(context, "Union militia (LMN 18.3)")
        militia(session, dummy_towns)
        return session.finish()

    @plugin.procedure("dummies", "6.0: the side's eliminated dummies placed again on a friendly leader or "
                                 "fortification (Confederate ones south of the Potomac, 18.1 A).",
                      Parameter("side", str, "whose Reinforcement Phase", choices=("Union", "Confederate")),
                      Parameter("at", str, "where each goes, NAME:HEX[,NAME:HEX] (default: the first leader or "
                                           "fortification hex)", ""),
                      example="lmn-demo.vsav side=Confederate")
    def dummies_procedure(context, side=None, at=""):
        from ..reinforcement import dummies
        from ..session import start
        session = start(context, "Dummies (LMN 6.0)", side, one_side="placing dummies")
        dummies(session, side, at)
        return session.finish()
