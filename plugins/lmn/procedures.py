"""The smaller Lee Moves North procedures: a step loss (10.1), movement without command control
(11.1), the forced march (5.6), the cavalry probe (17.2) and Confederate desertion (18.2)."""
from fractions import Fraction

from adjutant.plugin import Parameter, name_list
from adjutant.procedures.report import Quantity

from .army import enemy_of
from .losses import lose_steps, victory_points

SIDE = Parameter("side", str, "whose procedure (--side only says who reads the report)", None,
                 ("Union", "Confederate"))


def step_loss(session, name, steps):
    unit = session.army.named(name)
    if not unit.hex:
        raise ValueError(f"{name} is not on the map")
    if unit.is_leader or unit.is_dummy or unit.type == "depot":
        raise ValueError(f"{name} has no steps to lose (10.0: combat and fortification units only)")
    section = session.report.section("Unit Step Reduction Chart (10.1)")
    lost, text = lose_steps(session, unit, steps, f"{steps} step{'s' if steps > 1 else ''}")
    section.add(text, unit=name, steps=steps, sp_lost=lost, quantity=Quantity("SP lost", lost, of=name))
    vp, scorer = victory_points(session, unit, lost)
    section.add(f"the {scorer} scores {vp} VP (20.1: one for each strength point lost)", side=scorer, vp=vp,
                quantity=Quantity("VP", vp, of=scorer))


def no_command_move(session, name, route, force_march):
    """11.1 A: the route declared, a d6 (the Union -1, 5.6 errata: +2 forced marching) for the MP, the
    unit moved along the route as far as they take it."""
    army, charts = session.army, session.charts
    unit = army.named(name)
    session.side = unit.side
    section = session.report.section(f"{name} without command control (11.1)")
    if army.in_command(unit):
        section.add(f"{name} has movement command control (a friendly leader or fortification in or next to "
                    f"{unit.hex}, or face-up cavalry): it moves its full allowance, no roll (11.0)", in_command=True)
        return
    hexes = [unit.hex] + [h for h in name_list(route) if h != unit.hex]
    for h in hexes:
        army.require_hex(h)
    if force_march and unit.state("entrained"):
        raise ValueError(f"{name} is entrained: units moving by rail may not force march (5.6 R, 7.2 E)")
    roll = session.d6(f"{name} movement")
    mp = roll
    parts = [f"d6 {roll}"]
    if unit.side == "Union":
        mp += int(charts.rule("movement", "no_command_union"))
        parts.append(f"{charts.rule('movement', 'no_command_union')} Union (11.1)")
    if force_march:
        mp += int(charts.rule("movement", "force_march_mp"))
        parts.append(f"+{charts.rule('movement', 'force_march_mp')} forced march (5.6 errata)")
    mp = max(mp, 0)
    section.add(f"{' '.join(parts)} = {mp} MP along {'-'.join(hexes)}", roll=roll, mp=mp,
                quantity=Quantity("MP", mp, of=name))
    # The Terrain Effects Chart's costs among every other unit: enemy zones, and the infantry stacking
    # penalty of 9.1 A where the mover enters or leaves a hex of other infantry.
    path = army.map.explain(hexes, [unit.attributes.get("class") or unit.type], None,
                            units=army.position(unit.side, mover=unit))
    spent, reached = Fraction(0), unit.hex
    for step in path.steps:
        if step["problem"] not in ("", "none") or spent + step["total"] > mp:
            why = step["reason"] or f"{step['total']} MP more than the {mp - spent} left"
            section.add(f"stops in {reached}: {step['to_hex']} {why}", stop=reached)
            break
        spent += step["total"]
        reached = step["to_hex"]
        section.add(f"{step['from_hex']}-{reached}: {step['total']} MP ({spent} of {mp})", step=reached,
                    cost=step["total"])
        if step["stop"]:
            break
    if reached != unit.hex:
        army.move(unit, reached)
    section.add(f"{name} ends in {reached}: {spent} of {mp} MP spent", to=reached, spent=spent,
                quantity=Quantity("MP spent", spent, of=name))
    if force_march:
        _disruption(session, unit, section)


def _disruption(session, unit, section):
    """5.6 R: after the forced march, a d6: 1-3 disrupted."""
    roll = session.d6(f"{unit.name} forced march")
    bad = session.charts.rule("movement", "force_march_disrupted")
    if roll in bad:
        session.army.write(unit, "disrupted", "true")
        note = " (a disrupted leader keeps command control and adds his bonus to defence and counterattacks only)" \
            if unit.is_leader else ""
        section.add(f"{unit.name}: d6 {roll}, disrupted (5.6 R; 13.2's effects are on the mapsheet){note}",
                    unit=unit.name, roll=roll, disrupted=True, quantity=Quantity("disrupted", 1, of=unit.name))
    else:
        section.add(f"{unit.name}: d6 {roll}, not disrupted (5.6 R)", unit=unit.name, roll=roll, disrupted=False,
                    quantity=Quantity("disrupted", 0, of=unit.name))


