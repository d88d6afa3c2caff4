"""LIN 8.9 railroad movement: the rail hexes the Union may use, the rail routes between them, what
a move that entrains, rides and detrains costs, and the rail capacity of one Movement Phase."""
import math
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from adjutant.rules.mp import mp_text

ENTRAIN = DETRAIN = Fraction(1)   # 8.9 steps 2 and 5
HEXES_PER_MP = 7                  # 8.9 step 4: 1 MP for every 7 hexes
DESTINATION_HEXES = 28            # 8.9 Destination Markers: 28 hexes (4 MP's worth) a turn, no CP needed
RAIL = "rail"
EXEMPT_KINDS = ("department leader", "cavalry commander")   # 8.9: moved by rail beyond the limits


def rail_cost(hexes):
    """8.9: 1 MP for every 7 hexes (or part of 7) moved by rail."""
    return Fraction(math.ceil(hexes / HEXES_PER_MP))


class RailNet:
    """The rail lines of a map a Union unit may ride (8.9: every rail hex north of the Potomac and
    the B&O south of it, given as the companion file's areas), less destroyed rail hexes and
    destroyed bridges (8.7)."""

    def __init__(self, movement, terrain, areas, destroyed_rail=frozenset(), destroyed_bridges=frozenset()):
        known = {a.name for a in movement.areas()}
        if not known & set(areas):
            raise ValueError(f"option union_rail_areas: none of {', '.join(areas)} is an area of the companion "
                             f"file's map {terrain.map!r} (its areas: {', '.join(sorted(known)) or 'none'})")
        cut = {frozenset(h.split("/")) for h in destroyed_bridges}
        self.links = {}
        for a, b, lines in terrain.line_crossings():
            if RAIL not in lines or frozenset((a, b)) in cut:
                continue
            self.links.setdefault(a, set()).add(b)
            self.links.setdefault(b, set()).add(a)
        self.hexes = {h for h in self.links
                      if h not in destroyed_rail and set(movement.areas_at(h)) & set(areas)}

    def usable(self, hex_name):
        return hex_name in self.hexes

    def routes(self, start, blocked=()):
        """{hex: (rail hexes from start, previous hex)} along usable rail, never into a blocked hex."""
        if start not in self.hexes:
            return {}
        found = {start: (0, None)}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self.links.get(here, ())):
                if there in found or there not in self.hexes or there in blocked:
                    continue
                found[there] = (found[here][0] + 1, here)
                queue.append(there)
        return found

    @staticmethod
    def route(found, end):
        hexes = []
        while end is not None:
            hexes.append(end)
            end = found[end][1]
        return hexes[::-1]


@dataclass
class RailTrip:
    """One move's part of the rail procedure (8.9): entrained before it, riding in it, entrained after."""

    before: bool
    after: bool
    riding: Optional[bool] = None   # None: not known (two saves), the cheapest way is taken


@dataclass
class RailPath:
    """A move costed by 8.9, shaped like the search's path for the verdict."""

    total: Fraction
    hexes: list
    rail_hexes: int
    allowance: Optional[Fraction]
    detail: str
    legal: bool = True
    reason: str = ""
    steps: list = field(default_factory=list)


