"""The tasks of initiative.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

from ..scenarios import TURN, YEAR


def register(plugin):
    @plugin.procedure("initiative", "5: the initiative roll: the Confederate player rolls (the Union player once the "
                                    "Lost Dispatch is found); on 1-5 the roller chooses who moves first, on 6 his "
                                    "opponent.", TURN, YEAR,
                      example="litn-demo.vsav", quantities=("chooses the first player",))
    def run_initiative(context, turn=None, year=None):
        from ..initiative import initiative
        from ..session import start
        session = start(context, "Initiative (LIN 5)", None, turn, year)
        initiative(session)
        return session.finish()

    @plugin.procedure("lost-dispatch", "5.1: from turn 6 of the 1862 scenarios the Union rolls for the Lost "
                                       "Dispatch; 1-2 finds it, written to the game's LostDispatch property. No roll "
                                       "once it is found.",
                      Parameter("found", bool, "it is found already (default: the game's LostDispatch property)", None),
                      TURN, YEAR, example="litn-demo.vsav turn=6", quantities=("Lost Dispatch found",))
    def run_lost_dispatch(context, found=None, turn=None, year=None):
        from ..initiative import lost_dispatch
        from ..session import start
        session = start(context, "The Lost Dispatch (LIN 5.1)", "Union", turn, year, lost_dispatch=False)
        lost_dispatch(session, found)
        return session.finish()