def force_march(session, names):
    army, charts = session.army, session.charts
    section = session.report.section("Forced march (5.6)")
    extra = int(charts.rule("movement", "force_march_mp"))
    for name in names:
        unit = army.named(name)
        if unit.state("entrained"):
            raise ValueError(f"{name} is entrained: units moving by rail may not force march (5.6 R, 7.2 E)")
        if unit.is_fortification:
            raise ValueError(f"{name} is a fortification: it never moves (5.4 P)")
        section.add(f"{name}: +{extra} MP this Movement Phase (5.6 R)", unit=name, mp=extra,
                    quantity=Quantity("forced march MP", extra, of=name))
        _disruption(session, unit, section)


def probe(session, name, hex_name):
    """17.1 A, 17.2: a face-up cavalry unit next to the enemy rolls; 1-4 turns every unit in the hex face-up."""
    army, charts = session.army, session.charts
    cavalry = army.named(name)
    session.side = cavalry.side
    army.require_hex(hex_name)
    if cavalry.type != "cavalry" or cavalry.face_down:
        raise ValueError(f"{name} is not face-up cavalry: only face-up cavalry probe (5.5 Q, 17.1 A)")
    targets = army.in_hex(hex_name, enemy_of(cavalry.side))
    if not targets or not army.adjacent(cavalry.hex, hex_name):
        raise ValueError(f"{name} in {cavalry.hex} is not adjacent to enemy units in {hex_name} (17.1 A)")
    side = army.hexside(cavalry.hex, hex_name)
    section = session.report.section(f"{name} probes {hex_name} (17.2)")
    roll = session.d6(f"{name} probe {hex_name}")
    modifier = 0
    why = []
    if "river" in side:
        modifier += int(charts.rule("probe", "river_modifier"))
        why.append(f"+{charts.rule('probe', 'river_modifier')} across a major river")
    if "pass" in side:
        modifier += int(charts.rule("probe", "pass_modifier"))
        why.append(f"+{charts.rule('probe', 'pass_modifier')} through a pass")
    total = roll + modifier
    success = total in charts.rule("probe", "success")
    section.add(f"d6 {roll}{' ' + ' '.join(why) if why else ''} = {total}: "
                f"{'successful' if success else 'unsuccessful, the units stay as they are'}",
                roll=roll, modifier=modifier, total=total, success=success,
                quantity=[Quantity("probe succeeds", int(success), of=name),
                          Quantity("units turned face-up", len(targets) if success else 0, of=hex_name)])
    if not success:
        return

    for u in targets:
        u.known = u.known or army.viewer.own(cavalry.side)   # the prober now knows them
        section.add(f"turn face-up: {u.describe()}", unit=u.name, revealed=True)
    only_dummies = all(u.is_dummy or u.is_leader for u in targets)
    if only_dummies:
        section.add(f"only dummies (and leaders) found: {name} may move and probe on (17.1 A)", keep_moving=True)
    else:
        section.add(f"real units found: {name} may not move on after this probe (17.1 A)", keep_moving=False)
    cavalry_found = [u for u in targets if u.type == "cavalry"]
    if cavalry_found:
        section.add(f"{', '.join(u.name for u in cavalry_found)} stay face-up for the rest of the "
                    f"{cavalry.side} Player-Turn (17.1 A)")


def desertion(session, names):
    """18.2 B: each Confederate unit crossing the Potomac into the North rolls; on a 1 it is revealed
    and loses a step, and the Union scores the strength points lost."""
    army, charts = session.army, session.charts
    section = session.report.section("Confederate desertion (18.2 B)")
    total = 0
    for name in names:
        unit = army.named(name)
        if unit.side != "Confederate":
            raise ValueError(f"{name} is not a Confederate unit (18.2 B)")
        if unit.is_dummy:
            raise ValueError(f"{name} is a dummy: Confederate dummies never go north of the Potomac (18.1 A)")
        if not unit.is_combat:
            section.add(f"{name}: not a combat unit, no roll", unit=name)
            continue
        roll = session.d6(f"{name} desertion")
        if roll in charts.rule("desertion", "loss_rolls"):
            if not unit.known and army.viewer.side == "Union":
                unit.known = True   # revealed to the Union player
            lost, text = lose_steps(session, unit, 1, "one step, desertion")
            vp, _ = victory_points(session, unit, lost)
            total += vp
            section.add(f"d6 {roll}: revealed, {text}; the Union scores {vp} VP (20.1)", unit=name, roll=roll,
                        sp_lost=lost, vp=vp, quantity=Quantity("SP lost", lost, of=name))
        else:
            section.add(f"{name}: d6 {roll}, no loss", unit=name, roll=roll, quantity=Quantity("SP lost", 0, of=name))

        if unit.hex and not army.north(unit.hex):
            section.add(f"{name} stands in {unit.hex}, south of the Potomac: is it crossing? (18.2 B counts units "
                        f"entering the North)", unit=name)
        if unit.type == "cavalry" and unit.face_down:
            section.add(f"{name}: Confederate cavalry may be north of the Potomac only face-up (18.1 A)", unit=name)
    section.add(f"the Union scores {total} VP for desertion", vp=total, quantity=Quantity("VP", total, of="Union"))
