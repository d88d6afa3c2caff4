"""The facts the combat rule modules take, read from the Army where the units stand: a hex as a
combat.Stack, which enemy hexes each friendly hex has in its ZOC (8.1), the elevation a combat
favours (8.9), the hexes a retreating stack could enter (10.2-10.9); and the writing back of what a
result does: D markers (14.1), a retreat moved (10), units eliminated and commander casualties
reported."""
from adjutant.plugin import name_list, named_values
from adjutant.procedures.report import Quantity

from .army import ArmyError, enemy_of
from .combat import Stack, Unit as CombatUnit, exposed_commanders
from .retreat import Retreater, RetreatHex, first_hexes, judge_retreat

NR_TERRAIN = ("woods",)   # 10.5: woods, a sunken road, breastworks (Army.breastworks: a marker or a town)


def modifier_pairs(text, what="modifiers"):
    """"LABEL:N,LABEL:N" as ((label, int), ...)."""
    return tuple(named_values(text, what, "LABEL:N", number="signed"))


def combat_unit(unit):
    """The Army's unit as combat.Unit (a commander with no SP or cohesion)."""
    if unit.is_commander:
        return CombatUnit(unit.name, unit.type, rank=unit.rank, cv=unit.cv or 0)
    return CombatUnit(unit.name, unit.type, unit.sp, unit.cohesion, unit.mode, unit.disorganized, unit.shattered)


def stack(army, hex_name, across_from=None):
    """The units of a hex as combat.Stack; `across_from`: the hex it attacks, for 24.4's stone wall."""
    wall = across_from is not None and "stone wall" in army.hexside(hex_name, across_from)
    return Stack(hex_name, tuple(combat_unit(u) for u in army.in_hex(hex_name)), army.breastworks(hex_name), wall)


def combat_hexes(army, side):
    """The hexes holding `side`'s combat units."""
    return sorted({u.hex for u in army.of(side) if u.is_combat and u.sp > 0})


def contacts(army, side):
    """8.1: {hex of `side`'s combat units: the adjacent enemy combat hexes in `side`'s ZOC}."""
    zone = army.zone_hexes(side)
    enemy = combat_hexes(army, enemy_of(side))
    found = {}
    for h in combat_hexes(army, side):
        near = [e for e in enemy if e in zone and army.adjacent(h, e)]
        if near:
            found[h] = near
    return found


def cannot_attack(army, side):
    """16.4: {hex: (clause, why)} where every combat unit is shattered."""
    out = {}
    for h in combat_hexes(army, side):
        units = [u for u in army.in_hex(h, side) if u.is_combat]
        if units and all(u.shattered for u in units):
            out[h] = ("16.4", "its units are shattered")
    return out


def elevation_favours(army, attacking, defending):
    """8.9: "attacker" when every attacking hex is higher than every defending hex, "defender" when
    every defending hex is higher than every attacking hex, else ""."""
    high_a = [army.elevation(h) for h in attacking]
    high_d = [army.elevation(h) for h in defending]
    if min(high_a) > max(high_d):
        return "attacker"
    if min(high_d) > max(high_a):
        return "defender"
    return ""


def retreat_hexes(army, side, from_hex, enemy_hexes, brigade_hexes, commander_hex, leaving=()):
    """The hexes next to `from_hex` as retreat.RetreatHex for a stack of `side` retreating away from
    `enemy_hexes` (10.2: adjacent ones, or a bombarding battery's at range, Army.away_from);
    `brigade_hexes`: hexes of friendly units of its brigade (not retreating);
    `commander_hex`: its brigade commander's hex or None; `leaving`: the retreating units."""
    zone = army.zone_hexes(enemy_of(side))
    opposite = set()
    for e in enemy_hexes:
        opposite.update([army.opposite(from_hex, e)] if army.adjacent(from_hex, e) else army.away_from(from_hex, e))
    out = []
    for h in army.neighbours(from_hex):
        here = [u for u in army.in_hex(h) if not any(u is x for x in leaving)]
        nearer = commander_hex is not None and army.distance(h, commander_hex) < army.distance(from_hex, commander_hex)
        out.append(RetreatHex(h, h in opposite, h in zone,
                              any(u.side == side and u.is_combat for u in here),
                              any(u.side != side and u.is_combat for u in here),
                              nearer, any(army.adjacent(h, b) for b in brigade_hexes if b != h)))
    return out


def parse_path(army, text):
    path = name_list(text)
    for h in path:
        army.require_hex(h)
    return path


