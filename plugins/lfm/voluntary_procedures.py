"""Voluntary retreats and advances on a save (LFM 9, 11, 12, 23.3): `lfm.withdraw` judges and moves a
retreat the owner chooses, before combat (9), after the first round (11.3, 11.5, 11.7-11.8) or out
of a ZOC at night (23.3); `lfm.advance` moves units into a vacated hex (12, 11.4, 11.6). Every clause
broken refuses the whole move (CombatRefused, exit status 2) and nothing is written."""

from adjutant.plugin import name_list
from .army import ArmyError, enemy_of
from .combat_map import retreat_hexes, write
from .combat_procedure import CombatRefused
from .retreat import Retreater, judge_withdrawal, may_advance, check_advance
from .stacking import Unit as StackUnit, stacking_excess
from .voluntary_when import CLAUSE, WHEN



def one_stack(army, text, what):
    """The units named (NAME,...): on the map, one side's, in one hex; (units, hex)."""
    units = [army.named(n) for n in name_list(text)]
    if not units:
        raise ArmyError(f"units=: name the units that {what}, such as units=\"8th Illinois Cavalry\"")
    where = {u.hex for u in units}
    if len(where) != 1 or "" in where or len({u.side for u in units}) != 1:
        raise ArmyError(f"the units that {what} are one side's and stand in one hex: " +
                        ", ".join(f"{u.name} ({u.side}) in {u.hex or 'no hex'}" for u in units))
    return units, where.pop()


def moving_class(army, unit):
    """The movement class the companion file gives the unit; a battery's once limbered (11.7, 10.10)."""
    if not unit.is_artillery or unit.limbered:
        return unit.attributes.get("class") or unit.type
    mode = unit.mode
    army.write(unit, "mode", "limbered")
    limbered = (army.companion.unit(unit.piece, army.module) or {}).get("class") or unit.type
    army.write(unit, "mode", mode)
    return limbered


def terrain_problems(army, units, hexes):
    """1.1, TEC: each step of `hexes` one the units' classes may take (prohibited terrain or hexside)."""
    problems = []
    for u in units:
        cls = moving_class(army, u)
        for a, b in zip(hexes, hexes[1:]):
            if not army.adjacent(a, b):
                continue
            found = army.map.explain([a, b], [cls], None)
            if not found.legal:
                problems.append(("1.1, TEC", f"{u.name} ({cls}): {found.steps[-1]['reason'] or found.reason}"))
    return problems


def stacking_note(session, hex_name, arriving, clause):
    """The stack `arriving` makes in `hex_name` over the limits of 4.1-4.2: [(clause, text)]."""
    army = session.army
    here = [u for u in army.in_hex(hex_name, arriving[0].side) if u.is_combat and not any(u is a for a in arriving)]
    stack = [StackUnit(u.name, u.type, u.sp, u.cohesion, u.brigade, u.mode) for u in here + arriving if u.is_combat]
    return [(clause, f"{hex_name} would hold {v}") for v in stacking_excess(session.charts, stack).violations]


# ---- lfm.withdraw ----

def adjacent_enemies(army, hex_name, side):
    return sorted({u.hex for u in army.of(enemy_of(side)) if u.is_combat and u.sp > 0
                   and army.adjacent(u.hex, hex_name)})


def eligible_before(army, section, units, from_hex, attackers, designated, charged):
    """9 (and 3.8 for cavalry that charged): who may retreat before combat."""
    problems, side = [], units[0].side
    named = set(designated)
    for u in units:
        if u.is_combat and not u.is_cavalry and u.name not in named:
            problems.append(("9", f"{u.name} is {u.type}: only cavalry, USSS and units the scenario designates "
                                  f"(designated=) retreat before combat"))
    others = [u for u in army.in_hex(from_hex, side) if (u.type == "infantry" or u.is_artillery)
              and u.name not in named and not any(u is x for x in units)]
    if others:
        problems.append(("9", f"{from_hex} holds {', '.join(u.name for u in others)}: a unit stacked with infantry or "
                              f"artillery does not retreat before combat"))
    if not attackers:
        problems.append(("9", f"{from_hex} is adjacent to no enemy unit: nobody attacks it, and 9 is the retreat of a "
                              f"unit that is attacked"))
    near = adjacent_enemies(army, from_hex, side)
    for h in attackers:
        if h not in near:
            problems.append(("9", f"{h} holds no enemy unit next to {from_hex}: it cannot attack it"))
            continue
        mounted = [u.name for u in army.in_hex(h) if u.mounted]
        if mounted and charged:
            section.add(f"{h} holds mounted cavalry ({', '.join(mounted)}); cavalry that charged and is still in a "
                        f"ZOC retreats before combat even so (3.8)")
        elif mounted:
            problems.append(("9", f"{h} attacks with mounted cavalry ({', '.join(mounted)}): the defender may not "
                                  f"retreat before combat"))
    if not problems:
        section.add(f"{', '.join(u.name for u in units)}: cavalry or designated, not stacked with infantry or "
                    f"artillery, attacked from {', '.join(attackers)} without mounted cavalry (9)")
    return problems


