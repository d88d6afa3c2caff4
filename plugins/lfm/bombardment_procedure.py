"""Artillery bombardment on a save (LFM 7, 18, 16.5-16.6, 21): `lfm.bombardment` reads each battery's
mode, enemy ZOC, range and LFM line of sight (27) to the target hex, combines two adjacent hexes,
halves the long-range SP (7.6), rolls the Artillery table and the target unit's cohesion checks
(7.8), and writes what they do: D, the retreat (judged and moved when retreat= gives it),
eliminated units and commander casualties reported."""
from adjutant.plugin import name_list
from dataclasses import dataclass

from adjutant.procedures.report import Quantity

from . import bombardment as rules
from .army import ArmyError
from .combat_map import casualties, disorganize, eliminate, retreat, stack
from .combat import commander_casualties


class BombardmentRefused(ValueError):
    """The rules refuse the bombardment: every reason with its clause."""


def chance(p):
    return f"{p.numerator}/{p.denominator} ({float(p):.0%})"


@dataclass
class Plan:
    side: str
    target_unit: object          # the Army's unit
    batteries: list              # bombardment.Battery
    lines: list                  # (battery name, its hex, sight result)
    strength: rules.Strength
    hexes_adjacent: bool


def target_unit(army, target):
    """The one unit bombarded (7.8): a unit's name, or a hex (its top combat unit)."""
    if target in army.hexes:
        unit = army.top(target)
        if unit is None:
            raise ArmyError(f"target hex {target} holds no combat unit")
        return unit
    unit = army.named(target)
    if not unit.is_combat or not unit.hex:
        raise ArmyError(f"target {target} is not a combat unit on the map")
    return unit


def plan(session, batteries, target):
    army = session.army
    unit = target_unit(army, target)
    firing = [army.named(n) for n in name_list(batteries)]
    if not firing:
        raise ArmyError("batteries=: name the firing batteries, such as batteries=\"Pegram's Battery\"")
    side = firing[0].side
    friendly = sorted({u.hex for u in army.of(side)})
    out, lines = [], []
    for b in firing:
        if not b.is_artillery or not b.hex:
            raise ArmyError(f"{b.name} is not a battery on the map")
        if b.side != side or b.side == unit.side:
            raise ArmyError(f"{b.name} ({b.side}): the batteries are one side's, firing at the other's {unit.name}")
        sight = army.sight.between(b.hex, unit.hex, friendly=[h for h in friendly if h not in (b.hex, unit.hex)])
        lines.append((b.name, b.hex, sight))
        out.append(rules.Battery(b.name, b.hex, b.sp, army.distance(b.hex, unit.hex), sight.sight, b.mode or "limbered",
                                 army.in_zone(b)))
    hexes = sorted({b.hex for b in out})
    adjacent = len(hexes) == 2 and army.adjacent(*hexes)
    return Plan(side, unit, out, lines, rules.strength(out, session.charts, hexes_adjacent=adjacent), adjacent)


