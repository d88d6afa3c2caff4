"""A retreat the player gives, judged and made (6.3): each step to the rear by the rules of
retreat_steps.py (a faced stack's rear hexsides; away from the enemy for a stack without facing, a
Routed one too, 6.0b), no doubling back; friendly units in the path
displaced or joining; the first hex in an enemy zone drawing the enemy's free fire (6.3e); a stack
that cannot go the whole distance Routed (6.3c); off the map, its strength lost as stragglers. An
illegal or incomplete path is refused (RetreatRefused) before anything is written."""
from dataclasses import dataclass

from adjutant.procedures.report import Quantity

from .army import ArmyError, enemy_of
from .morale import causes_displacement, displaced, ezoc_retreat, retreat_outcome
from .retreat_steps import RetreatSteps
from .stack_effects import (STATE_NAMES, describe_stack, eliminate, rule_unit, stack, stack_state, write_losses,
                            write_state)

OFF = "off"   # the last word of a path that leaves the map


class RetreatRefused(ValueError):
    """The rules refuse the path given: why, with its clause; nothing is moved or written."""

    def __init__(self, start, reason):
        self.reason = reason
        super().__init__(f"the retreat from {start} is refused: {reason}; nothing moved")


@dataclass(frozen=True)
class Walk:
    """A legal retreat path as far as it goes."""
    entered: list      # the hexes entered, in order
    off_map: bool      # it leaves the map after them
    stopped: str       # why it stops short ("ezoc": in an enemy zone, 6.3e); "" when it does not


