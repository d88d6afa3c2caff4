"""The smaller LIN procedures: force-march losses (8.6), leaving an enemy-occupied hex (8.3),
reaction (8.5), morale recovery (12), combat supply and wagon depletion (10.2, 9.2) and
replacements (15.2). Each rolls with the session's dice and reports every roll."""
import math
from fractions import Fraction

from adjutant import Dice
from adjutant.procedures.kept import kept_property
from adjutant.procedures.report import Quantity

from . import traces
from .army import command_rating, enemy_of
from .loc import Lines

LEADERS = ("department leader", "cavalry commander", "corps leader", "leader", "detachment")


def _side_in(session, hex_name):
    """The acting side, or the only side with units in the hex."""
    if session.side:
        return session.side
    sides = sorted({u.side for u in session.army.in_hex(hex_name)})
    if len(sides) != 1:
        raise ValueError(f"hex {hex_name} holds units of {' and '.join(sides) or 'no side'}: give side=")
    return sides[0]


def declared(session, section, hex_name, side, names):
    """The units of the side in the hex the player declared (8.3, 8.5, 8.6: those that move), or the
    whole stack when he named none; the report says which. ValueError naming a unit not there."""
    stack = session.army.in_hex(hex_name, side)
    if not names:
        section.add(f"the whole stack in {hex_name}: {', '.join(u.name for u in stack)} (units= names fewer)",
                    units=[u.name for u in stack])
        return stack
    there = {u.name: u for u in stack}
    missing = [n for n in names if n not in there]
    if missing:
        raise ValueError(f"units=: no {side} unit {missing[0]!r} in {hex_name} (there: {', '.join(there) or 'none'})")
    section.add(f"declared in {hex_name}: {', '.join(names)}", units=list(names))
    return [there[n] for n in names]


def force_march(session, hex_name, names=()):
    session.army.require_hex(hex_name)
    army, charts = session.army, session.charts
    side = _side_in(session, hex_name)
    section = session.report.section(f"Force march from {hex_name}")
    marching = declared(session, section, hex_name, side, names)
    # 8.6: the stack's highest-ranking leader entitles every unit of it, "whether they move together
    # with that leader or separately".
    leader = army.highest_ranking(hex_name, side)
    if leader is not None and leader.attributes.get("cp", "") != "":
        cp = leader.rating("cp")
        command = command_rating(leader, army.in_hex(hex_name, side))
        if cp < command:
            section.add(f"{leader.name} has {cp} CP of command {command}: no unit of the stack may force march "
                        f"(8.6), so none rolls for losses", leader=leader.name, allowed=False, command=command)
            return
        section.add(f"{leader.name} has {cp} CP of command {command}: the stack may force march, "
                    f"+{leader.initiative} MP (8.6)", leader=leader.name, allowed=True, command=command)
    else:
        section.add("no CP recorded for the stack's leader: whether it may force march is not checked")
    loss_rolls = [int(r) for r in charts.rule("force_march", "loss_rolls")]
    percent = Fraction(str(charts.rule("force_march", "loss_percent")))
    combat = sorted((u for u in marching if u.is_combat), key=lambda u: u.name)
    # 8.6: "If a stack force marches, every unit loses 10% separately": one roll for the force by
    # default (option force_march_roll), each unit's loss its own.
    one_roll = session.d6(f"force march {hex_name}") if combat and charts.option("force_march_roll") == "stack" else None
    for unit in combat:
        roll = one_roll if one_roll is not None else session.d6(f"force march {unit.name}")
        before = unit.strength
        loss = math.ceil(before * percent / 100) if roll in loss_rolls else 0
        after = max(0, before - loss)
        text = f"{unit.name}: d6 {roll}: " + (f"loses {loss}" if loss else "no loss")
        if loss:
            text += army.change_strength(unit, after)
        if after == 0:
            text += ": eliminated, remove it"
        section.add(text, unit=unit.name, roll=roll, loss=loss, quantity=Quantity("SP lost", loss, of=unit.name))


