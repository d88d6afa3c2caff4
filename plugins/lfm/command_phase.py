"""The Initiative Phase (Sequence of Play 1) and Command Determination (20.4-20.13, 22.3) of a
save: the side's commanders and units on the map as the pure modules take them (command.Commander,
command.Unit), the acting army commander (acting_commander), the rolls, each verdict reported with
its clause, and each unit's command state written back (in | out)."""
from adjutant.procedures.report import Quantity

from .acting_commander import acting_army_commander
from .army import SIDES, ArmyError, enemy_of
from .command import Commander, Unit, determine_command
from .command_distances import CommandDistances
from .initiative import Contender, determine_initiative

OPTIONS = ("command_distance", "command_trace_end", "command_division_range", "command_artillery_range",
           "command_acting_formation", "command_relief_range", "command_own_initiative")


def _shattered_brigades(army, side, division):
    """20.4 step 3 case 2: the division's brigades that are shattered (15.2: all their regiments with them)."""
    return len({u.brigade for u in army.of(side) if u.is_regiment and u.division == division and u.brigade
                and u.shattered})


def commanders_of(army, side):
    """The side's commanders on the map as command.Commander."""
    found = []
    for c in army.commanders(side):
        levels = {"army": (), "corps": ("corps",), "division": ("corps", "division"),
                  "brigade": ("corps", "division", "brigade")}.get(c.rank)
        if levels is None:
            raise ArmyError(f"commander {c.name!r} has rank {c.rank!r}, not army, corps, division or brigade")
        shattered = _shattered_brigades(army, side, c.division) if c.rank == "division" else 0
        found.append(Commander(c.name, c.rank, c.hex, c.cv, shattered_brigades=shattered,
                               **{level: getattr(c, level) for level in levels}))
    return found


def units_of(army, side):
    """The side's regiments and batteries on the map as command.Unit."""
    return [Unit(u.name, u.type, u.hex, u.corps, u.division, u.brigade, u.detached)
            for u in army.of(side) if u.is_combat]


def enemy_distances(army, side):
    """{commander: hexes to the nearest enemy combat unit} (20.13, the first turn)."""
    enemy = [u.hex for u in army.of(enemy_of(side)) if u.is_combat]
    return {c.name: min(army.distance(c.hex, h) for h in enemy) for c in army.commanders(side) if enemy}


def acting_commander(session, side, previous, distances):
    """20.13: who acts as army commander for `side` this turn (an acting_commander.Acting);
    `previous`: who acted last turn ("" on the first turn)."""
    commanders = commanders_of(session.army, side)
    if not commanders:
        raise ArmyError(f"no {side} commander is on the map: no one can act as army commander (20.13)")
    return acting_army_commander(commanders, previous or None, distances, session.charts,
                                 enemy_distances(session.army, side))


def initiative(session, previous):
    """Sequence of Play 1: each side's (acting) army commander, both rolls, the side with the
    initiative. `previous`: {side: who acted as army commander last turn}."""
    section = session.report.section("Army commanders and rolls (Sequence of Play 1, 20.13)")
    contenders = []
    for side in SIDES:
        acting = acting_commander(session, side, previous.get(side, ""), CommandDistances(session.army, side))
        commander = session.army.named(acting.name)
        section.add(f"{side}: {acting.text}", side=side, commander=acting.name, cv=commander.cv, clause=acting.clause)
        contenders.append(Contender(side, acting.name, commander.cv))
    result = determine_initiative(*contenders, session.roll)
    for text in result.lines[:-1]:
        section.add(text)
    section.add(result.lines[-1], winner=result.winner, rounds=len(result.rounds), clause=result.clause,
                quantity=[Quantity("has the initiative", int(c.side == result.winner), of=c.side)
                          for c in result.contenders])

    return result


def command(session, side, previous):
    """20.4-20.13, 22.3: `side`'s command this turn, reported and written to the save. Returns
    (acting, result, distances) for the picture."""
    army = session.army
    distances = CommandDistances(army, side)
    acting = acting_commander(session, side, previous, distances)
    section = session.report.section(f"{side} acting army commander (20.13)")
    section.add(acting.text, commander=acting.name, relieved=list(acting.relieved), clause=acting.clause)
    result = determine_command(acting.name, commanders_of(army, side), units_of(army, side), distances,
                               session.roll, session.charts)
    rolls = session.report.section(f"{side} command rolls (20.4)")
    for step in result.steps:
        rolls.add(step.text, commander=step.commander, die=step.die, modified=step.modified, cv=step.cv,
                  passed=step.passed, clause=step.clause)
    if not result.steps:
        rolls.add("no command roll was made")
    states = session.report.section(f"{side} command (20.4-20.11, 22.3)")
    unwritten = []
    for status in result.statuses:
        unit = army.named(status.name)
        where = f"{unit.name} ({unit.rank + ' commander' if unit.is_commander else unit.type}, {unit.hex})"
        states.add(f"{where}: {'in' if status.in_command else 'OUT of'} command: {status.why} ({status.clause})",
                   unit=unit.name, hex=unit.hex, in_command=status.in_command, clause=status.clause)
        if not army.write(unit, "command", "in" if status.in_command else "out"):
            unwritten.append(unit.name)
    out = [s.name for s in result.statuses if not s.in_command]
    states.add(f"{len(result.statuses) - len(out)} of {len(result.statuses)} in command"
               + (f"; out: {', '.join(out)}" if out else ""), in_command=len(result.statuses) - len(out), out=out,
               quantity=Quantity("in command", len(result.statuses) - len(out)))
    if unwritten:
        session.report.note(f"the companion file maps command to nothing writable: not written for "
                            f"{', '.join(unwritten)}")
    else:
        session.report.note("each one's command state written to the save (command = in | out)")
    session.report.note("options: " + ", ".join(f"{o} = {session.charts.option(o)!r}" for o in OPTIONS)
                        + " (docs/lfm.md)")
    return acting, result, distances
