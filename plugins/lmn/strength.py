"""Combat strengths and odds (11.4, 12.0-12.3, 14.0, 15.2): who attacks from where, each side's
total with leaders' bonuses and fortifications, the terrain of the hexsides attacked across, the
odds rounded down in the defender's favour."""
import math
from dataclasses import dataclass, field
from fractions import Fraction

from .army import enemy_of
from .supply import SideSupply, always_supplied


@dataclass
class Battle:
    defender_hex: str
    attacker: str                       # the attacking side
    attacking: dict                     # hex -> the units attacking from it
    defending: list                     # every unit in the defender's hex
    attack: Fraction = Fraction(0)
    defence: Fraction = Fraction(0)
    modifier: int = 0                   # to the attacker's roll (stream, pass)
    lines: list = field(default_factory=list)    # (text, data) of how each total was made
    excluded: list = field(default_factory=list)  # (unit, why) units that may not attack

    @property
    def defender(self):
        return enemy_of(self.attacker)

    @property
    def attackers(self):
        return [u for units in self.attacking.values() for u in units]

    @property
    def ratio(self):
        return self.attack / self.defence if self.defence else None

    def odds(self):
        """12.3 K: rounded off in favour of the defender: 26 against 9 is 2-1, 9 against 26 is 1-3."""
        if not self.defence:
            return "no defence"
        if self.attack >= self.defence:
            return f"{math.floor(self.attack / self.defence)}-1"
        return f"1-{math.ceil(self.defence / self.attack)}" if self.attack else "0"


def _n(x):
    return str(x) if isinstance(x, int) or x.denominator != 1 else str(x.numerator)


def _leader_bonus(charts, leaders, stack, attacking):
    """11.4: the bonus of the leaders stacked with the units, never more than their strength; a
    leader disrupted by a forced march adds none to an attack, but does to a defence or a
    counterattack (`attacking` False: 5.6, 1973 errata)."""
    usable = [l for l in leaders if not (attacking and l.disrupted)]
    if not usable or stack <= 0:
        return 0, usable
    bonuses = [l.bonus for l in usable]
    bonus = max(bonuses) if charts.option("leader_bonus_stack") == "best" else sum(bonuses)
    return min(bonus, stack), usable


def _strength(charts, unit):
    if unit.disrupted and charts.option("disruption") == "half":
        return Fraction(unit.strength, 2)
    return Fraction(unit.strength)


def battle(session, defender_hex, from_hexes=(), names=(), counterattack=False):
    """The Battle of an attack on `defender_hex` from `from_hexes` (default: every adjacent hex with
    enemy combat units), by the units `names` (default: every combat unit there)."""
    army = session.army
    army.require_hex(defender_hex)
    defending = army.in_hex(defender_hex)
    if not defending:
        raise ValueError(f"no unit in {defender_hex} to attack")
    attacker = enemy_of(defending[0].side)
    hexes = list(from_hexes) or sorted(h for h in army.neighbours(defender_hex)
                                       if any(u.is_combat for u in army.in_hex(h, attacker)))
    b = Battle(defender_hex, attacker, {}, defending)
    supply = SideSupply(session, attacker)   # 16.0: supply at the instant of combat
    for h in hexes:
        army.require_hex(h)
        if not army.adjacent(h, defender_hex):
            raise ValueError(f"{h} is not adjacent to {defender_hex}: only adjacent hexes attack (12.1 A)")
        units = [u for u in army.in_hex(h, attacker) if u.is_combat and (not names or u.name in names)]
        kept = []
        for u in units:
            why = _may_not_attack(session, u, counterattack, supply)
            if why:
                b.excluded.append((u, why))
            else:
                kept.append(u)
        if kept:
            b.attacking[h] = kept
    missing = sorted(set(names) - {u.name for u in b.attackers} - {u.name for u, _ in b.excluded})
    if missing:
        raise ValueError(f"{', '.join(missing)}: not a combat unit of the {attacker}s in "
                         f"{', '.join(hexes) or 'the hexes adjacent to ' + defender_hex}")
    if not b.attacking:
        raise ValueError(f"no {attacker} combat unit may attack {defender_hex}"
                         + "".join(f"; {u.name}: {why}" for u, why in b.excluded))
    _attack(session, b, counterattack)
    _defence(session, b)
    _terrain(session, b)
    return b


