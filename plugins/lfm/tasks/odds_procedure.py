"""The exact odds of a bombardment, a combat or a charge before rolling (`lfm.odds`): the same
checks and facts as lfm.bombardment, lfm.combat and lfm.charge, and the chance of each result;
nothing is rolled or written."""
from adjutant.plugin import Parameter

KINDS = ("bombardment", "combat", "charge")


def register(plugin):
    @plugin.procedure("odds", "7, 8, 3: the exact chance of each result of a bombardment (cohesion checks and the "
                              "target's fate), a combat (each CRT result) or a charge (each Charge table result) "
                              "before rolling, with every strength, range, line of sight and DRM. Nothing is rolled "
                              "or written.",
                      Parameter("kind", str, "bombardment, combat or charge", choices=KINDS),
                      Parameter("target", str, "the unit or hex bombarded; the defending hex(es) or the hex charged"),
                      Parameter("batteries", str, "bombardment: the firing batteries, NAME,...", ""),
                      Parameter("modifiers", str, "bombardment: the cohesion check modifiers, LABEL:N,...", ""),
                      Parameter("attackers", str, "combat: the attacking hexes, HEX,... (default: every hex with the "
                                                  "target in its ZOC)", ""),
                      Parameter("chargers", str, "charge: the charging cavalry, NAME,...", ""),
                      Parameter("mp", int, "charge: the quarter MP the chargers have left (default their allowance)", None),
                      Parameter("used_road", bool, "charge: the chargers used road movement (3.1)", False),
                      Parameter("started_stacked", bool, "charge: the chargers began the phase stacked (3.4)", True),
                      example="lfm-combat.vsav kind=combat target=0910", quantities=("combat SP",))
    def odds_procedure(context, kind, target, batteries="", modifiers="", attackers="", chargers="", mp=None,
                       used_road=False, started_stacked=True):
        from .. import bombardment_procedure, charge_procedure, combat_procedure
        from ..combat_map import modifier_pairs
        from ..session import start
        session = start(context, f"Odds of the {kind} against {target} (LFM)")
        if kind == "bombardment":
            p = bombardment_procedure.plan(session, batteries, target)
            section = session.report.section(f"The bombardment of {p.target_unit.name} before rolling (7.2-7.8)")
            bombardment_procedure.describe(section, session, p, modifier_pairs(modifiers))
        elif kind == "combat":
            p = combat_procedure.plan(session, target, attackers)
            combat_procedure.who_attacks(session.report.section(f"Who attacks {target} (8.1-8.5)"), p)
            combat_procedure.describe(session.report.section(f"The odds against {target} before rolling (8.3-8.9)"),
                                      session, p)
        else:
            p = charge_procedure.plan(session, chargers, target, mp)
            charge_procedure.describe(session.report.section(f"The charge into {target} before rolling (3.1-3.10)"),
                                      session, p, used_road, started_stacked)
        session.side = p.side
        return session.finish()
