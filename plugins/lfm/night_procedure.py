"""Night turns on a save (23): what night changes; at the start of the first night turn every D and
shatter flag of the side cleared and the brigades' new totals reported (23.4, 15.4); at the end of
the last one the routed pool named sent to the cemetery and brigades with no regiment on the map
destroyed (23.7), reported for the player to do (the plugin cannot delete pieces)."""
from adjutant.procedures.report import Quantity

from . import night
from .army import ArmyError
from .recovery_procedures import brigades, write_flag


def rules(session):
    section = session.report.section("What holds during a night turn (23)")
    for what, allowed, clause in night.NIGHT_RULES:
        section.add(clause, rule=what, allowed=allowed)


def night_start(session, side, totals):
    army = session.army
    section = session.report.section(f"{side} at the start of the first night turn (23.4)")
    found = brigades(army, side, totals)
    strengths = [night.BrigadeStrength(n, total, sp, any(u.shattered for u in members))
                 for n, (members, sp, total) in found.items()]
    mine = [u for u in army.units + army.off_map if u.side == side]
    disorganized = [u for u in mine if u.disorganized]
    r = night.start_of_night(session.charts, tuple(u.name for u in disorganized), strengths)
    for clause in r.clauses:
        section.add(clause)
    write_flag(session, disorganized, "disorganized", False, section)
    shattered = [u for u in mine if u.shattered]
    write_flag(session, shattered, "shattered", False, section)
    section.add(f"D removed from {', '.join(r.d_removed) or 'no unit'}; shatter removed from "
                f"{', '.join(u.name for u in shattered) or 'no unit'}", d_removed=list(r.d_removed),
                shatter_removed=[u.name for u in shattered])
    for name, total in r.totals.items():
        section.add(f"{name}: total strength {total} from now on (note it: totals={name}:{total} for lfm.shatter)",
                    brigade=name, total=total, quantity=Quantity("total SP", total, of=name))


def night_end(session, side, routed):
    army = session.army
    section = session.report.section(f"{side} at the end of the last night turn (23.7)")
    pool = []
    for name in routed:
        unit = army.named(name)
        if unit.hex or unit.side != side:
            raise ArmyError(f"{name} is not a {side} unit off the map (the routed pool)")
        pool.append((unit.name, unit.brigade))
    counts = {}
    for unit in army.of(side):
        if unit.is_regiment and unit.brigade:
            counts[unit.brigade] = counts.get(unit.brigade, 0) + 1
    for c in army.commanders(side, "brigade"):
        counts.setdefault(c.brigade, 0)
    r = night.end_of_night(tuple(pool), counts)
    if not routed:
        section.add("no routed unit named: the save holds no routed pool the plugin reads (the demo module has "
                    "none); give routed=NAME,... to list the units that go to the cemetery")
    for clause in r.clauses:
        section.add(clause)
    if r.cemetery:
        section.add(f"move {', '.join(r.cemetery)} from the routed pool to the cemetery (to do by hand: the plugin "
                    f"cannot delete pieces)", cemetery=list(r.cemetery))
    for brigade in r.destroyed:
        commander = army.commander_of(brigade, "brigade", side)
        section.add(f"{brigade} destroyed: remove " + (commander.name if commander else "its commander") +
                    " from play (to do by hand)", destroyed=brigade)
