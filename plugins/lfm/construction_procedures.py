"""The Construction phase on a save (sequence of play 3; 24 Breastworks; 25 Burning Bridges): the
build and Burning Bridge markers the companion file's [state.*] reads, judged, the cohesion checks
rolled, and the markers placed, replaced and removed in the written save (from the module's
palette, where the state reads them); a marker the palette lacks is reported for the player to
place or remove by hand, and nothing of that change is written."""
from adjutant.plugin import name_list
from dataclasses import dataclass

from adjutant.procedures.report import Quantity
from adjutant.rules.map_army import MarkerRefused
from adjutant.rules.map_state import hexside_name

from . import construction
from .army import ArmyError, enemy_of
from .cohesion import cohesion_check


def _side_units(army, hex_name, side):
    return [u for u in army.in_hex(hex_name, side) if u.is_combat]


def _change(army, place, todo, put=None, take=None):
    """Puts a [state.`put`] marker on `place` (a hex or hexside) and takes the [state.`take`] markers
    there off: (what was done, report data). A marker the palette lacks, or no marker piece to take
    off, changes nothing: said with `todo`, for the player to do by hand."""
    old = army.markers(take, place) if take else []
    if take and not old:
        return (f"no {army.marker_name(take) or take} marker piece on {place} ({army.state.describe(take)}): "
                f"{todo} (to do by hand)"), {"placed": None, "removed": None, "by_hand": True}
    try:
        if put:
            army.place_marker(put, place)
    except MarkerRefused as refused:
        return f"{refused}: {todo} (to do by hand)", {"placed": None, "removed": None, "by_hand": True}
    for piece in old:
        army.remove_marker(piece)
    on = "on" if "/" in place else "in"
    done = ([f"{army.marker_name(put)} marker placed {on} {place}"] if put else []) + \
           ([f"{army.marker_name(take)} marker removed from {place}"] if take else [])
    return ", ".join(done), {"placed": put, "removed": take, "by_hand": False}


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
        if out.result == "breastworks":
            done, data = _change(army, hex_name, "replace the Build marker with a Breastworks marker",
                                 put="breastworks", take="build")
        elif out.result == "cancelled":
            done, data = _change(army, hex_name, "remove the Build marker", take="build")
        else:
            done, data = "the Build marker stays", {"placed": None, "removed": None, "by_hand": False}
        section.add(f"{hex_name} ({', '.join(u.name for u in units) or 'empty'}): {out.clause}: {done}",
                    hex=hex_name, result=out.result, **data)
    placing = session.report.section(f"{side} new build markers (24.1a)")
    if not build:
        placing.add("no unit named to build: give build=NAME,...", placed=0)
    for name in build:
        unit = army.named(name)
        if unit.side != side or not unit.hex or not unit.is_combat:
            raise ArmyError(f"{name} is not a {side} combat unit on the map")
        v = construction.may_place_build(unit.type, unit.mode, name not in moved, unit.hex in zoi)
        text, data = f"{name} in {unit.hex}: " + "; ".join(v.clauses), {"placed": None, "by_hand": False}
        if v.allowed and army.markers("build", unit.hex):
            text += f": {unit.hex} already has a {army.marker_name('build')} marker"
        elif v.allowed:
            done, data = _change(army, unit.hex, f"place a Build marker in {unit.hex}", put="build")
            text += f": {done}"
            data.pop("removed")
        placing.add(text, unit=name, hex=unit.hex, allowed=v.allowed, **data)


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


BRIDGE_CHANGES = {  # result: (the marker put on, the marker taken off, what the player does by hand)
    "destroyed": ("bridge_destroyed", "bridge_burning",
                  "replace the Burning Bridge marker with a Destroyed Bridge marker"),
    "removed": (None, "bridge_burning", "remove the Burning Bridge marker"),
}


class BridgeRefused(ValueError):
    """The rules refuse a Burning Bridge marker the player asks for: every reason with its clause."""


def _placements(session, side, burn):
    """25: [(unit, hexside, verdict)] of burn= ({unit: HEX/HEX}), judged before anything is rolled;
    BridgeRefused naming every reason when the rules refuse one."""
    army, found, refused = session.army, [], []
    for name, hexside in burn.items():
        unit = army.named(name)
        a, _, b = hexside.partition("/")
        if unit.side != side or not unit.hex or not unit.is_combat:
            raise ArmyError(f"{name} is not a {side} combat unit on the map")
        if not b or "bridge" not in army.hexside(a, b):
            raise ArmyError(f"{hexside} is not a bridge hexside (HEX/HEX, two adjacent hexes)")
        v = construction.may_burn_bridge(session.charts, unit.sp, unit.hex in (a, b))
        if not v.allowed:
            refused.append(f"{name} ({unit.sp} SP) in {unit.hex}, bridge {hexside}: " + "; ".join(v.clauses))
        found.append((unit, hexside_name(a, b), v))
    if refused:
        raise BridgeRefused("the Burning Bridge marker is refused: " + "; ".join(refused))
    return found


def bridges(session, side, burn, moved, raining):
    army = session.army
    placements = _placements(session, side, burn)
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
        if out.result in BRIDGE_CHANGES:
            put, take, todo = BRIDGE_CHANGES[out.result]
            done, data = _change(army, hexside, todo, put=put, take=take)
        else:
            done, data = "the Burning Bridge marker stays", {"placed": None, "removed": None, "by_hand": False}
        section.add(f"{line}; {'; '.join(out.clauses)}: {done}", hexside=hexside, unit=unit.name, result=out.result,
                    roll=out.check.check.roll if out.check else None,
                    quantity=Quantity("bridge destroyed", int(out.result == "destroyed"), of=hexside), **data)
    if not seen:
        section.add(f"no Burning Bridge marker beside a {side} unit", checked=0)
    placing = session.report.section(f"{side} new Burning Bridge markers (25)")
    if not burn:
        placing.add("no bridge named: give burn=UNIT:HEX/HEX,...", placed=0)
    for unit, hexside, v in placements:
        text, data = (f"{unit.name} ({unit.sp} SP) in {unit.hex}, bridge {hexside}: " + "; ".join(v.clauses),
                      {"placed": None, "by_hand": False})
        if army.markers("bridge_burning", hexside):
            text += f": {hexside} already has a {army.marker_name('bridge_burning')} marker"
        else:
            done, data = _change(army, hexside, f"place a Burning Bridge marker on {hexside}", put="bridge_burning")
            text += f": {done}"
            data.pop("removed")
        placing.add(text, unit=unit.name, hexside=hexside, allowed=v.allowed, **data)


def _burns(text):
    found = {}
    for item in name_list(text):
        name, sep, hexside = item.partition(":")
        if not sep or "/" not in hexside:
            raise ArmyError(f"burn= is UNIT:HEX/HEX[,UNIT:HEX/HEX ...], not {item!r}")
        found[name.strip()] = hexside.strip()
    return found