def retreat(session, section, units, path, enemy_hexes, *, charged_by_cavalry=False, bombarded=False,
            lose_one=None):
    """10, 14.1, 14.4: the retreat of `units` (Army units, one hex) along `path` (hex names given by the
    player; empty: reported as still to do), judged by retreat.judge_retreat (`bombarded`: the unit a
    bombardment makes retreat, 7.8) and, when legal,
    written: the units moved, D, artillery limbered, units eliminated. `lose_one(combat units, hex)`:
    the unit a disorganized stack forced to retreat loses (14.4: the owner's choice), eliminated
    before it retreats. A ValueError with the clauses when it is not legal; else the units eliminated."""
    army = session.army
    combat = [u for u in units if u.is_combat]
    if not combat:
        return []
    side, from_hex = combat[0].side, combat[0].hex
    brigade = combat[0].brigade
    brigade_hexes = {u.hex for u in army.brigade_units(brigade, side) if not any(u is x for x in units)} if brigade else set()
    commander = army.commander_of(brigade, "brigade", side) if brigade else None
    commander_hex = commander.hex if commander is not None and not any(commander is x for x in units) else None
    first = retreat_hexes(army, side, from_hex, enemy_hexes, brigade_hexes, commander_hex, units)
    second = retreat_hexes(army, side, path[0], [], brigade_hexes, commander_hex, units) if path else []
    second = [h for h in second if h.hex != from_hex]
    nr = army.terrain(from_hex) in NR_TERRAIN or army.breastworks(from_hex)
    judged = judge_retreat([Retreater(u.name, u.type, u.disorganized, u.shattered) for u in combat], first, path,
                           second, nr_terrain=nr, charged_by_cavalry=charged_by_cavalry, bombarded=bombarded)
    who = ", ".join(u.name for u in combat)
    if judged.problems and path:
        raise ValueError(f"retreat of {who} from {from_hex} by {'-'.join(path)}: " +
                         "; ".join(f"{c}: {t}" for c, t in judged.problems))
    for clause, text in judged.steps:
        section.add(f"{text} ({clause})", clause=clause)
    gone = [u for u in combat if u.name in judged.eliminated]
    for u in gone:
        eliminate(session, section, u, "10")
    staying = [u for u in combat if not any(u is x for x in gone)]
    if judged.lose_one_unit and staying and lose_one is not None:
        loss = lose_one(staying, from_hex)
        eliminate(session, section, loss, "14.4")
        gone.append(loss)
        staying.remove(loss)
        if not staying:
            section.add(f"{from_hex}: the whole stack is eliminated: no retreat; {from_hex} is vacated (14.4)" +
                        ("; retreat= is not used" if path else ""), vacated=from_hex)
            return gone
    elif judged.lose_one_unit and staying:
        section.add(f"{from_hex}: a disorganized stack forced to retreat loses one unit of its owner's choice (14.4)")
    who = ", ".join(u.name for u in staying or combat)
    if not path:
        if not nr or charged_by_cavalry:
            options = ", ".join(first_hexes(first))
            away = "away from the bombarding battery: " if bombarded else ""
            section.add(f"{who} must retreat one or two hexes from {from_hex} (10.1): not done; the owner chooses "
                        f"the first hex among {options or 'no hex'} ({away}10.2, 10.3; give retreat=HEX[,HEX] to judge "
                        f"and move it)",
                        retreat_pending=from_hex)
        return gone
    for u in units:
        if any(u is x for x in gone):
            continue
        if u.is_combat or u.is_commander:
            army.move(u, judged.ends_in)
        if u.is_combat and judged.disorganized:
            write(session, section, u, "disorganized", "true")
        if u.name in judged.limbered:
            write(session, section, u, "mode", "limbered")
    along = [u.name for u in units if u.is_commander]
    section.add(f"{who} retreat{'s' if len(staying or combat) == 1 else ''} {from_hex}-{'-'.join(path)}, ending in "
                f"{judged.ends_in} (10.1)" + (f"; {', '.join(along)} with them" if along else ""),
                moved_to=judged.ends_in, path=list(path))
    return gone


def write(session, section, unit, attribute, value):
    """Writes the attribute through the companion file's [units]; reports it when nothing is mapped."""
    if not session.army.write(unit, attribute, value):
        section.add(f"{unit.name}: set {attribute} to {value} by hand (the companion file maps {attribute} to "
                    f"nothing writable)", unwritten=attribute)


def eliminate(session, section, unit, clause):
    """An eliminated unit: its SP written 0 and the counter reported for removal."""
    lost = unit.sp
    write(session, section, unit, "sp", 0)
    section.add(f"{unit.name} ({lost} SP) is eliminated: remove the counter ({clause})", eliminated=unit.name,
                sp=lost, quantity=Quantity("SP lost", lost, of=unit.name))


def disorganize(session, section, units, clause):
    for u in units:
        if u.is_combat and not u.disorganized:
            write(session, section, u, "disorganized", "true")
            section.add(f"{u.name} is disorganized (D) ({clause})", unit=u.name, clause=clause)


def casualties(section, found, spared=()):
    """8.11, 21: the commander casualty rolls (hex, commander, die, casualty, clause); each die rolled
    counted as "commander casualty" 1 or 0 (a commander the rule spares rolls no die). `spared`: the
    stacks (combat.Stack) of the combat the result did not hurt: each commander there who could have
    been a casualty (combat.exposed_commanders) is counted 0."""
    for hex_name, name, die, hit, clause in found:
        rolled = {} if die is None else {"quantity": Quantity("commander casualty", int(hit), of=name)}
        section.add(f"{name} in {hex_name}: {clause}" + (": replace the counter by his replacement" if hit else ""),
                    commander=name, roll=die, casualty=hit, **rolled)
    for s in spared:
        for c in exposed_commanders(s):
            section.add(f"{c.name} in {s.hex}: no retreat or elimination in his hex: no casualty roll (8.11, 21.1)",
                        commander=c.name, roll=None, casualty=False, quantity=Quantity("commander casualty", 0,
                                                                                        of=c.name))


def alone_commanders(army, section, hexes):
    """21.2: each commander left in one of `hexes` with no combat unit of his side, reported to be moved
    by the players."""
    for hex_name in sorted(h for h in hexes if h):
        here = army.in_hex(hex_name)
        for c in (u for u in here if u.is_commander):
            if not any(u.is_combat and u.sp > 0 and u.side == c.side for u in here):
                section.add(f"{c.name} is in {hex_name} with no unit of his side: move him to the nearest unit of his "
                            f"command, or to the hex of his immediate superior on the map (21.2): not done",
                            commander=c.name, alone_in=hex_name, clause="21.2")


def require_combat_hex(army, hex_name, what):
    army.require_hex(hex_name)
    if not any(u.is_combat for u in army.in_hex(hex_name)):
        raise ArmyError(f"{what} {hex_name} holds no combat unit (8.1, 3.1: combat and charges are against units)")