def _may_not_attack(session, unit, counterattack, supply):
    charts, army = session.charts, session.army
    if not always_supplied(unit) and supply.of(unit).state == "isolated":
        return "isolated (12.4 M: isolated units may not attack)"
    if unit.disrupted and charts.option("disruption") == "no attack":
        return "disrupted (option disruption = 'no attack')"
    if counterattack:
        return ""   # 11.3 D.3: no unit needs a leader to counterattack
    if not army.in_command(unit):
        return "no attack command control: no friendly leader or fortification in or next to its hex (11.2)"
    return ""


def _attack(session, b, counterattack):
    charts, army = session.charts, session.army
    for h, units in sorted(b.attacking.items()):
        stack = sum(_strength(charts, u) for u in units)
        leaders = [u for u in army.in_hex(h, b.attacker) if u.is_leader]
        bonus, usable = _leader_bonus(charts, leaders, stack, attacking=not counterattack)
        b.attack += stack + bonus
        text = f"from {h}: " + " + ".join(f"{u.name} {_n(_strength(charts, u))}" for u in units)
        if bonus:
            names = " and ".join(l.name for l in usable)
            capped = " (capped at the stack's strength, 11.4)" if bonus < sum(l.bonus for l in usable) else ""
            text += f" + {names}'s bonus {_n(bonus)}{capped}"
        for l in leaders:
            if l not in usable:
                text += f"; {l.name} is disrupted and adds no bonus to an attack (5.6, 1973 errata)"
        b.lines.append((f"{text} = {_n(stack + bonus)}", dict(hex=h, units=[u.name for u in units], strength=stack,
                                                             bonus=bonus, total=stack + bonus)))


def _defence(session, b):
    charts = session.charts
    units = [u for u in b.defending if u.is_combat]
    fort = next((u for u in b.defending if u.is_fortification), None)
    leaders = [u for u in b.defending if u.is_leader]
    dummies = [u for u in b.defending if u.is_dummy]
    strength = sum(_strength(charts, u) for u in units)
    parts = [f"{u.name} {_n(_strength(charts, u))}" for u in units]
    if fort is not None:
        multiplier = charts.multiplier("fortified_multiplier")
        total = strength * multiplier + fort.strength
        text = f"({' + '.join(parts) or '0'}) x {_n(multiplier)} + {fort.name} {fort.strength} (15.2)"
    else:
        total = strength
        text = " + ".join(parts) or "no combat unit"
    bonus, usable = _leader_bonus(charts, leaders, total, attacking=False)
    if bonus:
        text += f" + {' and '.join(l.name for l in usable)}'s bonus {_n(bonus)}"
        text += " (capped at the stack's strength, 11.4)" if bonus < sum(l.bonus for l in usable) else ""
    if dummies:
        text += f"; {len(dummies)} dumm{'y' if len(dummies) == 1 else 'ies'}: no strength (12.1 B)"
    b.defence = total + bonus
    b.lines.append((f"defending {b.defender_hex}: {text} = {_n(b.defence)}",
                    dict(hex=b.defender_hex, units=[u.name for u in units], fortification=fort.name if fort else None,
                         bonus=bonus, total=b.defence)))


def _terrain(session, b):
    """14.0 note B: a hexside's effect counts only if every attacking unit attacks across it."""
    charts, army = session.charts, session.army
    sides = [army.hexside(h, b.defender_hex) for h in b.attacking]
    if all("river" in s for s in sides):
        multiplier = charts.multiplier("river_multiplier")
        b.defence *= multiplier
        b.lines.append((f"every attacker attacks across a river hexside: the defence x {_n(multiplier)} = "
                        f"{_n(b.defence)} (14.0)", dict(terrain="river", total=b.defence)))
    for feature, key in (("stream", "stream_modifier"), ("pass", "pass_modifier")):
        if all(feature in s for s in sides):
            b.modifier += int(charts.rule("combat", key))
            b.lines.append((f"every attacker attacks across a {feature} hexside: +{charts.rule('combat', key)} to "
                            f"the attacker's roll (14.0)", dict(terrain=feature, modifier=int(charts.rule("combat", key)))))


def describe(session, b, section):
    for text, data in b.lines:
        section.add(text, **data)
    for u, why in b.excluded:
        section.add(f"{u.name} may not attack: {why}", unit=u.name, excluded=why)
    section.add(f"{_n(b.attack)} against {_n(b.defence)}: odds {b.odds()} (rounded down, 12.3 K)",
                attack=b.attack, defence=b.defence, odds=b.odds())
