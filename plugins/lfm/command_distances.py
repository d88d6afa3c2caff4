"""Command distances on the map (20.11), as command_reach takes them: from one hex to another for
one side, the range in hexes and the shortest command trace (traces.command: through zones of
influence, which do not count; into but not through an enemy zone of control unless a friendly
combat unit is in that hex), and whether the last hex is in an enemy zone with no friendly combat
unit there. The traces are kept for the picture."""
from .army import enemy_of
from .command_reach import Reach
from .traces import command


class CommandDistances:
    """A callable (from_hex, to_hex) -> Reach for the units of `side` in `army`."""

    def __init__(self, army, side):
        self.army = army
        self.zones = army.engine_zones(side)
        self.zoned = army.zone_hexes(enemy_of(side))
        self.friendly = sorted({u.hex for u in army.of(side) if u.is_combat})
        self.far = len(army.hexes)          # no trace on the map is longer
        self.traces = {}                    # (from_hex, to_hex) -> the engine's trace

    def trace(self, a, b):
        if (a, b) not in self.traces:
            self.traces[(a, b)] = command(self.army.map, a, self.far, targets=[b], zones=self.zones,
                                          zone_exempt=self.friendly)
        return self.traces[(a, b)]

    def path(self, a, b):
        """The hexes of the shortest command trace from a to b ([a] when they are one hex, [] when none)."""
        if a == b:
            return [a]
        found = self.trace(a, b)
        return list(found.hexes) if found.found else []

    def __call__(self, a, b):
        found = self.trace(a, b)
        return Reach(self.army.distance(a, b), int(found.used) if found.found else None,
                     b in self.zoned and b not in self.friendly)
