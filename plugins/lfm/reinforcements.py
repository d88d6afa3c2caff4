"""Reinforcement entry (26): the movement a stack entering the map has, in the column of stacks
entering on the same road that turn (26.5: each one space less than the one before it, the first
full hex entered counting), road movement only with no ZOI on the entry hex (26.6), and entry
delayed by a blocked entry hex (26.7). Stacking of an entering stack: stacking.py (26.4)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class EnteringStack:
    name: str
    road: str                # the road named on the Order of Appearance
    ma: int                  # its movement allowance this turn: the full MA, or the OOA's "3mf"
    reduced: bool = False    # the OOA gives a remaining allowance ("3mf", 26.3)
    road_movement: bool = True   # it enters using road movement (else normal movement)


@dataclass(frozen=True)
class EntryAllowance:
    stack: str
    road: str
    position: int            # its place in its column, 0 for the first
    movement: int            # road movement points when entering by road, else movement points
    road_movement: bool
    may_enter_zoc: bool      # 2.2, 26.3: not after road movement or a reduced (OOA) allowance
    clauses: tuple


def column_allowances(charts, stacks, entry_in_zoi=False):
    """26.5-26.6: each stack's movement, `stacks` in the order they enter. A stack entering by road
    has its MA x 4 road MP (5 MP: 20); each stack in the same column (option entry_column: the same
    road and MA, or the same road) one space less than the one before it (19, then 18). With a
    ZOI on the entry hex, no stack may use road movement (26.6)."""
    per_mp = int(charts.rule("reinforcement_entry", "road_mp_per_mp"))
    step = int(charts.rule("reinforcement_entry", "column_step"))
    by_ma = charts.option("entry_column") == "same_ma"
    seen, out = {}, []
    for s in stacks:
        key = (s.road, s.ma) if by_ma else (s.road,)
        k = seen.get(key, 0)
        seen[key] = k + 1
        by_road = s.road_movement and not entry_in_zoi
        full = s.ma * per_mp if by_road else s.ma
        movement = max(0, full - k * step)
        clauses = ["26.5: the first full hex it enters counts as part of its move"]
        if by_road:
            clauses.append(f"26.5: {s.ma} MP is {full} road MP")
        elif s.road_movement:
            clauses.append("26.6: a ZOI covers the entry hex: normal movement only")
        if k:
            column = f"{s.road} road" + (f", MA {s.ma}" if by_ma else "")
            clauses.append(f"26.5: stack {k + 1} of the column ({column}; option entry_column = "
                           f"\"{charts.option('entry_column')}\"): {k * step} {'road MP' if by_road else 'MP'} less than "
                           f"the first stack, {movement}")
        if s.reduced:
            clauses.append("26.3: its OOA allowance counts as road movement: it may not enter a ZOC")
        out.append(EntryAllowance(s.name, s.road, k, movement, by_road, not (by_road or s.reduced), tuple(clauses)))
    return tuple(out)


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    clause: str


def delayed_entry(charts, turns_delayed, distance):
    """26.7: may a stack whose entry hex was blocked (enemy units or enemy ZOC) enter `distance`
    hexes from its designated entry point after `turns_delayed` turns? Up to 5 hexes a turn delayed."""
    per_turn = int(charts.rule("reinforcement_entry", "delay_hexes_per_turn"))
    reach = per_turn * max(0, turns_delayed)
    if distance <= reach:
        return Verdict(True, f"26.7: {distance} hexes away, within {reach} after {turns_delayed} turn(s) delayed")
    return Verdict(False, f"26.7: {distance} hexes away, beyond {reach} after {turns_delayed} turn(s) delayed "
                          f"({per_turn} hexes a turn)")
