"""The exact chance of each outcome of a roll before it is made (`r2a.odds`): a Union corps'
reorganization (2), a corps' paralysis roll (3), a rail attempt (4), a forage march (8). Each kind
is the odds function of the module whose procedure makes that roll, reading the save as that
procedure reads it. Nothing is rolled or written."""
from adjutant.plugin import Parameter

from ..army import SIDES
from .supply_procedures import HARPERS_FERRY_HELP

KINDS = ("reorganization", "paralysis", "rail", "forage")


def register(plugin):
    @plugin.procedure("odds", "2, 3, 4, 8: the exact chance of each outcome before rolling: a Union corps' "
                              "reorganization, a corps' paralysis roll, a unit's rail attempt, a unit's forage "
                              "march, with the inputs read from the save. Nothing is rolled or written.",
                      Parameter("kind", str, "reorganization, paralysis, rail or forage", choices=KINDS),
                      Parameter("side", str, "paralysis: the side whose corps roll (needed, as r2a.paralysis)", "",
                                SIDES),
                      Parameter("corps", str, "reorganization, paralysis: one corps (or its leader); default every "
                                              "corps of the side", ""),
                      Parameter("mcclellan", str, "reorganization: the corps (or its leader) given McClellan's +2 "
                                                  "(default the one corps in his hex)", ""),
                      Parameter("bonus", int, "reorganization: the roll's bonus (default the takeover schedule's on "
                                              "the save's date)", None),
                      Parameter("unit", str, "rail, forage: the unit", ""),
                      Parameter("union_holds_harpers_ferry", bool, "forage: " + HARPERS_FERRY_HELP,
                                None),
                      Parameter("modifier", int, "forage: the base game's die modifier", 0),
                      example="r2a-rail.vsav kind=rail \"unit=Couch's Division\"")
    def odds_procedure(context, kind, side="", corps="", mcclellan="", bonus=None, unit="",
                       union_holds_harpers_ferry=None, modifier=0):
        from .. import command_procedures, rail_procedure, supply_procedures
        from ..army import ArmyError
        from ..session import start
        if kind in ("rail", "forage") and not unit:
            raise ArmyError(f"kind={kind} needs unit=NAME")
        if kind == "paralysis" and not side:
            raise ArmyError("kind=paralysis needs side=Union or side=Confederate (the side whose corps roll, as "
                            "r2a.paralysis needs it)")
        session = start(context, f"Odds of the {kind} roll before rolling (R2A)",
                        side=side if kind == "paralysis" else None)
        if kind in ("reorganization", "paralysis"):
            command_procedures.odds(session, kind, side=side, corps=corps, mcclellan=mcclellan, bonus=bonus,
                                    source=context.source)
        elif kind == "rail":
            rail_procedure.odds(session, kind, unit)
        else:
            supply_procedures.odds(session, kind, unit, union_holds_harpers_ferry=union_holds_harpers_ferry,
                                   modifier=modifier)
        return session.finish()
