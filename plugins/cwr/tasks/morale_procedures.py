"""The tasks of morale_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

from . import rally_procedure, recovery_procedures, retreat_procedure

HEX = Parameter("hex", str, "the hex of the stack (A10.10)")

MODIFIERS = Parameter("modifiers", str, "the Morale Table's modifiers, LABEL:N,LABEL:N (column shifts, + toward A)",
                      "")

LEADER = Parameter("leader", str, "the one leader in the hex whose rating - 1 shifts the check (default the best "
                                  "there)", "")


def register(plugin):
    @plugin.procedure("morale", "6.1-6.2: a hex's Morale Check (the top combat unit's rating, the modifiers, one "
                                "leader's rating - 1, d66; Blood Lust stacks on the Blood Lust table) or a result "
                                "given, combined with the hex's state (6.2b), its straggler losses and new state "
                                "written, the retreat reported ('*': 6.2a).",
                      HEX, Parameter("result", str, "a result to apply instead of rolling, e.g. DGB2L1", ""),
                      MODIFIERS, LEADER,
                      Parameter("stay", bool, "the stack ignores a '*' retreat where 6.2a allows it", False),
                      Parameter("protected", bool, "the stack is in a Sunken Road or Breastworks (6.2a)", False),
                      example='cwr-demo.vsav hex=A2.10 modifiers="flank fire:-2"',
                      quantities=("retreat hexes", "SP lost"))
    def morale_procedure(context, hex, result="", modifiers="", leader="", stay=False, protected=False):
        from ..morale_procedures import check
        from ..session import start
        from ..stack_effects import parse_modifiers
        session = start(context, f"Morale of {hex} (CWR 6.1-6.2)")
        check(session, hex, result, parse_modifiers(modifiers), leader, stay, protected)
        return session.finish()

    @plugin.procedure("morale-odds", "6.1-6.2b: the exact chance of each Morale Table (or Blood Lust table) result "
                                     "of a hex before rolling, and of the state it would be in after.",
                      HEX, MODIFIERS, LEADER, example='cwr-demo.vsav hex=A2.06 modifiers="flank fire:-2"')
    def morale_odds_procedure(context, hex, modifiers="", leader=""):
        from ..morale_procedures import odds
        from ..session import start
        from ..stack_effects import parse_modifiers
        session = start(context, f"Morale odds of {hex} (CWR 6.1-6.2)")
        odds(session, hex, parse_modifiers(modifiers), leader)
        return session.finish()

    retreat_procedure.register(plugin)
    rally_procedure.register(plugin)
    recovery_procedures.register(plugin)
