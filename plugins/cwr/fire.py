"""Fire combat (5.0-5.5, 8.2): the facts of a fire (the firing stacks and the SP each unit fires, the
range, line of sight, fire arc, the target stack) and whether the rules allow it, given what the
phase has fired already. Each refusal is a sentence naming its clause. The geometry (range, LOS,
arcs, the hexside a fire enters by) is worked out elsewhere and given here as facts."""
from dataclasses import dataclass, field

from .fire_strength import range_multiplier, range_table

COMBAT = ("infantry", "cavalry", "artillery")
SMALL_ARMS = ("infantry", "cavalry")
NOT_FIRING_FORMATIONS = {"column": "in Column", "mounted": "Mounted", "limbered": "Limbered"}


@dataclass(frozen=True)
class Unit:
    """A counter, in the unit vocabulary of the companion file (docs/cwr.md)."""
    name: str
    side: str
    type: str
    weapon: str = ""
    sp: int = 0
    formation: str = "line"
    state: str = "normal"
    ammo: str = "normal"

    @property
    def is_combat(self):
        return self.type in COMBAT


@dataclass(frozen=True)
class Shot:
    """`sp` of the unit's SP (an artillery unit's guns: a whole battery or a section) fired in one
    fire; `ammo_trace`: an artillery unit traces to the Army Supply Train (8.4b)."""
    unit: str
    sp: int
    ammo_trace: bool = True


@dataclass(frozen=True)
class FiringHex:
    """The units of one hex firing at the target. `stack`: every unit in the hex, top first.
    `frontal`: the fire leaves through one of the stack's 3 frontal hexsides (3.3); `flank`: it
    enters the target through a rear hexside or along a front/rear hexside (3.3); `entry_side`,
    `entry_feature`: the target hex's hexside it enters by (0-5; at a corner, the pair of hexsides
    meeting there) and that hexside's feature ("slope" ..., "" none); `from_below`: it crosses that
    hexside from a lower elevation (5.6b)."""
    hex: str
    stack: tuple
    shots: tuple
    range: int
    los: bool = True
    frontal: bool = True
    flank: bool = False
    entry_side: int | tuple | None = None
    entry_feature: str = ""
    from_below: bool = False

    def unit(self, name):
        for u in self.stack:
            if u.name == name:
                return u
        raise KeyError(f"no unit {name} in {self.hex}")


@dataclass(frozen=True)
class Target:
    """The hex fired on: its stack, top first (leaders, HQs and wagons included), and its terrain
    types (the [fire_terrain_shifts] rows)."""
    hex: str
    stack: tuple
    terrain: tuple = ()

    @property
    def combat_units(self):
        return [u for u in self.stack if u.is_combat]


@dataclass(frozen=True)
class Fire:
    """One Fire Combat: one side's firing hexes at one target. `visibility`: the turn's, in hexes
    (None: unlimited, 4.4); `ammo_points`: the side's artillery ammunition points left (None: not
    counted, 1.5b); `selective`: Selective Artillery Fire declared (5.5); `free`: the free fire at
    units retreating into an enemy zone (6.3e), outside 5.3b-c; `battery_limit`: a game's leader
    allowed to mass more batteries (None: 5.3d's)."""
    side: str
    target: Target
    hexes: tuple
    visibility: int | None = None
    ammo_points: int | None = None
    selective: bool = False
    free: bool = False
    battery_limit: int | None = None

    def shots(self):
        return [(h, s, h.unit(s.unit)) for h in self.hexes for s in h.shots if _has(h, s.unit)]


@dataclass
class FirePhase:
    """What one Fire Combat Phase has fired: SP per unit ({name: (hex, sp)}), the hexes and units
    fired on, and the hexes that made a split fire."""
    fired: dict = field(default_factory=dict)
    fired_on_hexes: set = field(default_factory=set)
    fired_on_units: set = field(default_factory=set)
    split_from: set = field(default_factory=set)


@dataclass(frozen=True)
class Refusal:
    clause: str
    text: str

    def __str__(self):
        return f"{self.text} ({self.clause})"


def _has(h, name):
    return any(u.name == name for u in h.stack)


def cannot_fire(unit):
    """Why the unit may not fire at all (5.3a, 8.2), or None."""
    if not unit.is_combat:
        return Refusal("5.0", f"{unit.name} is a {unit.type}, not a combat unit, and cannot fire")
    if unit.formation in NOT_FIRING_FORMATIONS:
        return Refusal("5.3a", f"{unit.name} is {NOT_FIRING_FORMATIONS[unit.formation]} and may not fire")
    if unit.state == "r":
        return Refusal("5.3a", f"{unit.name} is Routed and may not fire")
    if unit.ammo == "none":
        return Refusal("8.2", f"{unit.name} is No Ammo and cannot fire")
    return None


def check_fire(charts, fire, phase=None, together=()):
    """Every reason the rules refuse `fire` (empty when it may be made), given the `phase` so far.
    `together`: the other fires of the same split fire (5.4), which share its hex's SP."""
    phase = phase or FirePhase()
    refusals = []
    target = fire.target
    if not fire.hexes:
        refusals.append(Refusal("5.0", f"no unit fires at {target.hex}"))
    if not any(u.side != fire.side and (u.is_combat or u.type == "wagon") for u in target.stack):
        refusals.append(Refusal("5.0", f"{target.hex} holds no enemy unit to fire at"))
    for h in fire.hexes:
        refusals += _hex_refusals(charts, fire, h)
    seen = set()
    for h, shot, unit in fire.shots():
        if shot.unit in seen:
            refusals.append(Refusal("5.3b", f"{unit.name} fires twice in one fire"))
        seen.add(shot.unit)
        if not fire.free and shot.unit in phase.fired:
            refusals.append(Refusal("5.3b", f"{unit.name} has already fired this phase (from "
                                            f"{phase.fired[shot.unit][0]})"))
    refusals += _stack_limits(charts, fire, phase, together)
    if not fire.free:
        if target.hex in phase.fired_on_hexes:
            refusals.append(Refusal("5.3c", f"{target.hex} has already been fired on this phase"))
        again = [u.name for u in target.stack if u.name in phase.fired_on_units]
        if again:
            refusals.append(Refusal("5.3c", f"{', '.join(again)} already fired on this phase"))
    refusals += _battery_limit(charts, fire)
    if fire.selective:
        refusals += _selective_refusals(fire)
    return refusals


