"""A cohesion check on a save (LFM 18, 16.5-16.6): `lfm.cohesion` rolls one unit's check with the
modifiers the player gives and reports whether it passed, failed, or (a shattered unit) eliminated
it, with the chance of failing before the roll. What a failure does depends on why the check was
made, so nothing is written."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("cohesion", "18, 16.6: one cohesion check: one die plus the modifiers given, above the unit's "
                                  "cohesion rating fails; a shattered unit that fails is eliminated. The chance of "
                                  "failing before the roll; nothing is written.",
                      Parameter("unit", str, "the unit checking, by name"),
                      Parameter("modifiers", str, "the modifiers that apply, LABEL:N,... (such as \"in a ZOI:1\")", ""),
                      example="lfm-demo.vsav unit=\"6th Wisconsin\" modifiers=\"in a ZOI:1\"",
                      quantities=("cohesion check failed", "eliminated"))
    def cohesion_procedure(context, unit, modifiers=""):
        from adjutant.procedures.report import Quantity
        from ..army import ArmyError
        from ..cohesion import cohesion_check, failure_chance
        from ..combat_map import modifier_pairs
        from ..session import start
        session = start(context, f"Cohesion check of {unit} (LFM 18)")
        u = session.army.named(unit)
        if not u.is_combat:
            raise ArmyError(f"{unit} is a {u.type}: only combat units have a cohesion rating (18)")
        session.side = u.side
        mods = modifier_pairs(modifiers)
        section = session.report.section(f"Cohesion check of {u.name} (18)")
        total = sum(v for _, v in mods)
        for label, value in mods:
            section.add(f"modifier {value:+d}: {label}", modifier=value)
        p = failure_chance(u.cohesion, total)
        section.add(f"{u.name}, cohesion {u.cohesion}" + (", shattered" if u.shattered else "") +
                    f": fails on a modified roll above {u.cohesion}: {p.numerator}/{p.denominator} ({float(p):.0%}) "
                    f"before rolling", chance=p)
        check = cohesion_check(u.name, u.cohesion, session.roll, modifiers=mods, shattered=u.shattered)
        section.add(f"d6 {check.roll} {total:+d} = {check.modified}: {check.clause}", roll=check.roll,
                    failed=check.failed, eliminated=check.eliminated,
                    quantity=[Quantity("cohesion check failed", int(check.failed), of=u.name)]
                    + ([Quantity("eliminated", int(check.eliminated), of=u.name)] if u.shattered else []))

        return session.finish()
