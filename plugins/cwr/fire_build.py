"""A fire as the rules read it (fire.Fire), built from the units where they stand in a save: each
firing hex's stack top first, the range (Army.distance), the line of sight through the engine's
CWR sight (docs/sight.md), the frontal arc the fire leaves by and the target's hexside it enters
by (3.3, 5.6b-c), the target's stack and terrain. Every hex handed to the engine goes through
`Sightlines`."""
from dataclasses import dataclass

from .army import ArmyError, enemy_of
from .fire import FiringHex, Fire, Shot, Target
from .fire import Unit as FireUnit

FRONT = (5, 0, 1)   # 3.3: the relative sides of a faced unit's frontal hexsides
REAR = (2, 3, 4)


def fire_unit(unit):
    """An Army unit as fire.py reads it."""
    return FireUnit(unit.name, unit.side, unit.type, unit.weapon, unit.sp if unit.is_combat else 0,
                    unit.formation, unit.state, unit.ammo)


def fire_kind(unit):
    """The engine's kind of fire for a unit's line of sight (4.2d, 4.3e)."""
    return "artillery" if unit.is_artillery else "small arms"


def parse_shots(text, what="firers"):
    """"NAME,NAME:SP" as [(name, SP or None for all of it)]."""
    shots = []
    for item in (i.strip() for i in text.split(",")):
        if not item:
            continue
        name, sep, sp = item.rpartition(":")
        if sep and sp.strip().isdigit() and name.strip():
            shots.append((name.strip(), int(sp)))
        else:
            shots.append((item, None))
    if not shots:
        raise ValueError(f"{what} names no unit: give NAME or NAME:SP, separated by commas")
    return shots


@dataclass(frozen=True)
class Line:
    """A line of sight between two hexes (series names): the verdict, the hex that blocks it and
    the clause, and the centre line's steps [(hex, the hex it runs along or None)]."""
    start: str
    end: str
    kind: str
    sight: str
    blocked_at: str | None
    clause: str
    steps: tuple

    @property
    def clear(self):
        return self.sight == "clear"

    @property
    def text(self):
        if self.clear:
            return f"{self.start} to {self.end} ({self.kind}): clear"
        return f"{self.start} to {self.end} ({self.kind}): blocked at {self.blocked_at}: {self.clause}"


class Sightlines:
    """The CWR sight of the Army's map with the units where they stand: friendly and enemy hexes
    from the Army (combat units: leaders, HQs and wagons do not block)."""

    def __init__(self, army):
        self.army = army
        self.sight = army.companion.sight(army.map_name)
        terrain = army.companion.map(army.map_name)
        self.terrain = terrain
        self.features = {frozenset((a, b)): tuple(fs) for a, b, fs in terrain.hexside_features()}

    def _hexes(self, side):
        return sorted({u.hex for u in self.army.of(side) if u.is_combat})

    def between(self, start, end, side, kind, target_is_artillery=False):
        army = self.army
        r = self.sight.between(start, end, friendly=self._hexes(side),
                               enemy=self._hexes(enemy_of(side)), fire=kind,
                               target_is_artillery=target_is_artillery)
        steps = tuple((s["hex"], s["along"] if s["along"] else None)
                      for s in r.steps)
        blocked = r.blocked_at if r.blocked_at else None
        return Line(start, end, kind, r.sight, blocked, r.clause or "", steps)

    def hexside(self, a, b):
        """The features of the hexside between adjacent hexes a and b."""
        return self.features.get(frozenset((a, b)), ())

    def elevation(self, hex_name):
        return self.terrain.elevation(hex_name)


def _leaving(step):
    """The hexes a line's step touches: its hex, and the one it runs along."""
    hex_name, along = step
    return [hex_name] + ([along] if along else [])


def frontal(army, unit, line):
    """3.3: the fire leaves the faced unit's hex through one of its 3 frontal hexsides, or through the
    corner between two of them; never through the corner between a frontal and a rear hexside (along
    a hexside directly to the right or left). True for a unit without facing (other rules refuse it)."""
    if unit.facing is None or len(line.steps) < 2:
        return True
    return all(army.relative_side(unit, h) in FRONT for h in _leaving(line.steps[1]))


