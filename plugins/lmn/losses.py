"""Step losses (10.0-10.1, 15.4): the Unit Step Reduction Chart applied to a unit, its new strength
written, an eliminated unit taken off the map; and the Victory Points its loss gives the enemy (20.1)."""
import adjutant

from .army import enemy_of

OFF_MAP = "Off Map"   # the module's map where eliminated units wait (and militia not yet raised, 18.3)


def lose_steps(session, unit, steps, why):
    """Takes `steps` steps from the unit by 10.1's ladders (fortifications one SP a step); writes its
    strength, takes it off the map when none is left. Returns (SP lost, text)."""
    army, charts = session.army, session.charts
    before = strength = unit.strength
    ladder = [strength]
    for _ in range(steps):
        if strength == 0:
            break
        strength = charts.reduced(unit.side, "fortification" if unit.is_fortification else unit.kind, strength)
        ladder.append(strength)
    lost = before - strength
    text = f"{unit.name}: {' -> '.join(map(str, ladder))} ({why})"
    if len(ladder) - 1 < steps:
        text += f"; it had only {len(ladder) - 1} to lose"
    if strength != before and not army.write(unit, "strength", strength):
        text += " (record it: strength is not writable in this module)"
    if strength == 0:
        text += ": " + eliminate(session, unit)
    return lost, text


def eliminate(session, unit):
    """Takes the unit off the map: onto the module's Off Map when it has one. The text says where."""
    game = session.army.game
    try:
        off = game.map(OFF_MAP)
    except adjutant.GameStateError:  # no such map: the player removes it
        return "eliminated, remove it"
    x, y = off.point_of("0101")
    game.move_piece(unit.piece.id, OFF_MAP, x, y)
    army = session.army
    if unit in army.units:
        army.units.remove(unit)
        army.waiting.append(unit)
    unit.hex = ""
    return f"eliminated (moved to the {OFF_MAP})"


def victory_points(session, unit, lost):
    """20.1: the enemy scores 1 VP per strength point lost."""
    return lost * int(session.charts.rule("victory", "sp_lost")), enemy_of(unit.side)