def describe(section, session, p, modifiers=()):
    """Each battery's range, LOS and SP, the strength; the chance of each outcome before rolling."""
    for (name, hex_name, sight), b in zip(p.lines, p.batteries):
        how = f"{sight.clear_paths} of {sight.paths} shortest paths clear" if sight.paths else "adjacent"
        section.add(f"{name} in {hex_name}: {b.range} hexes, line of sight {sight.sight} ({how}; 27)"
                    + (f": {sight.clause}" if sight.clause else ""), battery=name, range=b.range, sight=sight.sight)
    for name, sp, kind in p.strength.firing:
        section.add(f"{name} fires {sp} SP at {'full' if kind == 'full' else 'half'} strength (7.6)", battery=name,
                    sp=sp, quantity=Quantity("SP firing", sp, of=name))
    for name, clause, why in p.strength.refused:
        section.add(f"{name} may not fire: {why} ({clause})", battery=name, refused=clause)
    for clause, why in p.strength.problems:
        section.add(f"{why} ({clause})", refused=clause)
    s = p.strength
    if not s.legal:
        raise BombardmentRefused(f"the bombardment of {p.target_unit.name} is refused: " + "; ".join(
            [f"{c}: {t}" for c, t in s.problems] + [f"{n}: {c}: {t}" for n, c, t in s.refused]
            + ([] if s.firing else ["7.2: no battery may fire"])))
    section.add(f"{s.full_sp} SP at 2-4 hexes + {s.half_sp} SP (5-8 hexes, summed then halved rounded up) = "
                f"{s.strength} SP on the Artillery table (7.6)", strength=s.strength,
                quantity=Quantity("bombardment SP", s.strength, of=p.target_unit.name))
    u = p.target_unit
    target = rules.Target(u.name, u.cohesion, u.disorganized, u.shattered)
    checks = rules.table_chances(session.charts, s.strength)
    section.add("cohesion checks: " + ", ".join(f"{n}: {chance(q)}" for n, q in sorted(checks.items())) + " (7.8)")
    total = sum(v for _, v in modifiers)
    outcomes = rules.outcome_chances(checks, target, total)
    state = "already D" if u.counts_disorganized else "in good order"
    section.add(f"{u.name} (cohesion {u.cohesion}, {state}): " +
                ", ".join(f"{o} {chance(q)}" for o, q in outcomes.items()) + " (7.8, 18)")
    return target


def outcome_quantities(name, fired):
    """What the Artillery table and the checks decided for the target unit: the checks the table
    gives, those failed, and the one outcome of 7.8 the failures reach (disorganized, retreat or
    eliminated, each 1 or 0; none of them 1 when it passed every check), and SP lost 0, to which an
    elimination adds the unit's SP."""
    failed = sum(1 for c in fired.effect.checks if c.failed)
    return ([Quantity("cohesion checks", fired.checks, of=name), Quantity("cohesion checks failed", failed, of=name)]
            + [Quantity(o, int(fired.effect.outcome == o), of=name) for o in rules.OUTCOMES if o != "none"]
            + [Quantity("SP lost", 0, of=name)])


def fire(session, p, target, retreat_path=(), modifiers=()):
    army, u = session.army, p.target_unit
    section = session.report.section(f"The {p.side} bombardment of {u.name} in {u.hex} (7.6-7.8)")
    fired = rules.bombard(p.batteries, target, session.charts, session.roll, hexes_adjacent=p.hexes_adjacent,
                          modifiers=modifiers)
    section.add(f"{session.charts.rule('bombardment', 'dice')} {fired.roll} on column {fired.column}: "
                f"{fired.checks} cohesion check{'s' * (fired.checks != 1)} (7.8)", roll=fired.roll, checks=fired.checks,
                quantity=outcome_quantities(u.name, fired))
    for clause, text in fired.effect.steps:
        section.add(text if text.startswith(("18", "16")) else f"{text} ({clause})", clause=clause)
    outcome = fired.effect.outcome
    hit = stack(army, u.hex)
    if outcome == "none":
        section.add(f"{u.name}: no effect")
        casualties(section, [], [hit])
        return section
    stacked = [x for x in army.in_hex(u.hex) if x.is_combat and x.sp > 0 and x is not u]
    if outcome == "eliminated":
        eliminate(session, section, u, "7.8")
    if outcome == "retreat":
        enemy = sorted({b.hex for b in p.batteries})   # 10.2: the battery is the enemy unit retreated from
        retreat(session, section, [u], list(retreat_path), enemy, bombarded=True)
    disorganize(session, section, ([u] if outcome != "eliminated" else []) + stacked, "7.8, 14.1-14.2")
    if fired.effect.adverse:
        casualties(section, [(hit.hex, *c) for c in commander_casualties(hit, session.roll)])
    else:
        casualties(section, [], [hit])
    return section
