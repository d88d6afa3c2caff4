"""Artillery ammunition (8.4) on a save: each side's ammunition points kept in the game's global
properties (the companion file's [globals] union_artillery_ammo, confederate_artillery_ammo), one
spent for each battery or section that fires (8.4a); each battery's trace (8.4b) to its Army Supply
Train (a unit of type `train`), or to the Entry hex the train enters or entered by (the companion
file's [[map.place]] of kind "army train entry" with the side) when no train is on the map (8.4c).

`cwr.ammo` reports and sets the points, `cwr.ammo-trace` traces the batteries; `cwr.fire` reads both
through `supply_for` and writes the points spent back with `spend`."""
from dataclasses import dataclass

from adjutant.procedures.kept import kept_property
from adjutant.procedures.report import Quantity

from .army import ArmyError, enemy_of
from .traces import artillery_ammunition

KEPT = {  # [globals] key: what it keeps, for messages
    "union_artillery_ammo": "the Union artillery ammunition points (8.4)",
    "confederate_artillery_ammo": "the Confederate artillery ammunition points (8.4)",
}
ENTRY_PLACE = "army train entry"
TRAIN = "train"


def counted(charts):
    """Whether the game counts ammunition points (option artillery_ammunition, 1.5b)."""
    return charts.option("artillery_ammunition") == "counted"


def points_property(army, side):
    """The global property that keeps `side`'s points (KeptValueError when the companion file or the
    module has none)."""
    key = f"{side.lower()}_artillery_ammo"
    return kept_property(army.companion, army.module, key, KEPT[key])


def read_points(army, side):
    """(the global property, `side`'s points left)."""
    name = points_property(army, side)
    raw = army.game.global_property(name)
    try:
        points = int(str(raw).strip())
    except ValueError:
        raise ArmyError(f"{army.game.source}: the global property {name} holds {raw!r}, not the {side} artillery "
                        f"ammunition points (a whole number): set them with cwr.ammo side={side} set=N") from None
    if points < 0:
        raise ArmyError(f"{army.game.source}: the global property {name} holds {points}: points cannot be negative")
    return name, points


def write_points(army, side, points):
    name = points_property(army, side)
    army.game.set_global_property(name, str(points))
    return name


# ---- the trace (8.4b) ----

@dataclass(frozen=True)
class AmmoTrace:
    """A battery's 8.4b trace: `found`, the hexes from the battery, the non-road hexes `used`, the
    target reached, or why there is none."""
    unit: str
    hex: str
    found: bool
    hexes: tuple = ()
    used: int = 0
    target: str = ""
    reason: str = ""

    @property
    def text(self):
        if self.found:
            return (f"{self.unit} in {self.hex} traces to {self.target}: {self.used} non-road "
                    f"hex{'es' * (self.used != 1)}, then roads ({'-'.join(self.hexes)}) (8.4b)")
        return f"{self.unit} in {self.hex}: no trace to {self.target} ({self.reason}): it fires at half (8.4b)"


def trace_targets(army, side):
    """(the hexes the side's batteries trace to, what they are): its Army Supply Train's hexes,
    or without one on the map the Entry hex it enters or entered by (8.4b, 8.4c)."""
    trains = [u for u in army.of(side) if u.type == TRAIN]
    if trains:
        return sorted({u.hex for u in trains}), ", ".join(f"{u.name} ({u.hex})" for u in trains)
    places = [p for p in army.map.places(ENTRY_PLACE) if str(p.properties.get("side", "")) == side]
    hexes = sorted({h for p in places for h in p.hexes})
    if not hexes:
        raise ArmyError(f"{army.companion.file}: no {side} Army Supply Train (type {TRAIN}) on the map and no "
                        f"[[map.place]] kind = \"{ENTRY_PLACE}\" with side = \"{side}\" to trace to instead (8.4b, "
                        f"8.4c): add the place")
    return hexes, "the Army Supply Train's Entry hex " + ", ".join(hexes)


