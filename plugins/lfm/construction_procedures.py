"""The Construction phase on a save (sequence of play 3; 24 Breastworks; 25 Burning Bridges): the
build and Burning Bridge markers the companion file's [state.*] reads, judged, and the markers to
place, replace or remove reported. The plugin cannot create or delete a piece in a save, so the
player places and removes the markers; the cohesion checks are rolled here."""
from dataclasses import dataclass

from adjutant.plugin import Parameter

from . import construction
from .army import ArmyError, enemy_of
from .cohesion import cohesion_check
from .recovery_procedures import SIDE, names
from .session import start


def _side_units(army, hex_name, side):
    return [u for u in army.in_hex(hex_name, side) if u.is_combat]


def breastworks(session, side, build, moved, retreated):
    army = session.army
    zoi = session.influence_hexes(enemy_of(side))
    section = session.report.section(f"{side} build markers placed last turn (24.1b, 24.9, 24.10)")
    markers = sorted(army.state.hexes("build")) if "build" in army.state.readings else []
    own = [h for h in markers if army.side_in(h) in (side, None)]
    if not own:
        section.add("no build marker on the map with a unit of the side or empty", completed=0)
    for hex_name in own:
        units = _side_units(army, hex_name, side)
        out = construction.complete_build(bool(units), hex_name in zoi, hex_name in retreated)
        todo = {"breastworks": "replace the Build marker with a Breastworks marker",
                "pending": "leave the Build marker", "cancelled": "remove the Build marker"}[out.result]
        section.add(f"{hex_name} ({', '.join(u.name for u in units) or 'empty'}): {out.clause}: {todo} (to do by "
                    f"hand)", hex=hex_name, result=out.result)
    placing = session.report.section(f"{side} new build markers (24.1a)")
    if not build:
        placing.add("no unit named to build: give build=NAME,...", placed=0)
    for name in build:
        unit = army.named(name)
        if unit.side != side or not unit.hex or not unit.is_combat:
            raise ArmyError(f"{name} is not a {side} combat unit on the map")
        v = construction.may_place_build(unit.type, unit.mode, name not in moved, unit.hex in zoi)
        placing.add(f"{name} in {unit.hex}: " + "; ".join(v.clauses) +
                    (f": place a Build marker in {unit.hex} (to do by hand)" if v.allowed else ""),
                    unit=name, hex=unit.hex, allowed=v.allowed)


@dataclass(frozen=True)
class BridgeCheck:
    """A cohesion check as construction.burn_bridge takes it: `passed`."""
    check: object

    @property
    def passed(self):
        return not self.check.failed


def _burner(army, hexside, side):
    a, b = hexside.split("/")
    for h in (a, b):
        units = _side_units(army, h, side)
        if units:
            return units[0], h
    return None, None


def bridges(session, side, burn, moved, raining):
    army = session.army
    zoi = session.influence_hexes(enemy_of(side)) | army.zone_hexes(enemy_of(side))
    section = session.report.section(f"{side} Burning Bridge markers (25)")
    burning = sorted(army.state.hexsides("bridge_burning")) if "bridge_burning" in army.state.readings else []
    seen = 0
    for hexside in burning:
        unit, hex_name = _burner(army, hexside, side)
        if unit is None:
            continue
        seen += 1

        def check(modifiers, unit=unit):
            return BridgeCheck(cohesion_check(unit.name, unit.cohesion, session.roll, modifiers=modifiers,
                                              shattered=unit.shattered, purpose=f"burn bridge {hexside} {unit.name}"))
        out = construction.burn_bridge(session.charts, unit.name in moved, hex_name in zoi, raining, check)
        line = f"bridge {hexside}, {unit.name} in {hex_name}"
        if out.check is not None:
            mods = "".join(f", {label} {drm:+d}" for label, drm in out.modifiers)
            line += f": cohesion check{mods}: {out.check.check.clause}"
        todo = {"destroyed": "replace the Burning Bridge marker with a Destroyed Bridge marker",
                "burning": "leave the Burning Bridge marker", "removed": "remove the Burning Bridge marker"}
        section.add(f"{line}; {'; '.join(out.clauses)}: {todo[out.result]} (to do by hand)", hexside=hexside,
                    unit=unit.name, result=out.result, roll=out.check.check.roll if out.check else None)
    if not seen:
        section.add(f"no Burning Bridge marker beside a {side} unit", checked=0)
    placing = session.report.section(f"{side} new Burning Bridge markers (25)")
    if not burn:
        placing.add("no bridge named: give burn=UNIT:HEX/HEX,...", placed=0)
    for name, hexside in burn.items():
        unit = army.named(name)
        a, _, b = hexside.partition("/")
        if unit.side != side or not unit.hex or not unit.is_combat:
            raise ArmyError(f"{name} is not a {side} combat unit on the map")
        if not b or "bridge" not in army.hexside(a, b):
            raise ArmyError(f"{hexside} is not a bridge hexside (HEX/HEX, two adjacent hexes)")
        v = construction.may_burn_bridge(session.charts, unit.sp, unit.hex in (a, b))
        placing.add(f"{name} ({unit.sp} SP) in {unit.hex}, bridge {hexside}: " + "; ".join(v.clauses) +
                    (": place a Burning Bridge marker on it (to do by hand)" if v.allowed else ""),
                    unit=name, hexside=hexside, allowed=v.allowed)


def _burns(text):
    found = {}
    for item in names(text):
        name, sep, hexside = item.partition(":")
        if not sep or "/" not in hexside:
            raise ArmyError(f"burn= is UNIT:HEX/HEX[,UNIT:HEX/HEX ...], not {item!r}")
        found[name.strip()] = hexside.strip()
    return found


MOVED = Parameter("moved", str, "the units that moved this turn, NAME,...", "")


def register(plugin):
    @plugin.procedure("breastworks", "24.1, 24.9-24.10: each build marker placed last turn becomes breastworks (a "
                                     "unit still in the hex, no enemy ZOI), stays (in a ZOI) or is cancelled; the "
                                     "units named may take a new build marker (24.1a). Markers are reported to place "
                                     "or remove by hand: the plugin cannot create or delete pieces.",
                      SIDE, Parameter("build", str, "the units to take a build marker, NAME,...", ""), MOVED,
                      Parameter("retreated", str, "the hexes whose builder was forced to retreat (24.9), HEX,...",
                                ""),
                      example='lfm-combat.vsav side=Confederate build="55th North Carolina"')
    def breastworks_procedure(context, side, build="", moved="", retreated=""):
        session = start(context, f"{side} breastworks (LFM 24)", side=side, one_side="lfm.breastworks")
        breastworks(session, side, names(build), set(names(moved)), set(names(retreated)))
        return session.finish()

    @plugin.procedure("bridge-burning", "25: each Burning Bridge marker beside a unit of the side: a cohesion check "
                                        "(+1 in a ZOI or ZOC, +1 in rain) destroys the bridge, unless the unit "
                                        "moved; new markers placed by the units named. Markers are reported to "
                                        "place or remove by hand.",
                      SIDE, Parameter("burn", str, "UNIT:HEX/HEX,...: units to place a Burning Bridge marker", ""),
                      MOVED, Parameter("raining", bool, "it is raining (25: +1)", False),
                      example='lfm-demo.vsav side=Confederate burn="1st Tennessee:0408/0508"')
    def bridge_procedure(context, side, burn="", moved="", raining=False):
        session = start(context, f"{side} burning bridges (LFM 25)", side=side, one_side="lfm.bridge-burning")
        bridges(session, side, _burns(burn), set(names(moved)), raining)
        return session.finish()
