"""Reinforcement entry on a save (26): the stacks named, off the map (the Reinforcements box),
entering in a column on their side's entry hex (the companion file's [[map.place]] kind "entry"),
each stack's road MP (26.5), road movement lost to a ZOI on the entry hex (26.6), and a delayed
entry's reach (26.7)."""
from adjutant.procedures.report import Quantity

from .army import ArmyError, enemy_of
from .reinforcements import EnteringStack, column_allowances, delayed_entry

QUARTERS = 4   # the companion file counts MP in quarters (docs/lfm.md)


def box_stacks(army, wanted):
    """The off-map stacks (every unit in one place of the box) holding the units named, in the order
    first named."""
    def where(unit):
        return unit.piece.map, unit.piece.x, unit.piece.y
    stacks = {}
    for name in wanted:
        unit = army.named(name)
        if unit.hex:
            raise ArmyError(f"{name} is on the map ({unit.hex}), not waiting to enter")
        # a save lists a stack's pieces bottom first
        stacks.setdefault(where(unit), [u for u in reversed(army.off_map) if where(u) == where(unit)])
    return list(stacks.values())


def entry(session, units, road, delayed, enter):
    army = session.army
    stacks = box_stacks(army, units)
    sides = {u.side for s in stacks for u in s}
    if len(sides) != 1:
        raise ArmyError(f"the stacks named are of {' and '.join(sorted(sides))}: one side enters at a time")
    side = sides.pop()
    places = [p for p in army.map.places("entry") if str(p.properties.get("side", "")) == side]
    if road:
        places = [p for p in places if p.name == road]
    if not places:
        raise ArmyError(f"no entry place for {side}" + (f" named {road!r}" if road else "") +
                        " in the companion file ([[map.place]] kind \"entry\")")
    place = places[0]
    hex_name = place.hexes[0]
    zoi = hex_name in session.influence_hexes(enemy_of(side))
    enemy_units = [u.name for u in army.in_hex(hex_name) if u.side != side]
    zoc = hex_name in army.zone_hexes(enemy_of(side))
    section = session.report.section(f"{side} reinforcements on the {place.name} ({hex_name}, 26.5)")
    section.add(f"entry hex {hex_name}: " + ("in an enemy ZOI: normal movement only (26.6)" if zoi else
                                            "no enemy ZOI: road movement allowed (26.6)"), hex=hex_name, zoi=zoi)
    if enemy_units or zoc:
        why = f"enemy units in it ({', '.join(enemy_units)})" if enemy_units else "in an enemy ZOC"
        section.add(f"entry hex {hex_name} blocked, {why}: a stack entering it stops there (5.2), if it may enter "
                    f"a ZOC at all (5.5, 5.7); or it delays its entry, then enters up to 5 hexes away a turn "
                    f"delayed (26.7)", blocked=True)
    entering = []
    for stack in stacks:
        ma = min(int(u.attributes["ma"]) for u in stack)
        entering.append(EnteringStack(stack[0].name, place.name, ma // QUARTERS))
    for stack, a in zip(stacks, column_allowances(session.charts, entering, entry_in_zoi=zoi)):
        what = "road MP" if a.road_movement else "MP"
        section.add(f"stack {a.position + 1}: {', '.join(u.name for u in stack)}: {a.movement} {what}; "
                    + "; ".join(a.clauses), stack=[u.name for u in stack], movement=a.movement,
                    road_movement=a.road_movement, quantity=Quantity(what, a.movement, of=stack[0].name))
    if enter:
        late = session.report.section("Delayed entry (26.7)")
        army.require_hex(enter)
        if len(army.neighbours(enter)) == 6:
            raise ArmyError(f"{enter} is not on the map edge: reinforcements enter at the edge of the map (26.2), "
                            f"a delayed stack too (26.7)")
        v = delayed_entry(session.charts, delayed, army.distance(hex_name, enter))
        late.add(f"entering in {enter} after {delayed} turn(s) delayed: {v.clause}", hex=enter, allowed=v.allowed)
