"""The tasks of bombardment_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

BOMBARDMENT_PARAMETERS = (
    Parameter("batteries", str, "the firing batteries, NAME,... (one or two adjacent hexes: 7.3)"),
    Parameter("target", str, "the unit bombarded: its name, or a hex (its top combat unit; 7.8: one unit)"),
    Parameter("modifiers", str, "the cohesion check modifiers that apply, LABEL:N,... (18)", ""),
)


def register(plugin):
    @plugin.procedure("bombardment", "7, 18, 21: one bombardment on the save: unlimbered batteries not in an enemy "
                                     "ZOC (7.2), 2-8 hexes with LFM line of sight (7.3, 7.5, 27; option "
                                     "partial_los_bombards), two adjacent hexes combining (7.3), half SP at 5-8 hexes "
                                     "(7.6), the Artillery table, the target unit's cohesion checks (7.8) and what "
                                     "they do written: D, the retreat when retreat= gives it, eliminations and "
                                     "commander casualties reported.",
                      *BOMBARDMENT_PARAMETERS,
                      Parameter("retreat", str, "the target's retreat when the checks make it retreat, HEX[,HEX] "
                                                "(10.1); without it the retreat is reported as still to do", ""),
                      example="lfm-demo.vsav batteries=\"Pegram's Battery\" target=1010",
                      quantities=("bombardment SP", "cohesion checks", "cohesion checks failed", "commander casualty",
                                  "disorganized", "eliminated", "retreat", "SP firing", "SP lost"))
    def bombardment_procedure(context, batteries, target, modifiers="", retreat=""):
        from ..bombardment_procedure import describe, fire, plan
        from ..combat_map import modifier_pairs, parse_path
        from ..session import start
        session = start(context, f"Bombardment of {target} (LFM 7)")
        p = plan(session, batteries, target)
        session.side = p.side
        mods = modifier_pairs(modifiers)
        t = describe(session.report.section(f"The bombardment of {p.target_unit.name} before rolling (7.2-7.8)"),
                     session, p, mods)
        fire(session, p, t, parse_path(session.army, retreat), mods)
        return session.finish()
