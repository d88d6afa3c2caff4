"""One combat on a save (LFM 8, 10, 13, 16.1-16.2, 21, 24.2-24.4): `lfm.combat` checks who attacks
(8.1-8.2: every enemy unit in a friendly ZOC must be attacked; the attacks still missing are
reported), takes each attacking hex whole (8.5), reads flanking (8.7), the odds and every DRM
(8.8-8.9), rolls the CRT, applies the result (losses 8.10, D 14.1, the loser's retreat judged and
moved when retreat= gives it), rolls commander casualties (8.11, 21) and says whether another round
is due (13). At night there is no combat (23.2): it is refused."""
from adjutant.plugin import name_list
from dataclasses import dataclass

from adjutant.procedures.report import Quantity

from . import combat as rules
from .apply_result import apply_side
from .army import ArmyError, enemy_of
from .combat_map import alone_commanders, cannot_attack, casualties, contacts, elevation_favours, require_combat_hex, stack


class CombatRefused(ValueError):
    """The rules refuse the combat (or `what` else of the combat phase) as given: every reason with its
    clause."""

    def __init__(self, problems, what="the combat"):
        self.problems = tuple(problems)
        super().__init__(f"{what} is refused: " + "; ".join(f"{c}: {t}" for c, t in self.problems))


def chance(p):
    return f"{p.numerator}/{p.denominator} ({float(p):.0%})"


@dataclass
class Plan:
    side: str                    # the attacker's
    targets: list                # the defending hexes
    attacking: list              # hex names
    combat: rules.Combat
    contacts: dict
    cannot_attack: dict
    missing: list                # (clause, text): enemy hexes in a friendly ZOC this combat leaves unattacked


def plan(session, target, attackers=""):
    """The combat against the `target` hexes (HEX[,HEX]: 8.5, a stack next to several enemy hexes
    attacks them in one combat) from `attackers` (hexes; by default every hex of the attacking side
    that has one of them in its ZOC). CombatRefused when the rules refuse it."""
    if session.night:
        raise CombatRefused([("23.2", "it is a night turn (the Night property): combat is not allowed")])
    army = session.army
    targets = name_list(target)
    if not targets:
        raise ArmyError("target=: name the defending hex, such as target=0910")
    for t in targets:
        require_combat_hex(army, t, "target")
    sides = {army.top(t).side for t in targets}
    if len(sides) > 1:
        raise ArmyError(f"the target hexes {', '.join(targets)} hold units of both sides")
    side = enemy_of(sides.pop())
    found = contacts(army, side)
    barred = cannot_attack(army, side)
    attacking = name_list(attackers) or [h for h, enemies in found.items() if set(targets) & set(enemies)
                                     and h not in barred]
    if not attacking:
        raise CombatRefused([("8.1", f"no {side} hex has {', '.join(targets)} in its ZOC")])
    for h in attacking:
        require_combat_hex(army, h, "attacking hex")
        if army.top(h).side != side:
            raise ArmyError(f"attacking hex {h} holds {army.top(h).side} units: the attackers are {side}")
    problems = rules.check_attacks(found, [(set(attacking), set(targets))], barred)
    refusals = [p for p in problems if "is not attacked" not in p[1]]
    if refusals:
        raise CombatRefused(refusals)
    wall_side = {h: next((t for t in targets if army.adjacent(h, t)), targets[0]) for h in attacking}
    combat = rules.Combat(tuple(stack(army, h, across_from=wall_side[h]) for h in attacking),
                          tuple(stack(army, t) for t in targets), elevation_favours(army, attacking, targets))
    return Plan(side, targets, attacking, combat, found, barred, [p for p in problems if p not in refusals])


def who_attacks(section, p):
    for h, enemies in p.contacts.items():
        section.add(f"{h} has {', '.join(enemies)} in its ZOC (8.1)", hex=h, enemies=enemies)
    for h, (clause, why) in p.cannot_attack.items():
        section.add(f"{h} may not attack: {why} ({clause})")
    section.add(f"{' and '.join(p.attacking)} attack{'s' if len(p.attacking) == 1 else ''} {' and '.join(p.targets)}, each hex with "
                f"all its units: a stack does not split its SP (8.5, 4.4)", attacking=p.attacking)
    for clause, text in p.missing:
        section.add(f"still to attack in this round: {text} ({clause})", missing=True)
    if not p.missing:
        section.add("every enemy unit in a friendly ZOC is attacked by this combat (8.1-8.2)")