def eligible_after(army, section, units, from_hex, side_role, attackers):
    """11.3, 11.5: whose units may retreat after the first round of combat."""
    side = units[0].side
    near = adjacent_enemies(army, from_hex, side)
    if side_role == "attacker":
        if not near:
            return [("11.3", f"{from_hex} is adjacent to no enemy unit: the phasing player retreats units still "
                             f"adjacent to enemy units")]
        section.add(f"the phasing player's units in {from_hex} are adjacent to enemy units in {', '.join(near)}, after "
                    f"the first round of compulsory combat (11.3; the round is not read from the save)")
        return []
    attacking = [h for h in near if h in attackers] if attackers else near
    if not attacking:
        return [("11.5", f"{from_hex} is adjacent to no attacking unit ({', '.join(attackers) or 'no enemy unit'}): "
                         f"the defender retreats units adjacent to attacking units")]
    taken = "" if attackers else "; every adjacent enemy hex taken as attacking: attackers= names them"
    section.add(f"the defender's units in {from_hex} are adjacent to attacking units in {', '.join(attacking)}, after "
                f"the attacker's voluntary retreats (11.5{taken})")
    return []


def eligible_night(session, section, units, from_hex):
    """23.3: a unit that starts a night turn in an enemy ZOC."""
    army, side = session.army, units[0].side
    problems = []
    if not session.night:
        problems.append(("23.3", "it is not a night turn (the game's Night property)"))
    if from_hex not in army.zone_hexes(enemy_of(side)):
        problems.append(("23.3", f"{from_hex} is in no enemy ZOC: only a unit that starts the night turn in a ZOC "
                                 f"retreats from it"))
    if not problems:
        section.add(f"{from_hex} is in an enemy ZOC at the start of the night turn: the units must retreat (23.3); "
                    f"not along roads only (23.6)")
    return problems


def path_facts(army, side, from_hex, path, units):
    """Each path hex as retreat.RetreatHex seen from the hex before it; None where not adjacent."""
    facts, here = [], from_hex
    for h in path:
        around = {x.hex: x for x in retreat_hexes(army, side, here, [], set(), None, units)}
        facts.append(around.get(h) if h != from_hex else None)
        here = h
    return facts


def withdraw(session, units, from_hex, path, when, side_role="", attackers=(), designated=(), charged=False):
    army = session.army
    side = units[0].side
    who = ", ".join(u.name for u in units)
    section = session.report.section(f"{who} from {from_hex}: the retreat {WHEN[when]} "
                                     f"({CLAUSE[when]})")
    if when != "night" and session.night:
        problems = [("23.2", "it is a night turn (the Night property): no combat, so no retreat before or after it")]
    elif when == "before":
        problems = eligible_before(army, section, units, from_hex, attackers, designated, charged)
    elif when == "after":
        problems = eligible_after(army, section, units, from_hex, side_role, attackers)
    else:
        problems = eligible_night(session, section, units, from_hex)
    combat = [u for u in units if u.is_combat]
    if not combat:
        problems.append((CLAUSE[when], f"{who}: a commander does not retreat on his own: {CLAUSE[when]} retreats "
                                       f"units, and a commander goes with the units of his hex (name them with him); "
                                       f"one left alone after combat moves to the nearest unit of his command or his "
                                       f"superior's hex (21.2)"))
    judged = judge_withdrawal([Retreater(u.name, u.type, u.disorganized, u.shattered) for u in combat], path,
                              path_facts(army, side, from_hex, path, units), when, charged=charged)
    problems += judged.problems + terrain_problems(army, units, [from_hex, *path])
    if problems:
        raise CombatRefused(problems, what=f"the retreat of {who} from {from_hex} by {'-'.join(path)}")
    for clause, text in judged.steps:
        section.add(f"{text} ({clause})", clause=clause)
    for clause, text in stacking_note(session, judged.ends_in, combat, "10.7"):
        section.add(f"{text}: allowed after a retreat; the owner conforms in his next movement phase or "
                    f"eliminates the excess ({clause})", over_limit=judged.ends_in)
    for u in units:
        army.move(u, judged.ends_in)
        if u.name in judged.limbered and not u.limbered:
            write(session, section, u, "mode", "limbered")
        if u.is_combat and judged.disorganized and not u.disorganized:
            write(session, section, u, "disorganized", "true")
    section.add(f"{who} retreat{'s' * (len(units) == 1)} {from_hex}-{'-'.join(path)}, ending in {judged.ends_in}",
                moved_to=judged.ends_in, path=list(path), disorganized=judged.disorganized)
    return section