def leave_hex(session, hex_name, names=()):
    session.army.require_hex(hex_name)
    army = session.army
    side = session.side
    section = session.report.section(f"Leaving {hex_name}")
    leaving = declared(session, section, hex_name, side, names)
    mover = army.leading(leaving, hex_name)  # 8.3: the highest-ranking leader attempting to leave
    enemies = army.in_hex(hex_name, enemy_of(side))
    if mover is None:
        raise ValueError(f"no {side} leader among the units leaving {hex_name}")
    if not any(u.is_combat for u in enemies):
        section.add(f"no enemy combat unit in {hex_name}: the force leaves freely")
        return
    enemy = army.highest_ranking(hex_name, enemy_of(side))
    own = mover.initiative
    theirs = enemy.initiative if enemy is not None else None
    modifier = 0 if theirs is None else 1 if theirs > own else -1 if theirs < own else 0
    if enemy is None:
        against = "no enemy leader"
    elif enemy.known:
        against = f"{enemy.name} (initiative {theirs})"
    else:  # the counter acts as it stands; its reader learns only the modifier it gives
        against = enemy.name
    roll = session.d6(f"leave {hex_name} {mover.name}")
    leaves = roll + modifier <= own
    section.add(f"{mover.name} (initiative {own}) against {against}: d6 {roll} "
                f"{modifier:+d} = {roll + modifier}: " + ("leaves, paying 1 MP more" if leaves else
                                                          "fails: these units may not move this phase"),
                leader=mover.name, enemy=enemy.name if enemy is not None else None, roll=roll, modifier=modifier,
                leaves=leaves, quantity=Quantity("leaves", int(leaves), of=mover.name))


def stacking_reduction(units, side):
    """8.2: the MA a force loses: Union 1 per corps after the first, Confederates 1 per division after
    the second; 25+ SP of cavalry, 25+ SP of detachments, the Union artillery and each 3 militia count
    as one."""
    formations = sum(1 for u in units if u.type == "infantry" and u.kind not in ("detachment", "militia"))
    cavalry = sum(u.strength for u in units if u.type == "cavalry" and u.kind != "detachment")
    detached = sum(u.strength for u in units if u.kind == "detachment")
    formations += (cavalry >= 25) + (detached >= 25)
    formations += sum(1 for u in units if side == "Union" and u.type == "artillery")
    formations += sum(1 for u in units if u.kind == "militia") // 3
    return max(0, formations - (1 if side == "Union" else 2))


def reaction(session, hex_name, roll, names=()):
    """Stacks whose highest-ranking leader's reaction zone (initiative hexes, not into ridges, across
    rivers at bridges: the companion file's "reaction" class) holds the hex. The units that would
    move are those of `names` in the stack, else the whole stack (8.5: "any or all units of that
    stack"); they set the reaction allowance, the stack's leader the roll."""
    army, charts = session.army, session.charts
    army.require_hex(hex_name)
    side = session.side
    section = session.report.section(f"Stacks that may react to a unit entering {hex_name}")
    found = False
    for stack_hex in army.hexes(side):
        leader = army.highest_ranking(stack_hex, side)
        if leader is None or leader.kind == "wagon":
            continue
        zone = army.map.reach(stack_hex, [charts.option("reaction_class")], leader.initiative)
        if hex_name not in zone and hex_name != stack_hex:
            continue
        found = True
        stack = army.in_hex(stack_hex, side)
        moving = [u for u in stack if u.name in names] or stack
        units = [u for u in moving if u.is_combat]
        slowest = min((charts.allowance(u.type) for u in units), default=charts.allowance(leader.type))
        ma = max(Fraction(1), slowest - stacking_reduction(units, side))
        half = charts.rounded(ma / 2)
        chance = sum((p for face, p in Dice.distribution("d6").items() if face <= leader.initiative), Fraction(0))
        text = (f"{stack_hex}: {leader.name} (initiative {leader.initiative}, {army.distance(stack_hex, hex_name)} "
                f"hexes): reacts on d6 <= {leader.initiative} ({chance.numerator}/{chance.denominator}), "
                f"then up to {half} MP")
        if army.in_hex(stack_hex, enemy_of(side)) or stack_hex == hex_name:
            # 8.5: an enemy in the stack's hex, the unit reacted to included, makes it roll to leave (8.3).
            text += "; must first leave the enemy in its hex (leave-hex)"
        data = dict(hex=stack_hex, leader=leader.name, chance=chance, mp=half, units=[u.name for u in moving])
        if roll:
            r = session.d6(f"reaction {leader.name}")
            data.update(roll=r, reacts=r <= leader.initiative,
                        quantity=Quantity("reacts", int(r <= leader.initiative), of=leader.name))
            text += f": d6 {r}: " + ("reacts" if r <= leader.initiative else "does not react")
        section.add(text, **data)
    if not found:
        section.add(f"no {side} leader's reaction zone reaches {hex_name}")
    unknown = sorted(set(names) - {u.name for u in army.of(side)})
    if unknown:
        raise ValueError(f"units=: no {side} unit {unknown[0]!r} on the map")


