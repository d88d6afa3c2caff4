"""The tasks of recovery_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, named_values

SIDE = Parameter("side", str, "whose units", choices=("Union", "Confederate"))


def register(plugin):
    @plugin.procedure("stragglers", "9.4: hourly Straggler Recovery (only on the :00 turn) for each brigade of the "
                                    "side: the Brigade Straggler Recovery table by its morale and day or night, one "
                                    "SP for each eligible unit (in Command Radius, 6 hexes from the enemy, Line, "
                                    "Normal), the (+) bonus (9.4b), strengths written.",
                      SIDE, Parameter("stragglers", str, "each brigade's stragglers on the Brigade Loss Chart, "
                                                         "BRIGADE:N,... (default its printed SP - SP)", ""),
                      Parameter("night", bool, "a night turn (2.2); 9.4c: a brigade with (or in a command with) "
                                               "an Accepted order in the Order Log recovers none", False),
                      example="cwr-wrecked.vsav side=Union \"stragglers=Cutler's Brigade:3\"",
                      quantities=("SP", "SP recovered", "stragglers", "stragglers left"))
    def stragglers_procedure(context, side, stragglers="", night=False):
        from ..recovery_procedures import recovery
        from ..session import start
        session = start(context, f"{side} Straggler Recovery (CWR 9.4)", side=side, one_side="Straggler Recovery")
        recovery(session, side, dict(named_values(stragglers, "stragglers", "NAME:N", number="count")), night)
        return session.finish()

    @plugin.procedure("wrecked", "5.9: each infantry and cavalry unit wrecked at 50% of its printed SP lost "
                                 "(written), each brigade and division by its wrecked members against the Loss "
                                 "Chart's check mark.",
                      Parameter("side", str, "whose units (default both)", "", ("", "Union", "Confederate")),
                      Parameter("check_marks", str, "the Loss Chart's check marks: NAME:N,... for brigades "
                                                    "(wrecked regiments) and divisions (wrecked brigades)", ""),
                      example="cwr-wrecked.vsav \"check_marks=Cutler's Brigade:2,Wadsworth's Division:1\"",
                      quantities=("SP lost",))
    def wrecked_procedure(context, side="", check_marks=""):
        from ..recovery_procedures import wrecked_status
        from ..session import start
        session = start(context, "Wrecked status (CWR 5.9)", side=side or None)
        wrecked_status(session, side or None, dict(named_values(check_marks, "check_marks", "NAME:N", number="count")))
        return session.finish()
