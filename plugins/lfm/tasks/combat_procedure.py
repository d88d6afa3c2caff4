"""The tasks of combat_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

COMBAT_PARAMETERS = (
    Parameter("target", str, "the defending hex, as VASSAL names it (0910); HEX,HEX when a stack must attack "
                             "several enemy hexes at once (8.5)"),
    Parameter("attackers", str, "the attacking hexes, HEX,HEX (default: every hex of the attacking side with the "
                                "target in its ZOC)", ""),
)


def register(plugin):
    @plugin.procedure("combat", "8, 10, 13, 21: one combat on the save: the attacks every enemy unit in a friendly "
                                "ZOC still needs (8.1-8.2), whole stacks (8.5), 8 + 6 SP a hex (8.3), flanking "
                                "(8.7), the odds and every DRM (8.8-8.9), the CRT roll, losses (8.10), D (14.1), the "
                                "loser's retreat judged and moved when retreat= gives it (10), commander casualties "
                                "(8.11, 21) and whether another round is due (13).",
                      *COMBAT_PARAMETERS,
                      Parameter("retreat", str, "the losing stack's retreat, HEX[,HEX] (10.1); without it the retreat "
                                                "is reported as still to do", ""),
                      Parameter("losses", str, "the units the owners choose to lose, NAME,... (8.10; default: the "
                                               "first rated the cohesion used, then stack order)", ""),
                      example="lfm-combat.vsav target=0910",
                      quantities=("combat SP", "commander casualty", "retreat", "SP lost"))
    def combat_procedure(context, target, attackers="", retreat="", losses=""):
        from ..combat_map import parse_path
        from ..combat_procedure import describe, fight, next_round, plan, who_attacks
        from ..session import start
        session = start(context, f"Combat against {target} (LFM 8)")
        p = plan(session, target, attackers)
        session.side = p.side
        who_attacks(session.report.section(f"Who attacks {target} (8.1-8.5)"), p)
        describe(session.report.section(f"The odds against {target} before rolling (8.3-8.9)"), session, p)
        lost = [session.army.named(n) for n in name_list(losses)]
        section = fight(session, p, parse_path(session.army, retreat), lost)
        next_round(session, p, section)
        return session.finish()
