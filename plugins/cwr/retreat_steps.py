"""The rules of one retreat step for a stack (6.3, 6.3c, 6.0b), shared by every procedure that
judges or proposes a retreat path: `cwr.retreat` and the Rally Phase's way out (6.4 E).

"To the rear" is through a rear hexside of a faced stack's facing (3.3); a stack without facing
(Column, Mounted, Limbered, and any Routed stack: 6.0b, Routed units are in no formation) goes
"away from enemy units": never into a hex nearer the nearest enemy unit. Enemy units (any unit:
leaders, HQs, wagons and trains too) and terrain the stack's class may not enter stop it (6.3c)."""
from .stack_effects import enemy_hexes, stack_state

REAR = (2, 3, 4)   # a faced stack's rear hexsides, counted from its front (3.3)


class RetreatSteps:
    def __init__(self, army, units, side):
        self.army, self.units, self.side = army, units, side
        self.state = stack_state(units)
        self.enemy = enemy_hexes(army, side)
        self.unit_class = next((u.attributes.get("class") for u in units if u.is_combat), None)

    @property
    def facing(self):
        """The stack's facing (3.3), None for a stack without one: Routed (6.0b) or not in Line or
        unlimbered."""
        if self.state == "r":
            return None
        return next((u.facing for u in self.units if u.facing is not None), None)

    def nearest_enemy(self, hex_name):
        return min((self.army.distance(hex_name, e) for e in self.enemy), default=None)

    def to_the_rear(self, came_from, hex_name):
        """6.3: '' when the step goes locally to the rear, else why not."""
        facing = self.facing
        if facing is not None:
            if (self.army.direction(came_from, hex_name) - facing) % 6 in REAR:
                return ""
            return f"{came_from}-{hex_name} crosses a frontal hexside of the stack facing {facing}: not to the rear"
        before, after = self.nearest_enemy(came_from), self.nearest_enemy(hex_name)
        if before is not None and after < before:
            return f"{hex_name} is {after} hexes from the nearest enemy unit, {came_from} {before}: not away from " \
                   f"the enemy" + (" (a Routed stack has no facing, 6.0b)" if self.state == "r" else "")
        return ""

    def off_to_the_rear(self, hex_name):
        """Whether the stack may leave the map from `hex_name`: a hexside with no hex behind it, to the
        rear of a faced stack (any, for a stack without facing: off the map no enemy is nearer)."""
        sides = set(range(6)) - {self.army.direction(hex_name, h) for h in self.army.neighbours(hex_name)}
        facing = self.facing
        return any(facing is None or (side - facing) % 6 in REAR for side in sides)

    def blocked(self, came_from, hex_name):
        """6.3c: '' when the stack may enter `hex_name`, else the enemy units or terrain that stop it."""
        if hex_name in self.enemy:
            return f"enemy units in {hex_name}"
        if self.unit_class:
            step = self.army.map.explain([came_from, hex_name], [self.unit_class]).steps[0]
            if step["problem"] in ("prohibited terrain", "prohibited hexside"):
                return f"{hex_name}: {step['reason'] or step['problem']}"
        return ""

    def legal(self, came_from, hex_name):
        """Whether a step may be taken and go on: to the rear and not stopped."""
        return not self.to_the_rear(came_from, hex_name) and not self.blocked(came_from, hex_name)
