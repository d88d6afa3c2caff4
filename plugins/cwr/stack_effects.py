"""What the morale-side procedures read from a hex and write back to the save: a stack as the pure
rule modules take it, the hex's one morale state (6.0a), its leaders, and the new states, strengths
and eliminations written through the companion file's [units] mapping."""
from adjutant.plugin import name_list
import adjutant
from adjutant.procedures.report import Quantity

from .army import ArmyError, enemy_of
from .morale import Leader, hex_state
from .stragglers import Unit as RuleUnit

OFF_MAP = "Off Map"   # a module's map where eliminated units wait, when it has one
STATE_NAMES = {"normal": "Normal", "sh": "Shaken (Sh)", "dg": "Disorganized (DG)", "r": "Routed (R)",
               "bl": "Blood Lust (BL)"}


def parse_modifiers(text):
    """"LABEL:N,LABEL:N" as ((label, N), ...): the Morale Table's column shifts ("+" toward A)."""
    found = []
    for item in name_list(text):
        label, sep, value = item.rpartition(":")
        try:
            found.append((label.strip(), int(value)))
        except ValueError:
            raise ValueError(f"modifiers is LABEL:N[,LABEL:N ...] (N a whole column shift), not {item!r}") from None
        if not sep or not label.strip():
            raise ValueError(f"modifiers is LABEL:N[,LABEL:N ...], not {item!r}")
    return tuple(found)


def rule_unit(unit):
    """A unit as stragglers.Unit (the morale modules' unit); non-combat units have no strength."""
    if unit.is_combat:
        return RuleUnit(unit.name, unit.type, unit.morale, unit.sp, unit.printed_sp, unit.formation)
    return RuleUnit(unit.name, unit.type, unit.morale, 0, 0, unit.formation)


def stack(army, hex_name):
    """The units of a hex (top first) holding combat units of one side: (units, side)."""
    units = army.in_hex(hex_name)
    combat = [u for u in units if u.is_combat]
    if not combat:
        raise ArmyError(f"no combat unit in {hex_name}: no morale state to change (5.7d, 6.1)")
    sides = {u.side for u in combat}
    if len(sides) > 1:
        raise ArmyError(f"{hex_name} holds units of both sides (a close combat): resolve it first (7.0)")
    return units, combat[0].side


def enemy_hexes(army, side):
    """The hexes of every enemy unit of `side`: leaders, HQs, wagons and trains too (the glossary:
    "unit" is any military unit, "combat unit" only infantry, cavalry and artillery). The rules that
    say "enemy unit(s)" count them all: a retreat's direction and what stops it (6.3, 6.3c, 6.4 E),
    adjacency in 6.4 C, the distances of 6.4 E, 8.3 and 9.4."""
    return sorted({u.hex for u in army.of(enemy_of(side))})


def stack_state(units):
    """6.0a: the hex's one morale state from its combat units' markers."""
    return hex_state(u.state for u in units if u.is_combat)


def leaders(units):
    """The leaders of a stack with the rating they give morale (a brigade leader's morale rating, 9.1)."""
    return [Leader(u.name, u.morale_rating) for u in units if u.is_leader and u.morale_rating is not None]


def choose_leader(units, hex_name, name):
    """The leader named (he must be in the hex), or the best one there (6.1, 9.1: any one leader); None."""
    found = leaders(units)
    if name:
        chosen = next((l for l in found if l.name == name), None)
        if chosen is None:
            raise ArmyError(f"no leader named {name!r} in {hex_name} (its leaders: "
                            f"{', '.join(l.name for l in found) or 'none'})")
        return chosen
    return max(found, key=lambda l: l.rating, default=None)


def describe_stack(units):
    return ", ".join(u.describe() for u in units)


def write_state(session, units, state, section):
    """Writes `state` on every combat unit of `units` that is not in it; a line for each."""
    for unit in units:
        if not unit.is_combat or unit.state == state:
            continue
        before = unit.state
        if session.army.write(unit, "state", state):
            section.add(f"{unit.name}: {STATE_NAMES[before]} -> {STATE_NAMES[state]} (written)", unit=unit.name,
                        state=state)
        else:
            section.add(f"{unit.name}: mark it {STATE_NAMES[state]} (the state is not writable in this module)",
                        unit=unit.name, state=state)


def write_losses(session, losses, section, why):
    """Writes each unit's strength after `losses` (stragglers.Losses); eliminated units taken off the map."""
    for loss in losses.losses:
        unit = session.army.named(loss.unit)
        written = session.army.write(unit, "sp", loss.after)
        kind = losses.kind if loss.lost != 1 else losses.kind[:-1]   # "1 straggler", "2 casualties"
        kind = "casualty" if kind == "casualtie" else kind
        text = (f"{unit.name}: {loss.before} -> {loss.after} SP, {loss.lost} {kind} ({why})"
                + ("" if written else " (record it: the strength is not writable in this module)"))
        if loss.eliminated:
            text += ": " + eliminate(session, unit)
        section.add(text, unit=unit.name, sp=loss.after, lost=loss.lost, kind=losses.kind,
                    quantity=Quantity("SP lost", loss.lost, of=unit.name))


def eliminate(session, unit):
    """Takes the unit off the map: onto the module's Off Map when it has one. The text says where."""
    army = session.army
    try:
        off = army.game.map(OFF_MAP)
    except adjutant.GameStateError:   # no such map: the player removes it
        text = "eliminated, remove it from the map"
    else:
        x, y = off.point_of("0101")
        army.game.move_piece(unit.piece.id, OFF_MAP, x, y)
        text = f"eliminated (moved to the {OFF_MAP})"
    if unit in army.units:
        army.units.remove(unit)
        army.off_map.append(unit)
    unit.hex = ""
    return text