def flanking(army, target_top, line):
    """3.3: the fire enters the target's hex through a rear hexside or along a front/rear hexside."""
    if target_top is None or target_top.facing is None or len(line.steps) < 2:
        return False
    return any(army.relative_side(target_top, h) in REAR for h in _leaving(line.steps[-2]))


def shifts_chart(charts):
    return charts.file.data.get("fire_hexside_shifts", {})


def entry(sightlines, charts, line):
    """(the target's hexside the fire enters by, its feature, crossed from lower ground). A line
    entering at a corner gives the pair of hexsides meeting there and crosses no hexside feature
    (5.6b-c ask for fire through the hexside), but a slope as option slope_at_corner reads it."""
    army = sightlines.army
    if len(line.steps) < 2:
        return None, "", False
    before, along = line.steps[-2]
    target = line.end
    below = [sightlines.elevation(h) < sightlines.elevation(target) for h in (before, along) if h]
    if along:
        sides = tuple(sorted((army.direction(target, before), army.direction(target, along))))
        slopes = ["slope" in sightlines.hexside(h, target) for h in (before, along)]
        reading = charts.option("slope_at_corner")
        if reading == "both" and all(slopes):
            return sides, "slope", all(below)
        if reading == "either" and any(slopes):
            return sides, "slope", any(s and b for s, b in zip(slopes, below))
        return sides, "", False
    features = sightlines.hexside(before, target)
    shifting = [f for f in features if f in shifts_chart(charts)]
    feature = (shifting or list(features) or [""])[0]
    return army.direction(target, before), feature, below[0]


@dataclass
class Built:
    """A Fire and what the report says of it: each firing hex's lines of sight."""
    fire: Fire
    lines: dict            # {firing hex: [Line, ...]} one per kind of fire from it
    target_top: object     # the Army unit whose state sets the target's shifts (or None)


def build_fire(session, sightlines, shots, target_hex, selective=False, visibility=None, ammo_points=None,
               untraced=(), battery_limit=None):
    """The Fire of the units `shots` names ([(name, SP or None)]) at `target_hex`; `ammo_points`: the
    side's artillery ammunition points left (None: not counted), `untraced`: the batteries without
    an ammunition trace (8.4)."""
    army, charts = session.army, session.charts
    army.require_hex(target_hex)
    units = [(army.named(name), sp) for name, sp in shots]
    off = [u.name for u, _ in units if not u.hex]
    if off:
        raise ArmyError(f"{', '.join(off)} is not on the map")
    sides = {u.side for u, _ in units}
    if len(sides) > 1:
        raise ArmyError(f"the firers are of both sides ({', '.join(u.name for u, _ in units)}): one side fires")
    side = sides.pop()
    target_units = army.in_hex(target_hex)
    target = Target(target_hex, tuple(fire_unit(u) for u in target_units), (army.terrain(target_hex),))
    top = next((u for u in target_units if u.is_combat), None)
    target_artillery = any(u.is_artillery for u in target_units if u.is_combat) if selective else \
        bool(top and top.is_artillery)
    hexes, lines = [], {}
    for hex_name in dict.fromkeys(u.hex for u, _ in units):
        here = [(u, sp) for u, sp in units if u.hex == hex_name]
        stack = tuple(fire_unit(u) for u in army.in_hex(hex_name))
        fired = tuple(Shot(u.name, u.sp if sp is None and u.is_combat else (sp or 0), u.name not in untraced)
                      for u, sp in here)
        kinds = list(dict.fromkeys(fire_kind(u) for u, _ in here))
        distance = army.distance(hex_name, target_hex)
        hex_lines = [sightlines.between(hex_name, target_hex, side, kind, target_artillery) for kind in kinds]
        lines[hex_name] = hex_lines
        first = hex_lines[0]
        faced = next((u for u, _ in here if u.facing is not None), None)
        side_in, feature, below = entry(sightlines, charts, first)
        hexes.append(FiringHex(hex_name, stack, fired, distance, los=all(line.clear for line in hex_lines),
                               frontal=frontal(army, faced, first) if faced else True,
                               flank=flanking(army, top, first), entry_side=side_in, entry_feature=feature,
                               from_below=below))
    fire = Fire(side, target, tuple(hexes), visibility=visibility, ammo_points=ammo_points, selective=selective,
                battery_limit=battery_limit)
    return Built(fire, lines, top)