def morale_recovery(session):
    army = session.army
    section = session.report.section("Morale recovery")
    units = [u for u in army.of(session.side) if u.state("demoralized")]
    if not units:
        section.add(f"no demoralized {session.side} unit")
    for unit in sorted(units, key=lambda u: (u.hex, u.name)):
        helpers = [u for u in army.in_hex(unit.hex, unit.side) if u.kind == "department leader"
                   or (u.kind == "cavalry commander" and unit.type == "cavalry")]
        if unit.kind == "militia":
            helpers += [u for u in army.in_hex(unit.hex, "Union") if u.kind in LEADERS]
            own = None
        else:
            own = unit.rating("initiative", required=False)
        ratings = [(h.initiative, h.name) for h in helpers] + ([(own, unit.name)] if own is not None else [])
        if not ratings:
            section.add(f"{unit.name} ({unit.hex}): no Union leader stacked with the militia: it cannot recover",
                        unit=unit.name, recovers=False, quantity=Quantity("recovers", 0, of=unit.name))
            continue
        initiative, whose = max(ratings)
        roll = session.d6(f"morale {unit.name}")
        recovers = roll <= initiative + 1
        text = f"{unit.name} ({unit.hex}): d6 {roll} against {whose}'s initiative {initiative} + 1: "
        text += "recovers" if recovers else "stays demoralized"
        if recovers and not army.write(unit, "demoralized", "false"):
            text += " (turn its marker over: demoralized is not writable in this module)"
        section.add(text, unit=unit.name, roll=roll, initiative=initiative, recovers=recovers,
                    quantity=Quantity("recovers", int(recovers), of=unit.name))


def combat_supply(session, hex_name, pitched):
    session.army.require_hex(hex_name)
    side = session.side
    section = session.report.section(f"{side} combat supply in {hex_name}")
    _, used = trace_combat_supply(session, section, hex_name, side)
    roll_depletion(session, section, used, pitched)


def trace_combat_supply(session, section, hex_name, side, units=None):
    """10.2: whether each combat unit of the side in the battle hex (or each of `units`) is supplied,
    reported a line each: ({unit name: supplied}, {hex: the wagon used there})."""
    army = session.army
    wagons = {}
    for u in sorted(army.of(side), key=lambda u: u.name):
        if u.kind == "wagon" and not u.state("depleted"):
            wagons.setdefault(u.hex, u)
    depots = army.depots(side, hex_name)
    zones = army.zones(side, session.charts)
    enemy = [h for h in army.enemy_hexes(side, combat_only=True) if h != hex_name]
    used, supplied = {}, {}
    for unit in sorted(units if units is not None else army.in_hex(hex_name, side), key=lambda u: u.name):
        if not unit.is_combat:
            continue
        # A depot within 4 MP supplies without a depletion roll: use a wagon only when no depot will do.
        t = traces.combat_supply(army.map, unit.hex, unit.type, depots=depots, enemy=enemy, zones=zones)
        by_wagon = not t.found
        if by_wagon:
            t = traces.combat_supply(army.map, unit.hex, unit.type, wagons=sorted(wagons), depots=depots,
                                     enemy=enemy, zones=zones)
        supplied[unit.name] = t.found
        if t.found:
            source = t.hexes[-1]
            by = f"the wagon {wagons[source].name}" if by_wagon else "the depot"
            if by_wagon:
                used[source] = wagons[source]
            section.add(f"{unit.name}: supplied by {by} at {source}, {t.used} MP via {' '.join(t.hexes)}",
                        unit=unit.name, supplied=True, source=source, path=list(t.hexes))
        else:
            section.add(f"{unit.name}: unsupplied ({t.reason}): no Pitched Battle or Assault; it retreats after "
                        "the last round", unit=unit.name, supplied=False)
    return supplied, used


def roll_depletion(session, section, used, pitched):
    """10.2: a depletion roll for each wagon used ({hex: wagon}), right after the combat option is
    chosen: 5-6 after a Pitched Battle, else 6."""
    army = session.army
    depleting = (5, 6) if pitched else (6,)
    for source, wagon in sorted(used.items()):
        if wagon.state("depletion"):
            section.add(f"{wagon.name}: already has a Depletion marker from an earlier combat this phase: no roll",
                        wagon=wagon.name, depleted=True)
            continue
        roll = session.d6(f"depletion {wagon.name}")
        depleted = roll in depleting
        text = f"{wagon.name}: depletion d6 {roll}: " + (
            "a Depletion marker; it still supplies this Combat Phase and is depleted at its end (10.2)"
            if depleted else "not depleted")
        if depleted and not army.write(wagon, "depletion", "true"):
            text += " (place the marker: the Depletion state is not writable in this module)"
        section.add(text, wagon=wagon.name, roll=roll, depleted=depleted,
                    quantity=Quantity("wagon depleted", int(depleted), of=wagon.name))