# ---- lfm.advance ----

def destinations(army, units, vacated, into):
    """{unit name: hex}: `into` (UNIT:HEX,...), the others into the vacated hex."""
    moves = {u.name: vacated for u in units}
    for item in name_list(into):
        name, sep, hex_name = item.rpartition(":")
        if not sep or name.strip() not in moves:
            raise ArmyError(f"into= is UNIT:HEX,... for the units named in units=, not {item!r}")
        army.require_hex(hex_name.strip())
        moves[name.strip()] = hex_name.strip()
    return moves


def zone_bars(army, units, moves, side):
    """16.4, 22.3: a shattered or detached unit advances into no hex in an enemy ZOC. Command (5.7)
    does not bar an advance: the advancing units stood next to the vacated hex, in the enemy's ZOC,
    and 8.6 has the phasing player's units there attack and advance in command; the non-phasing
    player determines no command on the enemy's turn (Sequence of Play 2)."""
    zone, problems = army.zone_hexes(enemy_of(side)), []
    for u in units:
        if not u.is_combat or moves[u.name] not in zone:
            continue
        if u.shattered:
            problems.append(("16.4", f"{u.name} is shattered: a shattered brigade cannot enter a ZOC, and "
                                     f"{moves[u.name]} is in an enemy ZOC"))
        if u.detached:
            problems.append(("22.3", f"{u.name} is detached: a detached regiment may not enter a ZOC, and "
                                     f"{moves[u.name]} is in an enemy ZOC"))
    return problems


def advance(session, units, vacated, moves, step, took_part, participated_given):
    army, charts = session.army, session.charts
    side = units[0].side
    who = ", ".join(u.name for u in units)
    section = session.report.section(f"{who} advance{'s' * (len(units) == 1)} into {vacated} ({step})")
    problems = []
    if session.night:
        problems.append(("23.2", "it is a night turn (the Night property): no combat, no advance, no unit enters a "
                                 "ZOC"))
    held = [u.name for u in army.in_hex(vacated) if u.is_combat and u.sp > 0]
    if held:
        problems.append(("12.1", f"{vacated} is not vacated: it holds {', '.join(held)}"))
    if step == "12":
        section.add(f"taken to have fought against {vacated}: {', '.join(took_part) or 'none'} ("
                    + ("participated=" if participated_given else "default: the units named; participated= says "
                                                                  "otherwise") + ")")
    advancing, vacated_by = {"12": (side, enemy_of(side)), "11.4": ("defender", charts.option("voluntary_advance")),
                             "11.6": ("attacker", "defender")}[step]
    for u in units:
        if u.is_commander:
            continue
        ok, why = may_advance(u.type, advancing, vacated_by, step, charts, participated=u.name in took_part)
        clause = why.split(":")[0]
        if ok:
            section.add(f"{u.name}: {why}", clause=clause)
        else:
            problems.append((clause, f"{u.name}: {why.split(': ', 1)[-1]}"))
    problems += zone_bars(army, units, moves, side)
    sources = sorted({u.hex for u in units})
    for u in units:
        if not army.adjacent(u.hex, vacated):
            problems.append(("12.4", f"{u.name} in {u.hex} is not adjacent to {vacated}: an advance is one hex"))
        elif not army.adjacent(u.hex, moves[u.name]) and moves[u.name] != u.hex:
            problems.append(("12.4", f"{u.name}: {moves[u.name]} is not one hex from {u.hex}"))
    if step == "12":
        open_ = [h for h in army.neighbours(vacated) if not any(x.is_combat for x in army.in_hex(h))]
        problems += check_advance(moves, vacated, open_)
    elif len(sources) > 1:
        problems.append((step, f"the units advance from one adjacent hex, not from {', '.join(sources)}"))
    else:
        section.add(f"from one adjacent hex, {sources[0]}, into the vacated hex ({step})")
    if step != "12":
        problems += [(step, f"{n}: into the vacated hex {vacated}, not {h}") for n, h in moves.items() if h != vacated]
    for hex_name in sorted(set(moves.values())):
        arriving = [u for u in units if moves[u.name] == hex_name]
        if any(u.is_combat for u in arriving):
            problems += stacking_note(session, hex_name, [u for u in arriving if u.is_combat], "12.3")
    for u in units:
        problems += terrain_problems(army, [u], [u.hex, moves[u.name]])
    if problems:
        raise CombatRefused(problems, what=f"the advance into {vacated}")
    section.add("within the stacking limits in every hex entered (12.3)")
    for u in units:
        start_hex = u.hex
        army.move(u, moves[u.name])
        section.add(f"{u.name} advances {start_hex}-{moves[u.name]}", unit=u.name, moved_to=moves[u.name])
    return section
