"""LIN 7.2 lines of communication: at most four non-road hexes to a road or rail hex, then along
road and rail to a friendly depot; a corps leader traces to Lee instead, who must have one himself.
Not through enemy units, nor across a major river but at a bridge; zones have no effect."""
from types import SimpleNamespace

from .traces import line_of_communication


class Lines:
    """Lines of communication in one position, each traced once."""

    def __init__(self, army, charts):
        self.army, self.charts = army, charts
        self._traces = {}

    def trace(self, unit):
        """The trace from the unit's hex (`.found`, `.hexes`, `.reason`); a corps leader's goes to
        the department leader, and is not found when he has none himself."""
        key = unit.piece.id
        if key not in self._traces:
            self._traces[key] = self._trace(unit)
        return self._traces[key]

    def has(self, unit):
        return self.trace(unit).found

    def _trace(self, unit):
        army, options = self.army, self.charts.options
        terms = dict(lines=options["loc_lines"], major_river=options["major_river"], bridge=options["bridge"],
                     enemy=army.enemy_hexes(unit.side), count_start=options["loc_count_start"])
        if unit.kind == "corps leader":
            lee = army.leader_of_kind(unit.side, "department leader")
            if lee is None:
                return _none(f"no {unit.side} department leader on the map")
            to_lee = line_of_communication(army.map, unit.hex, [lee.hex], **terms)
            if to_lee.found and not self.has(lee):
                to_lee.found = False
                to_lee.reason = f"{lee.name} has no line of communications himself"
            return to_lee
        depots = army.depots(unit.side, unit.hex)
        if not depots:
            return _none(f"no {unit.side} depot the line could reach")
        # 9.1: only an enemy combat unit in a depot's hex denies it to the line; a usable depot's hex
        # is reached whoever else stands there.
        terms["enemy"] = [h for h in terms["enemy"] if h not in depots]
        return line_of_communication(army.map, unit.hex, depots, **terms)


def _none(reason):
    return SimpleNamespace(found=False, hexes=[], steps=[], used=0, reason=reason)