class Retreat:
    def __init__(self, session, hex_name, hexes, displace):
        self.session, self.army = session, session.army
        self.start = hex_name
        self.units, self.side = stack(self.army, hex_name)
        session.side = self.side
        self.state = stack_state(self.units)
        self.required = hexes
        self.displace = set(displace)
        self.steps = RetreatSteps(self.army, self.units, self.side)
        self.zones = self.army.zone_hexes(enemy_of(self.side))
        self.section = session.report.section(f"Retreat from {hex_name} (6.3)")

    def _refuse(self, reason):
        raise RetreatRefused(self.start, reason)

    def judge(self, path):
        """Walks the path without changing anything: the Walk, or RetreatRefused when it is illegal
        (6.3) or stops short of the distance where the stack could go on (6.3c)."""
        army = self.army
        self.section.add(f"{self.start}: {describe_stack(self.units)}; {STATE_NAMES[self.state]}; B{self.required} "
                         f"along {', '.join(path)}", hexes=self.required, path=list(path))
        came_from, entered = self.start, []
        for i, hex_name in enumerate(path):
            if hex_name.lower() == OFF:
                if i != len(path) - 1:
                    raise ArmyError(f"path: '{OFF}' (leaving the map) may only be its last word")
                if len(army.neighbours(came_from)) == 6:
                    self._refuse(f"{came_from} is not on the map's edge, the stack cannot leave the map from it (6.3)")
                if not self.steps.off_to_the_rear(came_from):
                    self._refuse(f"leaving the map from {came_from} crosses a frontal hexside of the stack facing "
                                 f"{self.steps.facing}: not to the rear (6.3)")
                return Walk(entered, True, "")
            army.require_hex(hex_name)
            if not army.adjacent(came_from, hex_name):
                self._refuse(f"{hex_name} is not adjacent to {came_from} (6.3)")
            if hex_name == self.start or hex_name in entered:
                self._refuse(f"{hex_name} again: no doubling back (6.3)")
            why = self.steps.to_the_rear(came_from, hex_name)
            if why:
                self._refuse(f"{why} (6.3)")
            blocked = self.steps.blocked(came_from, hex_name)
            if blocked:
                return self._short(entered, blocked)
            entered.append(hex_name)
            if hex_name in self.zones:
                return Walk(entered, False, "ezoc")
            if len(entered) == self.required:
                if i != len(path) - 1:
                    self.section.add(f"the path goes on past {hex_name}: the retreat ends there, after "
                                     f"B{self.required}")
                break
            came_from = hex_name
        if len(entered) < self.required:
            return self._short(entered, "")
        return Walk(entered, False, "")

    def _short(self, entered, blocked):
        """6.3c: a path that stops short Routs the stack only when it cannot go on: every hex to the
        rear of where it stops held by enemy units or terrain it may not enter, and no map edge to
        leave by. Otherwise the path is refused as incomplete."""
        end = entered[-1] if entered else self.start
        ways, stops = [], []
        for hex_name in self.army.neighbours(end):
            if hex_name == self.start or hex_name in entered or self.steps.to_the_rear(end, hex_name):
                continue
            why = self.steps.blocked(end, hex_name)
            (stops if why else ways).append(why or hex_name)
        done = f"the path stops after {len(entered)} of {self.required} hexes"
        if ways:
            self._refuse(f"{done}, but the retreat can go on from {end} to {', '.join(ways)}: give the whole path "
                         f"(6.3c: only a stack that cannot retreat the required hexes, due to enemy units or "
                         f"impassable terrain, stops and is Routed)")
        if self.steps.off_to_the_rear(end):
            self._refuse(f"{done}, but {end} is on the map's edge: the retreat goes on off the map, end the path "
                         f"with '{OFF}' (6.3c: units forced off the map lose all their strength as stragglers)")
        return Walk(entered, False, "; ".join(stops) or f"no hex to the rear of {end}")

    def _friends(self, hex_name):
        """6.3d, 6.3f: the friendly units in a hex the stack enters displace (displace=HEX) or join it."""
        there = [u for u in self.army.in_hex(hex_name) if u.side == self.side]
        if not there or not causes_displacement([rule_unit(u) for u in there]):
            if there:
                self.section.add(f"{hex_name}: only leaders and HQs, no displacement (6.3d)")
            return []
        d = displaced([rule_unit(u) for u in there], stack_state(there), self.state, hex_name in self.displace)
        self.section.add(f"{hex_name}: {describe_stack(there)}: {d.clause}", hex=hex_name, displaces=d.displaces,
                         state=d.state)
        write_state(self.session, there, d.state, self.section)
        if d.displaces:
            self.section.add(f"move {', '.join(u.name for u in there)} one hex to the rear of {hex_name}, facing "
                             f"unchanged (6.3d; then cwr.retreat for them if they meet other units)")
            return []
        if any(u.is_artillery and u.formation == "unlimbered" for u in there):
            return []   # 6.3f: the guns stay; the retreating units go on in their own state
        self.state = d.state
        return there

    def run(self, path):
        walk = self.judge(path)
        joined = []
        for hex_name in walk.entered:
            joined += self._friends(hex_name)
        entered, moving = walk.entered, joined + self.units
        if walk.stopped == "ezoc":
            self._ezoc(entered, moving)
            return
        if walk.stopped:
            self.section.add(f"stopped: {walk.stopped} (6.3c)", stop=walk.stopped)
        outcome = retreat_outcome([rule_unit(u) for u in moving if u.is_combat], self.state, self.required,
                                  len(entered), walk.off_map)
        if walk.off_map:
            self._off_map(entered, moving, outcome)
            return
        self.section.add(f"{outcome.clause}: {len(entered)} hex{'es' if len(entered) != 1 else ''}",
                         moved=len(entered), state=outcome.state,
                         quantity=Quantity("retreat hexes", len(entered), of=self.start))
        self._move(entered, moving)
        write_state(self.session, moving, outcome.state, self.section)
        self._artillery(moving)

    def _move(self, entered, moving):
        if not entered:
            return
        for unit in moving:
            self.army.move(unit, entered[-1])
        self.section.add(f"{', '.join(u.name for u in moving)} moved to {entered[-1]}" +
                         (" (the joined units on top, 6.3d: order the stack so in VASSAL)" if moving[0] not in
                          self.units else ""), to=entered[-1])

    def _ezoc(self, entered, moving):
        self._move(entered, moving)
        rest = ezoc_retreat(self.required, len(entered), 0)
        self.section.add(f"{entered[-1]} is in an enemy zone of control: the enemy units exerting it fire once, "
                         f"free (6.3e); resolve that fire, then retreat the rest: with no new retreat result, "
                         f"{rest.clause}; a new result of at least B{self.required - 1} replaces it from "
                         f"{entered[-1]}", ezoc=entered[-1], remaining=rest.remaining,
                         quantity=Quantity("retreat hexes left", rest.remaining, of=self.start))
        write_state(self.session, moving, self.state, self.section)
        self._artillery(moving)

    def _off_map(self, entered, moving, outcome):
        self._move(entered, moving)
        self.section.add(f"{outcome.clause} after {len(entered)} hex{'es' if len(entered) != 1 else ''}: infantry "
                         f"and cavalry lose all their strength as stragglers (they may return by Straggler "
                         f"Recovery, 9.4)", off_map=True)
        write_losses(self.session, outcome.losses, self.section, "6.3c")
        for unit in moving:
            if unit.hex:
                self.section.add(f"{unit.name}: {eliminate(self.session, unit)} (6.3c)", unit=unit.name)

    def _artillery(self, moving):
        batteries = [u.name for u in moving if u.is_artillery and u.hex]
        if batteries:
            self.section.add(f"{', '.join(batteries)}: limbered to retreat (6.3f); limbering in an enemy zone "
                             f"rolls on the Gun Loss table (cwr close combat procedures)")
