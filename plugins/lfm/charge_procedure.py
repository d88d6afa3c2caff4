"""A cavalry charge on a save (LFM 3, 14.1, 21): `lfm.charge` checks the chargers (mounted cavalry
stacked together, adjacent to the target, with the MP to enter it: 3.1-3.4), reads the Charge table
column from the cohesion ratings (3.9) and the DRMs from the map (3.10), rolls, applies the result
(a target that must retreat does so even from NR terrain: 3.6), moves the chargers into a vacated
hex (3.5) and writes them disorganized (3.11, 14.1). At night it is refused (23.2)."""
from adjutant.plugin import name_list
from dataclasses import dataclass
from fractions import Fraction

from adjutant.procedures.report import Quantity

from . import charge as rules
from .apply_result import apply_side
from .army import ArmyError
from .combat import commander_casualties, exposed_commanders
from .combat_map import alone_commanders, casualties, disorganize, require_combat_hex, stack


def chance(p):
    return f"{p.numerator}/{p.denominator} ({float(p):.0%})"


@dataclass
class Plan:
    side: str
    units: list                  # the Army's chargers
    source: str
    target: str
    approach: rules.Approach
    mp_left: dict
    chargers: object             # combat.Stack
    targets: object
    left_behind: object          # combat.Stack: the commanders of the chargers' hex not charging
    bystanders: tuple            # combat.Unit: the combat units of the chargers' hex not charging


def entry_cost(army, units, source, target):
    """3.3: the target hex's full cost with its hexside, from the movement engine (quarter MP in the
    demo's companion file), the target's units and the chargers set aside."""
    classes = sorted({u.attributes.get("class") or u.type for u in units})
    position = [p for p in army.position(units[0].side, movers=units) if p.hex != target]
    last = army.map.explain([source, target], classes, None, units=position).steps[-1]
    return Fraction(last["terrain"]) + Fraction(last["hexside"])


def plan(session, chargers, target, mp=None, used_road=False, started_stacked=True):
    if session.night:
        raise ValueError(f"the charge into {target} is refused: 23.2: it is a night turn (the Night property): "
                         "combat is not allowed and no unit may enter a ZOC")
    army = session.army
    require_combat_hex(army, target, "target")
    units = [army.named(n) for n in name_list(chargers)]
    if not units:
        raise ArmyError("chargers=: name the charging cavalry, such as chargers=\"12th Illinois Cavalry\"")
    where = {u.hex for u in units}
    if len(where) != 1 or "" in where:
        raise ArmyError("the chargers stand in one hex on the map (3.4: a charging stack): " +
                        ", ".join(f"{u.name} in {u.hex or 'no hex'}" for u in units))
    source = where.pop()
    side = units[0].side
    if any(u.side != side for u in units):
        raise ArmyError("the chargers are one side's: " + ", ".join(f"{u.name} ({u.side})" for u in units))
    if army.top(target).side == side:
        raise ArmyError(f"{target} holds no enemy unit: the chargers charge an enemy-occupied hex (3.1)")
    if not army.adjacent(source, target):
        raise ArmyError(f"{source} is not adjacent to {target}: move the chargers next to the hex they charge (3.1)")
    features = army.hexside(source, target)
    approach = rules.Approach(float(entry_cost(army, units, source, target)), "steep slope" in features,
                              army.breastworks(target), "stone wall" in features, "creek" in features,
                              army.terrain(target) in ("town", "woods"), army.terrain(target) == "town")
    left = {u.name: (mp if mp is not None else int(u.attributes.get("ma") or 0)) for u in units}
    own = stack(army, source)
    modes = {u.mode for u in own.combat_units if u.type == "cavalry"}
    if len(modes) > 1:
        raise ArmyError(f"{source} mixes mounted and dismounted cavalry: a stack cannot (4.3): " +
                        ", ".join(f"{u.name} {u.mode}" for u in own.combat_units if u.type == "cavalry"))
    named = {u.name for u in units}
    charging = type(own)(source, tuple(x for x in own.units if x.name in named))
    left_behind = type(own)(source, tuple(x for x in own.commanders if x.name not in named))
    bystanders = tuple(x for x in own.combat_units if x.name not in named)
    return Plan(side, units, source, target, approach, left, charging, stack(army, target), left_behind, bystanders)


