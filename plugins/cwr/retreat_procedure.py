"""A retreat the player gives, judged and made (6.3): straight to the rear (through a faced stack's
rear hexsides, away from the enemy for the others), no doubling back; friendly units in the path
displaced or joining; the first hex in an enemy zone drawing the enemy's free fire (6.3e); a stack
that cannot go the whole distance Routed (6.3c); off the map, its strength lost as stragglers."""
from adjutant.plugin import Parameter

from .army import ArmyError, enemy_of
from .morale import causes_displacement, displaced, ezoc_retreat, retreat_outcome
from .session import start
from .stack_effects import (STATE_NAMES, describe_stack, eliminate, names, rule_unit, stack, stack_state,
                            write_losses, write_state)

OFF = "off"   # the last word of a path that leaves the map


class Retreat:
    def __init__(self, session, hex_name, hexes, displace):
        self.session, self.army = session, session.army
        self.start = hex_name
        self.units, self.side = stack(self.army, hex_name)
        session.side = self.side
        self.state = stack_state(self.units)
        self.required = hexes
        self.displace = set(displace)
        self.enemy = [u.hex for u in self.army.of(enemy_of(self.side)) if u.is_combat]
        self.zones = self.army.zone_hexes(enemy_of(self.side))
        self.section = session.report.section(f"Retreat from {hex_name} (6.3)")

    def _nearest_enemy(self, hex_name):
        return min((self.army.distance(hex_name, e) for e in self.enemy), default=None)

    def _facing(self):
        return next((u.facing for u in self.units if u.facing is not None), None)

    def _to_the_rear(self, came_from, hex_name):
        """6.3: '' when the step goes locally to the rear, else why not."""
        facing = self._facing()
        if facing is not None:
            side = (self.army.direction(came_from, hex_name) - facing) % 6
            if side in (2, 3, 4):
                return ""
            return f"{came_from}-{hex_name} crosses a frontal hexside of the stack facing {facing}: not to the rear"
        before, after = self._nearest_enemy(came_from), self._nearest_enemy(hex_name)
        if before is not None and after < before:
            return f"{hex_name} is {after} hexes from the nearest enemy unit, {came_from} {before}: not away from " \
                   f"the enemy"
        return ""

    def _blocked(self, came_from, hex_name):
        """6.3c: enemy units or terrain the stack's class may not enter stop the retreat."""
        if hex_name in self.enemy:
            return f"enemy units in {hex_name}"
        unit_class = next((u.attributes.get("class") for u in self.units if u.is_combat), None)
        if unit_class:
            step = self.army.map.explain([came_from, hex_name],
                                         [unit_class]).steps[0]
            if step["problem"] in ("prohibited terrain", "prohibited hexside"):
                return f"{hex_name}: {step['reason'] or step['problem']}"
        return ""

    def judge(self, path):
        """Walks the path: (hexes entered, off the map, why it stopped, joined units); None when illegal."""
        section, army = self.section, self.army
        section.add(f"{self.start}: {describe_stack(self.units)}; {STATE_NAMES[self.state]}; B{self.required} "
                    f"along {', '.join(path)}", hexes=self.required, path=list(path))
        came_from, entered, joined = self.start, [], []
        for i, hex_name in enumerate(path):
            if hex_name.lower() == OFF:
                if i != len(path) - 1:
                    raise ArmyError(f"path: '{OFF}' (leaving the map) may only be its last word")
                if len(army.neighbours(came_from)) == 6:
                    section.add(f"illegal: {came_from} is not on the map's edge, the stack cannot leave the map "
                                f"from it", legal=False)
                    return None
                return entered, True, "", joined
            army.require_hex(hex_name)
            if not army.adjacent(came_from, hex_name):
                section.add(f"illegal: {hex_name} is not adjacent to {came_from}", legal=False)
                return None
            if hex_name == self.start or hex_name in entered:
                section.add(f"illegal: {hex_name} again: no doubling back (6.3)", legal=False)
                return None
            why = self._to_the_rear(came_from, hex_name)
            if why:
                section.add(f"illegal: {why} (6.3)", legal=False)
                return None
            blocked = self._blocked(came_from, hex_name)
            if blocked:
                return entered, False, blocked, joined
            entered.append(hex_name)
            joined += self._friends(hex_name)
            if hex_name in self.zones:
                return entered, False, "ezoc", joined
            if len(entered) == self.required:
                if i != len(path) - 1:
                    section.add(f"the path goes on past {hex_name}: the retreat ends there, after B{self.required}")
                break
            came_from = hex_name
        return entered, False, "", joined

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
        judged = self.judge(path)
        if judged is None:
            self.section.add("nothing moved: give a path straight to the rear (6.3)", moved=False)
            return
        entered, off_map, stopped, joined = judged
        moving = joined + self.units
        if stopped == "ezoc":
            self._ezoc(entered, moving)
            return
        if stopped:
            self.section.add(f"stopped: {stopped} (6.3c)", stop=stopped)
        outcome = retreat_outcome([rule_unit(u) for u in moving if u.is_combat], self.state, self.required,
                                  len(entered), off_map)
        if off_map:
            self._off_map(entered, moving, outcome)
            return
        self.section.add(f"{outcome.clause}: {len(entered)} hex{'es' if len(entered) != 1 else ''}",
                         moved=len(entered), state=outcome.state, quantity="hexes")
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
                         f"{entered[-1]}", ezoc=entered[-1], remaining=rest.remaining, quantity="hexes")
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


def register(plugin):
    @plugin.procedure("retreat", "6.3: a retreat the player gives, judged (straight to the rear, no doubling back, "
                                 "enemy units and prohibited terrain stop it and Rout the stack, the first enemy "
                                 "zone draws a free fire, friendly units displace or join) and made: the units "
                                 "moved, states written, a stack leaving the map lost as stragglers.",
                      Parameter("hex", str, "the retreating stack's hex (A10.10)"),
                      Parameter("path", str, "the hexes of the retreat, HEX,HEX,...; end with 'off' to leave the map"),
                      Parameter("hexes", int, "the retreat result's distance (B1-B4); default the path's length ('off' "
                                              "counting as one)", 0),
                      Parameter("displace", str, "hexes of the path whose friendly units displace instead of "
                                                 "joining the retreat (6.3d), HEX,HEX", ""),
                      example="cwr-demo.vsav hex=A2.10 path=A2.09,A2.08")
    def retreat_procedure(context, hex, path, hexes=0, displace=""):
        session = start(context, f"Retreat from {hex} (CWR 6.3)")
        steps = names(path)
        if not steps:
            raise ValueError("path: give the hexes of the retreat, HEX,HEX,...")
        required = hexes or len(steps)
        Retreat(session, hex, required, names(displace)).run(steps)
        return session.finish()
