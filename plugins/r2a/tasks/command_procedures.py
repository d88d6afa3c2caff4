"""The tasks of command_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

from ..army import SIDES


def register(plugin):
    @plugin.procedure("panic", "2: the Union Panic total (demoralized Union manpower + Union manpower losses, "
                               "the global [globals] union_losses names + unsupplied Union divisions), each part "
                               "listed; on "
                               "a log, replayed step by step, the total after each step that changes it; Panic's onset "
                               "written (PanicDate, the total in UnionPanic) the first time it reaches 65; the -1 to "
                               "Union combat rolls; whether McClellan may replace Pope.",
                      example="r2a-panic.vlog",
                      quantities=("demoralized manpower", "manpower lost", "unsupplied divisions"))
    def panic_procedure(context):
        from ..command_procedures import run_panic
        from ..session import start
        session = start(context, "Union Panic (R2A 2)")
        run_panic(session, context.source)
        return session.finish()

    @plugin.procedure("takeover", "2: McClellan replaces Pope (take=yes) when Panic has occurred and the date is Aug "
                                  "27 or later, three days after the onset of Panic, or from Sep 2 (refused with the "
                                  "three conditions otherwise), TakeoverDate written; what the takeover's schedule "
                                  "imposes on the game's date (paralysis, the reorganization roll's bonus, the Panic "
                                  "modifier, all reorganized), or the whole schedule turn by turn (schedule=).",
                      Parameter("take", bool, "McClellan takes command on the game's date (writes TakeoverDate)",
                                False),
                      Parameter("schedule", str, "the schedule turn by turn from the takeover on this day (\"Aug "
                                                 "23\"), or yes: from TakeoverDate", ""),
                      example="panic.vlog schedule='Aug 23'")
    def takeover_procedure(context, take=False, schedule=""):
        from ..command_procedures import run_takeover
        from ..session import start
        session = start(context, "McClellan's takeover (R2A 2)")
        run_takeover(session, context.source, take, schedule.strip())
        return session.finish()

    @plugin.procedure("reorganization", "2: on each turn following McClellan's takeover, each Union corps leader not "
                                        "yet reorganized rolls d6 + his initiative, +2 in McClellan's hex (one corps a "
                                        "turn), -1 per demoralized or unsupplied division, -1 if any is disorganized, "
                                        "+ the schedule's bonus: higher than 10 reorganizes the corps (`reorganized` "
                                        "written on its leader); on the schedule's last turn every corps reorganizes.",
                      Parameter("mcclellan", str, "the corps (or its leader) given McClellan's +2 when several "
                                                  "corps leaders share his hex", ""),
                      example="takeover.vsav", quantities=("reorganized",))
    def reorganization_procedure(context, mcclellan=""):
        from ..command_procedures import UNION, run_reorganization
        from ..session import start
        session = start(context, "Union Army Reorganization (R2A 2)", side=UNION)
        run_reorganization(session, context.source, mcclellan.strip())
        return session.finish()

    @plugin.procedure("paralysis", "3: Command Paralysis: each corps of the side rolls d6 + its leader's initiative, "
                                   "+3 in the army commander's hex, +2 within his command radius, +1 within 12 hexes: "
                                   "higher than 10 exempts it. For the Union after McClellan's takeover, the corps the "
                                   "schedule paralyses (all on the turn of takeover, then the non-reorganized) roll as "
                                   "option takeover_paralysis_roll says; reorganized corps are not paralysed by it.",
                      Parameter("side", str, "the side struck", choices=SIDES),
                      Parameter("event", bool, "the Random Event's Command Paralysis struck the side (every corps "
                                               "rolls); no: only McClellan's takeover imposes it", True),
                      example="r2a-demo.vsav side=Union", quantities=("corps paralysed", "paralysed"))
    def paralysis_procedure(context, side, event=True):
        from ..command_procedures import run_paralysis
        from ..session import start
        session = start(context, f"{side} Command Paralysis (R2A 3)", side=side, one_side="r2a.paralysis")
        run_paralysis(session, context.source, side, event)
        return session.finish()
