"""The hexes between units for the rules that count them (8.3: resupply at least 4 hexes from every
enemy unit and within 2 of the wagon; 6.4 E: Routed stacks within 6 hexes of the enemy retreat;
9.4: straggler recovery at least 6 hexes from the enemy), as the chart file's option `distance`
reads them (rules catalogue 3F: range or path length):

  range  the hexes counted as range is (4.0, 5.0): the shortest line of hexes, whatever is in them;
  path   the hexes a unit would walk: the engine's trace in hexes, around the terrain and hexsides its
         movement class may not enter or cross and the hexes of enemy combat units (3.0b); the last
         step, into the other unit's own hex, is always counted (a battery is 1 hex from infantry in
         a forest it may not enter). No such path: no distance (None), as far as can be."""
from dataclasses import dataclass

from .army import enemy_of

FAR = 999   # hexes: a path trace measures the whole way


@dataclass(frozen=True)
class Distance:
    hexes: object      # int, None when no path reaches the target
    to: str            # the hex measured to ("" when none)
    path: tuple = ()   # the path reading: the hexes walked, from the start to `to`

    def text(self, reading):
        if self.hexes is None:
            return "no path"
        walked = f" (path {'-'.join(self.path)})" if reading == "path" and len(self.path) > 2 else ""
        return f"{self.hexes} hex{'' if self.hexes == 1 else 'es'}{walked}"


class Distances:
    """Distances for units of `side`: enemy combat units block a path (3.0b)."""

    def __init__(self, army, charts, side):
        self.army, self.reading = army, charts.option("distance")
        self.blocked = sorted({u.hex for u in army.of(enemy_of(side)) if u.is_combat})

    def nearest(self, start, targets, unit_class=None):
        """The Distance from `start` to the nearest of `targets` (hexes) for a unit of `unit_class`;
        None when there are no targets."""
        targets = sorted(set(targets))
        if not targets:
            return None
        if self.reading == "range":
            hexes, to = min((self.army.distance(start, t), t) for t in targets)
            return Distance(hexes, to, (start, to))
        if start in targets:
            return Distance(0, start, (start,))
        approach = {}   # a hex next to a target -> that target
        for target in targets:
            for hex_name in self.army.neighbours(target):
                approach.setdefault(hex_name, target)
        if start in approach:
            return Distance(1, approach[start], (start, approach[start]))
        trace = self.army.map.trace(start, sorted(approach), measure="hexes", most=FAR, unit_class=unit_class or None,
                                    blocked=[h for h in self.blocked if h != start])
        if not trace.found:
            return Distance(None, "")
        end = trace.hexes[-1]
        return Distance(int(trace.used) + 1, approach[end], tuple(trace.hexes) + (approach[end],))

    def between(self, start, target, unit_class=None):
        return self.nearest(start, [target], unit_class)

    def note(self, session):
        session.report.note(f"option distance = {self.reading!r}: hexes between units counted "
                            f"{'as range is (4.0)' if self.reading == 'range' else 'along the path a unit would walk'}"
                            " (docs/cwr.md)")
