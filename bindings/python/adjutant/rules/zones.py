"""Zones of control written in Python, for rules the companion file's [movement.zones] cannot say.

    class Screen(adjutant.ZoneOfControl):
        def __init__(self, hexes):
            self.hexes = set(hexes)
        def controlled(self, hex):
            return hex in self.hexes
        def step(self, from_hex, to_hex, first, used_line):
            if to_hex in self.hexes:
                return adjutant.ZoneStep(cost=1, reason="cavalry screen")
            return None

    zones = movement.python_zones(Screen(["2724", "2725"]))
    movement.reach("2824", ["infantry"], 4, zones=zones)

The search calls step() for every step it considers, so these are much slower than zones().
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class ZoneStep:
    """What a zone does to one step: MP added (a number, Fraction or "1/2"), whether the mover must
    stop in the hex entered, whether the step may not be made, why, and an effect for the report."""

    cost: object = 0
    stop: bool = False
    prohibited: bool = False
    reason: str = ""
    effect: str = ""


class ZoneOfControl:
    """Base of a zone of control written in Python: override step() and controlled()."""

    def step(self, from_hex, to_hex, first, used_line):
        """The ZoneStep for moving from from_hex to the adjacent to_hex (hex names); `first` for the
        move's first step, `used_line` when an earlier step went along a road. None: no effect."""
        return None

    def controlled(self, hex):
        """Whether an enemy zone covers the hex."""
        return False
