"""The tasks of ammo_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("ammo", "Optional II Confederate ammunition. action=expend: the unit's D (-2), F and E (-1) "
                              "results, none in Caroline, Culpepper, Madison, Orange or Spotsylvania county, never "
                              "below 0, written. action=replenish: a captured depot's ammunition (Harper's Ferry 12, "
                              "Alexandria 15, Baltimore 15, any other 6) to units within 10 hexes, or an ammunition "
                              "train's 8 anywhere, never above the unit's start (12 infantry, 9 cavalry), written; "
                              "refused (exit 2) to a unit north of the Potomac while the Union occupies Winchester and "
                              "Culpepper, or Harper's Ferry, or Williamsport, Falling Waters, Sharpsburg and Naval "
                              "Battery, and to a unit surrounded by enemy ZOC: the ammunition resupply check. "
                              "action=status: each Confederate unit's ammunition and the effects of being out.",
                      Parameter("action", str, "what to do", "status", choices=("expend", "replenish", "status")),
                      Parameter("unit", str, "action=expend: the Confederate unit that received the results", ""),
                      Parameter("results", str, "action=expend: its combat results, D,F,E,...", ""),
                      Parameter("depot", str, "action=replenish: the captured depot (a [[map.place]] kind depot)", ""),
                      Parameter("train", bool, "action=replenish: an ammunition train arrived", False),
                      Parameter("grants", str, "action=replenish: UNIT:N,... the ammunition each unit receives, in "
                                               "order", ""),
                      example="r2a-demo.vsav action=replenish train=yes grants=\"D.R. Jones's Division:5,Hood's "
                              "Division:3\"", quantities=("ammunition", "ammunition given"))
    def ammo_procedure(context, action="status", unit="", results="", depot="", train=False, grants=""):
        from ..ammo_procedures import expend, parse_grants, replenish, status
        from ..army import ArmyError
        from ..session import start
        session = start(context, f"Confederate ammunition: {action} (R2A Optional II)")
        if action == "expend":
            if not unit:
                raise ArmyError("action=expend needs unit=NAME")
            expend(session, unit, [r.strip() for r in results.split(",") if r.strip()])
        elif action == "replenish":
            replenish(session, depot.strip(), train, parse_grants(grants))
        else:
            status(session)
        return session.finish()