def describe(section, session, p):
    """Strength, odds, flanking and every DRM; the chance of each CRT result before rolling."""
    charts, army = session.charts, session.army
    c = p.combat
    strengths = {s.hex: rules.hex_strength(s, charts) for s in (*c.attackers, *c.defenders)}
    for s in (*c.attackers, *c.defenders):
        hs = strengths[s.hex]
        extra = f", {hs.left_out} SP not counted but bound by the result (4.1-4.2, 8.4)" if hs.left_out else ""
        section.add(f"{s.hex}: {hs.infantry_cavalry} infantry/cavalry SP + {hs.artillery} artillery SP = {hs.total} "
                    f"(8.3){extra}", hex=s.hex, sp=hs.total, quantity=Quantity("combat SP", hs.total, of=s.hex))
    attack = sum(strengths[s.hex].total for s in c.attackers)
    defence = sum(strengths[s.hex].total for s in c.defenders)
    o = rules.odds(attack, defence, charts)
    section.add(f"odds {attack}:{defence} read as {o.odds}: CRT column {o.crt_column} (8.8)", odds=o.odds,
                column=o.crt_column)
    flank = rules.flanked(p.attacking, army.adjacent)
    section.add(f"{'+'.join(p.targets)} {'is' if len(p.targets) == 1 else 'are'} {'flanked' if flank else 'not flanked'}: attacked from {len(p.attacking)} "
                f"hex{'es' if len(p.attacking) != 1 else ''}" +
                (", not adjacent to each other" if len(p.attacking) == 2 and flank else "") + " (8.7)", flank=flank)
    levels = ", ".join(f"{h} level {army.elevation(h)}" for h in (*p.attacking, *p.targets))
    section.add(f"elevation: {levels}: " + (f"favourable to the {c.elevation}" if c.elevation else "no side higher")
                + " (8.9)", elevation=c.elevation)
    mods = rules.modifiers(c.attackers, c.defenders, charts, flank=flank, elevation=c.elevation)
    for label, value, clause in mods:
        section.add(f"DRM {value:+d}: {label} ({clause})", drm=value, clause=clause)
    drm = sum(v for _, v, _ in mods)
    section.add(f"net DRM {drm:+d} (8.9: the attacker's and defender's together)", net_drm=drm)
    for cell, q in sorted(rules.chances(charts, o.crt_column, drm).items(), key=lambda kv: -kv[1]):
        section.add(f"{cell}: {chance(q)}", result=cell, chance=q)
    return drm


def cohesion_used(session, hex_name):
    """The cohesion rating a hex fights with: its top combat unit's (the rules name no other)."""
    return session.army.top(hex_name).cohesion


def fight(session, p, retreat_path=(), lost=()):
    """Rolls the combat and applies it; the section."""
    army = session.army
    section = session.report.section(f"The {p.side} attack on {'+'.join(p.targets)} (8.8-8.11)")
    result = rules.resolve(p.combat, session.charts, session.roll, army.adjacent)
    section.add(f"d6 {result.roll} {result.drm:+d} = {result.roll + result.drm} on column {result.odds.crt_column}: "
                f"{result.cell}", roll=result.roll, result=result.cell)
    r = result.result
    loser = "defender" if (r.defender.retreat and not r.attacker.retreat) else "attacker" if r.attacker.retreat else ""
    defender_lost = apply_side(session, section, "defender", r.defender, p.targets,
                               cohesion_used(session, p.targets[0]), lost,
                               path=retreat_path if loser == "defender" else (), enemy_hexes=p.attacking)
    apply_side(session, section, "attacker", r.attacker, p.attacking, cohesion_used(session, p.attacking[0]), lost,
               at_least_sp=defender_lost, path=retreat_path if loser == "attacker" else (), enemy_hexes=p.targets)
    if not (r.attacker.adverse or r.defender.adverse):
        section.add("no retreat or elimination: no commander casualty roll (8.11)")
    casualties(section, result.casualties, [s for stacks, hurt in ((p.combat.attackers, r.attacker.adverse),
                                                                   (p.combat.defenders, r.defender.adverse))
                                            if not hurt for s in stacks])
    alone_commanders(army, section, set(p.targets) | set(p.attacking))
    return section


def next_round(session, p, section):
    """13: another round while a hex that may attack still has an enemy hex in its ZOC; an enemy hex
    this combat did not attack is still owed an attack in this round (8.1), and only when the
    round's combats are done does its contact make another round due."""
    barred = cannot_attack(session.army, p.side)
    found = {h: e for h, e in contacts(session.army, p.side).items() if h not in barred}
    owed = {h: [e for e in enemies if e not in p.targets] for h, enemies in found.items()}
    again = {h: [e for e in enemies if e in p.targets] for h, enemies in found.items()}
    owed, again = ({h: e for h, e in d.items() if e} for d in (owed, again))

    def where(d):
        return "; ".join(f"{h}: {', '.join(e)}" for h, e in d.items())
    if owed:
        section.add(f"enemy units in a friendly ZOC remain to be attacked in this round (8.1): {where(owed)}; another "
                    f"round is due only if enemy units are still in a friendly ZOC when this round's combats, "
                    f"retreats and advances are done (13)", to_attack=sorted({e for es in owed.values() for e in es}))
    if again:
        section.add(f"another round of combat is due after this round's other combats, retreats and advances "
                    f"(13): {where(again)}", another_round=True)
    elif not owed:
        section.add("no enemy unit is left in a friendly ZOC: no further round (13)", another_round=False)
