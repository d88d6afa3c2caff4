"""Whether one hex is within a command range of another (20.4, 20.5, 20.8, 20.11, 20.13), from
distance facts the procedure layer traces on the map; this module never sees the map.

A fact is a `Reach`: `hexes`, the hexes counted as a range is; `path`, the length of the shortest
trace 20.11 allows (through zones of influence, not through an enemy zone of control unless a
friendly unit is in the hex; its last hex may be in one), None when there is none at any length;
`end_zoned`, whether the last hex is in an enemy zone of control with no friendly unit but
commanders. The chart file's options read them:

  command_distance   "path": within N when the trace is N hexes or fewer (a trace goes round
                     what blocks it); "hexes": within N when the range is N hexes and any trace
                     exists (20.11 says only "within N hexes").
  command_trace_end  "into": the trace may end in an enemy zone (20.11 "It can be traced into a
                     ZOC"); "clear": its last hex too must be out of one or hold a friendly unit.
"""
from collections.abc import Mapping
from dataclasses import dataclass

from adjutant.procedures.words import counted


@dataclass(frozen=True)
class Reach:
    hexes: int
    path: int = None
    end_zoned: bool = False


STACKED = Reach(0, 0, False)


def reach_facts(distance):
    """`distance` as a function (from_hex, to_hex) -> Reach: a callable or a mapping {(a, b): fact}
    (either order) whose facts are Reach or a number of hexes (a trace of that length, None for no
    trace). Hexes stacked together are always within reach."""
    if isinstance(distance, Mapping):
        table = distance

        def distance(a, b):
            if (a, b) in table:
                return table[(a, b)]
            if (b, a) in table:
                return table[(b, a)]
            raise KeyError(f"no distance fact from {a} to {b}")

    def reach(a, b):
        if a == b:
            return STACKED
        fact = distance(a, b)
        if isinstance(fact, Reach):
            return fact
        if fact is None:
            raise ValueError(f"no distance fact from {a} to {b}: give a Reach (hexes, path None) for no trace")
        return Reach(int(fact), int(fact), False)

    return reach


def within(fact, most, options):
    """(bool, why): is `fact` (a Reach) within `most` hexes as the options read 20.11?"""
    if options["command_trace_end"] == "clear" and fact.end_zoned and fact.hexes > 0:
        return False, "its hex is in an enemy zone with no friendly unit (option command_trace_end = \"clear\", 20.11)"
    if fact.path is None:
        return False, "no command trace reaches it (20.11: not through an enemy zone unless a friendly unit is there)"
    if options["command_distance"] == "hexes":
        if fact.hexes <= most:
            return True, f"{counted(fact.hexes, 'hex', 'hexes')} away, within {most}"
        return False, f"{counted(fact.hexes, 'hex', 'hexes')} away, beyond {most}"
    if fact.path <= most:
        return True, f"a trace of {counted(fact.path, 'hex', 'hexes')}, within {most}"
    return False, f"the shortest trace is {counted(fact.path, 'hex', 'hexes')}, beyond {most}"