class Tracer:
    """The 8.4b traces of one side's batteries on the army's map: enemy units block, enemy zones
    are entered, not passed, unless a friendly combat unit is there."""

    def __init__(self, army, charts, side):
        self.army, self.side = army, side
        self.targets, self.target_text = trace_targets(army, side)
        self.roads = list(charts.rule("artillery_ammunition", "trace_lines"))
        self.count_battery_hex = charts.option("count_battery_hex") == "yes"
        self.enemy = sorted({u.hex for u in army.of(enemy_of(side))})
        self.friendly = sorted({u.hex for u in army.of(side) if u.is_combat})
        self.zones = army.engine_zones(side)

    def _search(self, hex_name, enemy=True, zones=True):
        return artillery_ammunition(self.army.map, hex_name, roads=self.roads, train=self.targets,
                                    enemy=self.enemy if enemy else (), zones=self.zones if zones else None,
                                    zone_exempt=self.friendly, count_battery_hex=self.count_battery_hex)

    def trace(self, unit):
        if not unit.hex:
            raise ArmyError(f"{unit.name} is not on the map")
        t = self._search(unit.hex)
        if t.found:
            hexes = tuple(t.hexes)
            return AmmoTrace(unit.name, unit.hex, True, hexes, int(t.used), hexes[-1])
        return AmmoTrace(unit.name, unit.hex, False, target=self.target_text, reason=self._why(unit.hex))

    def _why(self, hex_name):
        """What closes the way, found by tracing again without each: the enemy zones alone (a trace
        without them is found), the enemy units alone, the two together, else the distance (with
        the terrain or hexsides in the way when the engine met them)."""
        zones = self.zones is not None
        if zones and self._search(hex_name, zones=False).found:
            return "enemy zones close every way, none with a friendly combat unit in it"
        if self._search(hex_name, enemy=False).found:
            return "enemy units close every way"
        free = self._search(hex_name, enemy=False, zones=False)
        if zones and free.found:
            return "enemy units and their zones together close every way"
        _, _, in_the_way = free.reason.partition("; in the way: ")
        roads = ", ".join(self.roads[:-1]) + (" or " if len(self.roads) > 1 else "") + self.roads[-1]
        return (f"too far: no way of at most 10 non-road hexes, then only {roads}, reaches it, even with no enemy "
                f"unit or zone in the way" + (f" ({in_the_way} in the way)" if in_the_way else ""))


def batteries(army, side, names=()):
    """The side's batteries on the map, or those `names` lists (each checked)."""
    if not names:
        return [u for u in army.of(side) if u.is_artillery]
    found = [army.named(n) for n in names]
    for u in found:
        if u.side != side or not u.is_artillery:
            raise ArmyError(f"{u.name} is not a {side} battery ({u.side} {u.type})")
        if not u.hex:
            raise ArmyError(f"{u.name} is not on the map")
    return found


# ---- what a fire reads and writes (8.4) ----

@dataclass
class Supply:
    """One side's artillery ammunition for a fire: the points left (None when not counted), the
    global property holding them, and each firing battery's trace."""
    side: str
    points: int | None
    property: str
    traces: dict      # {battery name: AmmoTrace}

    @property
    def untraced(self):
        return {name for name, t in self.traces.items() if not t.found}

    def report(self, section):
        if self.points is None:
            section.add("artillery ammunition points not counted (option artillery_ammunition = unlimited, 1.5b)")
        else:
            section.add(f"{self.side} artillery ammunition: {self.points} point{'s' * (self.points != 1)} left "
                        f"(global property {self.property}); one for each battery or section that fires (8.4a)",
                        side=self.side, points=self.points,
                        quantity=Quantity("artillery ammunition points", self.points, of=self.side))
        for t in self.traces.values():
            section.add(t.text, unit=t.unit, traced=t.found, path=list(t.hexes), target=t.target, used=t.used)


def supply_for(session, firing):
    """The Supply of the batteries among `firing` (army units of one side), or None when no
    battery fires (small arms need neither points nor a trace)."""
    guns = list({u.name: u for u in firing if u.is_artillery}.values())
    if not guns or len({u.side for u in firing}) > 1:   # firers of both sides: build_fire refuses them
        return None
    army, charts, side = session.army, session.charts, guns[0].side
    name, points = read_points(army, side) if counted(charts) else ("", None)
    tracer = Tracer(army, charts, side)
    return Supply(side, points, name, {u.name: tracer.trace(u) for u in guns})