def _hex_refusals(charts, fire, h):
    refusals = []
    target = fire.target.hex
    if h.range < 1:
        return [Refusal("7.0", f"{h.hex} fires into its own hex: that is close combat, not fire combat")]
    if not h.los:
        refusals.append(Refusal("5.3", f"{h.hex} has no clear line of sight to {target}"))
    if fire.visibility is not None and h.range > fire.visibility:
        refusals.append(Refusal("4.4", f"{target} is {h.range} hexes from {h.hex}, beyond the visibility "
                                       f"of {fire.visibility}"))
    if not h.frontal:
        refusals.append(Refusal("3.3", f"{h.hex} fires only through its 3 frontal hexsides, and {target} "
                                       f"is not through them"))
    for shot in h.shots:
        if not _has(h, shot.unit):
            refusals.append(Refusal("5.1a", f"there is no unit {shot.unit} in {h.hex}"))
            continue
        unit = h.unit(shot.unit)
        if unit.side != fire.side:
            refusals.append(Refusal("5.0", f"{unit.name} is {unit.side}; the {fire.side} is firing"))
        why = cannot_fire(unit)
        if why:
            refusals.append(why)
            continue
        if not 1 <= shot.sp <= unit.sp:
            refusals.append(Refusal("5.1", f"{unit.name} has {unit.sp} SP and cannot fire {shot.sp}"))
        if range_multiplier(charts, unit, h.range) is None:
            refusals.append(Refusal("5.3", f"{unit.name} ({unit.weapon}) cannot reach {target} at {h.range} hexes "
                                           f"({range_table(unit).replace('_', ' ')})"))
    return refusals


def _stack_limits(charts, fire, phase, together):
    """5.1a: at most 8 SP out of a hex this phase (a free fire, 6.3e: in itself), small arms counted
    from the top of the stack."""
    refusals = []
    limit = int(charts.rule("fire", "hex_sp_limit"))
    for h in fire.hexes:
        fired = {} if fire.free else {name: sp for name, (where, sp) in phase.fired.items() if where == h.hex}
        for f in (fire, *together):
            for other in f.hexes:
                if other.hex == h.hex:
                    for s in other.shots:
                        fired[s.unit] = fired.get(s.unit, 0) + s.sp
        total = sum(fired.values())
        if total > limit:
            refusals.append(Refusal("5.1a", f"{total} SP would fire out of {h.hex} this phase; at most {limit}"))
        refusals += _from_the_top(charts, h, fired)
    return refusals


def _from_the_top(charts, h, fired):
    """Infantry (small-arms) SP fire from the top unit down; artillery from anywhere (5.1a)."""
    skip_unable = charts.option("sp_from_top") == "eligible"
    above = None  # the highest small-arms unit that does not fire all its SP
    for u in h.stack:
        if u.type not in SMALL_ARMS:
            continue
        if skip_unable and cannot_fire(u) and not fired.get(u.name):
            continue
        n = fired.get(u.name, 0)
        if n and above is not None:
            why = (f"fires only {fired.get(above.name, 0)} of its {above.sp} SP" if not cannot_fire(above)
                   else "cannot fire (option sp_from_top = \"stack\")")
            return [Refusal("5.1a", f"small-arms SP fire from the top of the stack down: {u.name} fires while "
                                    f"{above.name} above it in {h.hex} {why}")]
        if above is None and n < u.sp:
            above = u
    return []


def _battery_limit(charts, fire):
    batteries = {shot.unit for _, shot, unit in fire.shots() if unit.type == "artillery"}
    limit = fire.battery_limit
    if limit is None:
        limits = charts.rule("fire", "batteries")
        limit = int(limits.get(fire.side, 0)) if isinstance(limits, dict) else int(limits)
    if len(batteries) > limit:
        return [Refusal("5.3d", f"{len(batteries)} {fire.side} batteries fire at {fire.target.hex}; at most "
                                f"{limit} may combine")]
    return []


def _selective_refusals(fire):
    refusals = [Refusal("5.5", f"{unit.name} is not artillery: only artillery fires selectively")
                for _, _, unit in fire.shots() if unit.type != "artillery"]
    if not any(u.type == "artillery" and u.side != fire.side for u in fire.target.stack):
        refusals.append(Refusal("5.5", f"{fire.target.hex} holds no enemy artillery to fire at selectively"))
    return refusals


def record_fire(phase, *fires, split=False):
    """The phase after `fires` (one fire, or the parts of one split fire) were made: a new FirePhase.
    The free fire at a retreat into an enemy zone (6.3e) is not counted."""
    new = FirePhase(dict(phase.fired), set(phase.fired_on_hexes), set(phase.fired_on_units),
                    set(phase.split_from))
    for fire in fires:
        if fire.free:
            continue
        for h, shot, _ in fire.shots():
            where, sp = new.fired.get(shot.unit, (h.hex, 0))
            new.fired[shot.unit] = (where, sp + shot.sp)
            if split:
                new.split_from.add(h.hex)
        new.fired_on_hexes.add(fire.target.hex)
        new.fired_on_units.update(u.name for u in fire.target.stack)
    return new