def rail_path(movement, net, start, end, classes, allowance, enemy_hexes, zones, friendly, trip):
    """The cheapest way from start to end that walks to a rail hex, entrains (1 MP), rides (1 MP per
    7 hexes), detrains (1 MP) and walks on, as much of it as `trip` leaves open; None when there is none."""
    # Riding in this very move (a log), the unit entrained where it stood: no walk to the rail first.
    stands = trip.before or trip.riding
    walk_to = {start: (Fraction(0), [start])} if stands else _walks_from(
        movement, net, start, classes, enemy_hexes, zones, friendly)
    if stands and not net.usable(start):
        return None
    best = None
    for entrain_at, (walked, walk_hexes) in sorted(walk_to.items()):
        found = net.routes(entrain_at, blocked=set(enemy_hexes)) if trip.riding is not False else {entrain_at: (0, None)}
        for detrain_at, (n, _) in found.items():
            if trip.riding and n == 0:
                continue
            if trip.after and detrain_at != end:
                continue
            cost = walked + (0 if trip.before else ENTRAIN) + rail_cost(n)
            rest = [detrain_at]
            if not trip.after:
                on = _walk(movement, detrain_at, end, classes, enemy_hexes, zones, friendly)
                if on is None:
                    continue
                cost += DETRAIN + on.total
                rest = list(on.hexes)
            if best is None or cost < best[0]:
                best = (cost, walk_hexes[:-1] + net.route(found, detrain_at) + rest[1:], n, entrain_at, detrain_at)
    if best is None:
        return None
    cost, hexes, n, entrain_at, detrain_at = best
    parts = [] if trip.before else [f"entrain at {entrain_at} {mp_text(ENTRAIN)}"]
    parts.append(f"{n} hex{'' if n == 1 else 'es'} by rail {mp_text(rail_cost(n))}")
    if not trip.after:
        parts.append(f"detrain at {detrain_at} {mp_text(DETRAIN)}")
    path = RailPath(cost, hexes, n, allowance, f"by rail (8.9): {', '.join(parts)}")
    if allowance is not None and cost > allowance:
        path.legal = False
        path.reason = f"costs {mp_text(cost)} MP {path.detail}, over the allowance of {mp_text(allowance)}"
    return path


def _walks_from(movement, net, start, classes, enemy_hexes, zones, friendly):
    """{rail hex: (MP, hexes)} the mover can walk to before entraining, where it need not stop."""
    reach = movement.reach(start, classes, 1000, enemy_hexes, zones, friendly=friendly)
    out = {}
    for hex_name, (left, must_stop) in reach.items():
        if net.usable(hex_name) and not must_stop:
            walk = _walk(movement, start, hex_name, classes, enemy_hexes, zones, friendly)
            if walk is not None:
                out[hex_name] = (walk.total, list(walk.hexes))
    return out


def _walk(movement, a, b, classes, enemy_hexes, zones, friendly):
    if a == b:
        return RailPath(Fraction(0), [a], 0, None, "")
    return movement.path(a, b, classes, None, enemy_hexes, zones, friendly=friendly)


@dataclass
class RailCapacity:
    """8.9 Rail Capacity, over one Movement Phase: one corps, or the artillery division, or two
    detachments, militia units, supply wagons or cavalry divisions; the department leader and the
    cavalry commander beyond these."""

    riders: dict = field(default_factory=dict)   # unit name -> what it counts as

    @staticmethod
    def category(unit):
        kind, type_ = unit.get("kind", ""), unit.get("type", "")
        if kind in EXEMPT_KINDS:
            return None
        if type_ == "artillery":
            return "artillery"
        if type_ == "infantry" and kind not in ("detachment", "militia"):
            return "corps"
        if kind in ("detachment", "militia", "wagon") or type_ in ("cavalry", "wagon"):
            return "small"
        return None

    def add(self, name, unit):
        """Counts a unit that moves by rail; the sentence saying why the phase's rail capacity is
        exceeded now, or ''."""
        category = self.category(unit)
        if category is None:
            return ""
        self.riders[name] = category
        counts = {c: sum(1 for v in self.riders.values() if v == c) for c in ("corps", "artillery", "small")}
        kinds = sum(1 for n in counts.values() if n)
        if kinds <= 1 and counts["corps"] <= 1 and counts["artillery"] <= 1 and counts["small"] <= 2:
            return ""
        return (f"rail capacity exceeded (8.9): {', '.join(sorted(self.riders))} by rail this phase (one corps, or "
                f"the artillery division, or two detachments, militia units, wagons or cavalry divisions)")