def spend(session, supply, spent, section):
    """Writes the points left after `spent` back to the game (8.4a)."""
    if supply is None or supply.points is None:
        return
    left = supply.points - spent
    write_points(session.army, supply.side, left)
    section.add(f"{supply.side} artillery ammunition: {supply.points} - {spent} spent = {left} left, written to "
                f"{supply.property} (8.4a)", side=supply.side, spent=spent, points=left,
                quantity=Quantity("artillery ammunition points spent", spent, of=supply.side))


# ---- the procedures ----

def report_points(session, side, set_to=None):
    army = session.army
    section = session.report.section(f"{side} artillery ammunition (8.4)")
    name = points_property(army, side)
    if set_to is not None:
        if set_to < 0:
            raise ArmyError(f"set must be 0 or more, not {set_to}")
        before = army.game.global_property(name)
        write_points(army, side, set_to)
        section.add(f"{side} artillery ammunition points set to {set_to} (were {before or 'unset'}), written to "
                    f"{name} (8.4: as the scenario's set-up gives them)", side=side, points=set_to,
                    quantity=Quantity("artillery ammunition points", set_to, of=side))
        return
    _, points = read_points(army, side)
    section.add(f"{side} artillery ammunition: {points} point{'s' * (points != 1)} left (global property {name}); "
                f"with none, artillery fires at half strength (8.4a)", side=side, points=points,
                quantity=Quantity("artillery ammunition points", points, of=side))


def report_traces(session, side, names):
    army = session.army
    tracer = Tracer(army, session.charts, side)
    section = session.report.section(f"{side} artillery ammunition traces (8.4b)")
    section.add(f"to {tracer.target_text}: at most 10 non-road hexes (the battery's own hex "
                f"{'counted' if tracer.count_battery_hex else 'not counted'}: option count_battery_hex), then along "
                f"{', '.join(tracer.roads)}; not through enemy units, nor through an enemy zone without a friendly "
                f"combat unit", targets=tracer.targets)
    guns = batteries(army, side, names)
    if not guns:
        section.add(f"no {side} battery on the map")
        return
    traces = [tracer.trace(u) for u in guns]
    for t in traces:
        section.add(t.text, unit=t.unit, hex=t.hex, traced=t.found, path=list(t.hexes), target=t.target,
                    used=t.used, reason=t.reason)
    out = [t.unit for t in traces if not t.found]
    section.add(f"{len(traces) - len(out)} of {len(traces)} batteries trace" + (f"; half strength: {', '.join(out)}"
                                                                                  if out else ""),
                traced=len(traces) - len(out), out=out, quantity=Quantity("batteries tracing", len(traces) - len(out)))


DEMO_SEED = 1863
DEMO_FILES = ("ammo-trace.txt", "ammo-fire.vsav", "ammo-fire.txt")


def demo_step(ws):
    """The demo's ammunition (cwr-ammo.vsav): the Union batteries' traces, and Stevens's Battery,
    cut off by an enemy zone, firing at half strength and spending a point (the save written)."""
    import adjutant
    from adjutant.plugin import Context
    from adjutant.procedures.demo import DemoFile
    from adjutant.procedures.rolls import Rolls

    from . import plugin
    from .demo import AMMO_SAVE, CHARTS_COPY

    def context():
        save = ws.path(AMMO_SAVE)
        return Context(ws.module, ws.companion, adjutant.open_game(str(save), ws.module), str(save),
                       charts=str(ws.path(CHARTS_COPY)), rolls=Rolls(DEMO_SEED), side="referee")

    plugin.tasks["ammo-trace"].run_and_write(context(), {"side": "Union"}, None, ws.path("ammo-trace.txt"))
    plugin.tasks["fire"].run_and_write(context(), {"firers": "Stevens's Battery", "target": "A15.11"},
                                       ws.path("ammo-fire.vsav"), ws.path("ammo-fire.txt"))
    return [DemoFile("ammo-trace.txt", f"cwr.ammo-trace on {AMMO_SAVE}: each Union battery's path to the Army "
                                       f"Supply Train, or what closes it (8.4b)"),
            DemoFile("ammo-fire.vsav", f"{AMMO_SAVE} after Stevens's Battery fired without a trace: the Union "
                                       f"ammunition points left written (8.4a)"),
            DemoFile("ammo-fire.txt", "the fire's report: the points, the trace, the half strength (8.4)")]
