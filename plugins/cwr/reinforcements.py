"""Reinforcements (3.6): the MP each unit of a group spends to come on at its Entry hex, lined up
off the map, and the Entry hexes a blocked arrival may shift to along the map edge (3.6a)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Arrival:
    unit: str
    position: int      # n: the unit counts the Entry hex as its n-th hex of movement
    mp_spent: float    # n times the Entry hex's cost (the road goes on off the map)
    mp_left: float
    enters: bool       # False: it waits off the map for the next friendly Movement Phase
    clause: str = "3.6"


def arrivals(units, entry_cost, waiting=0):
    """3.6: in the order they are lined up, the n-th unit (after `waiting` units still lined up at
    this Entry hex from before) counts the Entry hex as its n-th hex of movement: it has spent n times
    `entry_cost` (the hex's cost, or its road rate when the Entry hex has a road) on entering.
    `units`: (name, movement allowance) pairs. A unit without the MP for it stays lined up off the
    map and enters next friendly Movement Phase (3.6 Design Note)."""
    out = []
    for n, (name, allowance) in enumerate(units, start=1 + waiting):
        spent = n * entry_cost
        enters = spent <= allowance
        out.append(Arrival(name, n, spent, allowance - spent if enters else allowance, enters))
    return out


@dataclass(frozen=True)
class EntryShift:
    entry: str
    blocked: bool
    reach: int         # the shift allowed, in hexes along the map edge (0: the Entry hex itself)
    hexes: tuple       # the unblocked edge hexes within that shift, nearest first
    wait: bool = False # the Army Supply Train may wait for a road Entry hex
    clause: str = "3.6a"


def entry_hexes(edge, entry, blocked, charts, needs_road=False, has_road=None):
    """3.6a: an Entry hex blocked by enemy units or EZOC shifts along the map edge up to 10 hexes in
    either direction, then 10 more, until the reinforcements can enter. `edge`: the map edge's hexes
    in order; `blocked(hex)`: enemy units or EZOC block it. The Army Supply Train (`needs_road`,
    `has_road(hex)`) may delay its arrival until a road Entry hex is available."""
    if entry not in edge:
        raise ValueError(f"the Entry hex {entry} is not on the map edge given")
    step = int(charts.rule("reinforcements", "entry_shift"))
    usable = (lambda h: not blocked(h) and has_road(h)) if needs_road else (lambda h: not blocked(h))
    if usable(entry):
        return EntryShift(entry, False, 0, (entry,), clause="3.6")
    at = edge.index(entry)
    reach = step
    while True:
        near = sorted((h for i, h in enumerate(edge) if 0 < abs(i - at) <= reach),
                      key=lambda h: (abs(edge.index(h) - at), edge.index(h)))
        found = tuple(h for h in near if usable(h))
        if found:
            return EntryShift(entry, True, reach, found)
        if reach >= len(edge):
            return EntryShift(entry, True, reach, (), wait=needs_road)
        reach += step