def wagon_depletion(session):
    """3.G.II: at the end of the Combat Phase every wagon with a Depletion marker turns to its
    depleted side and the marker goes."""
    army = session.army
    section = session.report.section(f"{session.side} wagon depletion (10.2)")
    marked = [u for u in army.of(session.side) if u.kind == "wagon" and u.state("depletion")]
    if not marked:
        section.add(f"no {session.side} wagon has a Depletion marker")
    for wagon in sorted(marked, key=lambda u: u.name):
        written = army.write(wagon, "depleted", "true") and army.write(wagon, "depletion", "false")
        section.add(f"{wagon.name} ({wagon.hex}): depleted" +
                    ("" if written else " (turn it over and remove its marker: not writable in this module)"),
                    wagon=wagon.name, hex=wagon.hex)


def spent_this_turn(value, turn, prop):
    """{side: replacement points spent} on `turn` from the kept value "TURN:Side=N,Side=N" ({} for
    another turn: 15.2, points cannot be saved)."""
    if not value:
        return {}
    head, _, rest = value.partition(":")
    try:
        if int(head) != turn:
            return {}
        return {side.strip(): int(n) for side, n in (item.split("=") for item in rest.split(",") if item.strip())}
    except ValueError:
        raise ValueError(f"global property {prop!r} holds {value!r}, not the replacement points spent in a turn "
                         f"(TURN:Side=points,...)") from None


def replacements(session, unit_name, spend=None):
    """15.2: the turn's replacement points, and `spend` of them (default: all left) bought as SP of
    the unit: 1 point an infantry SP, 2 a cavalry SP."""
    charts, army = session.charts, session.army
    # 15.2: what a turn gives is granted once, however often the procedure runs: what was spent is kept.
    prop = kept_property(army.companion, army.module, "replacement_points",
                         "the replacement points spent in a turn (LIN 15.2)")
    section = session.report.section(f"{session.side} replacements, turn {session.turn}")
    first = int(charts.rule("replacements", "from_turn"))
    if session.year != 1862 or session.turn < first:
        section.add(f"none: replacements come in 1862 from turn {first}")
        return
    points = int(charts.rule("replacements", "odd_turn_points" if session.turn % 2 else "even_turn_points"))
    spent = spent_this_turn(army.game.global_property(prop), session.turn, prop)
    already = spent.get(session.side, 0)
    left = points - already
    section.add(f"{points} replacement point(s)" + (f", {already} already spent this turn" if already else "") +
                f"; an infantry SP costs {charts.rule('replacements', 'infantry_cost')}, a cavalry SP "
                f"{charts.rule('replacements', 'cavalry_cost')}", points=points, spent=already)
    if not unit_name:
        return
    unit = session.army.named(session.side, unit_name)
    if unit is None or unit.type not in ("infantry", "cavalry"):
        raise ValueError(f"no {session.side} infantry or cavalry unit named {unit_name!r} on the map (15.2)")
    if spend is not None and not 0 < spend <= left:
        raise ValueError(f"points={spend}: give 1 to {left}, the replacement points the {session.side} has left "
                         f"this turn")
    spend = left if spend is None else spend
    cost = int(charts.rule("replacements", f"{unit.type}_cost"))
    # 15.2: a unit without a line of communications, or demoralized, receives none.
    if unit.state("demoralized"):
        section.add(f"{unit.name} is demoralized: it cannot receive replacements", unit=unit.name, gained=0)
        return
    line = Lines(session.army, charts).trace(unit)
    if not line.found:
        section.add(f"{unit.name} has no line of communications ({line.reason}): it cannot receive replacements",
                    unit=unit.name, gained=0)
        return
    bought = spend // cost
    text = f"{unit.name} gains {bought} {unit.type} SP for {bought * cost} point(s), {cost} an SP" + \
        session.army.change_strength(unit, unit.strength + bought)
    section.add(text, unit=unit.name, gained=bought)
    if bought:
        spent[session.side] = already + bought * cost
        army.game.set_global_property(prop, f"{session.turn}:" + ",".join(f"{s}={n}" for s, n in sorted(spent.items())))
