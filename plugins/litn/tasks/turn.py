"""The tasks of turn.py declared: names, help, parameters; each imports its code when it runs."""
from pathlib import PurePath

from . import initial_phase, initiative, victory, wagons
from ..scenarios import SCENARIO, TURN, YEAR


def register(plugin):
    initiative.register(plugin)
    initial_phase.register(plugin)
    wagons.register(plugin)
    victory.register(plugin)

    @plugin.procedure("turn", "3.1: the sequence of play of the game's turn, year and scenario, phase by phase: the "
                              "procedure to run next (its command line) and what each player must decide. No rolls.",
                      SCENARIO, TURN, YEAR, example="litn-demo.vsav")
    def run_turn(context, scenario=None, turn=None, year=None):
        from ..scenarios import scenario_of
        from ..session import start
        from ..turn import walk
        session = start(context, "Sequence of play (LIN 3.1)", None, turn, year)
        walk(session, scenario_of(session, scenario), PurePath(context.source).name)
        return session.finish()
