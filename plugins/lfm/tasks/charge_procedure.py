"""The tasks of charge_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

CHARGE_PARAMETERS = (
    Parameter("chargers", str, "the charging cavalry, NAME,... (one stack, adjacent to the target; a commander "
                               "named among them rides with the charge)"),
    Parameter("target", str, "the hex charged, as VASSAL names it (0910)"),
    Parameter("mp", int, "the quarter MP the chargers have left (the companion file counts quarter MP; default: "
                         "their whole allowance)", None),
    Parameter("used_road", bool, "the chargers used road movement this phase (3.1)", False),
    Parameter("started_stacked", bool, "the chargers began the movement phase stacked together (3.4)", True),
)


def register(plugin):
    @plugin.procedure("charge", "3, 14.1, 21: one cavalry charge on the save: the chargers' eligibility and MP "
                                "(3.1-3.4), the column by cohesion difference (3.9), the DRMs (3.10), the Charge table "
                                "roll, losses (8.10), the target's retreat even from NR terrain (3.6) judged and moved "
                                "when retreat= gives it, the chargers into a vacated hex (3.5), the chargers written "
                                "disorganized (3.11, 14.1), commander casualties (8.11, 21).",
                      *CHARGE_PARAMETERS,
                      Parameter("retreat", str, "the losing stack's retreat, HEX[,HEX] (10.1)", ""),
                      Parameter("losses", str, "the units the owners choose to lose, NAME,... (8.10)", ""),
                      example="lfm-charge.vsav chargers=\"12th Illinois Cavalry\" target=0611",
                      quantities=("commander casualty", "quarter MP to enter", "retreat", "SP lost"))
    def charge_procedure(context, chargers, target, mp=None, used_road=False, started_stacked=True, retreat="",
                         losses=""):
        from ..charge_procedure import charge, describe, plan
        from ..combat_map import parse_path
        from ..session import start
        session = start(context, f"Charge into {target} (LFM 3)")
        p = plan(session, chargers, target, mp)
        session.side = p.side
        cohesions = describe(session.report.section(f"The charge into {target} before rolling (3.1-3.10)"), session,
                             p, used_road, started_stacked)
        charge(session, p, cohesions, used_road, started_stacked, parse_path(session.army, retreat),
               [session.army.named(n) for n in name_list(losses)])
        return session.finish()
