"""The Rally Phase (6.4) of one side on a save: each of its stacks with the facts the map gives
(adjacent to an enemy unit, hexes to the nearest, leaders in the hex, a way to 6 hexes from every
enemy unit), the five steps in order (rally.rally), the states written, Routed stacks that must
retreat or are eliminated reported."""
from collections import deque

from adjutant.procedures.report import Quantity

from .distances import Distances
from .rally import RallyStack, rally
from .retreat_procedure import OFF
from .retreat_steps import RetreatSteps
from .stack_effects import (STATE_NAMES, eliminate, enemy_hexes, leaders, rule_unit, stack_state,
                            write_losses, write_state)


class RallyMap:
    """Every enemy unit of `side` (6.4 C, E say "enemy unit": leaders, HQs, wagons and trains too,
    the glossary's "unit") and the hexes a stack may retreat through; distances to them as the option
    `distance` counts them (distances.py)."""

    def __init__(self, army, side, distance, charts):
        self.army, self.side, self.distance = army, side, distance
        self.map_edge = charts.option("rally_map_edge")
        self.enemy = enemy_hexes(army, side)
        self.measure = Distances(army, charts, side)

    def nearest(self, hex_name, unit_class=None):
        """Hexes to the nearest enemy unit; None when there is none (or no path to one)."""
        found = self.measure.nearest(hex_name, self.enemy, unit_class)
        return None if found is None else found.hexes

    def safe(self, hex_name, unit_class=None):
        nearest = self.nearest(hex_name, unit_class)
        return nearest is None or nearest >= self.distance

    def _search(self, hex_name, steps, barred, goal):
        """The fewest legal retreat steps (retreat_steps.RetreatSteps, the rules cwr.retreat judges a
        path by) from `hex_name` to a hex meeting `goal`, through no hex of `barred`: the hexes after
        the start; None when there is none."""
        came = {hex_name: None}
        queue = deque([hex_name])
        while queue:
            here = queue.popleft()
            if goal(here):
                path = []
                while here != hex_name:
                    path.append(here)
                    here = came[here]
                return path[::-1]
            for there in self.army.neighbours(here):
                if there not in came and there not in barred and steps.legal(here, there):
                    came[there] = here
                    queue.append(there)
        return None

    def way_out(self, units):
        """6.4 E: the shortest retreat (hexes after the start) of the stack `units` to a hex 6 or more
        hexes from every enemy unit, each step one cwr.retreat accepts (6.3: to the rear, away from
        enemy units; through no enemy unit or terrain its class may not enter, 6.3c), avoiding friendly
        combat units where it can (6.0a: a unit stacking even momentarily with a Routed unit is
        Routed). With no such way on the map and the option rally_map_edge "off", the shortest legal
        retreat off it (ending with OFF; 6.3c: its strength lost as stragglers). (path, the friendly
        combat units it would Rout); None when the stack cannot retreat."""
        hex_name = units[0].hex
        steps = RetreatSteps(self.army, units, self.side)
        friends = {u.hex for u in self.army.of(self.side) if u.is_combat and u.hex != hex_name}
        safe = lambda h: h != hex_name and self.safe(h, steps.unit_class)  # noqa: E731
        goals = [(safe, [])] + ([(steps.off_to_the_rear, [OFF])] if self.map_edge == "off" else [])
        for goal, last in goals:
            for barred in (friends, set()):
                path = self._search(hex_name, steps, barred, goal)
                if path is not None:
                    return path + last, [u for h in path for u in self.army.in_hex(h, self.side) if u.is_combat]
        return None


# What a step's roll decides, as (the outcome counted, the state after that is it): 1 when it
# happened, 0 when it did not (6.4 C, D).
ROLLED_OUTCOME = {"C": ("Blood Lust ended", "normal"), "D": ("rallied to DG", "dg")}


def _rolled_outcome(event):
    if event.roll is None:
        return {}
    name, state = ROLLED_OUTCOME[event.step]
    return {"quantity": Quantity(name, int(event.after == state), of=event.hex)}


def rally_side(session, side):
    army, charts = session.army, session.charts
    facts = RallyMap(army, side, int(charts.rule("rally", "enemy_distance")), charts)
    units_of, ways, stacks = {}, {}, []
    for hex_name, units in army.stacks().items():
        own = [u for u in units if u.side == side]
        if not any(u.is_combat for u in own):
            continue
        units_of[hex_name] = own
        state = stack_state(own)
        unit_class = next((u.attributes.get("class") for u in own if u.is_combat), None)
        nearest = facts.nearest(hex_name, unit_class)
        way = None
        if state == "r" and nearest is not None and nearest < facts.distance:
            way = ways[hex_name] = facts.way_out(own)
        stacks.append(RallyStack(hex_name, tuple(rule_unit(u) for u in own), state, tuple(leaders(own)),
                                 adjacent_enemy=nearest == 1, enemy_distance=99 if nearest is None else nearest,
                                 can_retreat=way is not None))
    after, events = rally(charts, stacks, session.roll)
    section = session.report.section(f"{side} Rally Phase (6.4 A-E)")
    if not events:
        section.add(f"no {side} stack is Shaken, Disorganized, Blood Lust or Routed: nothing to rally")
    for event in events:
        section.add(f"{event.step}. {event.hex}: {STATE_NAMES[event.before]} -> {STATE_NAMES[event.after]}: "
                    f"{event.text}", step=event.step, hex=event.hex, before=event.before, after=event.after,
                    roll=event.roll, **_rolled_outcome(event))
        if event.retreat:
            way, routed = ways[event.hex]
            what = ("no retreat on the map reaches it: the shortest way off the map (6.3c: all its strength lost "
                    "as stragglers)" if way[-1] == OFF else "the shortest way")
            section.add(f"   {event.hex} retreats until {facts.distance} hexes from every enemy unit, each step to "
                        f"the rear, never nearer the nearest enemy unit (6.3; Routed: no facing, 6.0b); {what}"
                        f"{'' if routed else ' clear of friendly combat units'} is {', '.join(way)} ({len(way)} "
                        f"hexes): cwr.retreat hex={event.hex} path={','.join(way)}", hex=event.hex, path=way,
                        quantity=Quantity("retreat hexes", len(way), of=event.hex))
            if routed:
                section.add(f"   no way avoids friendly combat units: "
                            f"{', '.join(f'{u.name} ({u.hex})' for u in routed)} would be Routed by stacking with "
                            f"the Routed stack, even momentarily (6.0a), or displace (6.3d)", hex=event.hex,
                            routs=[u.name for u in routed])
    written = session.report.section("States written")
    for s in after:
        write_state(session, units_of[s.hex], s.state, written)
    for event in events:
        if event.losses is not None:
            write_losses(session, event.losses, written, "6.4 E")
            for unit in units_of[event.hex]:
                if unit.hex:
                    written.add(f"{unit.name}: {eliminate(session, unit)} with its stack (6.4 E)", unit=unit.name)
    if not written.lines:
        written.add("no state changed")
