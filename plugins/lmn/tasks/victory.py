"""The tasks of victory.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("victory", "20.1-20.2: the turn's rail-line VP (Washington to a map edge but the south; "
                                 "north or east edge to the west edge), the objectives at the end, the totals and "
                                 "the level of victory.",
                      Parameter("union_vp", int, "the Union's VP so far (strength points lost by the enemy ...)", 0),
                      Parameter("confederate_vp", int, "the Confederates' VP so far", 0),
                      Parameter("final", bool, "the end of the game: the objectives count (20.1 B; default: the "
                                               "game's Turn is the last, option game_turns)", None),
                      Parameter("control", str, "who controls empty objective hexes, HEX:SIDE,... (default: the "
                                                "side that held them at the start)", ""),
                      Parameter("controlled_rail", str, "rail hexes the Confederates control by passage, HEX,HEX", ""),
                      example="lmn-demo.vsav final=true union_vp=12 confederate_vp=30", quantities=("VP",))
    def victory_procedure(context, union_vp=0, confederate_vp=0, final=None, control="", controlled_rail=""):
        from ..session import start
        from ..victory import victory
        session = start(context, "Victory (LMN 20)")
        victory(session, union_vp, confederate_vp, final, control, controlled_rail)
        return session.finish()
