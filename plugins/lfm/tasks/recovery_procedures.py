"""The tasks of recovery_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from ..army import SIDES

SIDE = Parameter("side", str, "the side whose phase it is", choices=SIDES)


def register(plugin):
    @plugin.procedure("shatter", "15.1-15.3: each brigade of the side with half or more of its total SP lost is "
                                 "shattered, one restored to more than half recovers; the flag written on every "
                                 "regiment of the brigade (15.2). On a night turn: lfm.night.",
                      SIDE, Parameter("totals", str, "the total strengths noted at night (15.4), BRIGADE:N,...; "
                                                     "default the printed SP of its regiments", ""),
                      example="lfm-demo.vsav side=Confederate", quantities=("SP lost",))
    def shatter_procedure(context, side, totals=""):
        from ..recovery_procedures import determine_shatter, noted_totals
        from ..session import start
        session = start(context, f"{side} shattered brigades (LFM 15)", side=side, one_side="lfm.shatter")
        determine_shatter(session, side, noted_totals(totals))
        return session.finish()

    @plugin.procedure("recovery", "17b: each disorganized stack of the side rolls d6 against its lowest cohesion "
                                  "or a commander's CV (the army commander stacked or adjacent, a corps or division "
                                  "commander of its chain within 3 hexes Union, 5 Confederate), D removed on "
                                  "success; 17a: routed units named returned by their commanders.",
                      SIDE, Parameter("use", str, "HEX:NAME,...: the unit or commander a stack rolls against "
                                                  "(default the highest rating offered)", ""),
                      Parameter("routed", str, "the eliminated units in the routed pool to try, NAME,... (17a)", ""),
                      Parameter("moved", str, "the commanders that moved this turn, NAME,... (17a.1)", ""),
                      Parameter("place", str, "UNIT:HEX,...: where a recovered unit is placed (default the first "
                                              "hex allowed)", ""),
                      example="lfm-demo.vsav side=Union", quantities=("D removed", "recovered"))
    def recovery_procedure(context, side, use="", routed="", moved="", place=""):
        from ..recovery_procedures import pairs, rally, recover
        from ..session import start
        session = start(context, f"{side} recovery (LFM 17)", side=side, one_side="lfm.recovery")
        rally(session, side, pairs(use, "use="))
        recover(session, side, name_list(routed), set(name_list(moved)), pairs(place, "place="))
        return session.finish()