def describe(section, session, p, used_road, started_stacked):
    problems = rules.check_charge(p.chargers, p.approach, p.mp_left, started_stacked=started_stacked,
                                  used_road=used_road)
    section.add(f"{p.target} costs {p.approach.entry_cost:g} quarter MP to enter from {p.source}, hexside included "
                "(3.3); quarter MP left: " + ", ".join(f"{n} {v:g}" for n, v in p.mp_left.items()),
                entry_cost=p.approach.entry_cost,
                quantity=Quantity("quarter MP to enter", p.approach.entry_cost, of=p.target))
    if problems:
        raise ValueError(f"the charge from {p.source} into {p.target} is refused: " +
                         "; ".join(f"{c}: {t}" for c, t in problems))
    section.add("the chargers may charge: mounted cavalry stacked together, no road movement, not shattered "
                "(3.1-3.4, 16.4); command is not needed (3.2)")
    best, theirs, diff = rules.column(p.chargers, p.targets)
    read_on = session.charts.file.lookup(rules.TABLE, 1, value=diff, modifiers=0).column_label
    section.add(f"the chargers' highest cohesion {best} - the target's highest {theirs} = {diff:+d} (3.9)" +
                ("" if read_on == str(diff) else f", read on the table's last column, {read_on}"), column=diff)
    whole_hex = session.charts.option("charge_result") == "hex"
    for u in p.bystanders:
        section.add(f"{u.name} in {p.source} is not charging: the column counts the chargers alone (3.9); "
                    + ("it shares their result (4.1; option charge_result = \"hex\")" if whole_hex else
                       "their result is not its (3.7; option charge_result = \"chargers\")"), unit=u.name)
    mods = rules.modifiers(p.chargers, p.targets, p.approach, session.charts)
    for label, value, clause in mods:
        section.add(f"DRM {value:+d}: {label} ({clause})", drm=value, clause=clause)
    drm = sum(v for _, v, _ in mods)
    section.add(f"net DRM {drm:+d} (3.10, cumulative)", net_drm=drm)
    for cell, q in sorted(rules.chances(session.charts, diff, drm).items(), key=lambda kv: -kv[1]):
        section.add(f"{cell}: {chance(q)}", result=cell, chance=q)
    return best, theirs


def charge(session, p, cohesions, used_road=False, started_stacked=True, retreat_path=(), lost=()):
    army = session.army
    section = session.report.section(f"The charge from {p.source} into {p.target} (3.5-3.11)")
    c = rules.resolve(p.chargers, p.targets, p.approach, session.charts, session.roll, p.mp_left,
                      started_stacked=started_stacked, used_road=used_road)
    section.add(f"{session.charts.rule('charge', 'dice')} {c.roll} {c.drm:+d} on column {c.column}: {c.cell}",
                roll=c.roll, result=c.cell)
    r = c.result
    whole_hex = session.charts.option("charge_result") == "hex"
    section.add("the chargers' result is their whole hex's (4.1, 21.1; option charge_result = \"hex\")" if whole_hex
                else "the chargers' result is theirs alone: the rest of their hex stays (3.7; option charge_result = "
                     "\"chargers\")", clause="4.1, 21.1" if whole_hex else "3.7")
    defender_lost = apply_side(session, section, "defender", r.defender, [p.target], cohesions[1], lost,
                               path=retreat_path if r.defender.retreat else (), enemy_hexes=[p.source],
                               charged_by_cavalry=True)
    apply_side(session, section, "attacker", r.attacker, [p.source], cohesions[0], lost, at_least_sp=defender_lost,
               path=retreat_path if r.attacker.retreat and not r.defender.retreat else (), enemy_hexes=[p.target],
               only=None if whole_hex else p.units)
    standing = lambda units: [u for u in units if u.hex and (u.is_commander or u.sp > 0)]
    chargers = standing(p.units)
    defenders_left = any(u.is_combat for u in standing(army.in_hex(p.target)) if u.side != p.side)
    for clause, text in c.steps:
        first = clause.split(",")[0]
        gone = (first == "3.6" and not defenders_left) or (first in ("3.7", "3.1") and not chargers)
        if first != "3.11" and not gone:
            section.add(f"{text} ({clause})", clause=clause)
    # 21.1: the commanders left in the chargers' hex share their result when it is the hex's.
    left_behind = p.left_behind if whole_hex else type(p.chargers)(p.source, ())
    found = list(c.casualties)
    if r.attacker.adverse:
        found += [(p.source, *x) for x in commander_casualties(left_behind, session.roll)]
    casualties(section, found, [s for s, hurt in ((p.chargers, r.attacker.adverse), (left_behind, r.attacker.adverse),
                                                  (p.targets, r.defender.adverse)) if not hurt])
    if not whole_hex:
        for commander in exposed_commanders(p.left_behind):
            section.add(f"{commander.name} in {p.source}: not among the chargers: no casualty roll (21.1; option "
                        f"charge_result = \"chargers\")", commander=commander.name, roll=None, casualty=False,
                        quantity=Quantity("commander casualty", 0, of=commander.name))
    held = any(u.is_combat and u.sp > 0 and u.side != p.side for u in army.in_hex(p.target))
    vacated = r.defender.eliminated or (r.defender.retreat and not held)
    if vacated and not r.attacker.retreat and chargers and all(u.hex == p.source for u in chargers):
        for u in chargers:
            army.move(u, p.target)
        section.add(f"{', '.join(u.name for u in chargers)} enter{'s' * (len(chargers) == 1)} the vacated {p.target} "
                    f"(3.5)", moved_to=p.target)
    disorganize(session, section, chargers, "3.11, 14.1")
    alone_commanders(army, section, {p.source, p.target} | {u.hex for u in chargers})
    return section
