"""The Morale Check of a hex (6.1-6.2) rolled or a result given, its exact odds before rolling
(tasks/morale_procedures.py declares them with the morale side's other procedures: retreat (6.3),
rally (6.4), straggler recovery (9.4) and wrecked status (5.9), which live in their own modules)."""
from adjutant.procedures.report import Quantity

from .morale import apply_result, combine, morale_check, morale_odds, parse_result, retreat_optional
from .stack_effects import (STATE_NAMES, choose_leader, describe_stack, rule_unit, stack, stack_state, write_losses,
                            write_state)


def _fraction(p):
    return f"{p.numerator}/{p.denominator} ({float(p):.1%})"


def _given(session, units, state, code, stay, protected):
    """A result given (from a fire or close combat resolved elsewhere) applied as 6.2b combines it."""
    result = parse_result(session.charts, code, "result=")
    rule_units = [rule_unit(u) for u in units]
    if state == "bl":
        after, clause = result.state or "normal", "6.1: a Blood Lust stack's result is the Blood Lust table's: it " \
                                                  "replaces BL"
    else:
        after, clause = combine(state, result.state)
    losses, retreat, skipped, clauses = apply_result(result, rule_units, stay, protected)
    return result, after, losses, retreat, skipped, (clause,) + clauses


def check(session, hex_name, code, mods, leader_name, stay, protected):
    army, charts = session.army, session.charts
    units, side = stack(army, hex_name)
    session.side = side
    state = stack_state(units)
    section = session.report.section(f"Morale of {hex_name} (6.1-6.2)")
    section.add(f"{hex_name}: {describe_stack(units)}; the hex is {STATE_NAMES[state]} (6.0a)", hex=hex_name,
                state=state)
    if code:
        result, after, losses, retreat, skipped, clauses = _given(session, units, state, code, stay, protected)
        section.add(f"result {result.code} given", result=result.code)
    else:
        leader = choose_leader(units, hex_name, leader_name)
        c = morale_check(charts, [rule_unit(u) for u in units], state, session.roll, mods, leader, stay, protected)
        if c.table == "blood_lust_table":
            section.add(f"{c.unit} is Blood Lust: no Morale Check, 2d6 {c.roll} on the Blood Lust table: "
                        f"{c.result.code} (6.1)", roll=c.roll, result=c.result.code)
        else:
            shifts = "".join(f", {label} {value:+d}" for label, value in c.modifiers)
            section.add(f"{c.unit}'s morale {c.rating} (the top combat unit, 6.1){shifts}: column {c.column}; "
                        f"d66 {c.roll}: {c.result.code}", unit=c.unit, rating=c.rating, column=c.column,
                        roll=c.roll, result=c.result.code, shift=sum(v for _, v in c.modifiers))
        result, after, losses, retreat, skipped, clauses = c.result, c.after, c.losses, c.retreat, \
            c.retreat_skipped, c.clauses
    section.add(f"{STATE_NAMES[state]} + {result.state.upper() if result.state else 'NE'}: {STATE_NAMES[after]} "
                f"({clauses[0]})", before=state, after=after)
    write_losses(session, losses, section, result.clause)
    unharmed = [u.name for u in units if u.is_combat and u.name not in {loss.unit for loss in losses.losses}]
    if unharmed:
        section.add(f"no SP lost: {', '.join(unharmed)}", quantity=[Quantity("SP lost", 0, of=name)
                                                                  for name in unharmed])
    if losses.untaken:
        section.add(f"{losses.untaken} straggler loss{'es' if losses.untaken > 1 else ''} with no infantry or "
                    f"cavalry left to take {'them' if losses.untaken > 1 else 'it'} (5.8c)", untaken=losses.untaken)
    remaining = [u for u in units if u.hex == hex_name]
    write_state(session, remaining, after, section)
    _retreat_line(section, result, retreat, skipped, units, protected, hex_name)


def _retreat_line(section, result, retreat, skipped, units, protected, hex_name):
    if skipped:
        section.add(f"'*' result: the stack stays instead of retreating B{result.retreat} (6.2a)", retreat=0,
                    quantity=Quantity("retreat hexes", 0, of=hex_name))
    elif retreat:
        star = ""
        if result.star:
            star = (" ('*': this stack may stay instead, give stay=true, 6.2a)"
                    if retreat_optional([rule_unit(u) for u in units], protected) else
                    " ('*': only a stack with unlimbered artillery and other units, or in a Sunken Road or "
                    "Breastworks, may stay, 6.2a)")
        section.add(f"retreat {retreat} hex{'es' if retreat > 1 else ''} straight to the rear (6.3){star}: "
                    f"cwr.retreat hex={hex_name} path=...", retreat=retreat,
                    quantity=Quantity("retreat hexes", retreat, of=hex_name))
    elif result.retreat:
        section.add("no unit left to retreat (6.3b)", retreat=0, quantity=Quantity("retreat hexes", 0, of=hex_name))
    else:
        section.add("no retreat", retreat=0, quantity=Quantity("retreat hexes", 0, of=hex_name))


def odds(session, hex_name, mods, leader_name):
    army, charts = session.army, session.charts
    units, side = stack(army, hex_name)
    state = stack_state(units)
    leader = choose_leader(units, hex_name, leader_name)
    o = morale_odds(charts, [rule_unit(u) for u in units], state, mods, leader)
    section = session.report.section(f"Morale odds of {hex_name} (6.1-6.2b)")
    section.add(f"{hex_name}: {describe_stack(units)}; the hex is {STATE_NAMES[state]} (6.0a)", state=state)
    shifts = "".join(f", {label} {value:+d}" for label, value in o.modifiers)
    dice = "2d6 on the Blood Lust table (6.1)" if o.table == "blood_lust_table" else "d66"
    section.add(f"[{o.table}] column {o.column}{shifts}: {dice}", table=o.table, column=o.column)
    for cell, p in sorted(o.cells.items(), key=lambda kv: (-kv[1], kv[0])):
        section.add(f"{cell}: {_fraction(p)}", result=cell, chance=p)
    states = session.report.section("The state after the check (6.2b)")
    for after, p in sorted(o.states.items(), key=lambda kv: (-kv[1], kv[0])):
        states.add(f"{STATE_NAMES[after]}: {_fraction(p)}", state=after, chance=p)
